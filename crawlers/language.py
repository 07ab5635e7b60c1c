"""Page-level language guess: zh-Hans | zh-Hant | ja | fr | en. The NLP stage decides per block; this
only routes a page (and names the script variant a Chinese page is written in)."""

from __future__ import annotations

import re
from functools import lru_cache

_KANA = re.compile(r"[\u3041-\u30ff\uff66-\uff9f]")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-zÀ-ÿŒœ]")
_FRENCH = re.compile(r"\b(?:le|la|les|des|du|une|est|et|que|qui|dans|pour|sur|pas|carte|cartes)\b|[éèêàçù]",
                     re.IGNORECASE)
_ENGLISH = re.compile(r"\b(?:the|and|is|of|to|that|this|card|cards|you|your)\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _converters():
    import opencc

    return opencc.OpenCC("s2t"), opencc.OpenCC("t2s")


def chinese_variant(text: str) -> str:
    """zh-Hant when more characters are traditional-only than simplified-only."""
    sample = "".join(_HAN.findall(text))[:20_000]
    s2t, t2s = _converters()
    as_trad, as_simp = s2t.convert(sample), t2s.convert(sample)
    simplified_only = sum(a != b for a, b in zip(sample, as_trad))  # would change if made traditional
    traditional_only = sum(a != b for a, b in zip(sample, as_simp))
    return "zh-Hant" if traditional_only > simplified_only else "zh-Hans"


def detect_language(text: str, default: str = "en") -> str:
    sample = text[:50_000]
    kana = len(_KANA.findall(sample))
    han = len(_HAN.findall(sample))
    latin = len(_LATIN.findall(sample))
    if kana + han == 0 and latin == 0:
        return default
    # Japanese rulings are full of kana; Chinese pages only quote a few Japanese card names.
    if kana >= 10 and kana >= 0.15 * (kana + han):
        return "ja"
    if han >= latin * 0.5 and han > 0:
        return chinese_variant(sample)
    french, english = len(_FRENCH.findall(sample)), len(_ENGLISH.findall(sample))
    if french or english:
        return "fr" if french >= english else "en"
    return default

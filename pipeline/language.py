"""Language of a block of text from script statistics: kana -> ja; Hanzi -> zh-Hans / zh-Hant by an
OpenCC round trip (which direction changes more characters); Latin -> fr / en by function words.

Pages mix scripts (a Chinese ruling quotes 「内置式机枪/仕込みマシンガン」), so text inside 「」『』
is left out of the statistics unless nothing else is left."""

from __future__ import annotations

import re
from functools import lru_cache

_QUOTED = re.compile(r"[「『][^「」『』\n]*[」』]")
_KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\uff66-\uff9d]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-zÀ-ÿŒœ]")
_FR_WORDS = re.compile(r"\b(?:le|la|les|des|du|une|est|sont|et|carte|cartes|effet|vous|votre|ne|pas|qui|que|dans|pour|sur|au|aux)\b|[éèêàçù]", re.I)
_EN_WORDS = re.compile(r"\b(?:the|is|are|and|card|cards|effect|you|your|not|which|that|in|for|on|of|to|this|can)\b", re.I)

LANGUAGES = ("zh-Hans", "zh-Hant", "ja", "fr", "en")


@lru_cache(maxsize=2)
def _opencc(config: str):
    import opencc

    return opencc.OpenCC(config)


def _changed(a: str, b: str) -> int:
    return sum(1 for x, y in zip(a, b) if x != y) + abs(len(a) - len(b))


def chinese_script(han_text: str) -> str:
    """zh-Hant if Traditional->Simplified changes more characters than the reverse."""
    to_hans = _changed(han_text, _opencc("t2s").convert(han_text))
    to_hant = _changed(han_text, _opencc("s2t").convert(han_text))
    return "zh-Hant" if to_hans > to_hant else "zh-Hans"


def detect_language(text: str, default: str | None = None) -> str:
    body = _QUOTED.sub(" ", text)
    if not (_KANA.search(body) or _HAN.search(body) or _LATIN.search(body)):
        body = text  # only quoted names: judge by them
    kana = len(_KANA.findall(body))
    han_chars = _HAN.findall(body)
    latin = len(_LATIN.findall(body))
    han = len(han_chars)
    if kana + han == 0 and latin == 0:
        return default or "en"
    if kana + han >= max(2, latin // 4):
        # Japanese prose always carries kana (particles); Chinese has none outside quoted names.
        if kana >= 2 and kana >= 0.1 * (kana + han):
            return "ja"
        return chinese_script("".join(han_chars))
    fr = len(_FR_WORDS.findall(body))
    en = len(_EN_WORDS.findall(body))
    if fr == en == 0 and default in ("fr", "en"):
        return default
    return "fr" if fr >= en else "en"


# Han characters that Japanese writing does not use: Chinese function words and measure words (这/這,
# 们/們, 吗, 么, 没, 说, 个, 卡 for "card", which Japanese writes カード).
_CHINESE_WORDS = re.compile(r"[这這们們吗嗎么麼没沒说說个卡您吧呢哪啊]")


def _in_jis(ch: str) -> bool:
    """Whether a Han character is in JIS X 0208 (the kanji Japanese pages are written in): Simplified
    forms such as 选, 择, 发, 动 are not."""
    try:
        ch.encode("euc_jp")
        return True
    except UnicodeEncodeError:
        return False


def clearly_chinese(text: str) -> bool:
    """A kana-less text that cannot be Japanese: at least two Han characters outside JIS X 0208
    (Simplified forms, 效果的对象选择) making up 15 % of its Han, or two Chinese function words."""
    body = _QUOTED.sub(" ", text)
    han = _HAN.findall(body) or _HAN.findall(text)
    non_jis = sum(1 for ch in han if not _in_jis(ch))
    if non_jis >= 2 and non_jis >= 0.15 * len(han):
        return True
    return len(_CHINESE_WORDS.findall(body)) >= 2


def segment_language(text: str, page_language: str | None = None) -> str:
    """The language of one segment of a page, with the page's language as the prior: on a Japanese
    page a kana-less line (「□金属探知機」, 「効果の対象選択」) stays Japanese unless it is clearly
    Chinese; elsewhere the segment's own script statistics decide (detect_language)."""
    found = detect_language(text, default=page_language)
    if page_language == "ja" and is_chinese(found) and not clearly_chinese(text):
        return "ja"
    return found


def is_chinese(language: str) -> bool:
    return language.startswith("zh")

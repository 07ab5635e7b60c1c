"""Language of one segment of a page: rulings.text.detect_language (script statistics, quoted names
left out) with the page's language as the prior, and the test that a kana-less text cannot be
Japanese (clearly_chinese)."""

from __future__ import annotations

import re

from rulings.text import HAN, QUOTED, detect_language, language_family

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
    body = QUOTED.sub(" ", text)
    han = HAN.findall(body) or HAN.findall(text)
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
    return language_family(language) == "zh"

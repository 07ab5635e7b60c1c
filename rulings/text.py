"""Text: one function per contract, shared by every stage (the base package imports no stage).

- Lookup folding, two contracts:
  `fold_name` is the comparison key of a whole name (NFKC, phrase-level Traditional -> Simplified,
  no spaces/dots/quotes/dashes, casefold): the key of the card catalog and of the graph's CardName.
  `fold_lookup_char` / `fold_lookup` fold character by character (a character becomes zero or more
  characters, so a caller can keep an offset map): the card linker's automaton keys and the text it
  scans; Latin accents go too.
- Same-length width folding (`fold_width_char` / `fold_width`): one character in, one out, offsets
  preserved; full-width ASCII -> ASCII, half-width katakana -> full width.
- Traditional -> Simplified, two contracts: `to_simplified` (OpenCC t2s, phrases may change the
  length) and `to_simplified_same_length` (offsets stay valid).
- Scripts by Unicode property (`regex`'s \\p{Han}, \\p{Hiragana}, \\p{Katakana}, \\p{Hangul}): `HAN`,
  `KANA`, `HANGUL`, `CJK` and `script_counts`.
- The pinyin annotation a page writes after a Han character (旋風(fēng)): `PINYIN_AFTER_HAN`, `is_pinyin`,
  `strip_pinyin`.
- `detect_language` (and `chinese_script`): zh-Hans | zh-Hant | ja | fr | en of a text, for pages (crawlers)
  and blocks (pipeline) alike.
- `language_family`: zh-Hans / zh-Hant -> zh; ja, fr, en unchanged.
"""

from __future__ import annotations

import functools
import re
import unicodedata

import opencc
import regex

# ------------------------------------------------------------------------------------------ scripts

# Han ideographs: CJK Unified (all extensions), compatibility ideographs, 々 and 〇.
HAN = regex.compile(r"\p{Han}")
# Kana letters (hiragana, katakana, half-width katakana) and the long vowel mark ー/ｰ, which belongs to
# katakana words; not the middle dot ・, which Chinese names use too (E・HERO).
KANA = regex.compile(r"[\p{Hiragana}\p{Katakana}\u30fc\uff70]")
HANGUL = regex.compile(r"\p{Hangul}")
# One character, one unit of meaning: Han, kana or Hangul.
CJK = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\u30fc\uff70]")


def script_counts(text: str) -> dict[str, int]:
    """How many characters of `text` are Han, kana and Hangul: {'han': n, 'kana': n, 'hangul': n}."""
    return {"han": len(HAN.findall(text)), "kana": len(KANA.findall(text)), "hangul": len(HANGUL.findall(text))}


# A name quoted in 「」 or 『』: pages of every language quote Japanese and Chinese card names.
QUOTED = re.compile(r"[「『][^「」『』\n]*[」』]")
_LATIN = re.compile(r"[A-Za-zÀ-ÿŒœ]")
_FR_WORDS = re.compile(r"\b(?:le|la|les|des|du|une|est|sont|et|carte|cartes|effet|vous|votre|ne|pas|qui|que|dans|pour|sur|au|aux)\b"
                       r"|[éèêàçù]", re.I)
_EN_WORDS = re.compile(r"\b(?:the|is|are|and|card|cards|effect|you|your|not|which|that|in|for|on|of|to|this|can)\b", re.I)
LANGUAGES = ("zh-Hans", "zh-Hant", "ja", "fr", "en")
DETECT_SAMPLE = 50_000  # characters: a page's opening says its language


def _changed(a: str, b: str) -> int:
    return sum(1 for x, y in zip(a, b) if x != y) + abs(len(a) - len(b))


def chinese_script(text: str) -> str:
    """'zh-Hant' if Traditional -> Simplified changes more of the Han characters of `text` than
    Simplified -> Traditional does, else 'zh-Hans'."""
    han = "".join(HAN.findall(text))
    to_hans = _changed(han, _opencc("t2s").convert(han))
    to_hant = _changed(han, _opencc("s2t").convert(han))
    return "zh-Hant" if to_hans > to_hant else "zh-Hans"


def detect_language(text: str, default: str | None = None) -> str:
    """One of LANGUAGES from script statistics of the first DETECT_SAMPLE characters: kana -> ja;
    Han -> zh-Hans / zh-Hant (`chinese_script`); Latin -> fr / en by function words. Text inside 「」『』
    is left out unless nothing else is left (a Chinese ruling quotes 「内置式机枪/仕込みマシンガン」).
    `default` (else 'en') when the text has no letters, and for Latin text with no French or English
    function word when it is 'fr' or 'en'."""
    text = text[:DETECT_SAMPLE]
    body = QUOTED.sub(" ", text)
    if not (KANA.search(body) or HAN.search(body) or _LATIN.search(body)):
        body = text  # only quoted names: judge by them
    kana = len(KANA.findall(body))
    han_chars = HAN.findall(body)
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


def language_family(language: str | None) -> str:
    """The language without its script variant: 'zh-Hans'/'zh-Hant'/'zh' -> 'zh'; 'ja', 'fr', 'en'
    and any other code unchanged; None or '' -> ''. Cue tables and alignment are per family."""
    language = language or ""
    return "zh" if language.startswith("zh") else language


# --------------------------------------------------------------------------------------------- pinyin

_TONE = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüńňǹḿ"
_INITIALS = "(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
_FINALS = ("(?:iang|iong|uang|ueng|ang|eng|ing|ong|ian|iao|uai|uan|van|ai|ei|ao|ou|an|en|er|in|un|vn|ia|ie|"
           "iu|ua|uo|ui|ue|ve|a|o|e|i|u|v)")
_SYLLABLE = re.compile(f"{_INITIALS}{_FINALS}n?")
_TONE_TO_PLAIN = str.maketrans({c: unicodedata.normalize("NFD", c)[0] for c in _TONE if c != "ü"} | {"ü": "v"})

# A parenthesised Latin word of up to 7 letters (tone marks, combining accents, an optional tone
# digit) right after a Han character, as damaged pages write 旋風(fēng) or 規(gui1). Group 1 is the word;
# whether it really is a pinyin syllable is `is_pinyin`'s question.
PINYIN_AFTER_HAN = regex.compile(r"(?<=\p{Han})\(([a-zA-Z\u00e0-\u01dc\u01f9\u1e3f\u0300-\u036f]{1,7}\d?)\)")


def is_pinyin(word: str) -> bool:
    """Whether `word` is one lower-case pinyin syllable, tone marks allowed (fēng, lü, guī); not a tone
    digit, not upper case."""
    return bool(_SYLLABLE.fullmatch(word.translate(_TONE_TO_PLAIN)))


def strip_pinyin(text: str) -> str:
    """`text` without the pinyin annotations after Han characters (宮廷的規(guī)矩 -> 宮廷的規矩); a
    parenthesised word that is no pinyin syllable stays. Offsets change: for display and names only
    (pipeline.normalize removes them keeping its offset map)."""
    return PINYIN_AFTER_HAN.sub(lambda m: "" if is_pinyin(m.group(1)) else m.group(0), text)


# --------------------------------------------------------------------------- Traditional -> Simplified

@functools.lru_cache(maxsize=4)
def _opencc(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def to_simplified(text: str) -> str:
    """Simplified Chinese by OpenCC t2s, phrase by phrase (the length may change: for keys and
    queries, not for text whose offsets matter)."""
    return _opencc("t2s").convert(text)


def to_simplified_same_length(text: str, config: str = "t2s") -> str:
    """Simplified Chinese with exactly the length of `text`, so offsets stay valid.

    OpenCC converts phrases; where a line's conversion changes its length (rare phrase rewrites),
    that line falls back to character-by-character conversion."""
    conv = _opencc(config)
    whole = conv.convert(text)
    if len(whole) == len(text):
        return whole
    out = []
    for line in text.split("\n"):
        converted = conv.convert(line)
        if len(converted) != len(line):
            converted = "".join(c if len(c := conv.convert(ch)) == 1 else ch for ch in line)
        out.append(converted)
    return "\n".join(out)


# ------------------------------------------------------------------------------------- width folding

def fold_width_char(ch: str) -> str:
    """Exactly one character: full-width ASCII -> ASCII, the ideographic space -> ' ', half-width
    katakana and brackets -> full width (ｶ -> カ, ｢ -> 「); everything else, 「」『』 included, unchanged."""
    code = ord(ch)
    if 0xFF01 <= code <= 0xFF5E:
        return chr(code - 0xFEE0)
    if code == 0x3000:
        return " "
    if 0xFF61 <= code <= 0xFF9F:
        folded = unicodedata.normalize("NFKC", ch)
        return folded if len(folded) == 1 else ch
    return ch


def fold_width(text: str) -> str:
    """`fold_width_char` over the text: the result has the length of `text` (offsets preserved)."""
    return "".join(fold_width_char(c) for c in text)


# ------------------------------------------------------------------------------------ lookup folding

# Invisible characters a page or a query may carry inside a word: soft hyphen, zero-width space /
# non-joiner / joiner, word joiner, zero-width no-break space (BOM). NFKC keeps them; they are removed
# before linking (pipeline.normalize, fold_lookup_char) and before lookups (fold_name).
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
INVISIBLE_RE = re.compile(f"[{INVISIBLE}]+")

# Hyphens go too, but never the Japanese long vowel mark ー, which is part of the word.
_NAME_DROP = re.compile(rf"[\s·・‧･•\u30fb\u00b7\u2027'’‘`\"“”「」『』«»\-‐－{INVISIBLE}]+")


@functools.lru_cache(maxsize=200_000)
def fold_name(text: str) -> str:
    """The comparison key of a whole card name (not for display): NFKC (full-width -> ASCII),
    Traditional -> Simplified by phrase, no spaces, middle dots, quotes, brackets 「」『』«» or hyphens
    (sources disagree on all of them; ー stays), casefold. '旋風', '旋风', 'ＭＳＴ', 'E・HERO' vs 'E·HERO'
    meet on one key. Accents stay (Phénix != Phenix)."""
    text = unicodedata.normalize("NFKC", text)
    text = to_simplified(text)
    text = _NAME_DROP.sub("", text)
    return text.casefold()


# Characters that spellings of one name disagree on: middle dots, spaces, dashes, apostrophes, quotes.
_LOOKUP_DROP = set("·・‧•･ \t\u3000\u00a0-‐‑‒–—―－'’‘`´\"") | set(INVISIBLE)


@functools.lru_cache(maxsize=200_000)
def fold_lookup_char(ch: str) -> str:
    """The lookup form of one character, '' when it is dropped: NFKC, lower case, Latin accents off
    (é -> e), Han Traditional -> Simplified one character at a time, and middle dots, spaces, dashes,
    apostrophes and straight quotes dropped (「」 stay). Folding text character by character lets the
    caller map every folded character back to the one it came from."""
    if ch in _LOOKUP_DROP:
        return ""
    out = unicodedata.normalize("NFKC", ch)
    if len(out) == 1 and out in _LOOKUP_DROP:
        return ""
    out = out.lower()
    if out.isascii():
        return "".join(c for c in out if c not in _LOOKUP_DROP)
    pieces = []
    for c in out:
        if c in _LOOKUP_DROP:
            continue
        if ord(c) < 0x250:  # Latin: drop accents so "Phoenix"/"Phœnix"-like spellings meet
            c = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x)) or c
        elif "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff":
            c = _opencc("t2s").convert(c)
        pieces.append(c)
    return "".join(pieces)


def fold_lookup(text: str) -> str:
    """`fold_lookup_char` over the text, concatenated (the length may change)."""
    return "".join(fold_lookup_char(ch) for ch in text)

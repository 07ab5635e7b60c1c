"""Normalization that never loses its way back to the page: every pass rewrites the text and carries
an offset map (normalized character -> source character), so spans and card mentions found on the
clean text point at the original RawPage.text.

Passes, in order: strip <ruby> furigana, strip RST/Markdown inline markup, drop MediaWiki `[]` edit
residue and Sphinx `¶`, remove pinyin written after Hanzi (`關(guān)`), fold full-width ASCII and
half-width katakana (「」『』 are kept), then glossary repairs of characters lost in conversion
(pipeline/data/repairs.yaml). Traditional -> Simplified (OpenCC) is a separate, length-preserving step
(`rulings.text.to_simplified_same_length`) used for matching, so the clean text keeps the page's own script."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

import yaml

from rulings.records import Repair
from rulings.text import INVISIBLE_RE, PINYIN_AFTER_HAN, fold_width, is_pinyin

DATA_DIR = Path(__file__).parent / "data"

# A replacement is a sequence of pieces: a str is inserted text (mapped to the match start), a
# (start, end) tuple keeps those characters of the current text with their own offsets.
Piece = "str | tuple[int, int]"


@dataclass
class Normalized:
    text: str
    offsets: list[int]  # len(text) + 1 entries: offsets[i] = index in the source of text[i]
    repairs: list[Repair] = field(default_factory=list)  # offsets into the source

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The source span covering normalized text[start:end]."""
        if end <= start:
            pos = self.offsets[min(start, len(self.text))]
            return pos, pos
        return self.offsets[start], self.offsets[end - 1] + 1


def _rewrite(text: str, offs: list[int], pattern: re.Pattern, repl: Callable[[re.Match], Sequence]) -> tuple[str, list[int]]:
    out: list[str] = []
    out_offs: list[int] = []
    last = 0
    for m in pattern.finditer(text):
        out.append(text[last:m.start()])
        out_offs.extend(offs[last:m.start()])
        for piece in repl(m):
            if isinstance(piece, str):
                out.append(piece)
                out_offs.extend([offs[m.start()]] * len(piece))
            else:
                s, e = piece
                out.append(text[s:e])
                out_offs.extend(offs[s:e])
        last = m.end()
    if last == 0:
        return text, offs
    out.append(text[last:])
    out_offs.extend(offs[last:len(text)])
    out_offs.append(offs[len(text)])
    return "".join(out), out_offs


# --- markup -----------------------------------------------------------------------------------

_RUBY = re.compile(r"<ruby>(.*?)(?:<rp>.*?</rp>)?<rt>.*?</rt>(?:<rp>.*?</rp>)?</ruby>", re.S)
_RST_CARD = re.compile(r"`([^`\n<]+?)(?:\s*<[^>\n]*>)?`__?")  # 「`name`_」 or `name <target>`_
_RST_ROLE = re.compile(r":[a-z]+:`([^`\n<]+?)(?:\s*<[^>\n]*>)?`")  # :ref:`优先权`
_RST_ESCAPED_SPACE = re.compile(r"\\ ")
_STRONG = re.compile(r"\*\*([^*\n]+?)\*\*")
_EMPH = re.compile(r"(?<![*\w])\*([^*\n]+?)\*(?![*\w])")
_MD_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_HTML_TAG = re.compile(r"</?(?:ins|del|em|strong|b|i|u|span|sup|sub|br)\b[^>]*>", re.I)
_EDIT_RESIDUE = re.compile(r"\[\]|¶")


def _keep_group(n: int = 1):
    return lambda m: [m.span(n)]


# --- pinyin -----------------------------------------------------------------------------------

def _drop_pinyin(m: re.Match):
    return [] if is_pinyin(m.group(1)) else [m.span()]


# --- repairs ----------------------------------------------------------------------------------

@dataclass
class RepairRule:
    rule: str
    pattern: re.Pattern
    replace: str
    needs_evidence: bool  # only applied on pages where a sure repair already fired


@lru_cache(maxsize=4)
def load_repair_rules(path: str | None = None) -> tuple[RepairRule, ...]:
    data = yaml.safe_load(Path(path or DATA_DIR / "repairs.yaml").read_text(encoding="utf-8"))
    rules = []
    for entry in data["repairs"]:
        rules.append(RepairRule(
            rule=entry["rule"],
            pattern=re.compile(entry["pattern"]),
            replace=entry["replace"],
            needs_evidence=bool(entry.get("needs_evidence", False)),
        ))
    return tuple(rules)


def _diff_pieces(start: int, found: str, replacement: str) -> list:
    """Keep the shared prefix/suffix of found and replacement with their own offsets."""
    p = 0
    while p < min(len(found), len(replacement)) and found[p] == replacement[p]:
        p += 1
    s = 0
    while s < min(len(found), len(replacement)) - p and found[-1 - s] == replacement[-1 - s]:
        s += 1
    pieces: list = []
    if p:
        pieces.append((start, start + p))
    middle = replacement[p:len(replacement) - s]
    if middle:
        pieces.append(middle)
    if s:
        pieces.append((start + len(found) - s, start + len(found)))
    return pieces


def page_has_conversion_damage(text: str) -> bool:
    """Evidence that a page lost characters in conversion: a sure (evidence-free) rule matches."""
    return any(not r.needs_evidence and r.pattern.search(text) for r in load_repair_rules())


def apply_repairs(text: str, offs: list[int], damaged: bool) -> tuple[str, list[int], list[Repair]]:
    repairs: list[Repair] = []
    for rule in load_repair_rules():
        if rule.needs_evidence and not damaged:
            continue

        def repl(m: re.Match, rule=rule, offs=offs):
            new = m.expand(rule.replace)
            repairs.append(Repair(original=m.group(0), repaired=new, offset=offs[m.start()], rule=rule.rule))
            return _diff_pieces(m.start(), m.group(0), new)

        text, offs = _rewrite(text, offs, rule.pattern, repl)
    repairs.sort(key=lambda r: r.offset)
    return text, offs, repairs


# --- the whole pass list ----------------------------------------------------------------------

def normalize(text: str, *, fmt: str = "text", damaged: bool | None = None, base: int = 0) -> Normalized:
    """Clean `text`; offsets and repair offsets are `base` + index into `text`.

    damaged: whether the glossary's evidence-only repairs may fire (None: decide from this text)."""
    offs = list(range(base, base + len(text) + 1))
    text_ = text
    if "<r" in text_:
        text_, offs = _rewrite(text_, offs, _RUBY, _keep_group())
    if fmt == "rst":
        text_, offs = _rewrite(text_, offs, _RST_ROLE, _keep_group())
        text_, offs = _rewrite(text_, offs, _RST_CARD, _keep_group())
        text_, offs = _rewrite(text_, offs, _RST_ESCAPED_SPACE, lambda m: [])
    if fmt in ("rst", "markdown"):
        text_, offs = _rewrite(text_, offs, _STRONG, _keep_group())
        text_, offs = _rewrite(text_, offs, _EMPH, _keep_group())
    if fmt == "markdown":
        text_, offs = _rewrite(text_, offs, _MD_LINK, _keep_group())
    if "<" in text_:
        text_, offs = _rewrite(text_, offs, _HTML_TAG, lambda m: [])
    text_, offs = _rewrite(text_, offs, _EDIT_RESIDUE, lambda m: [])
    if "(" in text_:
        text_, offs = _rewrite(text_, offs, PINYIN_AFTER_HAN, _drop_pinyin)
    # zero-width characters and soft hyphens inside a name would break linking and lookups
    text_, offs = _rewrite(text_, offs, INVISIBLE_RE, lambda m: [])
    text_ = fold_width(text_)  # 1:1, offsets unchanged
    if damaged is None:
        damaged = page_has_conversion_damage(text_)
    text_, offs, repairs = apply_repairs(text_, offs, damaged)
    return Normalized(text=text_, offsets=offs, repairs=repairs)


def display_text(text: str, fmt: str = "text") -> str:
    """The clean text shown to users: markup, edit residue and pinyin annotations removed, widths
    folded, the page's own script kept (no OpenCC), whitespace runs made one space."""
    return " ".join(normalize(text, fmt=fmt, damaged=False).text.split())

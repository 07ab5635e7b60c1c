"""Heading structure of plain-text formats whose text is kept verbatim (so the NLP stage still sees the
source markup: RST 「`name`_」 card mentions, Markdown *italics* card names, seed-page residue)."""

from __future__ import annotations

import re
import unicodedata

from rulings.records import Heading

_RST_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+_.:<>!$%&,;/?@\\|])\1{2,}\s*$")
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _width(text: str) -> int:
    """Display width: RST underlines of CJK titles are drawn two columns per wide character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _line_offsets(text: str) -> tuple[list[str], list[int]]:
    lines = text.split("\n")
    offsets, pos = [], 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    return lines, offsets


def rst_headings(text: str) -> list[Heading]:
    """Section titles from RST adornments; levels follow the order styles first appear (as docutils)."""
    lines, offsets = _line_offsets(text)
    styles: list[tuple[str, bool]] = []
    headings: list[Heading] = []
    i = 0
    while i < len(lines) - 1:
        line = lines[i]
        over = _RST_ADORNMENT.match(line)
        # Overline + title + underline
        if over and i + 2 < len(lines) and lines[i + 1].strip() and _RST_ADORNMENT.match(lines[i + 2]) \
                and lines[i + 2].strip() == line.strip():
            style = (line.strip()[0], True)
            title_index = i + 1
            i += 3
        elif line.strip() and not line.startswith((" ", "\t")) and not over and _RST_ADORNMENT.match(lines[i + 1]) \
                and len(lines[i + 1].strip()) >= min(_width(line.strip()), 4):
            style = (lines[i + 1].strip()[0], False)
            title_index = i
            i += 2
        else:
            i += 1
            continue
        if style not in styles:
            styles.append(style)
        title = lines[title_index]
        stripped = title.strip()
        headings.append(Heading(level=styles.index(style) + 1, text=stripped,
                                offset=offsets[title_index] + (len(title) - len(title.lstrip()))))
    return headings


def markdown_headings(text: str) -> list[Heading]:
    lines, offsets = _line_offsets(text)
    headings, in_fence = [], False
    for line, offset in zip(lines, offsets):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        m = None if in_fence else _MD_HEADING.match(line)
        if m:
            headings.append(Heading(level=len(m.group(1)), text=m.group(2), offset=offset))
    return headings


def markdown_title(headings: list[Heading], text: str) -> str:
    """Leading level-1 headings joined: the series title alone does not name the article."""
    leading = []
    lines = [ln for ln in text.split("\n") if ln.strip()]
    for line in lines:
        m = _MD_HEADING.match(line)
        if not m or len(m.group(1)) != 1:
            break
        leading.append(m.group(2))
    if leading:
        return " — ".join(leading)
    return headings[0].text if headings else ""


_PILCROW = re.compile(r"^(.+?)¶\s*$")
_WIKI_EDIT = re.compile(r"^(.+?)\[\]\s*$")
_BRACKET_HEAD = re.compile(r"^[■▼]?【[^】]+】")


def seed_headings(text: str, kind: str) -> list[Heading]:
    """Heading lines left in saved page text: `title¶` (Sphinx), `title[]` (MediaWiki), 【…】/▼ (expert)."""
    lines, offsets = _line_offsets(text)
    headings: list[Heading] = []
    for line, offset in zip(lines, offsets):
        stripped = line.strip()
        if not stripped:
            continue
        lead = offset + len(line) - len(line.lstrip())
        if kind == "ocg-rule-docs" and (m := _PILCROW.match(stripped)):
            headings.append(Heading(level=1 if not headings else 2, text=m.group(1), offset=lead))
        elif kind == "fr-wiki" and (m := _WIKI_EDIT.match(stripped)):
            headings.append(Heading(level=2, text=m.group(1), offset=lead))
        elif kind == "jp-expert" and (stripped.startswith("▼") or (_BRACKET_HEAD.match(stripped) and len(stripped) < 60)):
            headings.append(Heading(level=2, text=stripped, offset=lead))
    return headings

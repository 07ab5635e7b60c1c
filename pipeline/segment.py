"""Segmentation of a RawPage into Document -> Section (heading path) -> Ruling, on the original text so
every span is an offset into RawPage.text. One segmenter per page format:

- text/html (seeds, wiki pages): headings from RawPage.headings plus line cues (`…¶`, `…[]`, 【…】,
  <…>, -[…]-, ▼…); paragraphs and bullets are rulings; `如：`/`例：` introduce examples (numbered
  `1、` items after them are rulings that illustrate the paragraph before); 备注/注意 headers and
  `——`/`— —` sub-points are notes; a date (`17/3/24`) closes the ruling sentence it follows, so a
  line is cut after each date.
- html from a Sphinx build (meta layout "sphinx": the ocg-rule docs as the site serves them): the RST
  rules below on the extracted text, so a page's HTML and its RST source give the same rulings;
  headings only from the markup, a blank line ends a block, admonition lines (meta["note_spans"]) are
  notes.
- rst (ocg-rule-docs): headings from underlines, `| ` line-block lines are rulings, `例：` examples,
  `.. tip::`/`.. note::` are notes, other directives and simple tables are skipped.
- markdown (fr-rulings): `#` headings, paragraphs and `- ` bullets; indented blocks under a bullet
  illustrate it.
- qa-json: one ruling per Q&A (question/answer in meta, databaseDate as the date).
- a card's supplement page (meta["supplements"], Konami FAQ 補足情報): one supplement ruling per block."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.records import RawPage
from pipeline.dates import find_dates, parse_date
from rulings.text import fold_width, language_family


@dataclass
class Segment:
    start: int  # offsets into RawPage.text
    end: int
    section: list[str]
    kind: str = "ruling"  # ruling | qa | supplement (rule/ruling is decided later from the text)
    date: str | None = None
    notes: list[tuple[int, int]] = field(default_factory=list)
    example_of: int | None = None  # index of the segment this one illustrates
    meta: dict = field(default_factory=dict)


_DATE_LINK = re.compile(r"\s*<([^<>\s]+)>`_{1,2}")


@dataclass
class Line:
    start: int
    end: int  # without the newline
    text: str  # original
    folded: str  # width-folded copy (same length) for cue matching

    @property
    def stripped(self) -> str:
        return self.folded.strip()

    def content_span(self) -> tuple[int, int]:
        lead = len(self.text) - len(self.text.lstrip())
        trail = len(self.text.rstrip())
        return self.start + lead, self.start + max(trail, lead)


def split_lines(text: str) -> list[Line]:
    lines, pos = [], 0
    for raw in text.split("\n"):
        lines.append(Line(pos, pos + len(raw), raw, fold_width(raw)))
        pos += len(raw) + 1
    return lines


class _Builder:
    """Collects segments and the current heading path."""

    def __init__(self, page: RawPage):
        self.page = page
        self.segments: list[Segment] = []
        self.path: list[tuple[int, str]] = []  # (level, heading text)

    def heading(self, level: int, text: str) -> None:
        text = text.strip()
        while self.path and self.path[-1][0] >= level:
            self.path.pop()
        self.path.append((level, text))

    def section(self) -> list[str]:
        return [t for _, t in self.path]

    def add(self, start: int, end: int, **kw) -> int | None:
        text = self.page.text
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end <= start or not any(ch.isalnum() for ch in text[start:end]):
            return None
        self.segments.append(Segment(start, end, self.section(), **kw))
        return len(self.segments) - 1

    def note(self, start: int, end: int) -> bool:
        if not self.segments:
            return False
        self.segments[-1].notes.append((start, end))
        return True

    def add_dated(self, start: int, end: int, example_of: int | None = None) -> list[int]:
        """Cut [start, end) after each date; each piece is a segment dated by the date closing it."""
        text = self.page.text
        added, piece_start = [], start
        for d in find_dates(text[start:end]):
            ds, de = start + d.start, start + d.end
            meta = {}
            # RST writes a dated source as a link, `17/3/24 <faq url>`__: the link target belongs to
            # the ruling the date closes (its source), not to the next piece.
            link = _DATE_LINK.match(text, de, end)
            if link:
                meta["source_url"] = link.group(1)
                de = link.end()
            piece_end = ds
            while piece_end > piece_start and text[piece_end - 1] in "`\\ ":
                piece_end -= 1
            index = self.add(piece_start, piece_end, date=d.iso, example_of=example_of, meta=meta)
            if index is None and self.segments and self.segments[-1].date is None and self.segments[-1].end <= ds:
                self.segments[-1].date = d.iso  # a date on its own line closes the ruling above
            elif index is not None:
                added.append(index)
            piece_start = de
        index = self.add(piece_start, end, example_of=example_of)
        if index is not None:
            added.append(index)
        return added


# --- plain text / HTML-derived text -------------------------------------------------------------

_NOTE_HEADERS = {"备注", "備註", "備考", "注意", "注意事项", "注意事項", "注", "补充", "補充", "Remarque", "Note", "Notes"}
_EXAMPLE_HEADERS = re.compile(r"^(?:如|例|举例|舉例|例如|比如|例えば|Exemple|Exemples|Example)\s*[:：]?\s*$")
_INLINE_EXAMPLE = re.compile(r"(?:^|(?<=[。.!！?？]))\s*(?:例|举例|舉例|例如)\s*[:：]")
_LEADING_EXAMPLE = re.compile(r"^\s*(?:举例|舉例|例|例如|比如)\s*[:：]")
_NUMBERED = re.compile(r"^\s*(?:\d{1,3}\s*[、.．)）]|[①-⑳]|\(\d{1,3}\)|（\d{1,3}）)")
_SUBPOINT = re.compile(r"^\s*(?:—\s*—|——|--(?!-))")
_DIAGRAM = re.compile(r"^\s*[┏┃┗┣│├└]")
_BRACKET_HEADING = re.compile(r"^\s*(?:【[^】]{1,40}】|<[^<>]{1,40}>|-\[[^\]]{1,40}\]-|▼.{1,40}|■.{1,40})\s*(?:[0-9/]+)?\s*$")
_EDIT_HEADING = re.compile(r"^(.{1,60}?)\s*(?:¶|\[\])\s*$")
# 【通常罠カード基本】2005/2/28 ＞ホーム▼: a heading carrying the date of its section (navigation residue after).
_DATED_BRACKET = re.compile(r"^\s*(【[^】]{1,40}】)\s*(\d{2,4}\s*[/.年-]\s*\d{1,2}\s*[/.月-]\s*\d{1,2}\s*日?)\s*(?:[>＞].{0,20})?$")
# Bracket heading styles from the outermost to the innermost: ▼ names a page category, ■ a part.
_BRACKET_LEVELS = (("▼", 2), ("■", 4))
_PLAIN_BRACKET_LEVEL = 5
_DATED_BRACKET_LEVEL = 3


def _is_sentence(s: str) -> bool:
    return bool(re.search(r"[。，,；;！？!?]|\.\s", s))


def _text_heading(line: Line, index: int) -> tuple[int, str] | None:
    s = line.stripped
    m = _EDIT_HEADING.match(s)
    if m:
        return 2, line.text.strip().rstrip("¶").rstrip("[]").strip()
    if _BRACKET_HEADING.match(s) and len(s) <= 50:
        level = next((lv for mark, lv in _BRACKET_LEVELS if s.startswith(mark)), _PLAIN_BRACKET_LEVEL)
        return level, line.text.strip()
    if index == 0 and len(s) <= 40 and not _is_sentence(s):
        return 1, line.text.strip()
    if len(s) <= 30 and s.endswith((":", "：")) and not _EXAMPLE_HEADERS.match(s):
        return 3, line.text.strip().rstrip(":：")
    return None


def _is_note_header(s: str) -> bool:
    return s in _NOTE_HEADERS or s.rstrip(":：") in _NOTE_HEADERS


def _edit_heading_levels(lines: list[Line]) -> dict[int, int]:
    """Levels of `…¶` / `…[]` headings (a Sphinx or wiki page flattened to text keeps no levels).
    The first line is the page title (1). A heading directly followed by another heading (only note
    headers between) opens a group: the next one is its child. After body text, a group opener is
    the sibling of the previous opener that came after body text (else of the heading before it),
    and a plain heading is the sibling of the heading before it."""
    content = [(i, line.stripped) for i, line in enumerate(lines) if line.stripped]
    is_head = [bool(_EDIT_HEADING.match(s)) for _, s in content]
    levels: dict[int, int] = {}
    prev_level, opener_level, prev_was_head = None, None, False
    for k, (i, s) in enumerate(content):
        if _is_note_header(s):
            continue
        if not is_head[k]:
            prev_was_head = False
            continue
        nxt = next((m for m in range(k + 1, len(content)) if not _is_note_header(content[m][1])), None)
        opens = nxt is not None and is_head[nxt]
        if prev_level is None:
            level = 1 if k == 0 else 2
        elif prev_was_head:
            level = prev_level + 1
        elif opens:
            level = opener_level if opener_level is not None else prev_level
            opener_level = level
        else:
            level = prev_level
        levels[i] = prev_level = level
        prev_was_head = True
    return levels


def segment_text(page: RawPage) -> list[Segment]:
    b = _Builder(page)
    known = {h.offset: h for h in page.headings}
    mode = "body"  # body | note | example
    example_parent: int | None = None
    first_content = True
    lines = split_lines(page.text)
    edit_levels = _edit_heading_levels(lines)
    section_dates: list[str | None] = []  # per segment: the date of the nearest dated heading above it
    dated_headings: dict[int, str] = {}  # level -> date of a 【…】 date heading on the current path
    structural = [0]  # level of the last heading that is not a `label:` line

    last_label = [None]  # (level, segment count) of the last `label:` heading

    def heading_here(level: int, text: str, date: str | None = None, label: bool = False) -> None:
        if label:  # 另外要注意的几点: labels a part of the section it is in
            level = structural[0] + 1
            if last_label[0] is not None and last_label[0][1] == len(b.segments):
                # a label right under another label (nothing between) is its child, not its sibling:
                # 魔法陷阱卡以及效果怪物的咒文度： / 使用魔法陷阱卡的时候要注意的：
                level = last_label[0][0] + 1
            last_label[0] = (level, len(b.segments))
        else:
            structural[0] = level
            last_label[0] = None
        b.heading(level, text)
        for lv in [lv for lv in dated_headings if lv >= level]:
            del dated_headings[lv]
        if date:
            dated_headings[level] = date

    for index, line in enumerate(lines):
        s = line.stripped
        if not s:
            continue
        while len(section_dates) < len(b.segments):
            section_dates.append(dated_headings[max(dated_headings)] if dated_headings else None)
        start, end = line.content_span()
        heading = None
        if index in edit_levels:
            # `…[]` / `…¶` residue carries no level: the nesting heuristic knows more than the
            # flat level the crawler could give it
            heading = (edit_levels[index], line.text.strip().rstrip("¶").rstrip("[]").strip())
        elif line.start in known or start in known:
            h = known.get(line.start) or known[start]
            heading = (h.level, h.text)
        elif (dated := _DATED_BRACKET.match(s)) and find_dates(dated.group(2)):
            heading_here(_DATED_BRACKET_LEVEL, line.text[dated.start(1):dated.end(1)].strip(),
                         find_dates(dated.group(2))[0].iso)
            first_content = False
            mode, example_parent = "body", None
            continue
        elif not _is_sentence(s) or _EDIT_HEADING.match(s):
            heading = _text_heading(line, 0 if first_content else 1)
        first_content = False
        if heading:
            heading_here(*heading, label=s.endswith((":", "：")) and index not in edit_levels)
            mode, example_parent = "body", None
            continue
        if s in _NOTE_HEADERS or s.rstrip(":：") in _NOTE_HEADERS:
            mode = "note"
            continue
        if _EXAMPLE_HEADERS.match(s):
            mode, example_parent = "example", (len(b.segments) - 1 if b.segments else None)
            continue
        if _DIAGRAM.match(s) or (s.startswith(("（", "(")) and s.endswith(("）", ")")) and b.segments):
            b.note(start, end)  # chain diagrams and parenthetical asides belong to the ruling above
            continue
        if _SUBPOINT.match(s):
            if not b.note(start, end):
                b.add(start, end)
            continue
        if mode == "note" and not find_dates(line.text) and not s.startswith(("-", "・", "·", "□", "◇")):
            if b.note(start, end):
                continue
        if mode == "note":
            mode = "body"
        if mode == "example" and not _NUMBERED.match(s):
            mode, example_parent = "body", None
        if _LEADING_EXAMPLE.match(line.folded):
            parent = len(b.segments) - 1 if b.segments else None
            b.add_dated(start, end, example_of=parent)
            continue
        inline = _INLINE_EXAMPLE.search(line.folded, start - line.start)
        if inline and inline.start() > start - line.start:
            # 规则。例:示例1。17/3/24示例2。… -> the rule, then its dated examples
            rule_end = line.start + inline.start()
            rule_pieces = b.add_dated(start, rule_end)
            parent = rule_pieces[-1] if rule_pieces else (len(b.segments) - 1 if b.segments else None)
            b.add_dated(line.start + inline.end(), end, example_of=parent)
            continue
        b.add_dated(start, end, example_of=example_parent if mode == "example" else None)
    while len(section_dates) < len(b.segments):
        section_dates.append(dated_headings[max(dated_headings)] if dated_headings else None)
    for seg, date in zip(b.segments, section_dates):
        if seg.date is None and date:
            seg.date = date  # an undated ruling under 【…】2005/2/28 is of its section's date
    return b.segments


# --- reStructuredText ---------------------------------------------------------------------------

_RST_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:._])\1{2,}\s*$")
_RST_DIRECTIVE = re.compile(r"^(\s*)\.\.\s+(?:(\w[\w-]*)::\s*(.*))?")
_RST_NOTE_DIRECTIVES = {"tip", "note", "attention", "hint", "important", "warning", "caution", "danger"}
_RST_TABLE_BORDER = re.compile(r"^\s*=+(?:\s+=+)+\s*$")  # a simple table's border: ====  =====
_RST_LIST = re.compile(r"^\s*(?:[-*+]|#\.|\d+\.)\s+")


def segment_rst(page: RawPage) -> list[Segment]:
    b = _Builder(page)
    lines = split_lines(page.text)
    styles: list[tuple[str, bool]] = []
    i, n = 0, len(lines)
    paragraph: list[Line] = []
    example_parent: int | None = None  # set by a "| 例：" line: the ruling the next lines illustrate

    def flush():
        if paragraph:
            b.add_dated(paragraph[0].content_span()[0], paragraph[-1].content_span()[1])
            paragraph.clear()

    while i < n:
        line, s = lines[i], lines[i].stripped
        nxt = lines[i + 1].stripped if i + 1 < n else ""
        # heading with overline: === / title / ===
        if _RST_ADORNMENT.match(s) and i + 2 < n and _RST_ADORNMENT.match(lines[i + 2].stripped) and lines[i + 1].stripped:
            flush()
            style = (s[0], True)
            if style not in styles:
                styles.append(style)
            b.heading(styles.index(style) + 1, lines[i + 1].text)
            i += 3
            continue
        if s and not _RST_ADORNMENT.match(s) and _RST_ADORNMENT.match(nxt) and not line.text.startswith((" ", "|")):
            flush()
            style = (nxt[0], False)
            if style not in styles:
                styles.append(style)
            b.heading(styles.index(style) + 1, line.text)
            i += 2
            continue
        if not s:
            flush()
            example_parent = None
            i += 1
            continue
        if _RST_TABLE_BORDER.match(s):
            # a simple table (a summary of the text around it) is not a ruling, as the HTML page's
            # <table> is not: skip to its bottom border, the first border after the top one that is
            # followed by a blank line
            flush()
            example_parent = None
            i += 1
            while i < n and not (_RST_TABLE_BORDER.match(lines[i].stripped)
                                 and (i + 1 >= n or not lines[i + 1].stripped)):
                i += 1
            i += 1
            continue
        directive = _RST_DIRECTIVE.match(line.text)
        if directive:
            flush()
            example_parent = None
            indent, name, rest = len(directive.group(1)), directive.group(2), directive.group(3) or ""
            # the directive's body: the lines indented deeper than the directive itself (it may sit
            # inside a list item, so "indented at all" is not enough)
            block_end = i + 1
            while block_end < n and (not lines[block_end].stripped
                                     or len(lines[block_end].text) - len(lines[block_end].text.lstrip()) > indent):
                block_end += 1
            if name and name.lower() in _RST_NOTE_DIRECTIVES:  # directive names ignore case (.. Tip::)
                # one note per paragraph of the body (a paragraph may begin on the directive line),
                # one per line of a line block in it
                pieces: list[list[int]] = []
                if rest.strip():
                    pieces.append([line.start + line.text.index(rest.strip()), line.end])
                joinable = bool(pieces)
                for ln in lines[i + 1:block_end]:
                    if not ln.stripped:
                        joinable = False
                        continue
                    start, end = ln.content_span()
                    if ln.stripped.startswith("|"):  # a line block inside the directive: drop the bar
                        pieces.append([ln.start + ln.text.index("|") + 1, end])
                        joinable = False
                    elif joinable:
                        pieces[-1][1] = end
                    else:
                        pieces.append([start, end])
                        joinable = True
                for start, end in pieces:
                    b.note(start, end) or b.add(start, end)
            i = block_end
            continue
        if s.startswith("|"):
            flush()
            bar = line.start + line.text.index("|") + 1
            body = line.folded[bar - line.start:]
            if _EXAMPLE_HEADERS.match(body.strip()):
                # "| 例：" alone introduces the examples on the following lines of the block
                example_parent = len(b.segments) - 1 if b.segments else None
            elif example_parent is not None:
                b.add_dated(bar, line.end, example_of=example_parent)
            elif _LEADING_EXAMPLE.match(body):
                parent = len(b.segments) - 1 if b.segments else None
                b.add_dated(bar, line.end, example_of=parent)
            else:
                b.add_dated(bar, line.end)
            i += 1
            continue
        if s.startswith(("+-", "+=")) or _RST_ADORNMENT.match(s):
            i += 1  # table borders and stray adornments
            continue
        if _RST_LIST.match(line.text):
            flush()
            example_parent = None
            paragraph.append(line)
            i += 1
            continue
        if _LEADING_EXAMPLE.match(line.folded):
            flush()
            parent = len(b.segments) - 1 if b.segments else None
            b.add_dated(*line.content_span(), example_of=parent)
            i += 1
            continue
        paragraph.append(line)
        i += 1
    flush()
    return b.segments


# --- Sphinx HTML ---------------------------------------------------------------------------------

def segment_sphinx(page: RawPage) -> list[Segment]:
    """The text of a Sphinx page (crawlers.extract, layout "sphinx"): every line is a paragraph, a
    line of a line block or a list item, blocks are separated by blank lines, headings are the
    markup's (page.headings), and the lines inside meta["note_spans"] are admonitions (小技巧, 注意,
    备注 boxes; `.. tip::` in the source). Segmented as segment_rst segments the source: a line is a
    ruling, `例：` alone makes the rest of its block examples of the ruling before, a leading `例：`
    line illustrates the ruling before, admonition lines are notes of the ruling before them."""
    b = _Builder(page)
    known = {h.offset: h for h in page.headings}
    note_spans = [tuple(span) for span in (page.meta or {}).get("note_spans") or ()]
    example_parent: int | None = None
    for line in split_lines(page.text):
        s = line.stripped
        if not s:
            example_parent = None
            continue
        start, end = line.content_span()
        heading = known.get(line.start) or known.get(start)
        if heading is not None:
            b.heading(heading.level, heading.text)
            example_parent = None
        elif any(s0 <= start and end <= e0 for s0, e0 in note_spans):
            b.note(start, end) or b.add(start, end)
        elif _EXAMPLE_HEADERS.match(s):
            example_parent = len(b.segments) - 1 if b.segments else None
        elif example_parent is not None:
            b.add_dated(start, end, example_of=example_parent)
        elif _LEADING_EXAMPLE.match(line.folded):
            b.add_dated(start, end, example_of=len(b.segments) - 1 if b.segments else None)
        else:
            b.add_dated(start, end)
    return b.segments


# --- Markdown -----------------------------------------------------------------------------------

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MD_BULLET = re.compile(r"^[-*+]\s+|^\d+[.)]\s+")


def segment_markdown(page: RawPage) -> list[Segment]:
    b = _Builder(page)
    paragraph: list[Line] = []
    bullet_parent: int | None = None
    in_fence = False
    pending_indented = False

    def flush():
        nonlocal pending_indented
        if paragraph:
            parent = bullet_parent if pending_indented else None
            b.add_dated(paragraph[0].content_span()[0], paragraph[-1].content_span()[1], example_of=parent)
            paragraph.clear()
        pending_indented = False

    for line in split_lines(page.text):
        s = line.stripped
        if s.startswith("```"):
            flush()
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = _MD_HEADING.match(line.text)
        if m:
            flush()
            bullet_parent = None
            b.heading(len(m.group(1)), m.group(2))
            continue
        if not s:
            flush()
            continue
        if s.startswith("![") or set(s) <= set("-*_| :"):
            continue
        indented = line.text.startswith(("    ", "\t", "  "))
        if _MD_BULLET.match(line.text):
            flush()
            index = b.add_dated(*line.content_span())
            bullet_parent = index[-1] if index else bullet_parent
            continue
        if indented and bullet_parent is not None and not paragraph:
            pending_indented = True
        elif not indented and not paragraph:
            bullet_parent = None
        paragraph.append(line)
    flush()
    return b.segments


# --- Q&A -----------------------------------------------------------------------------------------

def segment_qa(page: RawPage) -> list[Segment]:
    b = _Builder(page)
    meta = page.meta or {}
    if page.title:
        b.heading(1, page.title)
    text = page.text
    question, answer = str(meta.get("question") or ""), str(meta.get("answer") or "")
    start, end = 0, len(text)
    q_at = text.find(question) if question else -1
    if q_at >= 0:
        start = q_at
    a_at = text.find(answer, max(q_at, 0)) if answer else -1
    if a_at >= 0:
        end = a_at + len(answer)
    qa_meta = {k: meta[k] for k in ("fid", "tags", "mentionedCards", "title") if k in meta}
    qa_meta.update(question=question, answer=answer)
    if not question and not answer:
        qa_meta["answer"] = text.strip()
    b.add(start, end, kind="qa", date=parse_date(meta.get("databaseDate")), meta=qa_meta)
    return b.segments


def segment_supplement(page: RawPage) -> list[Segment]:
    """A card's supplement page (Konami FAQ 補足情報, crawlers.konami): one ruling of kind supplement per
    supplement block, dated by the block's update date, citing the card's FAQ page (its cid) so the
    graph links it to the card."""
    b = _Builder(page)
    meta = page.meta or {}
    blocks = [h for h in page.headings if h.level == 2]
    if page.title:
        b.heading(1, page.title)
    url = meta.get("faq_url")
    for n, (heading, info) in enumerate(zip(blocks, meta.get("supplements") or [])):
        start = heading.offset + len(heading.text) + 1
        end = blocks[n + 1].offset if n + 1 < len(blocks) else len(page.text)
        b.heading(2, heading.text)
        b.add(start, end, kind="supplement", date=parse_date(info.get("date")),
              meta={"cid": meta.get("cid"), "supplement": info.get("kind"), "source_url": url})
    return b.segments


SEGMENTERS = {"rst": segment_rst, "markdown": segment_markdown, "qa-json": segment_qa}


def segment_page(page: RawPage) -> list[Segment]:
    fmt = page.format
    if fmt == "html" and (page.meta or {}).get("layout") == "sphinx":
        return segment_sphinx(page)
    if (page.meta or {}).get("supplements"):
        return segment_supplement(page)
    if fmt not in SEGMENTERS and (page.meta or {}).get("question"):
        fmt = "qa-json"
    return SEGMENTERS.get(fmt, segment_text)(page)


# --- list pages (structure after segmentation) ---------------------------------------------------

_ITEM_BULLET = re.compile(r"^[\s□◇◆・･·•※]+")
_STATES = re.compile(r"[。．？?「」『』]")  # not ！: card names hold it (ラストバトル！)
_LIST_HEADING = re.compile(r"^\s*■(?!\s*【)")  # ■効果を無効にする heads a card list; ■【…】 a part of the page
_INLINE_RULE_HEADING = re.compile(r"\s+(■[^■\n]{1,40})$")  # □パイナップル爆弾 ■召喚・反転召喚 (a flattened 2nd column)
_BARE_MAX = 25


def _item_name(text: str) -> str:
    return _ITEM_BULLET.sub("", text).strip()


_ONLY_QUOTED = re.compile(r"^(?:「[^「」\n]{1,40}」\s*)+$")  # ※「処刑人－マキュラ」: names the card the lines after are about


def _is_bare(text: str) -> bool:
    """A list line that states nothing: no sentence end, no quoted name (or nothing but quoted
    names), short."""
    body = _item_name(text)
    if "\n" in text.strip() or not body or len(body) > _BARE_MAX or body.endswith(("、", ",")):
        return False  # 「ただし、…為、」 is the first half of a sentence
    return not _STATES.search(body) or bool(_ONLY_QUOTED.match(body))


def _bullet_rank(text: str) -> int:
    """0: no bullet; 1: □ ◇ ◆ ※; 2: ・ (the innermost)."""
    first = text.lstrip()[:1]
    return 2 if first in "・･·•" else 1 if first and first in "□◇◆※" else 0


def structure_lists(page: RawPage, segments: list[Segment], is_card_name) -> list[Segment]:
    """Rulings of a Japanese list page (seed 002: ■効果を無効にする / □金属探知機 …):

    - a run of bare lines naming cards (`is_card_name(name) -> bool`) under one heading becomes one
      ruling spanning the heading and its items (kind "list", meta["items"]: the items' page spans):
      it carries the heading's rule, and the listed cards are its mentions;
    - `□X ■Y` (a table's second column flattened onto the line) ends X's list; Y heads the items after;
    - any other bare line that states nothing (「・ドローフェイズ」, 「効果の対象選択」) is a sub-heading
      of the rulings after it (until the next such line or the end of its section), not a ruling."""
    if segments and language_family(page.language) == "zh" and _text_segmented(page):
        return _structure_zh(page, segments)
    if page.language != "ja" or not segments:
        return segments
    text = page.text
    out: list[Segment] = []
    index_map: dict[int, int] = {}
    sub: tuple[list[str], str, int] | None = None  # (section prefix, sub-heading, its bullet rank) over what follows
    renamed: tuple[list[str], str] | None = None  # (section, inline ■ heading) replacing its last heading
    for i, seg in enumerate(segments):
        section = list(seg.section)
        rank = _bullet_rank(text[seg.start:seg.end])
        if sub and sub[2] and rank and rank <= sub[2]:
            sub = None  # a bullet of the sub-heading's rank or outer ends its scope
        if sub and section[:len(sub[0])] == sub[0] and section != sub[0] + [sub[1]]:
            section = sub[0] + [sub[1]] + section[len(sub[0]):]
        elif sub:
            sub = None
        orig = section
        if renamed and orig == renamed[0]:
            section = orig[:-1] + [renamed[1]]
        elif renamed:
            renamed = None
        seg.section = section
        body = text[seg.start:seg.end]
        inline = _INLINE_RULE_HEADING.search(body) if body.lstrip().startswith("□") else None
        item_end = seg.start + inline.start() if inline else seg.end
        item = text[seg.start:item_end]
        if seg.kind == "ruling" and seg.example_of is None and _is_bare(item) and not seg.notes:
            name = _item_name(item)
            # a □ line under a ■ list heading is an item even when it names no known card (金属探知機)
            if is_card_name(name) or (item.lstrip().startswith("□") and section and _LIST_HEADING.match(section[-1])):
                last = out[-1] if out else None
                if last is not None and last.kind == "list" and last.section == section and last.meta.get("open"):
                    last.end = item_end
                    last.meta["items"].append([seg.start, item_end])
                else:
                    # the list starts at its heading when the heading is written right above it
                    heading = section[-1] if section else ""
                    at = text.rfind(heading, out[-1].end if out else 0, seg.start) if heading else -1
                    start = at if at >= 0 else seg.start
                    out.append(Segment(start, item_end, section, kind="list", date=seg.date,
                                       meta={"items": [[seg.start, item_end]], "open": True}))
                index_map[i] = len(out) - 1
                if inline:
                    out[-1].meta["open"] = False
                    renamed = (orig, inline.group(1).strip())
                continue
            if not inline:
                # a fragment: the heading of the rulings after it
                prefix = sub[0] if sub and section[:len(sub[0]) + 1] == sub[0] + [sub[1]] else section
                sub = (list(prefix), _item_name(item) if rank else item.strip(), rank)
                if out and out[-1].kind == "list":
                    out[-1].meta["open"] = False
                continue
        if out and out[-1].kind == "list":
            out[-1].meta["open"] = False
        index_map[i] = len(out)
        out.append(seg)
    return _finished(out, index_map)


def _finished(out: list[Segment], index_map: dict[int, int]) -> list[Segment]:
    """The segments with their open-list markers dropped and example links pointing into `out`
    (index_map: the input segment's index -> its index in `out`)."""
    for seg in out:
        seg.meta.pop("open", None)
        if seg.example_of is not None:
            seg.example_of = index_map.get(seg.example_of)
    return out


# --- Chinese text pages: fragments are headings, a run of them under a `label:` line is a list ----------

_ZH_STATES = re.compile(r"[。．？?！!，,；;：:「」『』“”]")  # 「魔法花盆」的COST says something about a card


def _text_segmented(page: RawPage) -> bool:
    """Whether segment_page cut the page with the plain-text rules (seeds, wiki pages)."""
    meta = page.meta or {}
    if meta.get("supplements") or (page.format == "html" and meta.get("layout") == "sphinx"):
        return False
    return page.format not in SEGMENTERS and not meta.get("question")


def _zh_fragment(text: str) -> bool:
    """A Chinese line that states nothing (「·灵摆召唤」, 「尚未适用」, 「第(3/3)页」): one short line
    without sentence punctuation or quoted name, not a numbered or `- ` point."""
    body = _item_name(text)
    if "\n" in text.strip() or not body or len(body) > _BARE_MAX or _NUMBERED.match(text) or _SUBPOINT.match(text):
        return False
    return not text.lstrip().startswith(("-", "－")) and not _ZH_STATES.search(body)


def _structure_zh(page: RawPage, segments: list[Segment]) -> list[Segment]:
    """Rulings of a Chinese text page (seeds 003, 004):

    - a run of fragments right under a `label：` line (依照以下的顺序组成连锁： / 回合玩家的1速必发的诱发类效果 …)
      is one list ruling spanning the label and its items (kind "list", meta["items"]: their page spans);
    - any other fragment (「·灵摆召唤」, 「尚未适用」, 「第(3/3)页」) is a sub-heading of the rulings after it
      (until the next fragment of its bullet rank or outer, or the end of its section), not a ruling.
    Headings keep their place: the NLP stage finds a heading above its rulings in the page text."""
    text = page.text
    out: list[Segment] = []
    index_map: dict[int, int] = {}
    sub: tuple[list[str], str, int] | None = None  # (section prefix, sub-heading, its bullet rank)
    for i, seg in enumerate(segments):
        section = list(seg.section)
        body = text[seg.start:seg.end]
        rank = _bullet_rank(body)
        if sub and sub[2] and rank and rank <= sub[2]:
            sub = None
        if sub and section[:len(sub[0])] == sub[0] and section != sub[0] + [sub[1]]:
            section = sub[0] + [sub[1]] + section[len(sub[0]):]
        elif sub:
            sub = None
        seg.section = section
        last = out[-1] if out else None
        if seg.kind == "ruling" and seg.example_of is None and not seg.notes and _zh_fragment(body):
            if last is not None and last.kind == "list" and last.meta.get("open") and last.section == section \
                    and not text[last.end:seg.start].strip():
                last.end = seg.end
                last.meta["items"].append([seg.start, seg.end])
                index_map[i] = len(out) - 1
                continue
            label = _label_above(text, section, out[-1].end if out else 0, seg.start)
            if label is not None:
                out.append(Segment(label, seg.end, section, kind="list", date=seg.date,
                                   meta={"items": [[seg.start, seg.end]], "open": True}))
                index_map[i] = len(out) - 1
                continue
            prefix = sub[0] if sub and section[:len(sub[0]) + 1] == sub[0] + [sub[1]] else section
            sub = (list(prefix), _item_name(body), rank)
            if last is not None and last.kind == "list":
                last.meta["open"] = False
            continue
        if last is not None and last.kind == "list":
            last.meta["open"] = False
        index_map[i] = len(out)
        out.append(seg)
    return _finished(out, index_map)


def _label_above(text: str, section: list[str], since: int, start: int) -> int | None:
    """The offset of the section's heading when it is a `label：` line written right above `start`."""
    heading = section[-1] if section else ""
    at = text.rfind(heading, since, start) if heading else -1
    if at < 0:
        return None
    between = text[at + len(heading):start]
    return at if between.strip() in (":", "：") else None

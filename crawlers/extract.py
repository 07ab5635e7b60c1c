"""Decoded HTML -> main text with heading lines and offsets, title and outlinks.

Each site layout names where its main content lives and which chrome to drop (Sphinx `¶` header
links, MediaWiki `[edit]` spans, PukiWiki `†` anchors); everything else is one generic walk that puts
every block element on its own line, keeps <pre> diagrams (┏┃┗) verbatim and list items as `- ` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urldefrag, urljoin

import lxml.html
from lxml import etree

from rulings.records import Heading
from rulings.errors import InputError


@dataclass(frozen=True)
class Layout:
    name: str
    content: tuple[str, ...]  # CSS selectors tried in order for the main content
    drop: tuple[str, ...] = ()  # CSS selectors removed before extracting text
    title: tuple[str, ...] = ()  # where the page title lives when it is outside the main content
    notes: tuple[str, ...] = ()  # blocks that are notes of the ruling before them (Sphinx admonitions)
    blocks: tuple[str, ...] = ()  # blocks followed by a blank line (the source's paragraph breaks)
    residue: re.Pattern | None = None  # source markup the page shows verbatim; group 1 is the text
    keep: tuple[str, ...] = ()  # tags of the common drop list this layout reads (ourocg: template)
    menus: bool = False  # drop link lists (a site menu repeated on every page): see _drop_menus


# <rt>/<rp>: ruby readings and their parentheses (PukiWiki's &ruby, Konami names); the <rb> base stays.
_COMMON_DROP = ("script", "style", "noscript", "template", "iframe", "nav", "header", "footer", "rt", "rp")

LAYOUTS = {
    # furo (the theme the ocg-rule docs use) puts the page in <article role="main"> inside div.page,
    # beside the sidebar drawer and the TOC drawer; Read-the-Docs and alabaster use div[role=main].
    # Admonitions (div.admonition: p.admonition-title 小技巧/提示/注意/警告/备注) are notes. Figures,
    # tables, footnotes and `.. sidebar::` boxes are not rulings (segment_rst skips them in the source too). docutils leaves
    # a card reference inside **strong** text unparsed, so the page shows 「`name`_」: read 「name」.
    "sphinx": Layout("sphinx", ("article[role=main]", "div[role=main]", "div.body", "div.document", "main"),
                     ("a.headerlink", "div.related", "div.sphinxsidebar", "div.rst-footer-buttons",
                      "div.toctree-wrapper", "p.admonition-title", ".visually-hidden", "svg",
                      "aside.sidebar-drawer", "aside.toc-drawer", "div.content-icon-container",
                      "a.back-to-top", "div.related-pages", "div.bottom-of-page", "label", "input",
                      "figure", "table", "aside.footnote-list", "a.footnote-reference", "aside.sidebar"),
                     notes=("div.admonition",), residue=re.compile(r"(?<=「)`([^`<>\n]+)`_(?=」)"),
                     blocks=("p", "div.line-block", "li", "table", "blockquote", "dl", "section", "div.admonition",
                             "h1", "h2", "h3", "h4", "h5", "h6")),
    # Yugipedia / Fandom: navigation boxes are div.navbox (with .navbox-styles) as well as table.navbox;
    # a Card_Rulings page's rulings are ul items under h2 sections, references in .mw-references-wrap
    # (as a public Card_Rulings scraper strips them: find_string "Card_Rulings:", id 15391195669).
    "mediawiki": Layout("mediawiki", ("div.mw-parser-output", "#mw-content-text", "#content"),
                        ("span.mw-editsection", "div#toc", "div.toc", "table.navbox", "div.navbox", ".navbox-styles",
                         ".mobile-show", "div.mw-references-wrap", "div.printfooter", "div#catlinks",
                         "sup.reference", "div.noprint"),
                        ("h1#firstHeading", "h1.page-header__title")),
    # PukiWiki's skin (pukiwiki/pukiwiki skin/pukiwiki.skin.php): div#body, beside td.menubar (the
    # MenuBar page, repeated on every page), div#navigator, div#toolbar, div#related ("Link:").
    "pukiwiki": Layout("pukiwiki", ("div#body", "td.body", "div#contents"),
                       ("a.anchor_super", "div.jumpmenu", "div#navigator", "div#toolbar", "div#lastmodified",
                        "div#footer", "div#note", "div#menubar", "td.menubar", "div#related"), ("h1.title",)),
    "konami-faq": Layout("konami-faq", ("div#article_body", "div#faq_detail", "div#main"),
                         ("div#bg_box_footer", "div.pager")),
    # ourocg.cn (a Vue app): a card page's values sit inside <template> elements of div.val cells in
    # <article> (its name and effect in the second template, as other scrapers read them); list and
    # search pages carry their cards in a window.__STORE__ JSON (crawlers.spiders.chinese follows it).
    "ourocg": Layout("ourocg", ("article", "div#app", "main", "body"),
                     ("aside", "div.sidebar", "form", "div.breadcrumb"), keep=("template",)),
    # A hand-made static site (the Japanese expert-rule site): the generic reading, and its chapter menu,
    # repeated on every page as a list of links, is dropped.
    "expert": Layout("expert", ("article", "main", "div#content", "div.content", "div#main", "body"),
                     ("aside", "div.sidebar", "div#sidebar", "div.breadcrumb", "form"), menus=True),
    "generic": Layout("generic", ("article", "main", "div#content", "div.content", "div#main", "body"),
                      ("aside", "div.sidebar", "div#sidebar", "div.breadcrumb", "form")),
}

_BLOCK = {
    "p", "div", "section", "article", "main", "blockquote", "ul", "ol", "dl", "dt", "dd", "table", "tr",
    "thead", "tbody", "tfoot", "caption", "form", "fieldset", "figure", "figcaption", "address", "center",
    "body", "html", "li", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
}
_HEADING = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_SPACES = re.compile(r"[ \t\r\n\f\u00a0]+")
_BARE_BULLET = re.compile(r"^(?:-|\d+\.)$")
_SKIP_LINK = re.compile(r"^(?:mailto:|javascript:|tel:|data:)", re.I)


@dataclass
class Extracted:
    title: str
    text: str
    headings: list[Heading] = field(default_factory=list)
    outlinks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[tuple[int, int]] = field(default_factory=list)  # text spans (start, end) of note blocks


_NOTE_MARK = "data-rulings-note"
_BLOCK_MARK = "data-rulings-block"


class _Writer:
    """Accumulates lines; inline text is whitespace-collapsed, block boundaries end the line."""

    def __init__(self, residue: re.Pattern | None = None):
        self.residue = residue
        self.lines: list[str] = []
        self.current: list[str] = []
        self.headings: list[tuple[int, int]] = []  # (level, line index)
        self.notes: list[tuple[int, int]] = []  # (first line index, end line index) of note blocks

    def inline(self, text: str | None):
        if text:
            self.current.append(_SPACES.sub(" ", text))

    def newline(self):
        line = "".join(self.current).strip()
        if _BARE_BULLET.match(line):  # a list bullet waiting for its <p>: keep it for the item's first text
            return
        if self.residue is not None:
            line = self.residue.sub(r"\1", line)
        if line:
            self.lines.append(line)
        self.current = []

    def blank(self):
        """A paragraph break: one empty line (never two, never first)."""
        self.newline()
        if self.lines and self.lines[-1]:
            self.lines.append("")

    def raw_lines(self, text: str):
        self.newline()
        for line in text.splitlines():
            if line.strip():
                self.lines.append(line.rstrip())


def _walk(root, out: _Writer):
    """Depth-first over the tree with an explicit stack (a page may nest thousands of unclosed <div>s,
    deeper than Python's recursion limit): every block element on its own line, then its tail. A
    note-marked element's lines are recorded as a note block; a block-marked element is followed by
    a blank line (a paragraph break of the source)."""
    stack = [(root, False, 0)]
    while stack:
        node, closing, first = stack.pop()
        tag = node.tag.lower() if isinstance(node.tag, str) else None
        if closing:
            if tag in _BLOCK or node.get(_NOTE_MARK) is not None:
                out.newline()
            if node.get(_NOTE_MARK) is not None and len(out.lines) > first:
                out.notes.append((first, len(out.lines)))
            if node.get(_BLOCK_MARK) is not None:
                out.blank()
            out.inline(node.tail)
            continue
        if tag is None:  # comment / processing instruction
            out.inline(node.tail)
            continue
        if tag == "pre":
            out.raw_lines(node.text_content())
        elif tag == "br":
            out.newline()
        elif tag in _HEADING:
            out.newline()
            text = _SPACES.sub(" ", node.text_content()).strip()
            if text:
                out.headings.append((_HEADING[tag], len(out.lines)))
                out.lines.append(text)
        else:
            if tag in _BLOCK or node.get(_NOTE_MARK) is not None:
                out.newline()
            if tag == "li":
                out.inline(_bullet(node))
            if tag in ("td", "th") and out.current:
                out.inline(" | ")
            out.inline(node.text)
            stack.append((node, True, len(out.lines)))
            stack.extend((child, False, 0) for child in reversed(node))
            continue
        if node.get(_BLOCK_MARK) is not None:
            out.blank()
        out.inline(node.tail)


def _bullet(li) -> str:
    """`- ` for an unordered item, `N. ` for an ordered one (its number, as the page shows it)."""
    parent = li.getparent()
    if parent is None or not isinstance(parent.tag, str) or parent.tag.lower() != "ol":
        return "- "
    start = parent.get("start", "1")
    number = int(start) if start.strip().lstrip("-").isdigit() else 1
    for sibling in parent:
        if sibling is li:
            break
        if isinstance(sibling.tag, str) and sibling.tag.lower() == "li":
            number += 1
    return f"{number}. "


MAX_HTML_DEPTH = 2048  # libxml2's element depth limit with XML_PARSE_HUGE (huge_tree)
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)


def parse_html(html: str | bytes, base_url: str):
    """The document, or None when there is none. huge_tree lifts libxml2's nesting limit from 256 to
    2048 levels (a forum page of unclosed <div>s nests one level per post); a page nested deeper would
    silently lose everything past that depth, so it raises InputError instead."""
    if isinstance(html, str):
        html = _XML_DECL.sub("", html, count=1)  # lxml refuses str input with an encoding declaration
    parser = lxml.html.HTMLParser(huge_tree=True)
    try:
        doc = lxml.html.document_fromstring(html, parser=parser)
    except (etree.ParserError, ValueError):
        doc = None
    if any(e.type == etree.ErrorTypes.ERR_RESOURCE_LIMIT for e in parser.error_log):
        raise InputError(f"{base_url}: HTML nested too deeply (over {MAX_HTML_DEPTH} levels); its text "
                         f"past that depth cannot be extracted")
    return doc


def extract(html: str, url: str, layout: str = "generic") -> Extracted:
    """Never raises on bad markup (lxml repairs truncated HTML, and an empty document gives empty text),
    except for a page nested deeper than MAX_HTML_DEPTH: InputError, never a page with text lost."""
    problems: list[str] = []
    spec = LAYOUTS.get(layout, LAYOUTS["generic"])
    doc = parse_html(html, url) if html.strip() else None
    if doc is None:
        return Extracted("", "", problems=["no HTML content to parse"])
    base = doc.find(".//base")
    base_url = urljoin(url, base.get("href")) if base is not None and base.get("href") else url

    outlinks: list[str] = []
    seen = set()
    for a in doc.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.startswith("#") or _SKIP_LINK.match(href):
            continue
        link = urldefrag(urljoin(base_url, href))[0]
        if link.startswith(("http://", "https://")) and link not in seen:
            seen.add(link)
            outlinks.append(link)

    title_el = doc.find(".//title")
    page_title = _SPACES.sub(" ", title_el.text_content()).strip() if title_el is not None else ""

    outside_title = ""
    for selector in spec.title:
        found = doc.cssselect(selector)
        if found:
            outside_title = _SPACES.sub(" ", found[0].text_content()).strip()
            break

    for selector in tuple(t for t in _COMMON_DROP if t not in spec.keep) + spec.drop:
        for el in doc.cssselect(selector):
            _drop(el)
    if spec.menus:
        _drop_menus(doc)
    for selector in spec.notes:
        for el in doc.cssselect(selector):
            el.set(_NOTE_MARK, "")
    for selector in spec.blocks:
        found = doc.cssselect(selector)
        matched = set(found)
        for el in found:
            if not any(a in matched for a in el.iterancestors()):  # a line block in a line block is one block
                el.set(_BLOCK_MARK, "")
    root = None
    for selector in spec.content:
        found = doc.cssselect(selector)
        if found:
            root = found[0]
            break
    if root is None:
        problems.append(f"layout {spec.name}: main content not found; used the whole body")
        root = doc.body if doc.find("body") is not None else doc

    out = _Writer(spec.residue)
    _walk(root, out)
    out.newline()
    if outside_title and not any(level == 1 for level, _ in out.headings):
        # MediaWiki / PukiWiki put the page name outside the content: make it the text's first heading.
        out.lines.insert(0, outside_title)
        out.headings = [(1, 0)] + [(level, i + 1) for level, i in out.headings]
        out.notes = [(a + 1, b + 1) for a, b in out.notes]
    while out.lines and not out.lines[-1]:
        out.lines.pop()
    lines = out.lines
    offsets, pos = [], 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    headings = [Heading(level=level, text=lines[i], offset=offsets[i]) for level, i in out.headings]
    h1 = next((h.text for h in headings if h.level == 1), "")
    title = h1 or page_title
    notes = [(offsets[a], offsets[b - 1] + len(lines[b - 1]))
             for a, b in ((a, min(b, len(lines))) for a, b in out.notes) if a < b]
    if not any(lines):
        problems.append("page has no text")
    return Extracted(title, "\n".join(lines), headings, outlinks, problems, notes)


_MENU_CONTAINERS = ("table", "ul", "ol", "dl", "div", "td", "p", "center")
MENU_MIN_LINKS = 5
MENU_LINK_SHARE = 0.8


def _drop_menus(doc) -> None:
    """Drop the outermost blocks that are link lists: at least MENU_MIN_LINKS links whose texts make
    up MENU_LINK_SHARE of the block's text (a site menu; rule text is not made of links)."""
    for el in list(doc.iter(*_MENU_CONTAINERS)):
        if el.getparent() is None or any(a.get("data-rulings-menu") for a in el.iterancestors()):
            continue
        links = [a for a in el.iter("a") if a.get("href")]
        if len(links) < MENU_MIN_LINKS:
            continue
        text = "".join(_SPACES.sub("", el.text_content()))
        linked = sum(len(_SPACES.sub("", a.text_content())) for a in links)
        if text and linked >= MENU_LINK_SHARE * len(text):
            el.set("data-rulings-menu", "1")
    for el in [e for e in doc.iter() if isinstance(e.tag, str) and e.get("data-rulings-menu")]:
        _drop(el)


def _drop(el):
    """Remove an element but keep its tail text (which belongs to the parent)."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    prev = el.getprevious()
    if tail:
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)

"""Konami OCG FAQ pages (www.db.yugioh-card.com/yugiohdb/faq_search.action), read the same way by the
konami-faq spider and by offline ingest of saved pages.

The markup, as on real pages saved on 2025-11-09 (TomoTom0/YuGiOh-NEXT, tests/combine/data/
faq-detail.html and card-faq-list.html at commit b7bf9c9), and the selectors other public scrapers use
(TomoTom0/YuGiOh-NEXT src/api/card-faq.ts: `.t_row`, `input.link_value`, `.supplement`,
`#tag_update .date`):

- a Q&A (`ope=5&fid=N`): `#broad_title h1` (the title), `#question_text`, `#answer_text` (paragraphs
  split by <br>; cards linked as `faq_search.action?ope=4&cid=N`), `#tag_update`: `.tag a.btn` (the
  tags) and `span.date` (YYYY-MM-DD). A saved page keeps its fid in `og:url` (percent-encoded).
- a card's Q&A list (`ope=4&cid=N`): `#broad_title h1` (the card's name), `#card_text`, one
  `div.supplement` per text (`span.update` date, `#supplement` or `#pen_supplement` text: the
  card's 補足情報), `div.t_row` rows whose `input.link_value` holds the Q&A's URL (the row is clicked
  by script; there is no <a href>), `.sort_set .text` 「全73件中 71～73件を表示」 and a pager of
  `javascript:ChangePage(N)` links.
"""

from __future__ import annotations

import math
import re
from urllib.parse import parse_qs, unquote, urljoin, urlsplit

from parsel import Selector

from rulings.records import Heading

FAQ_BASE = "https://www.db.yugioh-card.com/yugiohdb/faq_search.action"
FAQ_URL = FAQ_BASE + "?ope=5&fid={fid}"  # one Q&A
CARD_FAQ_URL = FAQ_BASE + "?ope=4&cid={cid}"  # a card's Q&A list and supplement
PAGE_SIZE = 100  # rp=100: the most rows a list page shows
SUPPLEMENT_HEADINGS = {"supplement": "補足情報", "pen_supplement": "ペンデュラム効果の補足情報"}

_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})")
_TOTAL = re.compile(r"全\s*(\d+)\s*件")
_CHANGE_PAGE = re.compile(r"ChangePage\((\d+)\)")


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def faq_fid(url: str) -> int | None:
    """The fid of a Q&A page URL (`ope=5&fid=N`), None for any other page."""
    q = query(url)
    fid = q.get("fid", "")
    return int(fid) if q.get("ope") == "5" and fid.isdigit() else None


def faq_cid(url: str) -> int | None:
    """The cid of a card's Q&A list URL (`ope=4&cid=N`), None for any other page."""
    q = query(url)
    cid = q.get("cid", "")
    return int(cid) if q.get("ope") == "4" and cid.isdigit() else None


def iso_date(text: str | None) -> str | None:
    m = _DATE.search(text or "")
    return f"{m.group(1)}-{m.group(2).zfill(2)}-{m.group(3).zfill(2)}" if m else None


def block_text(sel: Selector, css: str) -> str:
    """Text of the first match with <br> as newlines (answers and supplements are paragraphs split by
    <br>); newlines inside text nodes are source formatting."""
    nodes = sel.css(css)
    if not nodes:
        return ""
    parts = nodes[0].xpath(".//text() | .//br").getall()
    out = "".join("\n" if p.startswith("<br") else " ".join(p.split()) for p in parts)
    return "\n".join(" ".join(line.split()) for line in out.split("\n")).strip()


def _page_url(sel: Selector, url: str) -> str:
    """The page's own URL: the fetched one, or for a saved file the og:url the page declares."""
    if faq_fid(url) is not None or faq_cid(url) is not None:
        return url
    og = sel.css('meta[property="og:url"]::attr(content)').get() or ""
    return unquote(og) if og else url


def parse_qa(sel: Selector, url: str) -> dict | None:
    """A Q&A page -> the fields of the offline Q&A mirror (fid, title, question, answer, databaseDate,
    tags, mentionedCards as Konami ids); None when the page has no #question_text / #answer_text."""
    question, answer = block_text(sel, "#question_text"), block_text(sel, "#answer_text")
    if not (question and answer):
        return None
    fid = faq_fid(_page_url(sel, url))
    title = " ".join(" ".join(sel.css("#broad_title h1 ::text").getall()).split())
    cards: list[int] = []
    for href in sel.css("#question_text a::attr(href), #answer_text a::attr(href)").getall():
        cid = query(urljoin(FAQ_BASE, href)).get("cid", "")
        if cid.isdigit() and int(cid) not in cards:
            cards.append(int(cid))
    tags = [" ".join(t.split()) for t in sel.css("#tag_update .tag a::text").getall() if t.strip()]
    date = iso_date(" ".join(sel.css("#tag_update .date::text").getall())) or iso_date(
        " ".join(sel.css("#tag_update ::text").getall()))
    return {"fid": fid, "title": title or question.split("\n")[0][:120], "question": question, "answer": answer,
            "databaseDate": date, "tags": tags, "mentionedCards": cards}


def parse_card_list(sel: Selector, url: str) -> dict:
    """A card's Q&A list page -> {cid, name, card_text, supplements: [{kind, heading, text, date}],
    qa_urls (absolute), total (Q&As of the card, None if not shown), pages (page numbers the pager
    names)}."""
    page_url = _page_url(sel, url)
    cid = faq_cid(page_url)
    if cid is None:
        script = " ".join(sel.css("script::text").getall())
        m = re.search(r"[?&]cid=(\d+)", script)
        cid = int(m.group(1)) if m else None
    supplements = []
    for block in sel.css("div.supplement"):
        text_el = block.css(".text")
        kind = text_el.attrib.get("id", "supplement") if text_el else "supplement"
        text = block_text(block, ".text")
        if text:
            supplements.append({"kind": kind, "heading": SUPPLEMENT_HEADINGS.get(kind, "補足情報"), "text": text,
                                "date": iso_date(" ".join(block.css(".update::text").getall()))})
    qa_urls = [urljoin(url, v.strip()) for v in sel.css("div.t_row input.link_value::attr(value)").getall() if v.strip()]
    total = _TOTAL.search(" ".join(sel.css(".sort_set .text ::text").getall()))
    pages = sorted({int(n) for href in sel.css(".page_num a::attr(href)").getall() for n in _CHANGE_PAGE.findall(href)})
    return {"cid": cid, "name": " ".join(" ".join(sel.css("#broad_title h1 ::text").getall()).split()),
            "card_text": block_text(sel, "#card_text"), "supplements": supplements, "qa_urls": qa_urls,
            "total": int(total.group(1)) if total else None, "pages": pages}


def list_page_count(total: int | None) -> int | None:
    return math.ceil(total / PAGE_SIZE) if total else None


def qa_text(title: str, question: str, answer: str):
    """(text, [(level, heading, offset)]) of a Q&A as RawPage text: title, 質問 block, 回答 block."""
    blocks = [(1, title, title), (2, "質問", f"質問\n{question}"), (2, "回答", f"回答\n{answer}")]
    return _join(blocks)


def supplement_text(name: str, supplements: list[dict]):
    """(text, headings) of a card's supplement page: the card name, then each 補足情報 block."""
    blocks = [(1, name, name)] + [(2, s["heading"], f"{s['heading']}\n{s['text']}") for s in supplements]
    return _join(blocks)


def _join(blocks):
    headings, parts, pos = [], [], 0
    for level, heading, block in blocks:
        headings.append((level, heading, pos))
        parts.append(block)
        pos += len(block) + 1
    return "\n".join(parts), headings


def fill_qa_page(page, selector: Selector, url: str):
    """Fill a RawPage from a Q&A page (crawled or saved): the mirror's fields and layout."""
    record = parse_qa(selector, url)
    if record is None:
        page.problems.append("Q&A page without #question_text / #answer_text; kept the whole text")
        return page
    if record["fid"] is not None:
        page.url = FAQ_URL.format(fid=record["fid"])
        page.meta["faq_url"] = page.url
    text, headings = qa_text(record["title"], record["question"], record["answer"])
    page.text, page.title, page.language = text, record["title"], "ja"
    page.headings = [Heading(level=level, text=heading, offset=offset) for level, heading, offset in headings]
    page.meta.update(record)
    return page


def fill_supplement_page(page, selector: Selector, url: str):
    """Fill a RawPage from a card's Q&A list page: the card's supplements (補足情報); None without one."""
    listing = parse_card_list(selector, url)
    if not listing["supplements"] or listing["cid"] is None:
        return None
    text, headings = supplement_text(listing["name"], listing["supplements"])
    page.url = CARD_FAQ_URL.format(cid=listing["cid"])
    page.text, page.title, page.language = text, listing["name"], "ja"
    page.headings = [Heading(level=level, text=heading, offset=offset) for level, heading, offset in headings]
    page.meta.update({"cid": listing["cid"], "card_name": listing["name"], "card_text": listing["card_text"],
                      "supplements": listing["supplements"], "faq_url": page.url})
    return page


def fill_saved_page(page, html: str):
    """A saved Konami FAQ page (offline ingest): a Q&A or a card's list with its supplement, read as
    the spider reads it; any other page of the site stays as extracted."""
    selector = Selector(text=html)
    if selector.css("#question_text"):
        return fill_qa_page(page, selector, page.url)
    if selector.css("div.supplement"):
        return fill_supplement_page(page, selector, page.url) or page
    return page

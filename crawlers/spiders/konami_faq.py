"""Konami OCG FAQ (ja): per-card Q&A lists (`ope=4&cid=N`, paginated) lead to Q&A pages
(`ope=5&fid=N`); each Q&A page becomes one RawPage shaped like the offline mirror (title, 質問, 回答;
meta: fid, databaseDate, tags, mentionedCards). A Q&A page is stored under the canonical FAQ URL of
its fid (the URL offline ingest of the Q&A mirror uses), whatever extra query the link carried
(`&keyword=&tag=-1`), so one fid is one store entry; the fetched URL stays in meta["fetched_url"]."""

import re
from urllib.parse import parse_qs, urlsplit

from crawlers.offline import FAQ_URL
from crawlers.records import Heading
from crawlers.spiders.base import RulingSpider

_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})")


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


class KonamiFaqSpider(RulingSpider):
    name = "konami-faq"
    default_start_url = "https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=4&cid=4007&request_locale=ja"
    layout = "konami-faq"
    language = "ja"
    follow = (r"faq_search\.action\?.*\bope=[45]\b",)
    deny = ()

    def store_url(self, url):
        fid = _fid(url)
        return FAQ_URL.format(fid=fid) if fid is not None else url

    def refine(self, page, response, selector):
        fid = _fid(response.url)
        if fid is None:
            return None  # a list page: only its links matter
        page.meta.update({"fid": fid, "faq_url": FAQ_URL.format(fid=fid), "fetched_url": response.url})
        page.url = FAQ_URL.format(fid=fid)
        if selector is None:
            return page
        sel = selector
        title = _text(sel, "#broad_title h1, #broad_title") or page.title
        question = _text(sel, "#question_text")
        answer = _text(sel, "#answer_text")
        if not (question and answer):
            page.problems.append("Q&A page without #question_text / #answer_text; kept the whole text")
        else:
            blocks = [(1, title, title), (2, "質問", f"質問\n{question}"), (2, "回答", f"回答\n{answer}")]
            page.headings, pos, parts = [], 0, []
            for level, heading, block in blocks:
                page.headings.append(Heading(level, heading, pos))
                parts.append(block)
                pos += len(block) + 1
            page.text = "\n".join(parts)
        page.title = title
        date = _DATE.search(_text(sel, "#tag_update") or "")
        cards = []
        for href in sel.css("#question_text a::attr(href), #answer_text a::attr(href)").getall():
            cid = _query(response.urljoin(href)).get("cid")
            if cid and cid.isdigit() and int(cid) not in cards:
                cards.append(int(cid))
        page.meta.update({
            "databaseDate": "-".join((date.group(1), date.group(2).zfill(2), date.group(3).zfill(2))) if date else None,
            "tags": [t.strip() for t in sel.css("#tag_list .tag::text, #tag_list a::text").getall() if t.strip()],
            "mentionedCards": cards, "title": title, "question": question, "answer": answer,
        })
        page.language = "ja"
        return page


def _fid(url: str) -> int | None:
    """The fid of a Q&A page URL (`ope=5&fid=N`), None for any other page."""
    query = _query(url)
    fid = query.get("fid", "")
    return int(fid) if query.get("ope") == "5" and fid.isdigit() else None


def _text(response, css: str) -> str:
    """Text of the first match with <br> as newlines (Q&A answers are paragraphs split by <br>)."""
    nodes = response.css(css)
    if not nodes:
        return ""
    parts = nodes[0].xpath(".//text() | .//br").getall()
    # Source newlines inside text nodes are markup formatting; only <br> ends a line.
    out = "".join("\n" if p.startswith("<br") else " ".join(p.split()) for p in parts)
    lines = [" ".join(line.split()) for line in out.split("\n")]
    return "\n".join(lines).strip()

"""Spider units in memory, as Scrapy tests itself: an HtmlResponse built from a fixture page (markup
from the real sites, see tests/fixtures/sites/generate.py) goes through one spider's parse, or through
the encoding decoder, the extractor or one middleware alone; no server, no crawl."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from scrapy import Request
from scrapy.http import HtmlResponse

from crawlers.items import FetchedPage
from crawlers.konami import CARD_FAQ_URL, FAQ_URL
from crawlers.offline import read_paths
from crawlers.spiders import SPIDERS
from pipeline.segment import segment_page
from tests.fixtures.sites.generate import build_site, canonical_path, konami_faq_site

ORIGIN = "https://www.db.yugioh-card.com"


def _response(url: str, body: bytes, content_type: str = "text/html; charset=UTF-8", headers=None) -> HtmlResponse:
    request = Request(url, meta={"store_url": url})
    return HtmlResponse(url=url, body=body, request=request,
                        headers={"Content-Type": content_type, **(headers or {})})


def _run(spider, response):
    out = list(spider.parse(response))
    pages = [o.page for o in out if isinstance(o, FetchedPage)]
    requests = [o for o in out if isinstance(o, Request)]
    return pages, requests


def _query(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


# --- Konami FAQ ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def faq_site(shared_dir):
    return konami_faq_site(shared_dir)


def _list_path(site, page: int = 1) -> str:
    return next(p for p in site.resources if "ope=4" in p and (f"page={page}" in p or (page == 1 and "page=" not in p)))


def test_konami_list_page_yields_the_supplement_and_a_request_per_row(faq_site):
    spider = SPIDERS["konami-faq"](start_url=ORIGIN + faq_site.start_path)
    path = _list_path(faq_site)
    pages, requests = _run(spider, _response(ORIGIN + path, faq_site.resources[path].body))
    assert [p.url for p in pages] == [CARD_FAQ_URL.format(cid=5533)]
    supplement = pages[0]
    assert supplement.meta["cid"] == 5533 and supplement.title == "王家の眠る谷－ネクロバレー"
    assert supplement.meta["supplements"][0]["date"] == "2024-01-25"
    assert supplement.text.splitlines()[1] == "補足情報"
    fids = sorted(int(_query(r.url)["fid"]) for r in requests if _query(r.url).get("ope") == "5")
    assert fids == sorted(qa["fid"] for qa in faq_site.expected.values())  # from input.link_value alone
    assert all(_query(r.url).get("request_locale") == "ja" for r in requests)
    # The row markup has no <a href> to a Q&A: without link_value nothing would be followed.
    assert b'href="/yugiohdb/faq_search.action?ope=5' not in faq_site.resources[path].body


def test_konami_list_of_120_asks_for_its_second_page_of_100(shared_dir):
    site = konami_faq_site(shared_dir, count=120, supplement=False)
    spider = SPIDERS["konami-faq"](start_url=ORIGIN + site.start_path)
    path = _list_path(site)
    pages, requests = _run(spider, _response(ORIGIN + path, site.resources[path].body))
    assert pages == []  # no supplement: the list page itself stores nothing
    lists = [_query(r.url) for r in requests if _query(r.url).get("ope") == "4"]
    assert lists == [{"ope": "4", "cid": "5533", "rp": "100", "request_locale": "ja", "page": "2"}]
    assert len([r for r in requests if _query(r.url).get("ope") == "5"]) == 100


def test_konami_qa_page_fields(faq_site):
    spider = SPIDERS["konami-faq"](start_url=ORIGIN + faq_site.start_path)
    path, qa = next(iter(faq_site.expected.items()))
    pages, requests = _run(spider, _response(ORIGIN + path, faq_site.resources[path].body))
    page = pages[0]
    assert page.url == FAQ_URL.format(fid=qa["fid"]) and page.meta["databaseDate"] == qa["databaseDate"]
    assert page.meta["tags"] == qa["tags"] and page.meta["answer"] == qa["answer"].strip()
    assert 5533 in page.meta["mentionedCards"]
    # The card links of a Q&A lead to other cards' lists: not followed unless KONAMI_FOLLOW_CARDS.
    assert not any(_query(r.url).get("ope") == "4" and _query(r.url).get("cid") != "5533" for r in requests)


def test_konami_saved_pages_ingested_offline(faq_site, tmp_path):
    """Saved pages (a file has no fid in its name: the page's og:url has it) give the Q&A with fid,
    date and cards, and the card's supplement as a supplement ruling citing the card's FAQ page."""
    path, qa = next(iter(faq_site.expected.items()))
    (tmp_path / "qa.html").write_bytes(faq_site.resources[path].body)
    (tmp_path / "card.html").write_bytes(faq_site.resources[_list_path(faq_site)].body)
    pages = {p.meta["path"].rsplit("/", 1)[1]: p for p, _ in read_paths([tmp_path])}
    saved = pages["qa.html"]
    assert saved.url == FAQ_URL.format(fid=qa["fid"]) and saved.source_id == "konami-faq"
    assert (saved.meta["fid"], saved.meta["databaseDate"]) == (qa["fid"], qa["databaseDate"])
    assert set(saved.meta["mentionedCards"]) <= set(qa["mentionedCards"]) and saved.meta["mentionedCards"]
    [segment] = segment_page(saved)
    assert segment.kind == "qa" and segment.date == qa["databaseDate"] and segment.meta["fid"] == qa["fid"]

    card = pages["card.html"]
    assert card.url == CARD_FAQ_URL.format(cid=5533)
    [supplement] = segment_page(card)
    assert supplement.kind == "supplement" and supplement.date == "2024-01-25"
    assert supplement.meta["source_url"] == CARD_FAQ_URL.format(cid=5533)
    assert card.text[supplement.start:supplement.end].startswith("【①の効果について】")


def test_fixture_server_finds_a_resource_whatever_the_parameter_order(faq_site):
    path = next(iter(faq_site.expected))
    base, query = path.split("?")
    shuffled = base + "?" + "&".join(reversed(query.split("&")))
    assert canonical_path(shuffled) == path and shuffled != path


# --- PukiWiki (yugioh-wiki.net) --------------------------------------------------------------------

def test_pukiwiki_links_written_with_the_default_port_are_the_same_site():
    spider = SPIDERS["jp-wiki"](start_url="https://yugioh-wiki.net/index.php?FrontPage")
    # as the real pages write them (okmethod/ygo-solitaire .claude/agents/fetch-card-info.md)
    assert spider.should_follow("https://yugioh-wiki.net:443/index.php?%A5%C1%A5%A7%A1%BC%A5%F3")
    assert not spider.should_follow("https://yugioh-wiki.net:8443/index.php?%A5%C1%A5%A7%A1%BC%A5%F3")
    assert not spider.should_follow("https://yugioh-wiki.net:443/index.php?cmd=edit&page=%A5%C1")


def test_pukiwiki_page_parse_keeps_rb_and_drops_readings_and_menu(shared_dir):
    site = build_site("jp-wiki", shared_dir)
    origin = "https://yugioh-wiki.net:443"  # the site's own links, default port written out
    path, facts = list(site.expected.items())[1]
    body = site.resources[path].body.replace(b"@@ORIGIN@@", origin.encode())
    spider = SPIDERS["jp-wiki"](start_url="https://yugioh-wiki.net/index.php?FrontPage")
    pages, requests = _run(spider, _response("https://yugioh-wiki.net" + path, body, "text/html; charset=EUC-JP"))
    page = pages[0]
    assert page.headings[1].text == facts["heading"] and "しっぷう" not in page.text
    assert facts["pre"] in page.text and "カードの種類" not in page.text and "†" not in page.text
    followed = {r.url for r in requests}
    assert any("%A5%C1%A5%A7%A1%BC%A5%F3" in u for u in followed)  # チェーン, linked with :443
    assert not any("cmd=" in u or "plugin=" in u for u in followed)

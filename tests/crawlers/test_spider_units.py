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


# --- ourocg (zh-forum spider) ----------------------------------------------------------------------

def test_ourocg_list_store_gives_card_links_and_card_text_comes_from_templates(shared_dir):
    site = build_site("ourocg", shared_dir)
    spider = SPIDERS["zh-forum"](start_url="https://www.ourocg.cn/card/list-5/1")
    _, requests = _run(spider, _response("https://www.ourocg.cn/card/list-5/1", site.resources["/card/list-5/1"].body))
    assert {r.url for r in requests} == {f"https://www.ourocg.cn{p}" for p in site.expected}
    path, facts = next(iter(site.expected.items()))
    pages, _ = _run(spider, _response("https://www.ourocg.cn" + path, site.resources[path].body))
    assert facts["effect"] in pages[0].text and pages[0].problems == []
    generic = SPIDERS["zh-forum"](start_url="https://www.ourocg.cn/")
    generic.layout_of = lambda response: "generic"  # what the page gives when <template> is dropped
    pages, _ = _run(generic, _response("https://www.ourocg.cn" + path, site.resources[path].body))
    assert facts["effect"] not in pages[0].text


# --- MediaWiki (fr-wiki spider) ---------------------------------------------------------------------

def test_mediawiki_drops_div_navbox_and_follows_card_rulings(shared_dir):
    site = build_site("fr-wiki", shared_dir)
    spider = SPIDERS["fr-wiki"](start_url="https://yugipedia.com/wiki/Trou_Noir")
    pages, requests = _run(spider, _response("https://yugipedia.com/wiki/Trou_Noir", site.resources["/wiki/Trou_Noir"].body))
    followed = {r.url for r in requests}
    assert followed & {"https://yugipedia.com/wiki/Card_Rulings:Trou_Noir", "https://yugipedia.com/wiki/Card_Rulings%3ATrou_Noir"}
    assert not any("Sp%C3%A9cial" in u or "Cat%C3%A9gorie" in u or "action=" in u for u in followed)
    assert "Cartes Magie" not in pages[0].text
    path, facts = list(site.expected.items())[1]
    pages, _ = _run(spider, _response("https://yugipedia.com" + path, site.resources[path].body))
    assert [line for line in pages[0].text.split("\n") if line.startswith("- ")] == [f"- {r}" for r in facts["rulings"]]


# --- Japanese expert-rule site ----------------------------------------------------------------------

def test_expert_site_real_start_url_stays_in_its_folder_and_drops_the_menu(shared_dir):
    spider = SPIDERS["jp-expert"]()
    assert spider.start_url == "http://home.att.ne.jp/moon/puppiy/rule/"
    assert spider.should_follow("http://home.att.ne.jp/moon/puppiy/rule/trap/T1/trap1.htm")
    assert not spider.should_follow("http://home.att.ne.jp/moon/someone/index.html")
    site = build_site("jp-expert", shared_dir)
    path, facts = next(iter(site.expected.items()))
    pages, _ = _run(spider, _response("http://home.att.ne.jp" + path, site.resources[path].body, "text/html"))
    assert facts["lines"][0].strip() in pages[0].text and "■サイドデッキ" not in pages[0].text


# --- the encoding decoder, the extractor, each middleware alone --------------------------------------

def test_decoder_alone_overrules_a_wrong_header_on_a_fixture_page(shared_dir):
    from crawlers.encoding import decode_page

    site = build_site("jp-expert", shared_dir)
    _, (path, facts) = site.expected.items()
    decoded = decode_page(site.resources[path].body, site.resources[path].content_type)
    assert decoded.declared_encoding == "euc_jp" and decoded.detected_encoding == "cp932"
    assert facts["lines"][0].strip() in decoded.text and decoded.replacement_chars == 0


def test_extractor_alone_on_the_furo_build(shared_dir):
    from crawlers.extract import extract

    html = (shared_dir / "corpus" / "ocg-rule-docs-html" / "c02" / "连锁基础.html").read_text(encoding="utf-8")
    out = extract(html, "https://ocg-rule.readthedocs.io/zh-cn/latest/c02/x.html", "sphinx")
    assert out.problems == [] and out.title == "连锁基础"
    assert not any(s in out.text for s in ("Contents", "Light mode", "Hide navigation sidebar", "Back to top", "小技巧"))
    notes = [out.text[a:b] for a, b in out.notes]
    assert any(n.startswith("简单理解，类似斗地主") for n in notes)


def test_backoff_retry_middleware_alone():
    from scrapy.http import Response
    from scrapy.utils.test import get_crawler

    from crawlers.middlewares import BackoffRetryMiddleware

    crawler = get_crawler(settings_dict={"RETRY_TIMES": 2, "RETRY_BACKOFF_BASE": 1.5, "RETRY_BACKOFF_MAX": 10})
    crawler.spider = SPIDERS["zh-forum"].from_crawler(crawler, start_url="http://127.0.0.1/")
    mw = BackoffRetryMiddleware.from_crawler(crawler)
    request = Request("http://127.0.0.1/flaky.html")
    retry = mw.process_response(request, Response(request.url, status=503, request=request))
    assert isinstance(retry, Request) and retry.meta["retry_times"] == 1 and retry.meta["backoff_delay"] == 1.5
    later = mw.process_response(retry, Response(request.url, status=503, headers={"Retry-After": "4"}, request=retry))
    assert later.meta["backoff_delay"] == 4.0
    ok = Response(request.url, status=200, request=request)
    assert mw.process_response(request, ok) is ok


def test_conditional_request_middleware_alone(tmp_path, faq_site):
    from crawlers.middlewares import ConditionalRequestMiddleware
    from crawlers.store import RawStore

    spider = SPIDERS["konami-faq"](start_url=ORIGIN + faq_site.start_path)
    path, qa = next(iter(faq_site.expected.items()))
    response = _response(ORIGIN + path, faq_site.resources[path].body,
                         headers={"Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT", "ETag": '"abc"'})
    [page], _ = _run(spider, response)
    RawStore(tmp_path).put(page, faq_site.resources[path].body)
    mw = ConditionalRequestMiddleware(tmp_path)
    again = spider.request(ORIGIN + path)  # keyed by the canonical FAQ URL, whatever the query
    assert mw.process_request(again) is None
    assert again.headers[b"If-None-Match"] == b'"abc"'
    assert again.headers[b"If-Modified-Since"] == b"Wed, 21 Oct 2015 07:28:00 GMT"
    assert again.meta["known_outlinks"] == page.outlinks
    fresh = spider.request(ORIGIN + "/yugiohdb/faq_search.action?ope=5&fid=1")
    assert mw.process_request(fresh) is None and b"If-None-Match" not in fresh.headers


def test_every_crawled_source_has_its_spider_and_every_spider_is_a_source():
    from crawlers.sources import CRAWLED, SOURCES
    from crawlers.spiders import SPIDERS

    assert set(SPIDERS) == set(CRAWLED)
    assert set(CRAWLED) < set(SOURCES)  # the offline readers know every crawled source, and more

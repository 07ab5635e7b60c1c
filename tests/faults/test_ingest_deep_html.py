"""Attack: HTML nested deeper than the parser's default limit. A forum page whose 1,500 posts each
open a <div> that is never closed (libxml2 stops at 256 levels by default and Python's recursion at
~1,000) must keep every post; a page nested 100,000 levels deep cannot be extracted whole and must be
reported as that page's error, never stored as a success with its text gone. Offline ingest and a real
Scrapy crawl on 127.0.0.1."""

from __future__ import annotations

from crawlers.offline import ingest_to_store
from crawlers.store import RawStore
from tests.fixtures.sites.generate import ROBOTS, Resource, Site
from tests.fixtures.sites.server import serve

POSTS = 1500


def _forum_page() -> str:
    posts = "".join(f'<div class="post"><p>第{i}楼：「旋风」可以破坏盖放的魔法卡。</p>' for i in range(POSTS))
    return f"<html><head><title>规则讨论</title></head><body><h1>规则讨论</h1>{posts}</body></html>"


def _deep_page() -> str:
    return ("<html><head><title>深</title></head><body>" + "<div>" * 100_000
            + "<p>「旋风」的效果处理。</p>" + "</div>" * 100_000 + "</body></html>")


def test_ingest_forum_page_with_1500_unclosed_divs_keeps_every_post_and_100k_deep_page_is_an_error(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "forum.html").write_text(_forum_page(), encoding="utf-8")
    (pages / "deep.html").write_text(_deep_page(), encoding="utf-8")

    result = ingest_to_store([pages], RawStore(tmp_path / "raw"))

    (page,) = RawStore(tmp_path / "raw").pages()
    assert page.url == (pages / "forum.html").as_uri()
    for i in range(POSTS):
        assert f"第{i}楼：「旋风」可以破坏盖放的魔法卡。" in page.text
    assert dict(result["errors"]) == {
        (pages / "deep.html").as_uri(): "HTML nested too deeply (over 2048 levels); its text past that "
                                           "depth cannot be extracted"}
    assert (result["new"], result["failed"]) == (1, 1)


def test_crawl_100k_deep_page_is_a_failure_and_1500_unclosed_divs_keep_every_post(crawl, tmp_path):
    server = serve(Site("deep", "/index.html", {
        "/robots.txt": Resource(ROBOTS, "text/plain"),
        "/index.html": Resource(_forum_page().replace("<h1>", '<a href="/deep.html">deep</a><h1>').encode()),
        "/deep.html": Resource(_deep_page().encode()),
    }))
    try:
        summary = crawl("zh-forum", server.start_url)
    finally:
        server.stop()
    (page,) = RawStore(tmp_path / "raw").pages()
    assert page.url == server.start_url and page.text.count("「旋风」可以破坏盖放的魔法卡") == POSTS
    assert dict(map(tuple, summary["errors"])) == {
        server.url("/deep.html"): "HTML nested too deeply (over 2048 levels); its text past that depth "
                                  "cannot be extracted"}

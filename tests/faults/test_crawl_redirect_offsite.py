"""Attack: a page of the crawled site answers 302 to another host or port. The crawl must not follow
it (nor store what is there), unless that site is explicitly allowed, and then that site's own
robots.txt is fetched and honoured. Real Scrapy against two real HTTP servers on 127.0.0.1."""

from __future__ import annotations

from crawlers.store import RawStore
from tests.fixtures.sites.generate import ROBOTS, Resource, Site
from tests.fixtures.sites.server import serve


def _page(title: str, body: str, links: str = "") -> bytes:
    return (f"<html><head><title>{title}</title></head><body><h1>{title}</h1><p>{body}</p>{links}"
            f"</body></html>").encode()


def _sites():
    other = serve(Site("other", "/index.html", {
        "/robots.txt": Resource(ROBOTS, "text/plain"),
        "/index.html": Resource(_page("外站", "外站的页面，不属于被爬取的站点。")),
        "/private/secret.html": Resource(_page("秘密", "robots.txt 禁止的页面。")),
    }))
    links = '<a href="/go-away.html">a</a> <a href="/go-private.html">b</a>'
    home = serve(Site("home", "/index.html", {
        "/robots.txt": Resource(ROBOTS, "text/plain"),
        "/index.html": Resource(_page("规则讨论区", "欢迎来到规则讨论区。", links)),
        "/go-away.html": Resource(b"", status=302, behaviour="loop",
                                  headers={"Location": other.url("/index.html")}),
        "/go-private.html": Resource(b"", status=302, behaviour="loop",
                                     headers={"Location": other.url("/private/secret.html")}),
    }))
    return home, other


def test_crawl_redirect_to_another_port_is_not_followed_unless_allowed_then_its_robots_txt_rules(
        crawl, tmp_path):
    home, other = _sites()
    try:
        summary = crawl("zh-forum", home.start_url, store=tmp_path / "refused")
        stored = {p.url for p in RawStore(tmp_path / "refused").pages()}
        assert stored == {home.start_url}
        assert other.hits == []  # not even its robots.txt: the crawl never went there
        failures = dict(map(tuple, summary["errors"]))
        netloc = other.base.split("//")[1]
        for path in ("/go-away.html", "/go-private.html"):
            assert "offsite" in failures[home.url(path)] and netloc in failures[home.url(path)]

        # Allowed explicitly: followed, and that site's robots.txt keeps its /private/ page out.
        crawl("zh-forum", home.start_url, "-s", f"CRAWL_ALLOWED_SITES={netloc}", store=tmp_path / "allowed")
        stored = {p.url for p in RawStore(tmp_path / "allowed").pages()}
        assert stored == {home.start_url, other.url("/index.html")}
        paths = [p for _, p, _ in other.hits]
        assert "/robots.txt" in paths and "/private/secret.html" not in paths
    finally:
        home.stop()
        other.stop()

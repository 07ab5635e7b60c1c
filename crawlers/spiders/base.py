"""What every ruling spider shares: start from one URL, stay on its site, turn each response into a
RawPage (decode -> extract -> language), follow the site's content links, and turn every failure into
a FetchFailed item naming the URL and the reason. Spiders only parse; the pipeline stores."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import scrapy
from parsel import Selector
from scrapy.exceptions import IgnoreRequest
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.internet.error import ConnectionRefusedError, DNSLookupError, TCPTimedOutError, TimeoutError
from twisted.web._newclient import ResponseFailed

from crawlers.encoding import decode_page
from crawlers.extract import extract
from crawlers.items import FetchedPage, FetchFailed, NotModified
from crawlers.offline import sniff_binary
from rulings.records import RawPage
from crawlers.store import sha256_hex, utc_now
from rulings.errors import InputError
from rulings.text import detect_language

_TEXT_TYPES = ("text/html", "application/xhtml+xml", "text/plain", "application/xml", "text/xml")


class RulingSpider(scrapy.Spider):
    name = "ruling-base"
    default_start_url = ""  # the real site; tests always pass start_url for the local server
    layout = "generic"
    language = "en"  # fallback when the text gives no clue
    follow = (r".",)  # regexes a same-site link must match to be followed
    deny = (r"[?&](?:action|cmd|plugin|do|mod)=(?!viewthread|forumdisplay)", r"\.(?:png|jpe?g|gif|css|js|zip)$")

    def __init__(self, start_url: str | None = None, max_pages: int | str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.start_url = start_url or self.default_start_url
        parts = urlsplit(self.start_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise InputError(f"start URL {self.start_url!r}: not an http(s) URL")
        self.site = site_of(self.start_url)
        self.allowed_domains = [parts.hostname]
        self.max_pages = int(max_pages) if max_pages else None
        self.scheduled: set[str] = set()
        self._follow = [re.compile(p) for p in self.follow]
        self._deny = [re.compile(p) for p in self.deny]

    # --- requests ----------------------------------------------------------------------------
    async def start(self):
        # With a JOBDIR, self.state is persisted: a resumed crawl keeps its scheduled set and does not
        # start over (the pending requests come back from the job's queue).
        if hasattr(self, "state"):
            self.scheduled = self.state.setdefault("scheduled", self.scheduled)
        if self.store_url(self.start_url) in self.scheduled:
            return
        self.scheduled.add(self.store_url(self.start_url))
        yield self.request(self.start_url)

    def request(self, url: str) -> scrapy.Request:
        # Dedup is our own `scheduled` set; dont_filter lets a redirect loop run into REDIRECT_MAX_TIMES
        # (and be reported) instead of being silently dropped by the duplicate filter.
        # meta["store_url"] is the page's key in the raw store, which ConditionalRequestMiddleware
        # uses to find the stored ETag / Last-Modified.
        return scrapy.Request(url, callback=self.parse, errback=self.failed, dont_filter=True,
                              meta={"store_url": self.store_url(url)})

    def store_url(self, url: str) -> str:
        """The URL a page fetched from `url` is stored under: the URL itself unless the source has a
        canonical form (one store entry per document however it was reached)."""
        return url

    def should_follow(self, url: str) -> bool:
        if site_of(url) != self.site or self.store_url(url) in self.scheduled:
            return False
        if any(d.search(url) for d in self._deny):
            return False
        return any(f.search(url) for f in self._follow)

    def follow_links(self, links):
        for link in links:
            if self.max_pages is not None and len(self.scheduled) >= self.max_pages:
                return
            if self.should_follow(link):
                # Keyed like the store: two links to one document (a Q&A fid with another query) fetch once.
                self.scheduled.add(self.store_url(link))
                yield self.request(link)

    # --- responses ---------------------------------------------------------------------------
    def parse(self, response):
        if response.status == 304:
            yield NotModified(response.meta.get("store_url", response.url), self.name)
            # The stored copy's links (attached by ConditionalRequestMiddleware) keep the crawl going.
            yield from self.follow_links(response.meta.get("known_outlinks", []))
            return
        content_type = response.headers.get(b"Content-Type", b"").decode("latin-1").strip()
        mime = content_type.split(";")[0].strip().lower()
        binary = sniff_binary(response.body[:8192])
        if binary or (mime and not mime.startswith(_TEXT_TYPES)):
            yield FetchFailed(response.url, self.name, f"not a text page ({mime or binary})")
            return
        try:
            page, selector = self.make_page(response, content_type, mime)
        except InputError as exc:  # e.g. HTML nested too deeply to extract all of its text
            yield FetchFailed(response.url, self.name, str(exc).removeprefix(f"{response.url}: "))
            return
        # followed even when refine() drops the page (list pages); stored with the page, so a 304 on a
        # later crawl still leads on through them
        links = page.outlinks = list(dict.fromkeys(list(page.outlinks) + self.more_links(response, selector)))
        page = self.refine(page, response, selector)
        if page is not None:
            yield FetchedPage(page, response.body)
        yield from self.follow_links(links)

    def make_page(self, response, content_type: str, mime: str) -> tuple[RawPage, Selector | None]:
        is_html = mime != "text/plain"
        decoded = decode_page(response.body, content_type, is_html=is_html)
        problems = list(decoded.problems)
        meta: dict = {}
        if is_html:
            layout = self.layout_of(response)
            extracted = extract(decoded.text, response.url, layout)
            title, text, headings, outlinks = extracted.title, extracted.text, extracted.headings, extracted.outlinks
            problems += extracted.problems
            if b"</html" not in response.body[-4096:].lower():
                problems.append("HTML looks truncated (no closing </html>)")
            meta["layout"] = layout
            if extracted.notes:
                meta["note_spans"] = extracted.notes
        else:
            text = decoded.text.replace("\r\n", "\n")
            title = next((ln.strip() for ln in text.split("\n") if ln.strip()), "")[:120]
            headings, outlinks = [], []
        redirected = response.request.meta.get("redirect_urls")
        if redirected:
            meta["redirected_from"] = redirected[0]
        page = RawPage(
            url=response.url, source_id=self.name, language=detect_language(text, self.language),
            content_hash=sha256_hex(response.body), text=text, title=title, headings=headings,
            format="html" if is_html else "text", declared_encoding=decoded.declared_encoding,
            detected_encoding=decoded.detected_encoding, replacement_chars=decoded.replacement_chars,
            fetched_at=utc_now(), status=response.status, etag=_header(response, b"ETag"),
            last_modified=_header(response, b"Last-Modified"), content_type=content_type or None,
            outlinks=outlinks, meta=meta, problems=problems,
        )
        selector = Selector(text=decoded.text) if is_html and decoded.text.strip() else None
        return page, selector

    def layout_of(self, response) -> str:
        """The extractor layout for one response (a source may mix page kinds)."""
        return self.layout

    def more_links(self, response, selector: Selector | None) -> list[str]:
        """Links a page gives other than <a href> (script-driven rows, computed list pages)."""
        return []

    def refine(self, page: RawPage, response, selector: Selector | None) -> RawPage | None:
        """Source-specific touches (Q&A fields, language); None drops the page (e.g. a list page)."""
        return page

    # --- failures ----------------------------------------------------------------------------
    def failed(self, failure):
        request = failure.request
        exc = failure.value
        if isinstance(exc, HttpError):
            response = exc.response
            reason = f"HTTP {response.status}"
            if response.status in (404, 410):
                reason += " (gone)" if response.status == 410 else " (not found)"
        elif isinstance(exc, IgnoreRequest):
            message = str(exc) or type(exc).__name__
            if "robots.txt" in message:
                return  # not a failure: the site asked us not to fetch it
            reason = "redirect loop (max redirections reached)" if "redirections" in message else message
        elif isinstance(exc, (TimeoutError, TCPTimedOutError)):
            reason = "timed out"
        elif isinstance(exc, (DNSLookupError, ConnectionRefusedError)):
            reason = f"cannot connect ({type(exc).__name__})"
        elif type(exc).__name__ == "ResponseDataLossError":
            reason = "download truncated: fewer bytes than the Content-Length header announced"
        elif type(exc).__name__ == "DownloadCancelledError":
            reason = f"too large: {exc}".split(" in request <")[0]
        elif isinstance(exc, ResponseFailed):
            reason = "connection lost mid-response (truncated download): " + "; ".join(
                str(r.value) or type(r.value).__name__ for r in exc.reasons)
        else:
            reason = f"{type(exc).__name__}: {exc}".strip().rstrip(":")
        # Name the URL the crawl asked for, not the last hop of a redirect chain.
        yield FetchFailed(request.meta.get("redirect_urls", [request.url])[0], self.name, reason)


_DEFAULT_PORTS = {"http": 80, "https": 443}


def site_of(url: str) -> str:
    """host[:port] of a URL, lower case, the scheme's default port left out: PukiWiki writes its own
    links as https://yugioh-wiki.net:443/…, the same site as https://yugioh-wiki.net/."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        return parts.netloc.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    return host if port is None or port == _DEFAULT_PORTS.get(parts.scheme) else f"{host}:{port}"


def _header(response, name: bytes) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1") if value else None

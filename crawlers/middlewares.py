"""Downloader middlewares: the crawl stays on its site (redirects included), retries that back off, and
conditional re-fetches from the raw store."""

from __future__ import annotations

import asyncio

from scrapy.downloadermiddlewares.offsite import OffsiteMiddleware
from scrapy.downloadermiddlewares.retry import RetryMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.utils.httpobj import urlparse_cached

from crawlers.store import RawStore


class SiteOffsiteMiddleware(OffsiteMiddleware):
    """Scrapy's offsite filter, made strict: a request (a followed link or the target of a redirect, which
    Scrapy schedules again through every downloader middleware) must be on the spider's site — same
    host AND port — or on a site listed in CRAWL_ALLOWED_SITES (host:port, comma-separated). Scrapy's own
    filter compares host names only and lets dont_filter requests through; our spiders set dont_filter
    (they deduplicate themselves), so a 302 to another host would otherwise be fetched and stored.
    Allowed sites go on to RobotsTxtMiddleware, which fetches and honours their own robots.txt."""

    def spider_opened(self, spider):
        super().spider_opened(spider)
        extra = self.crawler.settings.getlist("CRAWL_ALLOWED_SITES")
        self.sites = {getattr(spider, "site", None), *(s.strip().lower() for s in extra if s.strip())} - {None}

    def request_scheduled(self, request, spider):
        """Checked when downloaded instead (process_request), where the refusal reaches the spider's
        errback and is reported as that URL's failure; Scrapy's check here drops it without a word."""

    def process_request(self, request, spider=None):
        if request.meta.get("allow_offsite") or self.should_follow(request, self.crawler.spider):
            return None
        netloc = urlparse_cached(request).netloc
        self.stats.inc_value("offsite/filtered")
        raise IgnoreRequest(f"offsite: {netloc} is not this crawl's site (allow it with -s CRAWL_ALLOWED_SITES={netloc})")

    def should_follow(self, request, spider):
        if not getattr(self, "sites", None):
            return super().should_follow(request, spider)
        from crawlers.spiders.base import site_of  # :443 on an https link is the same site

        return site_of(request.url) in self.sites


class BackoffRetryMiddleware(RetryMiddleware):
    """Scrapy's retry rules, but each retry waits RETRY_BACKOFF_BASE * 2**(n-1) seconds (capped), or the
    server's Retry-After, so a struggling server is not hammered."""

    def __init__(self, settings):
        super().__init__(settings)
        self.base = settings.getfloat("RETRY_BACKOFF_BASE", 2.0)
        self.cap = settings.getfloat("RETRY_BACKOFF_MAX", 60.0)

    def process_response(self, request, response, spider=None):
        result = super().process_response(request, response)
        if result is not response and result is not None:
            retry_after = response.headers.get(b"Retry-After")
            if retry_after and retry_after.strip().isdigit():
                result.meta["backoff_delay"] = min(float(retry_after), self.cap)
        return result

    def _retry(self, request, reason):
        retry = super()._retry(request, reason)
        if retry is not None:
            n = retry.meta.get("retry_times", 1)
            retry.meta["backoff_delay"] = min(self.base * 2 ** (n - 1), self.cap)
        return retry

    async def process_request(self, request, spider=None):
        delay = request.meta.pop("backoff_delay", 0)
        if delay:
            await asyncio.sleep(delay)
        return None


class ConditionalRequestMiddleware:
    """Adds If-None-Match / If-Modified-Since from the stored page, so an unchanged page costs a 304."""

    def __init__(self, store_dir):
        self.store = RawStore(store_dir)

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler.settings.get("RAW_STORE_DIR"))

    def process_request(self, request, spider=None):
        if request.url.endswith("/robots.txt"):
            return None
        # The spider's store key, which differs from the fetched URL for canonicalized pages.
        known = self.store.get(request.meta.get("store_url", request.url))
        if known is None:
            return None
        # On a 304 the spider follows the stored copy's links, so an unchanged index still leads on.
        request.meta["known_outlinks"] = known.outlinks
        if known.etag:
            request.headers.setdefault(b"If-None-Match", known.etag.encode("latin-1", "replace"))
        if known.last_modified:
            request.headers.setdefault(b"If-Modified-Since", known.last_modified.encode("latin-1", "replace"))
        return None

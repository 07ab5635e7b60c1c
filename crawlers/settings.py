"""Every Scrapy setting of the crawl stage, in one place. Polite by default (robots.txt, AutoThrottle,
two requests at a time per site, a User-Agent that says who we are, retries with exponential backoff);
`rulings crawl -s KEY=VALUE` overrides any of them (tests and the benchmark turn throttling off)."""

from __future__ import annotations

USER_AGENT = "ygo-rulings/0.1 (+https://github.com/ygo-rulings; rulings research crawler; polite, obeys robots.txt)"

SETTINGS = {
    "BOT_NAME": "ygo-rulings",
    "SPIDER_MODULES": ["crawlers.spiders"],
    "USER_AGENT": USER_AGENT,
    "ROBOTSTXT_OBEY": True,
    "ROBOTSTXT_USER_AGENT": "ygo-rulings",
    # Politeness: AutoThrottle adapts the delay to the server's latency; never more than 2 in flight.
    "AUTOTHROTTLE_ENABLED": True,
    "AUTOTHROTTLE_START_DELAY": 2.0,
    "AUTOTHROTTLE_MAX_DELAY": 30.0,
    "AUTOTHROTTLE_TARGET_CONCURRENCY": 1.0,
    "DOWNLOAD_DELAY": 1.0,
    "CONCURRENT_REQUESTS": 8,
    "CONCURRENT_REQUESTS_PER_DOMAIN": 2,
    "DOWNLOAD_TIMEOUT": 30,
    # A ruling page is a few hundred kB; anything over 8 MB is not a page we want (and is refused).
    "DOWNLOAD_MAXSIZE": 8 * 1024 * 1024,
    "DOWNLOAD_WARNSIZE": 2 * 1024 * 1024,
    "REDIRECT_MAX_TIMES": 5,
    # Retries: server errors, timeouts and rate limits, waiting base * 2**n seconds (or Retry-After).
    "RETRY_ENABLED": True,
    "RETRY_TIMES": 3,
    "RETRY_HTTP_CODES": [500, 502, 503, 504, 522, 524, 408, 429],
    "RETRY_BACKOFF_BASE": 2.0,
    "RETRY_BACKOFF_MAX": 60.0,
    # 304 answers to conditional requests reach the spider (they mean "unchanged").
    "HTTPERROR_ALLOWED_CODES": [304],
    "COOKIES_ENABLED": False,
    "TELNETCONSOLE_ENABLED": False,
    "TWISTED_REACTOR": "twisted.internet.asyncioreactor.AsyncioSelectorReactor",
    "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    "LOG_LEVEL": "WARNING",
    "DOWNLOADER_MIDDLEWARES": {
        "scrapy.downloadermiddlewares.offsite.OffsiteMiddleware": None,
        "crawlers.middlewares.SiteOffsiteMiddleware": 50,
        "scrapy.downloadermiddlewares.retry.RetryMiddleware": None,
        "crawlers.middlewares.BackoffRetryMiddleware": 550,
        "crawlers.middlewares.ConditionalRequestMiddleware": 560,
    },
    "ITEM_PIPELINES": {"crawlers.pipelines.RawStorePipeline": 300},
    # Sites (host:port) besides the start URL's that the crawl may enter, by a link or a redirect.
    "CRAWL_ALLOWED_SITES": [],
    # Where the pipeline stores pages and the conditional middleware looks up ETags (set by the runner).
    "RAW_STORE_DIR": None,
    "CRAWL_SUMMARY_FILE": None,
}

# Settings a test or benchmark uses to crawl a local server at full speed.
FAST = {
    "AUTOTHROTTLE_ENABLED": False,
    "DOWNLOAD_DELAY": 0,
    "RETRY_BACKOFF_BASE": 0.05,
    "CONCURRENT_REQUESTS_PER_DOMAIN": 8,
    "DOWNLOAD_TIMEOUT": 10,
}

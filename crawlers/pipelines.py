"""The only item pipeline: spider items -> RawStore (and a counts summary for the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

from crawlers.items import FetchedPage, FetchFailed, NotModified
from crawlers.store import RawStore
from rulings.jsonl import atomic_write


class RawStorePipeline:
    def __init__(self, store_dir, summary_file):
        self.store_dir = store_dir
        self.summary_file = summary_file
        self.store: RawStore | None = None
        self.errors: list[tuple[str, str]] = []

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler.settings.get("RAW_STORE_DIR"), crawler.settings.get("CRAWL_SUMMARY_FILE"))

    def open_spider(self, spider=None):
        self.store = RawStore(self.store_dir)
        self.store.start_run(spider.name if spider is not None else "crawl")

    def process_item(self, item, spider=None):
        if isinstance(item, FetchedPage):
            self.store.put(item.page, item.raw)
        elif isinstance(item, NotModified):
            self.store.note_unchanged(item.url, item.source_id)
        elif isinstance(item, FetchFailed):
            self.store.note_failure(item.url, item.reason, item.source_id)
            self.errors.append((item.url, item.reason))
        return item

    def close_spider(self, spider=None):
        if self.summary_file:
            summary = {**self.store.counts, "run": self.store.run_id, "errors": self.errors}
            atomic_write(Path(self.summary_file), json.dumps(summary, ensure_ascii=False).encode("utf-8"))

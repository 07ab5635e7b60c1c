"""Run one spider with Scrapy's CrawlerProcess and return the counts its pipeline wrote.

Twisted's reactor runs once per process, so this is called from the `rulings crawl` process (tests run
that command in a subprocess).

Resuming: each (source, start URL) has a Scrapy JOBDIR. A crawl stopped by SIGINT / SIGTERM (Scrapy's
graceful shutdown) saves its pending requests and the spider's scheduled set there, and the same
command picks up where it stopped. A crawl killed outright (SIGKILL, power loss) saved nothing
coherent: its job directory still holds the RUNNING marker, so the next run discards it and starts
over, which is cheap because every stored page is only revalidated (ETag / If-Modified-Since -> 304).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from pathlib import Path

from crawlers.settings import FAST, SETTINGS
from crawlers.store import RawStore
from rulings.errors import InputError


def job_dir(source: str, start_url: str) -> Path:
    """Scrapy JOBDIR for one (source, start URL): an interrupted crawl resumes from here."""
    from rulings.config import data_home

    key = hashlib.sha256(start_url.encode("utf-8")).hexdigest()[:10]
    return data_home() / "jobs" / f"{source}-{key}"


RUNNING = "RUNNING"  # marker in the job directory while a crawl process owns it


def _claim_job(jobdir: Path, store: RawStore) -> bool:
    """Mark the job as running; returns True when a previous run was killed and its state discarded."""
    marker = jobdir / RUNNING
    killed = marker.exists()
    if killed:
        owner = marker.read_text(encoding="utf-8").strip()
        if owner.isdigit() and int(owner) != os.getpid() and _alive(int(owner)):
            raise InputError(f"job {jobdir}: another crawl of the same source and start URL is running "
                             f"(pid {owner}); wait for it or stop it")
        # Scrapy writes the queue index and spider state only when it closes: after a kill, the
        # queue files and the scheduled set disagree, and trusting them could lose pages.
        shutil.rmtree(jobdir, ignore_errors=True)
        store.sweep_partial()
    jobdir.mkdir(parents=True, exist_ok=True)
    marker.write_text(str(os.getpid()), encoding="utf-8")
    return killed


def _state_saved_since(jobdir: Path, started: float) -> bool:
    """Did Scrapy's SpiderState extension write the spider state during this run?"""
    try:
        return (jobdir / "spider.state").stat().st_mtime >= started - 1
    except FileNotFoundError:
        return False


def _alive(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def parse_overrides(pairs: list[str]) -> dict:
    overrides = {}
    for pair in pairs:
        if "=" not in pair:
            raise InputError(f"--set {pair!r}: expected KEY=VALUE")
        key, value = pair.split("=", 1)
        overrides[key.strip()] = value.strip()
    return overrides


def run_crawl(source: str, start_url: str | None = None, max_pages: int | None = None,
              store_dir: str | Path | None = None, overrides: dict | None = None, fast: bool = False) -> dict:
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess
    from scrapy.settings import Settings

    from crawlers.spiders import SPIDERS

    if source not in SPIDERS:
        raise InputError(f"source {source!r}: unknown (known: {', '.join(SPIDERS)})")
    spider_cls = SPIDERS[source]
    start_url = start_url or spider_cls.default_start_url
    store = RawStore(store_dir)
    jobdir = job_dir(source, start_url)
    started = time.time()
    restarted = _claim_job(jobdir, store)
    summary_file = store.path / f".summary-{jobdir.name}.json"  # one per job: parallel jobs do not mix
    summary_file.unlink(missing_ok=True)

    settings = Settings(SETTINGS)
    if fast:
        settings.setdict(FAST)
    settings.setdict({"RAW_STORE_DIR": str(store.path), "CRAWL_SUMMARY_FILE": str(summary_file),
                      "JOBDIR": str(jobdir)})
    settings.setdict(overrides or {})

    process = CrawlerProcess(settings)
    closed = {}

    def on_closed(spider, reason):
        closed["reason"] = reason

    crawler = process.create_crawler(spider_cls)
    # Scrapy holds signal handlers weakly; on_closed stays alive as a local until the crawl ends.
    crawler.signals.connect(on_closed, signals.spider_closed)
    process.crawl(crawler, start_url=start_url, max_pages=max_pages)
    process.start()

    reason = closed.get("reason", "not started")
    if reason == "finished":
        # A finished job must not leave its "seen" set behind, or the next crawl would skip every page.
        shutil.rmtree(jobdir, ignore_errors=True)
    elif reason != "not started" and _state_saved_since(jobdir, started):
        # Scrapy closed cleanly and saved the spider state: the next run may resume from it. After a
        # forced stop (Ctrl-C twice) the marker stays, so the next run starts over instead.
        (jobdir / RUNNING).unlink(missing_ok=True)
    if not summary_file.exists():
        raise InputError(f"crawl of {source} from {start_url} did not run (spider closed: {reason})")
    summary = json.loads(summary_file.read_text(encoding="utf-8"))
    summary_file.unlink(missing_ok=True)
    summary.update({"source": source, "start_url": start_url, "closed": reason,
                    "restarted_after_kill": restarted})
    return summary


"""An interrupted crawl resumes: a real `rulings crawl` subprocess against a slow 127.0.0.1 fixture site
(120 Konami Q&A pages) is stopped mid-crawl, then the same command is run again.

- SIGINT (Scrapy's graceful shutdown) persists the job state: the re-run fetches only what is left, and
  never asks the server again for a page the first run stored.
- SIGKILL leaves no job state worth trusting: the re-run starts over, but every page the first run
  stored costs only a conditional request (304), and the store never holds a half-written page.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import time
from typing import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from crawlers.offline import FAQ_URL
from crawlers.store import RawStore, sha256_hex
from rulings.config import REPO_ROOT, shared_dir
from tests.fixtures.sites.generate import konami_faq_site
from tests.fixtures.sites.server import serve

QA_COUNT = 120


@pytest.fixture
def big_faq():
    server = serve(konami_faq_site(shared_dir(), count=QA_COUNT, supplement=False))  # two list pages
    yield server
    server.stop()


def _fid(path: str) -> int | None:
    query = parse_qs(urlsplit(path).query)
    return int(query["fid"][0]) if query.get("ope") == ["5"] and "fid" in query else None


def _qa_hits(server, statuses=None) -> list[int]:
    """fids of the Q&A page requests the server answered (with one of `statuses`, if given)."""
    with server.lock:
        hits = list(server.hits)
    return [_fid(p) for _, p, s in hits if _fid(p) is not None and (statuses is None or s in statuses)]


@contextlib.contextmanager
def _running_crawl(server, cmd, env, tmp_path, min_stored: int = 15) -> Iterator[subprocess.Popen]:
    """The crawl started (slowly) and waited for until it has stored `min_stored` pages; killed if still
    running when the block ends, and the server idle again before the block's caller goes on."""
    store = RawStore(tmp_path / "raw")
    server.delay = 0.25  # 120 pages at 8 in flight: several seconds, so the crawl is surely mid-way
    proc = subprocess.Popen(cmd, env=env, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while len(store) < min_stored:
            assert proc.poll() is None, f"crawl ended before it was interrupted:\n{proc.communicate()[1][-3000:]}"
            assert time.monotonic() < deadline, "crawl stored nothing within 120 s"
            time.sleep(0.05)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        server.delay = 0.0
        server.wait_idle()  # requests of the stopped crawl must not count as the re-run's


def _interrupt(server, cmd, env, sig, tmp_path) -> subprocess.CompletedProcess:
    """Start the crawl, wait until it has stored some pages, send `sig`, wait for the exit."""
    with _running_crawl(server, cmd, env, tmp_path) as proc:
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def _stored_fids(tmp_path) -> set[int]:
    return {page.meta["fid"] for page in RawStore(tmp_path / "raw").pages()}


def _assert_store_whole(tmp_path):
    """Every record parses and points at a blob whose bytes hash to the recorded content_hash."""
    store = RawStore(tmp_path / "raw")
    for page in store.pages():  # raises InputError on a torn record
        assert sha256_hex(store.blob(page.content_hash)) == page.content_hash
        assert page.url == FAQ_URL.format(fid=page.meta["fid"]) and page.text.count("回答") >= 1


def _new_per_url(tmp_path) -> dict[str, int]:
    """How often each URL was logged "new" over every run: a page stored twice would show 2."""
    store = RawStore(tmp_path / "raw")
    counts: dict[str, int] = {}
    for run in store.runs():
        for entry in store.run_log(run):
            if entry["outcome"] == "new":
                counts[entry["url"]] = counts.get(entry["url"], 0) + 1
    return counts


def test_sigint_then_rerun_resumes_without_refetching(big_faq, crawl_command, crawl, tmp_path):
    server = big_faq
    all_fids = {qa["fid"] for qa in server.site.expected.values()}
    cmd, env = crawl_command("konami-faq", server.start_url)
    first = _interrupt(server, cmd, env, signal.SIGINT, tmp_path)
    # Interrupted is not success: a script chaining the next stage must not go on.
    assert first.returncode == 130, (first.returncode, first.stderr[-3000:])
    assert "re-run the same command to resume" in first.stderr
    summary = json.loads(first.stdout.strip().splitlines()[-1])
    assert summary["closed"] == "shutdown"
    stored_first = _stored_fids(tmp_path)
    assert 15 <= len(stored_first) < QA_COUNT  # really interrupted mid-way
    assert summary["new"] == len(stored_first)
    jobs = list((tmp_path / "home" / "jobs").iterdir())
    assert len(jobs) == 1 and (jobs[0] / "spider.state").exists()  # state kept for the resume
    _assert_store_whole(tmp_path)

    server.reset_log()
    second = crawl("konami-faq", server.start_url)
    assert second["closed"] == "finished" and second["restarted_after_kill"] is False
    assert _stored_fids(tmp_path) == all_fids
    asked_again = set(_qa_hits(server)) & stored_first
    assert asked_again == set(), f"re-fetched pages the interrupted run had stored: {sorted(asked_again)}"
    assert sorted(_qa_hits(server)) == sorted(all_fids - stored_first)  # each remaining page once
    assert (second["new"], second["changed"], second["unchanged"]) == (QA_COUNT - len(stored_first), 0, 0)
    assert set(_new_per_url(tmp_path).values()) == {1} and len(_new_per_url(tmp_path)) == QA_COUNT
    assert not (tmp_path / "home" / "jobs" / jobs[0].name).exists()  # a finished job leaves nothing

    # The finished job's state is gone, so the next crawl visits everything again (conditionally).
    server.reset_log()
    third = crawl("konami-faq", server.start_url)
    assert (third["new"], third["unchanged"]) == (0, QA_COUNT)
    assert sorted(_qa_hits(server, {304})) == sorted(all_fids)


def test_sigkill_leaves_no_half_page_and_rerun_completes(big_faq, crawl_command, crawl, tmp_path):
    server = big_faq
    all_fids = {qa["fid"] for qa in server.site.expected.values()}
    cmd, env = crawl_command("konami-faq", server.start_url)
    first = _interrupt(server, cmd, env, signal.SIGKILL, tmp_path)
    assert first.returncode == -signal.SIGKILL
    _assert_rerun_completes(server, crawl, tmp_path, all_fids)


def test_forced_stop_then_rerun_completes(big_faq, crawl_command, crawl, tmp_path):
    """Ctrl-C twice forces Scrapy to stop without a clean close: the re-run must still get every page
    exactly once, and no page the first run stored is downloaded in full again."""
    server = big_faq
    all_fids = {qa["fid"] for qa in server.site.expected.values()}
    cmd, env = crawl_command("konami-faq", server.start_url)
    with _running_crawl(server, cmd, env, tmp_path) as proc:
        proc.send_signal(signal.SIGINT)
        time.sleep(0.2)
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=120)
    assert proc.returncode != 0
    second = _assert_rerun_completes(server, crawl, tmp_path, all_fids, expect_restart=None)
    assert second["closed"] == "finished"


def _assert_rerun_completes(server, crawl, tmp_path, all_fids, expect_restart=True) -> dict:
    stored_first = _stored_fids(tmp_path)
    assert 15 <= len(stored_first) < QA_COUNT
    _assert_store_whole(tmp_path)

    server.reset_log()
    second = crawl("konami-faq", server.start_url)
    assert second["closed"] == "finished" and second["failed"] == 0
    if expect_restart is not None:
        assert second["restarted_after_kill"] is expect_restart  # the killed job's state was not trusted
    assert _stored_fids(tmp_path) == all_fids
    _assert_store_whole(tmp_path)
    # Pages the stopped run stored are at most revalidated (304), never downloaded in full again.
    assert sorted(_qa_hits(server, {200})) == sorted(all_fids - stored_first)
    assert set(_qa_hits(server, {304})) <= stored_first
    if second["restarted_after_kill"]:
        assert set(_qa_hits(server, {304})) == stored_first and second["unchanged"] == len(stored_first)
    assert second["new"] == QA_COUNT - len(stored_first)
    assert set(_new_per_url(tmp_path).values()) == {1} and len(_new_per_url(tmp_path)) == QA_COUNT
    # Temporary files the killed process left half-written are swept by the next crawl.
    assert not list((tmp_path / "raw").rglob("*.tmp"))
    return second


def test_a_running_job_is_not_taken_over(big_faq, crawl_command, tmp_path):
    """A second crawl of the same job while the first still runs refuses in one line, touching nothing."""
    server = big_faq
    cmd, env = crawl_command("konami-faq", server.start_url)
    with _running_crawl(server, cmd, env, tmp_path, min_stored=3) as first:
        second = subprocess.run(cmd, env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
        assert second.returncode != 0
        assert "another crawl" in second.stderr and len(second.stderr.strip().splitlines()) == 1
        assert first.poll() is None  # the running crawl was left alone
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=120)

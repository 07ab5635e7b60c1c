"""RawStore: content-addressed blobs, latest record per URL, run logs, crash safety."""

from __future__ import annotations

import pytest

from rulings.records import Heading, RawPage
from crawlers.store import RawStore, sha256_hex
from rulings.errors import InputError


def _page(url, text):
    return RawPage(url=url, source_id="zh-forum", language="zh-Hans", content_hash="", text=text,
                   headings=[Heading(level=1, text=text[:2], offset=0)], etag='"e1"')


def test_put_outcomes_blobs_and_run_pages(tmp_path):
    store = RawStore(tmp_path)
    store.start_run("zh-forum")
    assert store.put(_page("http://a/1", "连锁"), "连锁".encode()) == "new"
    assert store.put(_page("http://a/1", "连锁"), "连锁".encode()) == "unchanged"
    assert store.put(_page("http://a/1", "连锁2"), "连锁2".encode()) == "changed"
    store.note_failure("http://a/2", "HTTP 404 (not found)")
    assert store.run_counts() == {"new": 1, "changed": 1, "unchanged": 1, "failed": 1}
    page = store.get("http://a/1")
    assert page.text == "连锁2" and page.headings == [Heading(level=1, text="连锁", offset=0)] and page.etag == '"e1"'
    assert store.blob(page.content_hash) == "连锁2".encode() and page.content_hash == sha256_hex("连锁2".encode())
    assert store.blob(sha256_hex("连锁".encode())) == "连锁".encode()  # old content stays addressable
    assert [p.url for p in store.run_pages()] == ["http://a/1"]
    with pytest.raises(InputError, match="no blob"):
        store.blob("0" * 64)
    with pytest.raises(InputError, match="not the sha256"):
        bad = _page("http://a/3", "x")
        bad.content_hash = "f" * 64
        store.put(bad, b"x")


def test_crash_during_write_leaves_previous_record(tmp_path, monkeypatch):
    store = RawStore(tmp_path)
    store.put(_page("http://a/1", "旧"), "旧".encode())
    import crawlers.store as module

    real_replace = module.os.replace

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(module.os, "replace", crash)
    with pytest.raises(OSError):
        store.put(_page("http://a/1", "新"), "新".encode())
    monkeypatch.setattr(module.os, "replace", real_replace)
    assert store.get("http://a/1").text == "旧"
    assert not list(tmp_path.rglob("*.tmp"))


def test_torn_run_log_line_is_ignored(tmp_path):
    store = RawStore(tmp_path)
    run = store.start_run("x")
    store.put(_page("http://a/1", "a"), b"a")
    with open(tmp_path / "runs" / f"{run}.jsonl", "a", encoding="utf-8") as log:
        log.write('{"url": "http://a/2", "outc')
    assert store.run_counts(run)["new"] == 1


def test_sweep_partial_removes_only_dead_writers_temporaries(tmp_path):
    import os
    import subprocess
    import sys

    store = RawStore(tmp_path)
    store.put(_page("http://a/1", "a"), b"a")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(dead.stdout)
    left = tmp_path / "pages" / "ab" / f"abcd.json.{dead_pid}.k2j_x9.tmp"
    left.parent.mkdir(parents=True, exist_ok=True)
    left.write_bytes(b'{"page": {"url": "http://a/2", "te')  # half a record
    live = tmp_path / "blobs" / "cd" / f"cdef.{os.getpid()}.q1w2e3.tmp"
    live.parent.mkdir(parents=True, exist_ok=True)
    live.write_bytes(b"being written")
    assert store.sweep_partial() == 1
    assert not left.exists() and live.exists()
    assert [p.url for p in store.pages()] == ["http://a/1"]

"""Attack: `rulings ingest --no-graph --out A` killed with SIGKILL after the raw store took the pages but
before the NLP output was written, then re-run with another --out B. B must hold every page (the raw
store says "unchanged", but B holds none of them); the next run into B is up to date; --out B after
one page changed replaces that page and keeps the others. Real CLI subprocesses,
real NLP stage."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

from rulings.config import REPO_ROOT
from rulings.jsonl import read_jsonl

SAMPLE = REPO_ROOT / "rulings" / "sample"


def _cmd(corpus, out):
    return [sys.executable, "-m", "app", "ingest", str(corpus), "--no-graph", "--out", str(out)]


def _urls(path) -> dict[str, str]:
    return {r["url"]: r["content_hash"] for r in read_jsonl(path, record="PageDoc")}


def test_ingest_no_graph_killed_after_raw_store_then_rerun_with_another_out_loses_no_page(tmp_path, default_linker):
    corpus = shutil.copytree(SAMPLE, tmp_path / "corpus")
    env = {**os.environ, "RULINGS_HOME": str(tmp_path / "home"), "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": str(REPO_ROOT)}
    first = subprocess.Popen(_cmd(corpus, tmp_path / "a.jsonl"), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, env=env, cwd=REPO_ROOT)
    line, deadline = "", time.monotonic() + 120
    while not line.startswith("raw pages:") and time.monotonic() < deadline:
        line = first.stdout.readline()
        assert line or first.poll() is None, "ingest ended before the raw store stage"
    os.kill(first.pid, signal.SIGKILL)  # the raw store holds the pages; NLP has not written them
    first.wait()
    first.stdout.close()
    assert line.startswith("raw pages:") and " 0 new" not in line, line
    assert not (tmp_path / "a.jsonl").exists()

    def run(out):
        proc = subprocess.run(_cmd(corpus, out), capture_output=True, text=True, env=env, cwd=REPO_ROOT,
                              timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout

    run(tmp_path / "b.jsonl")
    every_page = _urls(tmp_path / "b.jsonl")
    stored = len(list((tmp_path / "home" / "raw" / "pages").glob("*/*.json")))
    assert len(every_page) == stored >= 40

    again = run(tmp_path / "b.jsonl")
    assert "up to date" in again and _urls(tmp_path / "b.jsonl") == every_page

    md = next(corpus.glob("*.md"))
    md.write_text(md.read_text(encoding="utf-8") + "\nUne ligne de plus.\n", encoding="utf-8")
    run(tmp_path / "b.jsonl")
    after = _urls(tmp_path / "b.jsonl")
    assert after.keys() == every_page.keys() and after[md.as_uri()] != every_page[md.as_uri()]
    assert {u: h for u, h in after.items() if u != md.as_uri()} == \
           {u: h for u, h in every_page.items() if u != md.as_uri()}

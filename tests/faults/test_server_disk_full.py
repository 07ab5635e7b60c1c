"""Issue 14 item 8: Neo4j's disk fills up during a load. The loader stops at the first server failure
(not one "rejected" line per remaining page), `neo4j status` reports the unhealthy server and why,
and a start on the still-full disk is refused at once with the path, instead of spinning.

The disk is a real 100 MB tmpfs mounted for the test (mounting needs root)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from rulings.jsonl import write_jsonl
from tests.kb.builders import zh_seed_doc

pytestmark = [pytest.mark.neo4j,
              pytest.mark.skipif(os.geteuid() != 0, reason="mounting the size-limited tmpfs this test fills needs root")]


def rulings(*args, env, timeout=400):
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          env=env, timeout=timeout)


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=100m,mode=0700", "tmpfs", str(mount)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(RULINGS_HOME=str(mount), RULINGS_NEO4J_HEAP=os.environ.get("RULINGS_NEO4J_HEAP", "512m"))
    try:
        yield mount, env
    finally:
        rulings("neo4j", "stop", env=env, timeout=120)
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_disk_full_stops_the_load_marks_the_server_unhealthy_and_restart_is_refused(small_disk, tmp_path):
    mount, env = small_disk
    assert rulings("neo4j", "start", env=env).returncode == 0
    status = json.loads(rulings("neo4j", "status", "--json", env=env).stdout)
    env.update(NEO4J_URI=status["uri"], NEO4J_USER="neo4j",
               NEO4J_PASSWORD=(mount / "neo4j" / "password").read_text().strip())
    pages = tmp_path / "pages.jsonl"  # on the big disk
    write_jsonl(pages, [zh_seed_doc(content_hash=f"h{i}", url=f"file:///pages/{i}.txt") for i in range(400)])
    first = tmp_path / "first.jsonl"
    write_jsonl(first, [zh_seed_doc()])
    assert rulings("kb", "load", str(first), "--no-align", env=env).returncode == 0

    with open(mount / "filler", "wb") as filler:  # leave ~200 KB
        filler.write(b"\0" * (shutil.disk_usage(mount).free - 200_000))
    load = rulings("kb", "load", str(pages), "--no-align", env=env)
    assert load.returncode == 3, (load.stdout, load.stderr)
    assert load.stderr.count("rejected:") <= 1, load.stderr[:2000]
    assert "loading stopped" in load.stderr and "Neo4j failed while loading file:///pages/" in load.stderr

    env_local = {k: v for k, v in env.items() if not k.startswith("NEO4J_")}
    status = json.loads(rulings("neo4j", "status", "--json", env=env_local).stdout)
    assert status["running"] is False and status["healthy"] is False and status["pid"]
    assert "panicked" in status["problem"] and str(mount) in status["problem"]
    human = rulings("neo4j", "status", env=env_local)
    assert human.returncode == 1 and "unhealthy" in human.stdout

    assert rulings("neo4j", "stop", env=env_local, timeout=120).stdout.strip() == "Neo4j stopped"
    started = time.monotonic()
    restart = rulings("neo4j", "start", env=env_local, timeout=120)
    assert restart.returncode == 3 and time.monotonic() - started < 30
    assert str(mount / "neo4j") in restart.stderr and "MB free" in restart.stderr
    assert restart.stderr.count("\n") == 1

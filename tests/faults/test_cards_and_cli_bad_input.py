"""Issue 14 item 14: inputs that used to end in `error: <ExceptionClass>: ...` (or a traceback) get a
clear one-line error naming the input, and a bad card record costs only itself."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import time

import pytest

from kb import graph as kb_graph
from kb.db import Connection, open_driver
from rulings.errors import RulingsError


def rulings(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=timeout)


def one_line_error(proc, *needles):
    assert proc.returncode != 0, proc.stdout
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("error: ") and "Error:" not in proc.stderr and "Traceback" not in proc.stderr
    for needle in needles:
        assert needle in proc.stderr, proc.stderr


def real_card_lines(shared_dir, count):
    with gzip.open(shared_dir / "data" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        return [json.loads(next(handle)) for _ in range(count)]


def test_card_import_with_a_2_pow_70_passcode_and_a_10kb_name_imports_the_rest(graph, shared_dir, tmp_path):
    driver, database = graph
    cards = real_card_lines(shared_dir, 6)
    huge = dict(cards[1], password=2**70)
    long_name = dict(cards[3], name={**cards[3]["name"], "en": "Dark Hole " * 1000})
    path = tmp_path / "cards.jsonl"
    lines = [cards[0], huge, cards[2], long_name, cards[4], cards[5]]
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in lines), encoding="utf-8")
    proc = rulings("cards", "import", str(path))
    assert proc.returncode == 2, proc.stderr
    rejected = [line for line in proc.stderr.splitlines() if line.startswith("rejected: ")]
    assert len(rejected) == 2
    assert f"{path}:2:" in rejected[0] and "1180591620717411303424" in rejected[0] and "out of range" in rejected[0]
    assert f"{path}:4:" in rejected[1] and "10,000 characters" in rejected[1]
    assert proc.stderr.splitlines()[-1].startswith("error: 2 malformed card records were skipped")
    assert "4 cards records imported, 2 rejected" in proc.stdout
    assert kb_graph.count_cards(driver, database)["cards"] == 4


def test_malformed_community_record_names_its_line(graph, tmp_path):
    path = tmp_path / "community.jsonl"
    path.write_text('{"password": 5318639, "name": "旋风"}\n{"password": "abc", "name": "x"}\n'
                    '{"password": 14087893, "name": "月之书"}\n', encoding="utf-8")
    proc = rulings("cards", "import", str(path))
    assert proc.returncode == 2
    assert f"rejected: {path}:2: community record is malformed" in proc.stderr
    assert "2 community records imported, 1 rejected" in proc.stdout


def test_search_with_more_than_1024_terms_is_a_clear_error(graph):
    words = " ".join(f"w{i}" for i in range(1100))
    one_line_error(rulings("query", "search", words), "1,100 different words", "at most 200")
    cjk = " ".join(f"旋風{i}" for i in range(600))  # a Traditional word is also searched in Simplified
    one_line_error(rulings("query", "search", cjk), "600 different words")
    assert rulings("query", "search", " ".join(f"w{i}" for i in range(200))).returncode == 0


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "soon"])
def test_timeout_that_is_not_a_duration_is_a_usage_error(value, tmp_path):
    env = {"RULINGS_HOME": str(tmp_path), "NEO4J_URI": ""}
    proc = rulings("neo4j", "start", "--timeout", value, env=env, timeout=60)
    one_line_error(proc, "--timeout", "is not a")
    assert proc.returncode == 2 and not (tmp_path / "neo4j" / "server.json").exists()
    engine = rulings("scenarios", "run", "--timeout", value, env=env, timeout=60)
    one_line_error(engine, "--timeout", "is not a")


def test_http_neo4j_uri_is_a_clear_error(neo4j_server):
    uri = neo4j_server[0].replace("bolt://", "http://")
    one_line_error(rulings("query", "card", "旋风", env={"NEO4J_URI": uri}), f"NEO4J_URI '{uri}'", "bolt://")


def test_authentication_rate_limit_is_a_clear_error(neo4j_server):
    uri, user, _, _ = neo4j_server
    messages = []
    for _ in range(5):
        try:
            open_driver(Connection(uri, user, "not-the-password", None, external=True)).close()
        except RulingsError as exc:
            messages.append(str(exc))
    try:
        assert any("too many wrong passwords" in m for m in messages), messages
        proc = rulings("query", "card", "旋风", env={"NEO4J_PASSWORD": "still-wrong"})
        one_line_error(proc, uri)
    finally:
        time.sleep(6)  # Neo4j locks the user for 5 s: let the rest of the session log in again


@pytest.fixture
def full_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a 1 MB tmpfs needs root")
    mount = tmp_path / "full"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], check=True)
    try:
        with open(mount / "filler", "wb") as filler:
            try:
                filler.write(b"\0" * (2 << 20))
            except OSError:
                pass
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_disk_full_names_the_path(full_disk, tmp_path):
    from rulings.jsonl import atomic_write, write_jsonl

    target = full_disk / "records" / "pagedocs.jsonl"
    with pytest.raises(RulingsError, match=rf"^{target}: cannot write: No space left on device"):
        write_jsonl(target, ({"n": i, "text": "x" * 1000} for i in range(5000)))
    assert not list(target.parent.glob("*.tmp"))
    page = full_disk / "raw" / "page.html"
    with pytest.raises(RulingsError, match=rf"^{page}: cannot write: No space left on device"):
        atomic_write(page, b"<html>" + b"x" * 100_000)


def test_disk_full_on_a_command_names_the_path(graph, shared_dir, full_disk):
    from rulings.cards import card_from_json

    card = card_from_json(real_card_lines(shared_dir, 1)[0])
    kb_graph.import_cards(graph[0], [card], database=graph[1])
    out = full_disk / "card.html"
    one_line_error(rulings("query", "card", str(card.passcode), "--graph", str(out)), str(out),
                   "No space left on device")

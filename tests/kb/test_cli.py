"""`rulings kb …` and `rulings query …` as a user runs them (subprocesses against the session's Neo4j)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from kb.server import free_port
from rulings.jsonl import write_jsonl
from tests.kb.builders import MST, ja_qa_doc, zh_seed_doc


def rulings(*args, env=None, check=None):
    proc = subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=300)
    if check is not None:
        assert proc.returncode == check, (proc.stdout, proc.stderr)
    return proc


@pytest.fixture
def loaded_file(card_graph, tmp_path):
    path = tmp_path / "pagedocs.jsonl"
    write_jsonl(path, [zh_seed_doc(), ja_qa_doc()])
    return path


def test_kb_init_is_idempotent_and_indexes_ruling_text_for_cjk(card_graph):
    driver, database = card_graph
    driver.execute_query("DROP INDEX ruling_text IF EXISTS", database_=database)
    driver.execute_query("MATCH (t:Topic) DETACH DELETE t", database_=database)
    for _ in range(2):
        assert "schema ready" in rulings("kb", "init", check=0).stdout
    records, _, _ = driver.execute_query("SHOW INDEXES YIELD name, type, labelsOrTypes, properties, options "
                                         "WHERE name = 'ruling_text' RETURN *", database_=database)
    assert len(records) == 1 and records[0]["type"] == "FULLTEXT" and records[0]["labelsOrTypes"] == ["Ruling"]
    assert records[0]["options"]["indexConfig"]["fulltext.analyzer"] == "cjk"
    topics, _, _ = driver.execute_query("MATCH (t:Topic) RETURN t.key AS key, t.label_zh AS zh", database_=database)
    assert {"key": "trap_monsters", "zh": "陷阱怪兽"} in [dict(t) for t in topics] and len(topics) >= 10


def test_kb_init_load_and_query_from_the_command_line(loaded_file, tmp_path):
    assert "schema ready" in rulings("kb", "init", check=0).stdout
    out = rulings("kb", "load", str(loaded_file), check=0).stdout
    assert "pages_new 2" in out and "rulings 4" in out
    again = rulings("kb", "load", str(loaded_file), check=0).stdout
    assert "pages_unchanged 2" in again and "pages_new 0" in again

    zh = json.loads(rulings("query", "card", "旋风", "--format", "json", check=0).stdout)
    ja = json.loads(rulings("query", "card", "サイクロン", "--format", "json", check=0).stdout)
    assert zh == ja and zh[0]["card"]["passcode"] == MST
    sources = {(r["language"], r["source"]) for g in zh[0]["topics"] for r in g["rulings"]}
    assert sources == {("zh-Hant", "zh-forum"), ("ja", "konami-faq")}

    table = rulings("query", "card", "Mystical Space Typhoon", "--lang", "ja", check=0).stdout
    assert "5318639" in table and "闇の護封剣" in table and "旋風" not in table

    lines = rulings("query", "pair", "旋風", "幻影騎士團 影佑", "--format", "jsonl", check=0).stdout.splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["zh-veil"]

    html = tmp_path / "mst.html"
    rulings("query", "card", "旋風", "--graph", str(html), check=0)
    page = html.read_text(encoding="utf-8")
    assert "Mystical Space Typhoon" in page and "vis-network" in page and "trap_monsters" in page


def test_cli_errors_are_one_line(loaded_file):
    rulings("kb", "load", str(loaded_file), check=0)
    bad = rulings("query", "card", "Mystical Space Typoon", check=2)
    assert bad.stderr.count("\n") == 1 and "did you mean" in bad.stderr and "Mystical Space Typhoon" in bad.stderr
    write = rulings("query", "cypher", "CREATE (n:Card {passcode: 42}) RETURN n", check=2)
    assert "read-only" in write.stderr and write.stderr.count("\n") == 1
    assert json.loads(rulings("query", "cypher", "MATCH (c:Card {passcode: $p}) RETURN count(c) AS n",
                              "--param", "p=42", "--format", "json", check=0).stdout) == [{"n": 0}]
    assert "unknown topic" in rulings("query", "topic", "nope", check=2).stderr
    assert "no such file" in rulings("kb", "load", "/nonexistent/pagedocs.jsonl", check=2).stderr


def test_neo4j_down_is_a_clear_error(tmp_path):
    port = free_port()
    down = rulings("query", "card", "旋风", env={"NEO4J_URI": f"bolt://127.0.0.1:{port}"})
    assert down.returncode == 3
    assert f"127.0.0.1:{port} is unreachable" in down.stderr and down.stderr.count("\n") == 1

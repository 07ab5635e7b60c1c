"""Every `rulings query` command's machine-readable output, as a script reads it: `--format json` is one
valid JSON document, `--format jsonl` one JSON object per line (for any line splitter), non-ASCII text
is written as itself (UTF-8), and `rulings kb stats` is JSON too."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from kb.load import load_pagedocs
from rulings.records import Frame, FrameCard, FrameQuestion, PageDoc, Ruling
from tests.kb.builders import MST, ja_qa_doc, mention, zh_seed_doc

pytestmark = pytest.mark.neo4j

# A ruling whose text holds the characters that str.splitlines() and many JSONL readers break lines on
# although JSON leaves them unescaped (LINE SEPARATOR, PARAGRAPH SEPARATOR, NEXT LINE).
ODD_TEXT = "「旋风」不能破坏作为怪兽使用中的陷阱怪兽。\u2028第二行\u2029第三段\u0085完。"


def odd_doc() -> PageDoc:
    return PageDoc(url="https://example.invalid/zh/odd", source_id="ocg-rule-docs", content_hash="odd-1",
                   language="zh-Hans", rulings=[Ruling(
                       id="zh-odd", text=ODD_TEXT, normalized=ODD_TEXT, language="zh-Hans", section=["陷阱怪兽"],
                       polarity="is", action="destroy", topics=["trap_monsters"],
                       mentions=[mention(ODD_TEXT, "旋风", MST)],
                       # citing Q&A 5385 with the opposite answer (its frame says yes): a conflict to print
                       frame=mst_destroys("no", "zh-Hans"),
                       meta={"source_url": "https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=5385"})])


def mst_destroys(answer: str, language: str) -> Frame:
    return Frame(language=language, cards=[FrameCard(ref="c1", name="旋风", passcode=MST)],
                 question=FrameQuestion(kind="is_destroyed", card="c1"), answer=answer)


def qa_doc() -> PageDoc:
    doc = ja_qa_doc()
    doc.rulings[0].frame = mst_destroys("yes", "ja")
    return doc


@pytest.fixture(scope="module")
def loaded(neo4j_driver, neo4j_server, catalog):
    from kb import graph
    from tests.kb.builders import CARDS
    from tests.kb.conftest import import_some_cards

    driver, database = neo4j_driver, neo4j_server[3]
    graph.clear_graph(driver, database)
    graph.ensure_schema(driver, database)
    import_some_cards(driver, database, catalog, CARDS)
    counts = load_pagedocs(driver, [zh_seed_doc(), qa_doc(), odd_doc()], database)
    assert counts["errors"] == [] and counts["pages_new"] == 3
    return driver, database


def rulings(*args) -> bytes:
    proc = subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, env=dict(os.environ),
                          timeout=120)
    assert proc.returncode == 0, (args, proc.stderr.decode("utf-8", "replace"))
    return proc.stdout


QUERIES = {
    "card": ["query", "card", "旋風"],
    "pair": ["query", "pair", "旋風", "幻影騎士團 影佑"],
    "topic": ["query", "topic", "trap_monsters"],
    "search": ["query", "search", "陷阱怪兽"],
    "conflicts": ["query", "conflicts"],
    "cypher": ["query", "cypher", "MATCH (r:Ruling)-[:IN]->(p:Page) RETURN r, r.text AS text, p.url AS url, "
                                  "point({x: 1.5, y: 2.0}) AS where, date('2024-06-01') AS day ORDER BY r.id"],
}


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_json_is_one_document_with_unescaped_text(loaded, name):
    raw = rulings(*QUERIES[name], "--format", "json")
    text = raw.decode("utf-8")
    data = json.loads(text)
    assert data, f"{name}: empty answer"
    assert "\\u65cb" not in text.lower() and ("旋" in text or "陷阱" in text), text[:300]


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_jsonl_is_one_object_per_line_for_any_line_splitter(loaded, name):
    text = rulings(*QUERIES[name], "--format", "jsonl").decode("utf-8")
    lines = text.splitlines()  # splits on \u2028, \u2029 and \x85 too
    assert lines and text.endswith("\n")
    rows = [json.loads(line) for line in lines]
    assert all(isinstance(row, dict) for row in rows)
    assert len(rows) == len(text.split("\n")) - 1
    # the JSON document holds the same rows (jsonl of `pair` gives its rulings, one per line)
    data = json.loads(rulings(*QUERIES[name], "--format", "json").decode("utf-8"))
    assert rows == (data["rulings"] if name == "pair" else data)


def test_odd_line_breaks_survive_the_round_trip(loaded):
    rows = [json.loads(line) for line in rulings(*QUERIES["topic"], "--format", "jsonl").decode("utf-8").splitlines()]
    assert ODD_TEXT in [r["text"] for r in rows]


def test_cypher_values_without_a_json_type_become_plain_values(loaded):
    rows = json.loads(rulings(*QUERIES["cypher"], "--format", "json").decode("utf-8"))
    assert rows[0]["where"] == {"srid": 7203, "x": 1.5, "y": 2.0}
    assert rows[0]["day"] == "2024-06-01"
    assert rows[0]["r"]["labels"] == ["Ruling"] and rows[0]["r"]["text"] == rows[0]["text"]


def test_kb_stats_is_json(loaded):
    stats = json.loads(rulings("kb", "stats").decode("utf-8"))
    assert stats["nodes"]["Ruling"] == 5 and stats["nodes"]["Page"] == 3
    assert stats["relationships"]["MENTIONS"] == 8 and stats["rulings"] == {"current": 5}

"""Ruling frames reach the graph: `rulings query card` shows them and scenario generation reads them back."""

from __future__ import annotations

import json

from engine_bridge.generate import generate_from_graph
from kb.load import load_pagedocs
from pipeline.frames import frame_for
from rulings.jsonl import write_jsonl
from tests.kb.builders import faq_record, ja_qa_doc
from tests.kb.test_cli import rulings


def _doc_with_frame():
    doc = ja_qa_doc()
    ruling = doc.rulings[0]
    record = faq_record(5385)
    ruling.frame = frame_for(ruling.normalized, "ja", ruling.mentions, record)
    return doc, ruling.frame


def test_frame_is_stored_shown_and_read_back(card_graph, tmp_path):
    driver, database = card_graph
    doc, frame = _doc_with_frame()
    assert frame.question is not None
    load_pagedocs(driver, [doc], database=database)
    stored, _, _ = driver.execute_query("MATCH (r:Ruling {id: 'qa-5385'}) RETURN r.frame AS frame", database_=database)
    assert json.loads(stored[0]["frame"])["question"]["kind"] == frame.question.kind
    shown = rulings("query", "card", "サイクロン", check=0).stdout
    assert "frame: " + frame.question.kind in shown
    result = generate_from_graph(driver, database)
    view = next(r for r in result.rulings if r.id == "qa-5385")
    assert view.frame == frame  # the graph's JSON reads back into the same Frame


def test_generate_reads_pagedoc_jsonl_and_refuses_unreadable_input(card_graph, tmp_path):
    doc, _ = _doc_with_frame()
    path = tmp_path / "docs.jsonl"
    write_jsonl(path, [doc])
    out = rulings("scenarios", "generate", str(path), "--out", str(tmp_path / "out"), check=0).stdout
    total = next(line.split() for line in out.splitlines() if line.startswith("total"))
    assert total[1] == "1"  # the PageDoc's one ruling was read (it used to find 0)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"neither": "a Q&A nor a PageDoc"}\n', encoding="utf-8")
    proc = rulings("scenarios", "generate", str(bad), "--out", str(tmp_path / "out2"), check=2)
    assert proc.stderr.count("\n") == 1 and "bad.jsonl" in proc.stderr

"""Attack: two pages of one source hold the same ruling text (a forum post quoted on a second page, a
rules page mirrored). They shared one Ruling node, whose url and source became the last page loaded,
and a change to one page retired or rewrote the other's ruling. Each page now keeps its own ruling
with its own provenance and history. Real NLP stage, real Neo4j."""

from __future__ import annotations

import shutil

import pytest

from crawlers.offline import read_paths
from kb.load import load_pagedocs
from pipeline.run import process_pages
from rulings.config import REPO_ROOT

pytestmark = pytest.mark.neo4j

SEED = next((REPO_ROOT / "rulings" / "sample").glob("000_*.txt"))
LINE = "1、可以以陷阱怪獸為對"


def _docs(*paths):
    return list(process_pages(page for page, _ in read_paths(paths, source="zh-forum")))


def _holders(driver, database):
    records, _, _ = driver.execute_query(
        "MATCH (r:Ruling)-[:IN]->(p:Page) WHERE r.text STARTS WITH $line "
        "RETURN r.id AS id, r.page_url AS url, r.current AS current, p.url AS page ORDER BY url",
        line=LINE, database_=database)
    return [dict(r) for r in records]


def test_load_same_ruling_text_on_two_pages_of_one_source_keeps_both_provenances(card_graph, tmp_path):
    driver, database = card_graph
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    shutil.copy(SEED, a)
    shutil.copy(SEED, b)
    docs = _docs(a, b)
    assert all(any(r.text.startswith(LINE) for r in d.rulings) for d in docs)

    counts = load_pagedocs(driver, docs, database)
    assert counts["errors"] == []
    held = _holders(driver, database)
    assert [(h["url"], h["page"], h["current"]) for h in held] == [(a.as_uri(), a.as_uri(), True),
                                                                  (b.as_uri(), b.as_uri(), True)]
    assert held[0]["id"] != held[1]["id"]

    # page b drops the ruling: b's ruling becomes history, a's stays current with its own url
    b.write_text("\n".join(x for x in SEED.read_text(encoding="utf-8").splitlines() if not x.startswith(LINE)),
                 encoding="utf-8")
    load_pagedocs(driver, _docs(b), database)
    held = _holders(driver, database)
    assert [(h["url"], h["current"]) for h in held] == [(a.as_uri(), True), (b.as_uri(), False)]

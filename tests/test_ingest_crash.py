"""`rulings ingest` killed (SIGKILL) while it loads the graph leaves the graph consistent, and running the
same command again completes the work: the final graph equals the graph of one clean run.

Real everything: the CLI as a subprocess, the real NLP stage, the session's real Neo4j, real Konami Q&A
pages (a slice of qa-dev, so the load takes long enough to be caught half-way) plus the seed pages."""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from kb.load import read_pagedocs, new_counts

pytestmark = pytest.mark.neo4j

QA_RECORDS = 900  # enough for a load of several seconds, little enough for a test


@pytest.fixture(scope="module")
def corpus(shared_dir, tmp_path_factory) -> list[Path]:
    root = tmp_path_factory.mktemp("ingest-crash-corpus")
    qa = root / "qa-slice.jsonl.gz"
    with gzip.open(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz", "rb") as src, gzip.open(qa, "wb") as out:
        for n, line in enumerate(src):
            if n >= QA_RECORDS:
                break
            out.write(line)
    return [shared_dir / "corpus" / "seeds", qa]


def ingest_cmd(corpus, *extra) -> list[str]:
    return [sys.executable, "-m", "app", "ingest", *map(str, corpus), *extra]


def run_ingest(corpus, home: Path, *extra) -> subprocess.CompletedProcess:
    proc = subprocess.run(ingest_cmd(corpus, *extra), capture_output=True, text=True, timeout=540,
                          env={**os.environ, "RULINGS_HOME": str(home)})
    assert proc.returncode == 0, (proc.stdout, proc.stderr)
    return proc


def cypher(driver, database, query, **params) -> list[dict]:
    records, _, _ = driver.execute_query(query, database_=database, **params)
    return [dict(r) for r in records]


def snapshot(driver, database) -> dict:
    """What a load decides: counts by label and type, every page's version and rulings, every ruling's
    state. Timestamps (loaded_at) are left out: they differ between any two runs."""
    pages = defaultdict(list)
    for row in cypher(driver, database, "MATCH (p:Page) OPTIONAL MATCH (r:Ruling)-[:IN]->(p) "
                                        "RETURN p.url AS url, p.content_hash AS hash, r.id AS id"):
        pages[(row["url"], row["hash"])].append(row["id"])
    return {
        "nodes": {r["label"]: r["n"] for r in cypher(
            driver, database, "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n")},
        "relationships": {r["type"]: r["n"] for r in cypher(
            driver, database, "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n")},
        "pages": {key: sorted(i for i in ids if i) for key, ids in pages.items()},
        "rulings": sorted((r["id"], r["current"], r["mentions"]) for r in cypher(
            driver, database, "MATCH (r:Ruling) RETURN r.id AS id, r.current AS current, "
                              "COUNT { (r)-[:MENTIONS]->() } AS mentions")),
    }


def forget_all_but_cards(driver, database) -> None:
    """Back to a graph holding only the imported cards (importing 14k cards again would take a minute)."""
    while cypher(driver, database, "MATCH (n) WHERE NOT n:Card AND NOT (n:CardName AND n.kind <> 'mined') "
                                   "WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS n")[0]["n"]:
        pass


def page_count(driver, database) -> int:
    return cypher(driver, database, "MATCH (p:Page) RETURN count(p) AS n")[0]["n"]


def assert_consistent(driver, database, docs: dict) -> None:
    """Every page in the graph is whole: its version and exactly the rulings its PageDoc has, no lock
    flag left; ruling ids unique; every MENTIONS from a Ruling to a Card."""
    assert cypher(driver, database, "MATCH (p:Page) WHERE p.loading_ IS NOT NULL RETURN p.url AS url") == []
    in_graph = defaultdict(set)
    for row in cypher(driver, database, "MATCH (p:Page) OPTIONAL MATCH (r:Ruling)-[:IN]->(p) "
                                        "RETURN p.url AS url, p.content_hash AS hash, r.id AS id"):
        assert row["url"] in docs, f"page {row['url']} in the graph but not in the run's records"
        assert row["hash"] == docs[row["url"]].content_hash, row["url"]
        in_graph[row["url"]].add(row["id"])
    for url, ids in in_graph.items():
        expected = {r.id for r in docs[url].rulings}  # read_pagedocs keeps the valid rulings
        assert ids - {None} == expected, f"page {url} is half-written"
    assert cypher(driver, database, "MATCH (r:Ruling) WITH r.id AS id, count(*) AS n WHERE n > 1 "
                                    "RETURN id") == []
    assert cypher(driver, database, "MATCH (a)-[m:MENTIONS]->(b) WHERE NOT a:Ruling OR NOT b:Card "
                                    "RETURN count(m) AS n")[0]["n"] == 0


def test_killed_ingest_leaves_a_consistent_graph_and_a_rerun_completes_it(graph, corpus, tmp_path):
    driver, database = graph

    # 1. The reference: one clean run on an empty graph (which also imports the cards).
    clean = run_ingest(corpus, tmp_path / "clean-home")
    assert " 0 rejected pages" in clean.stdout, clean.stdout
    expected = snapshot(driver, database)
    total = len(expected["pages"])
    assert total == QA_RECORDS + 5 and sum(map(len, expected["pages"].values())) > QA_RECORDS

    # 2. The same command in a fresh home, killed once a part of the pages is in the graph.
    forget_all_but_cards(driver, database)
    assert page_count(driver, database) == 0
    home, records = tmp_path / "crash-home", tmp_path / "crash-pagedocs.jsonl"
    proc = subprocess.Popen(ingest_cmd(corpus, "--out", str(records)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env={**os.environ, "RULINGS_HOME": str(home)},
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 400
        loaded = 0
        while proc.poll() is None and time.monotonic() < deadline:
            loaded = page_count(driver, database)
            if loaded >= total // 5:
                os.killpg(proc.pid, signal.SIGKILL)
                break
            time.sleep(0.05)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, f"ingest ended by itself ({proc.returncode}) before it was killed"
    partial = page_count(driver, database)
    assert 0 < partial < total, partial

    counts = new_counts()
    docs = {d.url: d for d in read_pagedocs(records, counts)}
    assert counts["errors"] == [] and len(docs) == total
    assert_consistent(driver, database, docs)

    # 3. The same command again: the raw store calls every page unchanged, yet the graph gets the rest.
    rerun = run_ingest(corpus, home)
    assert f"{total - partial} unchanged pages are not in the graph yet" in rerun.stdout, rerun.stdout
    assert f"graph: {total - partial} new, 0 changed" in rerun.stdout, rerun.stdout
    assert_consistent(driver, database, docs)
    assert snapshot(driver, database) == expected

    # 4. And once more: nothing left to do, nothing changes.
    idle = run_ingest(corpus, home)
    assert "nothing new or changed" in idle.stdout, idle.stdout
    assert snapshot(driver, database) == expected

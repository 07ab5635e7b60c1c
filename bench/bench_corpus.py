"""The whole shared corpus through `rulings ingest`'s stages, each timed: raw store, NLP, graph (load,
citations, alignment). Corpus: the seeds, the rule docs (c01-c02), the French articles and the 2,295
Konami Q&As. The graph stage should be no slower than the NLP stage.

Runs on its own Neo4j in a temporary home (cards imported first, not timed), or on NEO4J_URI when
BENCH_CORPUS_RESET=1 says its graph may be cleared (every node but the cards is deleted)."""

from __future__ import annotations

import logging
import os
import signal
import sys
import tempfile
import time
from pathlib import Path


def corpus_paths() -> list[Path]:
    from rulings import config

    corpus = config.shared_dir() / "corpus"
    return [corpus / "seeds", corpus / "ocg-rule-docs", corpus / "fr-rulings", corpus / "konami-faq" / "qa-dev.jsonl.gz"]


def _clear_all_but_cards(driver, database) -> None:
    while driver.execute_query("MATCH (n) WHERE NOT n:Card AND NOT (n:CardName AND n.kind <> 'mined') "
                               "WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS n", database_=database)[0][0]["n"]:
        pass


def run(driver, database, work: Path) -> dict:
    from crawlers.offline import ingest_to_store
    from crawlers.store import RawStore
    from kb.align import align_rulings
    from kb.load import load_jsonl
    from kb.queries import graph_stats
    from pipeline.run import process_pages
    from app.ingest import ensure_cards
    from rulings.jsonl import write_jsonl

    ensure_cards(driver, database, echo=lambda *_: None)
    store = RawStore(work / "raw")
    started = time.perf_counter()
    crawl = ingest_to_store(corpus_paths(), store)
    raw_s = time.perf_counter() - started
    pages = list(store.run_pages(crawl["run"]))

    started = time.perf_counter()
    records = work / "pagedocs.jsonl"
    written = write_jsonl(records, process_pages(pages))
    nlp_s = time.perf_counter() - started

    started = time.perf_counter()
    counts = load_jsonl(driver, records, database)
    load_s = time.perf_counter() - started
    started = time.perf_counter()
    links = align_rulings(driver, database)
    align_s = time.perf_counter() - started
    graph_s = load_s + align_s

    started = time.perf_counter()
    again = load_jsonl(driver, records, database)
    reload_s = time.perf_counter() - started
    stats = graph_stats(driver, database)
    return {
        "pages": written, "rulings": counts["rulings"], "rejected_pages": counts["pages_rejected"],
        "raw_s": round(raw_s, 1), "nlp_s": round(nlp_s, 1), "graph_s": round(graph_s, 1),
        "graph_load_s": round(load_s, 1), "graph_align_s": round(align_s, 1),
        "graph_rulings_per_s": round(counts["rulings"] / graph_s) if graph_s else None,
        "graph_over_nlp": round(graph_s / nlp_s, 2) if nlp_s else None,
        "unchanged_reload_s": round(reload_s, 1), "unchanged_pages": again["pages_unchanged"],
        "same_as_links": links, "cites": stats["relationships"].get("CITES", 0),
        "load_average": [round(x, 1) for x in os.getloadavg()],
    }


def main() -> dict:
    from kb.db import connection, open_driver, temporary_server

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="bench-corpus-") as tmp:
        work = Path(tmp)
        if os.environ.get("NEO4J_URI"):
            if os.environ.get("BENCH_CORPUS_RESET") != "1":
                raise RuntimeError("NEO4J_URI is set: the corpus bench clears that graph (all but the cards); "
                                   "set BENCH_CORPUS_RESET=1 to allow it, or unset NEO4J_URI for a temporary server")
            driver = open_driver(connection())
            try:
                _clear_all_but_cards(driver, None)
                return {"server": "NEO4J_URI", **run(driver, None, work)}
            finally:
                driver.close()
        with temporary_server(work / "home") as (driver, _):
            return {"server": "local (temporary home)", **run(driver, None, work)}


if __name__ == "__main__":
    import json

    print(json.dumps(main(), ensure_ascii=False))

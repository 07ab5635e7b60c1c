"""Generating from the graph gives the same scenarios as generating from the NLP records it loaded."""

from __future__ import annotations

from crawlers.offline import read_paths
from engine_bridge.generate import generate_from_graph, generate_from_pagedocs
from kb import graph as kb_graph
from kb.load import load_pagedocs
from pipeline.run import process_pages
from rulings.cards import load_catalog


def test_graph_and_records_give_the_same_scenarios(graph, shared_dir):
    driver, database = graph
    seeds = sorted((shared_dir / "corpus" / "seeds").glob("*.txt"))
    docs = list(process_pages(page for page, _ in read_paths(seeds)))
    mentioned = {m.passcode for d in docs for r in d.rulings for m in r.mentions if m.passcode}
    catalog = load_catalog(shared_dir / "data" / "cards.jsonl.gz")
    kb_graph.import_cards(driver, (catalog[p] for p in sorted(mentioned) if p in catalog), database=database)
    counts = load_pagedocs(driver, docs, database)
    assert counts["pages_new"] == len(seeds) and not counts["errors"]

    from_records = generate_from_pagedocs(docs)
    from_graph = generate_from_graph(driver, database)
    assert from_records.scenarios, "the seeds must give scenarios"
    assert sorted(s.id for s in from_graph.scenarios) == sorted(s.id for s in from_records.scenarios)
    # general rules that name no card are among them (checked with a stand-in card)
    assert any(s.id.startswith("activation-legality-") for s in from_graph.scenarios)

"""Real shared pages through the real NLP stage (pipeline.run) into the graph: the five seed pages, the
Chinese rules docs, the French articles and the Konami Q&As about 「サイクロン」 (Japanese)."""

from __future__ import annotations

import gzip
import json

import pytest

from crawlers.offline import qa_page, read_paths
from kb import queries
from kb.load import load_pagedocs
from pipeline.run import process_pages
from tests.kb.builders import MST, SHADOW_VEIL
from tests.kb.conftest import import_some_cards


@pytest.fixture(scope="module")
def docs(shared_dir):
    corpus = shared_dir / "corpus"
    errors = []
    pages = [page for page, _ in read_paths([corpus / "seeds", corpus / "ocg-rule-docs", corpus / "fr-rulings"],
                                            errors=errors)]
    assert errors == [] and pages[0].url.endswith(next((corpus / "seeds").glob("000_*.txt")).name)
    with gzip.open(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz", "rb") as handle:
        for raw in handle:
            record = json.loads(raw)
            if "サイクロン" in record["title"]:
                pages.append(qa_page(record, raw.rstrip(b"\n")))
    assert len(pages) > 20
    return list(process_pages(pages))


def test_seed_and_qa_pages_load_and_answer(graph, catalog, docs):
    driver, database = graph
    mentioned = {m.passcode for d in docs for r in d.rulings for m in r.mentions if m.passcode}
    assert {MST, SHADOW_VEIL} <= mentioned
    import_some_cards(driver, database, catalog, mentioned)

    counts = load_pagedocs(driver, docs, database)
    assert counts["errors"] == [] and counts["pages_new"] == len(docs)
    assert counts["rulings"] == sum(len(d.rulings) for d in docs)
    assert counts["mentions_without_card"] == 0

    zh = queries.card_report(driver, "旋风", database)
    ja = queries.card_report(driver, "サイクロン", database)
    assert [e["card"]["passcode"] for e in zh] == [e["card"]["passcode"] for e in ja] == [MST]
    sources = {r["source"] for g in zh[0]["topics"] for r in g["rulings"]}
    assert {"zh-forum", "ocg-rule-docs", "konami-faq", "fr-articles"} <= sources
    assert zh == ja

    seed_url = docs[0].url
    pair = queries.pair(driver, "旋風", "幻影騎士團 影佑", database)["rulings"]
    assert pair and all(r["url"] == seed_url for r in pair)
    assert any("不能以作為怪獸使用中" in r["text"] for r in pair)

    # every source is in the graph, each page once, with its rulings
    per_source = {r["source"]: r["pages"] for r in queries.read_only_cypher(
        driver, "MATCH (p:Page)-[:FROM]->(s:Source) RETURN s.id AS source, count(p) AS pages", database)}
    assert sum(per_source.values()) == len(docs) and {"ocg-rule-docs", "fr-articles", "konami-faq"} <= set(per_source)

    again = load_pagedocs(driver, docs, database)
    assert again["pages_unchanged"] == len(docs) and again["rulings"] == 0

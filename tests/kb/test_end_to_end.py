"""Real shared pages through the real NLP stage (pipeline.run) into the graph: seed 000 (Traditional
Chinese forum page with pinyin) and the Konami Q&As about 「サイクロン」 (Japanese)."""

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
    pages = [page for page, _ in read_paths([next((shared_dir / "corpus" / "seeds").glob("000_*.txt"))])]
    with gzip.open(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz", "rb") as handle:
        for raw in handle:
            record = json.loads(raw)
            if "サイクロン" in record["title"]:
                pages.append(qa_page(record, raw.rstrip(b"\n")))
    assert len(pages) > 5
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
    assert {"zh-forum", "konami-faq"} <= sources
    assert zh == ja

    seed_url = docs[0].url
    pair = queries.pair(driver, "旋風", "幻影騎士團 影佑", database)["rulings"]
    assert pair and all(r["url"] == seed_url for r in pair)
    assert any("不能以作為怪獸使用中" in r["text"] for r in pair)

    again = load_pagedocs(driver, docs, database)
    assert again["pages_unchanged"] == len(docs) and again["rulings"] == 0

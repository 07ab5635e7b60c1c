"""Text shown to users is clean: the real seed page with pinyin noise (000) and a real rules-doc page
with RST card markup, through the real NLP stage into the graph; every ruling text, quoted card and
heading that `rulings query` prints has no 「`name`_」 markup and no pinyin annotation, while the
verbatim source span stays in the PageDoc (Ruling.text, with its offsets)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from crawlers.offline import read_paths
from kb.load import load_pagedocs
from pipeline.run import process_pages
from tests.kb.conftest import import_some_cards

pytestmark = pytest.mark.neo4j

MARKUP = re.compile(r"`|_」|:ref:|\\ ")
PINYIN = re.compile(r"[\u3400-\u9fff]\([a-zA-Z\u00e0-\u01dc]{1,7}\d?\)")


@pytest.fixture(scope="module")
def docs(shared_dir):
    corpus = shared_dir / "corpus"
    paths = [next((corpus / "seeds").glob("000_*.txt")), corpus / "ocg-rule-docs" / "c02" / "优先权.rst"]
    pages = [page for page, _ in read_paths([str(p) for p in paths])]
    return list(process_pages(pages))


def test_pagedoc_keeps_the_source_span_and_a_clean_display_text(docs):
    seed, rst = docs
    for doc in docs:
        assert not MARKUP.search(doc.title) and not PINYIN.search(doc.title)
        for r in doc.rulings:
            assert r.text == r.text and r.display
            assert not MARKUP.search(r.display) and not PINYIN.search(r.display), r.display
            assert not any(MARKUP.search(h) or PINYIN.search(h) for h in r.section), r.section
    # the source span is verbatim, markup and pinyin included
    assert any(PINYIN.search(r.text) for r in seed.rulings)
    assert any(MARKUP.search(r.text) for r in rst.rulings)
    # display keeps the page's own script: Traditional stays Traditional (normalized is Simplified)
    shadow = next(r for r in seed.rulings if "影佑" in r.display)
    assert "幻影騎士團 影佑" in shadow.display and "幻影骑士团" in shadow.normalized


def rulings(*args) -> str:
    proc = subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, env=dict(os.environ),
                          timeout=180)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode("utf-8")


def test_query_shows_clean_text(graph, catalog, docs):
    driver, database = graph
    import_some_cards(driver, database, catalog, {m.passcode for d in docs for r in d.rulings for m in r.mentions
                                                  if m.passcode})
    counts = load_pagedocs(driver, docs, database)
    assert counts["errors"] == []
    shown = [rulings("query", "card", "旋風"), rulings("query", "card", "旋風", "--format", "json"),
             rulings("query", "pair", "旋風", "幻影騎士團 影佑", "--format", "json"),
             rulings("query", "search", "优先权", "--format", "json"), rulings("query", "topic", "trap_monsters")]
    for out in shown:
        assert out.strip()
        assert not MARKUP.search(out) and not PINYIN.search(out), out[:500]
    pair = json.loads(shown[2])
    texts = [r["text"] for r in pair["rulings"]]
    assert texts and any("幻影騎士團 影佑" in t for t in texts)
    assert not any(PINYIN.search(t) for t in texts)

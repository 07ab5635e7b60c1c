"""Attack: pages too big for the graph's limits. A section heading of 9.6 KB made a Section key larger
than Neo4j's index key limit, and a page whose table has 100,000 rows (100,000 rulings) outgrew one
transaction's memory: each page was rejected whole and the command exited 0. Now the key is capped
(prefix + digest; the full heading stays on the Section), a page of more rulings than one transaction
should hold is written in parts, and a load that still rejects pages exits non-zero. Real Neo4j."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from kb.load import MAX_KEY_BYTES, load_pagedocs
from rulings.records import Mention, PageDoc, Ruling
from rulings.config import REPO_ROOT
from tests.kb.builders import MST

pytestmark = pytest.mark.neo4j

ROWS = 100_000


def _rows(driver, database, query, **params):
    records, _, _ = driver.execute_query(query, database_=database, **params)
    return [dict(r) for r in records]


def _ruling(i: int, section: list[str], url: str) -> Ruling:
    text = f"{i}｜「旋風」｜可以破壞盖放的魔法·陷阱卡（第{i}行）"
    start = text.index("旋風")
    return Ruling(id=f"row-{i}", text=text, normalized=text.replace("旋風", "旋风"), language="zh-Hans",
                  section=section, start=0, end=len(text), kind="ruling", polarity="can", action="destroy",
                  mentions=[Mention(surface="旋風", start=start, end=start + 2, passcode=MST, confidence=0.95,
                                    matched_name="旋風", matched_lang="zh-CN", matched_kind="community")])


def test_load_page_with_9_6_kb_heading_and_page_with_100k_row_table_keep_their_rulings(card_graph):
    driver, database = card_graph
    heading = "卡片效果的处理顺序" * 360  # 3,240 characters: 9.7 KB of UTF-8
    assert len(heading.encode("utf-8")) > 9_600
    long_url = "https://ocg-rule.example/long-heading.html"
    table_url = "https://ocg-rule.example/table.html"
    docs = [
        PageDoc(url=long_url, source_id="ocg-rule-docs", content_hash="h1", language="zh-Hans", title="长标题",
                rulings=[_ruling(0, ["规则", heading], long_url)]),
        PageDoc(url=table_url, source_id="ocg-rule-docs", content_hash="h2", language="zh-Hans", title="大表",
                rulings=[_ruling(i, ["规则", "大表"], table_url) for i in range(1, ROWS + 1)]),
    ]

    counts = load_pagedocs(driver, docs, database)

    assert counts["errors"] == [] and counts["pages_rejected"] == 0, counts["errors"][:3]
    assert counts["pages_new"] == 2 and counts["rulings"] == ROWS + 1
    (section,) = _rows(driver, database, "MATCH (s:Section)-[:IN]->(:Page {url: $url}) RETURN s.key AS key, "
                                         "s.path AS path", url=long_url)
    assert section["path"] == ["规则", heading] and len(section["key"].encode("utf-8")) <= MAX_KEY_BYTES
    assert section["key"].startswith(long_url + "#规则 / 卡片效果")
    (row,) = _rows(driver, database, "MATCH (p:Page {url: $url}) OPTIONAL MATCH (r:Ruling {current: true})-[:IN]->(p) "
                                     "OPTIONAL MATCH (r)-[:MENTIONS]->(c:Card {passcode: $mst}) "
                                     "RETURN p.content_hash AS hash, count(DISTINCT r) AS rulings, count(c) AS mentions",
                   url=table_url, mst=MST)
    assert row == {"hash": "h2", "rulings": ROWS, "mentions": ROWS}

    # loading the same pages again changes nothing
    again = load_pagedocs(driver, docs, database)
    assert again["pages_unchanged"] == 2 and again["errors"] == []


def test_kb_load_exits_non_zero_when_a_page_is_rejected(card_graph, tmp_path):
    good = PageDoc(url="https://ocg-rule.example/good.html", source_id="ocg-rule-docs", content_hash="g",
                   language="zh-Hans", rulings=[_ruling(1, ["规则"], "https://ocg-rule.example/good.html")])
    bad = {**good.to_json(), "url": ""}
    path = tmp_path / "docs.jsonl"
    path.write_text(json.dumps(bad, ensure_ascii=False) + "\n" + json.dumps(good.to_json(), ensure_ascii=False) + "\n",
                    encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "app", "kb", "load", str(path)], capture_output=True,
                          text=True, cwd=REPO_ROOT, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"rejected: {path}:1 (page ?): not a PageDoc (url: missing or empty)" in proc.stderr
    assert proc.stderr.strip().endswith("error: 1 pages were rejected (the 'rejected' lines above); the other pages "
                                        "are loaded")
    assert "pages_new 1" in proc.stdout

"""Loading PageDocs into the real Neo4j: graph shape, idempotence, superseded history, concurrency,
malformed records."""

from __future__ import annotations

import json
import threading

from kb.load import load_jsonl, load_pagedocs
from rulings.records import Mention
from tests.kb.builders import MST, SEED_URL, SHADOW_VEIL, ja_qa_doc, zh_seed_doc


def rows(driver, database, query, **params):
    records, _, _ = driver.execute_query(query, database_=database, **params)
    return [dict(r) for r in records]


def snapshot(driver, database) -> dict:
    """Everything observable about the graph: nodes with properties, relationships with properties."""
    nodes = rows(driver, database, "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props")
    rels = rows(driver, database, "MATCH (a)-[r]->(b) RETURN elementId(a) AS a, type(r) AS type, "
                                  "properties(r) AS props, elementId(b) AS b")
    return {"nodes": sorted(json.dumps(n, sort_keys=True, ensure_ascii=False) for n in nodes),
            "rels": sorted(json.dumps(r, sort_keys=True, ensure_ascii=False) for r in rels)}


def test_pages_become_the_documented_graph(card_graph):
    driver, database = card_graph
    counts = load_pagedocs(driver, [zh_seed_doc(), ja_qa_doc()], database)
    assert counts["errors"] == []
    assert (counts["pages_new"], counts["rulings"], counts["mentions"]) == (2, 4, 2 + 4 + 1)

    page = rows(driver, database, "MATCH (p:Page {url: $url})-[:FROM]->(s:Source) RETURN p, s.id AS source",
                url=SEED_URL)
    assert page[0]["source"] == "zh-forum" and page[0]["p"]["content_hash"] == "hash-v1"
    ruling = rows(driver, database,
                  "MATCH (r:Ruling {id: 'zh-veil'})-[:IN]->(p:Page), (r)-[:IN]->(s:Section)-[:IN]->(p) "
                  "RETURN r, s.heading AS heading", )[0]
    assert ruling["heading"] == "1016.陷阱怪獸的相關規則"
    assert ruling["r"]["current"] is True and ruling["r"]["polarity"] == "cannot"
    assert "幻影騎士團(tuán) 影佑" in ruling["r"]["text"]  # the original text, pinyin and all
    mentions = rows(driver, database, "MATCH (:Ruling {id: 'zh-veil'})-[m:MENTIONS]->(c:Card) "
                                      "RETURN c.passcode AS passcode, m.role AS role, m.span AS span, "
                                      "m.confidence AS confidence")
    by_card = {m["passcode"]: m for m in mentions}
    assert by_card[SHADOW_VEIL]["role"] == "affected" and by_card[SHADOW_VEIL]["confidence"] == 0.95
    start, end = by_card[SHADOW_VEIL]["span"]
    assert ruling["r"]["text"][start:end] == "幻影騎士團(tuán) 影佑"
    topics = rows(driver, database, "MATCH (:Ruling {id: 'zh-mst'})-[:ABOUT]->(t:Topic) "
                                    "RETURN t.key AS key, t.label_ja AS ja ORDER BY key")
    assert topics == [{"key": "targeting", "ja": topics[0]["ja"]}, {"key": "trap_monsters", "ja": "罠モンスター"}]
    assert rows(driver, database, "MATCH (:Ruling {id: 'zh-mst'})-[:EXAMPLE_OF]->(r:Ruling) RETURN r.id AS id") == \
        [{"id": "zh-parent"}]
    # every topic of the taxonomy is a node, with its labels
    assert rows(driver, database, "MATCH (t:Topic {key: 'damage_step'}) RETURN t.label_en AS en") == \
        [{"en": "Damage Step"}]
    # the mined alias names the card
    alias = rows(driver, database, "MATCH (n:CardName {kind: 'mined'})-[:NAMES]->(c:Card) "
                                   "RETURN n.text AS text, n.language AS lang, c.passcode AS passcode")
    assert alias == [{"text": "影佑騎士", "lang": "zh-Hant", "passcode": SHADOW_VEIL}]
    # ... and the alias finds the card, in either script
    from kb.queries import resolve_card

    assert [c["passcode"] for c in resolve_card(driver, "影佑骑士", database)] == [SHADOW_VEIL]


def test_reloading_unchanged_pages_changes_nothing(card_graph):
    driver, database = card_graph
    load_pagedocs(driver, [zh_seed_doc(), ja_qa_doc()], database)
    before = snapshot(driver, database)
    counts = load_pagedocs(driver, [zh_seed_doc(), ja_qa_doc()], database)
    assert (counts["pages_unchanged"], counts["pages_new"], counts["pages_changed"], counts["rulings"]) == (2, 0, 0, 0)
    assert snapshot(driver, database) == before


def test_same_page_reprocessed_by_a_newer_pipeline_reaches_the_graph(card_graph):
    driver, database = card_graph
    load_pagedocs(driver, [zh_seed_doc()], database)
    improved = zh_seed_doc()  # same page bytes (same content hash), but the NLP stage now says more
    improved.rulings[1] = improved.rulings[1].model_copy(update={"topics": [*improved.rulings[1].topics, "zones"]})
    counts = load_pagedocs(driver, [improved], database)
    assert (counts["pages_reprocessed"], counts["pages_unchanged"]) == (1, 0)
    topics = rows(driver, database, "MATCH (:Ruling {id: $id})-[:ABOUT]->(t:Topic) RETURN t.key AS key ORDER BY key",
                  id=improved.rulings[1].id)
    assert {"key": "zones"} in topics
    # and loading the same records again is a no-op
    assert load_pagedocs(driver, [improved], database)["pages_unchanged"] == 1


def test_changed_page_keeps_superseded_history(card_graph):
    driver, database = card_graph
    load_pagedocs(driver, [zh_seed_doc("hash-v1")], database)
    v2 = zh_seed_doc("hash-v2")
    edited = v2.rulings[2]  # zh-veil: reworded on the new version of the page, same cards
    v2.rulings[2] = edited.model_copy(update=dict(
        id="zh-veil-v2", text=edited.text.replace("不能將其", "也不能將其"),
        normalized=edited.normalized.replace("不能将其", "也不能将其")))
    del v2.rulings[0]  # zh-parent dropped; zh-mst's example_of now points nowhere on the page
    counts = load_pagedocs(driver, [v2], database)
    assert counts["pages_changed"] == 1 and counts["rulings_superseded"] == 2

    state = {r["id"]: r for r in rows(driver, database,
                                      "MATCH (r:Ruling)-[:IN]->(:Page {url: $url}) RETURN r.id AS id, "
                                      "r.current AS current, r.page_hash AS hash", url=SEED_URL)}
    assert state["zh-veil"] == {"id": "zh-veil", "current": False, "hash": "hash-v1"}
    assert state["zh-parent"]["current"] is False and state["zh-parent"]["hash"] == "hash-v1"
    assert state["zh-veil-v2"] == {"id": "zh-veil-v2", "current": True, "hash": "hash-v2"}
    assert state["zh-mst"] == {"id": "zh-mst", "current": True, "hash": "hash-v2"}
    assert rows(driver, database, "MATCH (n:Ruling)-[:SUPERSEDES]->(o:Ruling) RETURN n.id AS new, o.id AS old") == \
        [{"new": "zh-veil-v2", "old": "zh-veil"}]
    assert rows(driver, database, "MATCH (:Ruling {id: 'zh-mst'})-[e:EXAMPLE_OF]->() RETURN count(e) AS n") == [{"n": 0}]
    page = rows(driver, database, "MATCH (p:Page {url: $url}) RETURN p.content_hash AS hash, p.hashes AS hashes",
                url=SEED_URL)
    assert page == [{"hash": "hash-v2", "hashes": ["hash-v1", "hash-v2"]}]

    # going back to v1 revives its rulings as current and retires the v2 wording
    load_pagedocs(driver, [zh_seed_doc("hash-v1")], database)
    current = {r["id"] for r in rows(driver, database, "MATCH (r:Ruling {current: true}) RETURN r.id AS id")}
    assert current == {"zh-parent", "zh-mst", "zh-veil"}


def test_concurrent_loads_of_the_same_page_create_no_duplicates(card_graph, neo4j_server):
    from kb.db import Connection, open_driver

    driver, database = card_graph
    uri, user, password, _ = neo4j_server
    drivers = [open_driver(Connection(uri, user, password, database, external=True)) for _ in range(2)]
    try:
        for round_ in range(4):
            docs = [zh_seed_doc(f"hash-{round_}", url=f"{SEED_URL}?round={round_}"),
                    ja_qa_doc(f"qa-{round_}", fid=5385)]
            barrier = threading.Barrier(2)
            results, failures = [], []

            def load(d, barrier=barrier, docs=docs, results=results, failures=failures):
                try:
                    barrier.wait()
                    results.append(load_pagedocs(d, docs, database))
                except Exception as exc:  # surfaced by the assertion below
                    failures.append(exc)

            threads = [threading.Thread(target=load, args=(d,)) for d in drivers]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=120)
            assert failures == []
            # each page version was written by exactly one of the two loads; the other found it unchanged
            assert sum(r["pages_new"] + r["pages_changed"] for r in results) == 2
            assert sum(r["pages_unchanged"] for r in results) == 2
        pages = rows(driver, database, "MATCH (p:Page) RETURN p.url AS url, count(*) AS n")
        assert len(pages) == 5 and all(p["n"] == 1 for p in pages)
        assert rows(driver, database, "MATCH (r:Ruling) WITH r.id AS id, count(*) AS n WHERE n > 1 RETURN id") == []
        # no doubled relationship either: one MENTIONS per mention, one IN per ruling and page
        dup = rows(driver, database, "MATCH (r:Ruling)-[m:MENTIONS]->(c:Card) "
                                     "WITH r, c, m.span AS span, count(m) AS n WHERE n > 1 RETURN r.id AS id")
        assert dup == []
        assert rows(driver, database, "MATCH (r:Ruling)-[i:IN]->(p:Page) WITH r, p, count(i) AS n WHERE n > 1 "
                                      "RETURN r.id AS id") == []
        assert rows(driver, database, "MATCH (s:Source) RETURN count(s) AS n") == [{"n": 2}]
    finally:
        for d in drivers:
            d.close()


def test_malformed_records_are_rejected_with_id_and_reason(card_graph, tmp_path):
    driver, database = card_graph
    doc = zh_seed_doc().to_json()
    doc["rulings"].append({"id": "bad-date", "text": "某裁定", "normalized": "某裁定", "language": "zh-Hans",
                           "date": "17/3/24"})
    doc["rulings"].append({"id": "bad-mention", "text": "「旋风」", "normalized": "「旋风」", "language": "zh-Hans",
                           "mentions": [{"surface": "旋风", "start": 1, "end": 3, "passcode": "5318639x",
                                         "confidence": 0.9}]})
    doc["rulings"].append({**doc["rulings"][0], "text": "重复"})  # a second ruling with the first one's id
    no_url = {**ja_qa_doc().to_json(), "url": ""}
    records = tmp_path / "records.jsonl"
    records.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in [doc, no_url, ja_qa_doc(fid=175).to_json()]),
                       encoding="utf-8")
    counts = load_jsonl(driver, records, database)
    assert counts["pages_new"] == 2 and counts["pages_rejected"] == 1 and counts["rulings_rejected"] == 3
    assert any("bad-date" in e and "17/3/24" in e and "not an ISO date" in e for e in counts["errors"])
    assert any("bad-mention" in e and "passcode" in e for e in counts["errors"])
    assert any(e.endswith("duplicate ruling id on the page") for e in counts["errors"])
    assert any(f"{records}:2 (page ?)" in e and "url: missing or empty" in e for e in counts["errors"])
    assert all("\n" not in e for e in counts["errors"])
    ids = {r["id"] for r in rows(driver, database, "MATCH (r:Ruling) RETURN r.id AS id")}
    assert ids == {"zh-parent", "zh-mst", "zh-veil", "qa-175"}

    # the same from a file: a broken line and a record of the wrong shape, the good line still loads
    path = tmp_path / "pagedocs.jsonl"
    good = ja_qa_doc("other-hash", fid=5385).to_json()
    path.write_text("{not json\n" + json.dumps({"record": "PageDoc", "url": "u", "nonsense": 1}) + "\n"
                    + json.dumps(good, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = load_jsonl(driver, path, database)
    assert counts["pages_new"] == 1 and counts["pages_rejected"] == 2
    assert any(":1:" in e and "invalid JSON" in e for e in counts["errors"])
    assert any(":2 (page u)" in e and "not a PageDoc" in e for e in counts["errors"])


def test_mentions_of_cards_missing_from_the_graph_are_counted_then_relinked(card_graph, catalog):
    from tests.kb.conftest import import_some_cards

    driver, database = card_graph
    doc = ja_qa_doc()
    # not imported in this graph
    doc.rulings[0].mentions.append(Mention(surface="闇の護封剣", start=1, end=6, passcode=25880422, confidence=0.9))
    counts = load_pagedocs(driver, [doc], database)
    assert counts["mentions"] == 1 and counts["mentions_without_card"] == 1
    assert rows(driver, database, "MATCH (c:Card {passcode: 25880422}) RETURN c") == []
    assert rows(driver, database, "MATCH (c:Card {passcode: $p}) RETURN count(c) AS n", p=MST) == [{"n": 1}]
    assert load_pagedocs(driver, [doc], database)["pages_unchanged"] == 1  # the card is still missing

    # the card arrives later: the same page content is written again and the mention links
    import_some_cards(driver, database, catalog, [25880422])
    counts = load_pagedocs(driver, [doc], database)
    assert counts["pages_relinked"] == 1 and counts["mentions"] == 2 and counts["mentions_without_card"] == 0
    linked = rows(driver, database, "MATCH (:Ruling {id: 'qa-5385'})-[m:MENTIONS]->(c:Card) "
                                    "RETURN c.passcode AS p ORDER BY p")
    assert linked == [{"p": MST}, {"p": 25880422}]
    assert load_pagedocs(driver, [doc], database)["pages_unchanged"] == 1


def test_parallel_workers_load_the_same_graph_and_keep_page_versions_in_order(card_graph):
    driver, database = card_graph
    docs = [zh_seed_doc("hash-v1", url=f"{SEED_URL}?copy={i}") for i in range(6)] + [ja_qa_doc(fid=175)]
    v2 = zh_seed_doc("hash-v2", url=f"{SEED_URL}?copy=0")
    v2.rulings = v2.rulings[:2]
    counts = load_pagedocs(driver, docs + [v2, ja_qa_doc(fid=5385)], database, workers=2)
    assert counts["errors"] == [] and (counts["pages_new"], counts["pages_changed"]) == (8, 1)
    assert counts["rulings"] == 6 * 3 + 1 + 2 + 1
    # the later version of copy=0 won: zh-veil is not on it any more, but it is still current on the
    # other copies (the same ruling id stated by several pages)
    page = rows(driver, database, "MATCH (p:Page {url: $url}) RETURN p.content_hash AS hash", url=f"{SEED_URL}?copy=0")
    assert page == [{"hash": "hash-v2"}]
    assert rows(driver, database, "MATCH (r:Ruling) RETURN count(r) AS n, sum(CASE WHEN r.current THEN 1 END) AS cur") \
        == [{"n": 5, "cur": 5}]
    assert rows(driver, database, "MATCH (:Ruling {id: 'zh-veil'})-[:IN]->(p:Page) RETURN count(p) AS n") == [{"n": 6}]
    # six pages wrote zh-veil, two at a time: its mentions were replaced each time, never doubled
    assert rows(driver, database, "MATCH (:Ruling {id: 'zh-veil'})-[m:MENTIONS]->() RETURN count(m) AS n") == [{"n": 4}]

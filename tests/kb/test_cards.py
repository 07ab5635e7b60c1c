"""The whole shared card database in the real graph: every card and community name findable."""

from __future__ import annotations

import pytest

from kb import graph as kb_graph
from kb.cards import import_path
from rulings.cards import load_catalog, read_community_names

MST = 5318639


@pytest.fixture(scope="module")
def full_cards(neo4j_driver, neo4j_server, shared_dir):
    database = neo4j_server[3]
    kb_graph.clear_graph(neo4j_driver, database)
    kb_graph.ensure_schema(neo4j_driver, database)
    for name in ("cards.jsonl.gz", "zh-community.jsonl.gz"):
        import_path(neo4j_driver, shared_dir / "data" / name, database=database)
    return neo4j_driver, database


def passcodes(driver, database, name):
    return {row["passcode"] for row in kb_graph.find_cards_by_name(driver, name, database)}


def test_every_card_is_imported_once(full_cards, shared_dir):
    driver, database = full_cards
    catalog = load_catalog(shared_dir / "data" / "cards.jsonl.gz")
    community = dict(read_community_names(shared_dir / "data" / "zh-community.jsonl.gz"))
    counts = kb_graph.count_cards(driver, database)
    # Cards known only to the community file get a node of their own, so their names resolve too.
    assert counts["cards"] == len(catalog) + len(set(community) - set(catalog))
    assert len(catalog) == 14276


@pytest.mark.parametrize("name", ["旋风", "旋風", "气旋", "氣旋", "サイクロン", "Typhon d'Espace Mystique",
                                  "typhon d’espace mystique", "Mystical Space Typhoon", "싸이크론", "5318639"])
def test_mst_is_found_by_every_name(full_cards, name):
    assert MST in passcodes(*full_cards, name)


def test_every_community_name_resolves_to_its_card(full_cards, shared_dir):
    driver, database = full_cards
    pairs = list(read_community_names(shared_dir / "data" / "zh-community.jsonl.gz"))
    assert len(pairs) == 12321  # 12,324 lines, 3 of them with an empty name
    records, _, _ = driver.execute_query(
        "UNWIND $rows AS row "
        "OPTIONAL MATCH (:CardName {key: row.key})-[:NAMES]->(c:Card {passcode: row.passcode}) "
        "RETURN count(c) AS found",
        rows=[{"key": kb_graph.name_key(name, "zh-CN", "community"), "passcode": p} for p, name in pairs],
        database_=database,
    )
    assert records[0]["found"] == len(pairs)


def test_every_official_name_resolves(full_cards, shared_dir):
    driver, database = full_cards
    catalog = load_catalog(shared_dir / "data" / "cards.jsonl.gz")
    rows = [{"key": kb_graph.name_key(text, lang, kind), "passcode": card.passcode}
            for card in catalog.values() for text, lang, kind in card.all_names()]
    records, _, _ = driver.execute_query(
        "UNWIND $rows AS row "
        "OPTIONAL MATCH (:CardName {key: row.key})-[:NAMES]->(c:Card {passcode: row.passcode}) "
        "RETURN count(c) AS found, count(row) AS wanted",
        rows=rows, database_=database,
    )
    assert records[0]["found"] == records[0]["wanted"] == len(rows)


def test_ruby_is_stripped_and_kept_as_reading(full_cards):
    driver, database = full_cards
    records, _, _ = driver.execute_query(
        "MATCH (n:CardName {language: 'ja'})-[:NAMES]->(c:Card {passcode: 36608728}) "
        "RETURN n.text AS text, n.reading AS reading", database_=database)
    assert records[0]["text"] == "戦刀匠サイバ"
    assert records[0]["reading"].startswith("いくさとうしょう")


def test_reimport_is_idempotent(full_cards, shared_dir):
    driver, database = full_cards
    before = kb_graph.count_cards(driver, database)
    rels_before = driver.execute_query("MATCH ()-[r:NAMES]->() RETURN count(r) AS n", database_=database)[0][0]["n"]
    import_path(driver, shared_dir / "data" / "zh-community.jsonl.gz", database=database)
    import_path(driver, shared_dir / "data" / "cards.jsonl.gz", database=database)
    assert kb_graph.count_cards(driver, database) == before
    rels_after = driver.execute_query("MATCH ()-[r:NAMES]->() RETURN count(r) AS n", database_=database)[0][0]["n"]
    assert rels_after == rels_before

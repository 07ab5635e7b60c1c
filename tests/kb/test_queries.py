"""The read side on the real Neo4j: card by any name, pair, topic, full text, conflicts, read-only
Cypher, suggestions for unknown names, alignment across languages, scenario input."""

from __future__ import annotations

import pytest

from kb import queries
from kb.align import ZH_JA_THRESHOLD, align_rulings
from kb.load import load_pagedocs
from rulings.records import PageDoc, Ruling
from rulings.errors import InputError
from tests.kb.builders import BOOK_OF_MOON, MST, SHADOW_VEIL, ja_qa_doc, mention, zh_seed_doc


def ja_trap_monster_doc(polarity: str = "can", rid: str = "ja-mst-trap") -> PageDoc:
    text = "「サイクロン」は罠モンスターを対象として発動し、破壊する事ができます。「月の書」をチェーンしても破壊されます。"
    return PageDoc(url=f"https://example.invalid/jp-expert/{rid}", source_id="jp-expert", content_hash=rid,
                   language="ja", rulings=[Ruling(
                       id=rid, text=text, normalized=text, language="ja", section=["罠モンスター"],
                       polarity=polarity, action="destroy", topics=["trap_monsters", "targeting"],
                       mentions=[mention(text, "サイクロン", MST), mention(text, "月の書", BOOK_OF_MOON)])])


def zh_cannot_destroy_doc() -> PageDoc:
    text = "「旋风」不能破坏作为怪兽使用中的陷阱怪兽。"
    return PageDoc(url="https://example.invalid/zh/contradiction", source_id="ocg-rule-docs", content_hash="c1",
                   language="zh-Hans", rulings=[Ruling(
                       id="zh-contra", text=text, normalized=text, language="zh-Hans", section=["陷阱怪兽"],
                       polarity="cannot", action="destroy", topics=["trap_monsters"],
                       mentions=[mention(text, "旋风", MST)])])


@pytest.fixture
def loaded(card_graph):
    driver, database = card_graph
    counts = load_pagedocs(driver, [zh_seed_doc(), ja_qa_doc(), ja_trap_monster_doc()], database)
    assert counts["errors"] == [] and counts["pages_new"] == 3
    return driver, database


def ruling_ids(report_entry) -> set[str]:
    return {r["id"] for group in report_entry["topics"] for r in group["rulings"]}


@pytest.mark.parametrize("name", ["旋风", "旋風", "气旋", "サイクロン", "Typhon d'Espace Mystique",
                                  "Mystical Space Typhoon", "5318639"])
def test_card_by_any_name_gives_its_rulings_from_every_language(loaded, name):
    driver, database = loaded
    report = queries.card_report(driver, name, database)
    assert [e["card"]["passcode"] for e in report] == [MST]
    assert ruling_ids(report[0]) == {"zh-mst", "zh-veil", "qa-5385", "ja-mst-trap"}
    languages = {r["language"] for g in report[0]["topics"] for r in g["rulings"]}
    assert languages == {"zh-Hant", "ja"}
    # grouped by topic, each ruling with its source, date and language
    groups = {g["topic"]: g for g in report[0]["topics"]}
    assert {r["id"] for r in groups["chain"]["rulings"]} == {"qa-5385"}
    # a ruling sits under its main (first) topic
    assert {r["id"] for r in groups["trap_monsters"]["rulings"]} == {"zh-mst", "zh-veil", "ja-mst-trap"}
    assert "targeting" not in groups
    qa = groups["chain"]["rulings"][0]
    assert (qa["source"], qa["date"], qa["language"]) == ("konami-faq", "2017-03-24", "ja")
    assert qa["url"].endswith("fid=5385")


def test_card_language_filter(loaded):
    driver, database = loaded
    assert ruling_ids(queries.card_report(driver, "旋风", database, lang="ja")[0]) == {"qa-5385", "ja-mst-trap"}
    assert ruling_ids(queries.card_report(driver, "サイクロン", database, lang="zh")[0]) == {"zh-mst", "zh-veil"}


def test_pair_finds_the_seed_ruling_on_mst_and_a_trap_monster(loaded):
    driver, database = loaded
    result = queries.pair(driver, "旋風", "幻影騎士團 影佑", database)
    assert [r["id"] for r in result["rulings"]] == ["zh-veil"]
    assert result["b"] == [SHADOW_VEIL]
    assert {r["id"] for r in queries.pair(driver, "サイクロン", "月之書", database)["rulings"]} == {"zh-mst", "ja-mst-trap"}
    assert queries.pair(driver, "幻影騎士團 影佑", "月之書", database)["rulings"] == []


def test_topic_and_unknown_topic(loaded):
    driver, database = loaded
    assert {r["id"] for r in queries.topic(driver, "trap_monsters", database)} == \
        {"zh-parent", "zh-mst", "zh-veil", "ja-mst-trap"}
    assert {r["id"] for r in queries.topic(driver, "trap_monsters", database, lang="ja")} == {"ja-mst-trap"}
    with pytest.raises(InputError, match="unknown topic 'trap_monster'.*trap_monsters"):
        queries.topic(driver, "trap_monster", database)


def test_full_text_search_in_chinese_and_japanese(loaded):
    driver, database = loaded
    # every word must occur; a Traditional query also finds the Simplified normalized text (the page
    # writes 旋風(fēng) with pinyin, so only the normalized text has 旋风 in one piece)
    assert {r["id"] for r in queries.search(driver, "陷阱怪獸 旋風", database)} == {"zh-mst"}
    assert {r["id"] for r in queries.search(driver, "旋風", database)} == {"zh-mst", "zh-veil"}
    assert {r["id"] for r in queries.search(driver, "陷阱怪兽", database)} == {"zh-parent", "zh-mst"}
    assert {r["id"] for r in queries.search(driver, "闇の護封剣", database)} == {"qa-5385"}
    assert queries.search(driver, 'zzz" OR (', database) == []  # Lucene syntax in the input is only text
    with pytest.raises(InputError, match="empty"):
        queries.search(driver, "   ", database)


def test_a_shared_card_and_action_with_opposite_polarity_is_no_conflict(loaded):
    # zh-contra says MST cannot destroy a trap monster, zh-mst and ja-mst-trap that it can: same card,
    # same action, but nothing says they are about the same situation (tests/kb/test_conflicts.py)
    driver, database = loaded
    load_pagedocs(driver, [zh_cannot_destroy_doc()], database)
    assert queries.conflicts(driver, database) == []


def test_read_only_cypher_reads_and_refuses_writes(loaded):
    driver, database = loaded
    rows = queries.read_only_cypher(driver, "MATCH (r:Ruling)-[:MENTIONS]->(c:Card {passcode: $p}) "
                                            "RETURN count(DISTINCT r) AS n", database, {"p": MST})
    assert rows == [{"n": 4}]
    node = queries.read_only_cypher(driver, "MATCH (c:Card {passcode: 5318639}) RETURN c", database)
    assert node[0]["c"]["name"] == "Mystical Space Typhoon" and node[0]["c"]["labels"] == ["Card"]
    for write in ("CREATE (x:Card {passcode: 1}) RETURN x", "MATCH (r:Ruling) DETACH DELETE r",
                  "MATCH (c:Card) SET c.name = 'x'"):
        with pytest.raises(InputError, match="read-only"):
            queries.read_only_cypher(driver, write, database)
    assert queries.read_only_cypher(driver, "MATCH (r:Ruling) RETURN count(r) AS n", database) == [{"n": 5}]
    with pytest.raises(InputError, match="syntax"):
        queries.read_only_cypher(driver, "MATCH (r:Ruling RETURN r", database)


def test_unknown_name_gets_the_closest_names(loaded):
    driver, database = loaded
    with pytest.raises(InputError) as info:
        queries.resolve_card(driver, "Mystical Space Typoon", database)
    assert "no card named 'Mystical Space Typoon'" in str(info.value)
    assert "Mystical Space Typhoon" in str(info.value)
    with pytest.raises(InputError) as info:
        queries.resolve_card(driver, "幻影騎士團 影祐", database)  # one character wrong
    assert "幻影騎士團 影佑" in str(info.value) or "幻影骑士团 影佑" in str(info.value)


def same_as_pairs(driver, database) -> dict:
    same = queries.read_only_cypher(driver, "MATCH (a:Ruling)-[s:SAME_AS]-(b:Ruling) WHERE a.id < b.id "
                                            "RETURN a.id AS a, b.id AS b, s.score AS score", database)
    return {frozenset((r["a"], r["b"])): r["score"] for r in same}


def test_alignment_links_the_same_ruling_across_languages(loaded):
    driver, database = loaded
    links = align_rulings(driver, database)
    pairs = same_as_pairs(driver, database)
    assert links == len(pairs)
    # zh-mst (can destroy a trap monster with 旋風) = ja-mst-trap (same in Japanese)
    assert frozenset({"zh-mst", "ja-mst-trap"}) in pairs and ZH_JA_THRESHOLD <= pairs[frozenset({"zh-mst", "ja-mst-trap"})] <= 1
    # re-running recomputes the same links
    assert align_rulings(driver, database) == links
    assert same_as_pairs(driver, database) == pairs
    # a second Japanese ruling just as close (same cards, same words; polarity read from two languages
    # is no evidence): which one zh-mst states would be a guess, so it links neither
    load_pagedocs(driver, [ja_trap_monster_doc("cannot", rid="ja-opposite")], database)
    align_rulings(driver, database)
    assert not any("zh-mst" in p and ({"ja-mst-trap", "ja-opposite"} & p) for p in same_as_pairs(driver, database))


def test_superseded_rulings_leave_queries_unless_history_is_asked(loaded):
    driver, database = loaded
    v2 = zh_seed_doc("hash-v2")
    v2.rulings = [r for r in v2.rulings if r.id != "zh-veil"]
    load_pagedocs(driver, [v2], database)
    assert queries.pair(driver, "旋風", "幻影騎士團 影佑", database)["rulings"] == []
    old = queries.pair(driver, "旋風", "幻影騎士團 影佑", database, history=True)["rulings"]
    assert [(r["id"], r["current"]) for r in old] == [("zh-veil", False)]


def test_rulings_for_scenarios(loaded):
    driver, database = loaded
    rows = queries.rulings_for_scenarios(driver, database)
    by_id = {r["id"]: r for r in rows}
    # every current ruling, also zh-parent, which names no card: a general rule is checked with a stand-in
    assert set(by_id) == {"zh-parent", "zh-mst", "zh-veil", "qa-5385", "ja-mst-trap"}
    assert by_id["zh-parent"]["mentions"] == []
    veil = by_id["zh-veil"]
    assert {"passcode": SHADOW_VEIL, "role": "affected"} in [
        {"passcode": m["passcode"], "role": m["role"]} for m in veil["mentions"]]
    assert (veil["polarity"], veil["action"], veil["language"]) == ("cannot", "target", "zh-Hant")
    assert veil["url"].startswith("file://") and "trap_monsters" in veil["topics"]
    assert {r["id"] for r in queries.rulings_for_scenarios(driver, database, topic="chain")} == {"qa-5385"}
    assert BOOK_OF_MOON in {m["passcode"] for m in by_id["zh-mst"]["mentions"]}

"""CITES edges: a ruling that links an official Q&A (`ope=5&fid=N`) or a card's FAQ page (`ope=4&cid=N`)
cites that Q&A ruling or that card, whichever side is loaded first; re-loading keeps the edges.

The records are the real lines of the shared corpus: the Chinese rules documentation (c02 基本用语,
a ruling closed by its dated link to Q&A 6760 and one linking the FAQ page of 「自然兽」) and Q&A 6760
of the Konami FAQ mirror."""

from __future__ import annotations


from kb import graph as kb_graph
from kb.load import citations, load_pagedocs
from kb.queries import card_report
from rulings.records import Mention, PageDoc, Ruling
from rulings.config import shared_dir
from tests.kb.builders import faq_record
from tests.kb.conftest import import_some_cards

SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST = 82732705, 95888876, 33198837
NATURIA_BEAST_KONAMI_ID = 7969
RST = "c02/基本用语.rst"
RST_URL = "file:///shared/corpus/ocg-rule-docs/" + RST


def rst_line(contains: str) -> str:
    path = shared_dir() / "corpus" / "ocg-rule-docs" / RST
    return next(line.strip() for line in path.read_text(encoding="utf-8").splitlines() if contains in line)


def zh_doc(content_hash: str = "rst-v1") -> PageDoc:
    """Two rulings as segment_rst hands them over: the text up to the date, the dated link in meta."""
    rulings = []
    for rid, cue, name, passcode in (("zh-dual", "再1次召唤的二重怪兽", "技能抽取", SKILL_DRAIN),
                                     ("zh-naturia", "「`自然兽`_」的①效果", "自然兽", NATURIA_BEAST)):
        line = rst_line(cue)
        text, link = line[2:line.index("\\ `")], line[line.index("<") + 1:line.index(">`__")]
        at = text.index(name)
        rulings.append(Ruling(id=rid, text=text, normalized=text, language="zh-Hans", section=["基本用语"],
                              date="2017-03-24", meta={"source_url": link},
                              mentions=[Mention(surface=name, start=at, end=at + len(name), passcode=passcode, confidence=0.95)]))
    return PageDoc(url=RST_URL, source_id="ocg-rule-docs", content_hash=content_hash, language="zh-Hans",
                   title="基本用语", rulings=rulings)


def qa_doc(fid: int = 6760, content_hash: str = "qa-v1") -> PageDoc:
    record = faq_record(fid)
    text = f"{record['question']}\n{record['answer']}"
    at = text.index("スキルドレイン")
    return PageDoc(url=f"https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid={fid}",
                   source_id="konami-faq", content_hash=content_hash, language="ja", title=record["title"],
                   rulings=[Ruling(id=f"qa-{fid}-{content_hash}", text=text, normalized=text, language="ja",
                                   section=[record["title"]], date=record["databaseDate"], kind="qa",
                                   meta={"fid": fid, "tags": record["tags"]},
                                   mentions=[Mention(surface="スキルドレイン", start=at, end=at + 7, passcode=SKILL_DRAIN,
                                                     confidence=0.95)])])


def cites(driver, database) -> list[tuple]:
    records, _, _ = driver.execute_query(
        "MATCH (r:Ruling)-[c:CITES]->(t) RETURN r.id AS r, labels(t)[0] AS kind, "
        "coalesce(t.fid, toString(t.passcode)) AS target ORDER BY r, target", database_=database)
    return [tuple(r.values()) for r in records]


def test_citation_links_are_read_from_the_source_url_and_the_text():
    doc = zh_doc()
    assert [citations(r) for r in doc.rulings] == [([6760], []), ([], [NATURIA_BEAST_KONAMI_ID])]
    inline = Ruling(id="x", text="見 https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&amp;fid=23934"
                                  "&keyword=&tag=-1 及 faq_search.action?ope=5&fid=1", normalized="", language="zh-Hans")
    assert citations(inline) == ([23934], [])
    own = Ruling(id="q", text="…", normalized="", language="ja", meta={"fid": 5, "source_url":
                 "https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=5"})
    assert citations(own) == ([], [])


def test_cites_edges_are_the_same_whichever_side_is_loaded_first(graph, catalog):
    driver, database = graph
    import_some_cards(driver, database, catalog, [SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST])
    expected = [("zh-dual", "Ruling", "6760"), ("zh-naturia", "Card", str(NATURIA_BEAST))]

    assert load_pagedocs(driver, [qa_doc(), zh_doc()], database)["errors"] == []  # the Q&A first
    assert cites(driver, database) == expected
    qa_first = cites(driver, database)

    kb_graph.clear_graph(driver, database)
    kb_graph.ensure_schema(driver, database)
    import_some_cards(driver, database, catalog, [SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST])
    load_pagedocs(driver, [zh_doc()], database)  # the citing page first: the Q&A is not there yet
    assert cites(driver, database) == [("zh-naturia", "Card", str(NATURIA_BEAST))]
    load_pagedocs(driver, [qa_doc()], database)
    assert cites(driver, database) == qa_first

    # re-ingest: the same pages again, then a new version of each: the citations stay, to the current Q&A
    load_pagedocs(driver, [zh_doc(), qa_doc()], database)
    assert cites(driver, database) == expected
    load_pagedocs(driver, [zh_doc("rst-v2")], database)
    assert cites(driver, database) == expected
    load_pagedocs(driver, [qa_doc(content_hash="qa-v2")], database)
    records, _, _ = driver.execute_query("MATCH (:Ruling {id: 'zh-dual'})-[:CITES]->(q:Ruling) "
                                         "RETURN q.id AS id, q.current AS current ORDER BY id", database_=database)
    assert [(r["id"], r["current"]) for r in records] == [("qa-6760-qa-v1", False), ("qa-6760-qa-v2", True)]

    # a citation removed from the ruling is removed from the graph
    gone = zh_doc("rst-v3")
    gone.rulings[0] = gone.rulings[0].model_copy(update={"meta": {}})
    load_pagedocs(driver, [gone], database)
    assert cites(driver, database) == [("zh-naturia", "Card", str(NATURIA_BEAST))]


def test_a_card_imported_after_the_citing_page_is_cited(graph, catalog):
    driver, database = graph
    import_some_cards(driver, database, catalog, [SKILL_DRAIN])
    load_pagedocs(driver, [zh_doc()], database)
    assert cites(driver, database) == []
    import_some_cards(driver, database, catalog, [NATURIA_BEAST])
    assert cites(driver, database) == [("zh-naturia", "Card", str(NATURIA_BEAST))]


def test_query_card_shows_a_qa_with_the_rulings_citing_it(graph, catalog):
    driver, database = graph
    import_some_cards(driver, database, catalog, [SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST])
    load_pagedocs(driver, [zh_doc(), qa_doc()], database)
    report = card_report(driver, "スキルドレイン", database, lang="ja")
    (qa,) = [r for group in report[0]["topics"] for r in group["rulings"]]
    assert qa["id"] == "qa-6760-qa-v1"
    assert [(c["id"], c["language"], c["source"]) for c in qa["cited_by"]] == [("zh-dual", "zh-Hans", "ocg-rule-docs")]
    assert "技能抽取" in qa["cited_by"][0]["text"]
    beast = card_report(driver, str(NATURIA_BEAST), database)[0]
    assert [c["id"] for c in beast["card"]["cited_by"]] == ["zh-naturia"]
    (zh,) = [r for group in beast["topics"] for r in group["rulings"]]
    assert zh["cites"] == [{"passcode": NATURIA_BEAST, "konami_id": NATURIA_BEAST_KONAMI_ID, "name": "Naturia Beast"}]


def test_eval_align_scores_the_zh_ja_links_against_the_citations(graph, catalog):
    from kb.align import evaluate

    driver, database = graph
    import_some_cards(driver, database, catalog, [SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST])
    zh = zh_doc()
    # a ruling citing a Q&A the graph does not hold: any Japanese partner it gets is wrong
    stray = zh.rulings[0].model_copy(update={"id": "zh-stray", "meta": {
        "source_url": "https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=1"}})
    zh.rulings.append(stray)
    load_pagedocs(driver, [zh, qa_doc()], database)
    result = evaluate(driver, database)
    scores = result["splits"]["all"]["at_threshold"]
    assert (scores["gold_pairs"], scores["links"], scores["correct"]) == (1, 1, 1)  # fid 6760 is even: dev
    assert (scores["precision"], scores["recall"]) == (1.0, 1.0)
    assert (scores["uncovered_citing"], scores["links_from_uncovered"], scores["precision_open"]) == (1, 1, 0.5)
    assert result["splits"]["heldout"]["at_threshold"]["gold_pairs"] == 0

"""`query conflicts`: two rulings conflict only when they are about the same situation (one cites the
other, both cite one Q&A, aligned, or the same frame) and answer it differently; a later dated one
supersedes the earlier (shown with both dates), which is no contradiction.

The rulings are the real Q&A 6760 and the real rule-docs line citing it (tests/kb/test_cites.py), with
the answer changed where a test needs two rulings to disagree."""

from __future__ import annotations

import dataclasses

from kb.load import load_pagedocs
from kb.queries import conflicts
from pipeline.records import Frame, FrameCard, FrameQuestion, PageDoc, Ruling
from tests.kb.conftest import import_some_cards
from tests.kb.test_cites import CHTHONIAN_EMPEROR, NATURIA_BEAST, SKILL_DRAIN, qa_doc, zh_doc


def with_ruling(doc: PageDoc, index: int, **changes) -> PageDoc:
    doc.rulings[index] = dataclasses.replace(doc.rulings[index], **changes)
    return doc


def cards(graph, catalog):
    driver, database = graph
    import_some_cards(driver, database, catalog, [SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST])
    return driver, database


def test_agreeing_citation_is_no_conflict_and_a_contradicting_one_is(graph, catalog):
    driver, database = cards(graph, catalog)
    qa = with_ruling(qa_doc(), 0, polarity="is", action="negate")
    load_pagedocs(driver, [qa, with_ruling(zh_doc(), 0, polarity="is", action="negate")], database)
    assert conflicts(driver, database) == []

    # the same date, the opposite answer: a contradiction, with both texts, sources, dates and why
    zh = with_ruling(zh_doc("v2"), 0, polarity="is_not", action="negate")
    load_pagedocs(driver, [zh], database)
    (found,) = conflicts(driver, database)
    assert found["kind"] == "contradiction" and found["differs"] in ("polarity is vs is_not", "polarity is_not vs is")
    assert found["why"] == ["one cites the other (Q&A fid 6760)"]
    sides = {found["first"]["id"]: found["first"], found["second"]["id"]: found["second"]}
    assert set(sides) == {"zh-dual", "qa-6760-qa-v1"}
    assert sides["zh-dual"]["source"] == "ocg-rule-docs" and "技能抽取" in sides["zh-dual"]["text"]
    assert sides["qa-6760-qa-v1"]["date"] == "2017-03-24" and sides["qa-6760-qa-v1"]["url"].endswith("fid=6760")


def test_a_later_ruling_answering_differently_supersedes_the_earlier(graph, catalog):
    driver, database = cards(graph, catalog)
    qa = with_ruling(qa_doc(), 0, polarity="is", action="negate")  # dated 2017-03-24
    old = with_ruling(zh_doc(), 0, polarity="is_not", action="negate", date="2014-02-01")
    load_pagedocs(driver, [qa, old], database)
    (found,) = conflicts(driver, database)
    assert found["kind"] == "supersedes"
    assert (found["newer"]["id"], found["newer"]["date"]) == ("qa-6760-qa-v1", "2017-03-24")
    assert (found["older"]["id"], found["older"]["date"]) == ("zh-dual", "2014-02-01")


def frame(answer: str) -> Frame:
    return Frame(language="ja", cards=[FrameCard(ref="c1", name="スキルドレイン", passcode=SKILL_DRAIN)],
                 question=FrameQuestion(kind="applies", card="c1"), answer=answer)


def test_rulings_with_the_same_frame_answering_yes_and_no_conflict(graph, catalog):
    driver, database = cards(graph, catalog)
    yes = with_ruling(qa_doc(), 0, frame=frame("yes"), date=None)
    no = with_ruling(qa_doc(6760, "other"), 0, frame=frame("no"), date=None)
    no.url += "&copy=1"
    load_pagedocs(driver, [yes, no], database)
    (found,) = conflicts(driver, database)
    assert found["kind"] == "contradiction" and found["differs"] in ("applies: yes vs no", "applies: no vs yes")
    assert found["why"][0].startswith("same frame (applies|82732705|")
    # the page changes its answer to agree: the old ruling is history, and history conflicts with nothing
    agree = with_ruling(qa_doc(6760, "other-v2"), 0, frame=frame("yes"), date=None)
    agree.url = no.url
    load_pagedocs(driver, [agree], database)
    assert conflicts(driver, database) == []

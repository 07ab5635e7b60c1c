"""`query conflicts`: two rulings conflict only when they are about the same situation (one cites the
other or both cite one Q&A, with the same question about the same card; confidently aligned; or the
same frame with its situation read) and their frames answer it differently; a later dated one
supersedes the earlier (shown with both dates), which is no contradiction. Polarity cue words are not
answers: a Chinese ruling and the Q&A it translates say the same thing with different words.

The rulings are the real Q&A 6760 and the real rule-docs line citing it (tests/kb/test_cites.py), with
their frames (question, answer) set where a test needs two rulings to agree or disagree."""

from __future__ import annotations


from kb.load import load_pagedocs
from kb.queries import conflicts
from rulings.records import Frame, FrameCard, FrameEvent, FrameQuestion, PageDoc
from tests.kb.conftest import import_some_cards
from tests.kb.test_cites import CHTHONIAN_EMPEROR, NATURIA_BEAST, SKILL_DRAIN, qa_doc, zh_doc


def with_ruling(doc: PageDoc, index: int, **changes) -> PageDoc:
    doc.rulings[index] = doc.rulings[index].model_copy(update=changes)
    return doc


def cards(graph, catalog):
    driver, database = graph
    import_some_cards(driver, database, catalog, [SKILL_DRAIN, CHTHONIAN_EMPEROR, NATURIA_BEAST])
    return driver, database


def frame(answer: str, language: str = "ja", situation: bool = False) -> Frame:
    """Does Skill Drain apply? With situation=True, while a Chthonian Emperor Dragon is Summoned."""
    found = Frame(language=language, cards=[FrameCard(ref="c1", name="スキルドレイン", passcode=SKILL_DRAIN)],
                  question=FrameQuestion(kind="applies", card="c1"), answer=answer)
    if situation:
        found.cards.append(FrameCard(ref="c2", name="冥界龍 ドラゴネクロ", passcode=CHTHONIAN_EMPEROR))
        found.events.append(FrameEvent(action="summon", card="c2"))
    return found


def test_a_translation_agrees_with_its_qa_and_a_contradicting_one_is_reported(graph, catalog):
    driver, database = cards(graph, catalog)
    # the Q&A and the Chinese line citing it give the same answer, though their cue words differ
    qa = with_ruling(qa_doc(), 0, polarity="is", action="negate", frame=frame("yes"))
    zh = with_ruling(zh_doc(), 0, polarity="is_not", action="negate", frame=frame("yes", "zh-Hans"))
    load_pagedocs(driver, [qa, zh], database)
    assert conflicts(driver, database) == []

    # the same date, the opposite answer: a contradiction, with both texts, sources, dates and why
    zh = with_ruling(zh_doc("v2"), 0, frame=frame("no", "zh-Hans"))
    load_pagedocs(driver, [zh], database)
    (found,) = conflicts(driver, database)
    assert found["kind"] == "contradiction" and found["differs"] in ("applies: yes vs no", "applies: no vs yes")
    assert found["why"] == ["one cites the other (Q&A fid 6760)"]
    sides = {found["first"]["id"]: found["first"], found["second"]["id"]: found["second"]}
    assert set(sides) == {"zh-dual", "qa-6760-qa-v1"}
    assert sides["zh-dual"]["source"] == "ocg-rule-docs" and "技能抽取" in sides["zh-dual"]["text"]
    assert sides["qa-6760-qa-v1"]["date"] == "2017-03-24" and sides["qa-6760-qa-v1"]["url"].endswith("fid=6760")


def test_a_citation_about_another_question_is_no_conflict(graph, catalog):
    driver, database = cards(graph, catalog)
    qa = with_ruling(qa_doc(), 0, frame=frame("yes"))
    other = frame("no", "zh-Hans")
    other.question.kind = "can_activate"  # the line answers another question of the same Q&A
    load_pagedocs(driver, [qa, with_ruling(zh_doc(), 0, frame=other)], database)
    assert conflicts(driver, database) == []


def test_a_later_ruling_answering_differently_supersedes_the_earlier(graph, catalog):
    driver, database = cards(graph, catalog)
    qa = with_ruling(qa_doc(), 0, frame=frame("yes"))  # dated 2017-03-24
    old = with_ruling(zh_doc(), 0, frame=frame("no", "zh-Hans"), date="2014-02-01")
    load_pagedocs(driver, [qa, old], database)
    (found,) = conflicts(driver, database)
    assert found["kind"] == "supersedes" and found["differs"] == "applies: yes vs no"
    assert (found["newer"]["id"], found["newer"]["date"]) == ("qa-6760-qa-v1", "2017-03-24")
    assert (found["older"]["id"], found["older"]["date"]) == ("zh-dual", "2014-02-01")


def test_rulings_with_the_same_frame_answering_yes_and_no_conflict(graph, catalog):
    driver, database = cards(graph, catalog)
    yes = with_ruling(qa_doc(), 0, frame=frame("yes", situation=True), date=None)
    no = with_ruling(qa_doc(6760, "other"), 0, frame=frame("no", situation=True), date=None)
    no.url += "&copy=1"
    load_pagedocs(driver, [yes, no], database)
    (found,) = conflicts(driver, database)
    assert found["kind"] == "contradiction" and found["differs"] in ("applies: yes vs no", "applies: no vs yes")
    assert found["why"][0].startswith(f"same frame (applies|{SKILL_DRAIN}|")
    # the page changes its answer to agree: the old ruling is history, and history conflicts with nothing
    agree = with_ruling(qa_doc(6760, "other-v2"), 0, frame=frame("yes", situation=True), date=None)
    agree.url = no.url
    load_pagedocs(driver, [agree], database)
    assert conflicts(driver, database) == []


def test_a_frame_naming_one_card_and_no_event_is_no_situation(graph, catalog):
    driver, database = cards(graph, catalog)
    yes = with_ruling(qa_doc(), 0, frame=frame("yes"), date=None)
    no = with_ruling(qa_doc(6760, "other"), 0, frame=frame("no"), date=None)
    no.url += "&copy=1"
    load_pagedocs(driver, [yes, no], database)
    assert conflicts(driver, database) == []

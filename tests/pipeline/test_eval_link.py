"""The linking evaluation on slices of the shared dev sets: figures must react to a broken linker."""

from __future__ import annotations

import pytest

from pipeline import eval as evaluation
from pipeline.cardlink import CardLinker
from rulings.errors import InputError



def run(linker, catalog, shared_dir, sets):
    return evaluation.main_eval(sets, limit=2 if "ja" not in sets else 60, linker=linker, catalog=catalog,
                                shared=shared_dir)


def test_real_linker_scores_well_on_slices(linker, catalog, shared_dir):
    report = run(linker, catalog, shared_dir, ("ja", "zh", "fr"))
    for name in ("ja", "zh", "fr"):
        r = report[name]
        assert r["tp"] > 20 and r["items"] > 0, name
        assert r["f1"] > 0.8, (name, r)
        assert 0 <= r["precision"] <= 1 and 0 <= r["recall"] <= 1


def test_empty_linker_has_zero_recall(catalog, shared_dir):
    empty = CardLinker({}, set())
    report = run(empty, catalog, shared_dir, ("ja", "zh", "fr"))
    for name in ("ja", "zh", "fr"):
        assert report[name]["recall"] == 0.0 and report[name]["tp"] == 0, name
        assert report[name]["fn"] > 0


def test_wrong_passcodes_are_false_positives(catalog, shared_dir, linker):
    # Shift every indexed passcode: mentions are still found but all links are wrong.
    from dataclasses import replace

    shifted = CardLinker({k: [replace(e, passcode=e.passcode + 1) for e in v] for k, v in linker.names.items()},
                         linker.series, prose_words=linker.prose_words)
    report = run(shifted, catalog, shared_dir, ("ja", "zh"))
    good = run(linker, catalog, shared_dir, ("ja", "zh"))
    for name in ("ja", "zh"):
        assert report[name]["precision"] < good[name]["precision"] / 2
        assert report[name]["fp"] > good[name]["fp"]


def test_rst_markup_is_stripped_and_gold_spans_point_at_names():
    text, gold = evaluation.strip_rst_cards("- 「`黑洞`_」破坏「`旋风`_」。")
    assert "`" not in text and text == "- 「黑洞」破坏「旋风」。"
    assert [text[s:e] for s, e, _ in gold] == ["黑洞", "旋风"]


def test_markdown_italics_are_stripped_and_spans_kept():
    text, spans = evaluation.strip_markdown_italics("Voici *Trou Noir* et **gras** et <i>Trappe</i>.")
    assert "*" not in text and "<i>" not in text
    assert [(text[s:e], how) for s, e, _, how in spans] == [("Trou Noir", "italic"), ("Trappe", "italic")]


def test_unknown_set_is_an_input_error(linker, catalog, shared_dir):
    with pytest.raises(InputError, match="unknown evaluation set"):
        evaluation.main_eval(["xx"], linker=linker, catalog=catalog, shared=shared_dir)


def test_topic_agreement_is_split_and_uses_the_cards_a_qa_is_about(linker, catalog, shared_dir, cue_lists):
    report = evaluation.main_eval(["topics"], limit=300, linker=linker, catalog=catalog, shared=shared_dir)
    held, dev = report["topics"], report["topics-dev"]
    assert held["items"] + dev["items"] == 300 and held["items"] > 100 and dev["items"] > 100
    assert held["f1"] > 0.5, held
    assert 0 < held["notes"]["macro_f1"] <= 1
    assert held["notes"]["source"] == "cue lists"
    # Without cards (none linked, none in the catalog) only the cue topics remain: recall of the
    # card-kind tags collapses.
    blind = evaluation.main_eval(["topics"], limit=300, linker=CardLinker({}, set()), catalog={},
                                 shared=shared_dir)["topics"]
    assert blind["recall"] < held["recall"] / 2
    assert blind["notes"]["per_topic_tp_fp_fn"].get("trap_cards", [0])[0] == 0


def test_qa_split_is_by_fid_parity():
    assert evaluation.qa_split({"fid": 10}) == "dev" and evaluation.qa_split({"fid": 11}) == "heldout"


def test_whole_page_eval_scores_the_stage_with_notes_and_headings(linker, catalog, shared_dir):
    """zh-page: the stage's mentions on the page, notes (.. attention:: / .. tip::) included."""
    from crawlers.offline import read_paths
    from pipeline.run import process_pages

    path = shared_dir / "corpus" / "ocg-rule-docs" / "c02" / "基本用语.rst"
    score = evaluation.eval_rule_docs_pages(linker, catalog, [path])
    assert score.tp > 300 and score.recall >= 0.97 and score.precision >= 0.98, score.as_dict()
    page = next(p for p, _ in read_paths([str(path)]))
    doc = next(process_pages([page], linker=linker))
    placed = evaluation.page_mentions(doc)
    in_notes = [m for m in placed if m.place == "note" and m.passcode is not None]
    assert len(in_notes) > 50
    # every placed mention points at its surface on the page
    assert all(page.text[m.start:m.end] == m.surface for m in placed)
    # without the notes' mentions the same page loses recall
    without = [m for m in placed if m.place == "text"]
    text_only = evaluation.Score()
    index = evaluation._name_index(catalog, ("zh-CN", "zh-TW"), True)
    gold = [(m.start(1), m.end(1), (index.get(evaluation.fold_name(m.group(1))) or [None])[0])
            for m in evaluation._RST_CARD.finditer(page.text)]
    evaluation._spans_score(text_only, without, gold, evaluation._same_card(catalog))
    assert text_only.recall < score.recall - 0.05

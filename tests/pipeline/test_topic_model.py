"""The Japanese topic classifier (pipeline/topic_model.py): trained here on a small slice of the
even-fid Konami Q&As, used by assign_topics for Japanese, and scored against the cue lists on
odd-fid Q&As it never saw."""

import logging

import pytest

from pipeline import topic_model, topic_training
from pipeline.eval import mentioned_cards
from pipeline.topics import assign_topics, load_topics, topics_for_qa_tags


@pytest.fixture(scope="module")
def qas(shared_dir):
    return topic_training.read_qas(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz")


@pytest.fixture(scope="module")
def small_model(tmp_path_factory, shared_dir):
    """A model trained on the first 300 even-fid Q&As (2 folds and 1 seed instead of 3 and 3: a quicker
    config), its card-kind scores blended with the subject-card model's at weight 0.5."""
    cfg = topic_model.load_config()
    cfg["training"]["folds"] = 2
    cfg["training"]["seeds"] = 1
    cfg["training"]["blend"] = [0.5]
    out = tmp_path_factory.mktemp("topic-model")
    cfg.to_disk(out / "quick.cfg")
    summary = topic_training.train(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz",
                                shared_dir / "data" / "cards.jsonl.gz", out / "model", out / "quick.cfg", limit=300)
    assert summary["trained_on"] == 300 and summary["parity"] == 0 and summary["blend"] == 0.5
    return out / "model", summary


def _micro(predicted, gold):
    tp = sum(len(p & g) for p, g in zip(predicted, gold))
    fp = sum(len(p - g) for p, g in zip(predicted, gold))
    fn = sum(len(g - p) for p, g in zip(predicted, gold))
    p, r = tp / (tp + fp) if tp + fp else 0.0, tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def test_model_is_used_for_japanese_and_beats_the_cue_lists_on_odd_fids(small_model, qas, catalog, monkeypatch,
                                                                         tmp_path, caplog):
    path, summary = small_model
    assert set(summary["thresholds"]) == {k for k, t in load_topics().items() if t.qa_tags}
    odd = [q for q in qas if q["fid"] % 2 == 1][:80]
    cards = mentioned_cards(catalog, odd)
    taggable = set(summary["labels"])
    gold = [set(topics_for_qa_tags(q["tags"])) for q in odd]

    def run(model_dir):
        monkeypatch.setenv("RULINGS_TOPIC_MODEL", str(model_dir))
        return [set(assign_topics("\n".join((q["question"], q["answer"])), [q["title"]], "ja", c,
                                  topic_model.qa_date(q))) & taggable
                for q, c in zip(odd, cards)]

    with caplog.at_level(logging.INFO, logger="pipeline.topic_model"):
        cues = run(tmp_path / "not-built")
        learned = run(path)
    messages = [r.getMessage() for r in caplog.records]
    assert any("no trained model" in m and "cue lists" in m for m in messages)
    assert any("textcat model" in m and str(path) in m for m in messages)
    model = topic_model.get_model(path)
    assert model is not None and model.nlp.pipe_names == ["textcat_multilabel"]
    assert len(model.folds) == 2 and len(model.subject) == 2 and model.blend == 0.5
    # The model's own decision is what assign_topics returns for the topics it knows.
    q, c = odd[0], cards[0]
    assert set(model.predict(q["title"], "\n".join((q["question"], q["answer"])), c,
                             topic_model.qa_date(q))) == learned[0]
    cue_p, _, cue_f1 = _micro(cues, gold)
    p, r, f1 = _micro(learned, gold)
    assert all(learned)  # every Q&A gets its best-scoring topic
    assert p > cue_p and f1 > 0.3, (p, r, f1, cue_p, cue_f1)


def test_card_tokens_name_the_kinds_of_the_cards_and_the_roles_they_play(catalog):
    by_ja = {c.names.get("ja"): c for c in catalog.values()}
    hope, mst = by_ja["Ｎｏ．３９ 希望皇ホープ"], by_ja["サイクロン"]
    assert {"KIND_monster", "KIND_xyz", "KIND_spell", "KIND_spell-quick-play"} <= set(topic_model.kind_tokens([hope, mst]))
    assert "KIND_warrior" not in topic_model.kind_tokens([hope])  # a monster's Type says nothing of its kind
    title = "「サイクロン」の効果で「No.39 希望皇ホープ」を破壊できますか？"
    words = topic_model.tokens(title, "", [hope, mst])
    assert "サイクロン" in words
    # the heading's first card, named with の効果, is the Spell; the Xyz monster is its object
    assert {"TF_KIND_spell", "TEFF_KIND_spell-quick-play", "TL_KIND_xyz", "TOBJ_KIND_xyz", "ANY_KIND_xyz"} <= set(words)
    assert "TF_KIND_xyz" not in words and "TONLY_KIND_spell" not in words
    # a monster that cannot be Normal Summoned, read from its own card text
    dad = by_ja["ダーク・アームド・ドラゴン"]
    assert "KIND_nomi" in topic_model.card_kinds(dad) and "KIND_nomi" not in topic_model.card_kinds(hope)
    assert "ONE_KIND_nomi" in topic_model.card_tokens("「ダーク・アームド・ドラゴン」を特殊召喚できますか？", "", [dad])


def test_the_newest_card_and_the_subject_rows_of_a_heading(catalog):
    by_ja = {c.names.get("ja"): c for c in catalog.values()}
    mst, hope, dad = by_ja["サイクロン"], by_ja["Ｎｏ．３９ 希望皇ホープ"], by_ja["ダーク・アームド・ドラゴン"]
    assert mst.konami_id < dad.konami_id < hope.konami_id  # Konami ids follow the release
    title = "「サイクロン」の効果で「No.39 希望皇ホープ」を破壊できますか？"
    roles = topic_model.card_roles(title, "", [hope, mst, dad])
    assert "NEW" in roles[0] and "OLD" in roles[1] and "NEW2" in roles[2]
    assert "NEW_KIND_xyz" in topic_model.card_tokens(title, "", [hope, mst])
    rows = topic_model.subject_rows(title, "", [mst, hope])
    assert [topic for topic, _ in rows] == ["spell_cards", "xyz"]
    spell, xyz = (set(words) for _, words in rows)
    assert {"TF", "TEFF", "OLD", "HCNT1", "NCARDS2", "KIND_spell", "TEFF&KIND_spell"} <= spell
    assert {"TL", "NEW", "NEW&KIND_xyz"} <= xyz and "TF" not in xyz


def test_date_words_of_a_konami_qa(qas, catalog):
    """A Q&A's databaseDate gives its year, month and one GE word per year from 2018 up to it; a
    ruling without a date gets none."""
    assert topic_model.date_tokens("2017-03-24") == ["DATE_Y2017", "DATE_M2017-03"]
    later = topic_model.date_tokens("2022-11-01")
    assert later[:2] == ["DATE_Y2022", "DATE_M2022-11"]
    assert {"DATE_GE2018", "DATE_GE2022"} <= set(later) and "DATE_GE2023" not in later
    assert topic_model.date_tokens(None) == [] and topic_model.date_tokens("no date") == []
    qa = next(q for q in qas if q["fid"] == 11640)
    assert topic_model.qa_date(qa) == qa["databaseDate"][:10]
    words = topic_model.qa_tokens(qa)
    assert f"DATE_Y{qa['databaseDate'][:4]}" in words
    assert not any(w.startswith("DATE_") for w in topic_model.tokens(qa["title"], qa["question"]))
    by_kid = {c.konami_id: c for c in catalog.values() if c.konami_id is not None}
    cards = [by_kid[k] for k in qa["mentionedCards"]]
    (_, row), = topic_model.subject_rows(qa["title"], qa["question"], cards, "2023-05-01")
    assert {"DATE_Y2023", "DATE_GE2023&KIND_monster"} <= set(row)


def test_title_words_crossed_with_the_era_of_the_date():
    """The title's words (card names blanked) and its チェーン are crossed with the era of Konami's
    tagging; without a date only whether the title says チェーン."""
    assert [topic_model.date_era(d) for d in ("2017-03-24", "2017-04-01", "2021-12-31", "2022-01-05")] == \
        ["B", "E", "E", "L"]
    assert topic_model.date_era(None) is None and topic_model.date_era("no date") is None
    title = "「サイクロン」の効果にチェーンして「ＢＦ－大旆のヴァーユ」の効果を発動できますか？"
    words = topic_model.title_era_tokens(title, "チェーン１で発動し、チェーン２で…", "2017-03-24")
    assert words[:4] == ["TC_T1", "TC_T1@B", "TC_N2@B", "TC_T1N2@B"]
    assert {"TE_B&チェーン", "TE_B&効果", "TE_B&発動"} <= set(words)
    assert not any("サイクロン" in w or "ヴァーユ" in w for w in words)  # card names are blanked
    assert not any(w.endswith(("&の", "&に", "&?", "&「")) for w in words)  # particles, punctuation
    later = topic_model.title_era_tokens(title, "", "2023-05-01")
    assert "TE_L&チェーン" in later and "TC_N0@L" in later and "TE_B&チェーン" not in later
    assert topic_model.title_era_tokens(title, "チェーン", None) == ["TC_T1"]
    assert topic_model.title_era_tokens("「サイクロン」の効果", "", None) == ["TC_T0"]
    assert "TE_L&チェーン" in topic_model.tokens(title, "", date="2023-05-01")


def test_blend_mixes_only_the_card_kind_topics():
    cats = {"chain": 0.6, "xyz": 0.2, "spell_cards": 0.4, "trap_cards": 0.3}
    blended = topic_model.blend(cats, [("xyz", 0.9), ("spell_cards", 0.1), ("xyz", 0.5)], 0.5)
    assert blended["chain"] == 0.6  # no card gives chain: the textcat's score stays
    assert blended["xyz"] == pytest.approx(0.55)  # the best card of that kind
    assert blended["spell_cards"] == pytest.approx(0.25)
    assert blended["trap_cards"] == pytest.approx(0.15)  # no Trap among the cards
    assert topic_model.blend(cats, [("xyz", 0.9)], 1.0) == cats


def test_training_a_missing_corpus_is_a_clear_error(tmp_path):
    from rulings.errors import InputError

    with pytest.raises(InputError, match="not a readable Q&A"):
        topic_training.train(tmp_path / "missing.jsonl.gz", tmp_path / "cards.jsonl.gz", tmp_path / "out")


def test_label_agreement_counts_one_kind_qas_and_near_duplicate_pairs(qas, catalog):
    """A real Q&A about one Effect Monster (Konami's tag モンスター), with two copies of it: one tagged
    alike, one tagged チェーン. All three read alike and are about the same card."""
    by_kid = {c.konami_id: c for c in catalog.values() if c.konami_id is not None}
    qa = next(q for q in qas if q["fid"] == 11640)
    assert qa["tags"] == ["モンスター"] and len(qa["mentionedCards"]) == 1
    rows = [qa, dict(qa, fid=1), dict(qa, fid=3, tags=["チェーン"])]
    report = topic_training.label_agreement(rows, by_kid)
    assert report["one_kind"] == {"monster_cards": [3, 2]}
    assert report["kind_cover"] == [2, 2]  # the チェーン copy has no card-kind gold topic
    assert report["near_duplicates"] == [3, 1]
    # another Q&A about another Effect Monster, worded otherwise, is no near duplicate
    other = next(q for q in qas if q["fid"] == 9580)
    assert topic_training.label_agreement([qa, other], by_kid)["near_duplicates"] == [0, 0]

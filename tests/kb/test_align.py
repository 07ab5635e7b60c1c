"""Alignment scoring on its own: what counts as the same ruling across languages."""

from __future__ import annotations

from kb.align import THRESHOLD, ZH_JA_THRESHOLD, compute_links, concepts_of, ruling_concepts, score_pair


def ruling(rid, language, cards, topics=(), polarity=None, action=None, text="", source="s", url=None, section=()):
    return {"id": rid, "language": language, "source": source, "url": url or f"u-{rid}", "cards": list(cards),
            "topics": list(topics), "polarity": polarity, "action": action,
            "normalized": text or f"ruling {rid} with enough text to align", "section": list(section)}


# Real rulings from the bundled sample (rulings/sample, seeds 000 zh-Hant forum and 001 French wiki), as
# the NLP stage hands them over: normalized text (Chinese in Simplified), heading path, polarity, action.
ZH_CONTINUOUS = dict(language="zh-Hant", cards=[], topics=["trap_monsters"], polarity="is", action="apply",
                     source="zh-forum", section=["1016.陷阱怪獸的相關規則"],
                     text="这类全部是永续陷阱卡,作为怪兽卡适用中时同时作为怪兽卡和陷阱卡使用。")
FR_PLEIN = dict(language="fr", cards=[], topics=["trap_monsters"], polarity="is", action=None, source="fr-wiki",
                section=["Règles", "Plein-Pièges"],
                text="Les Plein-Pièges sont des Pièges Continus et sont toujours traités comme les deux un Piège et "
                     "un monstre après son Invocation. Ils sont reconnaissables par le texte (Cette carte est "
                     "toujours aussi un Piège/une Carte Piège.)")
FR_DEMI = dict(language="fr", cards=[], topics=["trap_monsters"], polarity="is", action=None, source="fr-wiki",
               section=["Règles", "Demi-Pièges"],
               text="Les Demi-Pièges sont des Pièges Normaux et ne sont jamais traités comme un Piège après son "
                    "Invocation. Ils sont reconnaissables par le texte (Cette carte N'EST PAS traitée comme un "
                    "Piège/une Carte Piège.)")


def test_a_shared_card_alone_is_not_the_same_ruling():
    a = ruling("a", "fr", [1], text="Le Trou Noir détruit tous les monstres sur le Terrain.")
    b = ruling("b", "ja", [1], text="「ブラック・ホール」の効果で破壊されたモンスターの効果は発動できます。")
    assert score_pair(a, b)[0] < THRESHOLD
    assert compute_links([a, b]) == []


def test_same_cards_topic_polarity_and_action_align_across_scripts():
    zh = ruling("zh", "zh-Hant", [1, 2], ["trap_monsters"], "can", "destroy", "可以以陷阱怪獸為對象發動「旋風」把陷阱怪獸破壞。")
    ja = ruling("ja", "ja", [1, 2], ["trap_monsters"], "can", "destroy", "「サイクロン」は罠モンスターを対象として破壊できます。")
    score, reasons = score_pair(zh, ja)
    assert score >= ZH_JA_THRESHOLD and reasons == ["cards"]
    assert compute_links([zh, ja]) == [{"a": "ja", "b": "zh", "score": score, "reasons": reasons}]


def test_a_chinese_ruling_links_its_best_japanese_candidate_by_a_margin_whatever_the_polarity():
    # Polarity and action read from two languages disagree on many true pairs (the citations show it):
    # between Chinese and Japanese, the cards and the shared Han characters decide.
    zh = ruling("zh", "zh-Hans", [1, 2], polarity="cannot", action="negate",
                text="「技能抽取」适用中，再1次召唤的二重怪兽得到的效果也被无效。")
    same = ruling("ja", "ja", [1, 2], polarity="is", action="negate",
                  text="「スキルドレイン」の効果によって、再度召喚したデュアルモンスターが得た効果も無効化されます。")
    other = ruling("ja2", "ja", [1, 3, 4], text="「スキルドレイン」が適用されている場合、墓地で発動する効果は発動できます。")
    assert compute_links([zh, same, other]) == [{"a": "ja", "b": "zh", **dict(zip(("score", "reasons"),
                                                                                score_pair(zh, same)))}]
    # two candidates as good as each other: no link (which one would be a guess)
    twin = ruling("ja3", "ja", [1, 2], text=same["normalized"])
    assert compute_links([zh, same, twin]) == []


def test_opposite_polarity_or_other_action_never_aligns_and_same_page_is_skipped():
    base = dict(language="zh-Hans", cards=[1], topics=["chain"], action="negate")
    assert score_pair(ruling("a", polarity="can", **base), ruling("b", polarity="cannot", source="t", **base)) is None
    other = ruling("c", "fr", [1], ["chain"], "can", "destroy")
    assert score_pair(ruling("a", polarity="can", **base), other) is None
    same_page = [ruling("a", polarity="can", url="p", **base), ruling("b", "ja", [1], ["chain"], "can", "negate", url="p")]
    assert compute_links(same_page) == []


def test_concepts_are_found_across_scripts_word_forms_and_headings():
    assert "continuous_trap" in concepts_of("Les Plein-Pièges sont des Pièges Continus")
    assert "continuous_trap" in concepts_of("このカードは永続罠として扱う")
    assert "spell_trap_zone" in concepts_of("魔法＆罠ゾーンにセットする") & concepts_of("posé dans la Zone Magie & Piège")
    # the longest cue wins: a Continuous Trap Card is not also a bare 'trap card'
    assert concepts_of("永续陷阱卡") == {"continuous_trap"}
    assert "set_card" not in concepts_of("a reset of the duel")  # Latin cues start a word
    # the heading says what 'these' are; a Traditional Chinese heading is converted like the text was
    assert "trap_monster" in ruling_concepts(ruling("z", **ZH_CONTINUOUS))
    assert "trap_monster" not in concepts_of(ZH_CONTINUOUS["text"])


def test_the_same_general_rule_in_chinese_and_french_aligns_without_any_card():
    zh, fr = ruling("zh", **ZH_CONTINUOUS), ruling("fr", **FR_PLEIN)
    score, reasons = score_pair(zh, fr)
    assert score >= THRESHOLD and "concepts" in reasons
    assert compute_links([zh, fr]) == [{"a": "fr", "b": "zh", "score": score, "reasons": reasons}]


def test_a_shared_topic_without_the_same_meaning_does_not_align():
    # Continuous-Trap trap monsters (always also a Trap) vs Normal-Trap ones (never a Trap): same topic,
    # same polarity, both about trap monsters, opposite statements.
    zh, demi = ruling("zh", **ZH_CONTINUOUS), ruling("demi", **FR_DEMI)
    assert score_pair(zh, demi) is None or score_pair(zh, demi)[0] < THRESHOLD
    assert compute_links([zh, demi]) == []
    # generic concepts alone ('activate', 'chain', 'hand') are no shared statement, even with the same
    # polarity and action (both real sample rulings: chaining from the hand vs a privilege of hand traps)
    ja = ruling("ja", "ja", [], ["chain"], "can", "chain", source="jp-expert",
                text="□スペルスピード1・2のエフェクトの発動に対して、手札からチェーン発動(プレイ)する事が可能。")
    zh2 = ruling("zh2", "zh-Hans", [], ["chain"], "can", "chain", source="ocg-rule-docs",
                 text="在连锁途中满足发动条件的时点不在手卡,但连锁处理完毕时在手卡存在的场合,仍可以另开连锁发动效果。")
    assert compute_links([ja, zh2]) == []


def test_concept_evidence_keeps_the_polarity_action_and_card_vetoes():
    zh = ruling("zh", **ZH_CONTINUOUS)
    assert score_pair(zh, ruling("fr", **{**FR_PLEIN, "polarity": "is_not"})) is None
    assert score_pair(zh, ruling("fr", **{**FR_PLEIN, "action": "destroy"})) is None
    # one side without an action is neither for nor against (the pair above aligns with action None)
    assert score_pair(zh, ruling("fr", **FR_PLEIN))[0] >= THRESHOLD
    # the same general words about two different cards are two rulings
    assert compute_links([ruling("zh", **{**ZH_CONTINUOUS, "cards": [1]}),
                          ruling("fr", **{**FR_PLEIN, "cards": [2]})]) == []

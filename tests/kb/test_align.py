"""Alignment scoring on its own: what counts as the same ruling across languages."""

from __future__ import annotations

from kb.align import THRESHOLD, compute_links, score_pair


def ruling(rid, language, cards, topics=(), polarity=None, action=None, text="", source="s", url=None):
    return {"id": rid, "language": language, "source": source, "url": url or f"u-{rid}", "cards": list(cards),
            "topics": list(topics), "polarity": polarity, "action": action,
            "normalized": text or f"ruling {rid} with enough text to align"}


def test_a_shared_card_alone_is_not_the_same_ruling():
    a = ruling("a", "fr", [1], text="Le Trou Noir détruit tous les monstres sur le Terrain.")
    b = ruling("b", "ja", [1], text="「ブラック・ホール」の効果で破壊されたモンスターの効果は発動できます。")
    assert score_pair(a, b)[0] < THRESHOLD
    assert compute_links([a, b]) == []


def test_same_cards_topic_polarity_and_action_align_across_scripts():
    zh = ruling("zh", "zh-Hant", [1, 2], ["trap_monsters"], "can", "destroy", "可以以陷阱怪獸為對象發動「旋風」把陷阱怪獸破壞。")
    ja = ruling("ja", "ja", [1, 2], ["trap_monsters"], "can", "destroy", "「サイクロン」は罠モンスターを対象として破壊できます。")
    score, reasons = score_pair(zh, ja)
    assert score >= THRESHOLD and {"cards", "topics", "polarity", "action"} <= set(reasons)
    assert compute_links([zh, ja]) == [{"a": "ja", "b": "zh", "score": score, "reasons": reasons}]


def test_opposite_polarity_or_other_action_never_aligns_and_same_page_is_skipped():
    base = dict(language="zh-Hans", cards=[1], topics=["chain"], action="negate")
    assert score_pair(ruling("a", polarity="can", **base), ruling("b", polarity="cannot", source="t", **base)) is None
    other = ruling("c", "ja", [1], ["chain"], "can", "destroy")
    assert score_pair(ruling("a", polarity="can", **base), other) is None
    same_page = [ruling("a", polarity="can", url="p", **base), ruling("b", "ja", [1], ["chain"], "can", "negate", url="p")]
    assert compute_links(same_page) == []

"""Q&As whose title asks otherwise than the question (issue 9): 「A」の効果を「B」の効果で無効にできますか whose question
asks whether B can be activated is read as B's activation in chain to A's; 「X」を同一ターン中に2枚発動できますか as X
activated, then its second copy asked."""

from __future__ import annotations

from pipeline.frames import frame_ja, negated_by_activation, two_in_a_turn

_TITLE = "「ディメンション・マジック」の効果を「Evil★Twin イージーゲーム」の効果で無効にできますか?"
_QUESTION = ("「Evil★Twin イージーゲーム」『●フィールドのカードを破壊する魔法・罠・モンスターの効果が発動した時に発動できる。"
             "その効果を無効にする』効果を発動できますか？")


def test_a_negation_title_whose_question_asks_for_the_negating_activation():
    frame = frame_ja(_TITLE, _QUESTION, "効果を発動することはできません。",
                     {"ディメンション・マジック": 28553439, "Evil★Twin イージーゲーム": 34365442})
    q = frame.question
    by_ref = {c.ref: c.name for c in frame.cards}
    assert (q.kind, by_ref[q.card], frame.answer) == ("can_activate", "Evil★Twin イージーゲーム", "no")
    assert [(by_ref[e.card], e.action, e.note) for e in frame.events] == [("ディメンション・マジック", "activate", "chained to")]


def test_a_negation_title_whose_question_asks_something_else_is_unchanged():
    # (the question asks whether A is negated, not whether B is activated: the answer may say B is activated but
    # does not negate)
    asked = "「Evil★Twin イージーゲーム」の効果で「ディメンション・マジック」の効果は無効になりますか？"
    assert negated_by_activation(_TITLE, asked) == _TITLE
    assert negated_by_activation("「A」を発動できますか", _QUESTION) == "「A」を発動できますか"


def test_two_copies_in_one_turn():
    frame = frame_ja("「EXP」を同一ターン中に2枚発動できますか?", "「EXP」の効果が適用されたターンに、別の「EXP」を発動できますか？",
                     "できません。", {"EXP": 58308221})
    q = frame.question
    first = next(c for c in frame.cards if c.ref != q.card)
    assert (q.kind, frame.answer, first.name, first.controller) == ("can_activate", "no", "EXP", "self")
    assert [(e.card, e.action) for e in frame.events] == [(first.ref, "activate")]
    assert not frame.unread
    assert two_in_a_turn("「EXP」を発動できますか?") == "「EXP」を発動できますか?"


def test_a_card_applied_to_the_questioned_one():
    # the reader, not the compiler, says which card X's effect is applied to: the compiler's activation of a
    # targeting X then targets Q
    title = "「禁じられた聖杯」が適用されている「SRタケトンボーグ」をリリースして効果を発動できますか？"
    frame = frame_ja(title, "", "発動する事はできます。", {"禁じられた聖杯": 25789292, "SRタケトンボーグ": 53932291})
    by_name = {c.name: c for c in frame.cards}
    chalice, asked = by_name["禁じられた聖杯"], by_name["SRタケトンボーグ"]
    assert (chalice.applied_to, asked.applied_to, frame.question.card) == (asked.ref, None, asked.ref)
    assert "applied" in chalice.state
    # X merely applied, said of no card (「X」の効果が適用されている場合): applied to nothing named
    alone = frame_ja("「禁じられた聖杯」の効果が適用されている場合、「SRタケトンボーグ」の効果を発動できますか？", "", "できます。",
                     {"禁じられた聖杯": 25789292, "SRタケトンボーグ": 53932291})
    assert all(c.applied_to is None for c in alone.cards)

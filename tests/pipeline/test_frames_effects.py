"""Q&As whose title names another card than the one the question asks about (issue 9): 「A」の効果を「B」の効果で
無効にできますか whose question asks whether B can be activated is read as B's activation in chain to A's."""

from __future__ import annotations

from pipeline.frames import frame_ja, negated_by_activation

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

"""Outcomes a what-happens answer states (the outcomes slice): official Q&As of the shared corpus read into the
frame's outcome fields."""

from __future__ import annotations





def test_a_quoted_equip_part_not_applied_is_the_whole_processing(qa):
    # 「巨竜の守護騎士」自身がフィールドを離れている場合 -> 『…ドラゴン族モンスター１体を選んで装備カード扱いとしてこの
    # カードに装備する』処理は適用されません: the one part its processing has (an equip the duel's log shows as a move)
    f = qa(18450)
    assert f.question.kind == "what_happens" and not f.unread
    assert f.applied == {"c1": False}
    assert [(e.card, e.action) for e in f.events] == [("c1", "activate"), ("c1", "leave")]

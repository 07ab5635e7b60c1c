"""Situation states of cards read from real official Q&As (shared corpus): the other player's turn a question
is asked in."""

from __future__ import annotations



from pipeline.frames import frame_ja
from rulings.records import FOE_TURN, HAS_XYZ_MATERIALS




def test_the_other_players_turn_opening_the_situation_is_the_turn_asked_in(qa):
    # 相手ターンに、自分は「共闘」を発動する事はできますか？: the asker activates in the other player's turn
    frame = qa(18700)
    assert [(e.action, e.note) for e in frame.events] == [("phase", FOE_TURN)]
    assert frame.question.kind == "can_activate" and not frame.unread


def test_the_other_players_turn_inside_a_clause_is_not_the_turn_asked_in():
    # (a turn said inside another clause is what happened then, not when the question is asked)
    frame = frame_ja("「共闘」を発動できますか？", "自分が相手ターンに「共闘」を発動した場合、もう一度「共闘」を発動できますか？",
                     "できます。", {"共闘": 31472884})
    assert not any(e.note == FOE_TURN for e in frame.events)


def test_xyz_materials_said_before_a_card_are_its_state(qa):
    # エクシーズ素材を持っている「ヴェルズ・オピオン」が相手のモンスターゾーンに表側表示で存在する場合: the state, and where it is
    frame = qa(22030)
    opion = next(c for c in frame.cards if c.name == "ヴェルズ・オピオン")
    assert HAS_XYZ_MATERIALS in opion.state and "present" in opion.state
    assert (opion.controller, opion.location) == ("opponent", "mzone") and not frame.unread


def test_an_equip_card_said_of_a_monster_is_equipped_to_it(qa):
    # 「サクリファイス」の装備カードとなっている「冥界騎士トリスタン」が自分フィールドに存在する場合: Tristan equipped to Relinquished,
    # Relinquished on the same field
    frame = qa(14740)
    by_name = {c.name: c for c in frame.cards}
    tristan, relinquished = by_name["冥界騎士トリスタン"], by_name["サクリファイス"]
    assert tristan.equipped_to == relinquished.ref and "present" in tristan.state
    assert relinquished.controller == tristan.controller == "self" and "present" in relinquished.state
    assert not frame.unread

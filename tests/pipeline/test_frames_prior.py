"""What a card does before the question, read from real official Q&As (shared corpus): a summon made in the phase the
question is then asked in."""

from __future__ import annotations

from pipeline.frames import frame_ja


def test_a_summon_made_in_main_phase_2_before_its_own_effect_is_asked(qa):
    # 「RR－トリビュート・レイニアス」をメインフェイズ２にて召喚・特殊召喚した場合、効果を発動できますか？ -> 発動できます: the
    # summon an event, the phase it is made in one before it (the question is asked there too)
    f = qa(15315)
    phase, summon = f.events
    assert (phase.action, phase.note, summon.action, summon.card) == ("phase", "main2", "summon", f.question.card)
    assert (f.question.kind, f.answer, f.unread) == ("can_activate", "yes", [])


def test_a_summon_in_a_phase_before_another_kind_of_question_adds_no_phase():
    # (the phase is the question's only where it asks whether an effect can be activated)
    f = frame_ja("「RR－トリビュート・レイニアス」をメインフェイズ２にて召喚した場合、どうなりますか？", "", "", {})
    assert [e.action for e in f.events] == ["summon"]


def test_a_hand_that_holds_the_questioned_card_alone(qa):
    # 手札が「魔神儀－カリスライム」1枚のみの場合、手札の「魔神儀－カリスライム」のモンスター効果を発動できますか？ -> できます: a
    # hand of one card, that card the questioned one
    f = qa(22210)
    (zone,) = f.zones
    (card,) = f.cards
    assert (zone.location, zone.count, card.ref, card.location) == ("hand", "1", f.question.card, "hand")
    assert (f.question.kind, f.answer, f.unread) == ("can_activate", "yes", [])


def test_a_pile_said_to_hold_a_card_alone_that_the_ruling_puts_elsewhere_is_no_zone():
    f = frame_ja("墓地が「魔神儀－カリスライム」1枚のみの場合、手札の「魔神儀－カリスライム」の効果を発動できますか？", "", "", {})
    assert f.zones == []


def test_a_monster_zone_that_holds_two_named_monsters_alone(qa):
    # 自分のモンスターゾーンに「光波翼機」と「銀河眼の光波竜」のみが存在する場合、自身をリリースして「光波翼機」のモンスター効果を
    # 発動できますか？ -> できません: a Monster Zone of two monsters, both the named ones, present there
    f = qa(19260)
    (zone,) = f.zones
    assert (zone.controller, zone.location, zone.what, zone.count) == ("self", "mzone", "monster", "2")
    assert sorted((c.name, c.location, c.controller, c.state) for c in f.cards) == [
        ("光波翼機", "mzone", "self", ["present"]), ("銀河眼の光波竜", "mzone", "self", ["present"])]
    assert (f.question.kind, f.answer, f.unread) == ("can_activate", "no", [])

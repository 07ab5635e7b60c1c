"""Events before the question read from real official Q&As (shared corpus): a Tribute Summon with named or described
Tributes."""

from __future__ import annotations

from pipeline.frames import frame_ja
from rulings.records import Frame, TRIBUTE_SUMMON_NOTE


def _name(frame: Frame, ref: str) -> str:
    return next(c.name for c in frame.cards if c.ref == ref)


def test_a_tributed_monster_named_before_the_summoned_one_that_opens_the_question(qa):
    # 「ダークジェロイド」をリリースしてアドバンス召喚した「アーマロイドガイデンゴー」の効果は発動しますか？ -> 発動します
    f = qa(7025)
    (event,) = f.events
    assert (event.action, event.note, _name(f, event.card), [_name(f, t) for t in event.targets]) == (
        "summon", TRIBUTE_SUMMON_NOTE, "アーマロイドガイデンゴー", ["ダークジェロイド"])
    assert (f.question.kind, f.question.card, f.answer, f.unread) == ("applies", event.card, "yes", [])


def test_a_tributed_monster_whose_own_effect_is_asked(qa):
    # 「トリックスター･リリーベル」をリリースして「旋風機ストリボーグ」を表側表示でアドバンス召喚した場合、「トリックスター･リリーベル」
    # のモンスター効果を発動できますか？ -> できます
    f = qa(21230)
    (event,) = f.events
    assert (event.action, event.note, _name(f, event.card)) == ("summon", TRIBUTE_SUMMON_NOTE, "旋風機ストリボーグ")
    assert (event.targets, f.question.kind, f.answer, f.unread) == ([f.question.card], "can_activate", "yes", [])
    assert _name(f, f.question.card) == "トリックスター･リリーベル"


def test_a_face_down_monster_of_an_archetype_tributed(qa):
    # 裏側表示の「インヴェルズ」と名のつくモンスターをリリースして「インヴェルズ・マディス」をアドバンス召喚した場合、効果は発動できますか？
    # -> できます: the Tribute a described card (its archetype, face-down in the Monster Zone)
    f = qa(10285)
    (event,) = f.events
    tribute = next(c for c in f.cards if c.ref == event.targets[0])
    assert (event.action, event.note, _name(f, event.card), event.card) == (
        "summon", TRIBUTE_SUMMON_NOTE, "インヴェルズ・マディス", f.question.card)
    assert (tribute.described, tribute.position, tribute.location) == (
        ["monster", "archetype=インヴェルズ"], "facedown", "mzone")
    assert (f.question.kind, f.answer, f.unread) == ("can_activate", "yes", [])


def test_a_counted_tribute_is_not_read_as_one():
    # 「T」２体をリリースして: a count of Tributes is more than the reader places
    f = frame_ja("「レッド・ガジェット」２体をリリースして「古代の機械巨竜」をアドバンス召喚した場合、効果は発動しますか？", "",
                 "発動します。", {})
    assert all(e.note != TRIBUTE_SUMMON_NOTE for e in f.events)

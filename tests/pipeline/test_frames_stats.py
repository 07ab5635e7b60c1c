"""What-happens answers of the stats slice read into the frame's outcomes: a card the answer names with 「自身」 or
「自体」 beside its fate, one said to stay on the field 「フィールド上に」; a Special Summon said done as 「…を特殊召喚する処理を
行います」; the zone a resolving effect's target left, said in the question where the title leaves it out. Official
Q&As of the shared corpus."""

from __future__ import annotations


def test_a_card_itself_returned_to_the_hand(qa):
    # 「獣王無塵」の『…その自分のモンスターと同じ縦列のカードを全て持ち主の手札に戻す』効果 -> その「獣王無塵」自身も手札に
    # 戻ることになります
    f = qa(23235)
    assert f.fates == {"c1": "hand"}
    assert [(e.card, e.action) for e in f.events] == [("c1", "activate")]


def test_a_card_itself_said_to_stay_on_the_field(qa):
    # 「デモンズ・チェーン」の発動にチェーンして「侵略の汎発感染」を発動した場合 -> 「デモンズ・チェーン」自体はフィールド
    # 上に残り
    f = qa(12930)
    assert f.fates == {"c1": "survives"}
    assert [c.name for c in f.cards][:1] == ["デモンズ・チェーン"]


def test_a_special_summon_said_done_and_the_zone_its_target_left_said_in_the_question(qa):
    # 「Recette de Personnel～賄いのレシピ～」の①の効果の処理時に、対象のモンスターが存在しなくなった場合 (the question:
    # 対象のモンスターがモンスターゾーンに表側表示で存在しなくなった場合) -> 「ヌーベルズトークン」を特殊召喚する処理を行います
    f = qa(23955)
    assert f.summons == {"c1": True} and not f.unread
    assert [(e.card, e.action, e.note) for e in f.events] == [("c1", "activate", "resolving"),
                                                              ("c2", "leave", "leaves the mzone")]
    assert f.events[0].targets == ["c2"]
    target = next(c for c in f.cards if c.ref == "c2")
    assert target.location == "mzone"


def test_a_title_without_the_zone_and_a_question_without_it_either_is_not_read():
    # (the question's clause must say the zone: a target that merely "no longer exists" may have left any pile)
    from pipeline.frames import frame_ja

    f = frame_ja("「Recette de Personnel～賄いのレシピ～」の①の効果の処理時に、対象のモンスターが存在しなくなった場合、処理はどう"
                 "なりますか？", "対象のモンスターが存在しなくなった場合、処理はどうなりますか？",
                 "質問の場合でも「ヌーベルズトークン」を特殊召喚する処理を行います。", {})
    assert [e.action for e in f.events] == ["activate"]
    assert any("存在しなくなった場合" in u for u in f.unread)


def test_a_target_turned_face_down_before_the_resolution_of_a_pendulum_effect(qa):
    # 「黒牙の魔術師」のペンデュラム効果の処理時に、対象の相手モンスターが裏側守備表示になっている場合 -> 『…攻撃力を…半分に
    # する』処理が適用できませんので、『その後、このカードを破壊する』処理も行われません: no part of it is applied
    from rulings.records import FLIPPED_DOWN_NOTE

    f = qa(20420)
    assert not f.unread
    assert [(e.card, e.action, e.note) for e in f.events] == [("c1", "activate", "resolving"),
                                                              ("c2", "leave", FLIPPED_DOWN_NOTE)]
    black_fang, target = f.cards
    assert black_fang.location == "pzone"
    assert (target.controller, target.location) == ("opponent", "mzone")
    assert f.applied == {"c1": False}


def test_a_target_turned_face_down_whose_side_is_not_said(qa):
    # 「沈黙の剣」の効果処理時に、対象のモンスターが裏側守備表示になっている場合 -> 「沈黙の剣」の効果は適用されません
    from rulings.records import FLIPPED_DOWN_NOTE

    f = qa(19425)
    assert not f.unread and f.applied == {"c1": False}
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", FLIPPED_DOWN_NOTE)]
    assert f.cards[1].controller is None

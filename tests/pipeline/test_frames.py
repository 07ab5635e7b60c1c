"""Ruling frames read from real official Q&As (shared corpus) and from statements."""

from __future__ import annotations

import json


from pipeline.frames import example_frame, frame_for, frame_ja, frame_nlp, frame_statement, topic_first
from rulings.records import (CONTROL_TAKER, DESCRIBED_SUMMON_NOTE, DESTROYED_IN_CHAIN_NOTE, EACH_COPY, Frame, HAS_XYZ_MATERIALS,
                             NEGATED_SUMMON_NOTES, NEGATES_SUMMON_NOTE, PageDoc, SENT_NOTE, TRAP_MONSTER_NOTE)




def _card(frame: Frame, ref: str):
    return next(c for c in frame.cards if c.ref == ref)


def test_applied_card_blocks_activation(qa):
    # 「手違い」の効果が適用されている場合、「サンライト・ユニコーン」の効果を発動できますか？ -> できません
    f = qa(8555)
    assert f.question.kind == "can_activate" and f.answer == "no" and not f.unread
    assert _card(f, f.question.card).name == "サンライト・ユニコーン"
    assert [c.name for c in f.cards if "applied" in c.state] == ["手違い"]
    assert f.question.effect_text.startswith("１ターンに１度")


def test_opponent_monster_present_and_hand_effect(qa):
    f = qa(22030)
    q = _card(f, f.question.card)
    assert (q.name, q.controller, q.location) == ("銀河剣聖", "self", "hand")
    # the answer: 「…特殊召喚する事ができない状態となっています。…モンスター効果を発動する事自体ができません。」
    assert f.question.effect == 1 and f.question.effect_kind == "monster" and f.answer == "no"
    ophion = next(c for c in f.cards if c.name == "ヴェルズ・オピオン")
    assert (ophion.controller, ophion.location, ophion.position) == ("opponent", "mzone", "faceup")
    # its Xyz Materials are a state of the card (tests/pipeline/test_frames_states.py)
    assert ophion.state == [HAS_XYZ_MATERIALS, "present"] and f.unread == []


def test_events_in_order_and_outcome(qa):
    f = qa(13745)  # 相手の「増殖するG」の適用中に、自分が「ジャンク・アンカー」の効果を発動した場合、何枚ドローできますか？
    assert f.question.kind == "what_happens" and f.answer == "outcome"
    assert f.outcome.startswith("「ジャンク・アンカー」の効果が発動した場合")
    g = next(c for c in f.cards if c.name == "増殖するG")
    assert (g.controller, g.state) == ("opponent", ["applied"])
    assert [(e.action, _card(f, e.card).name) for e in f.events] == [("activate", "ジャンク・アンカー")]


def test_summon_question_and_unread_reason(qa):
    f = qa(15005)
    assert (f.question.kind, f.question.how, f.answer) == ("can_summon", "エクシーズ召喚", "yes")
    assert f.unread  # the negated Xyz Summon before the question is not read: the frame says so


def test_statement_frames_zh_fr():
    f = frame_statement("不能以里侧表示的怪兽为对象发动「旋风」。", "zh-Hans", [("旋风", 5318639)])
    assert (f.question.kind, f.answer, f.cards[0].passcode) == ("can_activate", "no", 5318639)
    f = frame_statement("Vous pouvez activer *Typhon d'Espace Mystique* en réponse.", "fr", [("Typhon d'Espace Mystique", 5318639)])
    assert (f.question.kind, f.answer) == ("can_activate", "yes")


def test_spacy_component_and_record_round_trip():
    assert "ruling_frame" in frame_nlp().pipe_names
    meta = {"title": "「ライオウ」のモンスター効果の適用中に「徴兵令」を発動できますか？", "question": "", "answer": "できます。"}
    f = frame_for("", "ja", [{"surface": "徴兵令", "passcode": 83326048, "kind": "card"}], meta)
    assert _card(f, f.question.card).passcode == 83326048 and f.answer == "yes"
    doc = PageDoc(url="u", source_id="s", content_hash="h", language="ja")
    from rulings.records import Ruling

    doc.rulings.append(Ruling(id="r", text="t", normalized="t", language="ja", frame=f))
    back = PageDoc.from_json(json.loads(json.dumps(doc.to_json())))
    assert back.rulings[0].frame == f
    old = doc.to_json()
    old["v"] = 1
    del old["rulings"][0]["frame"]
    assert PageDoc.from_json(old).rulings[0].frame is None  # schema-1 records still read


def test_place_said_before_the_name_and_quoted_effect_applied(qa):
    # 自分のモンスターゾーンに「接触するG」が表側表示で存在する場合、自分は「簡易融合」を発動できますか？
    f = qa(15340)
    g = next(c for c in f.cards if c.name == "接触するG")
    assert (g.controller, g.location, g.position, g.state) == ("self", "mzone", "faceup", ["present"])
    assert not f.unread and f.question.kind == "can_activate"
    # 自分のペンデュラムゾーンに「覇王龍ズァーク」が存在する場合、「覇王の逆鱗」を発動できますか？
    f = qa(20885)
    z = next(c for c in f.cards if c.name == "覇王龍ズァーク")
    assert (z.controller, z.location, z.state) == ("self", "pzone", ["present"])
    # 「…発動する事はできます。ただし、…でなければ発動する事はできません。」: a yes under a precondition
    # the set-up may not meet is not a plain yes: the precondition is kept (Frame.requires), and a set-up
    # that does not show the yes gives no verdict (compiler: notes.requires)
    assert (f.answer, f.unread) == ("yes", [])
    assert f.requires == ["ただし、自分のモンスターゾーンにモンスターが1体以上存在し、『「覇王龍ズァーク」以外の自分フィールドの"
                          "モンスターを全て破壊し』の処理が行える状態でなければ発動する事はできません"]
    # 「…効果を発動した場合のみ、「神の警告」を発動する事ができます。（…の際には「神の警告」を発動する事はできません。）」:
    # the yes said only under what it needs, the aside refusing the rest
    f = qa(14820)
    assert f.answer == "yes" and not f.unread and len(f.requires) == 1 and f.requires[0].endswith("発動する事ができます")
    # 「「王宮の鉄壁」の効果が適用されている場合でも、…「惨禍の呪眼」を発動する事ができます。ただし、…「セレンの呪眼」が…存在する
    # 場合には、…発動する事はできません。」: a yes to the title's situation itself, the aside refusing it under more
    f = qa(22480)
    assert f.answer == "yes" and not f.unread and f.requires and "セレンの呪眼" in f.requires[0]
    # 「…効果を発動する事はできます。…（…『②：…』効果を発動する事はできません。）」: the refusal is of another effect
    # of the card than the question's 『①：…』, not a second answer
    f = qa(14475)
    assert (f.answer, f.unread, f.question.effect) == ("yes", [], 1)
    # 「…のであれば…発動する事ができます。（…『①：…』モンスター効果によって、通常モンスターとして扱われますので、…発動
    # する事はできません。）」: the quote is why, not what is refused: a yes on the condition the aside does not meet
    f = qa(11165)
    assert f.answer == "yes" and not any(u.startswith("answer") for u in f.unread)
    assert len(f.requires) == 1 and f.requires[0].startswith("質問の状況の場合、特殊召喚された")
    assert "再度召喚された状態になる』モンスター効果によって" in f.requires[0]  # (the quote's 。 ends no sentence)
    # 「基本的に、…「我が身を盾に」を発動する事はできません。ただし、…レベル1モンスター…が1体以上存在している場合であれば、
    # …その場合に限り、「我が身を盾に」を発動する事ができます。」: a no beside the exception its aside allows
    f = qa(20860)
    assert (f.answer, f.unread) == ("no", []) and f.requires[0].startswith("ただし、自分または相手のモンスターゾーンに")
    # 「王宮の鉄壁」の『①』の効果が適用されている場合、… : the quoted effect is the applied one
    f = qa(22940)
    assert [c.name for c in f.cards if "applied" in c.state] == ["王宮の鉄壁"] and not f.unread


def test_chained_to_and_target_order(qa):
    # 「闇の誘惑」の効果にチェーンをして「精霊の鏡」を発動できますか？
    f = qa(7740)
    assert [(e.action, e.note) for e in f.events] == [("activate", "chained to")]
    # 相手が「ヒュグロの魔導書」を発動した時、チェーンして手札の「灰流うらら」のモンスター効果を発動できますか？
    f = qa(11700)
    assert [(_card(f, e.card).name, e.note) for e in f.events] == [("ヒュグロの魔導書", "chained to")]
    # 「X」を「Y」の効果の対象に選択できますか？: X is the target, Y the card whose effect targets
    f = qa(6995)
    assert f.question.kind == "can_target" and not f.unread
    assert _card(f, f.question.card).name == "ペンデュラム・スイッチ"
    assert [_card(f, t).name for t in f.question.targets] == ["超天新龍オッドアイズ・レボリューション・ドラゴン"]


def test_chain_words_make_the_question_or_the_next_activation_chain_to_the_one_before():
    # 「…を発動した時、チェーンして「A」や「B」の効果を…」: the words 「チェーンして」 are read, not left over
    f = frame_ja("「破械冥官カムラ」の効果を発動した時、チェーンして「聖王の粉砕」や「灰流うらら」の効果を発動できますか？",
                 "", "発動する事ができます。", {})
    assert not f.unread and [(e.action, e.note) for e in f.events] == [("activate", "chained to")]
    # 「A」の発動にチェーンして「B」が発動された場合、さらにチェーンして「C」: a chain of two links before the question
    f = frame_ja("「死者蘇生」の発動にチェーンして「マジック・ジャマー」が発動された場合、さらにチェーンして「角笛砕き」を発動できますか？",
                 "", "発動する事はできません。", {})
    assert not f.unread and f.answer == "no" and _card(f, f.question.card).name == "角笛砕き"
    assert [(_card(f, e.card).name, e.note) for e in f.events] == [("死者蘇生", "chained to"), ("マジック・ジャマー", "chained to")]


def test_an_activation_described_instead_of_numbered():
    # 「X」の攻撃力をアップするモンスター効果 / 自身をリリースして発動した「X」 / "…する効果"である「X」: the words that
    # say which effect (FrameEvent.described) are read, not left over
    for title, described in (
            ("相手が「カードガンナー」の攻撃力をアップするモンスター効果を発動した時、チェーンして手札の「灰流うらら」のモンスター効果を"
             "発動できますか？", "攻撃力をアップする"),
            ("自身をリリースして発動した「人造人間－サイコ・ジャッカー」の効果に対して「神の警告」を発動できますか？",
             "自身をリリースして"),
            ('"手札・墓地からモンスターを選んで特殊召喚する効果"である「真の光」の効果の発動にチェーンして「屋敷わらし」の効果を'
             '発動できますか？', "手札・墓地からモンスターを選んで特殊召喚する効果")):
        f = frame_ja(title, "", "発動する事ができます。", {})
        assert not f.unread, (title, f.unread)
        assert [(e.described, e.note) for e in f.events] == [(described, "chained to")]
    # a condition of the activation that is not a description stays unread: 「対象を取らずに発動した」
    f = frame_ja("対象を取らずに発動した「アーティファクト－ミョルニル」の③の効果にチェーンして「屋敷わらし」の効果を発動できますか？",
                 "", "発動できません。", {})
    assert f.unread == ["situation: 「対象を取らずに発動した」 is not read"]


def test_yes_or_no_is_read_from_the_answer_not_the_question(qa):
    # 「…特殊召喚する事はできますか？」 answered 「…モンスターとなります。…選ぶ事はできません。」:
    # the answer explains first, then says no
    f = qa(7100)
    assert (f.question.kind, f.answer) == ("can_summon", "no")
    # 「…特殊召喚する事はできますか？」 answered 「…素材とする事はできなくなります。しかしながら、…特殊召喚する事ができます。」
    f = qa(13475)
    assert (f.question.kind, f.answer) == ("can_summon", "yes")


def test_an_aside_in_parentheses_is_not_the_answer(qa):
    # 「青眼の精霊龍」のモンスター効果適用中に「ソウル・チャージ」を発動できますか？ -> 「…1体のみを対象として発動する
    # 事になります。（2体以上のモンスターを対象として「ソウル・チャージ」を発動する事はできません。）」: not a plain no
    f = qa(18180)
    assert f.answer != "no"


def test_questioned_card_said_first_as_the_topic(qa):
    # 「イリュージョン・バルーン」は「虚無空間」が適用されている場合、発動できますか？ -> 「…発動する事はできません。」
    f = qa(14395)
    assert (f.question.kind, _card(f, f.question.card).name, f.answer) == ("can_activate", "イリュージョン・バルーン", "no")
    assert [c.name for c in f.cards if "applied" in c.state] == ["虚無空間"] and not f.unread
    # 「滅びの爆裂疾風弾」は、「絶対魔法禁止区域」が適用中でも発動できますか？
    f = qa(11860)
    assert (f.question.kind, _card(f, f.question.card).name) == ("can_activate", "滅びの爆裂疾風弾")
    assert [c.name for c in f.cards if "applied" in c.state] == ["絶対魔法禁止区域"]
    # an effect activated inside the topic clause is an event, not the question: left as it was
    t = "「ゼンマイマニュファクチャ」の効果は、チェーン2以降に「ゼンマイ」と名のつくモンスターの効果が発動した場合でも発動できますか？"
    assert topic_first(t) == t


def test_is_destroyed_reads_the_fated_card_and_the_effect_that_acts(qa):
    # 「マジェスペクター・キャット」等は、相手の「激流葬」の効果で破壊されますか？ -> 「…破壊されません。」
    f = qa(16325)
    assert f.question.kind == "is_destroyed" and _card(f, f.question.card).name == "マジェスペクター・キャット"
    assert [(e.action, _card(f, e.card).name) for e in f.events] == [("activate", "激流葬")]
    assert f.fates == {f.question.card: "survives"} and not f.unread
    # 攻撃力が0のモンスターは「ヴェノム・スワンプ」の効果によって破壊されますか？: the card is not named
    f = qa(6780)
    assert f.question.card is None and "question: the card whose fate is asked is not named" in f.unread
    assert not f.fates


def test_what_happens_answered_by_whether_a_card_can_be_activated(qa):
    # 相手の「ダーク・シムルグ」の効果が適用されている場合、自分の墓地の「超戦士の盾」の効果の処理はどうなりますか？
    # -> 「…自分は墓地の「超戦士の盾」の効果を発動する事ができません。」
    f = qa(16655)
    q = _card(f, f.question.card)
    assert (f.question.kind, q.name, q.location, q.controller, f.answer) == ("can_activate", "超戦士の盾", "grave", "self", "no")
    assert [c.name for c in f.cards if "applied" in c.state] == ["ダーク・シムルグ"] and not f.unread
    # 「マクロコスモス」の『②』の効果の適用中に、「天底の使徒」が発動した場合、処理はどうなりますか？
    # -> 「質問の状況の場合でも、「天底の使徒」を発動する事はできます。」: its activation is the question, not an event
    f = qa(295)
    assert (f.question.kind, _card(f, f.question.card).name, f.answer) == ("can_activate", "天底の使徒", "yes")
    assert f.events == [] and not f.unread


def _ja(title: str, answer: str = "できます。") -> Frame:
    return frame_ja(title, title, answer, {})


def _named(f: Frame, ref: str) -> str:
    return _card(f, ref).name


def test_chained_to_an_effect_named_by_number_or_quote():
    # 「X」の②の効果の発動にチェーンして / 「X」の『②』の効果の発動に対して / 「X」のモンスター効果の②にチェーンして
    for title, number in (("「餅カエル」の②の効果の発動にチェーンして「屋敷わらし」の効果を発動できますか？", 2),
                          ("「黒衣竜アルビオン」の『②』の効果の発動に対して、「灰流うらら」の効果を発動できますか？", 2),
                          ("「ドレミコード・ソルフェージア」のモンスター効果の②にチェーンして、「屋敷わらし」の効果を発動できますか？", 2),
                          ("「フュージョン・ミュートリアス」の発動に対して「屋敷わらし」の効果を発動できますか？", None)):
        f = _ja(title)
        assert not f.unread, title
        assert [(e.action, e.note, e.effect) for e in f.events] == [("activate", "chained to", number)]
    # a quoted effect text is the event's effect_text (and the phase it names is not an unread situation)
    f = _ja("「Emトラピーズ・マジシャン」の『このターンそのモンスターは２回攻撃でき、バトルフェイズ終了時に破壊される』効果の"
            "発動にチェーンして、「スターダスト・ドラゴン」の効果を発動できますか？", "発動できません。")
    assert not f.unread and f.events[0].effect_text.startswith("このターンそのモンスターは")


def test_an_effect_quoted_between_the_card_and_the_question():
    # 「X」の『…』効果を発動できますか: X is the questioned card however long the quote; a count inside the quote is
    # the effect's words, not the situation's
    f = _ja("「マクロコスモス」の適用中に、「ライオウ」の『相手モンスター1体の特殊召喚を無効にし破壊する』効果を発動できますか？",
            "発動する事自体ができません。")
    assert (f.question.kind, _named(f, f.question.card), f.answer) == ("can_activate", "ライオウ", "no")
    assert [c.name for c in f.cards if "applied" in c.state] == ["マクロコスモス"] and not f.unread


def test_a_gemini_monster_treated_as_a_normal_monster_is_a_described_target():
    # 通常モンスター扱いのデュアルモンスター: a Gemini monster on the field, not Gemini Summoned again
    f = _ja("通常モンスター扱いのデュアルモンスターを対象として、「幻影霧剣」を発動できますか？", "発動する事はできません。")
    assert (f.question.kind, _named(f, f.question.card), f.answer) == ("can_activate", "幻影霧剣", "no")
    assert [_card(f, t).described for t in f.question.targets] == [["gemini"]] and not f.unread


def test_a_described_cost_below_an_attack():
    # <desc>をリリースして「G」を発動できますか: the can_select of G's cost; 未満 is below (an ATK said before the Attribute)
    f = _ja("攻撃力500未満の闇属性モンスターをリリースして「悪のデッキ破壊ウイルス」を発動できますか？", "発動する事はできません。")
    assert (f.question.kind, _named(f, f.question.card), f.question.how, f.answer) == (
        "can_select", "悪のデッキ破壊ウイルス", "リリース", "no")
    assert [_card(f, t).described for t in f.question.targets] == [["monster", "attribute=DARK", "atk<=499"]]
    assert not f.unread


def test_card_activation_and_who_activates_from_where():
    f = _ja("「先史遺産都市バビロン」のカードの発動や効果の発動にチェーンして「神の警告」を発動できますか？", "発動できません。")
    assert not f.unread and _named(f, f.events[0].card) == "先史遺産都市バビロン"
    # 相手が手札から「X」を発動した時、チェーンして…: the opponent's card, from the hand, and a response to it
    f = _ja("相手が手札から「拮抗勝負」を発動した時、チェーンして「天下独歩の大義賊」の①の効果を発動できますか？", "発動できません。")
    assert not f.unread
    x = _card(f, f.events[0].card)
    assert (x.name, x.controller, x.location, f.events[0].actor, f.events[0].note) == (
        "拮抗勝負", "opponent", "hand", "opponent", "chained to")
    # 「X」の効果が発動した時、「Y」を発動できますか: Y responds to X
    f = _ja("ペンデュラムゾーンの「クリフォート・ツール」の効果が発動した時、チェーンして「幽鬼うさぎ」の効果を発動できますか？")
    assert not f.unread and f.events[0].note == "chained to" and _card(f, f.events[0].card).location == "pzone"


def test_examples_of_one_role_read_as_the_last():
    # 「A」や「B」: the ruling holds for each; the frame reads the last and leaves nothing unread
    f = _ja("「トロイメア・フェニックス」の効果の発動にチェーンして「聖王の粉砕」や「灰流うらら」の効果を発動できますか？")
    assert not f.unread and _named(f, f.question.card) == "灰流うらら"
    assert [c.name for c in f.cards] == ["灰流うらら", "トロイメア・フェニックス"]
    f = _ja("相手の「コミックハンド」や「デモンズ・チェーン」の発動にチェーンして「グレイドル・コンバット」を発動できますか？")
    assert not f.unread and [_named(f, e.card) for e in f.events] == ["デモンズ・チェーン"]


def test_the_activation_asked_about_targets_a_card():
    f = _ja("墓地の「阿修羅」を対象として、「祝福の教会－リチューアル・チャーチ」の効果を発動できますか？", "発動できません。")
    assert not f.unread and f.question.kind == "can_activate" and f.answer == "no"
    assert _named(f, f.question.card) == "祝福の教会－リチューアル・チャーチ"
    assert [(_named(f, t), _card(f, t).location) for t in f.question.targets] == [("阿修羅", "grave")]
    f = _ja("魔法＆罠ゾーンに表側表示で存在する「虚無空間」を対象として、「十二獣の会局」を発動できますか？", "発動できません。")
    t = _card(f, f.question.targets[0])
    assert not f.unread and (t.name, t.location, t.position) == ("虚無空間", "szone", "faceup")
    # an owner that differs from the controller: the card is the other player's, on the asker's field
    f = _ja("元々の持ち主が相手の「青眼の白龍」を対象として、自分の墓地の「青き眼の巫女」の効果を発動できますか？")
    t = _card(f, f.question.targets[0])
    assert not f.unread and (t.name, t.owner, t.controller) == ("青眼の白龍", "opponent", "self")


def test_what_was_done_earlier_this_turn_is_an_event():
    # 「X」を発動したターン: an activation earlier in the turn (not a chain), and no unread "this turn"
    f = _ja("自分が「左腕の代償」を発動したターン、自分はセットされている「くず鉄の像」を発動できますか？")
    assert not f.unread
    assert [(_named(f, e.card), e.action, e.note) for e in f.events] == [("左腕の代償", "activate", None)]
    f = _ja("「幻煌の都 パシフィス」の効果を発動しているターン、墓地の「白き霊龍」を特殊召喚できますか？", "特殊召喚できません。")
    assert not f.unread and [(_named(f, e.card), e.action) for e in f.events] == [("幻煌の都 パシフィス", "activate")]
    # 「X」が特殊召喚された時: a response to that summon
    f = _ja("「ボタニカル・ライオ」が特殊召喚された時、「ゴヨウ・エンペラー」の効果を発動できますか？")
    assert [(e.action, e.note) for e in f.events] == [("special_summon", "chained to")]


def test_a_target_named_in_the_situation_is_not_a_can_target_question():
    # 「因果切断」の効果の対象として、「プロト・サイバー・ドラゴン」を選択した場合、墓地のどのモンスターが除外されますか？
    t = "「因果切断」の効果の対象として、「プロト・サイバー・ドラゴン」を選択した場合、墓地のどのモンスターが除外されますか？"
    assert frame_for(t, "ja", [], {"title": t, "question": t, "answer": "…"}).question.kind != "can_target"
    t = "「天使の手鏡」の効果の対象として、「魂を削る死霊」を選択できますか？"
    assert frame_for(t, "ja", [], {"title": t, "question": t, "answer": "できます。"}).question.kind == "can_target"
    # 「…攻撃を行えますか」 is a can-attack question; 「何回の攻撃が行えますか」 asks a count
    t = "「マクロコスモス」の適用中、「弾丸特急バレット・ライナー」は攻撃を行えますか？"
    assert frame_for(t, "ja", [], {"title": t, "question": t, "answer": "行えません。"}).question.kind == "can_attack"
    t = "「ルーンアイズ・ペンデュラム・ドラゴン」に「閃光の双剣－トライス」が装備された場合、何回の攻撃が行えますか？"
    assert frame_for(t, "ja", [], {"title": t, "question": t, "answer": "…"}).question.kind == "what_happens"


def test_the_questioned_cards_own_summon_said_before_its_name():
    # 召喚に成功した「X」のモンスター効果: X's summon is an event on X, last before the question
    f = _ja("「修禅僧 ゲンドウ」のモンスター効果が適用されている場合、召喚に成功した「クリバンデット」のモンスター効果を発動できますか？",
            "発動できません。")
    assert not f.unread
    assert [(_named(f, e.card), e.action, e.note) for e in f.events] == [("クリバンデット", "summon", "its own summon")]
    # a Ritual Summon is not a summon the set-up can play from the hand: the frame says so
    f = _ja("「王家の眠る谷－ネクロバレー」の適用中に、儀式召喚された「トリシューラの影霊衣」の効果を発動できますか？", "発動できません。")
    assert f.events == [] and f.unread == ["situation: the questioned card was 儀式召喚された (a summon the set-up does not play)"]


def test_fates_said_by_a_what_happens_answer_and_counts_inside_a_situation():
    t = "「トゥーン・キングダム」の適用中、「魂を削る死霊」を対象として、「コミックハンド」を発動した場合、どうなりますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "質問の状況の場合、「魂を削る死霊」は破壊されます。"})
    assert {_card(f, r).name: fate for r, fate in f.fates.items()} == {"魂を削る死霊": "destroyed"}
    # a card said to meet a fate only under a condition, or after something else, gives none
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "「魂を削る死霊」は対象となった場合に破壊されます。"})
    assert f.fates == {}
    # 相手フィールドに「ジェントルーパー」が2体存在する場合: the count is part of the situation (read into the card's
    # copies for a can_attack: test_copies_of_a_card_the_situation_counts), not a fate
    t = "相手フィールドに「ジェントルーパー」が2体存在する場合、自分のモンスターは直接攻撃できますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "できません。"})
    assert (f.fates, f.cards[0].copies, f.unread) == ({}, 2, [])


def test_an_answer_whose_can_or_cannot_holds_under_its_own_condition_is_not_the_question(qa):
    # 「青天の霹靂」の効果で、「トーチ・ゴーレム」を特殊召喚する場合、どのように行いますか？ -> 「…自分が既に通常召喚を
    # 行っているターンには…特殊召喚する事はできません」: a condition the title does not state
    f = qa(14175)
    assert f.question.kind == "what_happens"
    t = "「サイクロン」の発動にチェーンして「ハネワタ」が特殊召喚された場合、処理はどうなりますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "質問の状況の場合、「ハネワタ」を特殊召喚する事はできません。"})
    assert (f.question.kind, f.question.how, _card(f, f.question.card).name, f.answer) == ("can_summon", "特殊召喚", "ハネワタ", "no")
    assert [e.action for e in f.events] == ["activate"]


def test_a_can_said_mid_sentence():
    t = "「妖仙郷の眩暈風」の適用中、「A・ジェネクス・バードマン」の効果を発動できますか？"
    a = ("「A・ジェネクス・バードマン」の『…』は効果処理ではなくコストになります。  したがって、「妖仙郷の眩暈風」の適用中であっても、"
         "「A・ジェネクス・バードマン」の効果を発動する事はでき、自分フィールドの表側表示モンスター１体は通常通り持ち主の手札に戻る事になります。")
    assert frame_for(t, "ja", [], {"title": t, "question": t, "answer": a}).answer == "yes"


def test_can_select_reads_the_effect_and_the_card_it_chooses(qa):
    t = "「ジェネレーション・フォース」の効果で、デッキから「X－レイ・ピアース」を手札に加えられますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "手札に加える事ができます。"})
    assert (f.question.kind, _card(f, f.question.card).name, f.answer) == ("can_select", "ジェネレーション・フォース", "yes")
    assert [(_card(f, r).name, _card(f, r).location) for r in f.question.targets] == [("X－レイ・ピアース", "deck")]
    assert not f.unread


def test_an_effect_said_as_the_topic_of_the_question():
    t = "「EMラフメイカー」のモンスター効果は、相手の「魔法の筒」の発動にチェーンして発動できますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "発動する事はできません。"})
    assert (f.question.kind, _card(f, f.question.card).name, f.question.effect_kind, f.answer) == (
        "can_activate", "EMラフメイカー", "monster", "no")
    # 「…無効になった場合、効果は発動できますか」: whose effect is not said next to it; the card named last is not it
    # (the monster whose summon was negated is: its own effect)
    t = "「星輝士 トライヴェール」のエクシーズ召喚が「神の宣告」で無効になった場合、効果は発動できますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "発動できません。"})
    assert f.question.kind == "can_activate" and _card(f, f.question.card).name == "星輝士 トライヴェール"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "「星輝士 トライヴェール」の効果を発動する事はできません。"})
    assert (f.question.kind, _card(f, f.question.card).name, f.answer) == ("can_activate", "星輝士 トライヴェール", "no")


def test_normal_or_special_summon_is_read_as_the_normal_summon():
    # 召喚・特殊召喚された「X」: either summon; the Normal Summon is the one the set-up plays
    f = _ja("「次元要塞兵器」の効果適用中に、召喚・特殊召喚された「聖騎士ベディヴィエール」の効果を発動できますか？", "発動できません。")
    assert not f.unread and [(e.action, e.note) for e in f.events] == [("summon", "its own summon")]
    f = _ja("「マクロコスモス」の適用中に、「磁石の戦士δ」が召喚・特殊召喚に成功した場合、モンスター効果を発動できますか？")
    assert [(e.action, _named(f, e.card)) for e in f.events] == [("summon", "磁石の戦士δ")]


def test_can_select_from_the_deck_and_returns():
    t = "「黒魔術の継承」の効果によって、「黒・爆・裂・破・魔・導」をデッキから手札に加えられますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "手札に加える事ができます。"})
    assert [(_card(f, r).name, _card(f, r).location) for r in f.question.targets] == [("黒・爆・裂・破・魔・導", "deck")]
    # 「X」をデッキに戻せますか: the Deck is where X goes, not where it is
    t = "「サイバーダーク・インパクト！」の効果によって、「沼地の魔神王」をデッキに戻せますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "戻せません。"})
    assert (f.question.kind, f.answer, _card(f, f.question.targets[0]).location) == ("can_select", "no", None)


def test_whether_an_effects_processing_is_applied_is_read_from_the_answer(qa):
    # 「オスティナート」の発動にチェーンして「虚無空間」 -> 「オスティナート」の効果処理は適用されません
    f = qa(12310)
    assert not f.unread and {_card(f, r).name: v for r, v in f.applied.items()} == {"オスティナート": False}
    # an unnamed 「処理は何も行いません」 is that of the first card activated in the title
    f = qa(23580)
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"キラーチューン・キュー": False}
    # Cyclone's 「…が破壊される」 is an event after the activation it answers
    f = qa(14340)
    assert [e.action for e in f.events] == ["activate", "activate", "destroy"]
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"クリフォート・アセンブラ": False}


def test_applied_outcomes_said_in_part_or_both_ways_give_none():
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、処理はどうなりますか？"
    f = _ja(t, "「ブラック・ホール」の効果処理は通常通り適用されます。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"ブラック・ホール": True}
    f = _ja(t, "「ブラック・ホール」の効果は無効になります。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"ブラック・ホール": False}
    # a 『』 quoted part applied beside the whole said not applied: a partial outcome
    assert not _ja(t, "『破壊する』処理は適用されます。「ブラック・ホール」の効果処理は適用されません。").applied
    # said of a card whose effect the title does not activate: not this frame's outcome
    assert not _ja("「神の宣告」が存在する場合、どうなりますか？", "「神の宣告」の効果は適用されません。").applied
    # an unnamed 処理 inside a clause (not the sentence's subject) is not read
    assert not _ja(t, "その場合、相手の処理は適用されません。").applied


def test_an_applies_question_about_an_activated_cards_processing_is_an_applied_outcome():
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、効果は適用されますか？"
    f = _ja(t, "適用されません。")
    assert (f.question.kind, f.answer) == ("applies", "no")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"ブラック・ホール": False}
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、「神の宣告」の効果は適用されますか？"
    assert {_named(_ja(t, "適用されます。"), r): v for r, v in _ja(t, "適用されます。").applied.items()} == {"神の宣告": True}
    # 「X」の発動は無効になります: its processing is not applied
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、処理はどうなりますか？"
    f = _ja(t, "その場合、「ブラック・ホール」の発動は無効になります。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"ブラック・ホール": False}


def test_an_activated_effect_said_negated_as_it_resolves_is_not_applied(qa):
    # 「その「オルターガイスト・マリオネッター」のモンスター効果は無効化されます」 (Necrovalley applied)
    f = qa(8340)
    assert not f.unread and {_card(f, r).name: v for r, v in f.applied.items()} == {"オルターガイスト・マリオネッター": False}
    # 「マクロコスモス」の『…』効果処理は無効になりますが、『…』効果が無効になる事はありません: its activation's processing
    f = qa(7315)
    assert not f.unread and {_card(f, r).name: v for r, v in f.applied.items()} == {"マクロコスモス": False}
    # 手札にて発動した「X」: X activated in the hand; the negated effect quoted in the answer (with a 。 inside) is
    # the one its event activates
    f = qa(14075)
    assert not f.unread and {_card(f, r).name: v for r, v in f.applied.items()} == {"WW－アイス・ベル": False}
    first = f.events[0]
    assert (_card(f, first.card).location, first.effect_text[:14]) == ("hand", "このカードを手札から特殊召喚")
    # 「X」の効果は「Y」の効果によってその発動が無効になります
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、処理はどうなりますか？"
    f = _ja(t, "その場合、「ブラック・ホール」の効果は「神の宣告」の効果によってその発動が無効になります。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"ブラック・ホール": False}
    # an effect said not to be negated says nothing of its processing
    assert not _ja(t, "「ブラック・ホール」の効果が無効になる事はありません。").applied


def test_quoted_parts_that_cover_what_an_effects_processing_shows_give_its_outcome(qa):
    # 『手札の昆虫族モンスター1体をそのモンスターの下に重ねてX素材とする』処理は適用されません: the one thing its
    # processing does that the duel's log shows -> not applied
    f = qa(18085)
    assert not f.unread and {_card(f, r).name: v for r, v in f.applied.items()} == {"光虫基盤": False}
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    # parts that Special Summon are the summons outcome's (judged by the summon alone), not read as applied:
    # 『このカードを墓地から特殊召喚する』処理は適用されません
    f = qa(17345)
    assert not f.unread and not f.applied and {_card(f, r).name: v for r, v in f.summons.items()} == {
        "HSRマッハゴー・イータ": False}
    # 自身がフィールドを離れている場合: it left the field; a part the log cannot show (treated as a Tuner, returned
    # to the Deck when it leaves) gives no outcome
    f = qa(15025)
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    assert not f.applied


def test_an_other_question_about_a_resolution_after_a_card_left_reads_the_answers_outcome(qa):
    # 「「A」の効果処理時に対象のカードがフィールドに存在しなくなった場合、自身は除外されますか」: A resolving after its
    # target left; 「…効果処理は適用されません」 -> not applied
    f = qa(13540)
    assert f.question.kind == "other" and not f.unread
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"エアジャチ": False}
    # 「…自身が墓地に存在しない場合、手札に加えられますか」 (a potential form) -> 「手札に加える事はできません」
    f = qa(15570)
    assert f.question.kind == "other" and not f.unread
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the grave")]
    assert {_card(f, r).name: v for r, v in f.to_hand.items()} == {"ブリリアント･スパーク": False}


def test_a_resolving_card_destroyed_before_it_resolves_left_the_field(qa):
    # 「「A」の効果の処理時に、「A」自身が破壊されている場合、モンスターを手札に加える処理はどうなりますか」 ->
    # 「…その効果処理は通常通り適用されます」
    f = qa(14415)
    assert not f.unread
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"RR－フォース・ストリクス": True}
    # 「「A」の融合召喚する効果の処理時に」: its effect told by what it does
    f = qa(15200)
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"デストーイ・ファクトリー": False}


def test_an_effect_said_to_deal_no_damage_whose_processing_only_deals_damage_is_not_applied(qa):
    # 相手にダメージを与える「X」のモンスター効果の処理時に (what X's effect does, said before its name) ->
    # 「X」の『このカードのレベル×500ダメージを相手に与える』モンスター効果によって相手に与えるダメージは結果的に0になります
    f = qa(20465)
    assert not f.unread and [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"LL－インディペンデント・ナイチンゲール": False}
    assert _card(f, f.events[0].card).controller is None  # (「相手に…を与える」 says nothing of whose card it is)
    # an effect that also moves a card: no damage says nothing of the rest of its processing
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、処理はどうなりますか？"
    f = _ja(t.replace("ブラック・ホール", "破壊輪"),
            "「破壊輪」の『そのモンスターを破壊し、お互いにその攻撃力分のダメージを与える』効果によって受けるダメージは0になります。")
    assert not f.applied


def test_a_what_happens_answer_without_a_checked_outcome_says_what_it_states(qa):
    f = qa(13745)  # …「ジャンク・アンカー」の効果を発動した場合、何枚ドローできますか？ -> 相手は２枚のドローを行う
    assert f.unread[0] == ("answer: it states a number of cards, monsters or times (２枚の), which is not read into an "
                           "outcome a scenario checks")
    t = "「ブラック・ホール」を発動した場合、どうなりますか？"
    assert _ja(t, "相手に与えるダメージが変わります。").unread[0].startswith(
        "answer: it states damage or a change of LP (ダメージ)")
    assert _ja(t, "相手はダメージを受けます。").damaged == {"opponent": True}  # (who takes damage: read)
    assert _ja(t, "その効果の説明です。").unread[0].startswith("answer: it states no outcome")
    # an outcome that is read (a named card's fate) leaves no such entry
    assert not any(u.startswith("answer") for u in _ja(t, "「ブラック・ホール」は破壊されます。").unread)


def test_the_change_of_lp_an_answer_states_for_each_player():
    t = "自分が「衛生兵マッスラー」で攻撃を宣言した際に相手が「ディメンション・ウォール」を発動した場合、どうなりますか？"
    assert _ja(t, "相手が３０００ダメージを受けます。").lp == {"opponent": -3000}
    assert _ja(t, "その場合、お互いに６００ダメージを受けることになります。").lp == {"self": -600, "opponent": -600}
    assert _ja(t, "相手に８０００の戦闘ダメージを与えます。").lp == {"opponent": -8000}
    assert _ja(t, "自分が受ける戦闘ダメージはその半分の1250となります。").lp == {"self": -1250}
    # the player named by the card it attacked with; a concluding sentence's value replaces the others
    f = _ja(t, "相手が2200ダメージを受けます。したがって、結果的に「衛生兵マッスラー」で攻撃を行ったプレイヤーが、その攻撃力分"
               "2200のライフポイントを回復する事になります。")
    assert f.lp == {"self": 2200} and not any(u.startswith("answer") for u in f.unread)
    # a condition (受けた場合), an effect's quoted text, another case (また、…場合), a note: none
    assert not _ja(t, "自分が1000以上のダメージを受けた場合に発動します。").lp
    assert not _ja(t, "『相手に500ダメージを与える』効果は適用されます。").lp
    assert not _ja(t, "効果は適用されます。また、自分フィールドにモンスターが存在する場合、相手は500ダメージを受けます。").lp
    assert not _ja(t, "相手は500ダメージを受けます。その後、相手は1000ダメージを受けます。").lp  # (two amounts)


def test_the_players_an_answer_says_take_damage_without_an_amount():
    t = "「M・HERO 闇鬼」の直接攻撃の際に、相手が発動した「ディメンション・ウォール」の効果で自分が戦闘ダメージを受ける場合、" \
        "ダメージは半分になりますか？"
    f = _ja(t, "質問の状況の場合、「M・HERO 闇鬼」の直接攻撃で戦闘ダメージを受けるのは相手ではなく、自分となります。")
    assert not f.lp and f.damaged == {"self": True, "opponent": False} and not f.unread
    # the title's direct attack, then the other player's activation at its declaration
    assert [(e.action, _named(f, e.card), e.actor) for e in f.events] == [
        ("attack", "M・HERO 闇鬼", "self"), ("activate", "ディメンション・ウォール", "opponent")]
    f = _ja("「極星邪狼フェンリル」が直接攻撃によって相手に戦闘ダメージを与えた場合、戦闘ダメージはどうなりますか？",
            "結果的に、お互いのプレイヤーが戦闘ダメージを受ける事になります。")
    assert f.damaged == {"self": True, "opponent": True} and not f.unread
    assert [(e.action, e.targets, e.note) for e in f.events] == [("attack", [], "declares a direct attack")]
    # an amount said is answered_lp's; a condition, an effect's quoted text: none
    assert not _ja(t, "自分が2800ダメージを受けます。").damaged
    assert not _ja(t, "自分がダメージを受けた場合に発動します。").damaged
    assert not _ja(t, "『自分はダメージを受ける』効果は適用されます。").damaged
    # a named monster attacked by one the title does not name, a card activated at the declaration
    from rulings.records import ATTACKED_NOTE
    f = _ja("「サクリファイス」が攻撃された時に「ディメンション・ウォール」を発動した場合、相手が受けるダメージはどのようになりますか？",
            "「サクリファイス」をコントロールしている自分はダメージを受けず、代わりに相手がダメージを受ける事になります。")
    assert f.damaged == {"self": False, "opponent": True} and not f.unread
    assert [(e.action, _named(f, e.card), e.actor, e.note) for e in f.events] == [
        ("attack", "サクリファイス", "opponent", ATTACKED_NOTE), ("activate", "ディメンション・ウォール", "self", None)]


def test_a_battle_of_two_named_monsters_is_the_event_an_lp_answer_comes_from():
    from rulings.records import BATTLES_NOTE
    t = "自分の「No.92 偽骸神龍 Heart－eartH Dragon」で、EXモンスターゾーンの相手の「炎斬機ファイナルシグマ」が戦闘を行う場合、" \
        "戦闘ダメージはどのようになりますか？"
    f = _ja(t, "相手が３０００ダメージを受けます。")
    assert not f.unread and f.lp == {"opponent": -3000}
    assert [(e.action, _named(f, e.card), [_named(f, r) for r in e.targets], e.note) for e in f.events] == [
        ("attack", "No.92 偽骸神龍 Heart－eartH Dragon", ["炎斬機ファイナルシグマ"], BATTLES_NOTE)]
    assert [(c.controller, c.location) for c in f.cards] == [("self", None), ("opponent", "emzone")]
    # 「X」と「Y」が戦闘を行う場合 with no side said: X the asker's; without an LP answer no battle is read
    f = _ja("「A・O・J カタストル」と「N・グラン・モール」が戦闘を行う場合、どうなりますか？", "お互いに500ダメージを受けます。")
    assert [c.controller for c in f.cards] == ["self", "opponent"] and f.events[0].note == BATTLES_NOTE
    assert not _ja("「A・O・J カタストル」と「N・グラン・モール」が戦闘を行う場合、どうなりますか？", "効果は発動しません。").events
    # お互いの「X」: a copy of the battling X on the other side too, in play (the title's clause explained)
    title = "お互いの「マジェスティ・ヒュペリオン」の効果が適用されている状態で戦闘を行う場合、ダメージ計算はどうなりますか？"
    question = ("お互いのフィールドに「マジェスティ・ヒュペリオン」が存在し、その効果が適用されています。この状況で、自分の攻撃表示の"
                "「マジェスティ・ヒュペリオン」(天使族・攻撃力2100)が相手の攻撃表示の「マスター・ヒュペリオン」(天使族・攻撃力2700)と"
                "戦闘を行う場合、ダメージはどうなりますか？")
    f = frame_ja(title, question, "その場合、お互いに６００ダメージを受けることになります。", {})
    assert not f.unread and f.lp == {"self": -600, "opponent": -600}
    assert [(c.ref, c.name, c.controller, c.state) for c in f.cards] == [
        ("c1", "マジェスティ・ヒュペリオン", "self", ["applied"]), ("c2", "マスター・ヒュペリオン", "opponent", []),
        ("c1o", "マジェスティ・ヒュペリオン", "opponent", ["present"])]


def test_a_direct_attack_the_question_text_declares_is_the_first_event_of_an_lp_answer():
    title = ("自分のペンデュラムゾーンに「EMモモンカーペット」が存在し「ダメージ･ダイエット」を発動した場合、"
             "戦闘ダメージはいくつになりますか？")
    question = ("自分のペンデュラムゾーンに「EMモモンカーペット」が存在し、自分が「ダメージ・ダイエット」の効果を発動しているターンです。"
                "この状況で、相手が攻撃力2500の「EMスライハンド・マジシャン」で直接攻撃を宣言した場合、自分が受ける戦闘ダメージはいくつに"
                "なりますか？")
    f = frame_ja(title, question, "自分が受ける戦闘ダメージはその半分の1250となります。", {})
    assert not f.unread and f.lp == {"self": -1250}
    assert [(e.action, _named(f, e.card), e.actor) for e in f.events] == [
        ("attack", "EMスライハンド・マジシャン", "opponent"), ("activate", "ダメージ･ダイエット", None)]
    # without an LP answer, no attack is read from the question text
    assert [e.action for e in frame_ja(title, question, "効果は適用されます。", {}).events] == ["activate"]


def test_the_atk_def_an_answer_states_for_a_monster_the_title_names():
    t = "「ケルトの守護者」が存在する場合に「援軍」を発動した場合、攻撃力はどうなりますか？"
    assert _ja(t, "「ケルトの守護者」の攻撃力は１９００になります。").stats == {"c1": {"attack": 1900}}
    f = _ja(t, "その場合、「ケルトの守護者」の攻撃力・守備力は1900・1700となります。")
    assert f.stats == {"c1": {"attack": 1900, "defense": 1700}} and not f.unread
    # 「X」は攻撃力N・守備力Mの状態となります, 「X」の攻撃力はN・守備力はMの状態のままです
    assert _ja(t, "「ケルトの守護者」は攻撃力1900・守備力1700の状態となります。").stats == {"c1": {"attack": 1900, "defense": 1700}}
    assert _ja(t, "「ケルトの守護者」の攻撃力は1900・守備力は1700の状態のままです。").stats == {
        "c1": {"attack": 1900, "defense": 1700}}
    assert not _ja(t, "「ケルトの守護者」は攻撃力1900・守備力1700の状態になっています。").stats  # (the state before)
    # only during damage calculation, or two values for one card: none
    assert not _ja(t, "ダメージ計算時のみ「ケルトの守護者」の攻撃力は1900になります。").stats
    assert not _ja(t, "「ケルトの守護者」の攻撃力は1900になります。その後、「ケルトの守護者」の攻撃力は2400になります。").stats


def test_whether_an_effects_resolution_special_summons_is_read_from_the_answer(qa):
    t = "「リビングデッドの呼び声」の発動にチェーンして「虚無空間」が発動した場合、処理はどうなりますか？"
    # said of the first activation, a card named before it being what stops it
    f = _ja(t, "「虚無空間」の効果によって、特殊召喚は行えませんので、処理は完了します。")
    assert {_named(f, r): v for r, v in f.summons.items()} == {"リビングデッドの呼び声": False} and not f.unread
    f = _ja(t, "その場合、対象のモンスターは特殊召喚されず、墓地に残ったままとなります。")
    assert {_named(f, r): v for r, v in f.summons.items()} == {"リビングデッドの呼び声": False}
    # a 『』 quoted part that Special Summons, said applied or not (another part beside it: still read)
    f = _ja(t, "『そのモンスターを攻撃表示で特殊召喚し』の処理は適用されますが、『このカードを装備する』処理は適用されません。")
    assert {_named(f, r): v for r, v in f.summons.items()} == {"リビングデッドの呼び声": True}
    # a quoted restriction (特殊召喚できない), a restriction that lasts, or both ways: none
    assert not _ja(t, "『このターン自分はモンスターを特殊召喚できない』効果は適用されません。").summons
    assert not _ja(t, "このターン、自分はモンスターを特殊召喚する事はできません。").summons
    assert not _ja(t, "モンスターが特殊召喚されます。その後、特殊召喚は行えません。").summons
    # Q&A 22660 (命の水): 「そのモンスターを特殊召喚する処理は適用されません」
    f = qa(22660)
    assert {_named(f, r): v for r, v in f.summons.items()} == {"命の水": False} and not f.unread


def test_whether_an_effects_resolution_adds_a_card_to_the_hand_is_read_from_the_answer():
    t = "「増援」の発動にチェーンして「手違い」が発動した場合、処理はどうなりますか？"
    f = _ja(t, "その場合、「増援」の効果によって、デッキからモンスターを手札に加える事はできません。")
    assert {_named(f, r): v for r, v in f.to_hand.items()} == {"増援": False} and not f.summons and not f.unread
    f = _ja(t, "その場合、『このカードを手札に加え』の処理を行いません。")
    assert {_named(f, r): v for r, v in f.to_hand.items()} == {"増援": False}
    # a quoted restriction, or a lasting one: none
    assert not _ja(t, "『このターン自分はデッキからカードを手札に加える事ができない』効果は適用されます。").to_hand
    assert not _ja(t, "このターン、自分はデッキからカードを手札に加える事はできません。").to_hand


def test_quoted_parts_all_applied_and_a_card_that_stays(qa):
    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、処理はどうなりますか？"
    # only 『』 quoted parts, all applied: the effect of the card quoting them (unnamed: the first activated) applies
    f = _ja(t, "『フィールドのモンスターを全て破壊する』効果処理は通常通り適用されます。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"ブラック・ホール": True}
    f = _ja(t, "「神の宣告」の『その発動を無効にし破壊する』処理は適用されます。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"神の宣告": True}
    # a part said not applied says nothing of the rest
    assert not _ja(t, "『フィールドのモンスターを全て破壊する』効果処理は適用されません。").applied
    # 「X」は破壊されず / …ゾーンに残ります: X survives
    f = _ja("「武神器－チカヘシ」の効果適用中に、「武神－ヤマト」が召喚され、相手が「奈落の落とし穴」を発動した場合、どうなりますか？",
            "質問の状況の場合、召喚に成功した「武神－ヤマト」は『①』の効果を受け、カードの効果では破壊されませんので、相手の発動した"
            "「奈落の落とし穴」によって破壊される事はなく、除外される事もありません。")
    assert {_named(f, r): v for r, v in f.fates.items()} == {"武神－ヤマト": "survives"}


def test_the_one_line_description_shows_the_outcomes_the_answer_states():
    from pipeline.frames import describe_frame

    t = "「ブラック・ホール」の発動にチェーンして「神の宣告」が発動した場合、処理はどうなりますか？"
    assert describe_frame(_ja(t, "「ブラック・ホール」の効果処理は適用されません。")).endswith(
        "=> outcome (「ブラック・ホール」 not applied)")


def test_zones_the_situation_states_empty_full_or_counted(qa):
    # 相手フィールドにカードが1枚もない場合、「The suppression PLUTO」のモンスター効果を発動できますか？ -> できません
    f = qa(19285)
    assert [(z.controller, z.location, z.what, z.count) for z in f.zones] == [("opponent", "field", "card", "none")]
    assert f.question.kind == "can_activate" and f.answer == "no" and not f.unread
    # 「重機王ドボク・ザーク」の効果は、相手のデッキが3枚未満の時に発動できますか？: a Deck of fewer than 3 cards
    f = qa(11935)
    assert [(z.controller, z.location, z.count) for z in f.zones] == [("opponent", "deck", "<3")] and not f.unread
    # 「虚無空間」の適用中や、モンスターゾーンに空きがない場合に: the asker's Monster Zone full, beside an applied card
    f = qa(7615)
    assert [(z.location, z.count) for z in f.zones] == [("mzone", "full")]
    assert [c.name for c in f.cards if "applied" in c.state] == ["虚無空間"]
    # 「…墓地に「宝玉獣」が存在しない場合」: a named card said NOT to be there is not a present card (left unread)
    f = qa(7055)
    assert [(z.location, z.count) for z in f.zones] == [("szone", "none")]
    assert not any("present" in c.state for c in f.cards)
    assert "situation: what 「宝玉獣」 does before the question" in f.unread


def test_zones_stated_by_types_or_by_zones_left_to_use(qa):
    # 手札にドラゴン族・鳥獣族が存在しない時に、「ドラグニティナイト－ガジャルグ」の効果を発動できますか？: no monster of
    # either Type in the hand (one empty zone each)
    f = qa(8865)
    assert [(z.location, z.what, z.count, z.described) for z in f.zones] == [
        ("hand", "monster", "none", ["race=DRAGON"]), ("hand", "monster", "none", ["race=WINGEDBEAST"])]
    assert f.answer == "yes" and not f.unread
    # 使用可能なメインモンスターゾーンが存在しない状況で、「FNo.0 未来龍皇ホープ」の効果を発動できますか？: a full Monster Zone
    f = qa(23335)
    assert [(z.location, z.count) for z in f.zones] == [("mzone", "full")] and not f.unread


def test_a_zone_without_monsters_of_an_archetype(qa):
    # 自分の墓地に「スプラウト」と名のついたモンスターが存在しない場合、「森羅の姫芽君 スプラウト」の効果は発動できますか？
    f = qa(13765)
    assert [(z.controller, z.location, z.what, z.count, z.described) for z in f.zones] == [
        ("self", "grave", "monster", "none", ["archetype=スプラウト"])]
    assert [c.name for c in f.cards] == ["森羅の姫芽君 スプラウト"] and f.answer == "yes" and not f.unread


def test_a_second_copy_of_the_questioned_card(qa):
    # 「スキルドレイン」適用中に、2体目の「ガーディアン・オブ・オーダー」や「RAI－JIN」を召喚する事はできますか？: the first
    # copy is a card of its own, on the field (present), the question about another copy
    f = qa(9230)
    q = _card(f, f.question.card)
    first = [c for c in f.cards if c.name == q.name and c.ref != q.ref]
    assert (f.question.kind, q.name, q.state, f.answer) == ("can_summon", "RAI－JIN", [], "no")
    assert [(c.passcode == q.passcode, c.state) for c in first] == [(True, ["present"])]
    assert [c.name for c in f.cards if "applied" in c.state] == ["スキルドレイン"] and not f.unread


def test_an_activation_that_declared_a_card_name():
    # 「X」を宣言して発動した「禁止令」の効果が適用されている場合: 禁止令 activated before the question, declaring X
    f = _ja("「サイバー・ダーク・ホーン」を宣言して発動した「禁止令」の効果が適用されている場合、「サイバーダーク・インパクト！」を"
            "発動できますか？", "発動する事自体ができません。")
    assert [(e.action, _named(f, e.card), _named(f, e.declared)) for e in f.events] == [
        ("activate", "禁止令", "サイバー・ダーク・ホーン")]
    assert (f.question.kind, _named(f, f.question.card), f.answer) == ("can_activate", "サイバーダーク・インパクト！", "no")
    assert not f.unread


def test_a_target_the_ruling_describes_instead_of_naming(qa):
    # 「DDD狙撃王テル」のモンスター効果の対象として、リンクモンスターを選択できますか？ -> 選択する事もできます
    f = qa(15465)
    q = f.question
    target = _card(f, q.targets[0])
    assert (q.kind, _card(f, q.card).name, q.effect_kind, f.answer) == ("can_target", "DDD狙撃王テル", "monster", "yes")
    assert (target.name, target.passcode, target.described) == ("リンクモンスター", None, ["link"]) and not f.unread
    # リンクモンスターを対象として、「ブースター・ドラゴン」のモンスター効果を発動できますか？: the activation's target
    f = qa(21665)
    assert f.question.kind == "can_activate" and _card(f, f.question.targets[0]).described == ["link"] and not f.unread
    # 相手のモンスターゾーンに存在するエクシーズモンスターやリンクモンスター: one example of the list, the opponent's
    f = qa(21355)
    target = _card(f, f.question.targets[0])
    assert (target.described, target.controller, target.location, f.answer) == (["xyz"], "opponent", "mzone", "no")


def test_sending_a_named_card_from_the_deck_is_a_choice_of_the_effect(qa):
    # 「未来融合－フューチャー・フュージョン」の効果によって、デッキから「パラサイト・フュージョナー」を墓地へ送れますか？
    f = qa(20320)
    q = f.question
    assert (q.kind, _card(f, q.card).name, f.answer, not f.unread) == ("can_select", "未来融合－フューチャー・フュージョン", "no", True)
    assert (_card(f, q.targets[0]).name, _card(f, q.targets[0]).location) == ("パラサイト・フュージョナー", "deck")


def test_a_kind_of_monster_said_to_be_there_without_a_zone(qa):
    # モンスタートークンが存在する場合、「闇の護封剣」を発動できますか？: a Token on the field (whose: unsaid)
    f = qa(12435)
    assert [(z.controller, z.location, z.count, z.described) for z in f.zones] == [(None, "field", "some", ["token"])]
    assert not f.unread and f.answer == "yes"
    # 「…特殊召喚できる、シンクロモンスターが存在しない場合」: a relative clause, not a zone of the field
    assert not qa(8560).zones


def test_a_question_about_an_effects_resolution_plays_its_activation_and_what_applies_by_then(qa):
    t = "「守護神－ネフティス」のモンスター効果の処理時に、「虚無空間」が適用されている場合、処理はどうなりますか？"
    f = _ja(t, "質問の状況のように、「虚無空間」が適用され、モンスターの特殊召喚が行えなくなっている場合には効果処理は適用されません。")
    assert not f.unread and [(e.action, _named(f, e.card), e.note) for e in f.events] == [
        ("activate", "守護神－ネフティス", "chained to"), ("activate", "虚無空間", "applies when the first resolves")]
    assert {_named(f, r): v for r, v in f.applied.items()} == {"守護神－ネフティス": False}
    assert not any(c.state for c in f.cards)  # 「虚無空間」 applies by its activation, not before
    # the applies question about that resolution
    t = "「魂の開封」の効果処理時に、「王宮の鉄壁」の効果が適用されている場合、効果処理は適用されますか？"
    f = _ja(t, "質問の状況の場合、…効果処理は適用されません。")
    assert f.answer == "no" and {_named(f, r): v for r, v in f.applied.items()} == {"魂の開封": False}


def test_a_summon_by_a_cards_effect_is_that_effect_choosing_the_monster():
    # 「G」の効果で、墓地の「X」を特殊召喚できますか: G's effect acts (the questioned card), X is what it summons
    f = _ja("「デストーイ・リニッチ」の効果で、墓地の「エッジインプ・DTモドキ」を特殊召喚できますか？", "特殊召喚できます。")
    assert (f.question.kind, _named(f, f.question.card), f.answer) == ("can_summon", "デストーイ・リニッチ", "yes")
    assert [(_named(f, r), _card(f, r).location) for r in f.question.targets] == [("エッジインプ・DTモドキ", "grave")]
    assert not f.unread
    # 「X」を「G」の効果で…: the same, said the other way round; where X is comes from before it
    f = _ja("墓地に存在する「プロト・サイバー・ドラゴン」を「融合解除」の効果で特殊召喚できますか？", "特殊召喚できません。")
    assert (_named(f, f.question.card), [_named(f, r) for r in f.question.targets], f.answer) == (
        "融合解除", ["プロト・サイバー・ドラゴン"], "no")
    # a place said before X (エクストラデッキから) is part of the reading, not an unread clause
    f = _ja("「やぶ蛇」の効果によって、エクストラデッキから「コズミック・ブレイザー・ドラゴン」を特殊召喚できますか？", "できません。")
    assert (_card(f, f.question.targets[0]).location, f.question.how, f.unread) == ("extra", "特殊召喚", [])
    # a summon of the card by itself is not read as one card's effect choosing another
    f = _ja("「ダーク・グレファー」を特殊召喚できますか？")
    assert f.question.targets == []


def test_what_befalls_a_card_before_the_question_and_by_what():
    # 「X」が「Y」を戦闘で破壊した場合、効果を発動できますか: X wins a battle against Y, and the effect is X's
    f = _ja("「ゴヨウ・エンペラー」が「堕天使アスモディウス」を戦闘で破壊した場合、効果を発動できますか？", "発動できません。")
    (event,) = f.events
    assert (event.action, event.note, _named(f, event.card), [_named(f, t) for t in event.targets]) == (
        "attack", "destroys by battle", "ゴヨウ・エンペラー", ["堕天使アスモディウス"])
    assert (_named(f, f.question.card), f.answer, f.unread) == ("ゴヨウ・エンペラー", "no", [])
    # 裏側守備表示の「X」が戦闘やカードの効果によって破壊された場合: destroyed, by either, in its position
    f = _ja("裏側守備表示の「月光蒼猫」が戦闘やカードの効果によって破壊された場合、「月光蒼猫」のモンスター効果を発動できますか？")
    (event,) = f.events
    assert (event.action, event.note, _card(f, event.card).position, f.unread) == (
        "destroy", "by battle or an effect", "facedown_defense", [])
    # 「X」が相手の効果で破壊された時: by an effect, the opponent's
    f = _ja("「E・HERO エアーマン」が相手の効果で破壊された時、「ヒーロー・シグナル」を発動できますか？")
    assert [(e.action, e.note, e.actor) for e in f.events] == [("destroy", "by an effect", "opponent")]
    # what the monster beat (通常モンスターを / 相手のペンデュラムモンスター等を破壊した): a victim the ruling describes,
    # the other player's unless said
    f = _ja("「巨神竜フェルグラント」が、戦闘で相手のペンデュラムモンスター等を破壊した場合、モンスター効果を発動できますか？")
    (event,) = f.events
    beaten = _card(f, event.targets[0])
    assert (event.note, _named(f, event.card), beaten.described, beaten.controller, f.unread) == (
        "destroys by battle", "巨神竜フェルグラント", ["pendulum"], "opponent", [])
    assert _named(f, f.question.card) == "巨神竜フェルグラント"
    # (a list's first kind stands for it: 攻撃力0や攻撃力？の -> ATK exactly 0; 「X」がAやBを戦闘で破壊した)
    f = _ja("「覚醒の魔導剣士」が、攻撃力0や攻撃力？のモンスターを戦闘で破壊した場合、効果を発動できますか？", "発動する事はできません。")
    assert (_card(f, f.events[0].targets[0]).described, f.answer, f.unread) == (["monster", "atk<=0", "atk>=0"], "no", [])
    f = _ja("「アサルトワイバーン」がモンスタートークンやモンスターカード扱いの「機動要塞 メタル・ホールド」を戦闘で破壊した場合、"
            "自身のモンスター効果を発動する事はできますか？")
    assert (_card(f, f.events[0].targets[0]).described, _named(f, f.question.card), f.unread) == (
        ["token"], "アサルトワイバーン", [])
    # 「X」が同じ攻撃力の…モンスターと戦闘を行い、互いに破壊された場合: X and a described monster destroy each other
    f = _ja("「真紅眼の不屍竜」が同じ攻撃力のアンデット族モンスターと戦闘を行い、互いに破壊された場合にモンスター効果を発動"
            "できますか？", "発動する事はできません。")
    (event,) = f.events
    assert (event.action, event.note, _card(f, event.targets[0]).described, f.unread) == (
        "attack", "destroys by battle, both destroyed", ["monster", "race=ZOMBIE"], [])
    # an applies question whether a trigger activates after the event: the event's card's own effect
    f = _ja("「マイティ・ウォリアー」が戦闘によってモンスタートークンを破壊した場合、効果は発動しますか？",
            "「マイティ・ウォリアー」が戦闘によってモンスタートークンを破壊した場合でも、効果は発動し、相手ライフにダメージを"
            "与える事ができます。")
    assert (f.question.kind, _named(f, f.question.card), f.answer, f.unread) == ("applies", "マイティ・ウォリアー", "yes", [])
    # (words described_card does not read: not read as any battle)
    f = _ja("「X」が戦闘で自分より攻撃力の高いモンスターを破壊した場合、効果を発動できますか？")
    assert not any(e.note == "destroys by battle" for e in f.events) and f.unread


def test_a_summon_negated_by_a_named_card():
    # 「X」のリンク召喚が、相手の発動した「G」の効果によって無効になった場合: X's summon, then G's activation negating it
    f = _ja("自分の「水精鱗－サラキアビス」のリンク召喚が、相手の発動した「神の宣告」の効果によって無効になった場合、"
            "その「水精鱗－サラキアビス」のモンスター効果を発動できますか？")
    assert [(e.action, _named(f, e.card), e.actor, e.note) for e in f.events] == [
        ("special_summon", "水精鱗－サラキアビス", "self", NEGATED_SUMMON_NOTES["link"]),
        ("activate", "神の宣告", "opponent", NEGATES_SUMMON_NOTE)]
    assert _named(f, f.question.card) == "水精鱗－サラキアビス" and not f.unread
    # 効果は発動できますか after it: the summoned card's own effect
    f = _ja("「星輝士 トライヴェール」のエクシーズ召喚が「神の宣告」で無効になった場合、効果は発動できますか？",
            "「星輝士 トライヴェール」のエクシーズ召喚自体が「神の宣告」によって無効になっている場合には、『③：X素材を持った"
            "このカードが墓地へ送られた場合…』効果を発動する事はできません。")
    assert f.events[0].note == NEGATED_SUMMON_NOTES["xyz"] and _named(f, f.question.card) == "星輝士 トライヴェール"
    assert not f.unread


def test_a_card_destroyed_by_the_activation_chained_to_its_own():
    # 「A」のカードの発動にチェーンした「G」で破壊され墓地へ送られた場合: A activated, G chained to it, A destroyed by G
    f = _ja("「魔神火炎砲」のカードの発動にチェーンした「サイクロン」で破壊され墓地へ送られた場合、効果を発動できますか？")
    assert [(e.action, _named(f, e.card), e.note) for e in f.events] == [
        ("activate", "魔神火炎砲", "chained to"), ("activate", "サイクロン", None),
        ("destroy", "魔神火炎砲", DESTROYED_IN_CHAIN_NOTE)]
    assert f.question.kind == "can_activate" and not f.unread
    # after 「A」の効果の発動にチェーンして「G」が発動し: 「、自身が破壊され墓地へ送られた場合」 is A destroyed by G
    f = _ja("「横綱犬」のモンスター効果の発動にチェーンして「激流葬」が発動し、自身が破壊され墓地へ送られた場合、"
            "「横綱犬」自身を墓地から特殊召喚できますか？")
    assert [(e.action, _named(f, e.card)) for e in f.events] == [
        ("activate", "横綱犬"), ("activate", "激流葬"), ("destroy", "横綱犬")]
    assert f.events[-1].note == DESTROYED_IN_CHAIN_NOTE and f.question.kind == "can_summon" and not f.unread
    # (another card destroyed is not A: not read as A's destruction)
    f = _ja("「横綱犬」のモンスター効果の発動にチェーンして「激流葬」が発動し、その「ゴブリンドバーグ」が破壊された場合、"
            "「横綱犬」自身を墓地から特殊召喚できますか？")
    assert not any(e.note == DESTROYED_IN_CHAIN_NOTE for e in f.events)


def test_targets_listed_before_an_activation_and_an_example_question_for_an_archetype():
    # 自分のモンスターゾーンに表側表示で存在する「X」と「Y」を対象として、相手が「G」を発動: both G's targets, on the
    # asker's field; the title's archetype 「武神」 is named by the question text's example 「武神－ヤマト」
    title = "「武神」と名のついたモンスターが「ゴッドバードアタック」の対象となった時、「武神器－ヘツカ」の効果を発動できますか？"
    question = ("自分のモンスターゾーンに表側表示で存在する「武神－ヤマト」と「ビビット騎士」を対象として、相手が"
                "「ゴッドバードアタック」を発動しました。\n\nこの場合、「武神器－ヘツカ」の効果を発動する事はできますか？")
    answer = "質問の状況のような場合でも、「ゴッドバードアタック」の発動にチェーンして「武神器－ヘツカ」の効果を発動する事はできます。"
    f = example_frame(frame_ja(title, question, answer, {}), title, question, answer, {})
    assert not f.unread and [(e.action, _named(f, e.card), e.actor) for e in f.events] == [
        ("activate", "ゴッドバードアタック", "opponent")]
    assert [(_named(f, t), _card(f, t).controller, _card(f, t).location) for t in f.events[0].targets] == [
        ("武神－ヤマト", "self", "mzone"), ("ビビット騎士", "self", "mzone")]
    # (an archetype word that is only the start of a card the title names itself is not an example of it)
    title = ("自分の「グレイドル」と名のついたモンスターの直接攻撃宣言時に発動した「グレイドル・パラサイト」の効果にチェーンして"
             "「リビングデッドの呼び声」が発動し、相手フィールドにモンスターが存在する場合、処理はどうなりますか？")
    question = ("「グレイドル・パラサイト」の効果の発動にチェーンして相手が「リビングデッドの呼び声」を発動し、"
                "相手フィールドにモンスターが存在する場合、処理はどうなりますか？")
    answer = "質問の状況の場合には、『そのモンスターを相手フィールドに特殊召喚する』処理は適用されません。"
    assert example_frame(frame_ja(title, question, answer, {}), title, question, answer, {}).unread


def test_a_card_whose_control_a_named_effect_moved():
    # 「G」によってコントロールが相手に移っている「X」: X the asker's, on the other player's field; G's state says what it did
    # (the compiler sets X up there, G not played: a "yes" only)
    f = _ja("「強制転移」によってコントロールが相手に移っている「幻奏の歌姫ソロ」が戦闘によって破壊され墓地へ送られた時、"
            "効果を発動できますか？")
    (event,) = f.events
    victim, taker = _card(f, event.card), next(c for c in f.cards if c.name == "強制転移")
    assert (event.note, victim.owner, victim.controller, taker.state, f.unread) == (
        "by battle", "self", "opponent", [CONTROL_TAKER], [])
    assert f.question.card == victim.ref
    # 「G」のモンスター効果によってコントロールを得た「X」: the other player's X on the asker's field
    f = _ja("「銀河眼の光波竜」のモンスター効果によってコントロールを得た「青眼の亜白龍」が、戦闘または相手のカードの効果で"
            "破壊された時、手札の「ディープアイズ・ホワイト・ドラゴン」のモンスター効果を発動できますか？", "発動できません。")
    victim = _card(f, f.events[0].card)
    assert (victim.name, victim.owner, victim.controller, f.unread) == ("青眼の亜白龍", "opponent", "self", [])


def test_a_card_destroyed_on_the_field_of_the_player_who_does_not_own_it():
    # 元々の持ち主が相手の「X」が自分フィールドにて破壊された場合: X is the opponent's card on the asker's field; no
    # cause said: destroyed either way
    f = _ja("元々の持ち主が相手の「真紅眼の黒竜」が自分フィールドにて破壊された場合、「レッドアイズ・バーン」を発動できますか？")
    (event,) = f.events
    victim = _card(f, event.card)
    assert (event.action, event.note, victim.name, victim.owner, victim.controller, f.unread) == (
        "destroy", "by battle or an effect", "真紅眼の黒竜", "opponent", "self", [])
    assert _named(f, f.question.card) == "レッドアイズ・バーン"
    # an archetype's monster (「X」と名のついたモンスター) is described by the archetype; the place said first
    f = _ja("相手フィールドに存在する元々の持ち主が自分の「星杯」と名のついたモンスターが戦闘で破壊された場合、"
            "「星遺物との邂逅」の効果を発動できますか？", "発動する事はできません。")
    (event,) = f.events
    victim = _card(f, event.card)
    assert (event.note, victim.described, victim.owner, victim.controller, f.answer, f.unread) == (
        "by battle", ["monster", "archetype=星杯"], "self", "opponent", "no", [])
    # the cause, said after the place
    f = _ja("元々の持ち主が相手の「RR」と名のついたモンスターが自分フィールドにてカードの効果で破壊された際に"
            "「RR－リターン」を発動できますか？")
    assert [(e.action, e.note) for e in f.events] == [("destroy", "by an effect")] and not f.unread
    # (a card destroyed or sent to the Graveyard by a battle or an effect: either cause)
    f = _ja("裏側守備表示の「DDパンドラ」が戦闘または相手の効果によって破壊され墓地へ送られた時、効果を発動できますか？")
    assert [(e.action, e.note) for e in f.events] == [("destroy", "by battle or an effect")] and not f.unread
    f = _ja("「RR－ファジー・レイニアス」が戦闘やカードの効果によって墓地へ送られた場合に効果を発動できますか？")
    assert [(e.action, e.note) for e in f.events] == [("send_to_grave", "by battle or an effect")] and not f.unread
    # where and how the card was, said before its name: モンスターゾーンに裏側守備表示で存在する「X」 / フィールドの「X」
    f = _ja("モンスターゾーンに裏側守備表示で存在する「RR－ファジー・レイニアス」が戦闘やカードの効果によって墓地へ送られた"
            "場合に効果を発動できますか？")
    (event,) = f.events
    assert (event.action, event.note, _card(f, event.card).location, _card(f, event.card).position, f.unread) == (
        "send_to_grave", "by battle or an effect", "mzone", "facedown_defense", [])
    # 魔法カードの効果で: by a Spell's effect (a described token here)
    f = _ja("自分フィールドのモンスタートークンが魔法カードの効果で破壊された時、「融爆」を発動できますか？")
    (event,) = f.events
    assert (event.action, event.note, _card(f, event.card).described, _card(f, event.card).controller, f.unread) == (
        "destroy", "by a Spell's effect", ["token"], "self", [])
    f = _ja("相手フィールドの「E・HERO エアーマン」がカードの効果で破壊された時、「ヒーロー・シグナル」を発動できますか？")
    (event,) = f.events
    assert (event.note, _card(f, event.card).controller, _card(f, event.card).location, f.unread) == (
        "by an effect", "opponent", "mzone", [])


def test_a_card_drawn_or_banished_by_a_named_cards_effect():
    # 「G」の効果によって「X」がデッキから除外された場合、そのモンスター効果: G activated, X banished from the Deck by
    # it, the effect X's own
    f = _ja("「封印の黄金櫃」の効果によって「月光彩雛」がデッキから除外された場合、そのモンスター効果を発動できますか？")
    g, x = f.events
    assert (g.action, _named(f, g.card), x.action, _named(f, x.card), x.note, _card(f, x.card).location) == (
        "activate", "封印の黄金櫃", "banish", "月光彩雛", "by the activation before it", "deck")
    assert (_named(f, f.question.card), f.question.effect_kind, f.unread) == ("月光彩雛", "monster", [])
    # 「G」等の効果によって「X」をドローした場合、特殊召喚できますか: the drawn card, in the Deck before, opens the question
    f = _ja("「手札抹殺」等の効果によって「インフェルニティ・デーモン」をドローした場合、特殊召喚できますか？")
    assert [(e.action, _named(f, e.card)) for e in f.events] == [("activate", "手札抹殺"), ("draw", "インフェルニティ・デーモン")]
    assert (f.question.kind, _named(f, f.question.card), _card(f, f.question.card).location, f.unread) == (
        "can_summon", "インフェルニティ・デーモン", "deck", [])


def test_the_questioned_card_sent_to_the_graveyard_from_the_hand_or_deck_first():
    # 手札やデッキから墓地へ送られた「X」の効果をエンドフェイズに発動できますか: X sent there first, then the End Phase
    f = _ja("手札やデッキから墓地へ送られた「ハーピィ・ハーピスト」の効果をエンドフェイズに発動できますか？")
    assert [(e.action, e.note) for e in f.events] == [("send_to_grave", "sent to the Graveyard from the hand or Deck"),
                                                      ("phase", "end")]
    assert (_named(f, f.question.card), f.events[0].card, f.unread) == ("ハーピィ・ハーピスト", f.question.card, [])


def test_a_monster_sent_to_the_graveyard_before_it_is_summoned_by_an_effect():
    # 手札やデッキから墓地へ送られた「X」を、「G」によって…: X in the Graveyard, never summoned (as a set-up places it)
    f = _ja("手札やデッキから墓地へ送られた「トリシューラの影霊衣」を、「影霊衣の反魂術」によって墓地から特殊召喚できますか？",
            "特殊召喚できます。")
    assert (_named(f, f.question.card), [(_named(f, r), _card(f, r).location) for r in f.question.targets], f.unread) == (
        "影霊衣の反魂術", [("トリシューラの影霊衣", "grave")], [])
    # 「X」がフィールド上から墓地へ送られた際に「Y」を発動: sent from the field; the place words are the event's, not Y's
    f = _ja("「E・HERO アブソルートZero」がフィールド上から墓地へ送られた際に「透破抜き」を発動する事はできますか？")
    assert [(e.action, e.note, _named(f, e.card)) for e in f.events] == [
        ("send_to_grave", "by an effect", "E・HERO アブソルートZero")]
    assert (_named(f, f.question.card), _card(f, f.question.card).location, f.unread) == ("透破抜き", None, [])


def test_an_attack_declaration_the_question_responds_to():
    # 相手の「X」の攻撃宣言時に「Y」を発動: X declares an attack (the opponent's); 直接攻撃宣言時: a direct attack
    f = _ja("相手の「ダーク・アームド・ドラゴン」の攻撃宣言時に「好敵手の記憶」を発動できますか？")
    assert [(e.action, e.note, e.actor, _named(f, e.card)) for e in f.events] == [
        ("attack", "declares an attack", "opponent", "ダーク・アームド・ドラゴン")]
    assert (_named(f, f.question.card), f.unread) == ("好敵手の記憶", [])
    f = _ja("「幻魔皇ラビエル」の直接攻撃宣言時に、「幻魔皇ラビエル－天界蹂躙拳」の『①』のモンスター効果を発動できますか？")
    assert [(e.note, e.actor) for e in f.events] == [("declares a direct attack", None)] and f.question.effect == 1
    # the attacker's position said before it is read onto the card
    f = _ja("表側守備表示の「超重荒神スサノ－O」等が攻撃宣言した際に、「神風のバリア －エア・フォース－」を発動できますか？")
    assert (_card(f, f.events[0].card).position, f.unread) == ("faceup_defense", [])


def test_a_card_that_left_its_zone_before_the_activation_resolved_is_an_event(qa):
    # 「A」の効果処理時に、対象に選択した墓地のチューナーが存在しなくなった場合: A's target (a tuner the ruling
    # describes, in the Graveyard) left it between A's activation and its resolution
    f = qa(6775)
    assert not f.unread and [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the grave")]
    target = _card(f, f.events[1].card)
    assert f.events[0].targets == [target.ref] and (target.described, target.location) == (["tuner"], "grave")
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"リバイバル・ギフト": True}
    # 「対象のリンクモンスターがフィールドに存在しなくなっている」: a Link Monster on the field
    f = qa(12370)
    assert [e.action for e in f.events] == ["activate", "leave"] and _card(f, f.events[1].card).described == ["link"]
    assert _card(f, f.events[1].card).location == "mzone" and f.events[1].note == "leaves the field"
    # 「A」自身または対象のモンスター: A itself (the ruling holds for each)
    f = qa(14880)
    assert not f.unread and (f.events[1].action, _card(f, f.events[1].card).name) == ("leave", "超重武者タマ－C")
    # 「A」が魔法＆罠ゾーンに存在しなくなった: A itself, not a card present there (存在しなく is no presence)
    f = qa(23290)
    assert not f.unread and [(e.action, e.note) for e in f.events][1] == ("leave", "leaves the szone")
    assert not any("present" in c.state for c in f.cards)


def test_every_part_said_not_applied_is_the_processing_not_applied(qa):
    # 「『このカードを墓地から特殊召喚し』の処理を行う事ができませんので、『バトルフェイズを終了する』処理も適用する事が
    # できません」: two quoted parts, each not applied, nothing said to be applied
    f = qa(12470)
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"タスケナイト": False}
    assert [e.action for e in f.events] == ["activate", "leave"]
    # an unquoted part (「対象のカードを除外する処理を適用する事ができません」) counts too; the place said before the
    # name is where A is, and the question's 『』 quote after A's name says which of its effects resolves
    f = qa(22615)
    assert not f.unread and {_card(f, r).name: v for r, v in f.applied.items()} == {"カクリヨノチザクラ": False}
    assert _card(f, f.events[0].card).location == "mzone" and f.events[0].effect_text
    t = "「命の水」の効果処理時に、対象のモンスターが墓地に存在しなくなっている場合、効果処理はどうなりますか？"
    # one part alone, or a part applied beside one not, says nothing of the whole
    assert not _ja(t, "『X』処理は適用されません。").applied
    assert not _ja(t, "『X』処理は適用されますが、『Y』処理は適用されません。").applied
    assert not _ja(t, "『X』の処理を適用する事ができません。『Y』処理も適用されません。その後の処理は通常通り行います。").applied


def test_a_part_not_done_its_consequences_and_the_paragraph_about_the_played_card(qa):
    # Q&A 9460: 「「モンスターゲート」や「名推理」の発動にチェーンして「虚無空間」」 plays 名推理; the answer's first
    # paragraph is about モンスターゲート, the one opening 「また、「名推理」の効果処理時に」 about 名推理: its part not done
    # (『…めくる』の処理を行いません) and the parts its 「（よって、…処理も、…処理も適用される事はありません。）」 draws
    f = qa(9460)
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"名推理": False} and not f.unread
    # 「（よって、…処理も適用される事はありません。）」 is a part not applied, not one applied
    t = "「命の水」の効果処理時に、対象のモンスターが墓地に存在しなくなっている場合、効果処理はどうなりますか？"
    f = _ja(t, "『X』の処理を行いません。\n（よって、『Y』処理も、『Z』処理も適用される事はありません。）")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"命の水": False}
    # a part done beside it: none
    assert not _ja(t, "『X』の処理を行いません。『Y』の処理は通常通り行います。").applied
    # Q&A 23255: 「その場合、『手札を１枚捨て』の処理を行い、処理を完了します」: a part done, which the duel's log shows
    f = qa(23255)
    assert {_card(f, r).name: v for r, v in f.applied.items()} == {"バージェストマ・ディノミスクス": True}
    assert not f.unread and [e.action for e in f.events] == ["activate", "leave"]
    # a part done that the log does not show (a change of ATK) says nothing
    assert not _ja(t, "その場合、『攻撃力を５００アップし』の処理を行い、処理を完了します。").applied
    # an unquoted part done (「…場合でも、ドローする処理は通常通り適用されます」); one that Special Summons is left to
    # the summons outcome
    f = _ja(t, "対象のモンスターが存在しなくなっている場合でも、ドローする処理は通常通り適用されます。")
    assert {_named(f, r): v for r, v in f.applied.items()} == {"命の水": True}
    f = _ja(t, "その場合でも、モンスターを特殊召喚する処理は通常通り行われます。")
    assert not f.applied and {_named(f, r): v for r, v in f.summons.items()} == {"命の水": True}
    # Q&A 22055: 「特殊召喚する処理は適用されません。その場合でも、『…機械族モンスターしか特殊召喚できない』処理は
    # 適用されます」: the restriction applied shows nothing; the Special Summon does not happen. 「召喚・特殊召喚に成功
    # した「X」の…処理時に」 says what X's trigger needs (its own Summon), no other event
    f = qa(22055)
    assert not f.applied and {_card(f, r).name: v for r, v in f.summons.items()} == {"サイバー・ドラゴン・ネクステア": False}
    assert not f.unread and [e.action for e in f.events] == ["activate", "leave"]
    # Q&A 10455: 「『EXデッキから「コード・トーカー」モンスター１体を特殊召喚し』以降の効果を適用する事もできません」:
    # the part that Special Summons, and what follows it, is not applied
    f = qa(10455)
    assert {_card(f, r).name: v for r, v in f.summons.items()} == {"リミット・コード": False} and not f.unread


def test_a_card_activated_before_and_destroyed_in_chain_is_said_with_jishin(qa):
    # 「「連成する振動」自身が破壊されている」: a destroy event on the card activated first (its chained Cyclone's target)
    f = qa(14125)
    assert [e.action for e in f.events] == ["activate", "activate", "destroy"] and not f.unread
    assert _card(f, f.events[2].card).name == "連成する振動"


def test_the_questioned_effect_quoted_in_the_question_or_the_answer(qa):
    # 「E・HERO シャドー・ミスト」の『①：…』効果によって…: the name holds a space the whitespace-free question drops
    f = qa(15800)
    assert (f.question.kind, _card(f, f.question.card).name, f.question.effect) == ("can_select", "E・HERO シャドー・ミスト", 1)
    assert f.question.effect_text.startswith("①：このカードが特殊召喚に成功した場合")
    # the question quotes it as 「X」の『①：…』 too, read once the questioned card is known (after the chain is read)
    f = qa(12625)
    assert (f.question.kind, _card(f, f.question.card).name, f.question.effect, f.answer) == (
        "can_activate", "No.38 希望魁竜タイタニック・ギャラクシー", 1, "yes")
    # only the answer quotes it: 「…「X」の『①：…』効果を発動する事はできます」
    f = frame_ja("「A」の効果を発動できますか？", "「A」の効果を発動できますか？",
                 "「A」の『②：このカードが墓地に存在する場合に発動できる』効果を発動する事はできます。", {})
    assert (f.question.effect, f.question.effect_text) == (2, "②：このカードが墓地に存在する場合に発動できる")


def test_a_cost_or_an_effect_that_banishes_releases_or_chooses_a_card_is_a_choice_of_that_effect(qa):
    # 「G」の効果を発動する際に、「X」を除外できますか: G chooses X (where G's text looks for it: the compiler reads it)
    f = qa(22020)
    q = f.question
    assert (q.kind, _card(f, q.card).name, q.how, f.answer, f.unread) == ("can_select", "インヴィンシブル・ヘイロー", "除外", "yes", [])
    assert (_card(f, q.targets[0]).name, _card(f, q.targets[0]).location) == ("覇王黒竜オッドアイズ・リベリオン・ドラゴン", None)
    # 「G」を発動する際にコストとして「X」をリリースできますか: the cost's words are read, not left over
    f = qa(10985)
    q = f.question
    assert (q.kind, _card(f, q.card).name, _card(f, q.targets[0]).name, q.how, f.answer, f.unread) == (
        "can_select", "光と闇の洗礼", "竜騎士ブラック・マジシャン", "リリース", "yes", [])
    # <X>をリリースして「G」を発動できますか: the can_select of G's cost (X described: on the field)
    f = _ja("リンクモンスターをリリースして、「神秘の中華なべ」を発動できますか？", "発動する事はできます。")
    q = f.question
    chosen = _card(f, q.targets[0])
    assert (q.kind, _card(f, q.card).name, q.how, chosen.described, chosen.location, f.answer, f.unread) == (
        "can_select", "神秘の中華なべ", "リリース", ["link"], "mzone", "yes", [])
    f = _ja("モンスタートークンをリリースして「アロマセラフィ－ジャスミン」のモンスター効果を発動できますか？", "発動できます。")
    q = f.question
    assert (q.kind, q.effect_kind, _card(f, q.targets[0]).described, f.unread) == ("can_select", "monster", ["token"], [])
    # (a description this does not read stays unread)
    # (攻撃力500未満の闇属性モンスター is read now: test_a_described_cost_below_an_attack)
    f = _ja("コントロールを変更できない闇属性モンスターをリリースして「悪のデッキ破壊ウイルス」を発動できますか？", "発動できません。")
    assert f.question.kind == "can_activate" and f.unread
    # a chosen card the ruling describes: 「G」の効果で、神属性のモンスターをデッキから墓地へ送れますか
    f = qa(6835)
    chosen = _card(f, f.question.targets[0])
    assert (f.question.kind, chosen.described, chosen.location, f.answer) == ("can_select", ["monster", "attribute=DIVINE"], "deck", "yes")
    # the effect's own card chosen (「G」自身を除外できますか): G is the chosen card too, where it is (not moved to the Deck)
    f = qa(21305)
    q = f.question
    assert (q.kind, _card(f, q.card).name, q.targets, q.how, f.answer) == ("can_select", "影六武衆－ハツメ", [q.card], "除外", "yes")
    f = qa(14495)  # 「G」の効果で持ち主のデッキに戻すカードとして、「G」自身を選択できますか (a choice, not a target)
    q = f.question
    assert (q.kind, q.targets, _card(f, q.card).location, f.answer, f.unread) == ("can_select", [q.card], None, "yes", [])
    # the same name twice without 自身 (another copy?) is not read as the card itself
    f = frame_ja("「A」の効果で、「A」を除外できますか？", "", "除外できます。", {})
    assert any("not said 自身" in u for u in f.unread)


def test_whether_an_effect_activates_said_after_the_answers_explanation(qa):
    # 「…効果は、…終了時に発動する効果です。…破壊され墓地へ送られています。…モンスター効果は発動しません。」
    f = qa(6150)
    assert (f.question.kind, f.answer) == ("applies", "no")
    # 「…したがって、…の効果は発動します。」
    f = qa(7640)
    assert (f.question.kind, f.answer) == ("applies", "yes")
    # one sentence saying it activates, another that it does not: no answer
    f = frame_ja("「A」が破壊された場合、「A」の効果は発動しますか？", "", "場合によります。「A」の効果は発動します。"
                 "「B」の場合は、その効果は発動しません。", {})
    assert f.answer is None


def test_a_material_an_effects_summon_can_use_is_a_choice_of_that_effect(qa):
    # 「G」の効果でエクストラデッキの「X」を融合素材にできますか
    f = qa(19740)
    q = f.question
    assert (q.kind, _card(f, q.card).name, q.how, f.answer, f.unread) == ("can_select", "オッドアイズ・フュージョン", "融合素材", "no", [])
    assert (_card(f, q.targets[0]).name, _card(f, q.targets[0]).location) == ("EMオッドアイズ・メタル・クロウ", "extra")
    # 「G」の効果で、「Y」を融合召喚する際に、「X」を融合素材にできますか: Y waits in the Extra Deck for that summon
    f = qa(22885)
    q = f.question
    assert (q.kind, _card(f, q.card).name, _card(f, q.targets[0]).name, f.answer, f.unread) == (
        "can_select", "破壊剣士融合", "沼地の魔神王", "no", [])
    others = [(c.name, c.location) for c in f.cards if c.ref not in (q.card, q.targets[0])]
    assert others == [("竜破壊の剣士－バスター・ブレイダー", "extra")]
    # 墓地にて発動した「G」の効果によって…: G is in the Graveyard
    f = qa(19615)
    assert (f.question.kind, _card(f, f.question.card).location, f.question.how) == ("can_select", "grave", "エクシーズ素材")


def test_a_monster_summoned_before_its_effect_is_activated(qa):
    # 自分が召喚・特殊召喚に成功した「古代の機械飛竜」のモンスター効果を発動しているターンに、自分は「皆既日蝕の書」を
    # 発動できますか？ -> できません: the summon is what the Wyvern's trigger needs (read with its activation)
    f = qa(8800)
    assert f.question.kind == "can_activate" and f.answer == "no" and not f.unread
    assert [(e.action, _card(f, e.card).name) for e in f.events] == [("activate", "古代の機械飛竜")]
    # 自分が特殊召喚に成功した「古代の機械飛竜」…: a Special Summon only is not the Normal Summon the set-up plays
    assert any("特殊召喚に成功した" in u for u in qa(10280).unread)


def test_a_monster_sent_to_the_graveyard_by_an_effect_or_a_cost_before_it_is_summoned(qa):
    # カードの効果によってデッキから墓地へ送られた「ブロックドラゴン」を墓地から特殊召喚できますか？ -> できます
    f = qa(18800)
    assert f.question.kind == "can_summon" and f.answer == "yes" and not f.unread
    assert _card(f, f.question.card).name == "ブロックドラゴン" and _card(f, f.question.card).location == "grave"
    # 効果を発動するために手札から捨てられた「灰流うらら」を「魔轟神アンドレイス」の『②』の効果で特殊召喚できますか？
    f = qa(23105)
    assert not f.unread and f.question.effect == 2
    assert _card(f, f.question.card).name == "魔轟神アンドレイス"
    assert [(_card(f, t).name, _card(f, t).location) for t in f.question.targets] == [("灰流うらら", "grave")]
    # 自身をリリースして発動した「人造人間－サイコ・ジャッカー」の効果によって、手札の「人造人間－サイコ・ロード」を…: the
    # release is the summoning effect's cost
    f = qa(14315)
    assert not f.unread and _card(f, f.question.card).name == "人造人間－サイコ・ジャッカー"
    assert [_card(f, t).name for t in f.question.targets] == ["人造人間－サイコ・ロード"]


def test_an_attack_by_an_unnamed_monster_and_its_damage_calculation():
    # 相手モンスターが直接攻撃を宣言した時 (said after the questioned card): an attacker the ruling describes
    f = _ja("手札の「オルターガイスト・クンティエリ」のモンスター効果は、相手モンスターが直接攻撃を宣言した時にも発動できますか？",
            "手札の「オルターガイスト・クンティエリ」のモンスター効果を発動する事ができます。")
    (event,) = f.events
    attacker = _card(f, event.card)
    assert (event.action, event.note, attacker.described, attacker.controller, f.unread) == (
        "attack", "declares a direct attack", ["monster"], "opponent", [])
    assert _named(f, f.question.card) == "オルターガイスト・クンティエリ"
    # 相手モンスターの直接攻撃の際の戦闘ダメージ計算時に: asked at that attack's damage calculation
    f = _ja("相手モンスターの直接攻撃の際の戦闘ダメージ計算時に、自分は手札の「D-HERO ダイナマイトガイ」のモンスター効果を発動できますか？")
    assert ([(e.note, _card(f, e.card).controller) for e in f.events], f.unread) == (
        [("damage calculation of a direct attack", "opponent")], [])
    # a named attacker's declaration, then 「そのダメージ計算時に」
    f = _ja("相手の「カードを狩る死神」が直接攻撃を宣言した場合、そのダメージ計算時に「パワー・ウォール」を発動できますか？")
    assert ([(e.note, e.actor, _named(f, e.card)) for e in f.events], f.unread) == (
        [("damage calculation of a direct attack", "opponent", "カードを狩る死神")], [])
    # the question's 『』 quote after a name with a space in it is that effect
    f = frame_ja("相手モンスターの直接攻撃の際の戦闘ダメージ計算時に、自分は手札の「D-HERO ダイナマイトガイ」の"
                 "モンスター効果を発動できますか？",
                 "この際の戦闘ダメージ計算時に、自分は手札の「D-HERO ダイナマイトガイ」の『①：モンスターが戦闘を行うダメージ計算時に"
                 "このカードを手札から捨てて発動できる』モンスター効果を発動する事はできますか？", "発動する事はできます。", {})
    assert f.question.effect == 1
    # 相手のモンスタートークンと戦闘を行うダメージステップ開始時に: the questioned monster attacks a described one
    f = _ja("相手のモンスタートークンと戦闘を行うダメージステップ開始時に、「サイバース・クアンタム・ドラゴン」の"
            "モンスター効果を発動できますか？")
    (event,) = f.events
    foe = _card(f, event.targets[0])
    assert (event.note, _named(f, event.card), foe.described, foe.controller, f.unread) == (
        "damage step start of an attack", "サイバース・クアンタム・ドラゴン", ["token"], "opponent", [])
    # 自分のモンスターゾーンの裏側守備表示モンスターが攻撃対象に選択された時: a stand-in of the other side attacks it
    f = _ja("自分のモンスターゾーンの裏側守備表示モンスターが攻撃対象に選択された時に「ミラーフォース・ドラゴン」の効果を発動できますか？")
    (event,) = f.events
    target = _card(f, event.targets[0])
    assert (event.note, _card(f, event.card).controller, target.controller, target.position, f.unread) == (
        "declares an attack", "opponent", "self", "facedown_defense", [])
    # 相手モンスターが、自分フィールドの攻撃力0の表側攻撃表示モンスターを対象に攻撃宣言した時: the same, said of the attack
    # (the position after the other traits)
    f = _ja("相手モンスターが、自分フィールドの攻撃力0の表側攻撃表示モンスターを対象に攻撃宣言した時、「ドゥーブルパッセ」を"
            "発動できますか？")
    (event,) = f.events
    target = _card(f, event.targets[0])
    assert (event.note, _card(f, event.card).controller, target.described, target.position, f.unread) == (
        "declares an attack", "opponent", ["monster", "atk<=0", "atk>=0"], "faceup_attack", [])


def test_copies_of_a_card_the_situation_counts():
    # 相手フィールドに「X」が2体存在する場合、…攻撃できますか: two of the opponent's X (FrameCard.copies)
    f = _ja("相手フィールドに「ジェントルーパー」が2体存在する場合、自分のモンスターは直接攻撃できますか？",
            "直接攻撃を行う事ができません。")
    (trooper,) = f.cards
    assert (trooper.copies, trooper.controller, trooper.state, f.unread) == (2, "opponent", ["present"], [])
    # the asker's own copies (whose monster attacks, the compiler reads from what the card restricts)
    f = _ja("「妖仙獣 右鎌神柱」が自分のモンスターゾーンに２体存在する場合、プレイヤーに直接攻撃できますか？",
            "攻撃を行う事自体ができません。")
    assert (f.cards[0].copies, f.cards[0].controller, f.unread) == (2, "self", [])


def test_a_can_attack_whose_own_clause_holds_the_situation():
    # 「自分フィールドに「X」が２体存在する場合、攻撃できますか」: X is the situation (two of the asker's), the attacker
    # unnamed; the answer's potential form 「…攻撃を行えない事になります」 is a no
    t = "自分フィールドに「魔王超龍 ベエルゼウス」が２体存在する場合、攻撃できますか？"
    f = frame_ja(t, t, "2体の「魔王超龍 ベエルゼウス」を含む、全ての自分のモンスターが攻撃を行えない事になります。", {})
    (beelzebub,) = f.cards
    assert (f.question.card, f.question.text, f.answer, f.unread) == (None, "攻撃できますか", "no", [])
    assert (beelzebub.copies, beelzebub.controller, beelzebub.state) == (2, "self", ["present"])
    # 「…攻撃を行う事ができるようになります」: a yes; 「他の自分のモンスターは」 is the unnamed attacker the set-up has anyway
    t = "自分のモンスターゾーンに「絶望神アンチホープ」が存在し、「スキルドレイン」が発動した場合、他の自分のモンスターは攻撃を行えますか？"
    f = frame_ja(t, t, "「絶望神アンチホープ」の効果は永続効果です。無効になっているのであれば、他の自分のモンスターも攻撃を行う事が"
                       "できるようになります。", {})
    assert (f.question.kind, f.question.card, f.answer, f.unread) == ("can_attack", None, "yes", [])
    # 「装備カードを装備していない「X」」: the set-up equips nothing anyway
    f = _ja("装備カードを装備していない「鎧皇竜－サイバー・ダーク・エンド・ドラゴン」は攻撃できますか？",
            "装備カードを装備していない状況でも1回攻撃できます。")
    assert (f.question.kind, f.answer, f.unread) == ("can_attack", "yes", [])


def test_a_battle_destruction_said_before_the_questioned_cards_name():
    # 自身から攻撃して破壊された「X」等の効果は: X destroyed by battle (it attacked) before its effect is asked
    f = _ja("自身から攻撃して破壊された「ボルテック・バイコーン」等の効果は発動できますか？")
    (event,) = f.events
    assert (event.action, event.note, event.card, f.question.card, f.unread) == ("destroy", "by battle", "c1", "c1", [])


def test_can_said_mid_sentence_and_conditional_by_main_verb(qa):
    # 「…「メタバース」を発動する事はできますが、…」: the can said mid-sentence is the answer
    f = qa(13570)
    assert f.question.kind == "can_activate" and f.answer == "yes" and not f.unread
    # 「その場合でも…『②』の効果を発動でき、その処理時には…」
    assert qa(23335).answer == "yes"
    # 「…攻撃を行う事ができなくなります」 is about attacking, not the questioned activation: the answer is the
    # later 「…モンスター効果を発動する事はできます」
    assert qa(12375).answer == "yes"
    # 「…発動は無効になりますが、…「スターダスト・ドラゴン」を破壊する事はできません」: its main verb is not the
    # questioned activation's, so the answer (「…効果を発動する事はできます」) is not conditional
    f = qa(15140)
    assert f.answer == "yes" and not f.unread
    # 「相互リンク状態の…発動できます。…相互リンク状態ではない…発動することはできません。」: conditional
    assert "answer: yes in some situations and no in others" in qa(21685).unread
    # 「（A）…リリースせずに発動した時…（B）…リリースして発動した時…」 answered 「（A）発動できません。（B）発動で
    # きます。」: the cases the question splits are answered apart, so no one answer is the title's
    f = qa(24200)
    assert f.answer == "no" and "answer: yes in some situations and no in others" in f.unread


def test_activation_while_another_applies_said_in_the_answer(qa):
    # 「…処理はどうなりますか」 -> 「「虚無空間」の効果が既に適用されている場合には、「劫火の舟守 ゴースト・カロン」の効果を
    # 発動する事はできません。」: that can_activate question, 虚無空間 in force, no event before it
    f = qa(14760)
    assert f.question.kind == "can_activate" and f.answer == "no" and not f.unread and not f.events
    assert _card(f, f.question.card).name == "劫火の舟守 ゴースト・カロン"
    assert [c.name for c in f.cards if "applied" in c.state] == ["虚無空間"]
    # (「なお、相手の「ダーク・シムルグ」のモンスター効果が適用されている場合には、自分は「悪魔嬢リリス」の…」: a note)
    f = qa(21795)
    assert f.question.kind == "can_activate" and f.answer == "no" and f.question.actor == "self"


def test_phase_the_question_is_asked_in(qa):
    # 「サイバース・ウィザード」のモンスター効果をメインフェイズ2に発動できますか？ -> できます
    f = qa(20875)
    assert f.question.kind == "can_activate" and f.answer == "yes" and not f.unread
    assert [(e.action, e.note) for e in f.events] == [("phase", "main2")]
    # メインフェイズ2にて、墓地に存在する「フィッシュボーグ－アーチャー」の効果を… : the phase said as a clause of its own
    f = qa(13790)
    assert [(e.action, e.note) for e in f.events] == [("phase", "main2")] and not f.unread
    # 手札の「儚無みずき」のモンスター効果をエンドフェイズに発動できますか？ -> 「…発動する事自体ができません。」
    f = qa(22395)
    assert f.answer == "no" and [(e.action, e.note) for e in f.events] == [("phase", "end")] and not f.unread


def test_activation_and_what_it_does_after(qa):
    # 「マクロコスモス」の発動にチェーンをして、「王宮の弾圧」を発動し、無効にして破壊する事はできますか？ -> …できます
    f = qa(8465)
    assert f.question.kind == "can_activate" and f.answer == "yes" and not f.unread
    assert _card(f, f.question.card).name == "王宮の弾圧"
    assert [(_card(f, e.card).name, e.note) for e in f.events] == [("マクロコスモス", "chained to")]
    # (its words after 発動し、 are what the activation does, not a situation: 「モンスターのコントロールを」)
    f = qa(9135)
    assert f.question.kind == "can_activate" and f.answer == "yes" and not f.unread
    # 1000ライフポイント払って「スター・ブラスト」を発動し、レベル2のモンスターを選択できますか？ -> できません: which of the two
    # cannot be done is not said
    f = qa(8015)
    assert f.answer == "no" and any("does not say which cannot be done" in u for u in f.unread)


def test_a_battle_whose_fate_the_answer_names():
    # 守備表示の「X」が「Y」を攻撃した場合、戦闘で破壊されますか: X (Defense Position) attacks Y; the answer's sentence names
    # whose fate it is (「Y」…戦闘では破壊されません: Y survives), not the title's subject
    t = "守備表示の「超重武者ビッグベン－K」が「翻弄するエルフの剣士」を攻撃した場合、戦闘で破壊されますか？"
    f = frame_ja(t, t, "相手の「翻弄するエルフの剣士」の『①:このカードは攻撃力1900以上のモンスターとの戦闘では破壊されない』モンスター効果"
                       "が適用され、戦闘では破壊されません。", {})
    (event,) = f.events
    ben, elf = _card(f, event.card), _card(f, event.targets[0])
    assert (event.action, event.note, ben.name, ben.position, elf.name) == (
        "attack", "attacks", "超重武者ビッグベン－K", "faceup_defense", "翻弄するエルフの剣士")
    assert (f.question.card, f.fates, f.answer, f.unread) == (elf.ref, {elf.ref: "survives"}, "no", [])


def test_two_cards_applied_together_and_one_standing_for_its_kind():
    # 「A」と「B」が適用されている場合: both are applied; 「A」等の効果が適用されている: A (standing for the cards like it)
    f = _ja("「王宮の鉄壁」と「縮退回路」が適用されている場合、「サイクロン」を発動できますか？")
    assert [(c.name, c.state) for c in f.cards if c.state] == [("王宮の鉄壁", ["applied"]), ("縮退回路", ["applied"])]
    assert not f.unread
    f = _ja("「閃光の追放者」等の効果が適用されている時に、「星見獣ガリス」の効果を発動できますか？")
    assert [(c.name, c.state) for c in f.cards if c.state] == [("閃光の追放者", ["applied"])]
    assert _named(f, f.question.card) == "星見獣ガリス" and not f.unread
    f = _ja("「クロス・ソウル」と「闇黒世界－シャドウ・ディストピア－」の効果が適用されている場合、「サイクロン」を発動できますか？")
    assert {c.name for c in f.cards if c.state == ["applied"]} == {"クロス・ソウル", "闇黒世界－シャドウ・ディストピア－"}


def test_equipping_a_card_to_a_monster_is_its_activation_targeting_that_monster():
    # 「M」に「E」を装備できますか: E's activation (or effect) with M as its target
    title = "「冥界の魔王 ハ・デス」に「リボーンリボン」を装備できますか？"
    f = frame_ja(title, title, "「冥界の魔王 ハ・デス」に「リボーンリボン」を装備する事はできます。", {})
    assert (f.question.kind, _named(f, f.question.card), [_named(f, t) for t in f.question.targets], f.answer, f.unread) == (
        "can_target", "リボーンリボン", ["冥界の魔王 ハ・デス"], "yes", [])
    # 「E」のカードの発動を行う際に…: the card's activation, not an effect of it the answer quotes
    f = frame_ja("「聖剣クラレント」のカードの発動を行う際に、「魔装戦士 ヴァンドラ」を装備する対象にできますか？", "",
                 "装備する対象に選択する事はできます。なお、「聖剣クラレント」の『②：１ターンに１度、５００LPを払って発動できる。"
                 "このターン、装備モンスターは直接攻撃できる』効果を発動する事はできません。", {})
    assert (f.question.kind, f.question.effect, f.question.effect_text) == ("can_target", None, None)


def test_a_described_target_of_an_archetype_or_of_an_equip_spell(qa):
    # 「DDD怒濤壊薙王カエサル・ラグナロク」の『①』のモンスター効果の対象として、「DDD」と名のついた融合モンスター等を
    # 選択できますか？ -> できます: the archetype is one of the target's traits, 『①』 the effect
    f = qa(16475)
    q, target = f.question, _card(f, f.question.targets[0])
    assert (q.kind, _card(f, q.card).name, q.effect, f.answer) == ("can_target", "DDD怒濤壊薙王カエサル・ラグナロク", 1, "yes")
    assert target.described == ["fusion", "archetype=DDD"] and not f.unread
    # 「メタルフォーゼ・ミスリエル」の…対象として、墓地の「メタルフォーゼ」と名のついた融合モンスターを選択できますか？
    target = _card(f := qa(19545), f.question.targets[0])
    assert (target.described, target.location) == (["fusion", "archetype=メタルフォーゼ"], "grave")
    # 墓地の「超進化の繭」の効果を発動する際に、対象として、昆虫族の融合・シンクロ・エクシーズ・リンクモンスターを選択できますか？
    f = qa(21545)
    assert (f.question.kind, _card(f, f.question.targets[0]).described) == ("can_target", ["fusion", "race=INSECT"])
    # 「コミックハンド」を相手のトゥーンモンスターに装備できますか？ -> できます: the Equip Spell's target
    f = qa(15880)
    q, target = f.question, _card(f, f.question.targets[0])
    assert (q.kind, _card(f, q.card).name, target.described, target.controller, f.answer) == (
        "can_target", "コミックハンド", ["toon"], "opponent", "yes")
    # 「ヒドゥン・ショット」の効果の対象として、「ヒドゥン・ショット」自身を選択できますか？: a can_target of itself
    f = qa(16870)
    assert (f.question.kind, f.question.targets, f.answer) == ("can_target", [f.question.card], "no")


def test_an_activation_said_as_what_is_done_or_bare(qa):
    # 「…「ソウル・チャージ」を発動する場合、自分の墓地のモンスター1体のみを対象として発動する事になります。\n（2体以上
    # のモンスターを対象として「ソウル・チャージ」を発動する事はできません。）」: it is activated (how, in an aside)
    f = qa(18180)
    assert (f.question.kind, f.answer) == ("can_activate", "yes") and not any(u.startswith("answer") for u in f.unread)
    # 「発動しません。」 alone answers a can_activate: no
    assert (qa(18290).question.kind, qa(18290).answer) == ("can_activate", "no")
    # 「…エンドフェイズに発動する事はできます。その場合、…戻す事になります。（ただし、…戻す事はできません。）」:
    # the aside after how it is done is not a second answer
    f = qa(20635)
    assert f.answer == "yes" and "answer: yes in some situations and no in others" not in f.unread


def test_an_effect_asked_without_its_card_after_what_befalls_the_one_card_that_acts(qa):
    # 「マクロコスモス」の適用中に、「磁石の戦士δ」が召喚・特殊召喚に成功した場合、モンスター効果を発動できますか？: the
    # effect is δ's own (「マクロコスモス」 only applies), the one the question text quotes 『①：…』
    f = qa(19855)
    d = next(c for c in f.cards if c.name == "磁石の戦士δ")
    assert (f.question.card, f.question.effect, f.question.effect_kind) == (d.ref, 1, "monster")
    assert [(e.action, e.card) for e in f.events] == [("summon", d.ref)] and f.answer == "yes"
    # 「…「真竜魔王マスターP」が、相手フィールドで戦闘・効果で破壊された場合、②の効果を発動できますか？」: its ②
    f = qa(15785)
    assert (f.question.card, f.question.effect) == (f.events[0].card, 2)
    # 「「マクロコスモス」の適用中に「合神竜ティマイオス」が戦闘で破壊された場合、効果を発動できますか？」
    f = qa(16025)
    assert f.question.card == next(c.ref for c in f.cards if c.name == "合神竜ティマイオス")


def test_an_effect_applied_in_the_turn_and_a_second_copy(qa):
    # 「アクションマジック－フルターン」の効果が適用されているターンに、2枚目の「アクションマジック－フルターン」を発動できますか？:
    # the first copy applies (activated this turn), the question is about a second copy
    f = qa(21650)
    first, second = [c for c in f.cards if c.name == "アクションマジック－フルターン"][::-1]
    assert "applied" in first.state and f.question.card == second.ref and f.answer == "no"
    assert not [u for u in f.unread if u.startswith("situation")]


def test_a_trap_card_treated_as_a_monster_is_its_own_activation_first(qa):
    # 自分のモンスターゾーンに、モンスターカード扱いの「メタル・リフレクト・スライム」が存在する場合、「The blazing MARS」の
    # モンスター効果を発動できますか: the Trap Monster is the Trap's activation, played before the question (its place
    # said before the words: the asker's); 「X」が墓地へ送られた場合 after it stays an event of its own
    f = qa(7475)
    assert (_named(f, f.question.card), f.answer, f.unread) == ("The blazing MARS", "yes", [])
    slime = next(c for c in f.cards if c.name == "メタル・リフレクト・スライム")
    assert (slime.controller, slime.state) == ("self", [])
    assert [(e.action, e.card, e.actor, e.note) for e in f.events] == [("activate", slime.ref, "self", TRAP_MONSTER_NOTE)]
    f = qa(19875)  # モンスターカード扱いの「アポピスの化神」が墓地へ送られた場合、「バージェストマ・アノマロカリス」の…
    assert [(e.action, _named(f, e.card), e.note) for e in f.events] == [
        ("activate", "アポピスの化神", TRAP_MONSTER_NOTE), ("send_to_grave", "アポピスの化神", None)]
    # モンスターカード扱いの「X」を墓地へ送り／コストとして除外し、「G」を発動できますか: can G's cost choose the Trap
    # Monster (the can_select of that cost, X's activation before it; the cost's move is the choice, not an event)
    for fid, how in ((15255, None), (21250, "除外")):
        f = qa(fid)
        assert (f.question.kind, f.question.how, f.answer, f.unread) == ("can_select", how, "yes", [])
        assert [(e.action, e.card, e.note) for e in f.events] == [("activate", f.question.targets[0], TRAP_MONSTER_NOTE)]


def test_a_players_pendulum_summon_beside_a_card_in_a_pendulum_zone():
    # no monster is asked about: whether the other player's Pendulum Summon is offered while 「X」 is in the asker's
    # Pendulum Zone (the summoner the question's actor, X present where the title puts it)
    t = "自分のペンデュラムゾーンに「竜魔王ベクターP」が存在する場合、相手はペンデュラム召喚できますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "相手は通常通りペンデュラム召喚を行う事ができます。"})
    assert (f.question.kind, f.question.card, f.question.actor, f.answer, f.unread) == (
        "can_summon", None, "opponent", "yes", [])
    assert [(c.name, c.controller, c.location, c.state) for c in f.cards] == [
        ("竜魔王ベクターP", "self", "pzone", ["present"])]


def test_a_card_destroyed_while_still_face_down_and_its_effect_described():
    # 「X」がフィールド上で裏側表示のまま破壊された場合: still face-down, so destroyed by an effect (a battle flips it
    # first); the question's effect said by what it does (ドローする効果) is X's own
    f = _ja("「TG ワンダー・マジシャン」がフィールド上で裏側表示のまま破壊された場合でも、ドローする効果は発動しますか？",
            "デッキからカードをドローする効果が発動します。")
    (event,) = f.events
    victim = _card(f, event.card)
    assert (event.action, event.note, victim.position, f.question.kind, f.question.card, f.answer, f.unread) == (
        "destroy", "by an effect", "facedown", "applies", victim.ref, "yes", [])
    # (no cause and not kept face-down: not this reading)
    f = _ja("「TG ワンダー・マジシャン」が破壊された場合、ドローする効果は発動しますか？")
    assert not any(e.note == "by an effect" for e in f.events)


def test_a_resolution_asked_of_an_activation_made_in_its_controllers_main_phase():
    # 自分のメインフェイズに発動した「A」の効果処理時に: A activated in its controller's Main Phase (where a frame scenario
    # activates it), the question about its resolution
    f = _ja("自分のメインフェイズに発動した「精霊獣 カンナホーク」の効果処理時に、「精霊獣 カンナホーク」自身がフィールドを"
            "離れている場合、処理はどうなりますか？", "『デッキから「霊獣」カード１枚を除外する』処理は通常通り適用されます。")
    assert [(e.action, e.note) for e in f.events] == [("activate", "resolving"), ("leave", "leaves the field")]
    assert f.unread == [] and f.applied
    # (another phase is not read so)
    f = _ja("バトルフェイズに発動した「精霊獣 カンナホーク」の効果処理時に、「精霊獣 カンナホーク」自身がフィールドを"
            "離れている場合、処理はどうなりますか？", "『デッキから「霊獣」カード１枚を除外する』処理は通常通り適用されます。")
    assert f.unread


def test_a_monster_whose_effect_is_negated_and_a_hand_of_at_least_one_card():
    # 「X」のモンスター効果が無効になっている場合 (by what, not said): X's state; 自分の手札が1枚以上: a hand holding some
    f = _ja("「エルフの聖剣士」のモンスター効果が無効になっている場合、自分の手札が1枚以上の場合でも、「エルフの聖剣士」は"
            "攻撃を行えますか？", "攻撃できます。")
    assert (f.question.kind, _card(f, f.question.card).state, f.unread) == ("can_attack", ["negated"], [])
    assert [(z.controller, z.location, z.count) for z in f.zones] == [("self", "hand", "some")]
    # (2枚以上 is a count not read)
    f = _ja("自分の手札が2枚以上の場合、「エルフの聖剣士」は攻撃を行えますか？", "攻撃できません。")
    assert not f.zones and f.unread


def test_a_monster_of_an_archetype_destroyed_with_another_monster():
    # 自分のモンスターゾーンの「A」と名のついたモンスターと、他のモンスターが…同時に破壊された場合: a described monster of the
    # archetype destroyed, another monster present beside it (destroyed with it)
    f = _ja("自分のモンスターゾーンの「アロマ」と名のついたモンスターと、他のモンスターがカードの効果によって同時に破壊された"
            "場合、「アロマガーデン」の効果は発動しますか？", "発動します。")
    (event,) = f.events
    victim = _card(f, event.card)
    other = next(c for c in f.cards if c.state == ["present"])
    assert (event.action, event.note, victim.described, victim.controller) == (
        "destroy", "by an effect", ["monster", "archetype=アロマ"], "self")
    assert (other.described, other.controller, f.question.kind, _named(f, f.question.card), f.unread) == (
        ["monster"], "self", "applies", "アロマガーデン", [])


def test_a_monster_summoned_by_an_effect_then_sent_to_the_graveyard_was_not_properly_summoned():
    # the answer says the Summon was no proper one: the monster is in the Graveyard in that state, the card whose
    # effect summoned it no card of the duel, the question a Special Summon of it by the card named last
    t = ("「永遠の淑女 ベアトリーチェ」の効果によって、エクストラデッキから特殊召喚された「彼岸の詩人 ウェルギリウス」が墓地へ送られた"
         "場合、「死者蘇生」の効果で特殊召喚できますか？")
    a = "正規の手順によって特殊召喚された扱いではありません。したがって、…特殊召喚する事はできません。"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": a})
    assert (f.question.kind, f.answer, f.unread, f.events) == ("can_summon", "no", [], [])
    assert _card(f, f.question.card).name == "死者蘇生"
    assert [(_card(f, r).name, _card(f, r).location, _card(f, r).state) for r in f.question.targets] == [
        ("彼岸の詩人 ウェルギリウス", "grave", ["not properly summoned"])]
    assert "永遠の淑女 ベアトリーチェ" not in [c.name for c in f.cards]
    # without the answer's words the title alone says nothing of the Summon's being proper
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "特殊召喚する事はできません。"})
    assert not any("not properly summoned" in c.state for c in f.cards)


def test_a_monster_sent_to_the_graveyard_from_the_hand_or_deck_was_never_summoned():
    # 「手札やデッキから墓地へ送られた「X」」: X in the Graveyard, not properly Summoned (a revival the rules limit
    # stays limited in its scenarios)
    t = "手札やデッキから墓地へ送られた「トリシューラの影霊衣」を、「影霊衣の反魂術」によって墓地から特殊召喚できますか？"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": "特殊召喚する事はできます。"})
    assert [(_card(f, r).name, _card(f, r).location, _card(f, r).state) for r in f.question.targets] == [
        ("トリシューラの影霊衣", "grave", ["not properly summoned"])]


def test_a_described_monster_sent_to_the_graveyard_then_revived_by_a_card_named_first():
    # 手札から墓地へ送られた儀式モンスターや、…を、「G」「G2」で: a Ritual Monster in the Graveyard, not properly Summoned
    # (the answer says so), G (the first named) the card whose effect would Special Summon it
    t = ("手札から墓地へ送られた儀式モンスターや、エクストラデッキから墓地に送られた融合モンスターを、「契約の履行」「再融合」で"
         "特殊召喚できますか？")
    a = "正規の手順で特殊召喚されていない儀式モンスターや融合モンスターを、「契約の履行」や「再融合」によって特殊召喚する事はできません。"
    f = frame_for(t, "ja", [], {"title": t, "question": t, "answer": a})
    assert (f.question.kind, f.answer, f.unread, _card(f, f.question.card).name) == ("can_summon", "no", [], "契約の履行")
    assert [(_card(f, r).described, _card(f, r).location, _card(f, r).state) for r in f.question.targets] == [
        (["ritual"], "grave", ["not properly summoned"])]


def test_the_target_of_an_activation_said_before_the_activated_card(qa):
    # 「魂を削る死霊」を対象にした「死者への手向け」の発動にチェーンして…: the named card is that activation's target
    f = qa(55)
    assert not f.unread and [(_card(f, e.card).name, [_card(f, t).name for t in e.targets]) for e in f.events][0] == (
        "死者への手向け", ["魂を削る死霊"])
    # 相手のモンスターを対象として発動した「ディアバウンド･カーネル」のモンスター効果の処理時に: a described target
    f = qa(12655)
    kernel = next(e for e in f.events if _card(f, e.card).name == "ディアバウンド･カーネル")
    target = _card(f, kernel.targets[0])
    assert not f.unread and target.described == ["monster"] and target.controller == "opponent"
    # a described Xyz Monster is not read: its materials, which Xyz rulings turn on, are not set up
    f = qa(13890)
    assert any("エクシーズモンスターを対象に発動した" in u for u in f.unread)
    assert not any(e.targets for e in f.events)


def test_a_question_asked_at_another_cards_activation_is_a_response_to_it(qa):
    # 「トリックスター・ライトステージ」のカードの発動の際に、「アーティファクト－ダグザ」のモンスター効果を発動できますか:
    # Dagda's effect chained to the Field Spell's activation
    f = qa(22935)
    assert not f.unread and f.question.kind == "can_activate" and f.answer == "yes"
    assert [(_card(f, e.card).name, e.action, e.note) for e in f.events] == [
        ("トリックスター・ライトステージ", "activate", "chained to")]
    assert _card(f, f.question.card).name == "アーティファクト－ダグザ"


def test_the_processing_a_what_happens_question_quotes_is_the_first_activations(qa):
    # 「ブンボーグ・ジェット」の効果の発動にチェーンして「虚無空間」が発動した場合、『そのカードを破壊し、デッキから「ブンボーグ」
    # モンスター１体を特殊召喚する』処理はどうなりますか: the name and count inside the quote are the effect's, not the situation's
    f = qa(16485)
    assert not f.unread and f.events[0].effect_text.startswith("そのカードを破壊し")
    assert [_card(f, e.card).name for e in f.events] == ["ブンボーグ・ジェット", "虚無空間"]
    assert {_card(f, r).name: v for r, v in f.summons.items()} == {"ブンボーグ・ジェット": False}


def test_a_title_that_generalizes_a_chain_is_read_from_the_question_texts_example(dev_qas):
    # 「任意でカードを破壊できる効果にチェーンして「ブラッド・ローズ・ドラゴン」の効果を発動できますか？」: the title describes
    # the activation chained to; the question text asks it of one card (「相手が「インフェルニティ・ヘル・デーモン」の『…』
    # 効果を発動しました。この時、自分はチェーンして「ブラッド・ローズ・ドラゴン」の『…』効果を発動できますか？」)
    qas = dev_qas

    def framed(fid: int) -> Frame:
        q = qas[fid]
        return frame_for(q["title"], "ja", (), {k: q[k] for k in ("title", "question", "answer")})

    f = framed(23195)
    assert not f.unread and f.answer == "no"
    assert _card(f, f.question.card).name == "ブラッド・ローズ・ドラゴン"
    assert [(_card(f, e.card).name, e.actor, e.note) for e in f.events] == [
        ("インフェルニティ・ヘル・デーモン", "opponent", "chained to")]
    # an answer that says the other polarity under a condition (なお、…エクシーズ素材を持っていない場合は…できます) keeps
    # the title's frame: the example's set-up may meet that condition
    f = framed(12485)
    assert "situation: 「自分のスタンバイフェイズに発動する」 is not read" in f.unread


def test_each_of_two_copies_activated_in_one_chain(qa):
    # 「自分のモンスターゾーンに「テクスチェンジャー」が2体存在する場合、相手モンスターの攻撃宣言時にそれぞれのモンスター効果を
    # 発動できますか？」: the copies and the word それぞれ are read (the questioned card's state EACH_COPY)
    f = qa(21810)
    assert not f.unread and f.answer == "yes"
    card = _card(f, f.question.card)
    assert (card.name, card.copies, card.state) == ("テクスチェンジャー", 2, ["present", "each copy activated in one chain"])
    assert [(e.action, e.note) for e in f.events] == [("attack", "declares an attack")]
    # the count said before the name (「自分の墓地に2体の「X」が存在し」) and the question of X's effect (「それぞれの効果」)
    f = qa(20975)
    assert not f.unread and f.answer == "yes"
    card = _card(f, f.question.card)
    assert (card.name, card.location, card.copies) == ("超重武者オタス－K", "grave", 2) and card.state[-1] == EACH_COPY
    assert [(e.action, e.note) for e in f.events] == [("attack", "declares a direct attack")]


def test_cards_listed_as_examples_of_what_an_effect_chooses_or_summons(qa):
    # 「G」の効果によって「X」や「Y」を特殊召喚できますか / …「X」や「Y」を手札に加えられますか: the first card listed stands
    # for the examples (each one is what is asked); the others are read, not unexplained situation cards
    f = qa(17505)  # 「不知火の宮司」の効果によって「刀神－不知火」や「戦神－不知火」を特殊召喚できますか
    assert (_named(f, f.question.card), [_named(f, t) for t in f.question.targets], f.answer) == (
        "不知火の宮司", ["刀神－不知火"], "yes")
    # (「…を選択する事はできます。しかしながら、対象とする事ができるのは、…のみとなります」: a yes beside which cards only)
    assert f.requires and f.requires[0].startswith("しかしながら") and not f.unread
    # 墓地へ送られた「G」のモンスター効果によって: G sent to the Graveyard (from where not said) before its effect chooses
    f = qa(21560)
    assert (f.question.kind, _named(f, f.question.card), [_named(f, t) for t in f.question.targets], f.answer, f.unread) == (
        "can_select", "デスペラード・リボルバー・ドラゴン", ["アルカナフォースⅩⅣ－TEMPERANCE"], "yes", [])
    assert [(e.action, e.card, e.note) for e in f.events] == [("send_to_grave", f.question.card, SENT_NOTE)]


def test_a_trap_monster_a_cost_would_send_is_activated_first(qa):
    # 「ミステリーサークル」を発動する際に、モンスターカード扱いの「アポピスの化神」を墓地へ送れますか: the can_select of the
    # cost, the Trap Monster's activation before it (on the field, not in the Deck)
    f = qa(10)
    (apophis,) = [_card(f, t) for t in f.question.targets]
    assert (f.question.kind, _named(f, f.question.card), apophis.name, apophis.location, f.answer, f.unread) == (
        "can_select", "ミステリーサークル", "アポピスの化神", None, "no", [])
    assert [(e.action, e.card, e.note) for e in f.events] == [("activate", apophis.ref, TRAP_MONSTER_NOTE)]


def test_a_monster_an_effect_summons_described_not_named(qa):
    # 「G」の『①』の効果で墓地の水属性モンスターを特殊召喚できますか: the monster described (traits, where) is G's choice
    f = qa(23400)
    (water,) = [_card(f, t) for t in f.question.targets]
    assert (_named(f, f.question.card), water.described, water.location, f.unread) == (
        "武神姫－アハシマ", ["monster", "attribute=WATER"], "grave", [])


def test_what_a_cost_chooses_said_before_the_chosen_card(qa):
    # 自身を対象として、「G」のモンスター効果を発動する際に、デッキから墓地へ送るレベル3モンスターとして、「X」を選べますか: the
    # can_select of G's cost (X from the Deck), G on the field as its own target
    f = qa(21605)
    (chosen,) = [_card(f, t) for t in f.question.targets]
    source = _card(f, f.question.card)
    assert (f.question.kind, source.name, source.location, chosen.name, chosen.location, f.answer, f.unread) == (
        "can_select", "彼岸の黒天使 ケルビーニ", "mzone", "インフェルニティ・ネクロマンサー", "deck", "yes", [])


def test_a_token_an_effect_chooses_is_in_a_monster_zone(qa):
    # 「G」の効果でエクシーズ素材とするモンスターとして、モンスタートークンを選べますか: the described Token is on the field
    # (a Token exists nowhere else), and the state the title names (エクシーズ素材, トークン) is read, not unread
    f = qa(22390)
    (chosen,) = [_card(f, t) for t in f.question.targets]
    assert (f.question.kind, chosen.described, chosen.location, f.answer, f.unread) == (
        "can_select", ["token"], "mzone", "no", [])


def test_a_half_width_corner_bracket_opens_a_card_name(qa):
    # 自分のデッキが０枚の場合、｢聖騎士の三兄弟」のドローする効果を発動できますか: ｢ is 「 (the name is read, the Deck zone too)
    f = qa(13665)
    assert (_card(f, f.question.card).name, f.answer, f.unread) == ("聖騎士の三兄弟", "no", [])
    assert [(z.controller, z.location, z.count) for z in f.zones] == [("self", "deck", "none")]


def test_face_up_pendulum_monsters_in_the_extra_deck(qa):
    # 自分のエクストラデッキに表側表示のペンデュラムモンスターがない / ある場合: a zone of face-up Pendulum Monsters there
    for fid, count in ((19015, "none"), (6065, "some")):
        f = qa(fid)
        assert [(z.controller, z.location, z.what, z.count, z.described) for z in f.zones] == [
            ("self", "extra", "faceup_monster", count, ["pendulum"])], fid
        assert not f.unread, fid


def test_a_monster_described_summoned_before_the_question(qa):
    # 相手がモンスターを特殊召喚した時、「ユウ－Ai－」の効果を発動できますか: a described monster Special Summoned by the other
    # player; 自分の墓地の恐竜族モンスターが相手の「死者蘇生」の効果によって…特殊召喚された時: by that card's activation
    f = qa(23180)
    (summoned,) = [e for e in f.events]
    assert (summoned.action, summoned.actor, summoned.note, _card(f, summoned.card).described) == (
        "special_summon", "opponent", DESCRIBED_SUMMON_NOTE, ["monster"])
    f = qa(9220)
    assert [(e.action, _card(f, e.card).name, e.actor) for e in f.events] == [
        ("activate", "死者蘇生", "opponent"), ("special_summon", "自分の墓地の恐竜族モンスター", "opponent")]
    dino = _card(f, f.events[-1].card)
    assert (dino.described, dino.controller, dino.location, f.answer, f.unread) == (
        ["monster", "race=DINOSAUR"], "self", "grave", "yes", [])


def test_a_zone_without_cards_of_an_archetype(qa):
    # 自分のペンデュラムゾーンに「メタルフォーゼ」と名のついたカードがない場合: any card of the archetype, not only a monster
    f = qa(18655)
    assert [(z.location, z.what, z.count, z.described) for z in f.zones] == [
        ("pzone", "card", "none", ["archetype=メタルフォーゼ"])]
    assert (f.answer, f.unread) == ("yes", [])


def test_what_the_other_player_may_not_do_is_not_a_second_answer(qa):
    # 相手のモンスターゾーンに恐竜族モンスターが召喚・特殊召喚された場合、「ロストワールド」の効果を発動できますか -> できます
    # (「相手プレイヤーは「ロストワールド」の効果を発動する事はできません」 says who may not, not a 'no' to the asker)
    f = qa(12725)
    assert (f.answer, f.unread) == ("yes", [])
    (summoned,) = f.events
    assert (summoned.action, summoned.actor, _card(f, summoned.card).described) == (
        "special_summon", "opponent", ["monster", "race=DINOSAUR"])


def test_an_effect_choosing_its_own_card_said_itself(qa):
    # 「氷結界の虎王ドゥローレン」の効果を発動する際に、手札に戻すカードとして自身を選択できますか？ -> できません
    f = qa(7790)
    assert f.question.kind == "can_select" and f.answer == "no" and not f.unread
    assert f.question.targets == [f.question.card] and _card(f, f.question.card).name == "氷結界の虎王ドゥローレン"


def test_a_monster_special_summoned_this_turn_by_a_named_card_releasing_itself(qa):
    # 「伝説の預言者マーリン」を「死者蘇生」で特殊召喚したターン、自身をリリースして「聖騎士」と名のついたモンスターを
    # 特殊召喚できますか？ -> Merlin's own ① (its cost releases it) asked after 「死者蘇生」 Special Summoned it
    f = qa(14625)
    assert f.question.kind == "can_activate" and f.answer == "no" and not f.unread
    assert _card(f, f.question.card).name == "伝説の預言者マーリン" and f.question.effect == 1
    assert [(e.action, _card(f, e.card).name) for e in f.events] == [("activate", "死者蘇生"),
                                                                     ("special_summon", "伝説の預言者マーリン")]
    assert [c.name for c in f.cards] == ["死者蘇生", "伝説の預言者マーリン"]


def test_a_monster_special_summoned_earlier_in_the_turn_by_a_named_card(qa):
    # 「浅すぎた墓穴」の効果で「精霊獣 アペライオ」を特殊召喚しているターン、自分は「精霊獣 アペライオ」を特殊召喚できますか？
    f = qa(13920)
    assert f.question.kind == "can_summon" and f.answer == "no" and not f.unread
    assert [(e.action, _card(f, e.card).name) for e in f.events] == [("activate", "浅すぎた墓穴"),
                                                                     ("special_summon", "精霊獣 アペライオ")]
    assert f.events[-1].card == f.question.card


def test_a_copy_of_the_card_its_own_trigger_summons(qa):
    # 戦闘で破壊され墓地へ送られた「RR－ナパーム・ドラゴニアス」のモンスター効果によって、同名カードを特殊召喚できますか？
    f = qa(19290)
    assert f.question.kind == "can_summon" and f.answer == "yes" and not f.unread
    assert f.question.targets == [f.question.card] and _card(f, f.question.card).name == "RR－ナパーム・ドラゴニアス"


def test_a_monster_destroyed_together_with_a_described_one(qa):
    # 「除草獣」と植物族モンスターが同時に破壊された場合、破壊された「除草獣」は墓地から特殊召喚できますか？ -> できません
    f = qa(11740)
    assert f.question.kind == "can_summon" and f.answer == "no" and not f.unread
    (event,) = f.events
    assert (event.action, _card(f, event.card).name, event.card) == ("destroy", "除草獣", f.question.card)
    assert _card(f, event.targets[0]).described == ["monster", "race=PLANT"]

"""LP outcomes a what-happens answer states (the lp slice): official Q&As of the shared corpus read into the frame's
`lp` (and the battle the LP comes from)."""

from __future__ import annotations

from pipeline.frames import read_spared_by_battle
from rulings.records import ATTACKED_NOTE, DESTROYED_IN_CHAIN_NOTE, Frame, FrameCard, FrameEvent


def test_no_battle_damage_said_as_zero_after_a_direct_attack_the_question_declares(qa):
    # 「心眼の祭殿」の効果と、「Emトラピーズ・マジシャン」のモンスター効果が適用される場合、自分が受ける戦闘ダメージは
    # どうなりますか? -> つまり、この場合、自分が受ける戦闘ダメージは結果的に0となります: both cards apply (the title's
    # 「A」の効果と、「B」のモンスター効果が適用される), the question's 相手の「地縛神 Uru」が自分への直接攻撃を宣言した
    # is the attack, and the answer's 0 is the asker's LP change
    f = qa(21270)
    assert not f.unread
    names = {c.ref: c.name for c in f.cards}
    assert {names[c.ref] for c in f.cards if "applied" in c.state} == {"心眼の祭殿", "Emトラピーズ・マジシャン"}
    (attack,) = f.events
    assert (attack.action, names[attack.card], attack.actor) == ("attack", "地縛神Uru", "opponent")
    assert f.lp == {"self": 0}


def test_no_damage_when_the_monster_is_destroyed_by_battle_is_an_attack_on_it(qa):
    # 「DDD超視王ゼロ・マクスウェル」自身が戦闘で破壊される際に、自分が受ける戦闘ダメージは0になりますか? -> …自分が受ける
    # 戦闘ダメージは0になります: the destruction by battle is an attack on it by a monster the ruling does not name
    f = qa(21405)
    assert not f.unread and f.lp == {"self": 0}
    (attack,) = f.events
    assert (attack.action, attack.card, attack.actor, attack.note) == ("attack", "c1", "opponent", ATTACKED_NOTE)
    assert f.cards[0].controller == "self"


def test_a_destruction_by_battle_stays_one_where_the_answer_says_an_amount():
    # an amount of damage (not none) would mix the stand-in attacker's ATK into the LP: no attack is made of it
    class Cards:
        cards = [FrameCard(ref="c1", name="X")]

    frame = Frame(language="ja", events=[FrameEvent(action="destroy", card="c1", note="by battle")], lp={"self": -500})
    assert not read_spared_by_battle(frame, Cards())
    frame.lp = {"self": 0}
    Cards.cards[0].position = "faceup_defense"
    assert not read_spared_by_battle(frame, Cards())


def test_a_card_destroyed_by_the_activation_chained_to_its_own_named_again(qa):
    # 「潤いの風」の効果の発動にチェーンした「サイクロン」によって、「潤いの風」が破壊された場合 -> 『デッキから「アロマ」
    # モンスター1体を手札に加える』処理は適用されません: the card named again before 破壊された is the one the chained
    # activation destroys (not a destruction of its own before the question)
    f = qa(15750)
    assert not f.unread
    assert [(e.action, e.card, e.note) for e in f.events] == [
        ("activate", "c1", "chained to"), ("activate", "c2", None), ("destroy", "c1", DESTROYED_IN_CHAIN_NOTE)]
    assert f.to_hand == {"c1": False}


def test_its_resolution_after_it_left_the_field_with_each_quoted_part_applied(qa):
    # 「No.72 ラインモンスター チャリオッツ・飛車」が効果を発動し、その効果の処理時や適用後に自身がフィールド上から離れた
    # 場合 -> 『選択したカードを破壊する』処理、『…相手が受ける戦闘ダメージは半分になる』処理、いずれも通常通り適用されます:
    # the activation read is the one resolving, it leaves the field first, and its processing is applied (the halved
    # damage is no part the duel's log shows: the destruction says it)
    f = qa(12900)
    assert not f.unread
    assert [(e.action, e.card, e.note) for e in f.events] == [("activate", "c1", "resolving"),
                                                              ("leave", "c1", "leaves the field")]
    assert f.applied == {"c1": True}

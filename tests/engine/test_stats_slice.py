"""What-happens outcomes of the stats slice: a Continuous Trap's numbered Quick Effect played as an activation
before the question from the face-up card (its activation is another effect). Official Q&As of the shared corpus, on
the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_a_token_summoned_though_the_target_left(shared_dir, engine_driver):
    # 「Recette de Personnel～賄いのレシピ～」の①の効果の処理時に、対象のモンスターがモンスターゾーンに表側表示で存在しなく
    # なった場合 -> 「ヌーベルズトークン」を特殊召喚する処理を行います: the face-up Continuous Trap's ① targets a Ritual
    # Monster its filter takes, a stand-in chained returns that monster to the hand, and the Token is still Special Summoned
    compiled, verdict, results = _real_verdict(shared_dir, 23955, {"Recette de Personnel～賄いのレシピ～": 40551410},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    recette = next(c for c in scenario.setup.cards if c.ref == "c1")
    assert (recette.location, recette.position) == ("szone", "faceup")
    assert [s.action for s in scenario.steps] == ["activate", "chain"] and scenario.steps[0].target[0] == "c2"
    events = results[scenario.id].log["events"]
    left = next(i for i, e in enumerate(events) if e.get("event") == "move" and e.get("card") == "c2")
    solving = next(i for i, e in enumerate(events) if e.get("event") == "solving" and e.get("card") == "c1")
    assert left < solving
    assert any(e.get("event") == "move" and e.get("to") == "mzone" for e in events[solving:])


def test_a_pendulum_monster_destroyed_by_its_own_effect_is_that_effect_s_move():
    # (a Pendulum Monster destroyed from the field goes face-up to the Extra Deck: 「その後、このカードを破壊する」 did it)
    from engine_bridge.compiler.verdicts import _own_move_said

    destroyed = {"event": "move", "card": "c1", "from": "szone", "to": "extra"}
    assert _own_move_said(destroyed, "そのモンスターの攻撃力をターン終了時まで半分にする。その後、このカードを破壊する")
    assert not _own_move_said(destroyed, "そのモンスターの攻撃力をターン終了時まで半分にする")


@pytest.mark.engine
@real
def test_real_scripts_a_pendulum_effect_whose_target_was_turned_face_down(shared_dir, engine_driver):
    # 「黒牙の魔術師」のペンデュラム効果の処理時に、対象の相手モンスターが裏側守備表示になっている場合 -> nothing is done
    # (its ATK is not halved, 「黒牙の魔術師」 is not destroyed): activated from the Pendulum Zone, 「月の書」 chained turns the
    # target face-down; the baseline (no 「月の書」) destroys 「黒牙の魔術師」, which goes to the Extra Deck
    compiled, verdict, results = _real_verdict(shared_dir, 20420, {"黒牙の魔術師": 75672051}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert next(c for c in scenario.setup.cards if c.ref == "c1").location == "pzone"
    book = next(c for c in scenario.setup.cards if c.ref == "lv0")
    assert (book.code, book.player, book.location) == (14087893, 1, "szone")
    events = results[scenario.id].log["events"]
    assert {"event": "position", "card": "c2", "to": "facedown_defense"} in events
    assert not any(e.get("event") == "move" and e.get("card") == "c1" for e in events)
    baseline = results[f"{scenario.id}-baseline"].log["events"]
    assert any(e.get("event") == "move" and e.get("card") == "c1" and e.get("to") == "extra" for e in baseline)


class _Cards:
    """A card source of one Continuous Spell: its text, kind and script."""

    def __init__(self, text: str, script: str):
        self.texts, self._script = {1: text}, script

    def kind(self, code: int) -> str:
        return "continuous"

    def script(self, code: int) -> str:
        return self._script


_FACE_UP_QUICK = """
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_FREE_CHAIN)
	c:RegisterEffect(e1)
	local e2=Effect.CreateEffect(c)
	e2:SetDescription(aux.Stringid(id,0))
	e2:SetType(EFFECT_TYPE_QUICK_O)
	e2:SetRange(LOCATION_SZONE)
	c:RegisterEffect(e2)
end
"""


def test_a_continuous_spell_s_lone_numbered_effect_of_the_face_up_card():
    # 「連成する振動」の『①：自分のPゾーンのカード１枚を対象としてこの効果を発動できる。…』効果の発動: its ① is a Quick
    # Effect of the face-up card (Stringid 0), not the card's activation (EFFECT_TYPE_ACTIVATE, no option text)
    from engine_bridge.compiler.effects import lone_face_up_effect
    from rulings.records import FrameEvent

    text = "①：自分のPゾーンのカード１枚を対象としてこの効果を発動できる。そのカードを破壊し、その後、自分はデッキから１枚ドローする。"
    quoted = FrameEvent(action="activate", card="c1", effect_text=text[:40])
    assert lone_face_up_effect(quoted, 1, _Cards(text, _FACE_UP_QUICK)) == 0
    assert lone_face_up_effect(FrameEvent(action="activate", card="c1", effect=1), 1, _Cards(text, _FACE_UP_QUICK)) == 0
    # (an activation that names no effect is the card's own; a ① the card's activation does is that activation)
    assert lone_face_up_effect(FrameEvent(action="activate", card="c1"), 1, _Cards(text, _FACE_UP_QUICK)) is None
    activated = "①：このカードを発動できる。" + text[2:]
    assert lone_face_up_effect(quoted, 1, _Cards(activated, _FACE_UP_QUICK)) is None
    ignition_activation = _FACE_UP_QUICK.replace("EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_ACTIVATE")
    assert lone_face_up_effect(quoted, 1, _Cards(text, ignition_activation)) is None


def test_a_continuous_effect_that_speaks_of_activations_is_not_activated():
    # 「マジェスペクター・スーパーセル」: ① a continuous effect (「…で発動する効果の発動と効果は無効化されない」), ② activated:
    # its script's one option text (Stringid 0) is ②'s
    from engine_bridge.compiler.effects import activated_effects

    supercell = ("①：自分のＰゾーンに「マジェスペクター」カードが存在する場合、このカード以外の「マジェスペクター」カードの自分フィー"
                 "ルドで発動する効果の発動と効果は無効化されない。②：１ターンに１度、自分の墓地の「マジェスペクター」カード５枚を対象"
                 "として発動できる。そのカード５枚をデッキに加えてシャッフルする。その後、自分はデッキから１枚ドローする。")
    assert activated_effects(supercell) == [2]
    # (「…発動する度に」 is a continuous effect too; 「…発動できる（…）。」 an activated one)
    assert activated_effects("①：自分または相手が魔法カードを発動する度に、このカードに魔力カウンターを１つ置く。"
                             "②：フィールドのカード１枚を対象として発動できる（この効果の発動に対して、相手は効果を発動できない）。"
                             "そのカードを破壊する。③：このカードが墓地へ送られた場合に発動する。") == [2, 3]


@pytest.mark.engine
@real
def test_real_scripts_a_continuous_trap_destroyed_before_its_effect_resolves(shared_dir, engine_driver):
    # 「マジェスペクター・スーパーセル」の②の効果の発動にチェーンして「サイクロン」が発動し、自身が破壊された場合 -> 『…デッキ
    # に加えてシャッフルする』処理も『…１枚ドローする』処理も適用されません: its ② (Stringid 0) from the face-up card; the
    # baseline returns the five 「マジェスペクター」 cards and draws
    compiled, verdict, results = _real_verdict(shared_dir, 17380, {"マジェスペクター・スーパーセル": 78949372,
                                                                   "サイクロン": 5318639}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    supercell = next(c for c in scenario.setup.cards if c.ref == "c1")
    assert (supercell.location, supercell.position) == ("szone", "faceup") and scenario.steps[0].effect == 0
    baseline = results[f"{scenario.id}-baseline"].log["events"]
    assert any(e.get("event") == "draw" for e in baseline)
    assert not any(e.get("event") == "draw" for e in results[scenario.id].log["events"])


def test_a_spell_s_numbered_effect_from_the_graveyard_starts_there():
    # 「ドラゴンメイドのお召し替え」の『②』の効果: ②：このカードが墓地に存在する場合…発動できる -> the Normal Spell starts in the
    # Graveyard; its activation (the whole text, ① first) starts in the hand, a Trap's Set
    from engine_bridge.compiler.steps import _event_place
    from rulings.records import FrameCard

    card = FrameCard(ref="c1", name="ドラゴンメイドのお召し替え")
    second = "②：このカードが墓地に存在する場合、自分フィールドの「ドラゴンメイド」モンスター１体を対象として発動できる。"
    whole = "①：自分の手札・フィールドのモンスターを融合素材とし、ドラゴン族の融合モンスター１体を融合召喚する。" + second
    assert _event_place("spell", card, "activate", second) == ("grave", None)
    assert _event_place("spell", card, "activate", whole) == ("hand", None)
    assert _event_place("trap", card, "activate", whole) == ("szone", "facedown")
    assert _event_place("trap", card, "activate", "②：墓地のこのカードを除外して発動できる。") == ("grave", None)

"""Baselines that could not be played (issue 9, compiled-but-inconclusive scenarios): set-ups where the baseline,
without the ruling's deciding condition, lacked what the questioned effect needs. Official Q&As of the shared
corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from engine_bridge.compiler.steps import end_phase_triggered
from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_a_battle_win_trigger_whose_cost_counts_the_other_players_monsters(shared_dir, engine_driver):
    # 「RR－ブレード・バーナー・ファルコン」が同じ攻撃力のモンスターと戦闘を行い、お互いに破壊される場合、モンスター効果を
    # 発動できますか? -> できません: its ② detaches up to as many X Materials as the other player has monsters
    # (Cost.DetachFromSelf(1, that count)); with the battle's victim alone that field is empty once it is destroyed,
    # so the baseline (it wins alone) needs the filler's monsters there: the last variant keeps them
    compiled, verdict, results = _real_verdict(shared_dir, 6145, {"RR－ブレード・バーナー・ファルコン": 96592102},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert "monsters on the field of the side it battles" in scenario.title
    foes = [c.ref for c in scenario.setup.cards if c.player == 1 and c.location == "mzone"]
    assert {"f1-m1", "f1-m2"} <= set(foes)
    baseline = next(s for s in compiled.scenarios if s.control_for == scenario.id)
    events = results[baseline.id].log["events"]
    assert {"event": "chain", "link": 1, "card": "c1"} in events  # the baseline's Falcon pays and activates
    moved = {e["card"] for e in results[scenario.id].log["events"] if e.get("event") == "move" and e.get("to") == "grave"}
    assert {"c1", "c2"} <= moved  # both destroyed in the ruling's duel: then the effect is not offered


KURIBANDIT = """
local e2=Effect.CreateEffect(c)
e2:SetDescription(aux.Stringid(id,0))
e2:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O)
e2:SetRange(LOCATION_MZONE)
e2:SetCode(EVENT_PHASE+PHASE_END)
c:RegisterEffect(e2)
local e3=Effect.CreateEffect(c)
e3:SetDescription(aux.Stringid(id,1))
e3:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
e3:SetCode(EVENT_SUMMON_SUCCESS)
c:RegisterEffect(e3)
"""


def test_an_end_phase_trigger_is_read_from_its_event_code():
    assert end_phase_triggered(KURIBANDIT, 0)
    assert not end_phase_triggered(KURIBANDIT, 1)  # (a trigger of its own Summon)
    ignition = KURIBANDIT.replace("EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O", "EFFECT_TYPE_IGNITION")
    assert not end_phase_triggered(ignition, 0)


@pytest.mark.engine
@real
def test_real_scripts_a_trigger_of_the_end_phase_of_its_own_summons_turn(shared_dir, engine_driver):
    # 「修禅僧 ゲンドウ」のモンスター効果が適用されている場合、召喚に成功した「クリバンデット」のモンスター効果を発動できますか?
    # -> できません (face-up Attack Position monsters cannot activate effects): 「クリバンデット」's ① is a trigger of the
    # End Phase of the turn it was Normal Summoned, so after its Summon both duels move to the End Phase, where the
    # baseline (without 「修禅僧 ゲンドウ」) offers it
    compiled, verdict, _ = _real_verdict(shared_dir, 18235, {"クリバンデット": 16404809, "修禅僧 ゲンドウ": 99000107},
                                         engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == scenario.id)
    for s in (scenario, baseline):
        assert [st.action for st in s.steps] == ["summon", "pass", "pass", "phase", "chain"]
        assert s.steps[3].phase == "end"
    assert any(c.code == 99000107 for c in scenario.setup.cards)
    assert not any(c.code == 99000107 for c in baseline.setup.cards)


@pytest.mark.engine
@real
def test_real_scripts_xyz_materials_of_which_several_copies_stay_on_the_field(shared_dir, engine_driver):
    # 「銀河眼の光波刃竜」のエクシーズ召喚が、相手の「神の警告」によって無効になった場合、モンスター効果を発動できますか?
    # -> できません (it was not Xyz Summoned): its Xyz Summon takes three Level 9 monsters; the first of the card data
    # (744887, a 「ジェネレイド」 boss) may stand only once on its controller's field (SetUniqueOnField), so with three
    # copies the summon was never offered. Another Level 9 monster stands in: the
    # baseline's Summon succeeds, 「激流葬」 destroys it and its ② is offered; negated by 「神の警告」 it is not
    compiled, verdict, _ = _real_verdict(shared_dir, 19725, {"銀河眼の光波刃竜": 2530830, "神の警告": 84749824},
                                         engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    materials = [c.code for c in scenario.setup.cards if c.ref in ("m0", "m1", "m2")]
    assert len(materials) == 3 and 744887 not in materials
    assert scenario.steps[0].action == "special_summon" and scenario.steps[-1].expect == {"offered": False}


@pytest.mark.engine
@real
def test_real_scripts_a_trigger_that_asks_for_an_empty_field_of_its_controller(shared_dir, engine_driver):
    # 裏側守備表示の「DDパンドラ」が戦闘または相手の効果によって破壊され墓地へ送られた時、効果を発動できますか? -> できます:
    # its draw needs cards in the Deck (the filler's) and no card on its controller's field
    # (GetFieldGroupCount(tp,LOCATION_ONFIELD,0)==0), where the filler had Set a Spell: the last variant keeps the
    # filler's piles and none of its cards on that field
    compiled, verdict, _ = _real_verdict(shared_dir, 15670, {"DDパンドラ": 32146097}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert "no card on its controller's field" in scenario.title
    own = [c for c in scenario.setup.cards if c.player == 0 and c.ref != "c1"]
    assert own and all(c.location not in ("mzone", "szone", "fzone", "pzone") for c in own)
    pandora = next(c for c in scenario.setup.cards if c.ref == "c1")
    assert pandora.position == "facedown_defense" and scenario.steps[-1].expect == {"offered": True}


@pytest.mark.engine
@real
def test_real_scripts_an_end_phase_trigger_asked_in_the_end_phase_the_ruling_names(shared_dir, engine_driver):
    # 手札やデッキから墓地へ送られた「ハーピィ・ハーピスト」の効果をエンドフェイズに発動できますか? -> できます: the ruling's
    # End Phase is played once (its duel moves there after the stand-in sent the card; the End Phase trigger adds no
    # second move)
    compiled, verdict, _ = _real_verdict(shared_dir, 14840, {"ハーピィ・ハーピスト": 56585883}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [st.phase for st in scenario.steps if st.action == "phase"] == ["end"]

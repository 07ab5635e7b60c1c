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

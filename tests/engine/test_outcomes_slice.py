"""What-happens outcomes (the outcomes slice): a trigger of a monster's own Normal Summon its script creates without
an option text, played in the window after that Summon; Levels a filter checks one by one and joins by "or" read as
one trait. Official Q&As of the shared corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from engine_bridge.compiler.boards import _levels_joined
from engine_bridge.compiler.effects import undescribed_summon_trigger
from tests.engine.test_step_setups import _real_verdict, real

_SUMMON_TRIGGER = """
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
	e1:SetCode(EVENT_SUMMON_SUCCESS)
	c:RegisterEffect(e1)
	local e2=e1:Clone()
	e2:SetCode(EVENT_SPSUMMON_SUCCESS)
	c:RegisterEffect(e2)
	local e3=Effect.CreateEffect(c)
	e3:SetType(EFFECT_TYPE_IGNITION)
	c:RegisterEffect(e3)
end
"""


def test_an_undescribed_trigger_of_its_own_summon():
    text = "①：このカードが召喚・特殊召喚に成功した場合に発動できる。自分の手札・墓地からモンスター１体を選んで装備する"
    assert undescribed_summon_trigger(text, _SUMMON_TRIGGER)
    # (not its Summon's trigger by its words; a trigger the script gives an option text lines up by its Stringid)
    assert not undescribed_summon_trigger("①：自分メインフェイズに発動できる。", _SUMMON_TRIGGER)
    described = _SUMMON_TRIGGER.replace("e1:SetCode", "e1:SetDescription(aux.Stringid(id,0))\n\te1:SetCode", 1)
    assert not undescribed_summon_trigger(text, described)
    # (two triggers of the Normal Summon: the window offers both)
    twice = _SUMMON_TRIGGER.replace("e3:SetType(EFFECT_TYPE_IGNITION)",
                                    "e3:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_F)\n\te3:SetCode(EVENT_SUMMON_SUCCESS)")
    assert not undescribed_summon_trigger(text, twice)


def test_levels_joined_by_or_are_one_trait():
    assert _levels_joined("c", "return c:IsRace(RACE_DRAGON) and (c:IsLevel(7) or c:IsLevel(8))") == \
        "return c:IsRace(RACE_DRAGON) and (c:IsLevel(7,8))"
    assert _levels_joined("c", "\treturn c:IsLevel(3) or c:IsLevel(4)\nend") == "\treturn c:IsLevel(3,4)\nend"
    # (an "or" beside an unparenthesised "and": which binds first is not read)
    assert _levels_joined("c", "c:IsLevel(4) and c:IsLevel(5) or c:IsLevel(3)") == "c:IsLevel(4) and c:IsLevel(5) or c:IsLevel(3)"


@pytest.mark.engine
@real
def test_real_scripts_a_summon_trigger_whose_monster_left_the_field(shared_dir, engine_driver):
    # 「巨竜の守護騎士」のモンスター効果の処理時に、「巨竜の守護騎士」自身がフィールドを離れている場合 -> 『…装備する』処理は
    # 適用されません: Normal Summoned, its trigger activated, 「強制脱出装置」 chained returns it to the hand; the baseline
    # (no 強制脱出装置) equips a Level 7 or 8 Dragon its filter takes from the hand or Graveyard
    compiled, verdict, results = _real_verdict(shared_dir, 18450, {"巨竜の守護騎士": 33460840}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [s.action for s in scenario.steps][:4] == ["summon", "pass", "pass", "activate"]
    assert scenario.steps[-1].action == "chain" and scenario.steps[-1].target == ["c1"]
    baseline = next(s for s in compiled.scenarios if s.id == verdict.scenario_id + "-baseline")
    moved = [e for e in results[baseline.id].log["events"] if e.get("event") == "move" and e.get("to") == "szone"]
    assert moved, "the baseline equips nothing"

"""A trigger asked about whose triggering event the ruling does not state (issue 9, 「X」's effect is a trigger: the
event that triggers it is not in the frame): where the trigger is one of the questioned monster's own battle, that
battle is played before the question, in the baseline too (it is what the effect needs, not the ruling's deciding
condition). Official Q&As of the shared corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at
them."""

from __future__ import annotations

import pytest

from engine_bridge.compiler.effects import own_event_trigger
from tests.engine.test_step_setups import _real_verdict, real


def test_a_trigger_of_the_cards_own_win_in_battle_is_read_from_its_script():
    script = """function s.initial_effect(c)
	local e3=Effect.CreateEffect(c)
	e3:SetDescription(aux.Stringid(id,0))
	e3:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
	e3:SetCode(EVENT_BATTLE_DESTROYING)
	c:RegisterEffect(e3)
end"""
    assert own_event_trigger(script, "battle_destroying") == 0
    assert own_event_trigger(script, "battle_destroyed") is None


@pytest.mark.engine
@real
def test_real_scripts_a_search_of_a_monster_that_destroyed_one_by_battle(shared_dir, engine_driver):
    # 「E・HERO ブレイヴ・ネオス」の②の効果によって、デッキから「ダブルヒーローアタック」を手札に加えられますか? -> できます:
    # its trigger (EVENT_BATTLE_DESTROYING) follows its attack on a weaker vanilla monster, which it destroys
    compiled, verdict, results = _real_verdict(shared_dir, 22340, {"E・HERO ブレイヴ・ネオス": 64655485,
                                                                   "ダブルヒーローアタック": 73239437}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [s.action for s in scenario.steps] == ["phase", "attack", "chain"]
    assert scenario.steps[-1].after == ["bf"] and scenario.steps[-1].expect["offered"] is True
    log = results[scenario.id].log
    assert log["cards"]["bf"]["location"] == "grave" and log["chains"] == [[scenario.steps[1].card]]


def test_a_trigger_of_the_cards_own_damage_step_end_is_read_from_its_script():
    script = """function s.initial_effect(c)
	local e2=Effect.CreateEffect(c)
	e2:SetDescription(aux.Stringid(id,0))
	e2:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)
	e2:SetCode(EVENT_DAMAGE_STEP_END)
	c:RegisterEffect(e2)
end"""
    assert own_event_trigger(script, "damage_step_end") == 0
    assert own_event_trigger(script, "attack_announce") is None


@pytest.mark.engine
@real
def test_real_scripts_a_trigger_at_the_end_of_the_damage_step_of_its_own_attack(shared_dir, engine_driver):
    # 「スキルドレイン」の適用中に、「方界胤ヴィジャム」が戦闘を行った場合、モンスター効果を発動できますか? -> できません:
    # its ② (EVENT_DAMAGE_STEP_END) asked at the end of the Damage Step of its attack on a vanilla monster; with
    # 「スキルドレイン」 its ① (not destroyed by battle) is negated and it is destroyed, without it the trigger is offered
    compiled, verdict, results = _real_verdict(shared_dir, 19165, {"スキルドレイン": 82732705, "方界胤ヴィジャム": 15610297},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    asked = scenario.steps[-1]
    assert [s.action for s in scenario.steps] == ["phase", "attack", "chain"]
    assert (asked.window, asked.expect) == ("damage_step_end", {"offered": False})
    vijam = scenario.steps[1].card
    assert {"event": "move", "card": vijam, "from": "mzone", "to": "grave"} in results[scenario.id].log["events"]
    baseline = next(s for s in compiled.scenarios if s.id == verdict.scenario_id + "-baseline")
    assert 82732705 not in {c.code for c in baseline.setup.cards} and results[baseline.id].verdict == "pass"


def test_a_filter_looked_for_only_in_the_monster_zones_is_a_monster_filter():
    # 「神星なる因子」's cost: a face-up 「テラナイト」 card of the Monster Zone, which no Spell of the archetype is
    from engine_bridge.compiler.boards import _in_monster_zones_only
    script = """function s.cost(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return Duel.IsExistingMatchingCard(s.cfilter,tp,LOCATION_MZONE,0,1,nil) end
	local g=Duel.SelectMatchingCard(tp,s.cfilter,tp,LOCATION_MZONE,0,1,1,nil)
end
function s.gfilter(c)
	return c:IsSetCard(0x9c)
end
function s.op(e,tp)
	local g=Duel.GetMatchingGroup(s.gfilter,tp,LOCATION_MZONE|LOCATION_GRAVE,0,nil)
end"""
    assert _in_monster_zones_only(script, "cfilter")
    assert not _in_monster_zones_only(script, "gfilter")  # (the Graveyard too: a Spell may pass it)
    assert not _in_monster_zones_only(script, "nofilter")


@pytest.mark.engine
@real
def test_real_scripts_a_trigger_of_its_own_destruction_by_battle_played_before_a_chain(shared_dir, engine_driver):
    # 墓地にて発動した「荒野の女戦士」の効果の発動にチェーンして「神星なる因子」を発動した場合、処理はどうなりますか? ->
    # その発動が無効になります: 「荒野の女戦士」 attacks a stronger vanilla monster, its ① (EVENT_BATTLE_DESTROYED) is
    # activated in the Graveyard, and 「神星なる因子」 (its cost a face-up 「テラナイト」 monster) negates it
    compiled, verdict, results = _real_verdict(shared_dir, 13275, {"荒野の女戦士": 5438492, "神星なる因子": 41510920},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [s.action for s in scenario.steps] == ["phase", "attack", "chain", "chain"]
    warrior = scenario.steps[1].card
    assert scenario.steps[2].card == warrior and scenario.steps[2].after == [warrior]
    events = results[scenario.id].log["events"]
    assert {"event": "move", "card": warrior, "from": "mzone", "to": "grave"} in events
    assert {"event": "negated", "card": warrior, "link": 1} in events

"""Situation states of cards the compiler sets up (issue 9): the question asked in the other player's turn.
Official Q&As of the shared corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import os

import pytest

from engine_bridge.compiler import CardSource, compile_frame
from engine_bridge.puzzle import puzzle_lua
from engine_bridge.request import user_script_dirs
from engine_bridge.runner import run_scenarios
from engine_bridge.scenario import Expect, RulingRef, Scenario, Setup, SetupCard, Step
from tests.engine.test_compiler import _ruling
from tests.engine.test_step_setups import _real_verdict

REAL = os.environ.get("RULINGS_EDOPRO_SCRIPTS")
REAL_CARDS = os.environ.get("RULINGS_EDOPRO_CARDS") or None
real = pytest.mark.skipif(not REAL, reason="needs the real EDOPro scripts (RULINGS_EDOPRO_SCRIPTS)")


@pytest.mark.engine
@real
def test_real_scripts_a_trap_activated_in_the_other_players_turn(shared_dir, engine_driver):
    # 相手ターンに、自分は「共闘」を発動できますか？ -> できます: the Set Trap activated by the non-turn player in the window
    # the turn player's move to the Battle Phase opens; the baseline activates it in the asker's own Main Phase 1
    compiled, verdict, _ = _real_verdict(shared_dir, 18700, {"共闘": 31472884}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.id == verdict.scenario_id + "-baseline")
    trap = next(c for c in scenario.setup.cards if c.code == 31472884)
    assert (trap.player, trap.location, scenario.setup.turn_player) == (0, "szone", 1)
    assert [(s.action, s.phase or s.card) for s in scenario.steps] == [("phase", "battle"), ("activate", trap.ref)]
    assert baseline.setup.turn_player == 0 and [s.action for s in baseline.steps] == ["activate"]


@pytest.mark.engine
@real
def test_real_scripts_an_xyz_monster_with_materials_applies_its_effect(shared_dir, engine_driver):
    # エクシーズ素材を持っている「ヴェルズ・オピオン」が相手のモンスターゾーンに表側表示で存在する場合、自分は手札の「銀河剣聖」の
    # モンスター効果を発動できますか？ -> できません: Opion in the Monster Zone with its two Xyz Materials (its effect applies
    # only while it has some) keeps the Level 8 monster's self-summoning effect from being offered; the baseline,
    # without Opion, offers it
    compiled, verdict, _ = _real_verdict(shared_dir, 22030, {"ヴェルズ・オピオン": 91279700, "銀河剣聖": 55168550},
                                      engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.id == verdict.scenario_id + "-baseline")
    assert any(c.code == 91279700 and (c.player, c.location) == (1, "mzone") for c in scenario.setup.cards)
    assert not any(c.code == 91279700 for c in baseline.setup.cards)
    assert scenario.steps[-1].expect == {"offered": False}


@real
def test_xyz_materials_are_set_up_only_on_an_xyz_monster():
    # (「エクシーズ素材を持っている」 said of a monster that is no Xyz Monster: nothing in the set-up gives it materials)
    source = CardSource(user_script_dirs(REAL), REAL_CARDS)
    ruling, frame = _ruling("t-xyz", "エクシーズ素材を持っている「ブラック・マジシャン」が相手のモンスターゾーンに表側表示で存在する場合、"
                            "自分は「死者蘇生」を発動できますか？", "できません。",
                            {"ブラック・マジシャン": 46986414, "死者蘇生": 83764718})
    compiled = compile_frame(ruling, frame, source)
    assert compiled.reason and "has Xyz Materials" in compiled.reason


@pytest.mark.engine
@real
def test_real_scripts_a_monster_equipped_as_an_equip_card_is_on_the_field(shared_dir, engine_driver):
    # 「サクリファイス」の装備カードとなっている「冥界騎士トリスタン」が自分フィールドに存在する場合、「冥界の麗人イゾルデ」を特殊召喚
    # できますか？ -> できます: Tristan face-up in the Spell & Trap Zone, equipped to Relinquished (it stays there: the set-up
    # gives it the equip limit Relinquished's effect would), is what Isolde's procedure asks for
    compiled, verdict, _ = _real_verdict(shared_dir, 14740, {"サクリファイス": 64631466, "冥界騎士トリスタン": 96163807,
                                                          "冥界の麗人イゾルデ": 22657402}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    tristan = next(c for c in scenario.setup.cards if c.code == 96163807)
    relinquished = next(c for c in scenario.setup.cards if c.code == 64631466)
    assert (tristan.location, tristan.position, tristan.equipped_to) == ("szone", "faceup", relinquished.ref)
    assert relinquished.location == "mzone" and tristan.player == relinquished.player == 0
    assert verdict.log["cards"][tristan.ref]["location"] == "szone"  # still equipped when the question is asked


@pytest.mark.engine
@real
def test_real_scripts_an_equip_spell_set_up_equipped_applies(engine_driver):
    # (「魔界の斧」 set up equipped to 「ブラック・マジシャン」: its ATK 2500 + 1000, the Equip Spell's own effect)
    scenario = Scenario(id="equipped-axe", title="an Equip Spell set up equipped", topic="equip",
                        ruling=RulingRef(text="-", date="2020-05-01"),
                        setup=Setup(cards=[SetupCard(ref="dm", code=46986414, player=0, location="mzone"),
                                           SetupCard(ref="axe", code=40619825, player=0, location="szone",
                                                     position="faceup", equipped_to="dm")]),
                        steps=[Step(action="phase", phase="battle")], expect=Expect(cards={"dm": {"attack": 3500}}))
    result = run_scenarios([scenario], scripts=REAL, cards=REAL_CARDS, driver=engine_driver)[0]
    assert result.verdict == "pass", result.message


def test_an_equipped_card_is_equipped_in_the_puzzle_and_only_to_a_monster_zone_card():
    cards = [SetupCard(ref="dm", code=46986414, player=1, location="mzone"),
             SetupCard(ref="axe", code=40619825, player=1, location="szone", position="faceup", equipped_to="dm")]
    scenario = Scenario(id="equipped", title="-", topic="equip", ruling=RulingRef(text="-", date="2020-05-01"),
                        setup=Setup(turn_player=1, cards=cards), steps=[Step(action="phase", phase="battle")])
    lua = puzzle_lua(scenario)
    assert "equipped(Duel.GetFieldCard(0,LOCATION_SZONE,0),Duel.GetFieldCard(0,LOCATION_MZONE,0)) -- axe equipped to dm" in lua
    assert lua.index("equipped(Duel") < lua.index("Debug.ReloadFieldEnd()")
    with pytest.raises(ValueError, match="equipped_to"):
        Setup(cards=[SetupCard(ref="dm", code=46986414, player=0, location="hand"), cards[1]])
    with pytest.raises(ValueError, match="equipped_to"):
        SetupCard(ref="axe", code=40619825, player=0, location="szone", position="facedown", equipped_to="dm")

"""What a card does before the question on the real EDOPro scripts (issue 9): a summon made in the phase the question
is then asked in. Official Q&As of the shared corpus, run when RULINGS_EDOPRO_SCRIPTS points at the real scripts."""

from __future__ import annotations

import pytest

from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_an_effect_of_a_monster_summoned_in_main_phase_2(shared_dir, engine_driver):
    # 「RR－トリビュート・レイニアス」をメインフェイズ２にて召喚・特殊召喚した場合、効果を発動できますか？ -> 発動できます: its ①
    # (「召喚・特殊召喚に成功したターンの自分メインフェイズに発動できる」, the effect its summon enables) is offered after its
    # Normal Summon in Main Phase 2; the baseline summons it in Main Phase 1
    compiled, verdict, results = _real_verdict(shared_dir, 15315, {"RR－トリビュート・レイニアス": 83236601}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [(s.action, s.phase or s.card) for s in scenario.steps] == [
        ("phase", "battle"), ("phase", "main2"), ("summon", "c1"), ("activate", "c1")]
    assert scenario.steps[-1].effect == 0 and scenario.steps[-1].expect == {"offered": True}
    baseline = next(s for s in compiled.scenarios if s.control_for == scenario.id)
    assert [s.action for s in baseline.steps] == ["summon", "activate"]


@pytest.mark.engine
@real
def test_real_scripts_an_effect_that_discards_from_a_hand_of_the_card_alone(shared_dir, engine_driver):
    # 手札が「魔神儀－カリスライム」1枚のみの場合、手札の「魔神儀－カリスライム」のモンスター効果を発動できますか？ -> できます: its ①
    # (「手札を１枚選んで捨て、デッキから「魔神儀」モンスター１体を特殊召喚する」) is offered with itself the hand's one card, which it
    # then discards; the baseline's hand holds another card too
    compiled, verdict, results = _real_verdict(shared_dir, 22210, {"魔神儀－カリスライム": 65877963}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    hand = [c.ref for c in scenario.setup.cards if c.player == 0 and c.location == "hand"]
    assert hand == [scenario.steps[-1].card]
    log = results[scenario.id].log
    assert {"event": "move", "card": hand[0], "from": "hand", "to": "grave"} in log["events"]


@pytest.mark.engine
@real
def test_real_scripts_a_level_raiser_beside_only_a_monster_without_a_level(shared_dir, engine_driver):
    # 自分のモンスターゾーンに「光波翼機」と「銀河眼の光波竜」のみが存在する場合、自身をリリースして「光波翼機」のモンスター効果を
    # 発動できますか？ -> できません: its ② raises the Levels of the other 「サイファー」 monsters, and the Xyz 「銀河眼の光波竜」 has
    # none; the baseline's Monster Zone, not held by those two alone, gives it 「サイファー」 monsters with a Level
    compiled, verdict, results = _real_verdict(shared_dir, 19260, {"光波翼機": 81974607, "銀河眼の光波竜": 18963306},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    own = sorted(c.code for c in scenario.setup.cards if c.player == 0 and c.location == "mzone")
    assert own == [18963306, 81974607] and scenario.steps[-1].expect == {"offered": False}
    baseline = next(s for s in compiled.scenarios if s.control_for == scenario.id)
    assert 18963306 not in [c.code for c in baseline.setup.cards]

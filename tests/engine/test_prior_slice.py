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

"""The chain window of an End Phase trigger is opened once (issue 9): where the ruling's events already reach the
End Phase (「…ターンのエンドフェイズに」 read as a phase event), the compiler adds no second move, which would pass
the window the trigger is activated in. Official Q&As on the real EDOPro scripts (RULINGS_EDOPRO_SCRIPTS)."""

from __future__ import annotations

import pytest

from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_an_end_phase_the_events_reach_is_the_triggers_window(shared_dir, engine_driver):
    # 「ハーピィ・ハーピスト」がフィールドからではなく、手札やデッキから墓地へ送られた場合、…『③：このカードが墓地へ送られた
    # ターンのエンドフェイズに発動できる。…』効果を発動する事はできますか? -> できます: sent from the Deck, then the End
    # Phase, where its ③ is offered
    compiled, verdict, results = _real_verdict(shared_dir, 14840, {"ハーピィ・ハーピスト": 56585883}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [st.phase for st in scenario.steps if st.action == "phase"] == ["end"]
    assert scenario.steps[-1].action == "chain"
    assert results[scenario.id].log["steps"][-1]["offered"] is True

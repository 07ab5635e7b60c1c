"""Baselines that could not be played (issue 9, compiled-but-inconclusive scenarios): set-ups where the baseline,
without the ruling's deciding condition, lacked what the questioned effect needs. Official Q&As of the shared
corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

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


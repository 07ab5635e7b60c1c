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

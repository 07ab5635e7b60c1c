"""A chain whose first link only answers an activation (issue 9, compiled-but-inconclusive scenarios): the ruling
names no activation for 「我が身を盾に」, 「幽鬼うさぎ」 or 「餅カエル」② to answer, so that link is chained to a stand-in
monster effect of the other player (steps.NESTED_PRELUDES), then the questioned card is asked in the chain. Official
Q&As of the shared corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from engine_bridge.compiler.steps import NESTED_PRELUDES
from tests.engine.test_step_setups import _real_verdict, real


def _nested_run(compiled, verdict) -> tuple[list[str], list]:
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    prelude = next(c for c in scenario.setup.cards if c.ref == "n0")
    assert prelude.code in NESTED_PRELUDES and prelude.player == scenario.setup.turn_player
    return [s.action for s in scenario.steps], scenario.steps


@pytest.mark.engine
@real
def test_real_scripts_a_chain_to_a_quick_play_that_answers_a_destroying_activation(shared_dir, engine_driver):
    # 「我が身を盾に」の発動にチェーンして「王家の呪い」を発動できますか? -> できません: 「我が身を盾に」 (Set: the other
    # player's turn) answers 「追放された騎士」, which destroys a monster (「魂を喰らう者 バズー」 does not: that variant
    # stops before the question); the baseline's 「サイクロン」 or 「サンダー・ブレイク」 is one 「王家の呪い」 chains to
    compiled, verdict, _ = _real_verdict(shared_dir, 16600, {"我が身を盾に": 69279219, "王家の呪い": 2926176},
                                         engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    actions, steps = _nested_run(compiled, verdict)
    assert actions == ["activate", "chain", "chain"] and steps[-1].expect == {"offered": False}
    assert "74131780" in verdict.scenario_id or "74131780" in next(
        s.title for s in compiled.scenarios if s.id == verdict.scenario_id)


@pytest.mark.engine
@real
def test_real_scripts_a_response_that_left_the_hand_as_its_cost(shared_dir, engine_driver):
    # 手札の「幽鬼うさぎ」の効果を発動した時、「ラヴァルバル・エクスロード」の①を発動できますか? -> できません: the
    # hand trap answers the stand-in monster effect on the field, and is gone from the hand when the question is asked
    compiled, verdict, _ = _real_verdict(shared_dir, 23170, {"幽鬼うさぎ": 59438930, "ラヴァルバル・エクスロード": 12018201},
                                         engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    actions, steps = _nested_run(compiled, verdict)
    assert actions == ["activate", "chain", "chain"] and steps[-1].expect == {"offered": False}


@pytest.mark.engine
@real
def test_real_scripts_a_negation_chained_to_a_monster_effect(shared_dir, engine_driver):
    # 「餅カエル」の②の効果の発動にチェーンして「屋敷わらし」の効果を発動できますか? -> 「餅カエル」 chained to a monster
    # effect: できます (it may Set the monster it destroys from the Graveyard); the stand-in monster stays on the field
    compiled, verdict, _ = _real_verdict(shared_dir, 19625, {"餅カエル": 90809975, "屋敷わらし": 73642296}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    actions, steps = _nested_run(compiled, verdict)
    assert actions == ["activate", "chain", "chain"] and steps[-1].expect == {"offered": True}


@pytest.mark.engine
@real
def test_real_scripts_a_link_whose_effect_the_ruling_leaves_unnumbered(shared_dir, engine_driver):
    # 「エクソシスター・カルマエル」の効果を発動した時、チェーンして「屋敷わらし」の効果を発動できますか? -> できません: the
    # ruling's 『②…』 is not read as the link's effect, so any of the card's options is its step (its ② the only one it
    # can activate in a chain); its effect takes nothing from the Graveyard, while the baseline's 「死者蘇生」 or 「リビング
    # デッドの呼び声」 does
    compiled, verdict, _ = _real_verdict(shared_dir, 24245, {"エクソシスター・カルマエル": 77675029, "屋敷わらし": 73642296},
                                         engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    actions, steps = _nested_run(compiled, verdict)
    assert actions == ["activate", "chain", "chain"] and steps[-1].expect == {"offered": False}

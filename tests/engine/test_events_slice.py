"""Events before the question on the real EDOPro scripts (issue 9): a Tribute Summon with the named monsters Tributed,
then the summoned monster's trigger of its Summon, or a Tributed monster's own trigger. Official Q&As of the shared
corpus, run when RULINGS_EDOPRO_SCRIPTS points at the real scripts."""

from __future__ import annotations

import pytest

from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_a_trigger_of_a_tribute_summon_with_a_named_tribute(shared_dir, engine_driver):
    # 「ダークジェロイド」をリリースしてアドバンス召喚した「アーマロイドガイデンゴー」の効果は発動しますか？ -> 発動します: the
    # "roid" Tribute its condition asks for, and the trigger removes the Spells/Traps on the field
    compiled, verdict, results = _real_verdict(shared_dir, 7025, {"アーマロイドガイデンゴー": 73333463,
                                                                  "ダークジェロイド": 90980792}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    summon, asked = scenario.steps[0], scenario.steps[-1]
    jeroid = next(c.ref for c in scenario.setup.cards if c.code == 90980792)
    assert (summon.action, summon.select[0], asked.action, asked.card) == ("summon", jeroid, "chain", summon.card)
    moved = [(e["card"], e["to"]) for e in results[scenario.id].log["events"] if e.get("event") == "move"]
    assert (jeroid, "grave") in moved and (summon.card, "mzone") in moved
    # the baselines Tribute stand-ins in its place
    assert all(jeroid not in s.steps[0].select for s in compiled.scenarios if s.kind == "control")


@pytest.mark.engine
@real
def test_real_scripts_a_tributed_monsters_own_trigger(shared_dir, engine_driver):
    # 「トリックスター･リリーベル」をリリースして「旋風機ストリボーグ」を表側表示でアドバンス召喚した場合、「トリックスター･リリーベル」
    # のモンスター効果を発動できますか？ -> できます: returned to the hand by 「旋風機ストリボーグ」, it Special Summons itself
    compiled, verdict, results = _real_verdict(shared_dir, 21230, {"トリックスター・リリーベル": 98700941,
                                                                   "旋風機ストリボーグ": 79176962}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    lilybell = next(c.ref for c in scenario.setup.cards if c.code == 98700941)
    assert (scenario.steps[0].action, scenario.steps[0].select[0], scenario.steps[-1].card) == (
        "summon", lilybell, lilybell)
    moved = [(e["card"], e["from"], e["to"]) for e in results[scenario.id].log["events"] if e.get("event") == "move"]
    assert moved.index((lilybell, "mzone", "hand")) < moved.index((lilybell, "hand", "mzone"))


@pytest.mark.engine
@real
def test_real_scripts_a_face_down_tribute_of_the_archetype_its_trigger_asks_for(shared_dir, engine_driver):
    # 裏側表示の「インヴェルズ」と名のつくモンスターをリリースして「インヴェルズ・マディス」をアドバンス召喚した場合、効果は発動できますか？
    # -> できます: a 「インヴェルズ」 monster Set face-down is the Tribute, and the trigger is offered
    compiled, verdict, results = _real_verdict(shared_dir, 10285, {"インヴェルズ・マディス": 85505315}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    tribute = next(c for c in scenario.setup.cards if c.ref == scenario.steps[0].select[0])
    assert tribute.position == "facedown_defense" and tribute.code != 85505315
    # the first baseline Tributes the same card face-up (the position is the deciding condition)
    first = next(s for s in compiled.scenarios if s.control_for == scenario.id)
    assert [(c.code, c.position) for c in first.setup.cards if c.ref == "t0"] == [(tribute.code, "faceup_attack")]

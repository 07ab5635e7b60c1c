"""LP outcomes (the lp slice, issue 9): what-happens answers that state damage or a change of LP, on the real EDOPro
scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from tests.engine.test_step_setups import _real_verdict, real


@pytest.mark.engine
@real
def test_real_scripts_a_direct_attack_whose_damage_two_effects_bring_to_zero(shared_dir, engine_driver):
    # 「心眼の祭殿」と「Emトラピーズ・マジシャン」が適用されている場合、「地縛神 Uru」の直接攻撃で自分が受ける戦闘ダメージ
    # -> 0: 「心眼の祭殿」 makes the 3000 damage 1000, which 「Emトラピーズ・マジシャン」 (ATK 2500) keeps off
    compiled, verdict, results = _real_verdict(shared_dir, 21270, {"心眼の祭殿": 92481084, "Emトラピーズ・マジシャン": 17016362,
                                                                   "地縛神Uru": 15187079}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    uru = next(c for c in scenario.setup.cards if c.code == 15187079)
    assert [(s.action, s.card) for s in scenario.steps] == [("phase", None), ("attack", uru.ref)]
    assert {c.code: c.player for c in scenario.setup.cards if c.code in (92481084, 17016362)} == {
        92481084: 1 - uru.player, 17016362: 1 - uru.player}
    assert scenario.notes["lp"][1 - uru.player] == 0
    log = results[scenario.id].log
    assert any(e.get("event") == "attack" and e.get("card") == uru.ref for e in log["events"])


@pytest.mark.engine
@real
def test_real_scripts_no_battle_damage_from_the_battle_that_destroys_the_monster(shared_dir, engine_driver):
    # 「DDD超視王ゼロ・マクスウェル」自身が戦闘で破壊される際に、自分が受ける戦闘ダメージは0になりますか? -> 0: a vanilla
    # monster stronger than it attacks it (its ③ keeps the 1700 of damage off), and it is destroyed (to the Extra Deck)
    compiled, verdict, results = _real_verdict(shared_dir, 21405, {"DDD超視王ゼロ・マクスウェル": 76029419}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    x = next(c for c in scenario.setup.cards if c.code == 76029419)
    assert x.position == "faceup_attack" and scenario.steps[-1].target == [x.ref]
    assert scenario.notes["lp"][x.player] == 0
    assert any(e.get("event") == "move" and e.get("card") == x.ref and e.get("from") == "mzone"
               for e in results[scenario.id].log["events"])


@pytest.mark.engine
@real
def test_real_scripts_a_search_not_applied_once_its_card_is_destroyed_in_the_chain(shared_dir, engine_driver):
    # 「潤いの風」の効果の発動にチェーンした「サイクロン」によって、「潤いの風」が破壊された場合 -> its ① (1000 LP paid) adds
    # no 「アロマ」 monster: the baseline (no 「サイクロン」) adds one from the Deck, the ruling's run none
    compiled, verdict, results = _real_verdict(shared_dir, 15750, {"潤いの風": 92266279, "サイクロン": 5318639}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == scenario.id)
    assert [s.action for s in scenario.steps] == ["activate", "chain"] and scenario.steps[-1].target[0] == "c1"
    moved = [e for e in results[baseline.id].log["events"] if e.get("event") == "move"]
    assert [(e["from"], e["to"]) for e in moved] == [("deck", "hand")]
    assert not any(e.get("event") == "move" and e.get("to") == "hand" for e in results[scenario.id].log["events"])


@pytest.mark.engine
@real
def test_real_scripts_a_destruction_applied_after_the_activating_monster_left_the_field(shared_dir, engine_driver):
    # 「No.72 ラインモンスター チャリオッツ・飛車」の効果の処理時に自身がフィールドから離れている場合 -> 『選択したカードを
    # 破壊する』処理は適用されます: a stand-in removal chained to its ① returns it to the Extra Deck, and both its targets
    # are destroyed all the same
    compiled, verdict, results = _real_verdict(shared_dir, 12900, {"No.72 ラインモンスター チャリオッツ・飛車": 75253697},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert [s.action for s in scenario.steps] == ["activate", "chain"] and scenario.steps[-1].target == ["c1"]
    moves = [(e["card"], e["from"], e["to"]) for e in results[scenario.id].log["events"] if e.get("event") == "move"]
    assert ("c1", "mzone", "extra") in moves
    gone = moves.index(("c1", "mzone", "extra"))
    assert any(to == "grave" and card.startswith("f1-") for card, _, to in moves[gone + 1:])

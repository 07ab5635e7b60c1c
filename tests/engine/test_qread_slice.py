"""Question reading (issue 9): a yes the answer says under a condition (Frame.requires), decided on a set-up
that meets it; a zone condition of described monsters (「リンクモンスターが存在する場合」) held by a monster of
those traits, not by any card on the field; an applied effect that needs Xyz Materials not compiled. Official
Q&As of the shared corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from engine_bridge.compiler import CardSource, compile_frame
from engine_bridge.request import user_script_dirs
from tests.engine.test_compiler import _ruling
from tests.engine.test_step_setups import _real_verdict, real, REAL, REAL_CARDS


@pytest.mark.engine
@real
def test_real_scripts_a_yes_under_its_condition_on_a_board_meeting_it(shared_dir, engine_driver):
    # デュアルモンスターが戦闘で破壊された際に、墓地の「救護部隊」の効果を発動できますか？ -> 通常モンスターとして扱われて
    # いるデュアルモンスターであればできます: a Gemini monster not Summoned again (a Normal Monster on the field)
    # destroyed by battle, the trigger offered
    compiled, verdict, _ = _real_verdict(shared_dir, 16640, {"救護部隊": 33622465}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert scenario.notes["requires"] and scenario.notes["answer"] == "yes"
    gemini = next(c for c in scenario.setup.cards if c.ref == scenario.steps[1].card)
    assert gemini.location == "mzone" and gemini.player == scenario.setup.turn_player
    assert [s.action for s in scenario.steps] == ["phase", "attack", "chain"]


@pytest.mark.engine
@real
def test_real_scripts_a_described_zone_is_held_by_a_monster_of_its_traits(shared_dir, engine_driver):
    # リンクモンスターが存在する場合、「アヌビスの呪い」は発動できますか？ -> リンクモンスター以外の効果モンスターが1体でも
    # 存在するのであればできます: decided on a board with a Link Monster and another Effect Monster
    compiled, verdict, _ = _real_verdict(shared_dir, 20715, {"アヌビスの呪い": 66742250}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    for s in compiled.scenarios:
        if s.kind != "control":
            # every variant holds the situation: a Link Monster (not 「アヌビスの呪い」 Set in the Spell & Trap Zone)
            assert any(c.ref.startswith("z0") and c.location == "mzone" for c in s.setup.cards), s.id


@pytest.mark.engine
@real
def test_real_scripts_a_yes_under_its_condition_decided_where_the_board_meets_it(shared_dir, engine_driver):
    # 「ライオウ」の効果が適用されている場合、「融合徴兵」を発動できますか？ -> 墓地から融合素材モンスターを手札に加えられる
    # のであればできます: not decided on the bare board (no Fusion Monster: a refusal there is no verdict), but on the one
    # whose Graveyard holds a material of a Fusion Monster of the Extra Deck
    compiled, verdict, results = _real_verdict(shared_dir, 15010, {"ライオウ": 71564252, "融合徴兵": 17194258},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    bare = next(s for s in compiled.scenarios if s.kind == "ruling")
    assert not results[bare.id].log["steps"][-1]["offered"] and bare.id != verdict.scenario_id
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert any(c.code == 71564252 and c.location == "mzone" for c in scenario.setup.cards)
    assert any(c.location == "grave" for c in scenario.setup.cards) and any(
        c.location == "extra" for c in scenario.setup.cards)


@real
def test_real_scripts_an_applied_effect_that_needs_xyz_materials_is_not_compiled():
    # 「ヴェルズ・オピオン」のモンスター効果が適用されている場合、「堕天使降臨」を発動できますか？: its effect applies only
    # while it has Xyz Materials (GetOverlayCount), which a set-up card never has: a board without the deciding
    # condition would decide the ruling
    ruling, frame = _ruling("t-ophion", "「ヴェルズ・オピオン」のモンスター効果が適用されている場合、「堕天使降臨」を発動できますか？",
                            "発動する事はできません。", {"ヴェルズ・オピオン": 91279700, "堕天使降臨": 58787301})
    assert frame.answer == "no" and not frame.unread
    compiled = compile_frame(ruling, frame, CardSource(user_script_dirs(REAL), REAL_CARDS))
    assert not compiled.scenarios and "Xyz Materials" in compiled.reason

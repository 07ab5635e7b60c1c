"""Situation states of cards the compiler sets up (issue 9): the question asked in the other player's turn.
Official Q&As of the shared corpus, on the real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import gzip
import json
import os
from functools import lru_cache

import pytest

from engine_bridge.compiler import CardSource, compile_frame, settle
from engine_bridge.request import user_script_dirs
from engine_bridge.runner import run_scenarios
from tests.engine.test_compiler import _ruling

REAL = os.environ.get("RULINGS_EDOPRO_SCRIPTS")
REAL_CARDS = os.environ.get("RULINGS_EDOPRO_CARDS") or None
real = pytest.mark.skipif(not REAL, reason="needs the real EDOPro scripts (RULINGS_EDOPRO_SCRIPTS)")


@lru_cache(maxsize=1)
def _qas(path: str) -> dict[int, dict]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return {q["fid"]: q for q in map(json.loads, fh)}


def _real_verdict(shared_dir, fid: int, cards: dict[str, int], engine_driver):
    qa = _qas(str(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz"))[fid]
    source = CardSource(user_script_dirs(REAL), REAL_CARDS)
    ruling, frame = _ruling(f"t-{fid}", qa["title"], qa["answer"], cards, question=qa["question"])
    compiled = compile_frame(ruling, frame, source)
    assert compiled.reason is None, compiled.reason
    results = run_scenarios(compiled.scenarios, scripts=REAL, cards=REAL_CARDS, driver=engine_driver)
    verdict = settle(compiled.scenarios, results)[f"t-{fid}"]
    return compiled, verdict


@pytest.mark.engine
@real
def test_real_scripts_a_trap_activated_in_the_other_players_turn(shared_dir, engine_driver):
    # 相手ターンに、自分は「共闘」を発動できますか？ -> できます: the Set Trap activated by the non-turn player in the window
    # the turn player's move to the Battle Phase opens; the baseline activates it in the asker's own Main Phase 1
    compiled, verdict = _real_verdict(shared_dir, 18700, {"共闘": 31472884}, engine_driver)
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
    compiled, verdict = _real_verdict(shared_dir, 22030, {"ヴェルズ・オピオン": 91279700, "銀河剣聖": 55168550},
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
                            "自分は「死者蘇生」を発動できますか？", "できません。", {"ブラック・マジシャン": 46986414, "死者蘇生": 83764718})
    compiled = compile_frame(ruling, frame, source)
    assert compiled.reason and "has Xyz Materials" in compiled.reason

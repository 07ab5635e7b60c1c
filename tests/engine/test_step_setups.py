"""What a step before the question needs (issue 9, compiled-but-inconclusive scenarios): an Extra Deck monster
Special Summoned before its own trigger is asked (properly Summoned, then revived by a stand-in), the "filtered
piles" board for a first activation whose cost or condition looks in the piles, and a can_select refusal that
counts only where the baseline's stand-in was the card chosen. Official Q&As of the shared corpus, on the real
EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import gzip
import json
import os
from functools import lru_cache

import pytest

from engine_bridge.compiler import CardSource, compile_frame, settle
from engine_bridge.compiler.verdicts import _stand_in_moved
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
    return compiled, verdict, dict(zip((s.id for s in compiled.scenarios), results))


def test_a_baseline_stand_in_counts_as_chosen_only_where_its_duel_moved_it():
    class Result:
        def __init__(self, events):
            self.log = {"events": events}

    assert _stand_in_moved(Result([{"event": "move", "card": "t0", "from": "mzone", "to": "overlay"}]))
    # (「超量合神－マグナフォーメーション」: the stand-in was its target, a filler monster the material it attached)
    assert not _stand_in_moved(Result([{"event": "chain", "link": 1, "card": "c1"},
                                       {"event": "move", "card": "f0-m1", "from": "mzone", "to": "overlay"}]))
    assert not _stand_in_moved(Result([]))


@pytest.mark.engine
@real
def test_real_scripts_an_extra_deck_monster_special_summoned_before_its_trigger(shared_dir, engine_driver):
    # 「ライオウ」の効果適用中に、特殊召喚に成功した「天翔の竜騎士ガイア」の効果を発動できますか？ -> できます (from the
    # Graveyard): the Fusion Monster, properly Summoned before, is revived by 「死者蘇生」 (not Summoned from the hand)
    compiled, verdict, results = _real_verdict(shared_dir, 17885, {"ライオウ": 71564252, "天翔の竜騎士ガイア": 2519690},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    gaia = next(c for c in scenario.setup.cards if c.code == 2519690)
    assert (gaia.location, gaia.properly_summoned) == ("grave", True)
    assert [s.action for s in scenario.steps] == ["activate", "activate"] and scenario.steps[0].target == [gaia.ref]
    # with 「ライオウ」 the effect takes the 「螺旋槍殺」 of the Graveyard only, not the Deck's
    taken = results[scenario.id].log["steps"][-1]["late_prompts"][0]["candidates"]
    assert taken and all(c.endswith("g") for c in taken)


@pytest.mark.engine
@real
def test_real_scripts_a_first_activation_that_looks_in_the_piles(shared_dir, engine_driver):
    # 「黄昏の忍者将軍－ゲツガ」の効果処理時に、「虚無空間」が適用されている場合 -> 守備表示になり、特殊召喚は行えない: its
    # two 「忍者」 targets in the Graveyard come from the "filtered piles" board
    compiled, verdict, _ = _real_verdict(shared_dir, 17370, {"黄昏の忍者将軍－ゲツガ": 76930964, "虚無空間": 5851097},
                                         engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    assert "filtered piles" in next(s for s in compiled.scenarios if s.id == verdict.scenario_id).title


@pytest.mark.engine
@real
def test_real_scripts_a_token_is_not_an_xyz_material(shared_dir, engine_driver):
    # 「超量合神－マグナフォーメーション」の効果でエクシーズ素材とするモンスターとして、モンスタートークンを選べますか？ ->
    # 選べません: decided where the activation is offered and the Token is not among the materials, not where the
    # stand-in (an Xyz Monster, its target) alone made the activation possible
    compiled, verdict, results = _real_verdict(shared_dir, 22390, {"超量合神－マグナフォーメーション": 1825445},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    token = scenario.steps[-1].select[0]
    assert next(c for c in scenario.setup.cards if c.ref == token).location == "mzone"
    asked = results[scenario.id].log["steps"][-1]
    assert asked["offered"] and all(token not in p["candidates"] for p in asked.get("late_prompts", []))

"""Every bundled scenario passes on the real engine, and a wrong expectation fails with a diff."""

from __future__ import annotations

import copy

import pytest

from engine_bridge.constants import BUNDLED
from engine_bridge.runner import run_scenarios
from engine_bridge.scenario import load_scenarios

pytestmark = pytest.mark.engine

SCENARIOS = load_scenarios([BUNDLED])


@pytest.fixture(scope="module")
def bundled_results(engine_driver):
    return {r.scenario_id: r for r in run_scenarios(SCENARIOS, driver=engine_driver)}


@pytest.mark.parametrize("scenario_id", [s.id for s in SCENARIOS])
def test_bundled_scenario_passes(bundled_results, scenario_id):
    result = bundled_results[scenario_id]
    assert result.verdict == "pass", f"{scenario_id}: {result.verdict}: {result.reason}"


def test_bundled_set_covers_the_issue_topics_with_controls():
    topics = {s.topic for s in SCENARIOS}
    assert {"trap-monster", "activation-timing", "spell-speed", "pendulum", "indestructible"} <= topics
    ids = {s.id for s in SCENARIOS}
    controls = [s for s in SCENARIOS if s.kind == "control"]
    assert controls and all(c.control_for in ids for c in controls)
    assert {s.rule for s in SCENARIOS if s.topic == "trap-monster"} >= {"MR4", "MR5"}


def _variant(scenario_id: str, new_id: str):
    scenario = copy.deepcopy(next(s for s in SCENARIOS if s.id == scenario_id))
    scenario.id = new_id
    return scenario


def test_wrong_expectations_fail_with_a_readable_diff(engine_driver):
    wrong_place = _variant("trap-monster-mst-destroys", "wrong-place")
    wrong_place.expect.cards["apophis"] = {"location": "mzone"}
    wrong_place.expect.lp = [8000, 7000]
    wrong_offer = _variant("normal-trap-after-set-turn", "wrong-offer")
    wrong_offer.steps[0].expect["offered"] = False
    wrong_target = _variant("trap-monster-mst-control-normal-monster", "wrong-target")
    wrong_target.steps[0].expect["target_selectable"] = {"guardian": True, "reinforcements": True}
    wrong_chain = _variant("spell-speed-2-responds-to-spell-speed-2", "wrong-chain")
    wrong_chain.expect.chain = ["apophis", "mst", "their-mst"]
    results = {r.scenario_id: r for r in run_scenarios([wrong_place, wrong_offer, wrong_target, wrong_chain],
                                                       driver=engine_driver)}
    assert {r.verdict for r in results.values()} == {"fail"}
    place = results["wrong-place"].diffs
    assert "card apophis: location expected mzone, engine: grave (grave, player 0, faceup)" in place
    assert "LP expected [8000, 7000], engine: [8000, 8000]" in place
    assert results["wrong-offer"].diffs[0].startswith(
        "step 1 (activate reinforcements -> guardian): expected not offered, engine: offered")
    assert any("guardian expected selectable, engine: not selectable (candidates: reinforcements)" in d
               for d in results["wrong-target"].diffs)
    assert results["wrong-chain"].diffs == [
        "chain expected ['apophis', 'mst', 'their-mst'], engine built ['apophis', 'their-mst', 'mst']"]


def test_the_rule_era_changes_the_engine_verdict(engine_driver):
    # the same Master Rule 4 situation run under Master Rule 5 no longer matches the MR4 ruling
    as_mr5 = _variant("trap-monster-keeps-spell-trap-zone-mr4", "mr4-ruling-under-mr5")
    as_mr5.rule = "MR5"
    (result,) = run_scenarios([as_mr5], driver=engine_driver)
    assert result.verdict == "fail"
    assert "expected not offered, engine: offered" in result.diffs[0]


def test_pendulum_scenarios_hold_under_master_rule_3_separate_zones(engine_driver):
    # Master Rule 3 keeps the Pendulum Zones apart from the Spell & Trap Zones (slots 6 and 7)
    variants = []
    for scenario in SCENARIOS:
        if scenario.topic == "pendulum":
            variant = _variant(scenario.id, f"{scenario.id}-mr3")
            variant.rule = "MR3"
            variants.append(variant)
    results = run_scenarios(variants, driver=engine_driver)
    assert [(r.scenario_id, r.verdict) for r in results] == [(v.id, "pass") for v in variants]

"""`scenarios run --jobs N`: parallel Node workers give the same verdicts, in the same order, as one."""

from __future__ import annotations

import copy

import pytest

from engine_bridge.constants import BUNDLED
from engine_bridge.results import summary_table
from engine_bridge.runner import default_jobs, run_scenarios
from engine_bridge.scenario import load_scenarios

pytestmark = pytest.mark.engine


def _batch():
    scenarios = load_scenarios([BUNDLED])
    wrong = copy.deepcopy(next(s for s in scenarios if s.id == "trap-monster-mst-destroys"))
    wrong.id = "wrong-place"
    wrong.expect.cards["apophis"] = {"location": "mzone"}  # a fail among the passes
    unknown = copy.deepcopy(scenarios[0])
    unknown.id = "unknown-card"
    unknown.setup.cards[0].code = 123  # an error before the engine runs
    return [wrong, *scenarios, unknown]


def test_jobs_give_the_summary_and_verdicts_of_one_job(engine_driver):
    batch = _batch()
    one = run_scenarios(batch, driver=engine_driver)
    seen = []
    many = run_scenarios(batch, jobs=3, on_result=lambda r: seen.append(r.scenario_id))
    assert [(r.scenario_id, r.verdict, r.reason) for r in many] == [(r.scenario_id, r.verdict, r.reason) for r in one]
    assert summary_table(many) == summary_table(one)
    assert seen == [s.id for s in batch]  # reported in input order, as they would be with one job
    assert {r.verdict for r in one} == {"pass", "fail", "error"}


def test_default_jobs_is_every_core():
    assert default_jobs() >= 1

"""Bad scenarios get their own verdict with a clear reason, and the batch goes on."""

from __future__ import annotations

import pytest

from engine_bridge.runner import run_scenarios
from rulings.records import Scenario

pytestmark = pytest.mark.engine


def _scenario(scenario_id, cards, steps, expect=None):
    return Scenario.from_data({
        "id": scenario_id, "title": scenario_id, "rule": "MR5",
        "setup": {"cards": cards},
        "steps": steps,
        "expect": expect or {},
    }, "test")


MST = {"ref": "mst", "code": 5318639, "player": 0, "location": "hand"}
SET_TRAP = {"ref": "trap", "code": 17814387, "player": 1, "location": "szone"}
GOOD = _scenario("good", [MST, SET_TRAP], [{"activate": "mst", "target": "trap"}], {"cards": {"trap": "grave"}})

# a script that raises a Lua error when the card is activated
LUA_ERROR = """local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_FREE_CHAIN)
	e1:SetOperation(function(e,tp) local broken=nil; broken.field=1 end)
	c:RegisterEffect(e1)
end
"""
# a script whose activation check never returns
ENDLESS = """local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_FREE_CHAIN)
	e1:SetTarget(function(e,tp,eg,ep,ev,re,r,rp,chk) while true do end end)
	c:RegisterEffect(e1)
end
"""
LUA_ERROR_CODE = 4206964  # Trap Hole's passcode, given a broken script in the test folder
ENDLESS_CODE = 53129443  # Dark Hole's passcode, given a looping script in the test folder


def test_each_bad_scenario_gets_its_verdict_and_the_batch_continues(user_scripts):
    (user_scripts / "official" / f"c{LUA_ERROR_CODE}.lua").write_text(LUA_ERROR, encoding="utf-8")
    (user_scripts / "official" / f"c{ENDLESS_CODE}.lua").write_text(ENDLESS, encoding="utf-8")
    (user_scripts / "official" / "c28649820.lua").unlink()  # Embodiment of Apophis now has no script
    batch = [
        GOOD,
        _scenario("unknown-card", [MST, {"ref": "ghost", "code": 99999999, "player": 1, "location": "szone"}],
                  [{"activate": "mst", "target": "ghost"}]),
        _scenario("no-script", [{"ref": "apophis", "code": 28649820, "player": 0, "location": "szone"}],
                  [{"activate": "apophis"}]),
        _scenario("lua-error", [{"ref": "broken", "code": LUA_ERROR_CODE, "player": 0, "location": "szone"}],
                  [{"activate": "broken"}]),
        # two legal targets and no `target` in the step: the engine waits for a choice nobody gives
        _scenario("missing-answer", [MST, SET_TRAP, {"ref": "trap2", "code": 17814387, "player": 1, "location": "szone"}],
                  [{"activate": "mst"}]),
        _scenario("endless-loop", [{"ref": "loop", "code": ENDLESS_CODE, "player": 0, "location": "hand"},
                                   {"ref": "m", "code": 91152256, "player": 1, "location": "mzone"}],
                  [{"activate": "loop"}]),
        _scenario("good-after", [MST, SET_TRAP], [{"activate": "mst", "target": "trap"}], {"cards": {"trap": "grave"}}),
    ]
    results = {r.scenario_id: r for r in run_scenarios(batch, scripts=user_scripts, timeout_s=1.5)}
    assert list(results) == [s.id for s in batch]
    assert results["good"].verdict == "pass"
    assert results["good-after"].verdict == "pass", results["good-after"].reason

    assert results["unknown-card"].verdict == "error"
    assert "unknown card ghost (99999999)" in results["unknown-card"].message
    assert results["no-script"].verdict == "error"
    assert "no script for apophis (28649820)" in results["no-script"].message
    assert results["lua-error"].verdict == "error"
    assert "Lua error" in results["lua-error"].message and "attempt to index" in results["lua-error"].message
    assert results["missing-answer"].verdict == "error"
    assert "waits for an answer the steps do not give" in results["missing-answer"].message
    assert "trap, trap2" in results["missing-answer"].message
    assert results["endless-loop"].verdict == "timeout"
    assert "exceeded" in results["endless-loop"].message


def test_a_step_the_engine_refuses_stops_that_scenario_with_a_fail(engine_driver):
    # activating a Normal Trap from the hand is never offered: the step's implicit expectation fails
    scenario = _scenario("trap-from-hand", [{"ref": "trap", "code": 17814387, "player": 0, "location": "hand"},
                                             {"ref": "m", "code": 91152256, "player": 0, "location": "mzone"}],
                         [{"activate": "trap", "target": "m"}], {"cards": {"m": "grave"}})
    (result,) = run_scenarios([scenario], driver=engine_driver)
    assert result.verdict == "fail"
    assert result.diffs == ["step 1 (activate trap) was not offered by the engine (options: none)"]

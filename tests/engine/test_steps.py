"""Summon, set, attack and phase steps drive the engine as a player would."""

from __future__ import annotations

import os

import pytest

from engine_bridge.constants import CARDS_ENV, SCRIPTS_ENV
from engine_bridge.runner import run_scenarios
from rulings.records import Scenario

pytestmark = pytest.mark.engine


def _scenario(scenario_id, cards, steps, expect):
    return Scenario.from_data({"id": scenario_id, "setup": {"cards": cards}, "steps": steps, "expect": expect}, "test")


def _passed(driver, *scenario):
    """The engine's result for the scenario _scenario(*scenario), which must pass."""
    (result,) = run_scenarios([_scenario(*scenario)], driver=driver)
    assert result.verdict == "pass", result.reason
    return result


def test_summon_then_direct_attack(engine_driver):
    _passed(
        engine_driver, "summon-attack",
        [{"ref": "guardian", "code": 91152256, "player": 0, "location": "hand"}],
        [{"summon": "guardian"}, {"phase": "battle"}, {"attack": "guardian"}],
        {"cards": {"guardian": {"location": "mzone", "position": "faceup_attack"}}, "lp": [8000, 8000 - 1400]},
    )


def test_attack_destroys_the_weaker_monster(engine_driver):
    _passed(
        engine_driver, "battle",
        [{"ref": "blue-eyes", "code": 89631139, "player": 0, "location": "mzone"},
         {"ref": "guardian", "code": 91152256, "player": 1, "location": "mzone"}],
        [{"phase": "battle"}, {"attack": "blue-eyes", "target": "guardian"}],
        {"cards": {"guardian": {"location": "grave", "player": 1}, "blue-eyes": "mzone"}, "lp": [8000, 8000 - (3000 - 1400)]},
    )


def test_a_trap_set_by_a_step_waits_for_the_next_turn(engine_driver):
    result = _passed(
        engine_driver, "set-then-end",
        [{"ref": "trap", "code": 17814387, "player": 0, "location": "hand"},
         {"ref": "guardian", "code": 91152256, "player": 0, "location": "mzone"}],
        [{"set": "trap"},
         {"activate": "trap", "target": "guardian", "expect": {"offered": False}},
         {"phase": "end"},
         # the opponent's turn: the trap was Set in an earlier turn now, so it can respond
         {"chain": "trap", "target": "guardian", "expect": {"offered": True}}],
        {"cards": {"trap": "grave", "guardian": "mzone"}},
    )
    assert result.log["turn"] == 2 and result.log["turn_player"] == 1


def test_a_frame_scenario_takes_any_choice_its_steps_do_not_name(engine_driver):
    # 「リビングデッドの呼び声」 targets a monster in the Graveyard; the step names none. A hand-written
    # scenario must say which (the run stops and says so); a frame scenario (compiler) takes any
    # candidate the engine offers: its steps say what is played, not what each effect picks
    cards = [{"ref": "call", "code": 97077563, "player": 0, "location": "szone"},
             {"ref": "g1", "code": 91152256, "player": 0, "location": "grave"},
             {"ref": "g2", "code": 91152256, "player": 0, "location": "grave"}]
    written = _scenario("call-unnamed", cards, [{"activate": "call"}], {"cards": {"call": "szone"}})
    frame = _scenario("call-unnamed-frame", cards, [{"activate": "call"}], {"cards": {"call": "szone"}})
    frame.template = "frame"
    hand_written, compiled = run_scenarios([written, frame], driver=engine_driver)
    assert hand_written.verdict == "error" and "must choose" in hand_written.message
    assert compiled.log["stopped"] == "finish", compiled.log["message"]
    assert {compiled.log["cards"][ref]["location"] for ref in ("g1", "g2")} == {"mzone", "grave"}


@pytest.mark.skipif(not os.environ.get(SCRIPTS_ENV), reason="needs the real EDOPro scripts (RULINGS_EDOPRO_SCRIPTS)")
def test_an_optional_trigger_asked_as_yes_or_no_is_the_step_offered(engine_driver):
    # 「終末の騎士」 Normal Summoned: its optional trigger (send a DARK monster from the Deck to the GY)
    # is asked as a yes/no question, which is the engine offering the step that activates it
    scenario = _scenario(
        "optional-trigger",
        [{"ref": "knight", "code": 28985331, "player": 0, "location": "hand"},
         {"ref": "dark", "code": 46986414, "player": 0, "location": "deck"}],
        [{"summon": "knight"}, {"activate": "knight", "select": "dark", "expect": {"offered": True}}],
        {"cards": {"dark": "grave", "knight": "mzone"}},
    )
    (result,) = run_scenarios([scenario], scripts=os.environ[SCRIPTS_ENV], cards=os.environ.get(CARDS_ENV),
                              driver=engine_driver)
    assert result.verdict == "pass", result.reason
    assert result.log["steps"][1]["prompt"] in ("effect_yn", "chain") and result.log["steps"][1]["offered"] is True


@pytest.mark.parametrize("window, offered", [("attack_declaration", True), ("damage_step_start", True),
                                             ("before_damage_calculation", True), ("damage_calculation", False),
                                             ("damage_step_end", False)])
def test_a_chain_step_waits_for_its_battle_window(engine_driver, window, offered):
    # 「ファントム・ナイツ・シャドーベール」 (pack): a Trap with the Damage Step property (not the damage calculation's)
    # and the condition "before damage is calculated": the step is asked in the window it names and in none before it
    result = _passed(
        engine_driver, f"window-{window.replace('_', '-')}",
        [{"ref": "attacker", "code": 89631139, "player": 0, "location": "mzone"},
         {"ref": "guardian", "code": 91152256, "player": 1, "location": "mzone"},
         {"ref": "veil", "code": 77462146, "player": 1, "location": "szone", "position": "facedown"}],
        [{"phase": "battle"}, {"attack": "attacker", "target": "guardian"},
         {"chain": "veil", "target": "guardian", "window": window, "answer": True, "expect": {"offered": offered}}],
        {},
    )
    chained = [e for e in result.log["events"] if e["event"] == "chain"]
    before = [e["event"] for e in result.log["events"]][:[e["event"] for e in result.log["events"]].index("chain")] if chained else []
    # the Damage Step began before a window of it, not before the attack declaration's
    assert ("damage_step_start" in before) == (offered and window != "attack_declaration")
    assert [e["event"] for e in result.log["events"] if e["event"] == "attack"] == ["attack"]


def test_a_chain_step_whose_battle_window_never_opens_is_an_error(engine_driver):
    # no attack: the Damage Step's windows never open, which says nothing about the card (an error, not a fail)
    (result,) = run_scenarios([_scenario(
        "window-never",
        [{"ref": "attacker", "code": 89631139, "player": 0, "location": "mzone"},
         {"ref": "veil", "code": 77462146, "player": 0, "location": "szone", "position": "facedown"}],
        [{"phase": "battle"}, {"chain": "veil", "window": "damage_calculation", "expect": {"offered": True}}], {})],
        driver=engine_driver)
    assert result.verdict == "error" and "damage_calculation window" in result.reason

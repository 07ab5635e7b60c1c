"""Exported EDOPro puzzles load in the engine and set up the scenario's field."""

from __future__ import annotations

import re

import pytest

from engine_bridge.constants import BUNDLED
from engine_bridge.puzzle import PlayerMap, export_puzzles, place_cards
from engine_bridge.runner import load_puzzle
from engine_bridge.scenario import load_scenarios

pytestmark = pytest.mark.engine

ZONE_NAMES = {"pzone": "szone", "fzone": "szone"}  # the core keeps those zones in the Spell & Trap row


def test_exported_puzzles_load_in_the_engine(tmp_path, engine_driver):
    scenarios = load_scenarios([BUNDLED])
    written = export_puzzles(scenarios, tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{s.id}.lua" for s in scenarios)
    for scenario, path in zip(scenarios, written):
        text = path.read_text(encoding="utf-8")
        assert len(re.findall(r"Debug\.AddCard\(\d+,", text)) == len(scenario.setup.cards)  # one per set-up card
        assert "Debug.ReloadFieldBegin(" in text and "Debug.ReloadFieldEnd()" in text
        report = load_puzzle(path, driver=engine_driver)
        assert report["status"] == "ok", f"{path.name}: {report.get('message')}"
        field = report["field"]
        pmap = PlayerMap(scenario.setup.turn_player)
        for placed in place_cards(scenario):
            card = placed.card
            pile = field[str(placed.engine_player)][ZONE_NAMES.get(card.location, card.location)]
            assert card.code in [c["code"] for c in pile], f"{path.name}: {card.ref} not in {card.location}"
        total = sum(len(cards) for side in field.values() for cards in side.values())
        assert total == len(scenario.setup.cards), path.name
        assert pmap.to_engine(scenario.setup.turn_player) == 0


def test_puzzle_flags_are_the_rule_eras_own(tmp_path):
    scenarios = {s.id: s for s in load_scenarios([BUNDLED])}
    mr4, mr5 = export_puzzles([scenarios["trap-monster-keeps-spell-trap-zone-mr4"],
                               scenarios["trap-monster-frees-spell-trap-zone-mr5"]], tmp_path)
    from engine_bridge.constants import load_constants

    k = load_constants()
    calls = [re.search(r"ReloadFieldBegin\(([A-Z0-9_+]+),(\d)\)", p.read_text()) for p in (mr4, mr5)]
    assert [c.group(2) for c in calls] == ["4", "5"]  # the Master Rule number, as EDOPro puzzles give it
    flags = [sum(k[name] for name in c.group(1).split("+")) for c in calls]  # symbolic flags, as EDOPro writes them
    assert not flags[0] & k["DUEL_TRAP_MONSTERS_NOT_USE_ZONE"]
    assert flags[1] & k["DUEL_TRAP_MONSTERS_NOT_USE_ZONE"]


def test_exported_puzzles_are_written_as_edopro_writes_puzzles(tmp_path, engine_driver):
    """The form of ProjectIgnis/Puzzles (e.g. "Folder - Tutorials/Tutorial_Ruling_MST.lua"):
    Debug.SetAIName, Debug.ReloadFieldBegin(<symbolic flags>,<rule>), the cards, Debug.ReloadFieldEnd,
    Debug.ShowHint lines, aux.BeginPuzzle(); the pack's utility.lua provides aux.BeginPuzzle."""
    from engine_bridge.constants import load_constants
    from engine_bridge.puzzle import duel_flags

    k = load_constants()
    scenarios = {s.id: s for s in load_scenarios([BUNDLED])}
    scenario = scenarios["trap-monster-bottomless-trap-hole-banishes"]
    [path] = export_puzzles([scenario], tmp_path)
    text = path.read_text(encoding="utf-8")
    order = [text.index(call) for call in ("Debug.SetAIName(", "Debug.ReloadFieldBegin(", "Debug.AddCard(",
                                           "Debug.ReloadFieldEnd()", "Debug.ShowHint(", "aux.BeginPuzzle()")]
    assert order == sorted(order)
    names = re.search(r"ReloadFieldBegin\(([A-Z0-9_+]+),5\)", text).group(1).split("+")
    assert sum(k[n] for n in names) == duel_flags(scenario) | k["DUEL_SIMPLE_AI"]
    hints = re.findall(r'Debug\.ShowHint\("(.*)"\)', text)
    assert hints[0].startswith("Ruling: ") and "奈落的落穴" in hints[0]
    assert hints[1] == "Expected: step 3 (chain bottomless): offered; apophis: removed; bottomless: grave"
    report = load_puzzle(path, driver=engine_driver)  # aux.BeginPuzzle runs in the engine
    assert report["status"] == "ok", report.get("message")


def test_hints_are_string_literals_whatever_the_ruling_says(tmp_path, engine_driver):
    import copy

    scenario = copy.deepcopy(next(s for s in load_scenarios([BUNDLED]) if s.id == "trap-monster-mst-destroys"))
    scenario.ruling.text = 'a "quoted" ruling\nerror("boom") ]] --'
    [path] = export_puzzles([scenario], tmp_path)
    assert 'Debug.ShowHint("Ruling: a \\"quoted\\" ruling error(\\"boom\\") ]] --")' in path.read_text(encoding="utf-8")
    assert load_puzzle(path, driver=engine_driver)["status"] == "ok"

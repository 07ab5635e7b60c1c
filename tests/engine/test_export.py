"""Exported EDOPro puzzles load in the engine and set up the scenario's field."""

from __future__ import annotations

import re

import pytest

from engine_bridge.cli import BUNDLED
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
        assert text.count("Debug.AddCard(") == len(scenario.setup.cards)
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
    flags = [int(re.search(r"ReloadFieldBegin\((0x[0-9a-f]+)", p.read_text()).group(1), 16) for p in (mr4, mr5)]
    from engine_bridge.constants import load_constants

    k = load_constants()
    assert not flags[0] & k["DUEL_TRAP_MONSTERS_NOT_USE_ZONE"]
    assert flags[1] & k["DUEL_TRAP_MONSTERS_NOT_USE_ZONE"]

"""A scenario's set-up as an EDOPro puzzle: Lua calling the core's Debug API
(Debug.ReloadFieldBegin, Debug.SetPlayerInfo, Debug.AddCard, Debug.ReloadFieldEnd).

The runner loads exactly this text into the engine to place the cards, so every run also proves
the exported puzzle loads. EDOPro's puzzle mode always starts in Main Phase 1 of player 0's first
turn, so the scenario's turn player becomes engine player 0 (PlayerMap swaps sides when needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from engine_bridge.constants import RULE_FLAG_NAMES, load_constants, rule_flags
from engine_bridge.scenario import Scenario, SetupCard

ZONE_SLOTS = {"mzone": 5, "szone": 5, "pzone": 2, "fzone": 1}
POSITION_CONSTANTS = {
    "faceup_attack": "POS_FACEUP_ATTACK", "facedown_attack": "POS_FACEDOWN_ATTACK",
    "faceup_defense": "POS_FACEUP_DEFENSE", "facedown_defense": "POS_FACEDOWN_DEFENSE",
    "faceup": "POS_FACEUP", "facedown": "POS_FACEDOWN",
}
LOCATION_CONSTANTS = {
    "deck": "LOCATION_DECK", "hand": "LOCATION_HAND", "mzone": "LOCATION_MZONE", "szone": "LOCATION_SZONE",
    "grave": "LOCATION_GRAVE", "removed": "LOCATION_REMOVED", "extra": "LOCATION_EXTRA",
    "fzone": "LOCATION_FZONE", "pzone": "LOCATION_PZONE",
}


@dataclass(frozen=True)
class PlayerMap:
    """Scenario players <-> engine players: the scenario's turn player is engine player 0."""

    turn_player: int

    def to_engine(self, player: int) -> int:
        return player ^ self.turn_player

    def to_scenario(self, player: int) -> int:
        return player ^ self.turn_player


@dataclass
class PlacedCard:
    card: SetupCard
    engine_player: int
    sequence: int | None  # zone index for field cards (pzone: 0 left, 1 right), None for piles


def extra_flags(scenario: Scenario) -> list[str]:
    """Flags added to the rule's own: battle on turn 1 (puzzles start on turn 1), no hand-size limit."""
    flags = ["DUEL_NO_HAND_LIMIT"]
    if any(step.action == "attack" or step.phase == "battle" for step in scenario.steps) or scenario.setup.phase != "main1":
        flags.append("DUEL_ATTACK_FIRST_TURN")
    return flags


def duel_flags(scenario: Scenario) -> int:
    k = load_constants()
    flags = rule_flags(scenario.rule)
    for name in extra_flags(scenario):
        flags |= k[name]
    return flags


def place_cards(scenario: Scenario) -> list[PlacedCard]:
    """Give every field card a zone (the stated one, else the first free) in engine players."""
    pmap = PlayerMap(scenario.setup.turn_player)
    used: dict[tuple[int, str], set[int]] = {}
    for card in scenario.setup.cards:
        if card.location in ZONE_SLOTS and card.sequence is not None:
            used.setdefault((pmap.to_engine(card.player), card.location), set()).add(card.sequence)
    placed = []
    for card in scenario.setup.cards:
        player = pmap.to_engine(card.player)
        sequence = card.sequence
        if card.location in ZONE_SLOTS and sequence is None:
            taken = used.setdefault((player, card.location), set())
            free = [i for i in range(ZONE_SLOTS[card.location]) if i not in taken]
            sequence = free[0] if free else ZONE_SLOTS[card.location]  # the engine will refuse it: reported
            taken.add(sequence)
        placed.append(PlacedCard(card, player, sequence if card.location in ZONE_SLOTS else None))
    return placed


def _lua_comment(text: str) -> str:
    return " ".join(str(text).split()).replace("]]", "] ]")


def puzzle_lua(scenario: Scenario) -> str:
    """The EDOPro puzzle script for the scenario's set-up."""
    pmap = PlayerMap(scenario.setup.turn_player)
    flags = duel_flags(scenario)
    flag_names = [*RULE_FLAG_NAMES[scenario.rule], *extra_flags(scenario)]
    lines = [
        "--[[",
        f"  ygo-rulings scenario {scenario.id} ({scenario.kind}, topic {scenario.topic})",
        f"  {_lua_comment(scenario.title)}",
        f"  rule: {scenario.rule}; ruling date: {scenario.ruling.date or 'unknown'}; source: {scenario.ruling.source_url or '-'}",
        f"  ruling: {_lua_comment(scenario.ruling.text)[:300]}" if scenario.ruling.text else "  ruling: -",
        f"  Player 0 here is scenario player {scenario.setup.turn_player} (the turn player).",
        "  Steps: " + ("; ".join(step.describe() for step in scenario.steps) or "-"),
        "]]",
        f"-- flags: {' | '.join(flag_names)}",
        f"Debug.ReloadFieldBegin(0x{flags:x}, 0)",
    ]
    for scenario_player in (scenario.setup.turn_player, 1 - scenario.setup.turn_player):
        lines.append(f"Debug.SetPlayerInfo({pmap.to_engine(scenario_player)},{scenario.setup.lp[scenario_player]},0,0)")
    for placed in place_cards(scenario):
        card = placed.card
        location = LOCATION_CONSTANTS[card.location]
        position = card.effective_position
        if card.location in ("hand", "deck", "extra") and card.position is None:
            position = "facedown"
        sequence = placed.sequence if placed.sequence is not None else 0
        proc = "true" if card.location == "mzone" else "false"
        call = (f"Debug.AddCard({card.code},{placed.engine_player},{placed.engine_player},{location},{sequence},"
                f"{POSITION_CONSTANTS[position]},{proc})")
        label = f" -- {card.ref}" + (f": {card.name}" if card.name else "")
        lines.append(call + label + (" (Set this turn)" if card.set_this_turn else ""))
    lines.append("Debug.ReloadFieldEnd()")
    lines.append(set_turn_lua(scenario))
    return "\n".join(lines).rstrip("\n") + "\n"


def set_turn_lua(scenario: Scenario) -> str:
    """Mark the 'Set this turn' cards. The core clears that status when the first turn starts (after
    the puzzle has run), so a one-shot global effect marks them at the start of the Draw Phase."""
    marks = []
    for placed in place_cards(scenario):
        card = placed.card
        if not card.set_this_turn:
            continue
        location, sequence = ("LOCATION_MZONE", placed.sequence) if card.location == "mzone" else \
            ("LOCATION_SZONE", 5 if card.location == "fzone" else placed.sequence)
        marks.append(f"    local c=Duel.GetFieldCard({placed.engine_player},{location},{sequence}) "
                     f"if c then c:SetStatus(STATUS_SET_TURN,true) end -- {card.ref}")
    if not marks:
        return ""
    return "\n".join([
        "-- 'Set this turn' cards: marked when the turn starts (the core resets the status at turn start)",
        "do",
        "  local mark=Effect.GlobalEffect()",
        "  mark:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_CONTINUOUS)",
        "  mark:SetCode(EVENT_PHASE_START+PHASE_DRAW)",
        "  mark:SetOperation(function(e)",
        *marks,
        "    e:Reset()",
        "  end)",
        "  Duel.RegisterEffect(mark,0)",
        "end",
    ]) + "\n"


def export_puzzles(scenarios: Iterable[Scenario], outdir: str | Path) -> list[Path]:
    """One <scenario id>.lua per scenario in outdir (EDOPro: put them in its puzzles/ folder)."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for scenario in scenarios:
        path = outdir / f"{scenario.id}.lua"
        path.write_text(puzzle_lua(scenario), encoding="utf-8")
        written.append(path)
    return written

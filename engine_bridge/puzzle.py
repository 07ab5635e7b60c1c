"""A scenario's set-up as an EDOPro puzzle: Lua calling the core's Debug API
(Debug.ReloadFieldBegin, Debug.SetPlayerInfo, Debug.AddCard, Debug.ReloadFieldEnd).

Exported puzzles are written as EDOPro's own puzzles are (ProjectIgnis/Puzzles, e.g.
"Folder - Tutorials/Tutorial_Ruling_MST.lua"): Debug.SetAIName, Debug.ReloadFieldBegin with symbolic
duel flags and the Master Rule number, the cards, Debug.ReloadFieldEnd, Debug.ShowHint lines (here:
the ruling and the expected outcome) and aux.BeginPuzzle() (a one-turn puzzle; utility.lua provides it).

The runner loads exactly this text into the engine to place the cards, so every run also proves
the exported puzzle loads. EDOPro's puzzle mode always starts in Main Phase 1 of player 0's first
turn, so the scenario's turn player becomes engine player 0 (PlayerMap swaps sides when needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from engine_bridge.constants import FRAME_TEMPLATE, RULE_FLAG_NAMES, load_constants, rule_flags
from engine_bridge.scenario import Scenario, SetupCard
from rulings.records import FIELD_LOCATIONS

ZONE_SLOTS = {"mzone": 5, "szone": 5, "pzone": 2, "fzone": 1}
PZONE_SZONE = (0, 4)  # the Spell & Trap Zones the Pendulum Zones are from Master Rule 4 on
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
    """Flags added to the rule's own: battle on turn 1 (puzzles start on turn 1) where a step battles or the
    scenario is compiled from a ruling (its turn is any turn of a duel: effects that ask whether the Battle
    Phase can be entered, Duel.IsAbleToEnterBP, see one), no hand-size limit."""
    flags = ["DUEL_NO_HAND_LIMIT"]
    if any(step.action == "attack" or step.phase == "battle" for step in scenario.steps) or scenario.setup.phase != "main1" \
            or scenario.template == FRAME_TEMPLATE:
        flags.append("DUEL_ATTACK_FIRST_TURN")
    return flags


RULE_NUMBERS = {"MR3": 3, "MR4": 4, "MR5": 5}
AI_NAME = "ygo-rulings"
HINT_MAX = 1000  # the core keeps 1024 bytes of a hint


def flag_expression(scenario: Scenario, export: bool = False) -> str:
    """The duel flags as EDOPro puzzles write them: DUEL_MODE_MR5+DUEL_ATTACK_FIRST_TURN+..."""
    names = [f"DUEL_MODE_{scenario.rule}", *extra_flags(scenario)]
    if export:
        names.append("DUEL_SIMPLE_AI")  # the opponent is played by EDOPro's AI
    return "+".join(names)


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
    shared = scenario.rule != "MR3"  # from Master Rule 4 the Pendulum Zones are Spell & Trap Zones 0 and 4

    def claim(player: int, location: str, sequence: int) -> None:
        used.setdefault((player, location), set()).add(sequence)
        if shared and location == "pzone" and sequence < 2:
            used.setdefault((player, "szone"), set()).add(PZONE_SZONE[sequence])
        elif shared and location == "szone" and sequence in PZONE_SZONE:
            used.setdefault((player, "pzone"), set()).add(PZONE_SZONE.index(sequence))

    for card in scenario.setup.cards:
        if card.location in ZONE_SLOTS and card.sequence is not None:
            claim(pmap.to_engine(card.player), card.location, card.sequence)
    placed = []
    for card in scenario.setup.cards:
        player = pmap.to_engine(card.player)
        sequence = card.sequence
        if card.location in ZONE_SLOTS and sequence is None:
            taken = used.setdefault((player, card.location), set())
            free = [i for i in range(ZONE_SLOTS[card.location]) if i not in taken]
            sequence = free[0] if free else ZONE_SLOTS[card.location]  # the engine will refuse it: reported
            claim(player, card.location, sequence)
        placed.append(PlacedCard(card, player, sequence if card.location in ZONE_SLOTS else None))
    return placed


_LUA_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def lua_string(value) -> str:
    """`value` as a Lua string literal: every string from a scenario (card names, source URLs, ruling
    text: anything a page or a YAML file supplied) enters the puzzle this way, as data. Quotes,
    backslashes and line breaks are escaped, so no text can end the literal, break out of a comment or
    run as code; other control characters become decimal escapes, and lone surrogates \\u{XXXX}."""
    out = []
    for ch in str(value):
        code = ord(ch)
        if ch in _LUA_ESCAPES:
            out.append(_LUA_ESCAPES[ch])
        elif code < 32 or code == 127:
            out.append(f"\\{code:03d}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{{{code:X}}}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


# A Fusion, Ritual, Synchro, Xyz or Link Monster placed in the Monster Zone was Summoned that way (from the
# Extra Deck, the hand for a Ritual Monster): effects that ask "if this card was Fusion Summoned" see it so;
# an Xyz Monster has two Xyz Materials (what its detach costs need)
SUMMONED_LUA = [
    "local function summoned(c)",
    "  if not c then return c end",
    "  for _,t in ipairs({{TYPE_FUSION,SUMMON_TYPE_FUSION,LOCATION_EXTRA},{TYPE_SYNCHRO,SUMMON_TYPE_SYNCHRO,LOCATION_EXTRA},",
    "      {TYPE_XYZ,SUMMON_TYPE_XYZ,LOCATION_EXTRA},{TYPE_LINK,SUMMON_TYPE_LINK,LOCATION_EXTRA},",
    "      {TYPE_RITUAL,SUMMON_TYPE_RITUAL,LOCATION_HAND}}) do",
    "    if c:IsType(t[1]) then Debug.PreSummon(c,t[2],t[3]) break end",
    "  end",
    "  if c:IsType(TYPE_XYZ) then",
    "    -- two Xyz Materials (copies of the card: the core attaches a card added to an occupied Monster Zone)",
    "    for _=1,2 do Debug.AddCard(c:GetOriginalCode(),c:GetOwner(),c:GetControler(),LOCATION_MZONE,c:GetSequence(),POS_FACEUP) end",
    "  end",
    "  return c",
    "end",
]


# A card placed on the field of the player who does not own it (SetupCard.owner): the core gives a card back to its
# owner unless an effect sets its control (as Duel.GetControl does), so the set-up registers one, reset when the
# card leaves the field
CONTROLLED_LUA = [
    "local function controlled(c,p)",
    "  if not c then return c end",
    "  local e=Effect.CreateEffect(c)",
    "  e:SetType(EFFECT_TYPE_SINGLE)",
    "  e:SetCode(EFFECT_SET_CONTROL)",
    "  e:SetValue(p)",
    "  e:SetReset(RESET_EVENT|RESET_LEAVE|RESET_TODECK|RESET_TOHAND|RESET_REMOVE|RESET_TOGRAVE)",
    "  c:RegisterEffect(e)",
    "  return c",
    "end",
]


def puzzle_lua(scenario: Scenario, export: bool = False) -> str:
    """The EDOPro puzzle script for the scenario's set-up. `export`: as a puzzle file for EDOPro (AI
    name, hints with the ruling and the expected outcome, aux.BeginPuzzle); the runner loads the same
    set-up without them (a scenario may play past the end of the turn). What the scenario says about
    itself (title, source, ruling, card names) is a table of Lua string literals, never comment or
    code text."""
    pmap = PlayerMap(scenario.setup.turn_player)
    flags = duel_flags(scenario)
    flag_names = [*RULE_FLAG_NAMES[scenario.rule], *extra_flags(scenario)]
    names = [f"[{lua_string(c.ref)}]={lua_string(c.name)}" for c in scenario.setup.cards if c.name]
    lines = [
        f"-- ygo-rulings scenario {scenario.id}: the set-up of one ruling as an EDOPro puzzle.",
        f"-- Player 0 here is scenario player {scenario.setup.turn_player} (the turn player).",
        "local scenario={",
        f"  id={lua_string(scenario.id)}, kind={lua_string(scenario.kind)}, topic={lua_string(scenario.topic)},",
        f"  title={lua_string(' '.join(str(scenario.title).split()))},",
        f"  rule={lua_string(scenario.rule)}, date={lua_string(scenario.ruling.date or 'unknown')},",
        f"  source={lua_string(scenario.ruling.source_url or '-')},",
        f"  ruling={lua_string(' '.join(scenario.ruling.text.split())[:300] or '-')},",
        f"  steps={lua_string('; '.join(step.describe() for step in scenario.steps) or '-')},",
        "  names={" + ", ".join(names) + "},",
        "}",
        f"-- flags: {' | '.join(flag_names)} (0x{flags:x})",
        *([f"Debug.SetAIName({lua_string(AI_NAME)})"] if export else []),
        f"Debug.ReloadFieldBegin({flag_expression(scenario, export)},{RULE_NUMBERS[scenario.rule]})",
    ]
    if any(c.location == "mzone" for c in scenario.setup.cards):
        lines += SUMMONED_LUA
    if any(c.owner is not None and c.owner != c.player and c.location in FIELD_LOCATIONS for c in scenario.setup.cards):
        lines += CONTROLLED_LUA
    for scenario_player in (scenario.setup.turn_player, 1 - scenario.setup.turn_player):
        lines.append(f"Debug.SetPlayerInfo({pmap.to_engine(scenario_player)},{scenario.setup.lp[scenario_player]},0,0)")
    placed_cards = place_cards(scenario)
    for placed in placed_cards:
        card = placed.card
        location = LOCATION_CONSTANTS[card.location]
        position = card.effective_position
        if card.location in ("hand", "deck", "extra") and card.position is None:
            position = "facedown"
        sequence = placed.sequence if placed.sequence is not None else 0
        # (a revived monster's "properly Summoned" status: every monster placed in the Monster Zone, and a card in
        # the Graveyard or banished the scenario says was: SetupCard.properly_summoned)
        proc = "true" if card.location == "mzone" or card.properly_summoned else "false"
        owner = placed.engine_player if card.owner is None else pmap.to_engine(card.owner)
        call = (f"Debug.AddCard({card.code},{owner},{placed.engine_player},{location},{sequence},"
                f"{POSITION_CONSTANTS[position]},{proc})")
        if card.location == "mzone":
            call = f"summoned({call})"
        if owner != placed.engine_player and card.location in FIELD_LOCATIONS:
            call = f"controlled({call},{placed.engine_player})"
        lines.append(call + f" -- {card.ref}" + (" (Set this turn)" if card.set_this_turn else ""))
    lines += equip_lua(placed_cards)
    lines.append("Debug.ReloadFieldEnd()")
    marks = set_turn_lua(scenario)
    if marks:
        lines.append(marks)
    if export:
        ruling = " ".join(scenario.ruling.text.split()) or scenario.title
        lines.append(f"Debug.ShowHint({lua_string(_hint('Ruling: ' + ruling))})")
        lines.append(f"Debug.ShowHint({lua_string(_hint('Expected: ' + expected_outcome(scenario)))})")
        lines.append("aux.BeginPuzzle()")
    return "\n".join(lines).rstrip("\n") + "\n"


def _hint(text: str) -> str:
    data = text.encode("utf-8")
    return text if len(data) <= HINT_MAX else data[:HINT_MAX - 3].decode("utf-8", "ignore") + "..."


def expected_outcome(scenario: Scenario) -> str:
    """What the engine must show, in words: each step's expectations, then the final state."""
    parts = []
    for i, step in enumerate(scenario.steps, 1):
        bits = []
        if "offered" in step.expect:
            bits.append("offered" if step.expect["offered"] else "not offered")
        for key in ("target_selectable", "selectable"):
            for ref, ok in (step.expect.get(key) or {}).items():
                bits.append(f"{ref} {'can' if ok else 'cannot'} be chosen")
        if bits:
            parts.append(f"step {i} ({step.describe()}): {', '.join(bits)}")
    for ref, want in scenario.expect.cards.items():
        parts.append(f"{ref}: " + ", ".join(f"{v}" if k == "location" else f"{k} {v}" for k, v in want.items()))
    if scenario.expect.lp is not None:
        parts.append(f"LP {scenario.expect.lp[0]} / {scenario.expect.lp[1]}")
    if scenario.expect.chain is not None:
        parts.append(f"chain {' -> '.join(scenario.expect.chain)}")
    if scenario.expect.resolved is not None:
        parts.append(f"resolves {', '.join(scenario.expect.resolved)}")
    return "; ".join(parts) or "-"


# A card equipped in the set-up (SetupCard.equipped_to): Debug.PreEquip; a card that is no Equip Spell (a monster an
# effect equipped, 「サクリファイス」's) also gets what Duel.Equip and the equipping effect would give it: treated as an
# Equip Spell, and an equip limit to its monster (without one the rules send an Equip Card to the Graveyard), both
# reset when it leaves the field
EQUIPPED_LUA = [
    "local function equipped(c,tc)",
    "  if not (c and tc) then return end",
    "  Debug.PreEquip(c,tc)",
    "  if c:IsType(TYPE_EQUIP) then return end",
    "  local e1=Effect.CreateEffect(c)",
    "  e1:SetType(EFFECT_TYPE_SINGLE)",
    "  e1:SetProperty(EFFECT_FLAG_CANNOT_DISABLE)",
    "  e1:SetCode(EFFECT_CHANGE_TYPE)",
    "  e1:SetValue(TYPE_EQUIP+TYPE_SPELL)",
    "  e1:SetReset(RESET_EVENT+RESETS_STANDARD)",
    "  c:RegisterEffect(e1)",
    "  local e2=e1:Clone()",
    "  e2:SetCode(EFFECT_EQUIP_LIMIT)",
    "  e2:SetValue(function(e,ec) return ec==tc end)",
    "  c:RegisterEffect(e2)",
    "end",
]


def equip_lua(placed_cards: list[PlacedCard]) -> list[str]:
    """Equip the cards placed as Equip Cards (SetupCard.equipped_to) to their monsters (EQUIPPED_LUA), on the cards
    the set-up put in those zones."""
    where = {p.card.ref: p for p in placed_cards}
    lines = []
    for placed in placed_cards:
        if placed.card.equipped_to is None:
            continue
        target = where[placed.card.equipped_to]
        lines.append(f"equipped(Duel.GetFieldCard({placed.engine_player},LOCATION_SZONE,{placed.sequence}),"
                     f"Duel.GetFieldCard({target.engine_player},LOCATION_MZONE,{target.sequence}))"
                     f" -- {placed.card.ref} equipped to {target.card.ref}")
    return [*EQUIPPED_LUA, *lines] if lines else []


def set_turn_lua(scenario: Scenario) -> str:
    """Mark the 'Set this turn' cards. The core clears that status when the first turn starts (after
    the puzzle has run), so a one-shot global effect marks them at the start of Main Phase 1 (an
    exported puzzle skips the Draw and Standby Phases: aux.BeginPuzzle)."""
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
        "  mark:SetCode(EVENT_PHASE_START+PHASE_MAIN1)",
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
        path.write_text(puzzle_lua(scenario, export=True), encoding="utf-8")
        written.append(path)
    return written

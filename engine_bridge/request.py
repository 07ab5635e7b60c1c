"""A scenario as the Node driver's request: engine flags, the puzzle Lua that places the cards,
card data, the script folders, and the steps in engine players.

Also the checks that need no engine (an unknown card, a card without a script): they give the
scenario an `error` verdict with a clear reason before anything runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine_bridge.carddata import engine_card, is_normal_monster
from engine_bridge.constants import FRAME_TEMPLATE, SCRIPTS_DIR, load_constants
from engine_bridge.puzzle import PlayerMap, duel_flags, place_cards, puzzle_lua
from engine_bridge.scenario import Scenario
from rulings.errors import InputError

TOKEN_OFFSETS = (1, 2, 3, 4)  # a card's Tokens: the codes right after its own (「スケープ・ゴート」 makes four)
BASE_SCRIPTS = ("constant.lua", "utility.lua")
# Steps the set-up phase implies (puzzles start in Main Phase 1)
PHASE_PRELUDE = {"main1": [], "battle": ["battle"], "main2": ["battle", "main2"]}


def pack_script_dirs() -> list[Path]:
    """The project's own script pack: base scripts at the top, card scripts in official/."""
    return [SCRIPTS_DIR, SCRIPTS_DIR / "official"]


def user_script_dirs(root: str | Path) -> list[Path]:
    """A YGOPro/EDOPro script folder: base scripts (constant.lua, utility.lua, proc_*.lua) at its top,
    card scripts in its sub-folders (official/, pre-release/ ...), or all at the top."""
    root = Path(root)
    if not root.is_dir():
        raise InputError(f"{root}: not a script folder")
    if not (root / "constant.lua").exists() and (root / "script" / "constant.lua").exists():
        root = root / "script"
    if not (root / "constant.lua").exists():
        raise InputError(f"{root}: no constant.lua (expected an EDOPro/YGOPro script folder)")
    subdirs = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
                     key=lambda p: (SUBDIR_ORDER.index(p.name) if p.name in SUBDIR_ORDER else len(SUBDIR_ORDER), p.name))
    dirs = [root, *subdirs]
    check_base_scripts(dirs)
    return dirs


# EDOPro looks card scripts up in official/ before the others (unofficial/ repeats a few official codes)
SUBDIR_ORDER = ("official", "pre-release")
_LOAD_SCRIPT = re.compile(r"""Duel\.LoadScript\(\s*["']([^"']+\.lua)["']\s*\)""")


def check_base_scripts(dirs: list[Path]) -> None:
    """utility.lua loads more base files (proc_fusion.lua, proc_pendulum.lua ... in EDOPro's layout):
    every one it names at its top level must be found in the folders, else the run refuses."""
    utility = next((Path(d) / "utility.lua" for d in dirs if (Path(d) / "utility.lua").exists()), None)
    if utility is None:
        raise InputError(f"{dirs[0]}: no utility.lua (expected an EDOPro/YGOPro script folder)")
    text = utility.read_text(encoding="utf-8", errors="replace")
    missing = [name for name in dict.fromkeys(_LOAD_SCRIPT.findall(text))
               if not any((Path(d) / name).exists() for d in dirs)]
    if missing:
        raise InputError(f"{utility}: loads {', '.join(missing)}, not found in {', '.join(str(d) for d in dirs)}")


def find_script(dirs: list[Path], code: int) -> Path | None:
    for directory in dirs:
        path = Path(directory) / f"c{code}.lua"
        if path.exists():
            return path
    return None


@dataclass
class Prepared:
    """A scenario ready for the driver, or the reason it cannot run."""

    scenario: Scenario
    request: dict | None
    problem: str | None = None
    prelude: int = 0  # implicit steps before the scenario's own (results index steps after them)
    pmap: PlayerMap = field(default_factory=lambda: PlayerMap(0))


def _engine_location(location: str, sequence: int | None, rule: str) -> tuple[int, int | None]:
    k = load_constants()
    if location == "pzone":
        # the core keeps Pendulum Zones in the Spell & Trap zone row: separate slots 6/7 under
        # Master Rule 3, the outermost Spell & Trap Zones (0 and 4) from Master Rule 4 on
        slots = (6, 7) if rule == "MR3" else (0, 4)
        return k["LOCATION_SZONE"], slots[sequence or 0] if sequence is not None and sequence < 2 else None
    if location == "fzone":
        return k["LOCATION_SZONE"], 5
    return k[f"LOCATION_{location.upper()}"], sequence




def prepare(scenario: Scenario, card_data: dict[int, dict], script_dirs: list[Path], timeout_ms: int = 5000,
            seed: tuple[int, int, int, int] = (1, 2, 3, 4)) -> Prepared:
    pmap = PlayerMap(scenario.setup.turn_player)
    unknown = [f"{c.ref} ({c.code})" for c in scenario.setup.cards if c.code not in card_data]
    if unknown:
        return Prepared(scenario, None, f"unknown card {', '.join(unknown)}: not in the card database", pmap=pmap)
    problems = list(dict.fromkeys(card_data[c.code]["problem"] for c in scenario.setup.cards if card_data[c.code].get("problem")))
    if problems:
        return Prepared(scenario, None, "; ".join(problems), pmap=pmap)
    need_scripts = sorted({c.code for c in scenario.setup.cards if not is_normal_monster(card_data[c.code])})
    no_script = [f"{c.ref} ({c.code})" for c in scenario.setup.cards
                 if c.code in need_scripts and find_script(script_dirs, c.code) is None]
    if no_script:
        return Prepared(scenario, None, f"no script for {', '.join(dict.fromkeys(no_script))}: "
                        f"c<code>.lua not found in {', '.join(str(d) for d in script_dirs)}", pmap=pmap)
    refs = []
    for placed in place_cards(scenario):
        location, sequence = _engine_location(placed.card.location, placed.sequence, scenario.rule)
        refs.append({"ref": placed.card.ref, "code": placed.card.code, "player": placed.engine_player,
                     "location": location, "sequence": sequence})
    owner = {c.ref: pmap.to_engine(c.player) for c in scenario.setup.cards}
    # a card owned by the player who does not control it: once it has left the field (a chain step `after` it
    # left) it is its owner's, who activates it
    owned = {c.ref: pmap.to_engine(c.owner) for c in scenario.setup.cards if c.owner is not None}
    code_of = {c.ref: c.code for c in scenario.setup.cards}
    prelude = [{"action": "phase", "phase": p, "card": None, "player": None} for p in PHASE_PRELUDE[scenario.setup.phase]]
    steps = prelude + [{
        "action": step.action,
        "card": step.card,
        "player": (owned[step.card] if step.card in owned and step.card in (step.after or []) else owner.get(step.card))
        if step.card else None,
        "phase": step.phase,
        "target": step.target,
        "select": step.select,
        "position": step.position,
        "answer": step.answer,
        "expect_offered": step.expect.get("offered"),
        # EDOPro's aux.Stringid(code, n): the option's description
        "effect_description": None if step.effect is None else str(code_of[step.card] << 20 | step.effect),
        "after": step.after,
        "window": step.window,
    } for step in scenario.steps]
    codes, token_bit = set(scenario.codes()), load_constants()["TYPE_TOKEN"]
    request = {
        "id": scenario.id,
        "flags": str(duel_flags(scenario)),
        "seed": [str(s) for s in seed],
        "lp": [scenario.setup.lp[pmap.to_scenario(0)], scenario.setup.lp[pmap.to_scenario(1)]],
        "puzzle": puzzle_lua(scenario),
        "puzzle_name": f"{scenario.id}.lua",
        "base_scripts": list(BASE_SCRIPTS),
        "script_dirs": [str(d) for d in script_dirs],
        # the scenario's cards and the Tokens their scripts create (the codes after theirs, when card data has them)
        "cards": {str(code): engine_card(data) for code, data in card_data.items() if code in codes or (
            data.get("type", 0) & token_bit and any(code - n in codes for n in TOKEN_OFFSETS))},
        "need_scripts": need_scripts,
        "refs": refs,
        "steps": steps,
        "timeout_ms": int(timeout_ms),
        # frame scenarios' steps say what is played, not which card each cost or effect picks: the driver
        # takes any choice the engine offers where a step lists none of its candidates
        "choose_any": scenario.template == FRAME_TEMPLATE,
    }
    return Prepared(scenario, request, None, prelude=len(prelude), pmap=pmap)

"""The scenario format: one ruling turned into a duel situation, a few actions, and what the rules
engine must show afterwards. Read like an XMage card test: setup, steps, expectations.

A scenario file is YAML (or JSON) holding one scenario (a mapping) or several (a list, or a mapping
with a `scenarios:` list). Full reference with examples: engine_bridge/SCENARIOS.md. In short:

    format: 1                          # FORMAT_VERSION; files with another major version are refused
    id: mst-destroys-trap-monster      # unique, [a-z0-9._-]
    title: "「旋風」 can target a Continuous Trap Monster and destroys it"
    topic: trap-monster                # summary tables group by it
    kind: ruling                       # ruling | control (same situation without the ruling's condition)
    control_for: null                  # a control names the ruling scenario it mirrors
    template: hand-written             # generator template that produced it (or hand-written)
    ruling_ids: [seed-000-03]          # the Ruling records it checks
    ruling: {text: ..., source_url: ..., date: 2019-05-01, language: zh-Hant}
    rule: MR4                          # optional: MR3 | MR4 | MR5; default today's rule (engine_bridge.era)
    rule_basis: "its text names MR4"   # optional: what decided the rule era
    setup:
      lp: [8000, 8000]
      turn_player: 0                   # whose turn it is (the engine side is mapped so it plays first)
      phase: main1                     # main1 | battle | main2
      cards:
        - {ref: mst, code: 5318639, player: 0, location: hand}
        - {ref: apophis, code: 28649820, player: 0, location: szone, position: facedown,
           set_this_turn: false}
    steps:
      - activate: apophis              # open game state (idle / battle command) of its controller
      - activate: mst
        target: apophis                # or a list; answers the engine's target prompt
        expect: {offered: true, target_selectable: {apophis: true}}
      - chain: some_ref                # respond in the current chain window of its controller
      - pass                           # pass one chain window
      - summon: ref | set: ref | special_summon: ref (select: [refs], expect: {selectable: {..}})
      - attack: ref (target: ref | omitted for a direct attack)
      - phase: battle | main2 | end
    expect:
      cards: {apophis: {location: grave}}   # player, location, sequence, position, face
      lp: [8000, 8000]
      chain: [apophis, mst]            # refs of the links of the last chain built, link 1 first
      resolved: [mst, apophis]         # refs in the order their chain links resolved

The format is the Scenario record of rulings.records (pydantic models: validation, JSON Schema); this
module reads and writes scenario files. Loading validates and raises InputError naming the file, the
scenario and the field; running is engine_bridge.runner's job, comparing engine_bridge.compare's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from rulings.errors import InputError
from rulings.records import (FORMAT_VERSION, MR4_START, MR5_START, RULES, Expect, RulingRef, Scenario, Setup,
                             SetupCard, Step, rule_for_date)

__all__ = ["FORMAT_VERSION", "MR4_START", "MR5_START", "RULES", "Expect", "RulingRef", "Scenario", "Setup", "SetupCard",
           "Step", "dump_scenarios", "iter_scenarios", "load_scenarios", "rule_for_date", "scenario_files"]


def _documents(path: Path) -> list[Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read scenario file ({exc})") from exc
    try:
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"{path}: not valid {'JSON' if path.suffix == '.json' else 'YAML'} ({first})") from exc
    if isinstance(data, dict) and "scenarios" in data:
        data = data["scenarios"]
    if data is None:
        raise InputError(f"{path}: empty scenario file")
    return data if isinstance(data, list) else [data]


SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files named on the command line; directories are searched (recursively) for YAML/JSON files."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file()))
        elif path.is_file():
            out.append(path)
        else:
            raise InputError(f"{path}: no such scenario file or directory")
    return out


def _looks_like_scenarios(docs: list[Any]) -> bool:
    return any(isinstance(d, dict) and ("format" in d or "setup" in d or "steps" in d) for d in docs)


def load_scenarios(paths: Iterable[str | Path], errors: list[tuple[str, str]] | None = None) -> list[Scenario]:
    """Every scenario in the given files/directories, validated; ids must be unique across them.

    A file named explicitly must be a scenario file. Inside a directory, other JSON/YAML files (a
    coverage report, a CI config) are passed over, since scenarios often sit beside them.
    With `errors`, a file that cannot be read or parsed, or a scenario that is not valid, is appended
    there as (name, one-line reason) and the rest still loads (a batch runs to the end); without it,
    the first one raises InputError."""
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    paths = list(paths)
    named = {Path(p) for p in paths if Path(p).is_file()}
    for path in scenario_files(paths):
        try:
            docs = _documents(path)
        except InputError as exc:
            if errors is None:
                raise
            errors.append((str(path), str(exc)))
            continue
        if path not in named and not _looks_like_scenarios(docs):
            continue
        for index, raw in enumerate(docs):
            try:
                scenario = Scenario.from_data(raw, str(path))
                if scenario.id in seen:
                    raise InputError(f"{path}: scenario id {scenario.id!r} already used in {seen[scenario.id]}")
            except InputError as exc:
                if errors is None:
                    raise
                given = raw.get("id") if isinstance(raw, dict) else None
                errors.append((f"{path}#{given if isinstance(given, str) and given else index + 1}", str(exc)))
                continue
            seen[scenario.id] = str(path)
            scenarios.append(scenario)
    return scenarios


def iter_scenarios(paths: Iterable[str | Path]) -> Iterator[Scenario]:
    yield from load_scenarios(paths)


def dump_scenarios(scenarios: Iterable[Scenario], path: str | Path) -> Path:
    """Write scenarios as one YAML file (the generator's output form); load_scenarios reads it back."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    docs = [s.to_dict() for s in scenarios]
    text = yaml.safe_dump({"scenarios": docs} if len(docs) != 1 else docs[0], allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path

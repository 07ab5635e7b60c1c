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

Everything here is plain data: loading validates it and raises InputError naming the file, the
scenario and the field; running is engine_bridge.runner's job, comparing engine_bridge.compare's.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from rulings.errors import InputError

FORMAT_VERSION = 1

# Rule eras by date (OCG): Master Rule 4 ("New Master Rule") started 2017-03-25, Master Rule 5
# (April 2020 revision: trap monsters no longer keep a Spell & Trap zone) on 2020-04-01.
MR4_START = dt.date(2017, 3, 25)
MR5_START = dt.date(2020, 4, 1)
RULES = ("MR3", "MR4", "MR5")

LOCATIONS = ("deck", "hand", "mzone", "szone", "grave", "removed", "extra", "fzone", "pzone")
FIELD_LOCATIONS = ("mzone", "szone", "fzone", "pzone")
POSITIONS = ("faceup_attack", "facedown_attack", "faceup_defense", "facedown_defense", "faceup", "facedown")
PHASES = ("main1", "battle", "main2")
STEP_ACTIONS = ("activate", "chain", "pass", "summon", "set", "special_summon", "attack", "phase")
STEP_PHASES = ("battle", "main2", "end")
CARD_EXPECT_KEYS = ("player", "location", "sequence", "position", "face")
KINDS = ("ruling", "control")

_ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


def rule_for_date(date: dt.date | str | None) -> str:
    """The Master Rule in force on a ruling's date; no date means the current rule (MR5)."""
    if date is None or date == "":
        return "MR5"
    if isinstance(date, str):
        try:
            date = dt.date.fromisoformat(date[:10])
        except ValueError as exc:
            raise InputError(f"ruling date {date!r} is not an ISO date (YYYY-MM-DD)") from exc
    if isinstance(date, dt.datetime):
        date = date.date()
    if date < MR4_START:
        return "MR3"
    if date < MR5_START:
        return "MR4"
    return "MR5"


@dataclass
class RulingRef:
    text: str = ""
    source_url: str = ""
    date: str | None = None  # ISO date
    language: str = ""


@dataclass
class SetupCard:
    ref: str
    code: int
    player: int
    location: str
    sequence: int | None = None
    position: str | None = None  # default: faceup_attack in mzone, facedown in szone, faceup elsewhere
    set_this_turn: bool = False
    name: str = ""  # for readers only

    @property
    def effective_position(self) -> str:
        if self.position:
            return self.position
        if self.location == "mzone":
            return "faceup_attack"
        if self.location == "szone":
            return "facedown"
        return "faceup"


@dataclass
class Setup:
    lp: list[int] = field(default_factory=lambda: [8000, 8000])
    turn_player: int = 0
    phase: str = "main1"
    cards: list[SetupCard] = field(default_factory=list)

    def card(self, ref: str) -> SetupCard:
        for card in self.cards:
            if card.ref == ref:
                return card
        raise KeyError(ref)


@dataclass
class Step:
    action: str  # one of STEP_ACTIONS
    card: str | None = None  # the ref acted with (None for pass / phase)
    phase: str | None = None  # for action == "phase"
    target: list[str] = field(default_factory=list)  # target prompt answers (activate/chain/attack)
    select: list[str] = field(default_factory=list)  # other card prompts (special_summon, costs)
    position: str | None = None  # summon / set position
    answer: bool | None = None  # yes/no prompts during this step
    expect: dict[str, Any] = field(default_factory=dict)  # offered, target_selectable, selectable
    effect: int | None = None  # which of the card's effects: n of EDOPro's aux.Stringid(code, n)

    def describe(self) -> str:
        if self.action == "phase":
            return f"phase {self.phase}"
        if self.action == "pass":
            return "pass"
        text = f"{self.action} {self.card}"
        if self.effect is not None:
            text += f" (effect {self.effect})"
        if self.target:
            text += f" -> {', '.join(self.target)}"
        return text


@dataclass
class Expect:
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    lp: list[int] | None = None
    chain: list[str] | None = None
    resolved: list[str] | None = None


@dataclass
class Scenario:
    id: str
    title: str
    setup: Setup
    steps: list[Step]
    expect: Expect
    topic: str = "general"
    kind: str = "ruling"
    control_for: str | None = None
    template: str = "hand-written"
    ruling_ids: list[str] = field(default_factory=list)
    ruling: RulingRef = field(default_factory=RulingRef)
    rule: str = "MR5"
    rule_basis: str = ""  # what decided the rule era (engine_bridge.era)
    format: int = FORMAT_VERSION
    source_file: str = ""  # where it was loaded from (not part of the format)
    notes: dict[str, Any] = field(default_factory=dict)  # the generator's record: clause, stand-ins ...
    note: str = ""  # a hand-written remark

    def codes(self) -> list[int]:
        return sorted({card.code for card in self.setup.cards})

    def to_dict(self) -> dict[str, Any]:
        """The canonical file form (what dump_scenarios writes and load_scenarios reads back)."""
        cards = []
        for card in self.setup.cards:
            entry = {"ref": card.ref, "code": card.code, "player": card.player, "location": card.location}
            if card.name:
                entry["name"] = card.name
            if card.sequence is not None:
                entry["sequence"] = card.sequence
            if card.position:
                entry["position"] = card.position
            if card.set_this_turn:
                entry["set_this_turn"] = True
            cards.append(entry)
        expect = {k: v for k, v in asdict(self.expect).items() if v not in (None, {}, [])}
        data: dict[str, Any] = {
            "format": self.format, "id": self.id, "title": self.title, "topic": self.topic, "kind": self.kind,
            "control_for": self.control_for, "template": self.template, "ruling_ids": list(self.ruling_ids),
            "ruling": asdict(self.ruling), "rule": self.rule, "rule_basis": self.rule_basis,
            "setup": {"lp": list(self.setup.lp), "turn_player": self.setup.turn_player, "phase": self.setup.phase,
                      "cards": cards},
            "steps": [_step_to_dict(step) for step in self.steps],
            "expect": expect,
        }
        if data["control_for"] is None:
            del data["control_for"]
        if not self.rule_basis:
            del data["rule_basis"]
        if self.note:
            data["note"] = self.note
        if self.notes:
            data["notes"] = self.notes
        return data


def _step_to_dict(step: Step) -> dict[str, Any] | str:
    if step.action == "pass" and not step.expect:
        return "pass"
    out: dict[str, Any] = {step.action: step.phase if step.action == "phase" else step.card}
    if step.target:
        out["target"] = step.target if len(step.target) > 1 else step.target[0]
    if step.select:
        out["select"] = step.select
    if step.position:
        out["position"] = step.position
    if step.answer is not None:
        out["answer"] = step.answer
    if step.effect is not None:
        out["effect"] = step.effect
    if step.expect:
        out["expect"] = step.expect
    return out


# ---------------------------------------------------------------- loading and validation


class _Where:
    """The 'file: scenario id: field' prefix of every validation message."""

    def __init__(self, source: str, scenario_id: str | None = None):
        self.source, self.scenario_id = source, scenario_id

    def error(self, message: str) -> InputError:
        prefix = self.source + (f": scenario {self.scenario_id!r}" if self.scenario_id else "")
        return InputError(f"{prefix}: {message}")


def _as_list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _int(where: _Where, value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(str(value), 0)
        except (TypeError, ValueError):
            raise where.error(f"{what} must be an integer, got {value!r}") from None
    return value


def _choice(where: _Where, value: Any, allowed: Iterable[str], what: str) -> str:
    allowed = tuple(allowed)
    text = str(value).strip().lower() if value is not None else ""
    if text not in allowed:
        raise where.error(f"{what} must be one of {', '.join(allowed)}; got {value!r}")
    return text


def _player(where: _Where, value: Any, what: str) -> int:
    player = _int(where, value, what)
    if player not in (0, 1):
        raise where.error(f"{what} must be 0 or 1, got {value!r}")
    return player


def _lp_pair(where: _Where, value: Any, what: str) -> list[int]:
    if isinstance(value, dict):
        value = [value.get(0, value.get("0")), value.get(1, value.get("1"))]
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise where.error(f"{what} must be two numbers [player 0, player 1], got {value!r}")
    return [_int(where, v, what) for v in value]


def _card(where: _Where, raw: Any, index: int) -> SetupCard:
    if not isinstance(raw, dict):
        raise where.error(f"setup.cards[{index}] must be a mapping, got {raw!r}")
    unknown = set(raw) - {"ref", "code", "player", "location", "sequence", "position", "set_this_turn", "name"}
    if unknown:
        raise where.error(f"setup.cards[{index}] has unknown field(s) {', '.join(sorted(unknown))}")
    for key in ("ref", "code", "player", "location"):
        if key not in raw:
            raise where.error(f"setup.cards[{index}] lacks {key!r}")
    ref = str(raw["ref"])
    if not _ID.match(ref):
        raise where.error(f"setup.cards[{index}].ref {ref!r} must match [a-z0-9][a-z0-9._-]*")
    card = SetupCard(
        ref=ref,
        code=_int(where, raw["code"], f"card {ref!r} code"),
        player=_player(where, raw["player"], f"card {ref!r} player"),
        location=_choice(where, raw["location"], LOCATIONS, f"card {ref!r} location"),
        sequence=None if raw.get("sequence") is None else _int(where, raw["sequence"], f"card {ref!r} sequence"),
        position=None if raw.get("position") is None else _choice(where, raw["position"], POSITIONS, f"card {ref!r} position"),
        set_this_turn=bool(raw.get("set_this_turn", False)),
        name=str(raw.get("name") or ""),
    )
    if card.set_this_turn and card.location not in FIELD_LOCATIONS:
        raise where.error(f"card {ref!r}: set_this_turn only applies to cards on the field")
    if card.location not in FIELD_LOCATIONS and card.position in ("faceup_defense", "facedown_defense", "facedown_attack"):
        raise where.error(f"card {ref!r}: position {card.position} only applies on the field")
    return card


def _step(where: _Where, raw: Any, index: int, refs: set[str]) -> Step:
    label = f"steps[{index}]"
    if isinstance(raw, str):
        raw = {raw: None}
    if not isinstance(raw, dict):
        raise where.error(f"{label} must be an action mapping or 'pass', got {raw!r}")
    actions = [key for key in raw if key in STEP_ACTIONS]
    if len(actions) != 1:
        raise where.error(f"{label} must name exactly one action of {', '.join(STEP_ACTIONS)}; got {sorted(raw)}")
    action = actions[0]
    unknown = set(raw) - {action, "target", "select", "position", "answer", "expect", "note", "effect"}
    if unknown:
        raise where.error(f"{label} ({action}) has unknown field(s) {', '.join(sorted(unknown))}")

    def ref_list(value: Any, what: str) -> list[str]:
        out = [str(v) for v in _as_list(value)]
        for ref in out:
            if ref not in refs:
                raise where.error(f"{label} ({action}) {what} names unknown card ref {ref!r}")
        return out

    step = Step(action=action)
    if action == "phase":
        step.phase = _choice(where, raw[action], STEP_PHASES, f"{label} phase")
    elif action == "pass":
        if raw[action] not in (None, True):
            raise where.error(f"{label}: 'pass' takes no value")
    else:
        step.card = (ref_list(raw[action], "card") or [None])[0]
        if step.card is None:
            raise where.error(f"{label} ({action}) needs a card ref")
    step.target = ref_list(raw.get("target"), "target")
    step.select = ref_list(raw.get("select"), "select")
    if raw.get("position") is not None:
        step.position = _choice(where, raw["position"], POSITIONS, f"{label} position")
    if raw.get("effect") is not None:
        step.effect = _int(where, raw["effect"], f"{label} effect")
        if not 0 <= step.effect < 1 << 20 or action not in ("activate", "chain"):
            raise where.error(f"{label} effect must be a Stringid index 0..1048575 of an activate/chain step")
    if raw.get("answer") is not None:
        if not isinstance(raw["answer"], bool):
            raise where.error(f"{label} answer must be true or false")
        step.answer = raw["answer"]
    expect = raw.get("expect") or {}
    if not isinstance(expect, dict):
        raise where.error(f"{label} expect must be a mapping")
    unknown = set(expect) - {"offered", "target_selectable", "selectable"}
    if unknown:
        raise where.error(f"{label} expect has unknown field(s) {', '.join(sorted(unknown))}")
    if "offered" in expect and not isinstance(expect["offered"], bool):
        raise where.error(f"{label} expect.offered must be true or false")
    for key in ("target_selectable", "selectable"):
        if key in expect:
            if not isinstance(expect[key], dict) or not all(isinstance(v, bool) for v in expect[key].values()):
                raise where.error(f"{label} expect.{key} must map card refs to true/false")
            ref_list(list(expect[key]), f"expect.{key}")
    step.expect = dict(expect)
    return step


def _expect(where: _Where, raw: Any, refs: set[str]) -> Expect:
    raw = raw or {}
    if not isinstance(raw, dict):
        raise where.error("expect must be a mapping")
    unknown = set(raw) - {"cards", "lp", "chain", "resolved"}
    if unknown:
        raise where.error(f"expect has unknown field(s) {', '.join(sorted(unknown))}")
    cards: dict[str, dict[str, Any]] = {}
    for ref, want in (raw.get("cards") or {}).items():
        if ref not in refs:
            raise where.error(f"expect.cards names unknown card ref {ref!r}")
        if isinstance(want, str):
            want = {"location": want}
        if not isinstance(want, dict):
            raise where.error(f"expect.cards.{ref} must be a mapping or a location name")
        bad = set(want) - set(CARD_EXPECT_KEYS)
        if bad:
            raise where.error(f"expect.cards.{ref} has unknown field(s) {', '.join(sorted(bad))}")
        clean: dict[str, Any] = {}
        if "location" in want:
            clean["location"] = _choice(where, want["location"], LOCATIONS, f"expect.cards.{ref}.location")
        if "position" in want:
            clean["position"] = _choice(where, want["position"], POSITIONS, f"expect.cards.{ref}.position")
        if "face" in want:
            clean["face"] = _choice(where, want["face"], ("up", "down"), f"expect.cards.{ref}.face")
        if "player" in want:
            clean["player"] = _player(where, want["player"], f"expect.cards.{ref}.player")
        if "sequence" in want:
            clean["sequence"] = _int(where, want["sequence"], f"expect.cards.{ref}.sequence")
        cards[ref] = clean

    def refs_of(key: str) -> list[str] | None:
        if raw.get(key) is None:
            return None
        out = [str(v) for v in _as_list(raw[key])]
        for ref in out:
            if ref not in refs:
                raise where.error(f"expect.{key} names unknown card ref {ref!r}")
        return out

    lp = None if raw.get("lp") is None else _lp_pair(where, raw["lp"], "expect.lp")
    return Expect(cards=cards, lp=lp, chain=refs_of("chain"), resolved=refs_of("resolved"))


def scenario_from_dict(raw: Any, source: str = "<data>") -> Scenario:
    where = _Where(source)
    if not isinstance(raw, dict):
        raise where.error(f"a scenario must be a mapping, got {type(raw).__name__}")
    version = raw.get("format", FORMAT_VERSION)
    if _int(where, version, "format") != FORMAT_VERSION:
        raise where.error(f"scenario format {version!r} is not supported (this version reads format {FORMAT_VERSION})")
    if "id" not in raw:
        raise where.error("scenario lacks 'id'")
    scenario_id = str(raw["id"])
    where = _Where(source, scenario_id)
    if not _ID.match(scenario_id):
        raise where.error("id must match [a-z0-9][a-z0-9._-]*")
    known = {"format", "id", "title", "topic", "kind", "control_for", "template", "ruling_ids", "ruling", "rule",
             "setup", "steps", "expect", "note", "notes", "rule_basis"}
    unknown = set(raw) - known
    if unknown:
        raise where.error(f"unknown field(s) {', '.join(sorted(unknown))}")

    ruling_raw = raw.get("ruling") or {}
    if not isinstance(ruling_raw, dict):
        raise where.error("ruling must be a mapping (text, source_url, date, language)")
    date = ruling_raw.get("date")
    if isinstance(date, (dt.date, dt.datetime)):
        date = date.isoformat()[:10]
    ruling = RulingRef(text=str(ruling_raw.get("text") or ""), source_url=str(ruling_raw.get("source_url") or ""),
                       date=str(date) if date else None, language=str(ruling_raw.get("language") or ""))
    if ruling.date:
        try:
            rule_for_date(ruling.date)  # a date must at least be one
        except InputError as exc:
            raise where.error(str(exc)) from None
    # a ruling in force today runs under today's rule; its date only says since when (engine_bridge.era)
    rule = _choice(where, raw.get("rule") or RULES[-1], [r.lower() for r in RULES], "rule").upper()
    rule_basis = str(raw.get("rule_basis") or ("" if raw.get("rule") else "no rule given: today's rule"))
    notes = raw.get("notes") or {}
    if not isinstance(notes, dict):
        raise where.error("notes must be a mapping")

    setup_raw = raw.get("setup")
    if not isinstance(setup_raw, dict):
        raise where.error("setup must be a mapping with lp, turn_player, phase, cards")
    cards = [_card(where, c, i) for i, c in enumerate(_as_list(setup_raw.get("cards")))]
    if not cards:
        raise where.error("setup.cards is empty")
    refs = [c.ref for c in cards]
    duplicates = sorted({r for r in refs if refs.count(r) > 1})
    if duplicates:
        raise where.error(f"setup.cards repeats ref(s) {', '.join(duplicates)}")
    setup = Setup(
        lp=_lp_pair(where, setup_raw.get("lp", [8000, 8000]), "setup.lp"),
        turn_player=_player(where, setup_raw.get("turn_player", 0), "setup.turn_player"),
        phase=_choice(where, setup_raw.get("phase", "main1"), PHASES, "setup.phase"),
        cards=cards,
    )
    ref_set = set(refs)
    steps = [_step(where, s, i, ref_set) for i, s in enumerate(_as_list(raw.get("steps")))]
    expect = _expect(where, raw.get("expect"), ref_set)
    if not steps and not expect.cards and expect.lp is None:
        raise where.error("has neither steps nor expectations: nothing to check")
    kind = _choice(where, raw.get("kind", "ruling"), KINDS, "kind")
    return Scenario(
        id=scenario_id,
        title=str(raw.get("title") or scenario_id),
        topic=str(raw.get("topic") or "general"),
        kind=kind,
        control_for=str(raw["control_for"]) if raw.get("control_for") else None,
        template=str(raw.get("template") or "hand-written"),
        ruling_ids=[str(r) for r in _as_list(raw.get("ruling_ids"))],
        ruling=ruling,
        rule=rule,
        rule_basis=rule_basis,
        setup=setup,
        steps=steps,
        expect=expect,
        source_file=source,
        notes=notes,
        note=str(raw.get("note") or ""),
    )


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
                scenario = scenario_from_dict(raw, str(path))
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

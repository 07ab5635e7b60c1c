"""What every template family shares: the ruling as templates see it (rulings.records.StoredRuling, cut
into clauses), the cards the engine can play (PackCatalog), the outcome of matching (Match / Miss),
and a small builder for scenarios.

A ruling is matched clause by clause: a page's ruling often chains several statements ("A. Even if
B, A.") and a template checks one of them. Every card a clause names must be a card the project's
script pack can play; a template about a general rule may instead use a stand-in card from the
pack, and then says so in the scenario (title and `notes.stand_ins`).
"""

from __future__ import annotations

import abc

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from pydantic import ValidationError

from engine_bridge.era import RuleEra, rule_era
from engine_bridge.scenario import Expect, RulingRef, Scenario, Setup, SetupCard, Step
from rulings.errors import InputError
from rulings.records import Mention, Ruling, StoredRuling, problem
from rulings.text import fold_width, strip_pinyin, to_simplified_same_length

# Vanilla Normal Monsters run without a script (the core needs none for them), so the pack can
# always field them; these three are the ones the bundled scenarios already rely on.
NORMAL_MONSTERS = (91152256, 46986414, 89631139)  # Celtic Guardian (4), Dark Magician (7), Blue-Eyes (8)

_CLAUSE_END = re.compile(r"(?<=[。．！？!?;；])|(?<=\.)(?=\s|$)")
_PAREN = re.compile(r"[(（]([^()（）]{2,})[)）]")


# ------------------------------------------------------------------ the ruling as templates see it


@dataclass
class Clause:
    index: int
    text: str  # normalized text of this clause
    mentions: list[Mention] = field(default_factory=list)

    @property
    def named_cards(self) -> list[Mention]:
        """Card mentions, one per passcode (unlinked ones kept by surface)."""
        seen, out = set(), []
        for m in self.mentions:
            if m.kind != "card":
                continue
            key = m.passcode if m.passcode is not None else m.surface
            if key not in seen:
                seen.add(key)
                out.append(m)
        return out


def as_ruling(value: Any) -> StoredRuling:
    """The ruling templates read (rulings.records.StoredRuling) from itself, a Ruling of no known page,
    a kb.queries row or a ruling's JSON (InputError naming the ruling when it is not one)."""
    if isinstance(value, StoredRuling):
        return value
    try:
        return StoredRuling.model_validate(value.model_dump() if isinstance(value, Ruling) else value)
    except ValidationError as exc:
        given = value.get("id") if isinstance(value, dict) else getattr(value, "id", None)
        raise InputError(f"ruling {given or '?'}: {problem(exc)}") from None


def text_mentions(ruling: Ruling) -> list[Mention]:
    """The cards the ruling's own text names (not a note's or a heading's), their surfaces without
    pinyin annotations: the actors a template may play."""
    return [m.model_copy(update={"surface": strip_pinyin(m.surface).strip()}) for m in ruling.mentions
            if m.place == "text"]


def ruling_era(ruling: StoredRuling) -> RuleEra:
    return rule_era(ruling.normalized or ruling.text, date=ruling.date, section=ruling.section, current=ruling.current)


def clauses(ruling: Ruling) -> list[Clause]:
    """The normalized text cut at sentence ends; a parenthesised aside (an exception such as
    「（「王家の神殿」による効果除く）」) is a clause of its own, so the main statement can be checked
    even when the aside names a card the pack lacks."""
    pieces: list[str] = []
    for sentence in _CLAUSE_END.split(ruling.normalized):
        asides = _PAREN.findall(sentence)
        main = _PAREN.sub("", sentence).strip()
        for part in [main, *asides]:
            part = part.strip(" 、,，")
            if len(part) >= 2:
                pieces.append(part)
    if not pieces:
        pieces = [ruling.normalized]
    found = [Clause(i, p) for i, p in enumerate(pieces)]
    for m in text_mentions(ruling):
        forms = _forms(m.surface)
        homes = [c for c in found if any(f and f in c.text for f in forms)]
        # a mention found nowhere (normalization changed its spelling) counts in every clause:
        # better to refuse a clause than to test it without a card it names
        for c in homes or found:
            c.mentions.append(m)
    return found


@lru_cache(maxsize=None)
def _forms(surface: str) -> frozenset[str]:
    surface = surface.strip()
    folded = fold_width(surface)
    return frozenset({surface, folded, to_simplified_same_length(folded)} - {""})


# ------------------------------------------------------------------ the cards the engine can play


@dataclass
class PackCard:
    passcode: int
    names: dict[str, str]
    card_type: str | None
    spell_trap_type: str | None
    monster_type_line: str | None
    level: int | None
    pendulum_scale: int | None
    community_zh: str | None = None
    # "Cannot be Normal Summoned/Set": such a monster is not Pendulum Summoned from the hand either
    summon_restricted: bool = False

    @classmethod
    def of(cls, card) -> "PackCard":
        """The engine-facing view of a rulings.cards.Card."""
        return cls(card.passcode, dict(card.names), card.card_type, card.spell_trap_type, card.monster_type_line,
                   card.level, card.pendulum_scale, card.community_zh,
                   "cannot be normal summoned" in (card.texts.get("en") or "").lower())

    @property
    def name(self) -> str:
        return self.names.get("en") or next(iter(self.names.values()), str(self.passcode))

    @property
    def is_pendulum(self) -> bool:
        return "Pendulum" in (self.monster_type_line or "")


class PackCatalog:
    """Cards with a script in the project's pack (engine_bridge/scripts/official/cNNN.lua) plus the
    vanilla Normal Monsters above, with their names and stats from the shared card database."""

    def __init__(self, cards: dict[int, PackCard]):
        self.cards = cards

    @classmethod
    def from_pack(cls, scripts_dir: Path | None = None, cards_path: Path | None = None) -> "PackCatalog":
        from engine_bridge.constants import SCRIPTS_DIR
        from rulings.cards import read_cards_jsonl
        from rulings.config import cards_file

        official = Path(scripts_dir or SCRIPTS_DIR) / "official"
        codes = {int(p.stem[1:]) for p in official.glob("c*.lua") if p.stem[1:].isdigit()} | set(NORMAL_MONSTERS)
        cards: dict[int, PackCard] = {}
        for card in read_cards_jsonl(Path(cards_path) if cards_path else cards_file()):
            if card.passcode in codes:
                cards[card.passcode] = PackCard.of(card)
                if len(cards) == len(codes):
                    break
        catalog = cls(cards)
        catalog.script_dirs = [Path(scripts_dir or SCRIPTS_DIR), official]
        return catalog

    @classmethod
    def from_scripts(cls, scripts: str | Path | None = None, cdb: str | Path | None = None) -> "PackCatalog":
        """The cards a user's EDOPro/YGOPro script folder plays (c<code>.lua in any of its folders; the
        project's pack without one), described from the shared card database, or from the cards.cdb
        for cards the shared database lacks."""
        from engine_bridge.request import pack_script_dirs, user_script_dirs
        from rulings.cards import read_cards_jsonl, read_cdb
        from rulings.config import cards_file

        dirs = user_script_dirs(scripts) if scripts else pack_script_dirs()
        codes = {int(p.stem[1:]) for d in dirs for p in Path(d).glob("c*.lua") if p.stem[1:].isdigit()}
        codes |= set(NORMAL_MONSTERS)
        sources = [read_cards_jsonl(cards_file())] + ([read_cdb(Path(cdb))] if cdb else [])
        cards: dict[int, PackCard] = {}
        for source in sources:
            for card in source:
                if card.passcode in codes and card.passcode not in cards:
                    cards[card.passcode] = PackCard.of(card)
        catalog = cls(cards)
        catalog.script_dirs = dirs
        return catalog

    def has(self, passcode: int | None) -> bool:
        return passcode is not None and passcode in self.cards

    # what a card does, read from its script (no family keeps lists of the pack's cards) -------------

    def script(self, passcode: int | None) -> str:
        if passcode is None or not self.has(passcode):
            return ""
        from engine_bridge.request import find_script, pack_script_dirs

        cache = self.__dict__.setdefault("_scripts", {})
        if passcode not in cache:
            path = find_script(getattr(self, "script_dirs", None) or pack_script_dirs(), passcode)
            cache[passcode] = path.read_text(encoding="utf-8", errors="replace") if path else ""
        return cache[passcode]

    def targets(self, passcode: int | None) -> bool:
        """Its activation targets (EFFECT_FLAG_CARD_TARGET)."""
        return "EFFECT_FLAG_CARD_TARGET" in self.script(passcode)

    def destroys(self, passcode: int | None) -> bool:
        script = self.script(passcode)
        return "CATEGORY_DESTROY" in script and "Duel.Destroy" in script

    def flips_face_down(self, passcode: int | None) -> bool:
        script = self.script(passcode)
        return "POS_FACEDOWN_DEFENSE" in script and "ChangePosition" in script

    def protected_by(self, passcode: int | None) -> int | None:
        """For a card whose continuous effect prevents destruction by card effects: a card of the
        catalog it protects (a Dragon for a Dragon filter, a Continuous Trap that becomes a monster for a
        Continuous Trap filter); None for any other card."""
        script = self.script(passcode)
        if "EFFECT_INDESTRUCTABLE_EFFECT" not in script:
            return None
        others = sorted(p for p in self.cards if p != passcode)
        if "RACE_DRAGON" in script:
            return next((p for p in others if self.cards[p].card_type == "Monster" and not self.cards[p].is_pendulum
                         and "Dragon" in (self.cards[p].monster_type_line or "")), None)
        if "TYPE_CONTINUOUS" in script:
            return next((p for p in others if self.cards[p].card_type == "Trap"
                         and self.cards[p].spell_trap_type == "Continuous"
                         and "IsPlayerCanSpecialSummonMonster" in self.script(p)), None)
        return None

    def name(self, passcode: int) -> str:
        return self.cards[passcode].name

    def pendulum_with_scale(self, scale: int) -> list[int]:
        return sorted(p for p, c in self.cards.items() if c.is_pendulum and c.pendulum_scale == scale)

    def monsters_in_hand_order(self) -> list[PackCard]:
        """Non-Pendulum monsters that can be Pendulum Summoned from the hand, one per level (scenarios
        name them by level), lowest level first."""
        by_level: dict[int, PackCard] = {}
        for c in sorted(self.cards.values(), key=lambda c: (c.level or 0, c.passcode)):
            if c.card_type == "Monster" and not c.is_pendulum and c.level and not c.summon_restricted:
                by_level.setdefault(c.level, c)
        return list(by_level.values())

    def named_in(self, text: str) -> list[int]:
        """Pack cards whose name (any language) is written in the text: examples a page lists
        without quotes, which the card linker may leave unlinked."""
        found = []
        for passcode, card in sorted(self.cards.items()):
            names = {n for n in card.names.values() if n and len(n) >= 2} | ({card.community_zh} if card.community_zh else set())
            if any(_forms_in(n, text) for n in names):
                found.append(passcode)
        return found


def _forms_in(name: str, text: str) -> bool:
    return any(f in text for f in _forms(name))


@lru_cache(maxsize=1)
def default_catalog() -> PackCatalog:
    return PackCatalog.from_pack()


# ------------------------------------------------------------------ matching


@dataclass
class Miss:
    """Why a template does not fit a clause. `recognized` is True when the clause is about the
    template's subject but something is missing (a card without a script, a set-up the pack cannot
    build): those reasons are the useful ones in a coverage report."""

    template: str
    reason: str
    recognized: bool = False


@dataclass
class StandIn:
    stands_for: str  # what the ruling names: a category ("a Trap Monster") or a card without a script
    passcode: int
    name: str

    def to_dict(self) -> dict:
        return {"stands_for": self.stands_for, "card": self.passcode, "name": self.name}

    def describe(self) -> str:
        return f"{self.name} ({self.passcode}) for {self.stands_for}"


@dataclass
class Match:
    template: str
    ruling: StoredRuling
    clause: Clause
    variant: str  # which set-up of the family
    params: dict[str, Any] = field(default_factory=dict)
    stand_ins: list[StandIn] = field(default_factory=list)


class Template(abc.ABC):
    """One template family: `match` a clause of a ruling, `build` the ruling scenario and its control."""

    name = "template"
    topic = "general"
    general_rule = False  # True: named cards are examples, a stand-in from the pack may replace them

    @abc.abstractmethod
    def match(self, ruling: StoredRuling, clause: Clause, catalog: PackCatalog) -> Match | Miss:
        """The match, or a Miss saying why this family does not apply to the clause."""

    @abc.abstractmethod
    def build(self, match: Match, catalog: PackCatalog) -> list[Scenario]:
        """The ruling scenario and its control."""

    # helpers for subclasses -----------------------------------------------------------------

    def miss(self, reason: str, recognized: bool = False) -> Miss:
        return Miss(self.name, reason, recognized)

    def unplayable(self, clause: Clause, catalog: PackCatalog) -> list[Mention]:
        return [m for m in clause.named_cards if not catalog.has(m.passcode)]

    def refuse_unplayable(self, clause: Clause, catalog: PackCatalog) -> Miss | None:
        """A specific ruling about a card the pack cannot play is not tested with another card."""
        bad = self.unplayable(clause, catalog)
        if not bad:
            return None
        return self.miss("; ".join(_no_script(m) for m in bad), recognized=True)

    def refuse_unless(self, phrase: re.Pattern, about: str, clause: Clause, catalog: PackCatalog) -> Miss | None:
        """The gate of a family keyed on one phrase: a clause without it is not the family's subject;
        with it, every card the clause names must be playable (refuse_unplayable)."""
        if not phrase.search(clause.text):
            return self.miss(f"no {about} phrase")
        return self.refuse_unplayable(clause, catalog)

    def example_stand_ins(self, clause: Clause, catalog: PackCatalog, used: int, what: str) -> list[StandIn]:
        """For a general rule: the cards the clause names as examples that the pack lacks, each
        recorded as stood in for by the pack card `used`."""
        return [StandIn(f"{m.surface} ({m.passcode if m.passcode is not None else 'unlinked'}), {what}: "
                        f"no script in the pack", used, catalog.name(used))
                for m in self.unplayable(clause, catalog)]


def _no_script(m: Mention) -> str:
    if m.passcode is None:
        return f"card name not linked to a passcode: {m.surface}"
    return f"no script for {m.surface} ({m.passcode})"


def negated(text: str) -> bool:
    return bool(NEGATION.search(text))


NEGATION = re.compile(r"不能|不会|不可|无法|不视为|不当做|できない|できません|されない|ne peut pas|ne peuvent pas|"
                      r"ne sont pas|n'est pas|jamais|cannot|can't", re.IGNORECASE)


# ------------------------------------------------------------------ building scenarios


class Build:
    """Accumulates the cards of one scenario from the pack, with readable refs."""

    def __init__(self, catalog: PackCatalog):
        self.catalog = catalog
        self.cards: list[SetupCard] = []

    def card(self, ref: str, code: int, player: int, location: str, **kw) -> str:
        self.cards.append(SetupCard(ref=ref, code=code, player=player, location=location,
                                    name=self.catalog.name(code) if self.catalog.has(code) else "", **kw))
        return ref


# one card of a set-up as data: (ref, passcode, player, location), with a dict of SetupCard options last
# where it needs any ({"position": "facedown"}, {"sequence": 0})
CardRow = tuple


def built(catalog: PackCatalog, cards: Iterable[CardRow]) -> Build:
    """The Build of these card rows, in their order (the order the scenario's set-up lists them)."""
    b = Build(catalog)
    for ref, code, player, location, *options in cards:
        b.card(ref, code, player, location, **(options[0] if options else {}))
    return b


@dataclass
class Duel:
    """One side of a ruling/control pair as data: what the template varies between its set-ups."""

    title: str
    cards: list[CardRow]
    steps: list[Step]
    expect: Expect
    turn_player: int = 0


def with_control(match: Match, catalog: PackCatalog, ruling: Duel, control: Duel, *, topic: str,
                 note: str) -> list[Scenario]:
    """The ruling scenario and its control (the same situation without the one property the ruling
    is about, `note` saying which): every template family returns its set-ups as this pair."""
    first = make_scenario(match, title=ruling.title, build=built(catalog, ruling.cards), steps=ruling.steps,
                          expect=ruling.expect, topic=topic, turn_player=ruling.turn_player)
    return [first, make_scenario(match, title=control.title, build=built(catalog, control.cards), steps=control.steps,
                                 expect=control.expect, topic=topic, turn_player=control.turn_player, control_of=first,
                                 control_note=note)]


def scenario_id(template: str, ruling_id: str, clause: int, variant: str, control: bool = False) -> str:
    slug = re.sub(r"[^a-z0-9._-]+", "-", ruling_id.lower()).strip("-._") or "ruling"
    parts = [template, slug]
    if clause:
        parts.append(f"c{clause}")
    if variant:
        parts.append(variant)
    if control:
        parts.append("control")
    return "-".join(parts)


def make_scenario(match: Match, *, title: str, build: Build, steps: list[Step], expect: Expect,
                  topic: str, turn_player: int = 0, control_of: Scenario | None = None,
                  control_note: str = "", lp: list[int] | None = None) -> Scenario:
    ruling = match.ruling
    era = ruling_era(ruling)
    stand = "; ".join(s.describe() for s in match.stand_ins)
    full_title = title + (f" [stand-in: {stand}]" if stand else "")
    scenario = Scenario(
        id=scenario_id(match.template, ruling.id, match.clause.index, match.variant, control_of is not None),
        title=(f"Control: {full_title}" if control_of is not None else full_title),
        setup=Setup(lp=lp or [8000, 8000], turn_player=turn_player, phase="main1", cards=build.cards),
        steps=steps, expect=expect, topic=topic, kind="control" if control_of is not None else "ruling",
        control_for=control_of.id if control_of is not None else None, template=match.template,
        ruling_ids=[ruling.id],
        ruling=RulingRef(text=ruling.text, source_url=ruling.url, date=ruling.date, language=ruling.language),
        rule=era.rule, rule_basis=era.basis,
    )
    scenario.notes = {
        "clause": match.clause.text,
        "clause_index": match.clause.index,
        "stand_ins": [s.to_dict() for s in match.stand_ins],
        **({"control": control_note} if control_note else {}),
    }
    return scenario


def step(action: str, card: str | None = None, *, target: Iterable[str] = (), select: Iterable[str] = (),
         expect: dict | None = None, phase: str | None = None) -> Step:
    return Step(action=action, card=card, phase=phase, target=list(target), select=list(select), expect=dict(expect or {}))

"""The common base of the frame compiler: the card ids of the stand-ins and filler every module uses, the
card source (CardSource: card data + scripts), what a compilation gives (Compiled, FrameVerdict,
NotCompiled), the Japanese card texts and names of the catalog, and the scenario builder (_scenario,
_slug, _where) shared by every question kind. It imports nothing else of the compiler.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from pydantic import ValidationError

from engine_bridge.carddata import card_data_from_cdb, card_data_from_jsonl, with_series_setcodes
from engine_bridge.constants import load_constants
from engine_bridge.request import find_script, FRAME_TEMPLATE
from engine_bridge.scenario import Expect, RulingRef, Scenario, Setup, SetupCard, Step
from engine_bridge.templates.base import as_ruling, ruling_era
from rulings.cards import read_cards_jsonl
from rulings.config import cards_file
from rulings.records import Frame, problem
from rulings.text import fold_name


TEMPLATE = FRAME_TEMPLATE
FILLER_MONSTER = 91152256  # Celtic Guardian: vanilla Level 4 (needs no script)
STAND_IN_SUMMON = 69140098  # Gemini Elf: vanilla Level 4, 1900 ATK (a summon the baseline responds to)
FILLER_SET = 5318639  # Mystical Space Typhoon: a Set Spell on each side (in the pack and in EDOPro)
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
_STRINGID = re.compile(r"SetDescription\(\s*aux\.Stringid\(\s*id\s*,\s*(\d+)\s*\)")
SUMMON_HOW = {"召喚": "summon", "通常召喚": "summon", "アドバンス召喚": "summon", "特殊召喚": "special_summon"}
_BY_OWN_EFFECT = re.compile(r"自身の(?:[①-⑩]の)?(?:モンスター)?効果(?:で|によって|により)")
EXTRA_KINDS = ("TYPE_FUSION", "TYPE_SYNCHRO", "TYPE_XYZ", "TYPE_LINK")


class CardSource:
    """Card data (type bits, from the shared card database, a cards.cdb where given), Japanese card
    texts and the script folders the engine will read; loaded as codes are asked for."""

    def __init__(self, script_dirs: list[Path], cards: str | Path | None = None):
        self.script_dirs = list(script_dirs)
        self.cdb = Path(cards) if cards else None
        self.data: dict[int, dict] = {}
        self.texts: dict[int, str] = {}
        self.picked: dict[tuple, list[int]] = {}  # pick_described's answers by traits
        self.memo: dict[str, Any] = {}  # whole-catalog look-ups (the cdb's rows, set code names), once per source

    def ensure(self, codes: Iterable[int]) -> "CardSource":
        codes = set(codes) | {FILLER_MONSTER, FILLER_SET, STAND_IN_SUMMON}
        missing = codes - set(self.data)
        if missing:
            self.data.update(with_series_setcodes(card_data_from_jsonl(missing), self.script_dirs, self.cdb))
            if self.cdb:
                self.data.update(card_data_from_cdb(self.cdb, missing))
            texts = _ja_texts()
            self.texts.update({c: texts[c] for c in missing if c in texts})
        return self

    def kind(self, code: int) -> str:
        """monster | extra | pendulum | field | continuous | equip | spell | trap | trap-continuous"""
        k = load_constants()
        bits = self.data[code]["type"]
        if bits & k["TYPE_MONSTER"]:
            if any(bits & k[t] for t in EXTRA_KINDS):
                return "extra"
            return "pendulum" if bits & k["TYPE_PENDULUM"] else "monster"
        if bits & k["TYPE_SPELL"]:
            if bits & k["TYPE_FIELD"]:
                return "field"
            if bits & k["TYPE_EQUIP"]:
                return "equip"
            return "continuous" if bits & k["TYPE_CONTINUOUS"] else "spell"
        return "trap-continuous" if bits & k["TYPE_CONTINUOUS"] else "trap"

    def script(self, code: int) -> str | None:
        path = find_script(self.script_dirs, code)
        return path.read_text(encoding="utf-8", errors="replace") if path else None


@dataclass
class Compiled:
    scenarios: list[Scenario] = field(default_factory=list)
    reason: str | None = None


@dataclass
class FrameVerdict:
    ruling_id: str
    kind: str  # the question kind
    verdict: str  # pass | fail | inconclusive
    reason: str = ""
    scenario_id: str | None = None
    log: dict | None = None


class NotCompiled(Exception):
    pass


# ------------------------------------------------------------------ which effect: ①② -> aux.Stringid(id, n)


@lru_cache(maxsize=1)
def _ja_texts() -> dict[int, str]:
    return {card.passcode: card.texts["ja"] for card in read_cards_jsonl(cards_file()) if card.texts.get("ja")}


@lru_cache(maxsize=1)
def _MONSTERS() -> frozenset[int]:
    return frozenset(c.passcode for c in read_cards_jsonl(cards_file()) if c.card_type == "Monster")


@lru_cache(maxsize=1)
def _ja_names() -> list[tuple[str, str, int]]:
    # monsters first: an archetype's searches and revivals mostly look for its monsters
    # (name, its ruby reading: archetypes are often named by the reading, 「ムーンライト」 for 月光…)
    return sorted(((fold_name(card.names["ja"]), fold_name(card.ja_reading or ""), card.passcode)
                   for card in read_cards_jsonl(cards_file()) if card.names.get("ja") and card.passcode_kind == "official"),
                  key=lambda kp: (kp[2] not in _MONSTERS(), kp))


def _where(location: str, filler: bool | str) -> str:
    return location + (" + filler" if filler is True else f" + filler, {filler}" if filler else "")


def _ruling_id(ruling: Any) -> str:
    """The id of a ruling given as a StoredRuling or as a plain dict (scenario files, tests)."""
    return getattr(ruling, "id", None) or ruling.get("id")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-._") or "ruling"


def _scenario(ruling: Any, sid: str, frame: Frame, cards: list[SetupCard], steps: list[Step], where: str,
              control_of: Scenario | None = None, no_setcodes: bool = False, turn_player: int = 0) -> Scenario:
    view = as_ruling(ruling)
    era = ruling_era(view)
    q = frame.question
    qname = next((c.name for c in frame.cards if c.ref == q.card), "a monster")
    title = f"{q.kind} 「{qname}」: {frame.answer} ({where})"
    try:
        scenario = Scenario(
            id=sid, title=("Baseline: " + title + " without the deciding condition") if control_of else title,
            setup=Setup(turn_player=turn_player, phase="main1", cards=[SetupCard(**{**c.__dict__}) for c in cards]),
            steps=steps, expect=Expect(), topic=(view.topics[0] if view.topics else "general"),
            kind="control" if control_of else "ruling", control_for=control_of.id if control_of else None,
            template=TEMPLATE, ruling_ids=[view.id],
            ruling=RulingRef(text=view.text, source_url=view.url, date=view.date, language=view.language),
            # a ruling in force today runs under today's rule; a past era only with evidence (engine_bridge.era)
            rule=era.rule, rule_basis=era.basis,
        )
    except ValidationError as exc:
        # (a board the variant's filler changed under a step that names one of its cards: no scenario, not a crash)
        raise NotCompiled(f"the compiled scenario is not valid: {problem(exc)}") from exc
    scenario.notes = {"frame_question": q.kind, "answer": frame.answer, "variant": where,  # type: ignore[attr-defined]
                      **({"archetype_without_setcodes": True} if no_setcodes else {}),
                      # the preconditions the answer's yes states: a refusal may be the set-up lacking them
                      **({"requires": list(frame.requires)} if frame.requires else {})}
    return scenario


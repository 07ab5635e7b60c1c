"""Ruling frame -> engine scenarios: the general path from what a ruling says (rulings.records.Frame)
to a duel the engine plays, for any card that has a script.

    compiled = compile_frame(ruling, frame, cards)    # cards: CardSource (card data + scripts)
    compiled.scenarios                                # variants: a ruling scenario and its baseline each
    compiled.reason                                   # why nothing was compiled (specific)
    verdicts = settle(scenarios, results)             # ruling id -> FrameVerdict (pass | fail | inconclusive)

Set-up: the situation's cards where the frame puts them; where it does not, the card's type decides
(a monster face-up in the Monster Zone, a Trap Set, a Spell in the hand, a Field Spell in the Field
Zone, a Pendulum Effect in the Pendulum Zone). A questioned card whose place the ruling leaves open
is tried in each place its type allows, bare and with filler (vanilla monsters on both fields, in
both Graveyards and Decks, a Set Spell on each side), so both players have what the action needs.

Steps: the frame's events in order (activations), then the questioned action. The effect asked
about is chosen by the engine's own option list: EDOPro describes an activated effect with
aux.Stringid(code, n); the card's ①②… map to n = 0, 1 … when its script's option texts line up
with the card text's numbered effects (checked in the script), and the baseline run checks that
the engine offers that option.

Expectation and verdict: `offered` (yes/no) at the questioned step. Each variant has a baseline
(the same set-up and steps without the ruling's deciding condition: the situation cards and events).
A variant is conclusive only when its baseline offers the action; the ruling's verdict is that of
its first conclusive variant; inconclusive (with the reason) when no variant is, or when the set-up
or a step before the questioned one cannot be played as written.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from engine_bridge.carddata import card_data_from_cdb, card_data_from_jsonl
from engine_bridge.constants import load_constants
from engine_bridge.request import FRAME_TEMPLATE, find_script
from engine_bridge.templates.base import as_ruling, ruling_era
from engine_bridge.scenario import Expect, RulingRef, Scenario, Setup, SetupCard, Step
from rulings.cards import open_cdb, read_cards_jsonl
from rulings.config import cards_file
from rulings.records import Frame, FrameCard, FrameEvent, FrameQuestion, FrameZone
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

    def ensure(self, codes: Iterable[int]) -> "CardSource":
        codes = set(codes) | {FILLER_MONSTER, FILLER_SET, STAND_IN_SUMMON}
        missing = codes - set(self.data)
        if missing:
            self.data.update(card_data_from_jsonl(missing))
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


def referenced_cards(text: str, own: int, limit: int = 4) -> list[int]:
    """Cards the questioned card's text names: 「name」 -> that card; an archetype 「name」 -> two cards
    whose name holds it. The filler puts them in the Deck and Graveyard, where searches and revivals
    look for them."""
    out: list[int] = []
    for quoted in dict.fromkeys(re.findall(r"「([^「」]+)」", text)):
        key = fold_name(quoted)
        exact = [p for k, _, p in _ja_names() if k == key]
        found = exact[:1] or [p for k, reading, p in _ja_names() if p != own and (key in k or key in reading)][:2]
        out += [p for p in found if p != own and p not in out]
    return out[:limit]


def exact_names(codes: Iterable[int], cards: "CardSource") -> set[int]:
    """Those of the codes the questioned card's text names exactly (not as an archetype)."""
    keys = {fold_name(q) for text in cards.texts.values() for q in re.findall(r"「([^「」]+)」", text)}
    return {p for k, _, p in _ja_names() if p in set(codes) and k in keys}


def activated_effects(text: str) -> list[int]:
    """The numbers of a card text's numbered effects that are activated (their text says 発動できる or
    発動する), in order: the ones its script describes with aux.Stringid."""
    parts = re.split(r"(?=[①-⑩][：:])", text)
    return [CIRCLED.index(p[0]) + 1 for p in parts if p[:1] and p[0] in CIRCLED and re.search(r"発動(?:できる|する)", p)]


def targeting_effect(text: str) -> int | None:
    """The number of the one numbered effect of a card text that targets (「…を対象として発動できる」「…を対象と
    して発動する」), None when none or several do."""
    parts = re.split(f"([{CIRCLED}])[：:]", text)
    found = [CIRCLED.index(mark) + 1 for mark, body in zip(parts[1::2], parts[2::2]) if re.search(r"を対象として(?:発動|その)", body)]
    return found[0] if len(found) == 1 else None


def own_summon_effect(text: str) -> tuple[int, bool] | None:
    """The one numbered effect of a card text that Special Summons the card itself (「このカードを…特殊
    召喚する」, 「このカードは…特殊召喚できる」): its number (1 for ①) and whether it is activated
    (「発動できる」; else it is a summon procedure). None when none or several do."""
    parts = re.split(f"([{CIRCLED}])[：:]", text)
    found = [(CIRCLED.index(mark) + 1, "発動" in body.split("特殊召喚")[0])
             for mark, body in zip(parts[1::2], parts[2::2]) if re.search(r"このカード[をは][^。]*特殊召喚(?:する|できる)", body)]
    return found[0] if len(found) == 1 else None


def effect_index(frame: Frame, code: int, cards: CardSource, activation: bool) -> int | None:
    """n of aux.Stringid(code, n) for the questioned effect, or None for any option of the card.
    Raises NotCompiled when the ruling asks about one of several effects that cannot be told apart."""
    q = frame.question
    text = cards.texts.get(code, "")
    numbered = [c for c in CIRCLED if c + "：" in text or c + ":" in text]
    wanted = q.effect
    if wanted is None and q.effect_text:
        probe = re.sub(r"^[①-⑩]：?", "", q.effect_text)[:12]
        at = text.find(probe)
        if at >= 0:
            before = [i for i, c in enumerate(CIRCLED, 1) if 0 <= text.rfind(c, 0, at + 1)]
            if before:
                wanted = max(before, key=lambda i: text.rfind(CIRCLED[i - 1], 0, at + 1))
    if len(numbered) <= 1:
        return None  # one effect: any option of the card is it
    if wanted is None:
        if activation:
            return None  # the card's activation itself (a Spell/Trap Card activated)
        raise NotCompiled(f"which of 「{text[:0]}{code}」's {len(numbered)} effects the question asks is not said")
    script = cards.script(code) or ""
    described = sorted({int(n) for n in _STRINGID.findall(script)})
    if described[:len(numbered)] == list(range(len(numbered))) and len(described) == len(numbered):
        return wanted - 1
    activated = activated_effects(text)
    if described and len(described) == len(activated) and wanted in activated:
        # a card whose numbered effects are not all activated (①: a continuous effect) describes only those
        # it activates, in order: ②③ -> Stringid 0, 1
        return described[activated.index(wanted)]
    raise NotCompiled(f"effect {CIRCLED[wanted - 1]} of {code}: its script's option texts (Stringid {described}) "
                      f"do not line up with the card's {len(numbered)} numbered effects")


# ------------------------------------------------------------------ set-up


def _field_place(kind: str, card: FrameCard) -> tuple[str, str | None]:
    """Where a situation card that is applied / present sits, by its type."""
    if card.location in ("hand", "grave", "removed", "deck", "extra"):
        return card.location, None
    if kind in ("monster", "extra", "pendulum") and card.location not in ("pzone", "szone"):
        return "mzone", "facedown_defense" if card.position in ("facedown", "facedown_defense") else (
            "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack")
    if kind == "pendulum" or card.location == "pzone":
        return "pzone", None
    if kind == "field":
        return "fzone", "faceup"
    if kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Card: equipping it in the set-up is not compiled")
    if kind in ("spell", "trap") and "applied" in card.state:
        raise NotCompiled(f"「{card.name}」 applies only once activated and resolved: that event is not compiled")
    return "szone", "facedown" if card.position in ("facedown",) else "faceup"


def _event_place(kind: str, card: FrameCard, action: str = "activate", effect_text: str = "") -> tuple[str, str | None]:
    """Where a card whose activation is an event before the question starts: where the ruling says
    (手札の / 墓地の / ペンデュラムゾーンの「X」), else by its type (a Spell in the hand, a Trap Set, a
    monster where the activated effect's text says it is activated from, else face-up in the Monster
    Zone); a monster summoned before the question: in the hand (a Special Summon from the Graveyard
    where the ruling says so)."""
    if action in ("summon", "special_summon"):
        return ("grave", None) if action == "special_summon" and card.location == "grave" else ("hand", None)
    if card.location in ("hand", "grave", "removed"):
        return card.location, None
    if card.location == "pzone" and kind == "pendulum":
        return "pzone", None
    if card.location == "fzone" and kind == "field":
        return "fzone", "faceup"
    if kind in ("spell", "field", "continuous"):
        return "hand", None
    if kind in ("monster", "pendulum", "extra"):
        where = _activated_from(effect_text)
        if where and not (where == "hand" and kind == "extra"):
            return where, None
    return ("szone", "facedown") if kind.startswith("trap") else ("mzone", "faceup_attack")


def numbered_effect_text(text: str, number: int | None) -> str:
    """The text of a card's numbered effect (①: …), or the whole text when none is named."""
    if number is None:
        return text
    parts = re.split(r"(?=[①-⑩][：:])", text)
    return next((p for p in parts if p[:1] == CIRCLED[number - 1]), text)


def _activated_from(effect_text: str) -> str | None:
    """Where a monster's effect is activated from, when its text says (墓地のこのカードを除外して発動できる:
    the Graveyard; 手札のこのカードを捨てて / このカードを手札から: the hand); None when it does not
    say or says more than one place (the Monster Zone, face-up, is then assumed)."""
    places = {place for place, cue in (("grave", r"墓地のこのカード|このカードが墓地に(?:存在|ある)|このカードを墓地から"),
                                       ("hand", r"手札のこのカード|このカードを手札から|このカードが手札に(?:存在|ある)"))
              if re.search(cue, effect_text)}
    return places.pop() if len(places) == 1 else None


PLAYED_EVENTS = ("activate", "summon", "special_summon")


def _check_event_sides(events: list[FrameEvent], by_ref: dict[str, FrameCard], q: FrameQuestion) -> None:
    """An event earlier in the turn (not one the question responds to) is the turn player's: the
    asker's. One the ruling gives the other player (相手が「X」を発動したターン) is not compiled yet."""
    for e in events[:-1] if events and events[-1].note == "chained to" else events:
        side = e.actor or by_ref[e.card].controller
        if e.card != q.card and side is not None and side != (q.actor or "self"):
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 by the other player earlier in the turn: "
                              f"not compiled yet")


def _summon_step(event: FrameEvent, player: int, filler: bool | str) -> Step:
    """A Normal or Special Summon before the question; a Tribute Summon takes the summoner's filler
    monsters (bare, a summon that needs tributes cannot be played: inconclusive)."""
    tributes = [f"f{player}-m1", f"f{player}-m2"] if filler is True else []
    return Step(action=event.action, card=event.card, select=tributes, answer=True)


def _event_named_cards(events: list[FrameEvent], placed: list[SetupCard], q: FrameQuestion,
                       by_ref: dict[str, FrameCard], cards: CardSource) -> list[SetupCard]:
    """What the cards activated before the question need: the cards their texts name (a cost that
    discards a 「D-HERO」 card, a search for 「X」) in their activator's hand, Deck and Graveyard (with
    filler: the ruling's situation stays as written in the bare variants)."""
    out: list[SetupCard] = []
    for e in events:
        if e.action != "activate" or e.card == q.card:
            continue
        code = by_ref[e.card].passcode
        player = next((c.player for c in placed if c.ref == e.card), 0)
        refs = [c for c in referenced_cards(cards.texts.get(code, ""), code) if c not in {x.code for x in out}]
        cards.ensure(refs)
        for i, ref in enumerate(c for c in refs if c in cards.data):
            tag = f"f{player}-{e.card}n{i}"
            piles = ("extra", "grave") if cards.kind(ref) == "extra" else ("hand", "deck", "grave")
            out += [SetupCard(ref=f"{tag}{pile[0]}", code=ref, player=player, location=pile) for pile in piles]
    return out


_TRIGGER_CODE = r"{var}:SetCode\((\w+)\)"


def summon_triggered(script: str, index: int | None) -> bool:
    """Whether the effect (Stringid index, or the card's only kind of activated effect) is a trigger of the
    card's own Normal Summon (EFFECT_TYPE_TRIGGER with EVENT_SUMMON_SUCCESS, its clones for other summons
    aside): the event that lets it be activated is that Summon."""
    if open_state_effects(script, index) is not False:
        return False
    for var in dict.fromkeys(re.findall(r"local\s+(\w+)\s*=\s*Effect\.CreateEffect", script)):
        types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
        descs = [int(n) for n in re.findall(_SET_DESC.format(var=re.escape(var)), script)]
        if "TRIGGER" in types and (index is None or index in descs) and \
                "EVENT_SUMMON_SUCCESS" in re.findall(_TRIGGER_CODE.format(var=re.escape(var)), script):
            return True
    return False


def trigger_steps(event: FrameEvent, by_summon: bool, player: int, filler: bool | str) -> list[Step]:
    """The steps that give an event's trigger effect its event: a monster whose effect is a trigger of its
    own Normal Summon (placed in the hand for it: summon_triggered) is Normal Summoned first (with
    tributes from its controller's filler), and the window to negate that Summon passed."""
    if event.action != "activate" or not by_summon or not filler:
        return []
    summon = FrameEvent(action="summon", card=event.card)
    return [Step(**{**_summon_step(summon, player, True).__dict__}), *_negation_window()]


def _negation_window() -> list[Step]:
    """The window to negate a Summon by hand, passed by the turn player and then the other (the engine
    asks both, whatever they hold)."""
    return [Step(action="pass"), Step(action="pass")]


def _summon_baseline(events: list[FrameEvent], own_steps: list[Step], qaction: str, turn_player: int,
                     filler: bool | str) -> tuple[list[Step], list[SetupCard]]:
    """The steps before the questioned one in the baseline of a response to a summon, and the cards
    they need: the questioned card's own summon stays (it is not the deciding condition); another
    card's summon the question responds to becomes the Normal Summon of a vanilla Level 4 monster
    (1900 ATK: most "when a monster with N or more ATK is Summoned" cards respond to it) from the
    summoner's hand, so the deciding condition is which monster was summoned."""
    if own_steps:
        return own_steps, []
    if qaction == "chain" and filler and events and events[-1].action in ("summon", "special_summon"):
        return [Step(action="summon", card="s0", answer=True), *_negation_window()], [
            SetupCard(ref="s0", code=STAND_IN_SUMMON, player=turn_player, location="hand")]
    return [], []


def event_effect_index(event: FrameEvent, code: int, cards: CardSource, activation: bool = True) -> int | None:
    """n of aux.Stringid(code, n) for the effect an event activates (「X」の②の効果の発動に…), None
    for any option of the card (one effect, or the card's activation when the ruling names none); with
    activation=False an unnamed one of several effects is not compiled (effect_index)."""
    asked = Frame(question=FrameQuestion(kind="can_activate", effect=event.effect, effect_text=event.effect_text))
    return effect_index(asked, code, cards, activation=activation)


def _question_places(kind: str, card: FrameCard, frame: Frame) -> list[tuple[str, str | None]]:
    """The places to try for the questioned card, most likely first."""
    q = frame.question
    loc = card.location
    if q.kind == "can_summon":
        if kind == "extra":
            return [("extra", None)]
        return [(loc, None)] if loc in ("hand", "grave", "removed", "deck") else [("hand", None)]
    if q.kind == "can_set":
        return [("hand", None)]
    if loc in ("hand", "grave", "removed", "deck", "extra"):
        return [(loc, None)]
    if q.effect_kind == "pendulum" or loc == "pzone":
        return [("pzone", None)]
    effect = "効果" in q.text
    if kind in ("monster", "pendulum", "extra"):
        places = [("mzone", "faceup_attack")]
        if loc not in ("mzone", "field"):
            places += [("hand", None), ("grave", None)] if kind != "extra" else [("grave", None)]
        return places
    if kind == "field":
        return [("fzone", "faceup")] if effect else [("hand", None), ("fzone", "faceup")]
    if kind in ("trap", "trap-continuous"):
        return [("szone", "faceup")] if effect and kind == "trap-continuous" else [("szone", "facedown"), ("grave", None)]
    if kind == "continuous":
        return [("szone", "faceup"), ("hand", None)] if effect else [("hand", None)]
    if kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Spell: its equip target is not compiled")
    return [("hand", None), ("grave", None)]


_EFFECT_VAR = re.compile(r"local\s+(\w+)\s*=\s*Effect\.CreateEffect")
_SET_TYPE = r"{var}:SetType\(([^)]*)\)"
_SET_DESC = r"{var}:SetDescription\(\s*aux\.Stringid\(\s*id\s*,\s*(\d+)\s*\)"
_OFFERED_TYPES = ("EFFECT_TYPE_IGNITION", "EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_ACTIVATE", "EFFECT_TYPE_QUICK_F")


def open_state_effects(script: str, index: int | None) -> bool | None:
    """Whether the effect (Stringid index, or any effect of the card) is one the engine can offer in
    an open game state or a chain window (Ignition, Quick, a card's activation), as opposed to a
    trigger that needs its event; None when the script does not say (procedures, shared helpers)."""
    kinds: list[tuple[int | None, str]] = []
    for var in dict.fromkeys(_EFFECT_VAR.findall(script)):
        types = re.findall(_SET_TYPE.format(var=re.escape(var)), script)
        descs = re.findall(_SET_DESC.format(var=re.escape(var)), script)
        for t in types:
            kinds.append((int(descs[0]) if len(descs) == 1 else None, t))
    if not kinds:
        return None
    if index is not None:
        mine = [t for n, t in kinds if n == index]
        if not mine:
            return None
        return any(o in t for t in mine for o in _OFFERED_TYPES)
    return any(o in t for _, t in kinds for o in _OFFERED_TYPES)


def applies_on_its_own(script: str) -> bool:
    """Whether the card's script registers an effect that applies while it is face-up (a continuous
    EFFECT_TYPE_FIELD / EFFECT_TYPE_SINGLE effect in initial_effect), rather than only effects that
    apply once activated and resolved (a hand trap's "this turn, …")."""
    at = script.find("initial_effect")
    body = script[at:script.find("\nend", at)] if at >= 0 else script
    if "aux.EnableGeminiAttribute" in body:
        return True
    for var in set(re.findall(r"c:RegisterEffect\((\w+)", body)):
        for t in re.findall(_SET_TYPE.format(var=re.escape(var)), body):
            if any(k in t for k in ("EFFECT_TYPE_FIELD", "EFFECT_TYPE_SINGLE", "EFFECT_TYPE_EQUIP")) and \
                    not any(k in t for k in ("TRIGGER", "IGNITION", "QUICK", "ACTIVATE", "CONTINUOUS")):
                return True
    return False


def _filler(player: int, tag: str, own: int | None = None, own_pile: str = "deck") -> list[SetupCard]:
    """Vanilla monsters on the field, in the Graveyard, hand and Deck (8: effects that send or draw
    as many cards as the opponent has on the field), a Set Spell; for the questioned
    card's controller also copies of that card in the Deck and Graveyard (what searches and
    revivals of its own name or archetype need)."""
    copies = [SetupCard(ref=f"{tag}-qd", code=own, player=player, location=own_pile),
              SetupCard(ref=f"{tag}-qg", code=own, player=player, location="grave")] if own else []
    return copies + [SetupCard(ref=f"{tag}-m1", code=FILLER_MONSTER, player=player, location="mzone"),
            SetupCard(ref=f"{tag}-m2", code=FILLER_MONSTER, player=player, location="mzone"),
            SetupCard(ref=f"{tag}-g1", code=FILLER_MONSTER, player=player, location="grave"),
            SetupCard(ref=f"{tag}-h1", code=FILLER_MONSTER, player=player, location="hand"),
            SetupCard(ref=f"{tag}-d1", code=FILLER_MONSTER, player=player, location="deck"),
            SetupCard(ref=f"{tag}-d2", code=FILLER_MONSTER, player=player, location="deck"),
            SetupCard(ref=f"{tag}-d3", code=FILLER_MONSTER, player=player, location="deck"),
            *(SetupCard(ref=f"{tag}-d{i}", code=FILLER_MONSTER, player=player, location="deck") for i in range(4, 9)),
            SetupCard(ref=f"{tag}-s1", code=FILLER_SET, player=player, location="szone", sequence=2, position="facedown")]


# Extra Deck filler: a Fusion, a Synchro and an Xyz Monster with generic materials (what effects that
# look at, banish or send from the Extra Deck need), where the card data and scripts in use hold them
EXTRA_FILLER = (45231177, 97204936, 71594310)  # Flame Swordsman, Gaia Knight, the Force of Earth, Gem-Knight Pearl


def extra_filler(player: int, tag: str, cards: "CardSource") -> list[SetupCard]:
    cards.ensure(EXTRA_FILLER)
    return [SetupCard(ref=f"{tag}-x{i}", code=code, player=player, location="extra")
            for i, code in enumerate(EXTRA_FILLER) if code in cards.data and cards.script(code) is not None]


# Variety filler: vanilla monsters of each Attribute and several Types and Levels (a Spellcaster, a
# Dragon, a Tuner ...) and Spells/Traps of each kind, in the hand, Graveyard and Deck of each player, for
# what costs and conditions ask of "a Spell in your hand", "a FIRE monster in your GY", "3 or more cards
# in hand" ...; those the card data (and, for effect cards, the scripts) in use hold
VARIETY_FILLER = {
    "hand": (46986414, 76812113, 55144522),  # Dark Magician, Harpie Lady, Pot of Greed
    "grave": (89631139, 23771716, 34460851, 13039848, 76812113, 15025844, 21615956, 55761792, 4206964),
    # Blue-Eyes White Dragon, 7 Colored Fish, Flame Manipulator, Giant Soldier of Stone, Harpie Lady, Mystical Elf,
    # Flamvell Guard, Black Luster Ritual, Trap Hole
    "deck": (46986414, 89631139, 15025844, 21615956, 23771716, 76812113),
}


def variety_filler(player: int, tag: str, cards: "CardSource") -> list[SetupCard]:
    cards.ensure(c for codes in VARIETY_FILLER.values() for c in codes)
    k = load_constants()
    usable = {c for codes in VARIETY_FILLER.values() for c in codes if c in cards.data and (
        cards.script(c) is not None or (cards.data[c]["type"] & k["TYPE_MONSTER"] and not cards.data[c]["type"] & k["TYPE_EFFECT"]))}
    return [SetupCard(ref=f"{tag}-v{pile[0]}{i}", code=code, player=player, location=pile)
            for pile, codes in VARIETY_FILLER.items() for i, code in enumerate(codes) if code in usable]


def _named_cards(refs: list[int], player: int, tag: str, cards: "CardSource") -> list[SetupCard]:
    """The cards a card's text names (referenced_cards) where its effects and costs look for them: in
    the Deck (the Extra Deck for Extra Deck monsters), the Graveyard and the hand."""
    out = []
    for i, code in enumerate(c for c in refs if c in cards.data):
        extra = cards.kind(code) == "extra"
        out += [SetupCard(ref=f"{tag}{i}d", code=code, player=player, location="extra" if extra else "deck"),
                SetupCard(ref=f"{tag}{i}g", code=code, player=player, location="grave")]
        if not extra:
            out.append(SetupCard(ref=f"{tag}{i}h", code=code, player=player, location="hand"))
    return out


# Boards beyond the filler, each a variant of its own where the scripts in play read what it gives:
# "sparse": the filler without cards in either hand nor Spells/Traps in the Graveyards (「手札が３枚になるように」,
# 「自分の墓地に魔法・罠カードが存在しない場合」); "rich": the filler plus monsters of each kind face-up on
# both fields (a Spellcaster, the two materials of the Extra Deck filler's Fusion, an Xyz), Normal Pendulum
# Monsters in both players' Pendulum Zones and a third copy of the questioned card in its Deck;
# "materials" (a Special Summon by a procedure): the monsters its text names face-up on the summoner's field.
BOARD_PROFILES = ("sparse", "rich", "materials")
_SPARSE_NEEDS = re.compile(r"Get(?:FieldGroup|MatchingGroup)Count\([^)]*LOCATION_HAND|"
                           r"not\s+Duel\.IsExistingMatchingCard\([^)]*LOCATION_GRAVE")
_RICH_NEEDS = re.compile(r"RACE_|TYPE_(?:XYZ|FUSION|SYNCHRO|PENDULUM)|LOCATION_PZONE|IsCode\(id\)|"
                         r"Fusion|Xyz|Synchro|IsOriginalCodeRule|ListsCode")
RICH_SPELLCASTER = 46986414  # Dark Magician
RICH_FACEUP = (34460851,)  # Flame Manipulator (a material of the Extra Deck filler's Fusion)
RICH_FACEUP_OTHER = (44287299, 71594310)  # Masaki (the other material), Gem-Knight Pearl (an Xyz)
RICH_PENDULUM = (17390179, 19474136)  # Flash Knight, Mandragon: Normal Pendulum Monsters


def summoned_this_turn(script: str, action: str, kind: str, chained: bool, trigger: bool, own: list) -> bool:
    """Whether a questioned monster's effect may ask that it was Normal Summoned this turn (「このカードを召喚
    したターン」: its script watches its own Summon, EVENT_SUMMON_SUCCESS, for an effect activated in an open
    game state): a "summoned" variant Normal Summons it before the question (baseline and ruling alike)."""
    return (action == "activate" and kind in ("monster", "pendulum") and not chained and not trigger and not own
            and "EVENT_SUMMON_SUCCESS" in script)


def material_monsters(refs: list[int], cards: "CardSource", room: int = 4) -> list[int]:
    """The monsters among the cards a text names (referenced_cards) that a summon procedure may use as
    materials on the field (「サイバー・ドラゴン」＋機械族モンスター, 自分フィールドの「Ｕ．Ａ．」モンスター１体を
    手札に戻し …): each, and a second copy of each while there is room (the Monster Zones, `room`)."""
    k = load_constants()
    mons = [c for c in refs if c in cards.data and cards.kind(c) in ("monster", "pendulum") and (
        cards.script(c) is not None or not cards.data[c]["type"] & k["TYPE_EFFECT"])]
    return (mons + mons)[:room] if mons else []


def board_profiles(scripts: Iterable[str]) -> tuple[str, ...]:
    """The BOARD_PROFILES the scripts (the questioned card's, the earlier events' cards') read: a hand or
    Graveyard count for "sparse", a Type, a kind of monster or a name for "rich"."""
    text = "\n".join(scripts)
    return tuple(p for p, cue in (("sparse", _SPARSE_NEEDS), ("rich", _RICH_NEEDS)) if cue.search(text))


def profile_filler(profile: str, own: int, own_pile: str, named: list[SetupCard], cards: "CardSource",
                   own_pzone: bool = False, refs: list[int] | None = None) -> list[SetupCard]:
    """The cards of a board profile (BOARD_PROFILES) for a questioned card of code `own` (`own_pzone`: it
    sits in a Pendulum Zone, left free for it); `named`: what the filler variants add besides _filler
    (the cards the texts name, the Extra Deck and variety filler); `refs`: the cards the questioned card's
    text names ("materials": those monsters face-up on its controller's otherwise empty field)."""
    k = load_constants()
    base = _filler(0, "f0", own, own_pile) + _filler(1, "f1") + named
    if profile == "materials":
        faceup = [SetupCard(ref=f"f0-t{i}", code=code, player=0, location="mzone")
                  for i, code in enumerate(material_monsters(refs or [], cards))]
        return [c for c in base if not (c.player == 0 and c.location == "mzone")] + faceup
    if profile == "sparse":
        def spell_trap(c: SetupCard) -> bool:
            return bool(cards.data.get(c.code, {}).get("type", 0) & (k["TYPE_SPELL"] | k["TYPE_TRAP"]))
        return [c for c in base if c.location != "hand" and not (c.location == "grave" and spell_trap(c))]
    cards.ensure([RICH_SPELLCASTER, *RICH_FACEUP, *RICH_FACEUP_OTHER, *RICH_PENDULUM])
    usable = {c for c in (RICH_SPELLCASTER, *RICH_FACEUP, *RICH_FACEUP_OTHER, *RICH_PENDULUM) if c in cards.data and (
        cards.script(c) is not None or not cards.data[c]["type"] & k["TYPE_EFFECT"])}
    if RICH_SPELLCASTER in usable:
        # each player's second vanilla monster is a Spellcaster (its ref stays: steps name it as a target)
        base = [SetupCard(**{**c.__dict__, "code": RICH_SPELLCASTER}) if c.ref in ("f0-m2", "f1-m2") else c for c in base]
    rich = [SetupCard(ref=f"f{p}-r{i}", code=code, player=p, location="mzone")
            for p, codes in ((0, RICH_FACEUP), (1, RICH_FACEUP_OTHER)) for i, code in enumerate(codes) if code in usable]
    rich += [SetupCard(ref=f"f{p}-p{i}", code=code, player=p, location="pzone", sequence=i)
             for p in (0, 1) for i, code in enumerate(RICH_PENDULUM) if code in usable and not (own_pzone and (p, i) == (0, 0))]
    rich.append(SetupCard(ref="f0-qd2", code=own, player=0, location=own_pile))
    return base + rich


def _where(location: str, filler: bool | str) -> str:
    return location + (" + filler" if filler is True else f" + filler, {filler}" if filler else "")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-._") or "ruling"


def compile_frame(ruling: Any, frame: Frame | None, cards: CardSource) -> Compiled:
    """The scenarios (variants of a ruling scenario and its baseline) for one ruling's frame, or the
    specific reason there are none."""
    try:
        return Compiled(_compile(ruling, frame, cards))
    except NotCompiled as exc:
        return Compiled(reason=str(exc))


def _no_compiler(frame: Frame) -> str:
    """Why a question of a kind without a compiler of its own gives no scenario, as specifically as the
    frame says: the outcomes a what-happens or applies answer can be compiled from are a named card's
    fate and a can/cannot activate or summon; an 'other' question groups by what it asks."""
    q = frame.question
    if q.kind == "what_happens":
        said = next((u for u in frame.unread if u.startswith("answer: it states")), None)
        if said:
            return "question kind what_happens: " + said[len("answer: "):]
        return ("question kind what_happens: its answer states no outcome a scenario checks (a fate of a card the "
                "title names, or that a card can or cannot be activated or summoned)")
    if q.kind == "applies":
        return ("question kind applies: whether an effect applies or activates is not compiled (its answer states no "
                "fate of a named card, nor a can or cannot)")
    if q.kind == "other":
        verbs = re.findall(r"選択|選べ|無効|発動|素材|除外|装備|加え|リリース|スキップ|ドロー|アップ|ダウン|戻|送|破壊|"
                           r"特殊召喚|召喚|セット|使用|ダメージ|置|扱", q.text or "")
        return f"question kind other, asking whether …{verbs[-1] if verbs else ''}…: no compiler for it"
    return f"question kind {q.kind}: no compiler for it yet"


# ------------------------------------------------------------------ cards the ruling describes instead of naming


@lru_cache(maxsize=1)
def _catalog_monsters() -> list:
    return sorted((c for c in read_cards_jsonl(cards_file()) if c.card_type == "Monster" and c.passcode_kind == "official"),
                  key=lambda c: c.passcode)


def _has_traits(data: dict, traits: list[str]) -> bool:
    k = load_constants()
    for trait in traits:
        name, _, value = trait.partition("=") if "=" in trait else (trait, "", "")
        if trait.startswith(("atk<=", "atk>=", "def<=", "def>=")):
            stat = int(data.get("attack" if trait.startswith("atk") else "defense") or 0)
            bound = int(trait[5:])
            if not (stat <= bound if trait[3:5] == "<=" else stat >= bound) or stat < 0:
                return False
        elif name == "monster":
            if not data["type"] & k["TYPE_MONSTER"]:
                return False
        elif name in ("level", "rank", "link_rating"):
            if (int(data.get("level") or 0) & 0xFF) != int(value):
                return False
        elif name == "attribute":
            if not data.get("attribute", 0) & k[f"ATTRIBUTE_{value}"]:
                return False
        elif name == "race":
            if not int(data.get("race") or 0) & k.get(f"RACE_{value}", 0):
                return False
        elif not data["type"] & k[f"TYPE_{name.upper()}"]:
            return False
    return True


def pick_described(card: FrameCard, cards: CardSource, limit: int = 1) -> list[int]:
    """Cards that have the traits of a card the ruling describes (「リンクモンスター」): those with the fewest
    effects of their own first (no Effect Monster bit, then the lowest passcode), among those the engine
    can run (a script, or a Normal Monster / Token)."""
    key = (tuple(card.described), limit)
    if key in cards.picked:
        return cards.picked[key]
    k = load_constants()
    kind_traits = [t for t in card.described if "=" not in t and "<" not in t and ">" not in t and t != "monster"]
    pool: list[int] = []
    if cards.cdb:
        try:
            con = open_cdb(cards.cdb)
            bits = sum(k[f"TYPE_{t.upper()}"] for t in kind_traits) | k["TYPE_MONSTER"]
            pool = [r[0] for r in con.execute("SELECT id FROM datas WHERE type & ? = ? AND alias = 0 ORDER BY id", (bits, bits))]
            con.close()
        except sqlite3.DatabaseError:
            pool = []
    pool = pool or [c.passcode for c in _catalog_monsters()
                    if all((t in (c.monster_type_line or "").lower()) for t in kind_traits if t not in ("normal", "effect"))]
    cards.picked[key] = found = []
    for plain in (True, False):
        for start in range(0, len(pool), 400):
            chunk = pool[start:start + 400]
            cards.ensure(chunk)
            for code in chunk:
                data = cards.data.get(code)
                if data is None or bool(data["type"] & k["TYPE_EFFECT"]) == plain or not _has_traits(data, card.described) \
                        or (data["type"] & k["TYPE_TOKEN"] and "token" not in card.described):
                    continue
                vanilla = not data["type"] & k["TYPE_EFFECT"] and not any(data["type"] & k[t] for t in EXTRA_KINDS)
                if vanilla or cards.script(code) is not None:
                    found.append(code)
                    if len(found) >= limit:
                        return found
    return found


# vanilla monsters a described target's baseline tries in its place, the first without the described traits
# (then Effect Monsters, for a target described as a Normal Monster, where the scripts in use hold them)
VANILLA_STAND_INS = (FILLER_MONSTER, 89631139, 46986414, 15025844, 74131780, 40133511)  # Celtic Guardian, Blue-Eyes
# White Dragon, Dark Magician, Mystical Elf, Exiled Force, Bazoo the Soul-Eater


def described_stand_ins(card: FrameCard, stand_code: int, cards: CardSource) -> list[int]:
    """The baseline's stand-in for a described target: a card of the target's kind WITHOUT the described
    traits (the traits are the deciding condition: a card like the target would share them)."""
    codes = [stand_code, *VANILLA_STAND_INS] if stand_code not in VANILLA_STAND_INS else list(VANILLA_STAND_INS)
    cards.ensure(codes)
    effect = load_constants()["TYPE_EFFECT"]
    # a target described by its position alone (「裏側守備表示のモンスター」): the stand-in differs by position
    traits = [t for t in card.described if t != "monster"] if card.position else card.described
    found = [c for c in codes if c in cards.data and not (traits and _has_traits(cards.data[c], traits))
             and (not cards.data[c]["type"] & effect or cards.script(c) is not None)]
    if not found:
        raise NotCompiled(f"no vanilla card without the traits of 「{card.name}」 stands in for it in a baseline")
    return found[:1]


def with_described_cards(frame: Frame, cards: CardSource) -> Frame:
    """The frame with a card picked for each card it describes (FrameCard.described), or NotCompiled."""
    if not any(c.described for c in frame.cards):
        return frame
    out = []
    for c in frame.cards:
        if c.described and c.passcode is None:
            picked = pick_described(c, cards)
            if not picked:
                raise NotCompiled(f"no card in the card data and scripts in use has the traits of 「{c.name}」 ({', '.join(c.described)})")
            c = c.model_copy(update={"passcode": picked[0]})
        out.append(c)
    return frame.model_copy(update={"cards": out})


# ------------------------------------------------------------------ zones the situation states empty, full or counted

ZONE_SIZE = {"mzone": 5, "szone": 5, "pzone": 2, "fzone": 1}
_MONSTER_KINDS = ("monster", "extra", "pendulum")


def _zone_players(zone: FrameZone, asker: int) -> list[int]:
    """The scenario players a zone condition is about: "self" the asker's, "opponent" the other's; "both"
    each; unsaid, each for an empty zone (no such card anywhere), else the asker's."""
    if zone.controller == "self":
        return [asker]
    if zone.controller == "opponent":
        return [1 - asker]
    return [0, 1] if zone.controller == "both" or zone.count == "none" else [asker]


def _in_zone(location: str, zone: FrameZone) -> bool:
    return location in ("mzone", "szone", "pzone", "fzone") if zone.location == "field" else location == zone.location


def _counts_in(zone: FrameZone, kind: str, location: str, position: str | None, data: dict | None = None) -> bool:
    """Whether a card of this kind, there, in this position, is one of the cards the zone condition counts."""
    monster = kind in _MONSTER_KINDS and location == "mzone" or kind in _MONSTER_KINDS and location not in (
        "szone", "pzone", "fzone", "mzone")
    pos = position or ("faceup_attack" if location == "mzone" else "")
    if zone.described and not (monster and data is not None and _has_traits(data, zone.described)):
        return False  # 「アンデット族モンスター」: only monsters of that kind count
    if zone.what == "monster":
        return monster
    if zone.what == "faceup_monster":
        return monster and location == "mzone" and pos.startswith("faceup")
    if zone.what == "faceup_attack_monster":
        return monster and location == "mzone" and pos == "faceup_attack"
    if zone.what == "spell_trap":
        return not monster
    return True


def zone_forbids(zones: list[FrameZone], player: int, asker: int, location: str, kind: str, position: str | None,
                 data: dict | None = None) -> bool:
    """Whether a card of the ruling placed there would break one of its zone conditions (a monster in a
    Monster Zone the ruling says is empty)."""
    return any(z.count == "none" and z.what != "card" and player in _zone_players(z, asker) and _in_zone(location, z)
               and _counts_in(z, kind, location, position, data) for z in zones)


def _zone_filler(zone: FrameZone, player: int, tag: str, cards: CardSource) -> SetupCard:
    """A card the zone condition counts, for filling the zone: a vanilla monster, a Set Spell in the Spell &
    Trap Zone, an Extra Deck monster in the Extra Deck."""
    location = "mzone" if zone.location == "field" and zone.what != "spell_trap" else (
        "szone" if zone.location == "field" else zone.location)
    if location == "pzone" or zone.described:
        # a Normal Pendulum Monster in the Pendulum Zone; a monster of the kind the ruling describes
        traits = ["pendulum", "normal"] if location == "pzone" else zone.described
        picked = pick_described(FrameCard(ref=tag, name=zone.text, described=traits), cards)
        if not picked:
            raise NotCompiled(f"situation: 「{zone.text}」: no card in the card data and scripts in use has the traits "
                              f"{', '.join(traits)}")
        return SetupCard(ref=tag, code=picked[0], player=player, location=location,
                         position="faceup_attack" if location == "mzone" else None)
    if location == "fzone":
        raise NotCompiled(f"situation: 「{zone.text}」: a card in the {location} for the set-up is not compiled yet")
    if location == "szone" or zone.what == "spell_trap":
        if location not in ("szone", "hand", "grave", "deck", "removed"):
            raise NotCompiled(f"situation: 「{zone.text}」: Spells/Traps in the {location} are not compiled")
        return SetupCard(ref=tag, code=FILLER_SET, player=player, location=location,
                         position="facedown" if location == "szone" else None)
    if location == "extra":
        codes = [c for c in EXTRA_FILLER if c in cards.ensure(EXTRA_FILLER).data and cards.script(c) is not None]
        if not codes:
            raise NotCompiled(f"situation: 「{zone.text}」: no Extra Deck monster in the card data and scripts in use")
        return SetupCard(ref=tag, code=codes[0], player=player, location="extra")
    return SetupCard(ref=tag, code=FILLER_MONSTER, player=player, location=location,
                     position="faceup_attack" if location == "mzone" else None)


def _zone_target(zone: FrameZone) -> int | None:
    """How many counted cards the condition's zone holds (None: at least one, "some")."""
    if zone.count == "none":
        return 0
    if zone.count == "full":
        if zone.location not in ZONE_SIZE:
            raise NotCompiled(f"situation: 「{zone.text}」: a full {zone.location} is not compiled")
        return ZONE_SIZE[zone.location]
    if zone.count.startswith("<"):
        return int(zone.count[1:]) - 1
    if zone.count.isdigit():
        return int(zone.count)
    if zone.count == "some":
        return None
    raise NotCompiled(f"situation: 「{zone.text}」: a count not read ({zone.count})")


def _set_zone_count(setup: list[SetupCard], zone: FrameZone, player: int, want: int, keep: set[str], tag: str,
                    cards: CardSource) -> list[SetupCard]:
    """The set-up with exactly `want` counted cards in the player's zone (filler removed or added; the
    ruling's own cards stay: a ruling card that breaks the condition is not compiled)."""
    def counted(c: SetupCard) -> bool:
        return c.player == player and _in_zone(c.location, zone) and _counts_in(
            zone, cards.kind(c.code) if c.code in cards.data else "monster", c.location, c.position, cards.data.get(c.code))
    mine = [c for c in setup if counted(c)]
    if len(mine) > want:
        drop = [c for c in mine if c.ref not in keep][:len(mine) - want]
        if len(mine) - len(drop) > want:
            raise NotCompiled(f"situation: 「{zone.text}」: a card the ruling names is there")
        setup = [c for c in setup if c not in drop]
    for i in range(want - len(mine)):
        setup = [*setup, _zone_filler(zone, player, f"{tag}p{player}n{i}", cards)]
    held = sum(1 for c in setup if c.player == player and c.location == zone.location)
    if zone.location in ZONE_SIZE and held > ZONE_SIZE[zone.location]:
        raise NotCompiled(f"situation: 「{zone.text}」: the set-up does not fit in the {zone.location}")
    return setup


def zone_setup(setup: list[SetupCard], zones: list[FrameZone], asker: int, keep: set[str], cards: CardSource) -> list[SetupCard]:
    """The ruling scenario's set-up made to hold the zone conditions: an empty zone emptied of filler, a
    full one filled with vanilla cards, a counted one (「デッキが3枚未満」) holding that many."""
    for i, zone in enumerate(zones):
        want = _zone_target(zone)
        for player in _zone_players(zone, asker):
            if want is None:
                if not any(c.player == player and _in_zone(c.location, zone) for c in setup):
                    setup = [*setup, _zone_filler(zone, player, f"z{i}p{player}", cards)]
                continue
            setup = _set_zone_count(setup, zone, player, want, keep, f"z{i}", cards)
    return setup


def zone_baseline(setup: list[SetupCard], zones: list[FrameZone], asker: int, cards: CardSource) -> list[SetupCard]:
    """The baseline's set-up with the zone conditions removed: an empty zone holds a vanilla card, a full
    one has room, a counted one holds more (the Deck 8 cards), a zone said to hold some cards is empty."""
    for i, zone in enumerate(zones):
        want = _zone_target(zone)
        for player in _zone_players(zone, asker):
            counted = sum(1 for c in setup if c.player == player and _in_zone(c.location, zone) and _counts_in(
                zone, cards.kind(c.code) if c.code in cards.data else "monster", c.location, c.position, cards.data.get(c.code)))
            if want is None:
                setup = _set_zone_count(setup, zone, player, 0, set(), f"b{i}", cards)
            elif zone.count == "full":
                if counted >= ZONE_SIZE[zone.location]:
                    setup = _set_zone_count(setup, zone, player, ZONE_SIZE[zone.location] - 1, set(), f"b{i}", cards)
            elif counted <= want:
                more = 8 if zone.location == "deck" and want < 8 else want + 1
                setup = _set_zone_count(setup, zone, player, min(more, ZONE_SIZE.get(zone.location, more)), set(), f"b{i}", cards)
    return setup


def _check_read_yes_no(frame: Frame) -> None:
    """A yes/no question compiles only when its answer is yes or no, nothing of it is unread, and it names
    the card that acts; else NotCompiled with the first of these that fails."""
    if frame.answer not in ("yes", "no"):
        raise NotCompiled(next((u for u in frame.unread if u.startswith("answer")), "the answer is not yes or no"))
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    if frame.question.card is None:
        raise NotCompiled(f"question: no card named as the one that acts ({frame.question.text})")


def _compile(ruling: Any, frame: Frame | None, cards: CardSource) -> list[Scenario]:
    if frame is None:
        raise NotCompiled("no frame: the ruling was not read into one")
    q = frame.question
    if q is None:
        raise NotCompiled(frame.unread[0] if frame.unread else "no question in the frame")
    if not frame.unread and frame.answer in ("yes", "no"):
        frame = with_described_cards(frame, cards)
    if frame.zones and (frame.fates or q.kind in ("is_destroyed", "can_attack", "can_select")):
        z = frame.zones[0]
        raise NotCompiled(f"situation: 「{z.text}」 (a zone stated {z.count}) is not compiled for {q.kind} yet")
    if frame.fates or q.kind == "is_destroyed":
        return _compile_fate(ruling, frame, cards)
    if frame.applied and q.kind in ("what_happens", "applies", "other"):
        return compile_applied(ruling, frame, cards)
    if frame.stats and q.kind in ("what_happens", "applies", "other"):
        return compile_stats(ruling, frame, cards)
    if q.kind == "applies" and re.search(r"発動(?:し|され)ますか$", q.text or ""):
        return compile_triggered(ruling, frame, cards)
    if q.kind == "can_attack":
        return _compile_attack(ruling, frame, cards)
    if q.kind == "can_select":
        return _compile_select(ruling, frame, cards)
    if q.kind == "can_summon" and q.targets:
        return _compile_summon_by_effect(ruling, frame, cards)
    if any(e.note in CAUSED_NOTES for e in frame.events):
        return _compile_after_event(ruling, frame, cards)
    if q.kind not in ("can_activate", "can_summon", "can_set", "can_target"):
        raise NotCompiled(_no_compiler(frame))
    _check_read_yes_no(frame)
    by_ref = {c.ref: c for c in frame.cards}
    _check_cards(frame, cards)
    qcard = by_ref[q.card]
    qkind = cards.kind(qcard.passcode)
    if q.kind == "can_summon" and _BY_OWN_EFFECT.search(q.text) and qkind in ("monster", "pendulum", "extra"):
        # 「X」を自身の効果で特殊召喚できますか: a Special Summon by the monster's own effect is that
        # effect's activation (the engine offers the effect, not a summon procedure)
        action = "activate"
    elif q.kind == "can_summon":
        how = SUMMON_HOW.get(q.how or "")
        if how is None:
            raise NotCompiled(f"{q.how}: a summon made by a card's effect or a procedure not compiled yet")
        if qkind not in ("monster", "pendulum", "extra"):
            raise NotCompiled(f"「{qcard.name}」 is not a monster")
        if how == "summon" and qkind == "extra":
            raise NotCompiled(f"「{qcard.name}」 is an Extra Deck monster: it cannot be Normal Summoned")
        action = how
    elif q.kind == "can_set":
        action = "set"
    else:
        action = "activate"
    # 「X」を対象として「Y」を発動できますか: can Y be activated with X as its target (the can_target path)
    target = _target_of(frame, by_ref, cards) if q.kind == "can_target" or (q.kind == "can_activate" and q.targets) else None
    situation = [c for c in frame.cards if c.ref != q.card and any(s in c.state for s in ("applied", "present"))
                 and not (target and c.ref == target[0][0].ref)]
    events = [e for e in frame.events if e.card != q.card or e.action in PLAYED_EVENTS]
    if target and events:
        raise NotCompiled("can_target with events before the question: not compiled yet")
    if target and frame.zones:
        raise NotCompiled(f"situation: 「{frame.zones[0].text}」 with a target: not compiled yet")
    for e in events:
        if e.action not in PLAYED_EVENTS:
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 before the question: not compiled yet")
    # the questioned card's own summon (召喚に成功した「X」の効果): played in the baseline too, not a
    # deciding condition
    own = [e for e in events if e.card == q.card and e.action != "activate"]
    _check_event_sides(events, by_ref, q)
    if not situation and not [e for e in events if e not in own] and frame.answer == "no" and not target and not frame.zones:
        raise NotCompiled("a 'cannot' whose frame names no deciding condition besides the questioned card: no baseline "
                          "can remove it")
    activation = action == "activate" and "効果" not in q.text and qkind not in ("monster", "pendulum", "extra")
    asked = frame
    if q.kind == "can_summon" and action == "activate" and q.effect is None:
        # which effect Special Summons the monster itself: the one numbered effect whose text does; one
        # that is not activated (「このカードは…特殊召喚できる」) is a summon procedure
        self_summon = own_summon_effect(cards.texts.get(qcard.passcode, ""))
        if self_summon is not None and not self_summon[1]:
            action = "special_summon"
        elif self_summon is not None:
            asked = frame.model_copy(update={"question": q.model_copy(update={"effect": self_summon[0]})})
    if target and q.effect is None and not q.effect_text:
        # a target question about a card of several effects that names none: the one effect that targets
        targeting = targeting_effect(cards.texts.get(qcard.passcode, ""))
        if targeting is not None:
            asked = frame.model_copy(update={"question": q.model_copy(update={"effect": targeting})})
    effect = effect_index(asked, qcard.passcode, cards, activation) if action == "activate" else None
    summoned = bool(events) and events[-1].action in ("summon", "special_summon") and (
        events[-1].note == "chained to" or events[-1] in own)
    trigger = action == "activate" and open_state_effects(cards.script(qcard.passcode) or "", effect) is False
    if trigger and not summoned:
        raise NotCompiled(f"「{qcard.name}」's effect{'' if effect is None else f' (Stringid {effect})'} is a trigger "
                          f"(its script has no Ignition/Quick/activation type for it): the event that triggers it is "
                          f"not in the frame")
    # players: the asker's side acts first (turn player, scenario player 0)
    asker = 0 if q.actor in (None, "self") else 1

    def player_of(card: FrameCard, default: int) -> int:
        if card.controller == "self":
            return asker
        if card.controller == "opponent":
            return 1 - asker
        return default

    qplayer = 0
    # a response to an activation: the other player activates (in its turn), the questioned card's
    # controller chains to it (unless the ruling says the asker activated it)
    # (召喚に成功した「X」の効果: a trigger of X responds to its own summon; another effect follows it)
    chained = bool(events) and (events[-1].note == "chained to" or (events[-1] in own and trigger))
    activator = asker if chained and by_ref[events[-1].card].controller == "self" else (1 if chained else 0)
    if chained and events[-1] in own:
        activator = qplayer  # its own summon: the questioned card's controller summons it in its turn
    turn_player = activator if chained else 0
    placed: list[SetupCard] = []
    by_summon: set[str] = set()  # event cards whose trigger needs their Normal Summon (trigger_steps)
    for c in situation + [by_ref[e.card] for e in events if e.card != q.card]:
        if any(p.ref == c.ref for p in placed):
            continue
        kind = cards.kind(c.passcode)
        if any(e.card == c.ref for e in events):
            first = next(e for e in events if e.card == c.ref)
            location, position = _event_place(kind, c, first.action, numbered_effect_text(
                cards.texts.get(c.passcode, ""), first.effect))
            if first.action == "activate" and kind in ("monster", "pendulum") and summon_triggered(
                    cards.script(c.passcode) or "", event_effect_index(first, c.passcode, cards, activation=False)
                    if first.effect or first.effect_text else None):
                location, position = "hand", None  # its trigger needs its Normal Summon: played first (trigger_steps)
                by_summon.add(c.ref)
            # a monster's effect activated before the question: the monster face-up on the activator's field
            # (an effect it cannot activate there makes that step unplayable: inconclusive, not a verdict)
            player = activator
        else:
            location, position = _field_place(kind, c)
            player = player_of(c, 1 - qplayer)
            if "applied" in c.state and not applies_on_its_own(cards.script(c.passcode) or ""):
                raise NotCompiled(f"「{c.name}」's effect applies once activated and resolved (its script has no "
                                  f"continuous effect): that activation is not compiled yet")
        placed.append(SetupCard(ref=c.ref, code=c.passcode, player=player, location=location, position=position,
                                name=c.name))
    refs = referenced_cards(cards.texts.get(qcard.passcode, ""), qcard.passcode)
    cards.ensure(refs)
    qscript = cards.script(qcard.passcode) or ""
    # archetype cards without a set code in the card data (no cards.cdb lists them) cannot be what the
    # questioned card's archetype checks look for: an action the ruling allows that the engine then
    # refuses says nothing (settle: inconclusive)
    no_setcodes = "IsSetCard" in qscript and any(
        not cards.data[c].get("setcodes") for c in refs if c in cards.data and c not in exact_names(refs, cards))
    named = _named_cards(refs, 0, "f0-n", cards) + [c for p in (0, 1) for c in (
        extra_filler(p, f"f{p}", cards) + variety_filler(p, f"f{p}", cards))]
    event_named = _event_named_cards(events, placed, q, by_ref, cards)
    scenarios: list[Scenario] = []
    expected = frame.answer == "yes"
    variant = 0
    # a Special Summon by the monster's own procedure often asks that its controller has no monster
    # ("if you control no monsters"): a third variant gives the opponent filler and leaves that field empty
    fillers: tuple = (False, True, "empty field") if action == "special_summon" else (False, True)
    if chained:
        fillers = (True,)  # a chain needs an activation to chain to, and that activation what it uses: filler
    # boards the activation requirements read from the scripts ask for (a small hand, a Graveyard without
    # Spells/Traps; monsters of each kind face-up, Pendulum Zones in use): more variants, the earlier ones kept
    fillers += board_profiles([qscript, *(cards.script(by_ref[e.card].passcode) or "" for e in events),
                               *(cards.script(t.code) or "" for t, _ in target or [])])
    if summoned_this_turn(qscript, action, qkind, chained, trigger, own):
        fillers += ("summoned",)
    if action == "special_summon" and not events and material_monsters(refs, cards):
        fillers += ("materials",)  # a procedure's materials: the monsters its text names, on its controller's field
    for filler in fillers:
        places = _question_places(qkind, qcard, frame) if not own else [_event_place(qkind, qcard, own[0].action)]
        if filler == "summoned":
            places = [("hand", None)]  # Normal Summoned from there first
        # a place the ruling's zone conditions leave empty is not one the questioned card can be in
        places = [pl for pl in places if not zone_forbids(frame.zones, qplayer, asker, pl[0], qkind, pl[1],
                                                          cards.data.get(qcard.passcode))]
        if not places:
            continue  # (no variant at all: NotCompiled below)
        if chained and turn_player != qplayer:
            # in the other player's turn a Spell is activated from the field (Set), not from the hand
            places = [("szone", "facedown") if (loc == "hand" and qkind in ("spell", "continuous", "field")) else (loc, pos)
                      for loc, pos in places]
        for location, position in dict.fromkeys(places):
            variant += 1
            qsetup = SetupCard(ref=q.card, code=qcard.passcode, player=qplayer, location=location, position=position,
                               name=qcard.name)
            extra = ([c for c in _filler(0, "f0", qcard.passcode, "extra" if qkind == "extra" else "deck")
                      if filler in (True, "summoned") or c.location != "mzone"] + _filler(1, "f1") + named
                     + event_named) if filler and filler not in BOARD_PROFILES else []
            if filler in BOARD_PROFILES:
                extra = profile_filler(filler, qcard.passcode, "extra" if qkind == "extra" else "deck", named + event_named,
                                       cards, own_pzone=location == "pzone", refs=refs)
            steps, own_steps = [], []
            if filler == "summoned":
                # the questioned monster Normal Summoned this turn first (its effect asks for it): not the
                # deciding condition, so in the baseline too
                own_steps = [Step(action="summon", card=q.card, select=["f0-m1", "f0-m2"], answer=True),
                             *_negation_window()]
                steps += own_steps
            for e in events:
                # an earlier activation that needs a target takes the other player's filler cards (with
                # filler); bare, a choice it needs makes that step unplayable (inconclusive)
                p = next((c.player for c in placed if c.ref == e.card), qplayer)
                pool = [f"f{1 - p}-{t}" for t in ("s1", "m1", "m2", "g1")] if filler else []
                steps += trigger_steps(e, e.card in by_summon, p, filler)
                steps.append(_summon_step(e, p, filler) if e.action != "activate" else Step(
                    action="activate", card=e.card, target=pool, answer=True,
                    # its costs and choices among the cards its text names (with filler)
                    select=[c.ref for c in event_named if c.ref.startswith(f"f{p}-{e.card}n")] if filler else [],
                    effect=event_effect_index(e, by_ref[e.card].passcode, cards)))
                if e in own:
                    own_steps.append(steps[-1])
            qaction = "chain" if chained and action == "activate" else action
            if chained and events[-1].action in ("summon", "special_summon"):
                # a Summon by hand (Normal, or Special by a procedure) first opens the window to negate it
                # (「神の宣告」), offered to both players: the response asked about comes after it succeeds
                steps += _negation_window()
                own_steps += _negation_window() if own_steps else []
            if target:
                # the ruling's target, and in the baseline a vanilla card of its kind in its place: the
                # deciding condition is what the target is (and the situation); where the ruling does
                # not place the target, also in the Graveyard (effects that target cards there)
                for i, (tcard, stand_code) in enumerate(target):
                    variant += i > 0
                    rid = getattr(ruling, "id", None) or ruling.get("id")
                    base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
                    where = _where(location, filler) + f", target in {tcard.location}"
                    ruling_scenario = _scenario(ruling, base, frame, [*placed, tcard, qsetup, *extra], [Step(
                        action="activate", card=q.card, effect=effect, target=[tcard.ref], answer=True,
                        expect={"target_selectable": {tcard.ref: expected}})], where, turn_player=turn_player)
                    # stand-ins: the vanilla card of the target's kind, then cards like the target (same card
                    # type, Type and Attribute, its archetype first) for effects that target only such cards
                    baselines = []
                    for n, code in enumerate(described_stand_ins(by_ref[tcard.ref], stand_code, cards) if by_ref[tcard.ref].described
                                             else [stand_code, *similar_cards(tcard.code, cards)]):
                        stand_in = SetupCard(**{**tcard.__dict__, "ref": "t0", "name": None, "code": code})
                        if stand_in.code == FILLER_SET and stand_in.location == "szone":
                            stand_in.position = "facedown"
                        elif by_ref[tcard.ref].described and by_ref[tcard.ref].position:
                            stand_in.position = None  # a position the ruling describes the target by is a trait too
                        baselines.append(_scenario(ruling, base + "-baseline" + (f"-{n + 1}" if n else ""), frame,
                                                   [stand_in, qsetup, *extra], [Step(
                            action="activate", card=q.card, effect=effect, target=["t0"], answer=True,
                            expect={"target_selectable": {"t0": True}})], where,
                            control_of=ruling_scenario, turn_player=turn_player))
                    scenarios += [*baselines, ruling_scenario]
                continue
            rid = getattr(ruling, "id", None) or ruling.get("id")
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            keep = {q.card, *(c.ref for c in placed)}
            ruling_setup = zone_setup([*placed, qsetup, *extra], frame.zones, asker, keep, cards)
            ruling_scenario = _scenario(ruling, base, frame, ruling_setup, [*steps, Step(
                action=qaction, card=q.card, effect=effect, answer=True, expect={"offered": expected})],
                _where(location, filler), no_setcodes=bool(no_setcodes and filler),
                turn_player=turn_player)
            # the baseline: the deciding condition (situation cards, earlier events) removed
            summon_before, stand_ins = _summon_baseline(events, own_steps, qaction, turn_player, filler)
            if qaction == "chain" and not summon_before:
                # a chain to the ruling's card: chains to stand-in activations instead (any one that offers
                # the chain shows the set-up gives the questioned card what it needs)
                baselines = _chain_baselines(ruling, base, frame, by_ref[events[-1].card], activator, qsetup,
                                             zone_baseline(extra, frame.zones, asker, cards),
                                             effect, _where(location, filler), ruling_scenario, turn_player, cards)
            else:
                baselines = [_scenario(ruling, base + "-baseline", frame, zone_baseline(
                    [qsetup, *extra, *stand_ins], frame.zones, asker, cards), [*summon_before, Step(
                    action=qaction if summon_before else "activate" if qaction == "chain" else qaction, card=q.card,
                    effect=effect, answer=True, expect={"offered": True})], _where(location, filler),
                    control_of=ruling_scenario, turn_player=turn_player)]
            scenarios += [*baselines, ruling_scenario]  # baselines run first: the ruling's verdict needs them
    if not scenarios and frame.zones:
        raise NotCompiled(f"situation: 「{frame.zones[0].text}」 leaves no place for 「{qcard.name}」")
    return scenarios


# Stand-in activations a chain baseline chains to: common cards whose activations the reactive cards
# answer (Spells that target a player and draw, destroy every monster, Special Summon from the Graveyard,
# search the Deck, send from the Deck to the Graveyard, target a Spell/Trap; Traps that draw, Special
# Summon, destroy; monster effects that destroy, Special Summon from the Deck, banish from the
# Graveyard). Those of the ruling's chained-to card's kind come first; any one that offers the chain
# shows the set-up gives the questioned card what it needs. Only those the card data and scripts in
# use hold are used.
CHAIN_STANDINS = {
    "spell": (55144522, 53129443, 83764718, 32807846, 81439173, 5318639),  # Pot of Greed, Dark Hole, Monster
    # Reborn, Reinforcement of the Army, Foolish Burial, Mystical Space Typhoon
    "trap": (83968380, 97077563, 4178474),  # Jar of Greed, Call of the Haunted, Raigeki Break
    "monster": (74131780, 85138716, 40133511),  # Exiled Force, Rescue Rabbit, Bazoo the Soul-Eater
}


def _chain_standins(kind: str, cards: CardSource) -> list[int]:
    group = "monster" if kind in ("monster", "pendulum", "extra") else "trap" if kind.startswith("trap") else "spell"
    codes = [*CHAIN_STANDINS[group], *(c for g, cs in CHAIN_STANDINS.items() if g != group for c in cs)]
    cards.ensure(codes)
    return [c for c in codes if c in cards.data and cards.script(c) is not None]


def _chain_baselines(ruling: Any, base: str, frame: Frame, chained_to: FrameCard, activator: int, qsetup: SetupCard,
                     extra: list[SetupCard], effect: int | None, where: str, ruling_scenario: Scenario,
                     turn_player: int, cards: CardSource) -> list[Scenario]:
    """Baselines of a chain question: the questioned card chained to stand-in activations (activated by
    the same player as the ruling's card, from their usual place, with the other player's filler as
    targets)."""
    kind = cards.kind(chained_to.passcode)
    out = []
    for n, code in enumerate(_chain_standins(kind, cards)):
        skind = cards.kind(code)
        location, position = ("mzone", "faceup_attack") if skind in ("monster", "pendulum", "extra") else (
            ("szone", "facedown") if skind.startswith("trap") else ("hand", None))
        stand_in = SetupCard(ref="b0", code=code, player=activator, location=location, position=position)
        pool = [f"f{1 - activator}-{t}" for t in ("s1", "m1", "m2", "g1")] + [f"f{activator}-g1"]
        out.append(_scenario(ruling, f"{base}-baseline{'' if n == 0 else f'-{n + 1}'}", frame, [stand_in, qsetup, *extra], [
            Step(action="activate", card="b0", target=pool, answer=True),
            Step(action="chain", card=qsetup.ref, effect=effect, answer=True, expect={"offered": True})],
            where, control_of=ruling_scenario, turn_player=turn_player))
    return out


def similar_cards(code: int, cards: CardSource, limit: int = 2) -> list[int]:
    """Cards like the given one, from the cards.cdb in use (none without one): the same card type bits
    (and Type and Attribute where the database has such cards), another name, those sharing its
    archetype (set code) first, then the lowest code; only cards the engine can run (a script, or a
    Normal Monster)."""
    if not cards.cdb or code not in cards.data:
        return []
    data = cards.data[code]
    rows: list = []
    try:
        con = open_cdb(cards.cdb)
        # the same Type and Attribute where the database has such cards, else the same Type, else the type bits
        for extra, args in ((" AND race = ? AND attribute = ?", (int(data.get("race") or 0), data.get("attribute") or 0)),
                            (" AND race = ?", (int(data.get("race") or 0),)), ("", ())):
            rows = con.execute("SELECT id, setcode FROM datas WHERE type = ? AND id != ? AND alias = 0" + extra +
                               " ORDER BY id LIMIT 400", (data["type"], code, *args)).fetchall()
            if rows:
                break
        con.close()
    except sqlite3.DatabaseError:
        return []
    own = set(data.get("setcodes") or [])
    normal = load_constants()["TYPE_NORMAL"]
    ranked = sorted(rows, key=lambda r: (not own & {(int(r[1] or 0) >> s) & 0xFFFF for s in (0, 16, 32, 48)}, r[0]))
    out = []
    for other, _ in ranked:
        if len(out) >= limit:
            break
        if data["type"] & normal or cards.script(other) is not None:
            out.append(other)
    cards.ensure(out)
    return [c for c in out if c in cards.data]


def _target_of(frame: Frame, by_ref: dict[str, FrameCard], cards: CardSource) -> list[tuple[SetupCard, int]]:
    """The questioned target where it sits, with the vanilla card of its kind that stands in for it in
    the baseline: a monster face-up in the Monster Zone, a Spell/Trap in the Spell & Trap Zone (face-up
    when it stays there), then (where the ruling names no place) in the Graveyard; the opponent's
    unless the ruling says "your"."""
    q = frame.question
    if len(q.targets) != 1:
        raise NotCompiled(f"can_target: {len(q.targets)} targets named (one is compiled)")
    card = by_ref[q.targets[0]]
    if card.ref == q.card:
        raise NotCompiled("can_target: the card targets itself")
    kind = cards.kind(card.passcode)
    if card.location in ("hand", "deck", "extra"):
        raise NotCompiled(f"can_target: 「{card.name}」 in the {card.location} cannot be a target")
    if card.location in ("grave", "removed"):
        location, position = card.location, None
    elif kind in ("monster", "extra", "pendulum") and card.location not in ("szone", "pzone", "fzone"):
        location, position = "mzone", "facedown_defense" if card.position in ("facedown", "facedown_defense") else (
            "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack")
    elif kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Card: equipping it in the set-up is not compiled")
    elif kind == "field":
        location, position = "fzone", "faceup"
    elif kind == "pendulum":
        location, position = "pzone", None
    else:
        location, position = "szone", "facedown" if kind in ("spell", "trap") or card.position == "facedown" else "faceup"
    player = 0 if card.controller == "self" else 1
    stand_code = FILLER_MONSTER if kind in ("monster", "extra", "pendulum") else FILLER_SET
    places = [(location, position, player)]
    if card.location is None and location != "grave":
        places += [("grave", None, player)] + ([("grave", None, 0)] if card.controller is None else [])
    elif card.controller is None:
        places += [(location, position, 0)]  # 墓地の「X」 / 「X」 where the ruling names no side: also the asker's
    return [(SetupCard(ref=card.ref, code=card.passcode, player=p, location=loc, position=pos, name=card.name),
             stand_code) for loc, pos, p in places]


def _scenario(ruling: Any, sid: str, frame: Frame, cards: list[SetupCard], steps: list[Step], where: str,
              control_of: Scenario | None = None, no_setcodes: bool = False, turn_player: int = 0) -> Scenario:
    view = as_ruling(ruling)
    era = ruling_era(view)
    q = frame.question
    qname = next((c.name for c in frame.cards if c.ref == q.card), "a monster")
    title = f"{q.kind} 「{qname}」: {frame.answer} ({where})"
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
    scenario.notes = {"frame_question": q.kind, "answer": frame.answer, "variant": where,  # type: ignore[attr-defined]
                      **({"archetype_without_setcodes": True} if no_setcodes else {})}
    return scenario


# ------------------------------------------------------------------ verdicts


def _question_obs(result: Any, scenario: Scenario) -> dict | None:
    """The engine's observation of the scenario's questioned (last) step, None when it was not reached."""
    log = getattr(result, "log", None) or {}
    index = len(scenario.steps) - 1  # frame scenarios start in Main Phase 1: no implicit phase steps
    return next((o for o in log.get("steps") or [] if o.get("index") == index and "offered" in o), None)


def settle_result(scenario: Scenario, result: Any, done: dict[str, tuple[Scenario, Any]]) -> Any:
    """A frame scenario's engine verdict turned into pass / fail / inconclusive (in place): a
    baseline that does not offer the action, or a ruling scenario whose baseline does not or whose
    steps before the question cannot be played, is inconclusive, never an engine disagreement.
    `done` holds the scenarios already run by id (a baseline runs before its ruling scenario)."""
    if scenario.template != TEMPLATE:
        return result
    if scenario.notes.get("applied") or scenario.notes.get("activates"):
        if scenario.kind == "control":
            seen, why = (applied_seen if scenario.notes.get("applied") else triggered_seen)(scenario, result)
            result.verdict, result.diffs = ("pass", []) if seen else ("inconclusive", [])
            if not seen:
                result.message = "baseline: " + why
            return result
    elif scenario.notes.get("fates"):
        if scenario.kind == "control":
            ok, why = _fate_seen(scenario, result)
            result.verdict, result.diffs = ("pass", []) if ok else ("inconclusive", [])
            if not ok:
                result.message = "baseline: " + why
            return result
    elif scenario.kind == "control":
        obs = _question_obs(result, scenario)
        step = scenario.steps[-1]
        if obs is not None and obs.get("offered") and ("target_selectable" not in step.expect or target_prompt(obs) is not None) \
                and ("selectable" not in step.expect or _chosen_among(obs, "t0")):
            # what the duel does after the questioned action is not what the baseline checks
            result.verdict, result.diffs = "pass", []
        else:
            result.verdict, result.diffs = "inconclusive", []
            result.message = ("baseline could not be played: " + (result.message or "") if obs is None else
                              f"baseline: {scenario.steps[-1].describe()} is not offered (options: "
                              f"{', '.join(obs.get('options') or []) or 'none'}): the set-up lacks what it needs")
        return result
    baseline = best_baseline([pair for pair in done.values() if pair[0].control_for == scenario.id])
    verdict = _one(scenario, result, *baseline)
    result.verdict = verdict.verdict
    if verdict.verdict != "pass":
        result.message, result.diffs = verdict.reason, ([verdict.reason] if verdict.verdict == "fail" else [])
    return result


def settle(scenarios: list[Scenario], results: list[Any]) -> dict[str, FrameVerdict]:
    """One verdict per ruling compiled from a frame: that of its first conclusive variant."""
    grouped: dict[str, list] = {}
    for s, r in zip(scenarios, results):
        if s.control_for and s.template == TEMPLATE:
            grouped.setdefault(s.control_for, []).append((s, r))
    baselines = {sid: best_baseline(pairs) for sid, pairs in grouped.items()}
    out: dict[str, FrameVerdict] = {}
    for scenario, result in zip(scenarios, results):
        if scenario.template != TEMPLATE or scenario.kind != "ruling":
            continue
        rid = scenario.ruling_ids[0]
        kind = (getattr(scenario, "notes", None) or {}).get("frame_question", "")
        if rid in out and out[rid].verdict != "inconclusive":
            if scenario.notes.get("fates") and out[rid].scenario_id:
                # a fate question played with the ruling's unstated sides both ways: variants that disagree
                # say the ruling depends on what it leaves open
                other = _one(scenario, result, *baselines.get(scenario.id, (None, None)))
                if other.verdict not in ("inconclusive", out[rid].verdict):
                    out[rid] = FrameVerdict(rid, kind, "inconclusive", f"variants disagree ({out[rid].scenario_id}: "
                                            f"{out[rid].verdict}, {scenario.id}: {other.verdict}): the ruling does not "
                                            f"say whose cards they are", None)
            continue
        verdict = _one(scenario, result, *baselines.get(scenario.id, (None, None)))
        verdict.ruling_id, verdict.kind = rid, kind
        if rid not in out or verdict.verdict != "inconclusive" or _progress(verdict) > _progress(out[rid]):
            out[rid] = verdict
    return out


def _progress(verdict: FrameVerdict) -> int:
    """How far an inconclusive variant got (its reason is the one to report): its baseline could not be
    played < its baseline did not offer the action < the ruling's own steps could not be played."""
    if verdict.reason.startswith("baseline could not be played"):
        return 0
    return 1 if verdict.reason.startswith("baseline") else 2


def best_baseline(pairs: list[tuple[Scenario, Any]]) -> tuple[Scenario | None, Any]:
    """Of a ruling scenario's baselines (a chain question has one per stand-in activation), the first
    that offers the action (and its stand-in target), else the first one."""
    for scenario, result in pairs:
        obs = _question_obs(result, scenario)
        if obs is not None and obs.get("offered") and (
                "target_selectable" not in scenario.steps[-1].expect or target_prompt(obs) is not None):
            return scenario, result
    return pairs[0] if pairs else (None, None)


def _selectable(obs: dict, ref: str, at: int = 0) -> bool | None:
    """Whether the card was among the candidates of the step's choice number `at` (the first by default;
    None: no such choice asked)."""
    prompts = obs.get("prompts") or []
    return (ref in prompts[at]["candidates"]) if len(prompts) > at else None


def target_prompt(obs: dict, ref: str = "t0") -> int | None:
    """Which of the step's card choices offered the baseline's stand-in target (an effect that first
    chooses a cost or another target asks several): the choice the ruling's target is looked for in."""
    return next((i for i, p in enumerate(obs.get("prompts") or []) if ref in p.get("candidates", [])), None)


def _one(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    if scenario.notes.get("activates"):
        return one_triggered(scenario, result, baseline, base_result)
    if scenario.notes.get("stats"):
        return one_stats(scenario, result)
    if scenario.notes.get("applied"):
        return one_applied(scenario, result, baseline, base_result)
    if scenario.notes.get("fates"):
        return _one_fate(scenario, result, baseline, base_result)
    q = scenario.steps[-1]
    if "selectable" in q.expect:
        return _one_select(scenario, result, baseline, base_result)
    if "target_selectable" in q.expect:
        return _one_target(scenario, result, baseline, base_result)
    expected = q.expect.get("offered")
    obs = _question_obs(result, scenario)
    if expected and obs is not None and obs.get("offered"):
        # a "yes" the engine offers in the ruling's situation passes; the baseline only tells whether a
        # refusal says anything (whether the set-up lacked what the action needs)
        return FrameVerdict("", "", "pass", "", scenario.id, getattr(result, "log", None))
    if baseline is None or base_result is None:
        return FrameVerdict("", "", "inconclusive", "no baseline run", scenario.id)
    b_obs = _question_obs(base_result, baseline)
    if b_obs is None:
        why = base_result.message or base_result.reason
        return FrameVerdict("", "", "inconclusive", why if why.startswith("baseline") else f"baseline could not be played: {why}",
                            scenario.id, getattr(base_result, "log", None))
    if not b_obs.get("offered"):
        return FrameVerdict("", "", "inconclusive", f"baseline: {q.describe()} is not offered even without the deciding "
                            f"condition (options: {', '.join(b_obs.get('options') or []) or 'none'})", scenario.id)
    if obs is None:
        why = result.message or result.reason
        prefix = "a step before the question could not be played: "
        return FrameVerdict("", "", "inconclusive", why if why.startswith(prefix) else prefix + why, scenario.id,
                            getattr(result, "log", None))
    chose = _option_chosen_before(scenario, result)
    if not expected and not obs.get("offered") and chose:
        return FrameVerdict("", "", "inconclusive", chose, scenario.id, getattr(result, "log", None))
    if bool(obs.get("offered")) == expected:
        return FrameVerdict("", "", "pass", "", scenario.id, getattr(result, "log", None))
    if expected and (getattr(scenario, "notes", None) or {}).get("archetype_without_setcodes"):
        return FrameVerdict("", "", "inconclusive", "not offered, but the set-up's archetype cards have no set code "
                            "in the card data (give a cards.cdb that lists them)", scenario.id, getattr(result, "log", None))
    moved = _moved_before_question(scenario, result)
    if moved:
        return FrameVerdict("", "", "inconclusive", moved, scenario.id, getattr(result, "log", None))
    return FrameVerdict("", "", "fail", f"{q.describe()}: ruling says {'offered' if expected else 'not offered'}, engine: "
                        f"{'offered' if obs.get('offered') else 'not offered'} (options: {', '.join(obs.get('options') or []) or 'none'})",
                        scenario.id, getattr(result, "log", None))


def _option_chosen_before(scenario: Scenario, result: Any) -> str | None:
    """Why a refusal says nothing when a step before the question chose one of several options of its
    effect (「以下の効果から１つを選択して発動できる」: the driver takes the first) that the frame does not
    name: the ruling may be about another one."""
    for o in (getattr(result, "log", None) or {}).get("steps") or []:
        if o.get("index", len(scenario.steps)) >= len(scenario.steps) - 1:
            continue
        step = scenario.steps[o["index"]]
        placed = next((c for c in scenario.setup.cards if c.ref == step.card), None)
        # a card whose text lists modes (●…) offers only those it can use: one option shown may still be a choice
        modes = _ja_texts().get(placed.code, "").count("●") if placed else 0
        for prompt in o.get("prompts") or []:
            if prompt.get("type") == "option" and max(len(prompt.get("candidates") or []), modes) > 1:
                return (f"step {o['index']} ({step.describe()}) took one of its effect's options, and the ruling does "
                        f"not say which it is about: a refusal after it says nothing")
    return None


def _moved_before_question(scenario: Scenario, result: Any) -> str | None:
    """Why a refusal says nothing when the questioned card was no longer where the set-up put it when
    the engine was asked (a continuous effect of the situation sent it away at once, e.g. 「御前試合」
    beside filler monsters of another Attribute): the duel was not the ruling's situation."""
    q = scenario.steps[-1]
    placed = next((c for c in scenario.setup.cards if c.ref == q.card), None)
    final = ((getattr(result, "log", None) or {}).get("cards") or {}).get(q.card) or {}
    if placed is None or not final.get("location") or final["location"] == placed.location or q.card in q.after:
        return None  # (a card the question responds to the moving of moved as the ruling says)
    return (f"{q.card} was in the {final['location']}, not the {placed.location} where the set-up put it, when "
            f"{q.describe()} was asked: the duel was not the ruling's situation")


def _one_target(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    """can_target: the baseline's stand-in target must be offered as a target; then the ruling's target
    is selectable or not. A ruling scenario whose activation is not offered at all says "not a valid
    target" only when the target is all that differs from the baseline."""
    q = scenario.steps[-1]
    ref, expected = next(iter(q.expect["target_selectable"].items()))
    log = getattr(result, "log", None)
    obs = _question_obs(result, scenario)
    b_obs = _question_obs(base_result, baseline) if baseline is not None and base_result is not None else None
    at = (target_prompt(b_obs) if b_obs else None) or 0  # the choice that offered the stand-in
    if expected and obs is not None and obs.get("offered") and _selectable(obs, ref, at):
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    if baseline is None or base_result is None:
        return FrameVerdict("", "", "inconclusive", "no baseline run", scenario.id)
    b_obs = _question_obs(base_result, baseline)
    if b_obs is None or not b_obs.get("offered") or target_prompt(b_obs) is None:
        return FrameVerdict("", "", "inconclusive", "baseline: the stand-in target is not offered as a target even "
                            "without the deciding condition", scenario.id)
    if obs is None:
        return FrameVerdict("", "", "inconclusive", f"the question could not be played: {result.message or result.reason}",
                            scenario.id, log)
    got = _selectable(obs, ref, at) if obs.get("offered") else False
    if got is None:
        return FrameVerdict("", "", "inconclusive", "the engine asked no choice of cards", scenario.id, log)
    if not obs.get("offered") and len(scenario.setup.cards) - len(baseline.setup.cards) != 0:
        return FrameVerdict("", "", "inconclusive", "the activation is not offered with the ruling's situation (not a "
                            "choice of target)", scenario.id, log)
    if not obs.get("offered") and expected:
        # the ruling's target may need what its own text asks (a Spell an effect copies needs its own target):
        # an activation not offered at all is no refusal of that target
        return FrameVerdict("", "", "inconclusive", "the activation is not offered at all with the ruling's target (the "
                            "set-up may lack what the target card itself needs): not a choice of target", scenario.id, log)
    if got == expected:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    return FrameVerdict("", "", "fail", f"target {ref} of {q.describe()}: ruling says {'selectable' if expected else 'not selectable'}"
                        f", engine: {'selectable' if got else 'not selectable'}", scenario.id, log)


# ------------------------------------------------------------------ fates: where a card ends up


# what the answer says becomes of a card -> where the engine must show it once the events resolved
# ("stays": where the set-up put it); the contrary a baseline must show once the deciding condition is removed
FATE_LOCATION = {"destroyed": "grave", "survives": "stays", "banished": "removed", "grave": "grave", "hand": "hand",
                 "deck": "deck"}
FATE_CONTRARY = {"survives": "destroyed"}


def _fate_place(kind: str, card: FrameCard) -> tuple[str, str | None]:
    """Where a card whose fate is asked sits: on the field by its type (a face-up Continuous card, a
    Set Spell/Trap), unless the ruling says where."""
    if card.location in ("hand", "grave", "removed", "deck", "extra"):
        return card.location, None
    if kind in ("monster", "extra", "pendulum"):
        return "mzone", "facedown_defense" if (card.position or "").startswith("facedown") else (
            "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack")
    if kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Card: equipping it in the set-up is not compiled")
    if kind == "field":
        return "fzone", "faceup"
    if kind in ("continuous", "trap-continuous"):
        return "szone", "facedown" if (card.position or "").startswith("facedown") else "faceup"
    return "szone", "facedown"


def _situation_card(c: FrameCard, cards: CardSource, player: int) -> SetupCard:
    """A card of the situation where the ruling puts it on the field. A card whose effect the ruling says
    is applied must apply it by itself (a continuous effect): activating it first is not compiled yet."""
    location, position = _field_place(cards.kind(c.passcode), c)
    if "applied" in c.state and not applies_on_its_own(cards.script(c.passcode) or ""):
        raise NotCompiled(f"「{c.name}」's effect applies once activated and resolved (its script has no "
                          f"continuous effect): that activation is not compiled yet")
    return SetupCard(ref=c.ref, code=c.passcode, player=player, location=location, position=position, name=c.name)


def _check_cards(frame: Frame, cards: CardSource) -> None:
    cards.ensure(c.passcode for c in frame.cards if c.passcode is not None)
    for c in frame.cards:
        if c.passcode is None:
            raise NotCompiled(f"card name not linked to a passcode: {c.name}")
        if c.passcode not in cards.data:
            raise NotCompiled(f"no card data for 「{c.name}」 ({c.passcode})")
        if cards.kind(c.passcode) != "monster" or cards.data[c.passcode]["type"] & load_constants()["TYPE_EFFECT"]:
            if cards.script(c.passcode) is None:
                raise NotCompiled(f"no script for 「{c.name}」 ({c.passcode})")


def _event_effect(event: Any, code: int, cards: CardSource) -> int | None:
    """n of aux.Stringid for an event's effect (None: any option of the card), as for the question:
    only a Spell/Trap's activation is the card's activation itself."""
    return event_effect_index(event, code, cards, activation=cards.kind(code) not in ("monster", "pendulum", "extra"))


def _compile_fate(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A question about what becomes of a card (is it destroyed …): the situation, the events that act
    on it played in order, and the card's place once they resolved. A baseline without the deciding
    condition (the situation's cards) must show the effect doing what it does (the card destroyed):
    a "survives" counts only beside it, and a refusal of the engine says something only then."""
    q = frame.question
    if not frame.fates:
        raise NotCompiled(next((u for u in frame.unread if u.startswith(("answer", "question"))),
                               f"{q.kind}: the answer says no fate of a named card"))
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    events = list(frame.events)
    if not events:
        raise NotCompiled(f"{q.kind}: no effect acts on the card in the frame (no event to play)")
    for e in events:
        if e.action != "activate":
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 before the question: not compiled yet")
    acting = {e.card for e in events}
    situation = [c for c in frame.cards if c.ref not in frame.fates and c.ref not in acting
                 and any(s in c.state for s in ("applied", "present"))]
    if any(f in FATE_CONTRARY for f in frame.fates.values()) and not situation:
        raise NotCompiled("a card that survives, and no deciding condition in the frame besides the events: no "
                          "baseline can remove it")
    # players: the first event's card acts in its controller's turn (player 0); a card chained to it is
    # the other player's; the card whose fate is asked is the other player's unless the ruling says
    first = by_ref[events[0].card]
    activator = 0

    def side(card: FrameCard, default: int) -> int:
        if card.controller and first.controller:
            return activator if card.controller == first.controller else 1 - activator
        return default

    placed: dict[str, SetupCard] = {}
    steps: list[Step] = []
    fated = list(frame.fates)
    player = activator
    for i, e in enumerate(events):
        card = by_ref[e.card]
        kind = cards.kind(card.passcode)
        chain = i > 0 and events[i - 1].note == "chained to"
        player = side(card, 1 - player if chain else activator)
        if e.card not in placed:
            if card.location in ("hand", "grave", "removed"):
                location, position = card.location, None
            elif kind in ("spell", "field", "continuous") and not chain:
                location, position = "hand", None
            elif kind.startswith("trap") or kind in ("spell", "continuous", "field"):
                location, position = "szone", "facedown"
            elif kind == "equip":
                raise NotCompiled(f"「{card.name}」 is an Equip Spell: its equip target is not compiled")
            else:
                location, position = "mzone", "faceup_attack"
            placed[e.card] = SetupCard(ref=e.card, code=card.passcode, player=player, location=location,
                                       position=position, name=card.name)
        effect = _event_effect(e, card.passcode, cards)
        if effect is None and kind in ("monster", "pendulum", "extra") and \
                open_state_effects(cards.script(card.passcode) or "", None) is False:
            raise NotCompiled(f"「{card.name}」's effect is a trigger (its script has no Ignition/Quick type): the "
                              f"event that triggers it is not in the frame")
        steps.append(Step(action="chain" if chain else "activate", card=e.card, effect=effect, answer=True,
                          target=list(dict.fromkeys([*e.targets, *(r for r in fated if r != e.card)]))))
    for ref in [*fated, *(t for e in events for t in e.targets)]:
        if ref in placed:
            continue
        card = by_ref[ref]
        location, position = _fate_place(cards.kind(card.passcode), card)
        placed[ref] = SetupCard(ref=ref, code=card.passcode, player=side(card, 1 - activator), location=location,
                                position=position, name=card.name)
    fated_player = placed[fated[0]].player
    deciding = [_situation_card(c, cards, side(c, fated_player)) for c in situation]
    rid = getattr(ruling, "id", None) or ruling.get("id")
    scenarios: list[Scenario] = []
    # where the ruling says nothing of whose cards the fated and deciding ones are: the other player's,
    # then all the activator's (settle: variants that disagree leave the ruling inconclusive)
    unsided = not any(by_ref[r].controller for r in fated) and not any(c.controller for c in situation)
    moved = {r for r in fated if r not in acting}
    variants = [(f, False) for f in (False, True)] + ([(f, True) for f in (False, True)] if unsided else [])
    for variant, (filler, same_side) in enumerate(variants, 1):
        extra = _filler(0, "f0") + _filler(1, "f1") if filler else []
        pool = [f"f{1 - activator}-{t}" for t in ("s1", "m1", "m2", "g1")] if filler else []
        run = [Step(**{**s.__dict__, "target": s.target + pool}) for s in steps]
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        where = "fated card" + (" + filler" if filler else "") + (", all the activator's" if same_side else "")
        mine = [SetupCard(**{**c.__dict__, "player": activator if same_side and (c.ref in moved or c in deciding)
                             else c.player}) for c in [*deciding, *placed.values()]]
        kept = [c for c in mine if not any(d.ref == c.ref for d in deciding)]
        ruling_scenario = _scenario(ruling, base, frame, [*mine, *extra], run, where, turn_player=activator)
        _expect_fates(ruling_scenario, frame.fates, cards)
        if situation:
            baseline = _scenario(ruling, base + "-baseline", frame, [*kept, *extra], run, where,
                                 control_of=ruling_scenario, turn_player=activator)
            _expect_fates(baseline, {r: FATE_CONTRARY.get(f, f) for r, f in frame.fates.items()}, cards)
            scenarios.append(baseline)
        scenarios.append(ruling_scenario)
    return scenarios


def _expect_fates(scenario: Scenario, fates: dict[str, str], cards: CardSource) -> None:
    """The fates as the scenario's final expectations (where each card must be once the steps resolved)."""
    k = load_constants()
    for ref, fate in fates.items():
        card = scenario.setup.card(ref)
        where = FATE_LOCATION[fate]
        if where == "stays":
            where = card.location
        elif where == "grave" and cards.data[card.code]["type"] & k["TYPE_PENDULUM"] and card.location == "mzone":
            where = "extra"  # a Pendulum Monster destroyed on the field goes to the Extra Deck face-up
        elif where == "deck" and cards.kind(card.code) == "extra":
            where = "extra"
        scenario.expect.cards[ref] = {"location": where}
    scenario.notes["fates"] = dict(fates)


def steps_unplayed(scenario: Scenario, result: Any, count: int | None = None, stopped_fail: bool = False) -> str:
    """Why the scenario's first `count` steps (all by default) were not all played ('' when they were):
    the duel stopped on an error (or, with stopped_fail, on a step the engine did not offer), or a step
    was not done."""
    log = getattr(result, "log", None) or {}
    if log.get("status") not in (None, "ok") or (stopped_fail and log.get("stopped") == "fail") or \
            getattr(result, "verdict", "") in ("error", "timeout"):
        return f"a step could not be played: {log.get('message') or getattr(result, 'message', '')}"
    observed = {o.get("index"): o for o in log.get("steps") or []}
    for i, step in enumerate(scenario.steps[:count]):
        if (observed.get(i) or {}).get("status") != "done":
            return f"step {i + 1} ({step.describe()}) was not played"
    return ""


def _fate_seen(scenario: Scenario, result: Any) -> tuple[bool, str]:
    """Whether every step was played and each card ended where the scenario expects; else why not."""
    log = getattr(result, "log", None) or {}
    unplayed = steps_unplayed(scenario, result, stopped_fail=True)
    if unplayed:
        return False, unplayed
    cards = log.get("cards") or {}
    events = log.get("events") or []
    # the duel's first happening that is not a turn starting nor a fated card moving: a step being played
    fated = set(scenario.expect.cards)
    acted = next((i for i, e in enumerate(events) if e.get("event") != "turn" and not (
        e.get("event") == "move" and e.get("card") in fated)), len(events))
    for ref, want in scenario.expect.cards.items():
        got = (cards.get(ref) or {}).get("location")
        if got != want["location"]:
            return False, f"{ref} ends in {got}, not {want['location']}"
        moved = next((i for i, e in enumerate(events) if e.get("event") == "move" and e.get("card") == ref), None)
        if moved is not None and moved < acted and got != scenario.setup.card(ref).location:
            # the duel moved it before any effect was activated (a rule of the set-up, not the events)
            return False, f"{ref} left its place before the events were played (the set-up, not an effect, moved it)"
    return True, ""


def judged_beside_baseline(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any,
                           seen: Any, negative: bool) -> FrameVerdict:
    """The verdict of an outcome `seen(scenario, result) -> (ok, why)` checks: a step before it not played,
    inconclusive; shown, pass; not shown, fail, but only beside a baseline (the deciding condition removed)
    that shows the effect doing what it does, else inconclusive. A negative outcome (a card survives, an
    effect is not applied or not activated) counts only beside such a baseline, pass or fail."""
    log = getattr(result, "log", None)
    ok, why = seen(scenario, result)
    if why.startswith(("a step", "step")):
        return FrameVerdict("", "", "inconclusive", f"a step before the question could not be played: {why}", scenario.id, log)
    if ok and not negative:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    if baseline is None or base_result is None:
        return FrameVerdict("", "", "inconclusive", f"{why or 'shown'}, and no baseline (no deciding condition to remove) "
                            f"tells whether the set-up lacks what the effect needs", scenario.id, log)
    b_ok, b_why = seen(baseline, base_result)
    if not b_ok:
        return FrameVerdict("", "", "inconclusive", f"baseline: without the deciding condition {b_why}: the set-up "
                            f"lacks what the effect needs", scenario.id, getattr(base_result, "log", None))
    if ok:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    return FrameVerdict("", "", "fail", why, scenario.id, log)


def _one_fate(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    fates = scenario.notes["fates"]
    verdict = judged_beside_baseline(scenario, result, baseline, base_result, _fate_seen,
                                     any(f in FATE_CONTRARY for f in fates.values()))
    if verdict.verdict == "fail":
        verdict.reason = (f"ruling says {', '.join(f'{r} {f}' for r, f in fates.items())}; engine: {verdict.reason} (and "
                          f"without the deciding condition the card is {', '.join(FATE_CONTRARY.get(f, f) for f in fates.values())})")
    return verdict


# ------------------------------------------------------------------ can attack


def _compile_attack(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_attack: the attacker face-up in Attack Position (the questioned monster, or a vanilla monster
    where the ruling says only "a monster"), the situation, the events played in Main Phase 1, then the
    Battle Phase and the attack (a direct attack against an empty field where the ruling asks about
    one, else against a vanilla monster of the other player); `offered` at the attack, beside a
    baseline without the situation and the events."""
    q = frame.question
    if frame.answer not in ("yes", "no"):
        raise NotCompiled(next((u for u in frame.unread if u.startswith("answer")), "the answer is not yes or no"))
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    attacker = by_ref.get(q.card) if q.card else None
    if attacker is not None and cards.kind(attacker.passcode) not in ("monster", "extra", "pendulum"):
        raise NotCompiled(f"can_attack: 「{attacker.name}」 is not a monster (the attacker is not named)")
    for e in frame.events:
        if e.action != "activate":
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 before the question: not compiled yet")
    # the asker's side attacks, unless the ruling asks whether the opponent's monster can
    theirs = bool(re.search(r"相手(?:の)?モンスター(?:は|が|で)", q.text))
    asker = 1 if theirs else 0
    direct = bool(re.search(r"直接攻撃|プレイヤーに", q.text))
    situation = [c for c in frame.cards if c.ref != q.card and any(s in c.state for s in ("applied", "present"))]
    if frame.answer == "no" and not situation and not frame.events:
        raise NotCompiled("a 'cannot attack' whose frame names no deciding condition besides the attacker: no "
                          "baseline can remove it")

    def side(card: FrameCard, default: int) -> int:
        return asker if card.controller == "self" else 1 - asker if card.controller == "opponent" else default

    placed = [_situation_card(c, cards, side(c, 1)) for c in situation]
    steps: list[Step] = []
    for e in frame.events:
        card = by_ref[e.card]
        if any(p.ref == card.ref for p in placed):
            continue
        kind = cards.kind(card.passcode)
        location, position = ("hand", None) if kind in ("spell", "field", "continuous") else (
            ("szone", "facedown") if kind.startswith("trap") else ("mzone", "faceup_attack"))
        if kind == "equip":
            raise NotCompiled(f"「{card.name}」 is an Equip Spell: its equip target is not compiled")
        placed.append(SetupCard(ref=card.ref, code=card.passcode, player=0, location=location, position=position,
                                name=card.name))
        steps.append(Step(action="activate", card=e.card, effect=_event_effect(e, card.passcode, cards),
                          target=["d0"] if not direct else [], answer=True))
    code = attacker.passcode if attacker else FILLER_MONSTER
    atk = SetupCard(ref=attacker.ref if attacker else "atk", code=code, player=0, location="mzone",
                    position="faceup_attack", name=attacker.name if attacker else "")
    if attacker is None:
        frame_card_note = "a vanilla monster stands in for the ruling's unnamed attacker"
    defender = [] if direct else [SetupCard(ref="d0", code=FILLER_MONSTER, player=1, location="mzone",
                                            position="faceup_attack")]
    attack = Step(action="attack", card=atk.ref, target=[d.ref for d in defender], answer=True,
                  expect={"offered": frame.answer == "yes"})
    rid = getattr(ruling, "id", None) or ruling.get("id")
    # the scenario's player 0 is the attacker's controller: the asker's sides follow it
    if asker == 1:
        for c in placed:
            c.player = 1 - c.player
    scenarios: list[Scenario] = []
    # bare, then with filler on the attacker's side (cards an attack cost or condition may need; the
    # other player's field stays as the ruling says: a direct attack against an empty field)
    for variant, filler in enumerate((False, True), 1):
        extra = _filler(0, "f0") if filler else []
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        where = ("direct attack" if direct else "attack on a monster") + ("" if attacker else ", stand-in attacker") + (
            " + filler" if filler else "")
        ruling_scenario = _scenario(ruling, base, frame, [*placed, atk, *defender, *extra],
                                    [*steps, Step(action="phase", phase="battle"), attack], where)
        baseline_steps = [Step(action="phase", phase="battle"), Step(**{**attack.__dict__, "expect": {"offered": True}})]
        baseline = _scenario(ruling, base + "-baseline", frame, [atk, *defender, *extra], baseline_steps, where,
                             control_of=ruling_scenario)
        if attacker is None:
            ruling_scenario.notes["stand_in"] = frame_card_note
            baseline.notes["stand_in"] = frame_card_note
        scenarios += [baseline, ruling_scenario]
    return scenarios


# ------------------------------------------------------------------ can select


def _compile_select(ruling: Any, frame: Frame, cards: CardSource, fallback: Iterable[int] = ()) -> list[Scenario]:
    """can_select: whether G's effect can choose X (add it to the hand from the Deck, pick it in the
    Graveyard): G activated where its type allows, X where the ruling puts it (the Deck by default),
    `selectable` at the activation. A "no" counts only beside a baseline in which a card G's text names
    stands in for X and is chosen (the deciding condition is which card X is)."""
    q = frame.question
    if frame.answer not in ("yes", "no"):
        raise NotCompiled(next((u for u in frame.unread if u.startswith("answer")), "the answer is not yes or no"))
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    if q.card is None or len(q.targets) != 1:
        raise NotCompiled("can_select: the effect that chooses or the card chosen is not named")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    source, chosen = by_ref[q.card], by_ref[q.targets[0]]
    if frame.events or any(c.state for c in frame.cards if c.ref not in (source.ref, chosen.ref)):
        raise NotCompiled("can_select with a situation or events before the question: not compiled yet")
    kind = cards.kind(source.passcode)
    # a Spell/Trap's effect that chooses is mostly its activation's (「X」の効果で): tried as the card activated
    activation = kind not in ("monster", "pendulum", "extra")
    effect = effect_index(frame, source.passcode, cards, activation)
    places = _question_places(kind, source, Frame(question=FrameQuestion(kind="can_activate", text="" if activation
                                                                          else q.text, effect_kind=q.effect_kind)))
    if open_state_effects(cards.script(source.passcode) or "", effect) is False:
        raise NotCompiled(f"「{source.name}」's effect is a trigger (its script has no Ignition/Quick/activation type "
                          f"for it): the event that triggers it is not in the frame")
    refs = [c for c in referenced_cards(cards.texts.get(source.passcode, ""), source.passcode)
            if c != chosen.passcode]
    cards.ensure(refs)
    stand_ins = [c for c in refs if c in cards.data and cards.kind(c) == cards.kind(chosen.passcode)] or \
        [c for c in refs if c in cards.data] or [c for c in fallback if c in cards.data and c != chosen.passcode]
    if frame.answer == "no" and not stand_ins:
        raise NotCompiled(f"can_select 'no': 「{source.name}」's text names no card that could stand in for "
                          f"「{chosen.name}」 in a baseline")
    where, where_position = (chosen.location, None) if chosen.location in ("deck", "grave", "hand", "removed", "extra") \
        else _fate_place(cards.kind(chosen.passcode), chosen)  # on the field (a card an effect returns)
    if where == "deck" and cards.kind(chosen.passcode) == "extra":
        where = "extra"
    player = 1 if chosen.controller == "opponent" else 0
    rid = getattr(ruling, "id", None) or ruling.get("id")
    scenarios: list[Scenario] = []
    variant = 0
    for filler in (False, True):
        for location, position in dict.fromkeys(places):
            variant += 1
            qsetup = SetupCard(ref=source.ref, code=source.passcode, player=0, location=location, position=position,
                               name=source.name)
            target = SetupCard(ref=chosen.ref, code=chosen.passcode, player=player, location=where, position=where_position,
                               name=chosen.name)
            extra = _filler(0, "f0") + _filler(1, "f1") if filler else []
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            label = _where(location, filler) + f", chosen from {where}"
            step = Step(action="activate", card=source.ref, effect=effect, select=[chosen.ref], answer=True,
                        expect={"offered": True, "selectable": {chosen.ref: frame.answer == "yes"}})
            ruling_scenario = _scenario(ruling, base, frame, [qsetup, target, *extra], [step], label)
            if stand_ins:
                stand = SetupCard(ref="t0", code=stand_ins[0], player=player, location=where, position=where_position)
                if cards.kind(stand.code) == "extra" and where == "deck":
                    stand.location = "extra"
                b_step = Step(action="activate", card=source.ref, effect=effect, select=["t0"], answer=True,
                              expect={"offered": True, "selectable": {"t0": True}})
                scenarios.append(_scenario(ruling, base + "-baseline", frame, [qsetup, stand, *extra], [b_step], label,
                                           control_of=ruling_scenario))
            scenarios.append(ruling_scenario)
    return scenarios


def _chosen_among(obs: dict | None, ref: str) -> bool | None:
    """Whether the card was among the candidates of any card choice the step asked, at its activation or
    at its resolution (None: none asked)."""
    prompts = [*((obs or {}).get("prompts") or []), *((obs or {}).get("late_prompts") or [])]
    return any(ref in p.get("candidates", []) for p in prompts) if prompts else None


def _one_select(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    """can_select: the card among the choices the activation asked, or not; a "not" counts only where the
    baseline's stand-in was among them (and an activation the engine does not offer at all, with only
    the chosen card differing from the baseline, is a card it cannot choose)."""
    q = scenario.steps[-1]
    ref, expected = next(iter(q.expect["selectable"].items()))
    log = getattr(result, "log", None)
    obs = _question_obs(result, scenario)
    got = _chosen_among(obs, ref) if obs is not None and obs.get("offered") else None
    if expected and got:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    if baseline is None or base_result is None:
        return FrameVerdict("", "", "inconclusive", "no baseline: no card the effect's text names stands in for the "
                            "chosen one", scenario.id, log)
    b_obs = _question_obs(base_result, baseline)
    if b_obs is None or not b_obs.get("offered") or not _chosen_among(b_obs, "t0"):
        return FrameVerdict("", "", "inconclusive", "baseline: the stand-in is not among the effect's choices even "
                            "without the deciding condition", scenario.id, getattr(base_result, "log", None))
    if obs is None:
        return FrameVerdict("", "", "inconclusive", f"the question could not be played: {result.message or result.reason}",
                            scenario.id, log)
    if not obs.get("offered"):
        got = False  # the chosen card is all that differs from the baseline, which the engine offers
    if got is None:
        return FrameVerdict("", "", "inconclusive", "the engine asked no choice of cards", scenario.id, log)
    if got == expected:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    return FrameVerdict("", "", "fail", f"{ref} among the choices of {q.describe()}: ruling says "
                        f"{'yes' if expected else 'no'}, engine: {'yes' if got else 'no'}", scenario.id, log)


# ------------------------------------------------------------------ applied: is an effect's processing applied


# an event that says what the activation just before it does to a card (「サイクロン」が発動し、「X」が破壊される):
# that activation takes the card as its target
_RESULT_EVENTS = ("destroy", "send_to_grave", "banish")


@dataclass
class Played:
    """The title's activations as a duel: the cards where they start, the steps (each activation after the
    first chained to the one before), the situation's cards (the deciding condition with the later
    activations), and the side of each card relative to the first activation's (player 0)."""
    placed: list[SetupCard]
    steps: list[Step]
    deciding: list[SetupCard]
    side: Any


def played_activations(frame: Frame, cards: CardSource, also: tuple[str, ...] = ()) -> Played:
    """The frame's activations played in order, with `also` (cards an outcome is about) placed on the field
    where they are not activated; a destroy/send/banish event right after an activation is what that
    activation does (its target). Raises NotCompiled for what cannot be played yet."""
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    events = list(frame.events)
    targets: dict[int, list[str]] = {}
    played: list[FrameEvent] = []
    for e in events:
        if e.action in _RESULT_EVENTS and played and played[-1].action == "activate" and e.card != played[-1].card:
            targets.setdefault(len(played) - 1, []).append(e.card)  # what the activation before it does
        elif e.action != "activate":
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 before the question: not compiled yet")
        else:
            played.append(e)
    if not played:
        raise NotCompiled("no activation in the frame to play before the outcome is checked")
    if len({e.card for e in played}) != len(played):
        raise NotCompiled("one card activated twice in the title: not compiled yet")
    for c in frame.cards:
        if "equipped" in c.state:
            raise NotCompiled(f"「{c.name}」 is equipped (or an Equip Card): equipping in the set-up is not compiled")
    situation = [c for c in frame.cards if c.ref not in {e.card for e in played} and c.ref not in also
                 and any(s in c.state for s in ("applied", "present"))]
    first = by_ref[played[0].card]

    def side(card: FrameCard, default: int, actor: str | None = None) -> int:
        # whose card, relative to the first activation's (the turn player, scenario player 0)
        mine, theirs = actor or card.controller, played[0].actor or first.controller
        if mine and theirs:
            return 0 if mine == theirs else 1
        return default

    placed: list[SetupCard] = []
    steps: list[Step] = []
    player = 0
    for i, e in enumerate(played):
        card = by_ref[e.card]
        kind = cards.kind(card.passcode)
        player = side(card, 1 - player, e.actor) if i else 0
        if kind == "equip":
            raise NotCompiled(f"「{card.name}」 is an Equip Spell: its equip target is not compiled")
        location, position = _event_place(kind, card, "activate", numbered_effect_text(cards.texts.get(card.passcode, ""),
                                                                                      e.effect))
        if i and location == "hand" and kind in ("spell", "continuous", "field") and player != 0:
            location, position = "szone", "facedown"  # a Spell chained in the other player's turn: Set
        placed.append(SetupCard(ref=e.card, code=card.passcode, player=player, location=location, position=position,
                                name=card.name))
        effect = _event_effect(e, card.passcode, cards)
        if kind in ("monster", "pendulum", "extra") and open_state_effects(cards.script(card.passcode) or "", effect) is False:
            raise NotCompiled(f"「{card.name}」's effect is a trigger (its script has no Ignition/Quick type): the event "
                              f"that triggers it is not in the frame")
        steps.append(Step(action="chain" if i else "activate", card=e.card, effect=effect, answer=True,
                          target=list(dict.fromkeys([*targets.get(i, []), *(r for r in also if r != e.card)]))))
    for ref in [*(r for refs in targets.values() for r in refs), *also]:
        if not any(p.ref == ref for p in placed):
            card = by_ref[ref]
            location, position = _fate_place(cards.kind(card.passcode), card)
            placed.append(SetupCard(ref=ref, code=card.passcode, player=side(card, 1), location=location,
                                    position=position, name=card.name))
    deciding = [_situation_card(c, cards, side(c, 1)) for c in situation]
    return Played(placed, steps, deciding, side)


def _with_filler(played: Played, filler: bool, cards: CardSource) -> tuple[list[SetupCard], list[Step]]:
    """The filler cards of a variant and the steps with the other player's filler added to their targets."""
    if not filler:
        return [], list(played.steps)
    first = played.placed[0]
    extra = _filler(0, "f0", first.code, "extra" if cards.kind(first.code) == "extra" else "deck") + _filler(1, "f1")
    pools = {0: [f"f1-{t}" for t in ("s1", "m1", "m2", "g1")] + ["f0-g1"],
             1: [f"f0-{t}" for t in ("s1", "m1", "m2", "g1")] + ["f1-g1"]}
    return extra, [Step(**{**st.__dict__, "target": st.target + pools[next(p.player for p in played.placed
                                                                            if p.ref == st.card)]})
                   for st in played.steps]


def compile_applied(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A what-happens question whose answer says whether the processing of an activated card's effect is
    applied (frame.applied): the title's activations played in order (each later one chained to the one
    before), and the first one's resolution checked in the duel's log: applied = it moves a card, changes
    LP, draws or changes a position; not applied = it does none of these. The baseline plays the first
    activation alone (the deciding condition: the later activations and the situation's cards, removed)
    and must show the effect doing something; without that a "not applied" says nothing (inconclusive)."""
    if len(frame.applied) != 1:
        raise NotCompiled(f"the answer says of {len(frame.applied)} cards whether their effect is applied (one is compiled)")
    (subject, applied), = frame.applied.items()
    by_ref = {c.ref: c for c in frame.cards}
    first = next((e for e in frame.events if e.action == "activate"), None)
    if first is None or first.card != subject:
        raise NotCompiled(f"applied: the effect whose processing is asked (「{by_ref[subject].name}」) is not the title's "
                          f"first activation: not compiled yet")
    played = played_activations(frame, cards)
    if len(played.steps) == 1 and not played.deciding:
        raise NotCompiled("applied: no deciding condition besides the effect's own activation (no later activation, "
                          "no situation card): no baseline can remove it")
    rid = getattr(ruling, "id", None) or ruling.get("id")
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        extra, run = _with_filler(played, filler, cards)
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        where = "first activation" + (" + filler" if filler else "")
        ruling_scenario = _scenario(ruling, base, frame, [*played.placed, *played.deciding, *extra], run, where)
        ruling_scenario.notes["applied"] = {subject: applied}
        ruling_scenario.title += f" — the processing of {subject}'s effect is {'' if applied else 'not '}applied"
        baseline = _scenario(ruling, base + "-baseline", frame, [*played.placed, *extra], run[:1], where,
                             control_of=ruling_scenario)
        baseline.notes["applied"] = {subject: True}
        scenarios += [baseline, ruling_scenario]
    return scenarios


def compile_stats(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A what-happens question whose answer says the ATK/DEF a monster has once the title's activations
    resolved (frame.stats): those activations played in order with the monster face-up on the field (a
    target of each), and its final ATK/DEF expected (`expect.cards`). A value the engine shows passes; one
    it does not show fails unless no effect changed the monster at all (then the set-up, not the engine,
    may lack what the effects need: inconclusive). A value equal to the printed one needs a baseline that
    changes it: not compiled."""
    if len(frame.stats) != 1:
        raise NotCompiled(f"the answer gives the ATK/DEF of {len(frame.stats)} monsters (one is compiled)")
    (ref, values), = frame.stats.items()
    by_ref = {c.ref: c for c in frame.cards}
    played = played_activations(frame, cards, also=(ref,))
    card = next(p for p in played.placed if p.ref == ref)
    if cards.kind(card.code) not in ("monster", "pendulum", "extra"):
        raise NotCompiled(f"「{by_ref[ref].name}」 is not a monster: it has no ATK/DEF")
    printed = {k: cards.data[card.code].get(k) for k in values}
    if printed == values:
        raise NotCompiled("the ATK/DEF the answer states is the monster's own: no baseline shows an effect changing it")
    rid = getattr(ruling, "id", None) or ruling.get("id")
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        extra, run = _with_filler(played, filler, cards)
        scenario = _scenario(ruling, f"{TEMPLATE}-{_slug(rid)}-v{variant}", frame,
                             [*played.placed, *played.deciding, *extra], run, "outcome on the field" + (
                                 " + filler" if filler else ""))
        scenario.expect.cards[ref] = {"location": "mzone", **values}
        scenario.notes["stats"] = {ref: values}
        scenario.notes["printed"] = {ref: printed}
        scenarios.append(scenario)
    return scenarios


def resolution_result(result: Any, ref: str, exclude: set[str]) -> list[dict] | None:
    """What the duel's log shows happening while the chain link of `ref` resolved (cards moved, other than
    `exclude`; LP damage or recovery; draws; position changes), or None when that link did not resolve."""
    events = (getattr(result, "log", None) or {}).get("events") or []
    start = next((i for i, e in enumerate(events) if e.get("event") == "solving" and e.get("card") == ref), None)
    if start is None:
        return None
    out = []
    for e in events[start + 1:]:
        if e.get("event") in ("solved", "solving"):
            break
        if e.get("event") in ("move", "position") and e.get("card") not in exclude or e.get("event") in (
                "damage", "recover", "draw"):
            out.append(e)
    return out


def applied_seen(scenario: Scenario, result: Any) -> tuple[bool, str]:
    """Whether every step was played and the questioned link's resolution did what the scenario says
    (applied: something the log shows; not applied: nothing); else why not."""
    (ref, applied), = scenario.notes["applied"].items()
    unplayed = steps_unplayed(scenario, result)
    if unplayed:
        return False, unplayed
    done = resolution_result(result, ref, {st.card for st in scenario.steps if st.card})
    if done is None:
        return False, f"step 1 ({scenario.steps[0].describe()}): its chain link did not resolve"
    if bool(done) == applied:
        return True, ""
    if applied:
        return False, f"resolving {ref}'s effect did nothing the log shows (no card moved, no LP change, no draw)"
    return False, f"resolving {ref}'s effect did " + ", ".join(
        f"{e['event']} {e.get('card') or e.get('player')}" + (f" to {e['to']}" if e.get("to") else "") for e in done[:4])


def one_applied(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    """An "applied" question beside its baseline (the activation alone, which must show the effect doing
    something the log sees)."""
    (ref, applied), = scenario.notes["applied"].items()
    verdict = judged_beside_baseline(scenario, result, baseline, base_result, applied_seen, not applied)
    if verdict.verdict == "fail":
        verdict.reason = (f"ruling says the processing of {ref}'s effect is {'' if applied else 'not '}applied; engine: "
                          f"{verdict.reason} (without the deciding condition it does something)")
    return verdict


def one_stats(scenario: Scenario, result: Any) -> FrameVerdict:
    """An ATK/DEF outcome: every step played, then the monster's values as the ruling says (pass), or
    other values some effect gave it (fail); unchanged from its printed values, nothing the ruling's
    events do reached it (inconclusive)."""
    log = getattr(result, "log", None) or {}
    unplayed = steps_unplayed(scenario, result)
    if unplayed:
        return FrameVerdict("", "", "inconclusive", f"a step before the question could not be played: {unplayed}",
                            scenario.id, log)
    (ref, values), = scenario.notes["stats"].items()
    got = {k: ((log.get("cards") or {}).get(ref) or {}).get(k) for k in values}
    if got == values:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    if got == scenario.notes["printed"][ref]:
        return FrameVerdict("", "", "inconclusive", f"{ref}'s {', '.join(f'{k} {v}' for k, v in got.items())} is its "
                            f"printed value: no effect the steps played changed it (the set-up may lack what they need)",
                            scenario.id, log)
    return FrameVerdict("", "", "fail", f"ruling says {ref} has {', '.join(f'{k} {v}' for k, v in values.items())}; "
                        f"engine: {', '.join(f'{k} {v}' for k, v in got.items())}", scenario.id, log)


# ------------------------------------------------------------------ applies: is an effect activated (a trigger)


def compile_triggered(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """An applies question 「…場合、「B」の効果は発動しますか」 answered yes or no: the title's activations
    played in order with B on the field (where its type puts it, or where the ruling says), then B's effect
    activated if the engine offers it (a mandatory one the engine activates by itself); the verdict is
    whether a chain link of B appears once the activations resolved. The baseline plays the same without
    the situation's cards (the deciding condition) and must show B activating; a "no" counts only beside it."""
    q = frame.question
    if frame.answer not in ("yes", "no"):
        raise NotCompiled(next((u for u in frame.unread if u.startswith("answer")), "the answer is not yes or no"))
    if q.card is None:
        raise NotCompiled(frame.unread[0] if frame.unread else "applies: the card whose effect is asked to activate is not named")
    by_ref = {c.ref: c for c in frame.cards}
    if any(e.card == q.card for e in frame.events):
        raise NotCompiled(f"applies: 「{by_ref[q.card].name}」 also acts before the question: not compiled yet")
    played = played_activations(frame, cards)
    card = by_ref[q.card]
    kind = cards.kind(card.passcode)
    location, position = _fate_place(kind, card)
    trigger = SetupCard(ref=q.card, code=card.passcode, player=played.side(card, 0), location=location,
                        position=position, name=card.name)
    if frame.answer == "no" and not played.deciding:
        raise NotCompiled("applies 'no': the frame names no deciding condition besides the activations that trigger the "
                          "effect: no baseline can remove it")
    effect = effect_index(frame, card.passcode, cards, activation=False) if kind in ("monster", "pendulum", "extra") \
        else None
    rid = getattr(ruling, "id", None) or ruling.get("id")
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        extra, run = _with_filler(played, filler, cards)
        run = [*run, Step(action="activate", card=q.card, effect=effect, answer=True)]
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        where = f"{location} + the title's activations" + (" + filler" if filler else "")
        ruling_scenario = _scenario(ruling, base, frame, [*played.placed, trigger, *played.deciding, *extra], run, where)
        ruling_scenario.notes["activates"] = {q.card: frame.answer == "yes"}
        if played.deciding:
            baseline = _scenario(ruling, base + "-baseline", frame, [*played.placed, trigger, *extra], run, where,
                                 control_of=ruling_scenario)
            baseline.notes["activates"] = {q.card: True}
            scenarios.append(baseline)
        scenarios.append(ruling_scenario)
    return scenarios


def triggered_seen(scenario: Scenario, result: Any) -> tuple[bool, str]:
    """Whether the title's activations were played and the asked card's effect was (or, for a "no", was
    not) activated after them, as its scenario says; else why not."""
    (ref, activates), = scenario.notes["activates"].items()
    log = getattr(result, "log", None) or {}
    unplayed = steps_unplayed(scenario, result, count=len(scenario.steps) - 1)
    if unplayed:
        return False, unplayed
    observed = {o.get("index"): o for o in log.get("steps") or []}
    chained = [e for e in log.get("events") or [] if e.get("event") == "chain" and e.get("card") == ref]
    last = observed.get(len(scenario.steps) - 1) or {}
    if last.get("prompt") == "idle" and last.get("status") == "done" and chained:
        chained.pop()  # the last step took an effect of its own in the open game state: not the one triggered
    if bool(chained) == activates:
        return True, ""
    return False, f"{ref}'s effect was {'not ' if activates else ''}activated after the title's activations"


def one_triggered(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    """Whether the asked effect activates, beside the baseline without the situation (in which it must)."""
    (ref, activates), = scenario.notes["activates"].items()
    verdict = judged_beside_baseline(scenario, result, baseline, base_result, triggered_seen, not activates)
    if verdict.verdict == "fail":
        verdict.reason = (f"ruling says {ref}'s effect is {'' if activates else 'not '}activated; engine: {verdict.reason} "
                          f"(without the deciding condition it is activated)")
    return verdict


# ------------------------------------------------------------------ summoned by a card's effect


def summon_source(effect_text: str) -> str | None:
    """Where a card's effect Special Summons from, when its text says one place first (「手札から…を
    特殊召喚する」, 「墓地の…モンスター１体を対象として…特殊召喚する」): hand | deck | grave | removed."""
    for sentence in re.split(r"[。]", effect_text):
        if "特殊召喚" not in sentence:
            continue
        head = sentence[:sentence.find("特殊召喚")]
        places = [(m.start(), place) for place, cue in (("hand", r"手札"), ("deck", r"デッキ(?!に)"), ("grave", r"墓地"),
                                                         ("removed", r"除外されている"))
                  for m in [re.search(cue, head)] if m]
        if places:
            return min(places)[1]
    return None


def _compile_summon_by_effect(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_summon by a card's effect (「G」の効果で「X」を特殊召喚できますか): whether G's effect can
    choose X to Special Summon, compiled as can_select (G activated, X where the ruling or G's text puts
    it, `selectable` X among the effect's choices). A "no" counts only beside a baseline in which a card
    G's text names, or else a card like X (same card type, Type and Attribute), is chosen instead. A
    Fusion/Ritual/Synchro/Xyz Summon by an effect needs X's materials: not compiled."""
    q = frame.question
    if q.how not in ("特殊召喚", None):
        raise NotCompiled(f"a {q.how} by 「{next(c.name for c in frame.cards if c.ref == q.card)}」's effect: the "
                          f"summoned monster's materials are not compiled")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    source, chosen = by_ref[q.card], by_ref[q.targets[0]]
    cards_list = list(frame.cards)
    if chosen.ref == source.ref:
        # 「X」の効果で墓地の「X」を: another copy of the card is summoned
        chosen = chosen.model_copy(update={"ref": f"{chosen.ref}x"})
        cards_list.append(chosen)
    if cards.kind(chosen.passcode) not in ("monster", "pendulum", "extra"):
        raise NotCompiled(f"「{chosen.name}」 is not a monster")
    text = cards.texts.get(source.passcode, "")
    if q.effect is None:
        # the ruling names no effect: the one numbered effect of G whose text Special Summons
        summoning = [CIRCLED.index(p[0]) + 1 for p in re.split(r"(?=[①-⑩][：:])", text) if p[:1] in CIRCLED and "特殊召喚" in p]
        if len(summoning) == 1:
            q = q.model_copy(update={"effect": summoning[0]})
    if chosen.location is None:
        chosen = chosen.model_copy(update={"location": "extra" if cards.kind(chosen.passcode) == "extra" else (
            summon_source(numbered_effect_text(text, q.effect)) or "hand")})
    cards_list = [chosen if c.ref == chosen.ref else c for c in cards_list]
    if chosen not in cards_list:
        cards_list.append(chosen)
    asked = frame.model_copy(update={"cards": cards_list, "question": q.model_copy(update={"targets": [chosen.ref]})})
    return _compile_select(ruling, asked, cards, fallback=similar_cards(chosen.passcode, cards))


# ------------------------------------------------------------------ events that befall a card: battle, destruction


CAUSED_NOTES = ("by battle", "by an effect", "by battle or an effect", "destroys by battle", "declares an attack",
                "declares a direct attack")
# whose attack a response is for, by the responding card's text
_THEIR_ATTACK = re.compile(r"相手(?:フィールドの|の)?モンスター(?:が|の)(?:直接)?攻撃(?:を)?宣言|"
                           r"相手モンスターの攻撃宣言時|相手の直接攻撃宣言時")
_OWN_ATTACK = re.compile(r"自分(?:フィールド)?の[^。]{0,30}?(?:モンスター|」)(?:が|の)[^。]{0,10}?攻撃(?:を)?宣言|自分フィールドの「")
# vanilla monsters a battle is fought against: the weakest first (a battle the monster wins), the strongest
# last (a battle it loses); ATK from the card data in use
BATTLE_FOES = (58192742, 27288416, FILLER_MONSTER, STAND_IN_SUMMON, 89631139, 23995346)
# Petit Moth, Mokey Mokey, Celtic Guardian, Gemini Elf, Blue-Eyes White Dragon, Blue-Eyes Ultimate Dragon
EFFECT_DESTROYER = 53129443  # Dark Hole: destroys every monster on the field (a stand-in "card effect")


def _battle_foe(attacker_atk: int, wins: bool, cards: CardSource) -> int | None:
    """A vanilla monster the attacker beats (wins) or loses to (its ATK below / above the attacker's)."""
    cards.ensure(BATTLE_FOES)
    foes = [c for c in BATTLE_FOES if c in cards.data]
    if wins:
        return next((c for c in foes if cards.data[c].get("attack", 0) < attacker_atk), None)
    return next((c for c in reversed(foes) if cards.data[c].get("attack", 0) > attacker_atk), None) if \
        any(cards.data[c].get("attack", 0) > attacker_atk for c in foes) else None


def _compile_after_event(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_activate after an event that befalls a card (FrameEvent.note: its cause), played before the
    question: a monster destroyed by battle attacks a stronger vanilla monster; one that wins a battle
    attacks its victim (the ruling's, else a weaker vanilla monster); one destroyed by a card effect is
    destroyed by a stand-in (「ブラック・ホール」, activated by the opponent unless the ruling says "your").
    The questioned effect is then asked as a response to that event (a trigger, or a card activated in
    the chain window it opens). The baseline removes the deciding condition (the situation's cards, the
    destroyed card's position): a "cannot" without one is not compiled."""
    q = frame.question
    if q.kind != "can_activate":
        raise NotCompiled(f"{q.kind} after {frame.events[0].action} {frame.events[0].note}: not compiled yet")
    _check_read_yes_no(frame)
    if len(frame.events) != 1:
        raise NotCompiled(f"{len(frame.events)} events before the question, one of them {frame.events[0].note}: "
                          f"only one is compiled")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    event = frame.events[0]
    victim = by_ref[event.card]
    qcard = by_ref[q.card]
    if cards.kind(victim.passcode) not in ("monster", "pendulum", "extra"):
        raise NotCompiled(f"「{victim.name}」 {event.note}: it is not a monster (a Spell/Trap destroyed is not compiled)")
    if victim.location not in (None, "mzone", "field"):
        raise NotCompiled(f"「{victim.name}」 in the {victim.location} {event.note}: not compiled")
    situation = [c for c in frame.cards if c.ref not in (q.card, event.card, *event.targets)
                 and any(s in c.state for s in ("applied", "present"))]
    others = [c for c in frame.cards if c.ref not in (q.card, event.card, *event.targets) and c not in situation]
    if others:
        raise NotCompiled(f"what 「{others[0].name}」 does around {event.action} {event.note} is not read")
    if event.note in ("declares an attack", "declares a direct attack"):
        return _compile_attack_declared(ruling, frame, cards, event, victim, qcard, situation)
    position = "facedown_defense" if (victim.position or "").startswith("facedown") else (
        "faceup_defense" if victim.position in ("faceup_defense", "defense") else "faceup_attack")
    deciding_position = position != "faceup_attack"
    if frame.answer == "no" and not situation and not deciding_position:
        raise NotCompiled(f"a 'cannot' after {event.action} {event.note} whose frame names no deciding condition "
                          f"(a situation card, the card's position): no baseline can remove it")
    # players: the questioned card's controller is 0; the destroyed card is 0's unless the ruling says
    # "the opponent's"; by battle its controller attacks (its turn); by an effect the destroyer is the
    # opponent's (its turn) unless the ruling says "your"
    owner = 1 if victim.controller == "opponent" and victim.ref != q.card else 0
    atk = int(cards.data[victim.passcode].get("attack") or 0)
    battle = event.note in ("by battle", "destroys by battle") or (event.note == "by battle or an effect" and position == "faceup_attack")
    stand_in_note = ""
    if battle and position != "faceup_attack":
        raise NotCompiled(f"「{victim.name}」 destroyed by battle in {position}: an attack on it is not compiled")
    if battle and atk < 0:
        raise NotCompiled(f"「{victim.name}」 has ATK ?: the battle's outcome is not known")
    foe: list[SetupCard] = []
    if battle:
        turn_player = owner
        wins = event.note == "destroys by battle"
        if wins and event.targets:
            target = by_ref[event.targets[0]]
            if cards.kind(target.passcode) not in ("monster", "pendulum", "extra"):
                raise NotCompiled(f"「{target.name}」 is not a monster")
            if int(cards.data[target.passcode].get("attack") or 0) >= atk:
                raise NotCompiled(f"「{victim.name}」 (ATK {atk}) does not beat 「{target.name}」 in an attack on it "
                                  f"in Attack Position: that battle is not compiled")
            foe = [SetupCard(ref=target.ref, code=target.passcode, player=1 - owner, location="mzone",
                             position="faceup_attack", name=target.name)]
        else:
            code = _battle_foe(atk, wins, cards)
            if code is None:
                raise NotCompiled(f"no vanilla monster in the card data {'loses' if wins else 'wins'} a battle against "
                                  f"「{victim.name}」 (ATK {atk})")
            foe = [SetupCard(ref="bf", code=code, player=1 - owner, location="mzone", position="faceup_attack")]
            stand_in_note = f"a vanilla monster ({code}) is the other side of the battle"
        before = [Step(action="phase", phase="battle"), Step(action="attack", card=victim.ref, target=[foe[0].ref],
                                                              answer=True)]
    else:
        destroyer_side = owner if event.actor == "self" else 1 - owner
        turn_player = destroyer_side
        cards.ensure([EFFECT_DESTROYER])
        if EFFECT_DESTROYER not in cards.data or cards.script(EFFECT_DESTROYER) is None:
            raise NotCompiled("the stand-in destroyer (「ブラック・ホール」) is not in the card data and scripts in use")
        foe = [SetupCard(ref="bd", code=EFFECT_DESTROYER, player=destroyer_side, location="hand")]
        before = [Step(action="activate", card="bd", answer=True)]
        stand_in_note = "「ブラック・ホール」 stands in for the card effect that " + (
            "sends it from the field to the Graveyard (by destroying it)" if event.action == "send_to_grave" else "destroys it")
    destroyed = foe[0].ref if battle and event.note == "destroys by battle" else victim.ref
    qkind = cards.kind(qcard.passcode)
    effect = effect_index(frame, qcard.passcode, cards, activation=qkind not in ("monster", "pendulum", "extra"))
    if qcard.ref == victim.ref:
        qplaces: list[tuple[str | None, str | None]] = [(None, None)]
    else:
        qplaces = _question_places(qkind, qcard, frame)
        if turn_player != 0:
            # in the other player's turn a Spell is activated from the field (Set), not from the hand
            qplaces = [("szone", "facedown") if (loc == "hand" and qkind in ("spell", "continuous", "field")) else (loc, pos)
                       for loc, pos in qplaces]
    placed_victim = SetupCard(ref=victim.ref, code=victim.passcode, player=owner, location="mzone", position=position,
                              name=victim.name)
    deciding = [_situation_card(c, cards, 0 if c.controller == "self" else 1) for c in situation]
    own = "after its own " + ("battle" if battle else "destruction")
    return _event_variants(ruling, frame, cards, event, placed_victim, foe, before, deciding, qcard, qplaces, effect,
                           [destroyed], turn_player, own, "", not battle and deciding_position, stand_in_note)


def _compile_attack_declared(ruling: Any, frame: Frame, cards: CardSource, event: FrameEvent, attacker: FrameCard,
                             qcard: FrameCard, situation: list[FrameCard]) -> list[Scenario]:
    """can_activate at an attack declaration (「X」の攻撃宣言時に「Y」を発動できますか): X attacks a vanilla
    monster of the other player (or directly, an empty field), in the Battle Phase of X's controller, and
    Y is asked in the chain window the declaration opens. Whose attack it is: the ruling's (相手の「X」),
    else what Y's text responds to (相手モンスターの攻撃宣言時 / 自分の…モンスターの攻撃宣言時), else X's own
    effect responds to X's own attack; a ruling that says none of these is not compiled. A "cannot"
    needs a deciding condition (a situation card, the attacker's position) removed in the baseline."""
    text = cards.texts.get(qcard.passcode, "")
    if attacker.ref == qcard.ref or event.actor == "self" or attacker.controller == "self":
        owner = 0
    elif event.actor == "opponent" or attacker.controller == "opponent" or _THEIR_ATTACK.search(text):
        owner = 1
    elif _OWN_ATTACK.search(text):
        owner = 0
    else:
        raise NotCompiled(f"whose attack 「{attacker.name}」 declares (the asker's or the opponent's) is not said")
    position = "faceup_defense" if attacker.position in ("faceup_defense", "defense") else "faceup_attack"
    if frame.answer == "no" and not situation and position == "faceup_attack":
        raise NotCompiled(f"a 'cannot' at 「{attacker.name}」's attack declaration whose frame names no deciding condition "
                          f"(a situation card, the attacker's position): no baseline can remove it")
    direct = event.note == "declares a direct attack"
    qkind = cards.kind(qcard.passcode)
    effect = effect_index(frame, qcard.passcode, cards, activation=qkind not in ("monster", "pendulum", "extra"))
    qplaces: list[tuple[str | None, str | None]] = [(None, None)] if qcard.ref == attacker.ref else \
        _question_places(qkind, qcard, frame)
    if owner != 0:
        qplaces = [("szone", "facedown") if (loc == "hand" and qkind in ("spell", "continuous", "field")) else (loc, pos)
                   for loc, pos in qplaces]
    placed_attacker = SetupCard(ref=attacker.ref, code=attacker.passcode, player=owner, location="mzone",
                                position=position, name=attacker.name)
    foe = [] if direct else [SetupCard(ref="bf", code=FILLER_MONSTER, player=1 - owner, location="mzone",
                                       position="faceup_attack")]
    before = [Step(action="phase", phase="battle"), Step(action="attack", card=attacker.ref, target=[f.ref for f in foe],
                                                          answer=True)]
    deciding = [_situation_card(c, cards, 0 if c.controller == "self" else 1) for c in situation]
    return _event_variants(ruling, frame, cards, event, placed_attacker, foe, before, deciding, qcard, qplaces, effect, [],
                           owner, "its own attack", ", direct attack" if direct else ", attack on a monster", True,
                           "a vanilla monster is the attack's target" if foe else "")


def _event_variants(ruling: Any, frame: Frame, cards: CardSource, event: FrameEvent, mover: SetupCard,
                    foe: list[SetupCard], before: list[Step], deciding: list[SetupCard], qcard: FrameCard,
                    qplaces: list[tuple[str | None, str | None]], effect: int | None, after: list[str], turn_player: int,
                    own: str, suffix: str, upright_baseline: bool, stand_in: str) -> list[Scenario]:
    """The variants of a question asked after an event the steps `before` play on `mover` (bare, then with
    filler off the field: the field is the event's), the questioned card where each of `qplaces` puts it
    (unless it is the mover), asked as a chain step (waiting for the `after` cards to move); each beside a
    baseline without the deciding cards, the mover face-up in Attack Position where `upright_baseline`."""
    refs = referenced_cards(cards.texts.get(qcard.passcode, ""), qcard.passcode)
    cards.ensure(refs)
    named = _named_cards(refs, 0, "f0-n", cards)  # what the questioned effect's text looks for
    rid = getattr(ruling, "id", None) or ruling.get("id")
    scenarios: list[Scenario] = []
    variant = 0
    for filler in (False, True):
        for location, place_position in dict.fromkeys(qplaces):
            variant += 1
            setup = [mover, *foe]
            if qcard.ref != mover.ref:
                setup.append(SetupCard(ref=qcard.ref, code=qcard.passcode, player=0, location=location,
                                       position=place_position, name=qcard.name))
            extra = [c for p in (0, 1) for c in _filler(p, f"f{p}", qcard.passcode if p == 0 else None)
                     if c.location != "mzone"] + named if filler else []
            where = (_where(location or "mzone", filler) if qcard.ref != mover.ref else own
                     + (" + filler" if filler else "")) + suffix
            question = Step(action="chain", card=qcard.ref, effect=effect, answer=True, after=after,
                            expect={"offered": frame.answer == "yes"})
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            ruling_scenario = _scenario(ruling, base, frame, [*deciding, *setup, *extra], [*before, question], where,
                                        turn_player=turn_player)
            baseline_setup = [SetupCard(**{**c.__dict__, "position": "faceup_attack"}) if c.ref == mover.ref
                              and upright_baseline else c for c in setup]
            baseline = _scenario(ruling, base + "-baseline", frame, [*baseline_setup, *extra], [*before, Step(
                **{**question.__dict__, "expect": {"offered": True}})], where, control_of=ruling_scenario,
                turn_player=turn_player)
            for s in (baseline, ruling_scenario):
                s.notes["event"] = f"{event.action} {event.note}"
                if stand_in:
                    s.notes["stand_in"] = stand_in
            scenarios += [baseline, ruling_scenario]
    return scenarios

"""Steps and events: the steps that play the frame's events before the questioned action (activations,
summons and their trigger windows, the negation window of a summon baseline), the check that events
are on the sides the question allows, and the played activations (Played) the applied/stats/triggered
kinds build on.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine_bridge.compiler.base import CardSource, CIRCLED, FILLER_MONSTER, NotCompiled, STAND_IN_SUMMON
from engine_bridge.compiler.boards import (_battle_foe, _check_cards, _fate_place, _filler, _named_cards, _situation_card,
                                           archetype_cards, filtered_cards, piled_cards, runnable)
from engine_bridge.compiler.effects import (_activated_from, applies_on_its_own, _event_effect, event_effect_index, face_up_effect,
                                            lone_face_up_effect, _SET_DESC, _SET_TYPE, numbered_effect_text, open_state_effects,
                                            own_event_trigger,
                                            referenced_cards, response_event, undescribed_summon_event)
from engine_bridge.scenario import SetupCard, Step
from rulings.records import FLIPPED_DOWN_NOTE, Frame, FrameCard, FrameEvent, FrameQuestion, TRAP_MONSTER_NOTE


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
    if kind not in ("monster", "pendulum", "extra") and effect_text[:1] in CIRCLED and not re.search(
            r"[①-⑩][：:]", effect_text[1:]) and _activated_from(effect_text) == "grave":
        # (a Spell/Trap's one numbered effect its text activates from the Graveyard: 「②：このカードが墓地に存在する場合」)
        return "grave", None
    if kind in ("spell", "field", "continuous"):
        return "hand", None
    if kind in ("monster", "pendulum", "extra"):
        where = _activated_from(effect_text)
        if where and not (where == "hand" and kind == "extra"):
            return where, None
    return ("szone", "facedown") if kind.startswith("trap") else ("mzone", "faceup_attack")


PLAYED_EVENTS = ("activate", "summon", "special_summon")


def activated_first(frame: Frame, cards: CardSource) -> Frame:
    """The frame with each situation card whose effect the ruling says is applied (「X」の効果が適用されている
    場合 / 適用中 / 適用されているターン) but whose script applies nothing while it is merely on the field (a
    Normal or Quick-Play Spell, a Normal Trap, an Ignition or Quick effect: applies_on_its_own is False) made an
    activation before the question: that state is X activated and resolved first, in the turn of the player
    who asks (the baseline, without X, stays the deciding condition removed). Only where the frame has no
    other event the question responds to (a chain is built from its last events) and X can be activated in
    an open game state (not a trigger nor only in response to an event, not an Equip Spell: its equip target
    is not read); else unchanged (the compilers then say why it is not compiled). Where the frame says X is applied
    to the questioned card (FrameCard.applied_to), a targeting X targets it."""
    q = frame.question
    if q is None or any(e.note for e in frame.events):
        return frame
    first: list[FrameEvent] = []
    changed: list[FrameCard] = []
    for c in frame.cards:
        if c.ref == q.card or "applied" not in c.state or c.passcode is None or any(e.card == c.ref for e in frame.events):
            continue
        cards.ensure([c.passcode])
        script = cards.script(c.passcode)
        if script is None or applies_on_its_own(script) or cards.kind(c.passcode) == "equip" or \
                open_state_effects(script, None) is not True or response_event(script, None) is not None:
            continue  # (「ドロール＆ロックバード」: activated only when a card is added to a hand)
        # X applied to the questioned card (「禁じられた聖杯」が適用されている「Q」): a targeting X targets Q first
        onto = [q.card] if q.card and "EFFECT_FLAG_CARD_TARGET" in script and c.applied_to == q.card else []
        first.append(FrameEvent(action="activate", card=c.ref, note=None, targets=onto))
        changed.append(c.model_copy(update={"state": [s for s in c.state if s != "applied"]}))
    if not first:
        return frame
    done = {c.ref: c for c in changed}
    return frame.model_copy(update={"events": [*first, *frame.events],
                                    "cards": [done.get(c.ref, c) for c in frame.cards]})


# a Trap Card's activation that makes it a monster: このカードは（発動後、）通常モンスター（…）となり
_TRAP_MONSTER_TEXT = re.compile(r"このカードは(?:発動後、)?[^。（]{0,20}モンスター（")


def trap_monsters_activated(frame: Frame, cards: CardSource, keep_note: bool = False) -> Frame:
    """The frame with each Trap Monster the ruling names (モンスターカード扱いの「X」: an activation noted
    TRAP_MONSTER_NOTE) made a plain activation before the question, where X is a Trap Card whose own activation
    makes it a monster (its first effect: このカードは（発動後、）…モンスター（…）となり; its script adds the monster
    attributes): played, it leaves X face-up in the Monster Zone. A card treated as a monster by another effect (from the
    Graveyard, by 「マジカルシルクハット」) is not compiled. `keep_note`: checked only, the notes kept (a can_select
    plays the activation of the card it asks about itself)."""
    if not any(e.note == TRAP_MONSTER_NOTE for e in frame.events):
        return frame
    by_ref = {c.ref: c for c in frame.cards}
    events = []
    for e in frame.events:
        if e.note == TRAP_MONSTER_NOTE:
            card = by_ref[e.card]
            cards.ensure([card.passcode])
            first = re.split(r"[②-⑥]", cards.texts.get(card.passcode, ""))[0]  # (② from the GY: another effect)
            if not (card.passcode in cards.data and cards.kind(card.passcode).startswith("trap")
                    and _TRAP_MONSTER_TEXT.search(first) and "AddMonsterAttribute" in (cards.script(card.passcode) or "")):
                raise NotCompiled(f"「{card.name}」 is treated as a monster by an effect other than its own "
                                  f"activation: not compiled yet")
            e = e if keep_note else e.model_copy(update={"note": None})
        events.append(e)
    return frame.model_copy(update={"events": events})


def _check_event_sides(events: list[FrameEvent], by_ref: dict[str, FrameCard], q: FrameQuestion) -> None:
    """An event earlier in the turn (not one the question responds to) is the turn player's: the
    asker's. One the ruling gives the other player (相手が「X」を発動したターン) is not compiled yet."""
    responded = len(chain_links(events)) or (1 if events and events[-1].note == "chained to" else 0)
    for e in events[:len(events) - responded]:
        side = e.actor or by_ref[e.card].controller
        if e.card != q.card and side is not None and side != (q.actor or "self"):
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 by the other player earlier in the turn: "
                              f"not compiled yet")


def chain_links(events: list[FrameEvent]) -> list[FrameEvent]:
    """The activations before the question that build one chain with it: the last events, each an activation
    the next one (or the question) is chained to (「A」の発動にチェーンして「B」が発動された場合、さらにチェーンして…)."""
    links: list[FrameEvent] = []
    for e in reversed(events):
        if e.action != "activate" or e.note != "chained to":
            break
        links.insert(0, e)
    return links


def link_players(links: list[FrameEvent], by_ref: dict[str, FrameCard], asker: int, last: int) -> dict[str, int]:
    """Who activates each link of a chain before the question: the last link `last` (the player the question
    responds to), each earlier one the other player of the link after it, unless the ruling says whose it is."""
    players: dict[str, int] = {}
    after = last
    for i, e in enumerate(reversed(links)):
        side = e.actor or by_ref[e.card].controller
        player = last if i == 0 else (asker if side == "self" else 1 - asker if side == "opponent" else 1 - after)
        players[e.card] = player
        after = player
    return players


# The stand-in activations a chain's first link is chained to when that link's effect is only activated in response
# to an activation (its script's SetCode is EVENT_CHAINING: 「我が身を盾に」, 「餅カエル」②) and the ruling names none,
# each one variant, monster effects (the activation most such conditions accept: 「相手がモンスターの効果・魔法・罠カード
# を発動した時」; Ignition effects, so activated by the turn player): first 「魂を喰らう者 バズー」, whose monster stays on
# the field (a link that destroys or negates "that card" needs it there: 「幽鬼うさぎ」, 「餅カエル」), then 「追放された騎士」,
# which destroys a monster (「モンスターを破壊する効果」) but tributes itself.
NESTED_PRELUDES = (40133511, 74131780)  # Bazoo the Soul-Eater, Exiled Force


def nested_preludes(links: list[FrameEvent], by_ref: dict[str, FrameCard], player: int,
                    cards: CardSource) -> list[tuple[str, SetupCard, Step]]:
    """For a chain whose first link (activated by `player`) answers only an activation (response_event is
    EVENT_CHAINING), the activations it can be chained to: (label, stand-in card of the other player, its
    activation step, taking `player`'s filler as targets); empty when the first link can be activated on its own."""
    if not links:
        return []
    card = by_ref[links[0].card]
    script = cards.script(card.passcode) or ""
    # (the effect as its step names it: an unnamed one of several, any of them)
    if response_event(script, event_effect_index(links[0], card.passcode, cards)) != "EVENT_CHAINING":
        return []
    out = []
    cards.ensure(list(NESTED_PRELUDES))
    for code in (c for c in NESTED_PRELUDES if runnable(c, cards)):
        out.append((f"「{card.name}」 chained to {code}", SetupCard(ref="n0", code=code, player=1 - player, location="mzone",
                                                                   position="faceup_attack"),
                    Step(action="activate", card="n0", answer=True,
                         target=[f"f{player}-{t}" for t in ("m1", "m2", "s1", "g1")] + [f"f{1 - player}-g1"])))
    return out


def _summon_step(event: FrameEvent, player: int, filler: bool | str) -> Step:
    """A Normal or Special Summon before the question; a Tribute Summon takes the summoner's filler
    monsters (bare, a summon that needs tributes cannot be played: inconclusive)."""
    tributes = [f"f{player}-m1", f"f{player}-m2"] if filler is True else []
    return Step(action=event.action, card=event.card, select=tributes, answer=True)


def _event_named_cards(events: list[FrameEvent], placed: list[SetupCard], q: FrameQuestion,
                       by_ref: dict[str, FrameCard], cards: CardSource) -> list[SetupCard]:
    """What the cards activated before the question need: the cards their texts name (a cost that
    discards a 「D-HERO」 card, a search for 「X」) in their activator's hand, Deck and Graveyard (with
    filler: the ruling's situation stays as written in the bare variants); those the engine can run."""
    out: list[SetupCard] = []
    for e in events:
        if e.action != "activate" or e.card == q.card:
            continue
        code = by_ref[e.card].passcode
        player = next((c.player for c in placed if c.ref == e.card), 0)
        # (and cards of the archetypes its script lists: a trigger that searches "a 「X」 card" needs one)
        refs = [c for c in dict.fromkeys([*referenced_cards(cards.texts.get(code, ""), code), *archetype_cards(code, cards)])
                if c not in {x.code for x in out}]
        cards.ensure(refs)
        for i, ref in enumerate(c for c in refs if runnable(c, cards)):
            tag = f"f{player}-{e.card}n{i}"
            piles = ("extra", "grave") if cards.kind(ref) == "extra" else ("hand", "deck", "grave")
            out += [SetupCard(ref=f"{tag}{pile[0]}", code=ref, player=player, location=pile) for pile in piles]
    return out


_TRIGGER_CODE = r"{var}:SetCode\((\w+)\)"


def summon_triggered(script: str, index: int | None, event: str = "EVENT_SUMMON_SUCCESS", single: bool = False) -> bool:
    """Whether the effect (Stringid index, or the card's only kind of activated effect) is a trigger of the
    card's own Normal Summon (EFFECT_TYPE_TRIGGER with EVENT_SUMMON_SUCCESS, its clones for other summons
    aside; `event` EVENT_SPSUMMON_SUCCESS: of its own Special Summon): the event that lets it be activated
    is that Summon. `single`: only an EFFECT_TYPE_SINGLE trigger (of the card's own Summon, not a field
    trigger of any monster's)."""
    if open_state_effects(script, index) is not False:
        return False
    for var in dict.fromkeys(re.findall(r"local\s+(\w+)\s*=\s*Effect\.CreateEffect", script)):
        typed = re.findall(_SET_TYPE.format(var=re.escape(var)), script)
        types = " ".join(typed)
        descs = [int(n) for n in re.findall(_SET_DESC.format(var=re.escape(var)), script)]
        own = all("SINGLE" in t for t in typed if "TRIGGER" in t)
        if "TRIGGER" in types and (index is None or index in descs) and (not single or own) and \
                event in re.findall(_TRIGGER_CODE.format(var=re.escape(var)), script):
            return True
    return False


# a trigger registered for the End Phase (「このカードが召喚に成功したターンのエンドフェイズに」: SetCode(EVENT_PHASE+PHASE_END))
_END_PHASE_CODE = r"{var}:SetCode\(\s*EVENT_PHASE\s*\+\s*PHASE_END\s*\)"


def end_phase_triggered(script: str, index: int | None) -> bool:
    """Whether the effect (Stringid index, or the card's only kind of activated effect) is a trigger of the End
    Phase (EFFECT_TYPE_TRIGGER with EVENT_PHASE+PHASE_END): the chain window it is activated in is the one the
    move to the End Phase opens, not the one right after what its condition asks for (its own Summon)."""
    if open_state_effects(script, index) is not False:
        return False
    for var in dict.fromkeys(re.findall(r"local\s+(\w+)\s*=\s*Effect\.CreateEffect", script)):
        types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
        descs = [int(n) for n in re.findall(_SET_DESC.format(var=re.escape(var)), script)]
        if "TRIGGER" in types and (index is None or index in descs) and \
                re.search(_END_PHASE_CODE.format(var=re.escape(var)), script):
            return True
    return False


# 「死者蘇生」: the Special Summon from the Graveyard by a card effect that gives a trigger of a monster's own
# Special Summon (「このカードが特殊召喚に成功した場合」) its event, where the ruling does not say how it was summoned
STAND_IN_REVIVE = 83764718
REVIVED_NOTE = "its own summon by 「死者蘇生」"


def revive_triggered(script: str, index: int | None, kind: str, cards: CardSource) -> bool:
    """Whether the effect is a trigger of the card's own Special Summon only (not of its Normal Summon:
    summon_triggered plays that) of a Main Deck monster any effect may Special Summon from the Graveyard (its
    script sets no summon condition), with the stand-in reviver (STAND_IN_REVIVE) in the scripts in use."""
    if kind not in ("monster", "pendulum") or summon_triggered(script, index) or not summon_triggered(
            script, index, "EVENT_SPSUMMON_SUCCESS", single=True):
        return False
    if re.search(r"EnableReviveLimit|EFFECT_SPSUMMON_CONDITION|EFFECT_REVIVE_LIMIT", script):
        return False
    cards.ensure([STAND_IN_REVIVE])
    return STAND_IN_REVIVE in cards.data and cards.script(STAND_IN_REVIVE) is not None


def revive_steps(card: str, player: int, ref: str = "rv0") -> tuple[SetupCard, list[Step]]:
    """The stand-in reviver in `player`'s hand and its activation that Special Summons `card` (in that player's
    Graveyard): the trigger of that Summon is asked in the window after it resolves (an "activate" step)."""
    return (SetupCard(ref=ref, code=STAND_IN_REVIVE, player=player, location="hand"),
            [Step(action="activate", card=ref, target=[card], select=[card], answer=True)])


# 「おろかな埋葬」: a card effect that sends a monster from its activator's Deck to the Graveyard, where the ruling says
# the questioned monster was sent there from the hand or the Deck (手札やデッキから墓地へ送られた「X」の効果)
STAND_IN_BURIAL = 81439173


def burial_steps(card: str, player: int, cards: CardSource, ref: str = "sb0") -> tuple[SetupCard, list[Step]]:
    """The stand-in 「おろかな埋葬」 in `player`'s hand and its activation choosing `card` (in that player's Deck).
    NotCompiled where the card data and scripts in use lack it."""
    cards.ensure([STAND_IN_BURIAL])
    if STAND_IN_BURIAL not in cards.data or cards.script(STAND_IN_BURIAL) is None:
        raise NotCompiled("the stand-in 「おろかな埋葬」 is not in the card data and scripts in use")
    return (SetupCard(ref=ref, code=STAND_IN_BURIAL, player=player, location="hand"),
            [Step(action="activate", card=ref, select=[card], answer=True)])


def battle_destroyed_steps(card: SetupCard, effect: int | None, cards: CardSource,
                           ref: str = "bf") -> tuple[SetupCard, list[Step]] | None:
    """For a monster whose activated effect (Stringid `effect`, or its one option where its script describes one
    trigger) is a trigger of its own destruction by battle (「このカードが戦闘で破壊され墓地へ送られた時」, its script's
    EVENT_BATTLE_DESTROYED): the stronger vanilla monster of the other player it attacks in its controller's Battle
    Phase, and those steps; None where the effect is not such a trigger or no vanilla monster beats it."""
    scripted = own_event_trigger(cards.script(card.code) or "", "battle_destroyed")
    if scripted is None or effect not in (None, scripted):
        return None
    foe = _battle_foe(int(cards.data[card.code].get("attack") or 0), False, cards)
    if foe is None or int(cards.data[card.code].get("attack") or 0) < 0:
        return None
    return (SetupCard(ref=ref, code=foe, player=1 - card.player, location="mzone", position="faceup_attack"),
            [Step(action="phase", phase="battle"), Step(action="attack", card=card.ref, target=[ref], answer=True)])


# a trigger of an attack the other player declares (「相手モンスターの攻撃宣言時に発動できる」, 「相手モンスターの直接攻撃宣言時」)
_THEIR_ATTACK_TRIGGER = re.compile(r"相手(?:フィールドの)?モンスターの(?:直接)?攻撃宣言時|相手の(?:直接)?攻撃宣言時")


def their_attack_steps(card: SetupCard, effect: int | None, cards: CardSource,
                       ref: str = "ba") -> tuple[SetupCard, list[Step]] | None:
    """For a monster whose activated effect (Stringid `effect`, or its one option) is a trigger of the other player's
    attack declaration (its numbered effect's text says 相手モンスターの（直接）攻撃宣言時, its script's one trigger code is
    EVENT_ATTACK_ANNOUNCE): the other player's vanilla monster and that player's Battle Phase in which it attacks
    directly (the turn is the other player's: Played.turn_player); None where the effect is not such a trigger."""
    script = cards.script(card.code) or ""
    if re.findall(r"SetCode\((EVENT_\w+)\)", script).count("EVENT_ATTACK_ANNOUNCE") != 1 or \
            len(re.findall(r"EFFECT_TYPE_TRIGGER", script)) != 1:
        return None
    text = cards.texts.get(card.code, "")
    said = numbered_effect_text(text, effect + 1) if effect is not None else text
    if not _THEIR_ATTACK_TRIGGER.search(said):
        return None
    return (SetupCard(ref=ref, code=FILLER_MONSTER, player=1 - card.player, location="mzone", position="faceup_attack"),
            [Step(action="phase", phase="battle"), Step(action="attack", card=ref, answer=True)])


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


# ------------------------------------------------------------------ applied: is an effect's processing applied


# an event that says what the activation just before it does to a card (「サイクロン」が発動し、「X」が破壊される):
# that activation takes the card as its target
_RESULT_EVENTS = ("destroy", "send_to_grave", "banish")


@dataclass
class Played:
    """The title's activations as a duel: the cards where they start, the steps (each activation after the
    first chained to the one before), the situation's cards (the deciding condition with the later
    activations), and the side of each card relative to the first activation's (player 0). `vanished`:
    the cards a stand-in removal chained to an activation takes away before it resolves (a `leave` event),
    by the ref of the stand-in that removes them (its target is exactly that card: no filler added)."""
    placed: list[SetupCard]
    steps: list[Step]
    deciding: list[SetupCard]
    side: Any
    vanished: dict[str, str] = field(default_factory=dict)
    prelude: list[Step] = field(default_factory=list)
    """steps before the first activation that give it its event (a monster whose effect is a trigger of its own
    Normal Summon: that Summon and its negation window), in the baseline too"""
    turn_player: int = 0
    """the player whose turn it is: the first activation's (0), or the other player's where that activation answers
    an attack the other player declares (their_attack_steps)"""


# a card that leaves its zone between an activation and its resolution (a `leave` event): the stand-in
# removal chained to that activation, by where the card is (activated from where it can be, the target the
# card): a monster on the field returned to the hand (「強制脱出装置」, a Set Normal Trap), a Spell/Trap on the
# field destroyed (「サイクロン」, Set), a card in a Graveyard banished (「D.D.クロウ」 from the hand of the
# Graveyard's other player: it banishes from the opponent's Graveyard only)
LEAVE_STANDINS = {"mzone": 94192409, "szone": 5318639, "pzone": 5318639, "fzone": 5318639, "grave": 24508238}
# a face-up monster turned face-down (FLIPPED_DOWN_NOTE): 「月の書」, Set
FLIP_DOWN_STANDIN = 14087893


def _leave_step(e: FrameEvent, placed: list[SetupCard], by_ref: dict[str, FrameCard], n: int,
                cards: CardSource, summoned: set[str] = frozenset()) -> tuple[SetupCard, Step]:
    """The stand-in that takes the `leave` event's card away (LEAVE_STANDINS; FLIP_DOWN_STANDIN for a face-up
    monster turned face-down), where it starts and its step
    (chained, targeting exactly that card); a card `summoned` by the steps before its activation (placed in the
    hand for that Summon) is in the Monster Zone then. NotCompiled where no stand-in does it or the card is
    elsewhere."""
    gone = next((p for p in placed if p.ref == e.card), None)
    if gone is None:
        raise NotCompiled(f"「{by_ref[e.card].name}」 leaves a zone before the question but is not on the board")
    if gone.ref in summoned:
        gone = SetupCard(**{**gone.__dict__, "location": "mzone"})
    flipped = e.note == FLIPPED_DOWN_NOTE
    left = "mzone" if flipped else (e.note or "").removeprefix("leaves the ")
    if not (left == gone.location or left == "field" and gone.location in ("mzone", "szone", "pzone", "fzone")):
        raise NotCompiled(f"「{by_ref[e.card].name}」 leaves the {left}, but it is in the {gone.location} when activated: "
                          f"not compiled")
    if flipped and not (gone.position or "faceup").startswith("faceup"):
        raise NotCompiled(f"「{by_ref[e.card].name}」 is turned face-down, but it is face-down when activated: not compiled")
    code = FLIP_DOWN_STANDIN if flipped else LEAVE_STANDINS.get(gone.location)
    cards.ensure([code] if code else [])
    if code is None or code not in cards.data or cards.script(code) is None:
        raise NotCompiled(f"no stand-in removal of a card in the {gone.location} in the card data and scripts in use")
    # the Graveyard's stand-in banishes from the opponent's Graveyard: its player is the other one
    player = 1 - gone.player if gone.location == "grave" else 1
    ref = f"lv{n}"
    setup = SetupCard(ref=ref, code=code, player=player, location="hand" if gone.location == "grave" else "szone",
                      position=None if gone.location == "grave" else "facedown")
    return setup, Step(action="chain", card=ref, target=[e.card], answer=True)


def played_activations(frame: Frame, cards: CardSource, also: tuple[str, ...] = (), target_player: int = 1) -> Played:
    """The frame's activations played in order, with `also` (cards an outcome is about) placed on the field
    where they are not activated; a destroy/send/banish event right after an activation is what that
    activation does (its target), as are the targets an event names (on `target_player`'s side where the
    ruling does not say whose); a `leave` event after the one activation is a stand-in removal chained to it
    (LEAVE_STANDINS). Raises NotCompiled for what cannot be played yet."""
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    events = list(frame.events)
    targets: dict[int, list[str]] = {}
    played: list[FrameEvent] = []
    leaves: list[FrameEvent] = []
    for e in events:
        if e.action in _RESULT_EVENTS and played and played[-1].action == "activate" and e.card != played[-1].card:
            targets.setdefault(len(played) - 1, []).append(e.card)  # what the activation before it does
        elif e.action == "leave" and len(played) == 1 and e is events[-1]:
            leaves.append(e)  # taken away before the activation resolves: a stand-in removal chained to it
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
    prelude: list[Step] = []
    turn_player = 0
    player = 0
    for i, e in enumerate(played):
        card = by_ref[e.card]
        kind = cards.kind(card.passcode)
        player = side(card, 1 - player, e.actor) if i else 0
        if kind == "equip":
            raise NotCompiled(f"「{card.name}」 is an Equip Spell: its equip target is not compiled")
        location, position = _event_place(kind, card, "activate", numbered_effect_text(cards.texts.get(card.passcode, ""),
                                                                                      e.effect))
        effect = _event_effect(e, card.passcode, cards)
        if effect is None and kind in ("continuous", "trap-continuous"):
            effect = lone_face_up_effect(e, card.passcode, cards)
        if kind in ("continuous", "trap-continuous") and face_up_effect(cards.script(card.passcode) or "", effect):
            location, position = "szone", "faceup"  # an effect of the face-up card, not its activation
        elif i and location == "hand" and kind in ("spell", "continuous", "field") and player != 0:
            location, position = "szone", "facedown"  # a Spell chained in the other player's turn: Set
        placed.append(SetupCard(ref=e.card, code=card.passcode, player=player, location=location, position=position,
                                name=card.name))
        if not i and kind in ("monster", "pendulum") and (summon_triggered(cards.script(card.passcode) or "", effect, single=True)
                                                          or undescribed_summon_event(e, card.passcode, cards)):
            # a trigger of its own Normal Summon: Normal Summoned from the hand first (a Level 4 or lower monster: no
            # tributes), its effect activated in the window after that Summon
            placed[-1] = SetupCard(**{**placed[-1].__dict__, "location": "hand", "position": None})
            prelude = [Step(action="summon", card=e.card, answer=True), *_negation_window()]
        elif not i and kind in ("monster", "pendulum") and open_state_effects(cards.script(card.passcode) or "", effect) is False \
                and (battle := battle_destroyed_steps(SetupCard(**{**placed[-1].__dict__, "location": "mzone",
                                                                   "position": "faceup_attack"}), effect, cards)):
            # a trigger of its own destruction by battle (墓地にて発動した「X」の『戦闘で破壊され墓地へ送られた時』):
            # X attacks a stronger vanilla monster first, its effect activated once it moved to the Graveyard
            placed[-1] = SetupCard(**{**placed[-1].__dict__, "location": "mzone", "position": "faceup_attack"})
            foe, prelude = battle
            placed.append(foe)
            steps.append(Step(action="chain", card=e.card, effect=effect, after=[e.card], answer=True,
                              target=list(dict.fromkeys([*e.targets, *targets.get(i, []), *(r for r in also if r != e.card)]))))
            continue
        elif not i and kind in ("monster", "pendulum") and open_state_effects(cards.script(card.passcode) or "", effect) is False \
                and (attack := their_attack_steps(placed[-1], effect, cards)):
            # a trigger of the other player's attack declaration (「タスケナイト」 in the Graveyard, 「ＳＲメンコート」 in the
            # hand): that player's turn, its monster attacking directly first, the effect activated in that window
            attacker, prelude = attack
            placed.append(attacker)
            turn_player = 1
            steps.append(Step(action="chain", card=e.card, effect=effect, answer=True,
                              target=list(dict.fromkeys([*e.targets, *targets.get(i, []), *(r for r in also if r != e.card)]))))
            continue
        elif kind in ("monster", "pendulum", "extra") and open_state_effects(cards.script(card.passcode) or "", effect) is False:
            raise NotCompiled(f"「{card.name}」's effect is a trigger (its script has no Ignition/Quick type): the event "
                              f"that triggers it is not in the frame")
        steps.append(Step(action="chain" if i else "activate", card=e.card, effect=effect, answer=True,
                          target=list(dict.fromkeys([*e.targets, *targets.get(i, []), *(r for r in also if r != e.card)]))))
    for ref in [*(t for e in played for t in e.targets), *(r for refs in targets.values() for r in refs), *also]:
        if not any(p.ref == ref for p in placed):
            card = by_ref[ref]
            location, position = _fate_place(cards.kind(card.passcode), card)
            placed.append(SetupCard(ref=ref, code=card.passcode, player=side(card, target_player), location=location,
                                    position=position, name=card.name))
    deciding = [_situation_card(c, cards, side(c, 1)) for c in situation]
    vanished: dict[str, str] = {}
    for n, e in enumerate(leaves):
        stand_in, step = _leave_step(e, placed, by_ref, n, cards, {st.card for st in prelude if st.action == "summon"})
        placed.append(stand_in)
        steps.append(step)
        vanished[stand_in.ref] = e.card
    return Played(placed, steps, deciding, side, vanished, prelude, turn_player)


def _with_filler(played: Played, filler: bool | str, cards: CardSource) -> tuple[list[SetupCard], list[Step]]:
    """The filler cards of a variant and the steps with the other player's filler added to their targets
    (filler "named": also what named_filler gives the first activation)."""
    if not filler:
        return [], list(played.steps)
    if filler == "named":
        extra, run = _with_filler(played, True, cards)
        return extra + named_filler(played, cards), run
    if filler == "piled":
        extra, run = _with_filler(played, True, cards)
        return extra + piled_filler(played, cards), run
    first = played.placed[0]
    extra = _filler(0, "f0", first.code, "extra" if cards.kind(first.code) == "extra" else "deck") + _filler(1, "f1")
    pools = {0: [f"f1-{t}" for t in ("s1", "m1", "m2", "g1")] + ["f0-g1"],
             1: [f"f0-{t}" for t in ("s1", "m1", "m2", "g1")] + ["f1-g1"]}
    return extra, [st if st.card in played.vanished else Step(**{**st.__dict__, "target": st.target + pools[next(
        p.player for p in played.placed if p.ref == st.card)]}) for st in played.steps]



def piled_filler(played: Played, cards: CardSource) -> list[SetupCard]:
    """Beyond the filler, the "filtered piles" board of the scripts in play (boards.piled_cards: two of each
    filter's cards in the first activation's controller's piles, one banished, one in the other's Graveyard): what a
    cost or condition of the first activation looks for off the field (「自分の墓地の…」); empty when there is none."""
    first = played.placed[0]
    return piled_cards([cards.script(p.code) or "" for p in played.placed], first.code, cards)


def named_filler(played: Played, cards: CardSource) -> list[SetupCard]:
    """Beyond the filler, for the first activation's card (player 0): the cards its text names where its
    effects look for them (_named_cards: 「原始太陽ヘリオス」1体を特殊召喚できる) and cards that pass the filters of the
    scripts in play (filtered_cards: 自分フィールドに「スピードロイド」チューナーが存在する場合); empty when there are none."""
    first = played.placed[0]
    refs = referenced_cards(cards.texts.get(first.code, ""), first.code)
    cards.ensure(refs)
    scripts = [cards.script(p.code) or "" for p in played.placed]
    return _named_cards(refs, 0, "f0-n", cards) + filtered_cards(scripts, first.code, cards)

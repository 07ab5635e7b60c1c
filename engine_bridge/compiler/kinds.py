"""Compilers of the question kinds beside `offered`: fate (what befalls a card), attack, select,
applied, summons and additions to the hand, stats, LP, triggered, a summon by a card's effect, and questions after an event (destroyed by
battle or effect, an attack declared), with the chain baselines of the offered kind.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable

from engine_bridge.carddata import setcodes_complete
from engine_bridge.compiler.base import (_ruling_id, _scenario, _slug, _where, CardSource, CIRCLED, FILLER_MONSTER, NotCompiled,
                                         TEMPLATE)
from engine_bridge.compiler.boards import (_battle_foe, archetype_cards, BARE_NEEDS, _chain_standins, _check_cards,
                                           _fate_place, _field_place, _filler, _named_cards, _question_places, _same_kind, _situation_card,
                                           _has_traits, EFFECT_DESTROYER, extra_filler, filter_stand_ins, filtered_cards,
                                           filtered_described, faceup_spell_traps, piled_cards,
                                           pick_described, runnable, similar_cards, summon_materials, TWIN_NEEDS,
                                           twin_cards, variety_filler,
                                           with_described_cards, zone_baseline, zone_setup)
from engine_bridge.compiler.effects import (_event_effect, _SET_DESC, _SET_TYPE, activated_effects, effect_index,
                                            face_up_effect, numbered_effect_text, only_field_effect, open_state_effects, own_event_effect,
                                            own_event_trigger, referenced_cards, summon_source)
from engine_bridge.compiler.steps import (_check_event_sides, _event_place, _negation_window, _with_filler, named_filler, piled_filler,
                                          burial_steps, Played, played_activations, revive_steps,
                                          revive_triggered, STAND_IN_REVIVE,
                                          summon_triggered)
from engine_bridge.compiler.verdicts import _expect_fates, FATE_CONTRARY, MOVED_INTO
from engine_bridge.scenario import Scenario, SetupCard, Step
from rulings.records import (ATTACKED_NOTE, BATTLES_NOTE, CONTROL_TAKER, DESCRIBED_SUMMON_NOTE, DESTROYED_IN_CHAIN_NOTE, EACH_COPY, Frame,
                             FrameCard, FrameEvent, FrameQuestion, MOVED_BY_NOTE, NEGATED_SUMMON_NOTES, NEGATES_SUMMON_NOTE,
                             NOT_PROPERLY_SUMMONED, SENT_NOTE, TRAP_MONSTER_NOTE)


def _require_yes_or_no(frame: Frame) -> None:
    """A yes/no question kind compiles only an answer read as yes or no (else the answer's unread part says why)."""
    if frame.answer not in ("yes", "no"):
        raise NotCompiled(next((u for u in frame.unread if u.startswith("answer")), "the answer is not yes or no"))


def _require_read_yes_or_no(frame: Frame) -> None:
    """_require_yes_or_no, and nothing of the ruling left unread (its first unread part is the reason)."""
    _require_yes_or_no(frame)
    if frame.unread:
        raise NotCompiled(frame.unread[0])


def _check_read_yes_no(frame: Frame) -> None:
    """A yes/no question compiles only when its answer is yes or no, nothing of it is unread, and it names
    the card that acts; else NotCompiled with the first of these that fails."""
    _require_read_yes_or_no(frame)
    if frame.question.card is None:
        raise NotCompiled(f"question: no card named as the one that acts ({frame.question.text})")


def _chain_baselines(ruling: Any, base: str, frame: Frame, chained_to: FrameCard, activator: int, qsetup: SetupCard,
                     extra: list[SetupCard], effect: int | None, where: str, ruling_scenario: Scenario,
                     turn_player: int, cards: CardSource) -> list[Scenario]:
    """Baselines of a chain question: the questioned card chained to stand-in activations (activated by
    the same player as the ruling's card, from their usual place, with the other player's filler as
    targets)."""
    kind = cards.kind(chained_to.passcode)
    out = []
    for n, code in enumerate(_chain_standins(kind, cards, cards.script(qsetup.code) or "")):
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
    if len(events) == 1 and events[0].note == "attacks" and len(events[0].targets) == 1:
        return _compile_battle_fate(ruling, frame, cards, events[0])
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
    rid = _ruling_id(ruling)
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
        elif len(run) > 1:
            # (the activations chained to the first are the deciding condition: the first alone must show the fate,
            # else a fate the engine does not show says nothing of the set-up)
            baseline = _scenario(ruling, base + "-baseline", frame, [*kept, *extra], run[:1], where,
                                 control_of=ruling_scenario, turn_player=activator)
            _expect_fates(baseline, frame.fates, cards)
            scenarios.append(baseline)
        scenarios.append(ruling_scenario)
    return scenarios


def _compile_battle_fate(ruling: Any, frame: Frame, cards: CardSource, event: FrameEvent) -> list[Scenario]:
    """A fate after a battle (「（守備表示の）「X」が「Y」を攻撃した場合、戦闘で破壊されますか」): X (in the position the
    ruling says, else Attack Position) attacks Y (face-up Attack Position, the other player's) in X's controller's Battle
    Phase, and the fated card's place once the battle resolved. The deciding condition is which monster the fated one
    is: the baseline puts a vanilla monster in its place that the battle destroys (the other one beats it: by X's ATK,
    or DEF where X attacks in Defense Position), so a "survives" counts only beside it; a "destroyed" needs none."""
    by_ref = {c.ref: c for c in frame.cards}
    attacker, target = by_ref[event.card], by_ref[event.targets[0]]
    (fated, fate), = frame.fates.items()
    if any(c.ref not in (attacker.ref, target.ref) for c in frame.cards):
        raise NotCompiled("a battle with other cards in the frame: what they do is not compiled yet")
    for card in (attacker, target):
        if cards.kind(card.passcode) not in ("monster", "pendulum", "extra"):
            raise NotCompiled(f"「{card.name}」 is not a monster: it does not battle")
    defending = (attacker.position or "").endswith("defense")
    placed = [SetupCard(ref=attacker.ref, code=attacker.passcode, player=0, location="mzone",
                        position="faceup_defense" if defending else "faceup_attack", name=attacker.name),
              SetupCard(ref=target.ref, code=target.passcode, player=1, location="mzone", position="faceup_attack",
                        name=target.name)]
    steps = [Step(action="phase", phase="battle"), Step(action="attack", card=attacker.ref, target=[target.ref], answer=True)]
    other = attacker if fated == target.ref else target
    power = int(cards.data[other.passcode].get("defense" if defending and other is attacker else "attack") or 0)
    stand_in = None
    if fate in FATE_CONTRARY:
        # the baseline: a vanilla monster the other one beats in the fated one's place (the same ref: the steps name it)
        stand_in = _battle_foe(power, True, cards)
        if stand_in is None or power <= 0:
            raise NotCompiled(f"no vanilla monster in the card data loses a battle against 「{other.name}」 ({power}): no "
                              f"baseline can stand in for 「{by_ref[fated].name}」")
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        extra = [c for p in (0, 1) for c in _filler(p, f"f{p}") if c.location != "mzone"] if filler else []
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        where = "battle" + (" + filler" if filler else "")
        ruling_scenario = _scenario(ruling, base, frame, [*placed, *extra], steps, where)
        _expect_fates(ruling_scenario, frame.fates, cards)
        if stand_in is not None:
            swapped = [SetupCard(**{**c.__dict__, "code": stand_in, "name": None}) if c.ref == fated else c for c in placed]
            baseline = _scenario(ruling, base + "-baseline", frame, [*swapped, *extra], steps, where,
                                 control_of=ruling_scenario)
            _expect_fates(baseline, {fated: FATE_CONTRARY[fate]}, cards)
            note = f"in the baseline a vanilla monster ({stand_in}) stands in for 「{by_ref[fated].name}」"
            baseline.notes["stand_in"] = ruling_scenario.notes["stand_in"] = note
            scenarios.append(baseline)
        scenarios.append(ruling_scenario)
    return scenarios


# ------------------------------------------------------------------ can attack
# ------------------------------------------------------------------ can attack


def _compile_attack(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_attack: the attacker face-up in Attack Position (the questioned monster, or a vanilla monster
    where the ruling says only "a monster"), the situation, the events played in Main Phase 1, then the
    Battle Phase and the attack (a direct attack against an empty field where the ruling asks about
    one, else against a vanilla monster of the other player); `offered` at the attack, beside a
    baseline without the situation and the events."""
    q = frame.question
    _require_read_yes_or_no(frame)
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    attacker = by_ref.get(q.card) if q.card else None
    if attacker is not None and cards.kind(attacker.passcode) not in ("monster", "extra", "pendulum"):
        raise NotCompiled(f"can_attack: 「{attacker.name}」 is not a monster (the attacker is not named)")
    for e in frame.events:
        if e.action != "activate":
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 before the question: not compiled yet")
    # the events are played by the asker: one the ruling gives the other player (相手が「カバーカーニバル」を
    # 発動したターン、自分は…直接攻撃できますか) is not compiled
    _check_event_sides(frame.events, by_ref, q)
    # the asker's side attacks, unless the ruling asks whether the opponent's monster can
    theirs = bool(re.search(r"相手(?:の)?モンスター(?:は|が|で)", q.text))
    direct = bool(re.search(r"直接攻撃|プレイヤーに", q.text))
    situation = [c for c in frame.cards if c.ref != q.card and any(s in c.state for s in ("applied", "present"))]
    if not theirs and attacker is None and not re.search(r"自分(?:の)?(?:フィールドの)?モンスター", q.text):
        # the ruling names no attacker and not whose: the other side's, where the asker's situation cards restrict
        # only what the opponent attacks (「相手は…攻撃対象にできない」)
        theirs = bool(situation) and all(c.controller == "self" and _restricts_opponent_attacks(
            cards.texts.get(c.passcode, "")) for c in situation)
    asker = 1 if theirs else 0
    if frame.answer == "no" and not situation and not frame.events:
        raise NotCompiled("a 'cannot attack' whose frame names no deciding condition besides the attacker: no "
                          "baseline can remove it")

    def side(card: FrameCard, default: int) -> int:
        return asker if card.controller == "self" else 1 - asker if card.controller == "opponent" else default

    placed = [_situation_card(c, cards, side(c, 1)) for c in situation]
    if attacker is not None and "negated" in attacker.state:
        # 「X」のモンスター効果が無効になっている (by what, not said): a stand-in 「スキルドレイン」 face-up on the attacker's
        # side negates it, in the ruling's duel only (the deciding condition)
        cards.ensure([STAND_IN_NEGATOR])
        if STAND_IN_NEGATOR not in cards.data or cards.script(STAND_IN_NEGATOR) is None:
            raise NotCompiled("the stand-in negator (「スキルドレイン」) is not in the card data and scripts in use")
        placed.append(SetupCard(ref="neg", code=STAND_IN_NEGATOR, player=0, location="szone", position="faceup"))
    # the copies the situation has of a card (「X」が2体存在する)
    placed += [SetupCard(**{**p.__dict__, "ref": f"{p.ref}-{n}"}) for c, p in zip(situation, list(placed))
               for n in range(2, (c.copies or 1) + 1)]
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
        placed.append(SetupCard(ref=card.ref, code=card.passcode, player=asker, location=location, position=position,
                                name=card.name))  # (the asker activates it)
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
    rid = _ruling_id(ruling)
    # (the scenario's player 0 is the attacker's controller: side() placed the asker's cards on player
    # `asker`'s side already, the attacker's own on 0)
    scenarios: list[Scenario] = []
    # the ruling's unnamed attacker may be one of the copies the situation has of a monster on the attacker's side
    # (「自分フィールドに「X」が２体存在する場合、攻撃できますか」): first that copy attacks, beside a baseline in which
    # it is alone (the deciding condition: the other copies)
    copy_of = next((c for c in situation if attacker is None and (c.copies or 1) >= 2 and side(c, 1) == 0 and not
                    direct and cards.kind(c.passcode) in ("monster", "extra", "pendulum")), None)
    attackers = ([(SetupCard(**{**next(p for p in placed if p.ref == copy_of.ref).__dict__, "location": "mzone",
                                "position": "faceup_attack"}), "one of the situation's copies")] if copy_of else [])
    attackers.append((atk, ""))
    variant = 0
    for attacking, label in attackers:
        attack_step = Step(**{**attack.__dict__, "card": attacking.ref})
        others = [p for p in placed if p.ref != attacking.ref]
        alone = [attacking] if attacking is not atk else []
        # bare, then with filler on the attacker's side (cards an attack cost or condition may need; the
        # other player's field stays as the ruling says: a direct attack against an empty field)
        for filler in (False, True):
            variant += 1
            extra = _filler(0, "f0") if filler else []
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            where = ("direct attack" if direct else "attack on a monster") + (
                f", the attacker {label}" if label else "" if attacker else ", stand-in attacker") + (
                " + filler" if filler else "")
            # (a zone the situation states: held in the ruling's duel, removed in the baseline's)
            keep = {attacking.ref, *(c.ref for c in [*others, *defender])}
            ruling_scenario = _scenario(ruling, base, frame, zone_setup(
                [*others, attacking, *defender, *extra], frame.zones, 0, keep, cards),
                [*steps, Step(action="phase", phase="battle"), attack_step], where)
            baseline_steps = [Step(action="phase", phase="battle"), Step(**{**attack_step.__dict__, "expect": {"offered": True}})]
            baseline = _scenario(ruling, base + "-baseline", frame, zone_baseline(
                [*alone, *([] if alone else [atk]), *defender, *extra], frame.zones, 0, cards),
                baseline_steps, where, control_of=ruling_scenario)
            if "neg" in keep:
                ruling_scenario.notes["stand_in"] = STAND_IN_NEGATOR_NOTE
            if attacker is None and not label:
                ruling_scenario.notes["stand_in"] = frame_card_note
                baseline.notes["stand_in"] = frame_card_note
            scenarios += [baseline, ruling_scenario]
    return scenarios


# a card negating a monster's effects where the ruling says they are negated and not by what: Skill Drain (every
# face-up monster's effects on the field)
STAND_IN_NEGATOR = 82732705
STAND_IN_NEGATOR_NOTE = "「スキルドレイン」 (82732705), face-up, stands in for what negates the monster's effect"


def _restricts_opponent_attacks(text: str) -> bool:
    """Whether a card's text restricts only the opponent's attacks (「相手は…を攻撃対象にできない」 / 「相手モンスターは…
    攻撃できない」), not its own controller's."""
    return bool(re.search(r"相手は[^。]*攻撃(?:対象に(?:でき|選択でき)ない|できない)|相手(?:の)?モンスターは[^。]*攻撃できない", text)) \
        and not re.search(r"自分(?:の|フィールドの)?(?:[^。]{0,12})モンスターは[^。]*攻撃できない", text)


# ------------------------------------------------------------------ can select


def _select_place(chosen: FrameCard, cards: CardSource) -> tuple[str, str | None]:
    """Where a card an effect chooses sits: where the ruling says, else on the field (a card an effect
    returns); an Extra Deck monster "in the Deck" is in the Extra Deck."""
    where, position = (chosen.location, None) if chosen.location in ("deck", "grave", "hand", "removed", "extra") \
        else _fate_place(cards.kind(chosen.passcode), chosen)
    return ("extra" if where == "deck" and cards.kind(chosen.passcode) == "extra" else where), position


def _compile_select(ruling: Any, frame: Frame, cards: CardSource, fallback: Iterable[int] = ()) -> list[Scenario]:
    """can_select: whether G's effect can choose X (add it to the hand from the Deck, pick it in the
    Graveyard): G activated where its type allows, X where the ruling puts it (the Deck by default),
    `selectable` at the activation. A "no" counts only beside a baseline in which a card G's text names
    stands in for X and is chosen (the deciding condition is which card X is)."""
    q = frame.question
    _require_read_yes_or_no(frame)
    if q.card is None or len(q.targets) != 1:
        raise NotCompiled("can_select: the effect that chooses or the card chosen is not named")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    source, chosen = by_ref[q.card], by_ref[q.targets[0]]
    if source.ref == chosen.ref:
        return _compile_select_itself(ruling, frame, cards)
    # (モンスターカード扱いの「X」を除外し、「G」を発動できますか: X a Trap Monster, its activation played first)
    trap_monster = [e for e in frame.events if e.note == TRAP_MONSTER_NOTE and e.card == chosen.ref and e.action == "activate"]
    # (墓地へ送られた「G」の効果で: G sent to the Graveyard from its controller's Deck by a stand-in first, in the baseline too)
    sent = [e for e in frame.events if e.note == SENT_NOTE and e.card == source.ref and e.action == "send_to_grave"]
    if [e for e in frame.events if e not in trap_monster + sent] or any(
            c.state for c in frame.cards if c.ref not in (source.ref, chosen.ref)):
        raise NotCompiled("can_select with a situation or events before the question: not compiled yet")
    if trap_monster and (chosen.controller == "opponent" or chosen.location not in (None, "mzone", "field")):
        raise NotCompiled(f"the Trap Monster 「{chosen.name}」 on the other player's field or elsewhere: not compiled yet")
    kind = cards.kind(source.passcode)
    # a Spell/Trap's effect that chooses is mostly its activation's (「X」の効果で): tried as the card activated
    activation = kind not in ("monster", "pendulum", "extra")
    revives_equipped = kind == "equip" and chosen.location in ("grave", "removed") and re.search(
        r"墓地(?:の|から)[^。]*特殊召喚し[^。]*このカードを装備", cards.texts.get(source.passcode, ""))
    try:
        effect = effect_index(frame, source.passcode, cards, activation)
    except NotCompiled:
        if not (activation and q.effect == 1):
            raise
        effect = None  # a Spell/Trap's ① is its activation (its script describes only the later effects)
    # (an Equip Spell that Special Summons a monster from the Graveyard and equips itself to it, 「早すぎた埋葬」: activated
    # from the hand, the monster its target there)
    places = [("hand", None)] if revives_equipped else _question_places(kind, source, Frame(question=FrameQuestion(
        kind="can_activate", text="" if activation else q.text, effect_kind=q.effect_kind)))
    if activation and effect is None and q.effect == 1:
        # its activation only (from the Graveyard any option would be another of its effects)
        places = [p for p in places if p[0] in ("hand", "szone", "fzone")] or places
    elif kind in ("continuous", "trap-continuous", "field") and face_up_effect(cards.script(source.passcode) or "", effect):
        # an Ignition/Quick effect of the face-up card (「１ターンに１度、…発動できる」), not its activation
        places = [("fzone", "faceup") if kind == "field" else ("szone", "faceup")]
    # a trigger of G's own Normal Summon (「このカードが召喚に成功した場合」): G Normal Summoned from the hand first,
    # in the baseline too (what the effect needs, not the deciding condition)
    by_summon = kind in ("monster", "pendulum") and summon_triggered(cards.script(source.passcode) or "", effect, single=True)
    # (of its own Special Summon: G Special Summoned from the Graveyard by a stand-in effect first, 「死者蘇生」)
    revived = not by_summon and revive_triggered(cards.script(source.passcode) or "", effect, kind, cards)
    buried = bool(sent) and kind in ("monster", "pendulum")
    if sent and not buried:
        raise NotCompiled(f"「{source.name}」 sent to the Graveyard first is not a Main Deck monster: not compiled")
    # (of its own destruction, 「このカードが破壊された場合」: G destroyed on the field by the stand-in 「ブラック・ホール」
    # first, in the baseline too; the chosen card elsewhere than on the field)
    destroyed = not by_summon and not revived and not buried and kind in ("monster", "pendulum") and effect is not None and \
        chosen.location not in ("mzone", "field") and \
        own_event_trigger(cards.script(source.passcode) or "", "destroy") == effect and \
        runnable(EFFECT_DESTROYER, cards.ensure([EFFECT_DESTROYER]))
    # (of its own destruction by battle, 「このカードが戦闘で破壊され墓地へ送られた時」: G attacks a stronger vanilla monster
    # first, in the baseline too)
    battled = not by_summon and not revived and not buried and not destroyed and kind in ("monster", "pendulum") and \
        effect is not None and chosen.location not in ("mzone", "field") and \
        own_event_trigger(cards.script(source.passcode) or "", "battle_destroyed") == effect
    # (of its destroying a monster by battle, 「このカードが戦闘で相手モンスターを破壊した時」: G attacks a weaker vanilla
    # monster first, in the baseline too)
    won = not by_summon and not revived and not buried and not destroyed and not battled and \
        kind in ("monster", "pendulum", "extra") and effect is not None and chosen.location not in ("mzone", "field") and \
        own_event_trigger(cards.script(source.passcode) or "", "battle_destroying") == effect
    battle_foe = _battle_foe(_attack(cards, source.passcode), won, cards) if battled or won else None
    if (battled or won) and battle_foe is None:
        raise NotCompiled(f"no vanilla monster in the card data {'loses' if won else 'wins'} a battle against "
                          f"「{source.name}」")
    if by_summon:
        places = [("hand", None)]
    elif battled or won:
        places = [("mzone", None)]
    elif revived:
        places = [("grave", None)]
    elif buried:
        places = [("deck", None)]  # sent from there by the stand-in 「おろかな埋葬」
    elif destroyed:
        places = [("mzone", None)]
    elif open_state_effects(cards.script(source.passcode) or "", effect) is False:
        raise NotCompiled(f"「{source.name}」's effect is a trigger (its script has no Ignition/Quick/activation type "
                          f"for it): the event that triggers it is not in the frame")
    refs = [c for c in referenced_cards(cards.texts.get(source.passcode, ""), source.passcode)
            if c != chosen.passcode]
    cards.ensure(refs)
    stand_ins = [c for c in refs if c in cards.data and cards.kind(c) == cards.kind(chosen.passcode)] or \
        [c for c in refs if c in cards.data] or [c for c in fallback if c in cards.data and c != chosen.passcode]
    if chosen.location is None and (q.how in ("除外", "装備") or cards.kind(chosen.passcode) == "equip"):
        # 「G」の効果で「X」を除外できますか: X where G's text looks for what it banishes or equips (an Equip Spell
        # chosen: what G equips)
        looked = chosen_from(numbered_effect_text(cards.texts.get(source.passcode, ""), q.effect), q.how or "装備")
        chosen = chosen.model_copy(update={"location": looked}) if looked else chosen
    if chosen.location in (None, "deck") and "対象" in (q.text or ""):
        # 「G」の効果の対象として「X」を選択できますか: X where G's text looks for its target (「自分の墓地の「ライトロード」
        # モンスター１体を対象として」), never in the Deck
        looked = chosen_from(numbered_effect_text(cards.texts.get(source.passcode, ""), q.effect), "を対象", last=True)
        chosen = chosen.model_copy(update={"location": looked}) if looked and looked != "deck" else chosen
    where, where_position = _select_place(chosen, cards)
    # after the first stand-in, the cards that pass the chooser's script's filters (a vanilla card or one the
    # text names may not be what the effect accepts: 「レベル４以下の通常モンスター２体」)
    baseline_codes = stand_ins[:1] + filter_stand_ins(cards.script(source.passcode) or "", cards, exclude={
        chosen.passcode, *stand_ins[:1]}, kind_ok=_same_kind(chosen.passcode, where, cards),
        like=cards.data.get(chosen.passcode))
    if chosen.described:
        # a chosen card the ruling describes (「攻撃力500未満の闇属性モンスター」): a stand-in with all its traits is no
        # baseline (the deciding condition is that description): the filters' cards without them
        baseline_codes = [c for c in stand_ins[:1] if not _has_traits(cards.data[c], chosen.described)] + filter_stand_ins(
            cards.script(source.passcode) or "", cards, exclude={chosen.passcode, *stand_ins[:1]},
            kind_ok=_same_kind(chosen.passcode, where, cards), without=chosen.described,
            like=cards.data.get(chosen.passcode))
    if COMPUTED_LEVEL.search(cards.script(source.passcode) or ""):
        # the chooser looks for a Level the play makes (「その元々のレベルの合計と同じレベルを持つ」: the Levels released):
        # a stand-in of another Level is chosen or not by what the board's Levels add up to, not the deciding condition
        baseline_codes = [c for c in baseline_codes if _level(c, cards) == _level(chosen.passcode, cards)]
    stand_where = (where, where_position)
    if trap_monster:
        # the Trap Monster Set, activated first (it Special Summons itself); the baseline a vanilla monster face-up
        # in its place, no activation (the deciding condition: that the card chosen is a Trap Monster)
        where, where_position = "szone", "facedown"
        stand_where, baseline_codes = ("mzone", "faceup_attack"), [FILLER_MONSTER]
    unsummoned = NOT_PROPERLY_SUMMONED in chosen.state and where in ("grave", "removed") and \
        "EnableReviveLimit" in (cards.script(chosen.passcode) or "")
    if unsummoned:
        # X not properly Summoned (the ruling's deciding condition): the baseline is X itself, properly Summoned
        baseline_codes = [chosen.passcode]
    if frame.answer == "no" and not baseline_codes:
        raise NotCompiled(f"can_select 'no': 「{source.name}」's text names no card that could stand in for "
                          f"「{chosen.name}」 in a baseline")
    player = 1 if chosen.controller == "opponent" else 0
    # a chosen card without its set codes in the card data (no cards.cdb lists it; those of its series may
    # miss one) may not be what G's archetype filter looks for: not chosen, where the ruling says it is,
    # says nothing (inconclusive)
    unlisted = "IsSetCard" in (cards.script(source.passcode) or "") and not setcodes_complete(cards.data.get(chosen.passcode))
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    variant = 0
    # a last variant with what the effect's text names (its costs and what it fetches: 「混沌の黒魔術師」 …) and
    # the variety filler in the piles, where the first two leave the activation unoffered
    named = [c for c in refs if c in cards.data]
    # "filtered" (after the others): the filler plus what the chooser's script filters look for (its cost, the
    # monster it needs on the field: filtered_cards), and a second copy of the chosen card and of the stand-in
    # where they are not on the field (「同名モンスター２体」)
    source_script = cards.script(source.passcode) or ""
    filtered = filtered_cards([source_script], source.passcode, cards)
    # "filtered piles" (last): two of each filter's cards in the chooser's piles, one banished, none on the field
    piled = piled_cards([source_script], source.passcode, cards)
    # "bare" (last): the filler without the chooser's controller's monsters, where its script asks for an empty field
    # (「自分フィールドにモンスターが存在しない場合」)
    bare = bool(BARE_NEEDS.search(source_script))
    # a Gemini monster's effect needs it Gemini Summoned (Gemini.EffectStatusCondition): on the field, its second
    # Normal Summon first, in the baseline too (what the effect needs, not the deciding condition)
    gemini = kind in ("monster", "pendulum") and "Gemini.EffectStatusCondition" in source_script
    # a chooser that looks for a card like the one chosen (苦渋の黙札: the same original Level, Type and Attribute,
    # another name) finds one in its Deck, for the chosen card and each stand-in alike
    twins = [SetupCard(ref=f"tw{i}", code=code, player=0, location="deck")
             for i, code in enumerate(twin_cards([chosen.passcode, *baseline_codes], cards))
             ] if TWIN_NEEDS.search(source_script) else []
    for filler in (False, True, *(("named", "named on the field") if named else ()), *(("filtered",) if filtered else ()),
                   *(("filtered piles",) if piled else ()), *(("bare",) if bare else ())):
        for location, position in dict.fromkeys(places):
            variant += 1
            qsetup = SetupCard(ref=source.ref, code=source.passcode, player=0, location=location, position=position,
                               name=source.name)
            target = SetupCard(ref=chosen.ref, code=chosen.passcode, player=player, location=where, position=where_position,
                               name=chosen.name)
            extra = (_filler(0, "f0") + _filler(1, "f1") if filler else []) + twins
            if filler == "bare":
                extra = [c for c in extra if not (c.player == 0 and c.location == "mzone")]
            # the monster the effect summons with the chosen materials (「Y」を融合召喚する際に), in the Extra Deck
            extra += [SetupCard(ref=c.ref, code=c.passcode, player=0, location="extra", name=c.name) for c in frame.cards
                      if c.location == "extra" and c.ref not in (source.ref, chosen.ref) and c.passcode in cards.data]
            extra += _named_variant_cards(filler, named, cards)
            twice = filler == "filtered" and where in ("deck", "grave", "hand", "removed", "extra")
            if filler == "filtered":
                extra += filtered + ([SetupCard(**{**target.__dict__, "ref": f"{chosen.ref}-2"})] if twice else [])
            if filler == "filtered piles":
                extra += piled
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            label = _where(location, filler) + f", chosen from {where}" + (", after its Normal Summon" if by_summon else "")
            prelude = [Step(action="summon", card=source.ref, select=["f0-m1", "f0-m2"] if filler else [], answer=True),
                       *_negation_window()] if by_summon else []
            if revived:
                reviver, prelude = revive_steps(source.ref, 0)
                extra.append(reviver)
                label += ", after its Special Summon by 「死者蘇生」"
            if buried:
                burier, prelude = burial_steps(source.ref, 0, cards)
                extra.append(burier)
                label += ", after 「おろかな埋葬」 sent it from the Deck"
            if destroyed:
                extra.append(SetupCard(ref="dh0", code=EFFECT_DESTROYER, player=0, location="hand"))
                prelude = [Step(action="activate", card="dh0", answer=True)]
                label += ", after 「ブラック・ホール」 destroyed it"
            if battled or won:
                extra.append(SetupCard(ref="bf", code=battle_foe, player=1, location="mzone", position="faceup_attack"))
                prelude = [Step(action="phase", phase="battle"), Step(action="attack", card=source.ref, target=["bf"],
                                                                       answer=True)]
                label += ", after it destroyed a weaker monster by battle" if won else \
                    ", after a stronger monster destroyed it by battle"
            if gemini and location == "mzone":
                prelude = [Step(action="summon", card=source.ref, answer=True), *_negation_window()]
                label += ", after its Gemini Summon"
            # (a trigger of its being sent: asked once it moved, not in the window of the stand-in's activation)
            # (of its win: once its victim moved)
            asked = {"action": "chain", "after": ["bf" if won else source.ref]} if buried or battled or won else \
                {"action": "activate"}
            step = Step(**asked, card=source.ref, effect=effect, select=[chosen.ref], answer=True,
                        expect={"offered": True, "selectable": {chosen.ref: frame.answer == "yes"}})
            activated = [Step(action="activate", card=chosen.ref, answer=True)] if trap_monster else []
            ruling_scenario = _scenario(ruling, base, frame, [qsetup, target, *extra], [*activated, *prelude, step],
                                        label + (", after the Trap Monster's activation" if trap_monster else ""),
                                        no_setcodes=unlisted)
            for n, code in enumerate(baseline_codes):
                # each stand-in a baseline of its own: the first the effect offers to choose decides
                stand = SetupCard(ref="t0", code=code, player=player, location=stand_where[0], position=stand_where[1],
                                  properly_summoned=unsummoned)
                if cards.kind(stand.code) == "extra" and where == "deck":
                    stand.location = "extra"
                b_step = Step(**asked, card=source.ref, effect=effect, select=["t0"], answer=True,
                              expect={"offered": True, "selectable": {"t0": True}})
                mine = [c for c in extra if c.ref != f"{chosen.ref}-2"] + (
                    [SetupCard(**{**stand.__dict__, "ref": "t0-2"})] if twice else [])
                scenarios.append(_scenario(ruling, base + "-baseline" + (f"-{n + 1}" if n else ""), frame,
                                           [qsetup, stand, *mine], [*prelude, b_step], label, control_of=ruling_scenario))
            scenarios.append(ruling_scenario)
    return scenarios


def _named_variant_cards(filler, named: list[int], cards: CardSource) -> list[SetupCard]:
    """What a can_select variant adds for the cards the effect's text names: in the piles ("named"), and
    also face-up on the field ("named on the field")."""
    extra: list[SetupCard] = []
    if filler in ("named", "named on the field"):
        extra += _named_cards(named, 0, "f0-n", cards) + variety_filler(0, "f0", cards) + extra_filler(0, "f0", cards)
    if filler == "named on the field":
        extra += named_on_field(named, 0, "f0-nf", cards)
    return extra


def named_on_field(named: list[int], player: int, tag: str, cards: CardSource, room: int = 2) -> list[SetupCard]:
    """Main Deck monsters among the cards an effect's text names, face-up on its controller's field (what a cost
    that banishes or releases 「A」 monsters from the field, or a condition that asks for one, needs)."""
    monsters = [c for c in named if cards.kind(c) in ("monster", "pendulum")][:room]
    return [SetupCard(ref=f"{tag}{i}", code=code, player=player, location="mzone", position="faceup_attack")
            for i, code in enumerate(monsters)]


def _compile_select_itself(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_select where G's effect would choose G itself (「G」の効果で…として、「G」自身を選べますか): G activated
    where its type allows (with the filler, then the cards its text names), G among the choices of the
    activation. A "no" (「効果を発動した「G」自身を選択する事はできません」) is compiled where G waits on the field: its
    baseline adds a second copy of G beside it, chosen by the first (what differs is only that the card chosen is
    the one whose effect chooses); elsewhere no baseline can put another card in its place."""
    q = frame.question
    source = next(c for c in frame.cards if c.ref == q.card)
    if frame.answer != "yes" and cards.kind(source.passcode) not in ("monster", "pendulum", "extra"):
        raise NotCompiled("can_select of the effect's own card 'no': no baseline can put another card in its place")
    kind = cards.kind(source.passcode)
    activation = kind not in ("monster", "pendulum", "extra")
    effect = effect_index(frame, source.passcode, cards, activation)
    places = _question_places(kind, source, Frame(question=FrameQuestion(kind="can_activate", text="" if activation
                                                                          else q.text, effect_kind=q.effect_kind)))
    if open_state_effects(cards.script(source.passcode) or "", effect) is False:
        raise NotCompiled(f"「{source.name}」's effect is a trigger (its script has no Ignition/Quick/activation type "
                          f"for it): the event that triggers it is not in the frame")
    refs = [c for c in referenced_cards(cards.texts.get(source.passcode, ""), source.passcode)]
    cards.ensure(refs)
    named = [c for c in refs if c in cards.data]
    if frame.answer != "yes":
        places = [p for p in places if p[0] == "mzone"]
        if not places:
            raise NotCompiled("can_select of the effect's own card 'no' away from the Monster Zone: no baseline can put "
                              "another card in its place")
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    variant = 0
    for filler in (True, *(("named", "named on the field") if named else ())):
        for location, position in dict.fromkeys(places):
            variant += 1
            qsetup = SetupCard(ref=source.ref, code=source.passcode, player=0, location=location, position=position,
                               name=source.name)
            extra = _filler(0, "f0") + _filler(1, "f1")
            extra += _named_variant_cards(filler, named, cards)
            step = Step(action="activate", card=source.ref, effect=effect, select=[source.ref], answer=True,
                        expect={"offered": True, "selectable": {source.ref: frame.answer == "yes"}})
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            ruling_scenario = _scenario(ruling, base, frame, [qsetup, *extra], [step],
                                        _where(location, filler) + ", itself among the choices")
            if frame.answer != "yes":
                # the baseline: a second copy of G face-up beside it, which G's effect chooses
                copy = SetupCard(ref="t0", code=source.passcode, player=0, location=location, position=position,
                                 name=source.name)
                b_step = Step(action="activate", card=source.ref, effect=effect, select=["t0"], answer=True,
                              expect={"offered": True, "selectable": {"t0": True}})
                scenarios.append(_scenario(ruling, base + "-baseline", frame, [qsetup, copy, *extra], [b_step],
                                           _where(location, filler) + ", a second copy of it among the choices",
                                           control_of=ruling_scenario))
            scenarios.append(ruling_scenario)
    return scenarios


_CHOSEN_PLACE = {"デッキ": "deck", "墓地": "grave", "手札": "hand", "エクストラデッキ": "extra", "EXデッキ": "extra"}


def chosen_from(text: str, verb: str, last: bool = False) -> str | None:
    """Where an effect's text looks for the card it banishes or equips (「自分の墓地から…を除外し」「デッキから…を
    装備する」): the first place said before the verb in its sentence (`last`: the last one, the nearest the verb:
    「手札の…を墓地へ送り、…自分の墓地の…を対象として」); None when none is (the field)."""
    for sentence in re.split(r"[。]", text):
        at = sentence.find(verb)
        if verb == "装備" and (said := re.search(r"装備(?:する|し|させ)", sentence)):
            at = said.start()  # (the verb, not 装備可能 / 装備魔法カード before it)
        if at < 0:
            continue
        found = re.findall(r"(エクストラデッキ|EXデッキ|デッキ|墓地|手札)(?:・[^かのに]{1,4})*(?:から|の|に存在する)", sentence[:at])
        return _CHOSEN_PLACE[found[-1 if last else 0]] if found else None
    return None


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
    described = frame
    frame = with_described_cards(frame, cards)
    played = played_activations(frame, cards)
    if len(played.steps) == 1 and not played.deciding:
        raise NotCompiled("applied: no deciding condition besides the effect's own activation (no later activation, "
                          "no situation card): no baseline can remove it")
    # a target that leaves before the activation resolves, whose side the ruling does not say: the other
    # player's, then the activator's (each a legal target or not: the step shows it)
    unsided = [t for e in frame.events if e.action == "activate" for t in e.targets
               if t in played.vanished.values() and not next(c for c in frame.cards if c.ref == t).controller]
    sides = [played] + ([played_activations(frame, cards, target_player=0)] if unsided else [])
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    # (a third board where the first activation's card looks for what its text names or its filters pass)
    variants = [(p, filler, "") for p in sides for filler in (False, True, "named")
                if filler != "named" or named_filler(p, cards)]
    # (last, a target the ruling only describes as a card its filters take: a 「BF」 Tuner for 「対象のチューナー」)
    variants += [(p, filler, label) for one in sides for p, label in _filtered_targets(one, described, cards)
                 for filler in (True, "named")]
    # (last, the "filtered piles" board: what the first activation's cost or condition looks for in the piles, 「自分の
    # 墓地から…を除外し」)
    variants += [(p, "piled", "") for p in sides if piled_filler(p, cards)]
    for variant, (one, filler, label) in enumerate(variants, 1):
        extra, run = _with_filler(one, filler, cards)
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        where = "first activation" + (" + filler" if filler else "") + (" + named" if filler == "named" else "") + (
            " + filtered piles" if filler == "piled" else "") + (
            f", target on player {next(p.player for p in one.placed if p.ref == unsided[0])}'s side" if unsided else "") + label
        ruling_scenario = _scenario(ruling, base, frame, [*one.placed, *one.deciding, *extra], [*one.prelude, *run], where)
        ruling_scenario.notes["applied"] = {subject: applied}
        ruling_scenario.title += f" — the processing of {subject}'s effect is {'' if applied else 'not '}applied"
        baseline = _scenario(ruling, base + "-baseline", frame, [*one.placed, *extra], [*one.prelude, *run[:1]], where,
                             control_of=ruling_scenario)
        baseline.notes["applied"] = {subject: True}
        if first.effect_text:
            # (what the asked effect does: a resolution doing none of it is another effect's or mode's)
            for s in (ruling_scenario, baseline):
                s.notes["processing"] = first.effect_text
        if one.vanished:
            # the stand-in removal that takes the card away (the deciding condition, absent from the baseline)
            for s in (ruling_scenario, baseline):
                s.notes["vanished"] = dict(one.vanished)
            ruling_scenario.notes["stand_in"] = ", ".join(
                f"{next(p.code for p in one.placed if p.ref == ref)} ({ref}) takes {gone} away before {subject} resolves"
                for ref, gone in one.vanished.items())
        scenarios += [baseline, ruling_scenario]
    return scenarios


def _filtered_targets(played: Played, described: Frame, cards: CardSource) -> list[tuple[Played, str]]:
    """The title's activations with each target the ruling only describes (「対象のモンスター」: picked by its traits
    alone) replaced by a card that also passes the first activation's script's filters (filtered_described), one
    board per such card; none where no target is described or the filters take the picked card's kind only."""
    first = played.placed[0]
    script = cards.script(first.code) or ""
    targets = {t for st in played.steps[:1] for t in st.target}
    out: list[tuple[Played, str]] = []
    for card in described.cards:
        placed = next((p for p in played.placed if p.ref == card.ref), None)
        if not card.described or card.passcode is not None or placed is None or card.ref not in targets:
            continue
        for code in filtered_described(script, card, placed.code, placed.location, cards, exclude={first.code})[:2]:
            swapped = [SetupCard(**{**p.__dict__, "code": code, "name": ""}) if p.ref == card.ref else p
                       for p in played.placed]
            out.append((dataclasses.replace(played, placed=swapped),
                        f", the described {card.ref} a card its filters take ({code})"))
    return out


def compile_moved_into(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A what-happens question whose answer says whether the resolution of the title's first activation Special
    Summons a monster (frame.summons) or adds a card to the hand (frame.to_hand): the set-up and baseline of
    compile_applied (the title's activations played in order; the baseline the first one alone, which must show
    it), checked for a card moved into that zone while that link resolved (verdicts.moved_into_seen) rather than
    for anything at all: an effect whose other parts still apply (a Release, a change of position) is judged by
    that move alone."""
    note, said = ("summons", frame.summons) if frame.summons else ("to_hand", frame.to_hand)
    if len(said) != 1:
        raise NotCompiled(f"the answer says of {len(said)} cards whether their effect does it ({note}; one is compiled)")
    (subject, happens), = said.items()
    try:
        scenarios = compile_applied(ruling, frame.model_copy(update={"applied": {subject: happens}, note: {}}), cards)
    except NotCompiled as exc:
        raise NotCompiled(str(exc).replace("applied: ", f"{note}: ", 1)) from None
    for s in scenarios:
        s.notes[note] = {subject: s.notes.pop("applied")[subject]}
        s.title = s.title.split(" — the processing of ")[0] + (
            "" if s.kind == "control" else f" — {subject}'s effect does {'' if happens else 'not '}"
                                           f"{MOVED_INTO[note][1]}")
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
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True, *(("named",) if named_filler(played, cards) else ())), 1):
        extra, run = _with_filler(played, filler, cards)
        scenario = _scenario(ruling, f"{TEMPLATE}-{_slug(rid)}-v{variant}", frame,
                             [*played.placed, *played.deciding, *extra], [*played.prelude, *run], "outcome on the field" + (
                                 " + filler" if filler else "") + (" + named" if filler == "named" else ""))
        scenario.expect.cards[ref] = {"location": "mzone", **values}
        scenario.notes["stats"] = {ref: values}
        scenario.notes["printed"] = {ref: printed}
        scenarios.append(scenario)
    return scenarios


def _lp_said(frame: Frame, self_player: int) -> list[int | None]:
    """The answer's LP changes (frame.lp: self / opponent) by scenario player, None where it says none."""
    said: list[int | None] = [None, None]
    for who, change in frame.lp.items():
        said[self_player if who == "self" else 1 - self_player] = change
    return said


def _damaged_said(frame: Frame, self_player: int) -> list[bool | None]:
    """The answer's players said to take damage (True) or none (False), the amount unsaid (frame.damaged), by
    scenario player, None where it says neither."""
    said: list[bool | None] = [None, None]
    for who, takes in frame.damaged.items():
        said[self_player if who == "self" else 1 - self_player] = takes
    return said


def _with_lp(scenario: Scenario, said: list[int | None], damaged: list[bool | None] | None = None) -> Scenario:
    """The LP outcome on a scenario: its notes (what the verdict compares with the duel's damage and recovery, LP
    costs aside) and, where the answer gives both players', the final LP (`expect.lp`, from the set-up's); players
    said to take damage, or none, without an amount (`notes.damaged`)."""
    scenario.notes["lp"] = list(said)
    if None not in said:
        scenario.expect.lp = [lp + change for lp, change in zip(scenario.setup.lp, said)]
    told = [f"player {p} {c:+d}" for p, c in enumerate(said) if c is not None]
    if damaged and any(d is not None for d in damaged):
        scenario.notes["damaged"] = list(damaged)
        told += [f"player {p} {'takes damage' if d else 'takes no damage'}" for p, d in enumerate(damaged)
                 if d is not None]
    scenario.title += " — LP " + ", ".join(told)
    return scenario


def compile_lp(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A what-happens question whose answer says how a player's LP changes (frame.lp: 「相手が３０００ダメージを受けます」,
    「…ライフポイントを回復する事になります」): the title's activations played in order (played_activations), or an attack
    the title declares (「自分が「X」で攻撃を宣言した際に相手が「Y」を発動した場合」: X attacks in its controller's Battle
    Phase, its target the ruling's, else directly, each activation after it chained in the window the declaration
    opens; _battle_lp), and the damage and recovery the duel then shows (LP costs aside) compared with the answer's.
    A control without the situation's cards (the deciding condition), else with the first activation (the attack)
    alone, must show some change; a battle the title speaks of but the frame holds no attack of is not compiled."""
    if frame.unread:
        raise NotCompiled(frame.unread[0])
    if any(e.action == "attack" for e in frame.events):
        return _battle_lp(ruling, frame, cards)
    q = frame.question
    if re.search(r"戦闘|攻撃", (q.text if q else "") + (frame.outcome or "")):
        raise NotCompiled("the LP the answer states comes from a battle the frame holds no attack of: not compiled")
    played = played_activations(frame, cards)
    first = next(c for c in frame.cards if c.ref == frame.events[0].card) if frame.events else None
    self_player = 1 if (frame.events and (frame.events[0].actor or (first and first.controller)) == "opponent") else 0
    said = _lp_said(frame, self_player)
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True, *(("named",) if named_filler(played, cards) else ())), 1):
        extra, run = _with_filler(played, filler, cards)
        where = "LP after the title's activations" + (" + filler" if filler else "") + (" + named" if filler == "named" else "")
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        ruling_scenario = _with_lp(_scenario(ruling, base, frame, [*played.placed, *played.deciding, *extra],
                                             [*played.prelude, *run], where), said, _damaged_said(frame, self_player))
        if played.deciding or len(run) > 1:
            # without the situation's cards, else the first activation alone
            control = _scenario(ruling, base + "-baseline", frame, [*played.placed, *extra],
                                [*played.prelude, *(run if played.deciding else run[:1])], where,
                                control_of=ruling_scenario)
            control.notes["lp"] = list(said)
            scenarios.append(control)
        scenarios.append(ruling_scenario)
    return scenarios


def _battle_lp(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """compile_lp's battle: the frame's first event an attack, every later one an activation chained to the
    attack declaration; a battle neither of whose monsters the ruling says attacks (BATTLES_NOTE) is played both
    ways (variants that disagree leave the ruling inconclusive). A monster the ruling puts in an Extra Monster
    Zone (location emzone) starts there."""
    attack, *rest = frame.events
    if attack.action != "attack" or any(e.action != "activate" for e in rest):
        raise NotCompiled("an LP outcome after events other than one attack and the activations it opens: not compiled yet")
    if attack.note == BATTLES_NOTE and (rest or len(attack.targets) != 1):
        raise NotCompiled("a battle neither of whose monsters is said to attack, with other events: not compiled yet")
    _check_cards(frame, cards)
    if attack.note == ATTACKED_NOTE:
        # a named monster attacked by one of the other player's the ruling does not name: a vanilla monster stronger
        # than it attacks it (_battle_foe)
        attacked = next(c for c in frame.cards if c.ref == attack.card)
        code = _battle_foe(_attack(cards, attacked.passcode), False, cards)
        if code is None or attack.targets:
            raise NotCompiled(f"「{attacked.name}」 attacked by a monster the ruling does not name: no vanilla monster "
                              f"stronger than it in the card data in use")
        foe = FrameCard(ref="foe", name=f"a vanilla monster stronger than 「{attacked.name}」", passcode=code,
                        controller="opponent" if attacked.controller == "self" else "self")
        attack = attack.model_copy(update={"card": foe.ref, "targets": [attacked.ref], "note": None})
        frame = frame.model_copy(update={"cards": [*frame.cards, foe], "events": [attack, *rest]})
    by_ref = {c.ref: c for c in frame.cards}
    ways = [(by_ref[attack.card], [by_ref[t] for t in attack.targets])]
    if attack.note == BATTLES_NOTE:
        ways.append((by_ref[attack.targets[0]], [by_ref[attack.card]]))
    scenarios: list[Scenario] = []
    for variant, (attacker, targets) in enumerate(ways, 1):
        scenarios += _battle_lp_way(ruling, frame, cards, attacker, targets, rest, attack.actor, variant)
    if not attack.targets and attack.note != BATTLES_NOTE:
        # a direct attack: a last variant with the monsters the attacker's script's filters pass face-up beside it (what
        # its conditions ask to be on the field: 「極星邪狼フェンリル」 destroys itself without a face-up 「極神」 monster)
        attacker = by_ref[attack.card]
        beside = [SetupCard(**{**c.__dict__, "ref": f"bf{i}"}) for i, c in enumerate(
            c for c in filtered_cards([cards.script(attacker.passcode) or ""], attacker.passcode, cards)
            if c.location == "mzone" and c.player == 0)]
        if beside:
            scenarios += _battle_lp_way(ruling, frame, cards, attacker, [], rest, attack.actor, len(ways) + 1, beside)
    return scenarios


def _battle_lp_way(ruling: Any, frame: Frame, cards: CardSource, attacker: FrameCard, targets: list[FrameCard],
                   rest: list[FrameEvent], actor: str | None, variant: int,
                   beside: list[SetupCard] | None = None) -> list[Scenario]:
    """One way of _battle_lp's battle: `attacker` attacks `targets` (none: directly) in its controller's turn, the
    cards `beside` on its controller's field (in the baseline too)."""
    by_ref = {c.ref: c for c in frame.cards}
    self_player = 1 if (actor or attacker.controller) == "opponent" else 0

    def player_of(card: FrameCard, side: str | None = None) -> int | None:
        side = side or card.controller
        return None if side is None else self_player if side == "self" else 1 - self_player

    def on_field(card: FrameCard, player: int) -> SetupCard:
        position = "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack"
        return SetupCard(ref=card.ref, code=card.passcode, player=player, location="mzone", position=position,
                         name=card.name, sequence=5 if card.location == "emzone" else None)

    placed = [on_field(attacker, 0), *(on_field(t, 1) for t in targets), *(beside or [])]
    steps = [Step(action="phase", phase="battle"), Step(action="attack", card=attacker.ref, target=[t.ref for t in targets],
                                                        answer=True)]
    for e in rest:
        card = by_ref[e.card]
        kind = cards.kind(card.passcode)
        player = player_of(card, e.actor)
        player = 1 if player is None else player
        if kind == "equip" or any(p.ref == card.ref for p in placed):
            raise NotCompiled(f"「{card.name}」 activated at the attack: an Equip Spell or a card already placed, not compiled")
        location, position = _event_place(kind, card, "activate", numbered_effect_text(cards.texts.get(card.passcode, ""),
                                                                                      e.effect))
        if location == "hand" and kind in ("spell", "continuous", "field") and player != 0:
            location, position = "szone", "facedown"  # a Spell activated in the other player's turn: Set
        placed.append(SetupCard(ref=card.ref, code=card.passcode, player=player, location=location, position=position,
                                name=card.name))
        steps.append(Step(action="chain", card=card.ref, effect=_event_effect(e, card.passcode, cards), answer=True,
                          target=list(e.targets)))
    situation = [c for c in frame.cards if not any(p.ref == c.ref for p in placed)
                 and any(s in c.state for s in ("applied", "present"))]
    deciding = [_situation_card(c, cards, 1 if player_of(c) is None else player_of(c)) for c in situation]
    # a Pendulum Zone card the situation has applying: a Normal Pendulum Monster in its controller's other Pendulum
    # Zone (a card there keeps 「EMモモンカーペット」 from destroying itself; the control has neither)
    zoned = [c for c in deciding if c.location == "pzone"]
    cards.ensure([PENDULUM_SCALES[1]])
    if len(zoned) == 1 and PENDULUM_SCALES[1] in cards.data and cards.script(PENDULUM_SCALES[1]) is not None:
        # (both Pendulum Zones by number: the Spell & Trap Zones they share are then left to the other cards)
        deciding = [SetupCard(**{**c.__dict__, "sequence": 0}) if c is zoned[0] else c for c in deciding]
        placed.append(SetupCard(ref="ps0", code=PENDULUM_SCALES[1], player=zoned[0].player, location="pzone", sequence=1))
    said = _lp_said(frame, self_player)
    base = f"{TEMPLATE}-{_slug(_ruling_id(ruling))}-v{variant}"
    where = f"LP after {attacker.ref}'s " + ("attack on " + ", ".join(t.ref for t in targets) if targets else
                                             "direct attack") + (" and the activations it opens" if rest else "")
    ruling_scenario = _with_lp(_scenario(ruling, base, frame, [*placed, *deciding], steps, where), said,
                               _damaged_said(frame, self_player))
    scenarios = []
    if deciding or rest:
        # without the situation's cards, else the attack alone
        control = _scenario(ruling, base + "-baseline", frame, placed if deciding else placed[:1 + len(targets) + len(beside or [])],
                            steps if deciding else steps[:2], where, control_of=ruling_scenario)
        control.setup.cards = [c for c in control.setup.cards if not c.ref.startswith("ps")]  # (its partner too)
        control.notes["lp"] = list(said)
        scenarios.append(control)
    return [*scenarios, ruling_scenario]


# ------------------------------------------------------------------ applies: is an effect activated (a trigger)


def compile_triggered(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """An applies question 「…場合、「B」の効果は発動しますか」 answered yes or no: the title's activations
    played in order with B on the field (where its type puts it, or where the ruling says), then B's effect
    activated if the engine offers it (a mandatory one the engine activates by itself); the verdict is
    whether a chain link of B appears once the activations resolved. The baseline plays the same without
    the situation's cards (the deciding condition) and must show B activating; a "no" counts only beside it."""
    q = frame.question
    _require_yes_or_no(frame)
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
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        extra, run = _with_filler(played, filler, cards)
        run = [*played.prelude, *run, Step(action="activate", card=q.card, effect=effect, answer=True)]
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
        parts = {CIRCLED.index(p[0]) + 1: p for p in re.split(r"(?=[①-⑩][：:])", text) if p and p[0] in CIRCLED}
        summoning = [n for n, p in parts.items() if "特殊召喚" in p]
        if len(summoning) > 1 and (q.text or "").startswith("自身をリリースして"):
            # 自身をリリースして発動した「G」の効果: the one whose cost releases G itself
            summoning = [n for n in summoning if "このカードをリリースして" in parts[n]]
        if len(summoning) == 1:
            q = q.model_copy(update={"effect": summoning[0]})
    summoning = numbered_effect_text(text, q.effect)
    if chosen.location is None and cards.kind(chosen.passcode) == "extra" and re.search(
            r"墓地(?:・|から|の)[^。]*特殊召喚", summoning) and not re.search(r"(?:エクストラ|EX)デッキ", summoning):
        # an Extra Deck monster an effect summons from the hand or the Graveyard (「自分の手札・墓地から…特殊召喚する」):
        # from the Graveyard, the one of those places it can be in
        chosen = chosen.model_copy(update={"location": "grave"})
    if chosen.location is None:
        chosen = chosen.model_copy(update={"location": "extra" if cards.kind(chosen.passcode) == "extra" else (
            summon_source(summoning) or "hand")})
    cards_list = [chosen if c.ref == chosen.ref else c for c in cards_list]
    if chosen not in cards_list:
        cards_list.append(chosen)
    asked = frame.model_copy(update={"cards": cards_list, "question": q.model_copy(update={"targets": [chosen.ref]})})
    return _compile_select(ruling, asked, cards, fallback=similar_cards(chosen.passcode, cards))


# ------------------------------------------------------------------ events that befall a card: battle, destruction


# the question asked in a later window of an attack than its declaration: the chain window of that step
BATTLE_WINDOWS = {"damage calculation of an attack": "damage_calculation",
                  "damage calculation of a direct attack": "damage_calculation",
                  "damage step start of an attack": "damage_step_start",
                  "damage step end of an attack": "damage_step_end"}
# (the attacker and its victim, of the same ATK, destroy each other)
MUTUAL_DESTRUCTION = "destroys by battle, both destroyed"
CAUSED_NOTES = ("by battle", "by an effect", "by a Spell's effect", "by battle or an effect", "destroys by battle",
                MUTUAL_DESTRUCTION, "declares an attack", "declares a direct attack", *BATTLE_WINDOWS)
# whose attack a response is for, by the responding card's text
# a script filter comparing a card's Level with one computed in play (c:IsLevel(lv), the Levels of a group added up)
COMPUTED_LEVEL = re.compile(r"IsLevel\(\s*[a-z_]\w*\s*\)|GetSum\(\s*Card\.Get(?:Original)?Level\s*\)")


def _level(code: int, cards: CardSource) -> int:
    return int(cards.data.get(code, {}).get("level") or 0) & 255


_THEIR_ATTACK = re.compile(r"相手(?:フィールドの|の)?モンスター(?:が|の)(?:直接)?攻撃(?:を)?宣言|"
                           r"相手モンスターの攻撃宣言時|相手の直接攻撃宣言時")
_OWN_ATTACK = re.compile(r"自分(?:フィールド)?の[^。]{0,30}?(?:モンスター|」)(?:が|の)[^。]{0,10}?攻撃(?:を)?宣言|自分フィールドの「")


def _attack(cards: CardSource, passcode: int | None) -> int:
    """A monster's printed ATK, -1 for ATK ? (the card data says "?" or a negative number)."""
    value = str(cards.data[passcode].get("attack") or 0).strip()
    return -1 if value == "?" else int(value)


# a trigger of the questioned monster's own battle (its script's EFFECT_TYPE_SINGLE trigger code, own_event_trigger) and
# the event note _compile_after_event plays it by: it destroys a weaker monster, it is destroyed by a stronger one, it
# attacks (its declaration, the Damage Step's start, the Damage Step's end)
OWN_BATTLE_EVENTS = {"battle_destroying": "destroys by battle", "battle_destroyed": "by battle",
                     "attack_announce": "declares an attack", "battle_start": "damage step start of an attack",
                     "damage_step_end": "damage step end of an attack"}


def own_battle_event(frame: Frame, cards: CardSource) -> FrameEvent | None:
    """The battle of its own that a can_activate question's trigger needs where the ruling states no event (「「X」の
    効果を発動できますか」 of 「このカードが戦闘で相手モンスターを破壊した時」): an event of the questioned monster noted as
    OWN_BATTLE_EVENTS says, played before the question in the baseline too (what the effect needs, not the deciding
    condition); None where the asked effect is not such a trigger (by its script) or the frame has events."""
    q = frame.question
    if q is None or q.kind != "can_activate" or frame.events or q.card is None or q.targets:
        return None
    qcard = next(c for c in frame.cards if c.ref == q.card)
    cards.ensure([qcard.passcode] if qcard.passcode else [])
    if qcard.passcode not in cards.data or cards.kind(qcard.passcode) not in ("monster", "pendulum", "extra") or \
            qcard.location not in (None, "mzone", "field") or q.effect_kind == "pendulum":
        return None
    try:
        effect = effect_index(frame, qcard.passcode, cards, activation=False)
    except NotCompiled:
        return None
    script = cards.script(qcard.passcode) or ""
    notes = [note for event, note in OWN_BATTLE_EVENTS.items()
             if effect is not None and own_event_trigger(script, event) == effect]
    if len(notes) != 1:
        return None
    return FrameEvent(action="destroy" if notes[0] == "by battle" else "attack", card=q.card, note=notes[0])


def _compile_after_event(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_activate after an event that befalls a card (FrameEvent.note: its cause), played before the
    question: a monster destroyed by battle attacks a stronger vanilla monster; one that wins a battle
    attacks its victim (the ruling's, else a weaker vanilla monster); one destroyed by a card effect is
    destroyed by a stand-in (「ブラック・ホール」, activated by the opponent unless the ruling says "your").
    The questioned effect is then asked as a response to that event (a trigger, or a card activated in
    the chain window it opens). The baseline removes the deciding condition (the situation's cards, the
    destroyed card's position): a "cannot" without one is not compiled."""
    q = frame.question
    # (an applies question whether a trigger is activated: 「…場合、効果は発動しますか」; not one whether an effect
    # that is not activated applies: 「…効果を適用できますか」)
    if q.kind != "can_activate" and not (q.kind == "applies" and re.search(r"発動(?:し|され)ますか$", q.text or "")):
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
    # (the card whose effect gave the victim to the player who does not own it: the set-up places it there)
    takers = [c for c in frame.cards if c.state == [CONTROL_TAKER]]
    others = [c for c in frame.cards if c.ref not in (q.card, event.card, *event.targets) and c not in situation
              and c not in takers]
    if others:
        raise NotCompiled(f"what 「{others[0].name}」 does around {event.action} {event.note} is not read")
    if takers and (frame.answer != "yes" or not victim.owner):
        raise NotCompiled(f"「{takers[0].name}」's effect that moved 「{victim.name}」's control is not played (only its "
                          f"owner is set up): a 'cannot' may come from what else that effect does")
    if event.note in ("declares an attack", "declares a direct attack", *BATTLE_WINDOWS):
        return _compile_attack_declared(ruling, frame, cards, event, victim, qcard, situation)
    position = "facedown_defense" if (victim.position or "").startswith("facedown") else (
        "faceup_defense" if victim.position in ("faceup_defense", "defense") else "faceup_attack")
    deciding_position = position != "faceup_attack"
    # a victim the ruling describes (「X」が戦闘で相手のペンデュラムモンスターを破壊した): what it is decides
    described_victim = event.note in ("destroys by battle", MUTUAL_DESTRUCTION) and any(
        by_ref[t].described for t in event.targets)
    if frame.answer == "no" and not situation and not deciding_position and not victim.owner and not described_victim:
        raise NotCompiled(f"a 'cannot' after {event.action} {event.note} whose frame names no deciding condition "
                          f"(a situation card, the card's position, its owner): no baseline can remove it")
    # players: the questioned card's controller is 0; the destroyed card is 0's unless the ruling says
    # "the opponent's"; by battle its controller attacks (its turn); by an effect the destroyer is the
    # opponent's (its turn) unless the ruling says "your"
    owner = 1 if victim.controller == "opponent" and (victim.ref != q.card or victim.owner) else 0
    # a card the other player owns (元々の持ち主が相手の「X」が自分フィールドにて…): its owner is a deciding
    # condition the baseline removes (_event_variants: the mover owned by its controller there)
    card_owner = None if not victim.owner else (0 if victim.owner == "self" else 1)
    if card_owner == owner:
        raise NotCompiled(f"「{victim.name}」 is said to be controlled by its owner's opponent, but both are one player")
    atk = _attack(cards, victim.passcode)
    mutual = event.note == MUTUAL_DESTRUCTION
    battle = event.note in ("by battle", "destroys by battle", MUTUAL_DESTRUCTION) or (
        event.note == "by battle or an effect" and position == "faceup_attack")
    stand_in_note = ""
    if battle and position != "faceup_attack":
        raise NotCompiled(f"「{victim.name}」 destroyed by battle in {position}: an attack on it is not compiled")
    if battle and atk < 0:
        raise NotCompiled(f"「{victim.name}」 has ATK ?: the battle's outcome is not known")
    foe: list[SetupCard] = []
    baseline_foe: list[SetupCard] | None = None
    if battle:
        turn_player = owner
        wins = event.note in ("destroys by battle", MUTUAL_DESTRUCTION)
        if mutual and not (event.targets and by_ref[event.targets[0]].described):
            raise NotCompiled(f"「{victim.name}」 destroys a monster by battle and is destroyed: its foe is not described")
        if wins and event.targets:
            target = by_ref[event.targets[0]]
            if target.described:
                target, baseline_foe = _described_victim(target, atk, cards, same=mutual)
            if cards.kind(target.passcode) not in ("monster", "pendulum", "extra"):
                raise NotCompiled(f"「{target.name}」 is not a monster")
            if _attack(cards, target.passcode) >= atk and not mutual:
                raise NotCompiled(f"「{victim.name}」 (ATK {atk}) does not beat 「{target.name}」 in an attack on it "
                                  f"in Attack Position: that battle is not compiled")
            foe = [SetupCard(ref=target.ref, code=target.passcode, player=1 - owner, location="mzone",
                             position="faceup_attack", name=target.name)]
            if baseline_foe is not None:
                baseline_foe = [SetupCard(**{**foe[0].__dict__, "code": baseline_foe[0].code, "name": None})]
                stand_in_note = (f"a monster of the ruling's description ({target.passcode}) is the one destroyed; in the "
                                 f"baseline a vanilla monster ({baseline_foe[0].code})") if not mutual else (
                    f"a monster of the ruling's description with the same ATK ({target.passcode}) destroys it and is "
                    f"destroyed; in the baseline one of the description with less ATK ({baseline_foe[0].code}), destroyed alone")
        else:
            code = _battle_foe(atk, wins, cards)
            if code is None:
                raise NotCompiled(f"no vanilla monster in the card data {'loses' if wins else 'wins'} a battle against "
                                  f"「{victim.name}」 (ATK {atk})")
            foe = [SetupCard(ref="bf", code=code, player=1 - owner, location="mzone", position="faceup_attack")]
            stand_in_note = f"a vanilla monster ({code}) is the other side of the battle"
        before = [Step(action="phase", phase="battle"), Step(action="attack", card=victim.ref, target=[foe[0].ref],
                                                              answer=True)]
        if card_owner is not None and not wins:
            # a monster controlled by the player who does not own it is not offered an attack in a duel set up
            # with it there: the stronger monster attacks it instead, in its controller's turn
            turn_player = 1 - owner
            before = [Step(action="phase", phase="battle"), Step(action="attack", card=foe[0].ref, target=[victim.ref],
                                                                  answer=True)]
    else:
        destroyer_side = owner if event.actor == "self" else 1 - owner
        turn_player = destroyer_side
        cards.ensure([EFFECT_DESTROYER])
        if EFFECT_DESTROYER not in cards.data or cards.script(EFFECT_DESTROYER) is None:
            raise NotCompiled("the stand-in destroyer (「ブラック・ホール」) is not in the card data and scripts in use")
        foe = [SetupCard(ref="bd", code=EFFECT_DESTROYER, player=destroyer_side, location="hand")]
        before = [Step(action="activate", card="bd", answer=True)]
        # (a Spell: it stands in for a Spell's effect too, 魔法カードの効果で破壊された)
        stand_in_note = "「ブラック・ホール」 stands in for the card effect that " + (
            "sends it from the field to the Graveyard (by destroying it)" if event.action == "send_to_grave" else "destroys it")
    # (both destroyed: the question waits for the foe, which leaves the field in the baseline too)
    destroyed = foe[0].ref if battle and wins else victim.ref
    qkind = cards.kind(qcard.passcode)
    if qcard.ref == victim.ref and q.effect is None and not q.effect_text and not (battle and wins):
        # 「X」が…墓地へ送られた場合、効果を発動できますか: X's effect that this event triggers (the one its text says)
        own = own_event_effect(cards.texts.get(qcard.passcode, ""), event.action)
        if own is not None:
            frame = frame.model_copy(update={"question": q.model_copy(update={"effect": own})})
    activation = qkind not in ("monster", "pendulum", "extra")
    if battle and wins and qcard.ref == victim.ref:
        effect = _battle_win_effect(frame, event, qcard, cards)
    else:
        try:
            effect = effect_index(frame, qcard.passcode, cards, activation=activation)
        except NotCompiled:
            # a script that describes none of its effects (no SetDescription for them), with one trigger and no Quick
            # effect: in the chain window after the event, the card's one option is that trigger; a Spell/Trap's ①
            # (its activation, which its script does not describe): the card activated
            script = cards.script(qcard.passcode) or ""
            own_trigger = qcard.ref == victim.ref and frame.question.effect is not None and \
                len(re.findall(r"SetType\([^)]*EFFECT_TYPE_TRIGGER", script)) == 1 and "EFFECT_TYPE_QUICK" not in script
            if not own_trigger and not (activation and frame.question.effect == 1):
                raise
            effect = None
    if qcard.ref == victim.ref and q.effect is None and not q.effect_text and not (battle and wins):
        # (the trigger of that event as the script registers it, where its option texts are not in the text's order)
        scripted = own_event_trigger(cards.script(qcard.passcode) or "", event.action)
        effect = effect if scripted is None else scripted
    if qcard.ref == victim.ref:
        qplaces: list[tuple[str | None, str | None]] = [(None, None)]
    else:
        qplaces = _question_places(qkind, qcard, frame)
        if turn_player != 0:
            # in the other player's turn a Spell is activated from the field (Set), not from the hand
            qplaces = [("szone", "facedown") if (loc == "hand" and qkind in ("spell", "continuous", "field")) else (loc, pos)
                       for loc, pos in qplaces]
    placed_victim = SetupCard(ref=victim.ref, code=victim.passcode, player=owner, location="mzone", position=position,
                              name=victim.name, owner=card_owner)
    deciding = [_situation_card(c, cards, 0 if c.controller == "self" else 1) for c in situation]
    own = "after its own " + ("battle" if battle else "destruction")
    if takers:
        stand_in_note = "; ".join(filter(None, [stand_in_note, f"「{victim.name}」 is set up on the field of the player who "
                                                 f"does not own it, where 「{takers[0].name}」's effect put it (not played)"]))
    return _event_variants(ruling, frame, cards, event, placed_victim, foe, before, deciding, qcard, qplaces, effect,
                           [destroyed], turn_player, own, "", not battle and deciding_position, stand_in_note,
                           baseline_foe=baseline_foe, both_leave=(victim.ref,) if mutual else (),
                           keep_owner=bool(takers), foe_field=battle)


def _described_victim(target: FrameCard, atk: int, cards: CardSource, same: bool = False) -> tuple[FrameCard, list[SetupCard]]:
    """The monster of the ruling's description a monster of ATK `atk` destroys by battle (one with the described
    traits and less ATK), and the baseline's vanilla monster it loses to instead (one without those traits): what
    the beaten monster is is the deciding condition. `same`: the two destroy each other (the described monster has
    ATK `atk`), the baseline's a monster of the description with less ATK (both destroyed is what decides)."""
    bound = [f"atk<={atk}", f"atk>={atk}"] if same else [f"atk<={atk - 1}"]
    picked = pick_described(target.model_copy(update={"described": [*target.described, *bound], "passcode": None}), cards)
    if not picked:
        raise NotCompiled(f"no card in the card data and scripts in use has the traits of 「{target.name}」 "
                          f"({', '.join(target.described)}) and {'the same' if same else 'less'} ATK than {atk}")
    if same:
        weaker = pick_described(target.model_copy(update={"described": [*target.described, f"atk<={atk - 1}"],
                                                          "passcode": None}), cards)
        if not weaker:
            raise NotCompiled(f"no card of the description of 「{target.name}」 has less ATK than {atk}")
        return target.model_copy(update={"passcode": picked[0]}), [SetupCard(ref="bf", code=weaker[0], player=1,
                                                                           location="mzone", position="faceup_attack")]
    code = _battle_foe(atk, True, cards)
    if code is None or _has_traits(cards.data[code], target.described):
        raise NotCompiled(f"no vanilla monster without the traits of 「{target.name}」 loses a battle against ATK {atk}")
    return target.model_copy(update={"passcode": picked[0]}), [SetupCard(ref="bf", code=code, player=1,
                                                                       location="mzone", position="faceup_attack")]


# a numbered effect that is a trigger of the card's own battle win (このカードが戦闘で相手モンスターを破壊した時/場合)
_BATTLE_WIN_TEXT = re.compile(r"このカードが(?:戦闘で|戦闘によって)(?:相手)?モンスターを破壊")


def _battle_win_effect(frame: Frame, event: FrameEvent, qcard: FrameCard, cards: CardSource) -> int | None:
    """The questioned monster's effect asked after it destroys a monster by battle: the one the ruling names, else
    its one numbered effect that triggers on that (「…戦闘でペンデュラムモンスターを破壊した場合でも、効果を発動
    できますか」); a script without option texts (no SetDescription) whose one battle-win trigger (EVENT_BATTLE_
    DESTROYING) is the only effect it can activate then: any option of the card (None)."""
    q = frame.question
    text = cards.texts.get(qcard.passcode, "")
    if q.effect is None and not q.effect_text:
        winning = [n for n in range(1, 11) if numbered_effect_text(text, n) != text
                   and _BATTLE_WIN_TEXT.search(numbered_effect_text(text, n))]
        if event.note == MUTUAL_DESTRUCTION:
            winning = activated_effects(text)  # (both destroyed: the card's one activated effect, whatever it is)
        if len(winning) == 1:
            frame = frame.model_copy(update={"question": q.model_copy(update={"effect": winning[0]})})
    try:
        return effect_index(frame, qcard.passcode, cards, activation=False)
    except NotCompiled:
        # the script's one trigger of its battle win: its option text, or (none) any option of the card where
        # nothing else of it can be activated in that window (no Quick or Ignition effect)
        script = cards.script(qcard.passcode) or ""
        found = []
        for var in dict.fromkeys(re.findall(r"local\s+(\w+)\s*=\s*Effect\.CreateEffect", script)):
            types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
            if "TRIGGER" in types and re.search(re.escape(var) + r":SetCode\(EVENT_BATTLE_DESTROYING\)", script):
                found.append([int(n) for n in re.findall(_SET_DESC.format(var=re.escape(var)), script)])
        if len(found) != 1 or len(found[0]) > 1 or script.count("EVENT_BATTLE_DESTROYING") != 1 or (
                not found[0] and re.search(r"EFFECT_TYPE_QUICK|EFFECT_TYPE_IGNITION", script)):
            raise
        return found[0][0] if found[0] else None


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
    direct = event.note in ("declares a direct attack", "damage calculation of a direct attack")
    window = BATTLE_WINDOWS.get(event.note or "")
    qkind = cards.kind(qcard.passcode)
    effect = effect_index(frame, qcard.passcode, cards, activation=qkind not in ("monster", "pendulum", "extra"))
    qplaces: list[tuple[str | None, str | None]] = [(None, None)] if qcard.ref == attacker.ref else \
        _question_places(qkind, qcard, frame)
    if owner != 0:
        qplaces = [("szone", "facedown") if (loc == "hand" and qkind in ("spell", "continuous", "field")) else (loc, pos)
                   for loc, pos in qplaces]
    placed_attacker = SetupCard(ref=attacker.ref, code=attacker.passcode, player=owner, location="mzone",
                                position=position, name=attacker.name)
    # the attack's target: the ruling's (named or described), else a vanilla monster
    target = next((c for c in frame.cards if c.ref in event.targets), None)
    foe = [] if direct else [SetupCard(ref=target.ref, code=target.passcode, player=1 - owner, location="mzone",
                                       position=target.position or "faceup_attack", name=target.name) if target else
                             SetupCard(ref="bf", code=FILLER_MONSTER, player=1 - owner, location="mzone",
                                       position="faceup_attack")]
    before = [Step(action="phase", phase="battle"), Step(action="attack", card=attacker.ref, target=[f.ref for f in foe],
                                                          answer=True)]
    deciding = [_situation_card(c, cards, 0 if c.controller == "self" else 1) for c in situation]
    stand_in = "; ".join(n for n in ("a vanilla monster is the attack's target" if foe and not target else
                                     f"a monster of the ruling's description ({target.passcode}) is the attack's target"
                                     if target and target.described else "",
                                     f"a monster of the ruling's description ({attacker.passcode}) is the attacker"
                                     if attacker.described else "") if n)
    return _event_variants(ruling, frame, cards, event, placed_attacker, foe, before, deciding, qcard, qplaces, effect, [],
                           owner, "its own attack", (", direct attack" if direct else ", attack on a monster") + (
                               f", at {window.replace('_', ' ')}" if window else ""), True, stand_in, window=window,
                           each=EACH_COPY in qcard.state)


FOE_FIELD = "foe field"  # _event_variants: filler whose monsters on the field of the side the mover battles stay


def _event_variants(ruling: Any, frame: Frame, cards: CardSource, event: FrameEvent, mover: SetupCard,
                    foe: list[SetupCard], before: list[Step], deciding: list[SetupCard], qcard: FrameCard,
                    qplaces: list[tuple[str | None, str | None]], effect: int | None, after: list[str], turn_player: int,
                    own: str, suffix: str, upright_baseline: bool, stand_in: str,
                    window: str | None = None, baseline_foe: list[SetupCard] | None = None,
                    both_leave: tuple[str, ...] = (), each: bool = False, keep_owner: bool = False,
                    foe_field: bool = False) -> list[Scenario]:
    """The variants of a question asked after an event the steps `before` play on `mover` (bare, then with
    filler off the field: the field is the event's), the questioned card where each of `qplaces` puts it
    (unless it is the mover), asked as a chain step (waiting for the `after` cards to move); each beside a
    baseline without the deciding cards, the mover face-up in Attack Position where `upright_baseline` and
    owned by its controller (where the ruling gives it to the other player: SetupCard.owner), and `baseline_foe` in
    place of `foe` where given (a victim of the ruling's description: a vanilla monster instead). `each` (the ruling
    asks whether each of two copies of the questioned card is activated in one chain, EACH_COPY): in the ruling's
    duel a second copy beside it is activated first, in the event's window, and the question asked in the chain
    window after it; the baseline, without that copy, asks of the one copy alone. With `keep_owner` (a "yes" whose
    mover a named effect gave to the other player: nothing to remove) the baseline keeps its owner too. With
    `foe_field` (a battle: the attack names its target) last variants whose filler keeps the monsters of the side
    the mover battles, for an effect that counts or takes them (「相手フィールドのモンスターの数まで」 X Materials
    detached: the battle's victim alone leaves that field empty)."""
    refs = referenced_cards(cards.texts.get(qcard.passcode, ""), qcard.passcode)
    cards.ensure(refs)
    named = _named_cards(refs, 0, "f0-n", cards)  # what the questioned effect's text looks for
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    variant = 0
    # (last, with filler: cards that pass the questioned card's filters in the hands, Decks and Graveyards, for an
    # effect that targets or summons one: 「…墓地のレベル７・８のドラゴン族モンスター１体を対象として」)
    filtered = [c for c in filtered_cards([cards.script(qcard.passcode) or ""], qcard.passcode, cards)
                if c.location != "mzone"]
    # (last: the filter's Continuous Spells/Traps face-up on the questioned card's controller's field, for a condition
    # that looks there, 「自分フィールドに「オルターガイスト」カードが存在する場合」; the Monster Zones stay the event's)
    faceup = faceup_spell_traps([cards.script(qcard.passcode) or ""], qcard.passcode, cards)
    for filler in (False, True, *(("filtered",) if filtered else ()), *(("filtered field",) if faceup else ()),
                   *((FOE_FIELD,) if foe_field else ())):
        for location, place_position in dict.fromkeys(qplaces):
            variant += 1
            setup = [mover, *foe]
            if qcard.ref != mover.ref:
                setup.append(SetupCard(ref=qcard.ref, code=qcard.passcode, player=0, location=location,
                                       position=place_position, name=qcard.name))
            # (the copy of an Extra Deck monster in its controller's Extra Deck, not the Deck)
            extra = [c for p in (0, 1) for c in _filler(p, f"f{p}", qcard.passcode if p == 0 else None,
                                                        "extra" if cards.kind(qcard.passcode) == "extra" else "deck")
                     if c.location != "mzone" or (filler == FOE_FIELD and p != mover.player)] + named + (
                filtered if filler == "filtered" else []) + (faceup if filler == "filtered field" else []) if filler else []
            where = (_where(location or "mzone", bool(filler)) if qcard.ref != mover.ref else own
                     + (" + filler" if filler else "")) + (" + cards its filters take" if filler == "filtered" else "") + (
                " + Continuous Spells/Traps its filters take, face-up" if filler == "filtered field" else "") + (
                " + monsters on the field of the side it battles" if filler == FOE_FIELD else "") + suffix
            question = Step(action="chain", card=qcard.ref, effect=effect, answer=True, after=after, window=window,
                            expect={"offered": frame.answer == "yes"})
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            # (the ruling's duel waits for `both_leave` too: a battle whose two monsters the ruling says are destroyed,
            # which printed ATK alone may not make so: unplayed, not a verdict, where one of them stays)
            asked = Step(**{**question.__dict__, "after": [*after, *both_leave]}) if both_leave else question
            first: list[Step] = []
            copy: list[SetupCard] = []
            if each:
                # (the other copy first, where the questioned one is: the question chains to its activation; each
                # copy's cost paid from its controller's hand: the filler's hand cards twice, in the baseline too)
                extra = [*extra, *(SetupCard(**{**c.__dict__, "ref": f"{c.ref}-2"}) for c in extra
                                   if c.player == 0 and c.location == "hand")]
                copy = [SetupCard(ref=f"{qcard.ref}-2", code=qcard.passcode, player=0, location=location,
                                  position=place_position, name=qcard.name)]
                first = [Step(**{**question.__dict__, "card": copy[0].ref, "expect": {}})]
                asked = Step(**{**asked.__dict__, "window": None})
            ruling_scenario = _scenario(ruling, base, frame, [*deciding, *setup, *copy, *extra], [*before, *first, asked],
                                        where + (", after another copy's activation" if each else ""),
                                        turn_player=turn_player)
            # (the mover in Attack Position where `upright_baseline`, and owned by the player who controls it)
            baseline_setup = [SetupCard(**{**c.__dict__, "owner": c.owner if keep_owner else None,
                                           **({"position": "faceup_attack"} if upright_baseline
                                                                           else {})}) if c.ref == mover.ref else c
                              for c in setup if baseline_foe is None or c not in foe] + (baseline_foe or [])
            baseline = _scenario(ruling, base + "-baseline", frame, [*baseline_setup, *extra], [*before, Step(
                **{**question.__dict__, "expect": {"offered": True}})], where, control_of=ruling_scenario,
                turn_player=turn_player)
            for s in (baseline, ruling_scenario):
                s.notes["event"] = f"{event.action} {event.note}"
                if stand_in:
                    s.notes["stand_in"] = stand_in
            scenarios += [baseline, ruling_scenario]
    return scenarios



# ------------------------------------------------------------------ a card drawn, banished or sent by a named card's effect



def compile_moved_by(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_activate / can_summon right after a card the title names was drawn, banished or sent to the Graveyard from a
    pile by another named card's effect (「G」の効果によって「X」をドローした / 「X」がデッキから除外された場合): G
    activated by its controller (the asker unless the ruling says 相手の) in its turn, choosing X, X where the title
    says (a card drawn: the top of its Deck), then the questioned effect (X's own one that event triggers, where the
    question names none) asked as a chain step once X moved. A "yes" only: a "cannot" names no deciding condition a
    baseline could remove; the baseline plays the same duel, so that an effect offered in neither says the set-up
    lacks what it needs (inconclusive), never an engine disagreement."""
    q = frame.question
    _check_read_yes_no(frame)
    if q.kind not in ("can_activate", "can_summon"):
        raise NotCompiled(f"{q.kind} after a card moved by a named card's effect: not compiled yet")
    events = frame.events
    if len(events) != 2 or events[0].action != "activate" or events[1].note != MOVED_BY_NOTE:
        raise NotCompiled("a card moved by a named card's effect beside other events: not compiled yet")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    g_event, moved = events
    g, x, qcard = by_ref[g_event.card], by_ref[moved.card], by_ref[q.card]
    others = [c for c in frame.cards if c.ref not in (g.ref, x.ref, q.card)]
    if others or any(c.state for c in frame.cards):
        raise NotCompiled(f"what 「{(others or frame.cards)[0].name}」 does around 「{g.name}」's effect is not read")
    if qcard.ref != x.ref:
        raise NotCompiled(f"an effect of 「{qcard.name}」 after 「{x.name}」 moved: only the moved card's own is compiled")
    gtext = numbered_effect_text(cards.texts.get(g.passcode, ""), g_event.effect)
    # (a card Special Summoned: from where G's text summons it, 「手札から…特殊召喚する」)
    where = x.location or ("deck" if moved.action == "draw" else chosen_from(gtext, "特殊召喚", last=True)
                           if moved.action == "special_summon" else None)
    if where is None and moved.action == "special_summon":
        # (「墓地のモンスター１体を対象として発動できる。そのモンスターを…特殊召喚する」: where its target is)
        where = chosen_from(gtext, "を対象", last=True) or ("grave" if re.search(r"墓地のモンスター", gtext) else None)
    if where not in ("deck", "hand", "grave") or (moved.action == "draw" and where != "deck"):
        raise NotCompiled(f"「{x.name}」 {moved.action} from the {where}: not compiled")
    gkind = cards.kind(g.passcode)
    if gkind == "equip":
        raise NotCompiled(f"「{g.name}」 is an Equip Spell: its equip target is not compiled")
    g_player = 1 if g_event.actor == "opponent" else 0
    x_player = {"opponent": 1, "self": 0}.get(moved.actor or "", g_player)
    glocation, gposition = _event_place(gkind, g, "activate", numbered_effect_text(cards.texts.get(g.passcode, ""),
                                                                                  g_event.effect))
    if moved.action == "special_summon" and q.kind == "can_summon" and cards.kind(x.passcode) in ("monster", "pendulum"):
        return _summoned_again(ruling, frame, cards, g, g_event, x, (glocation, gposition), where)
    if q.effect is None and not q.effect_text:
        own = own_event_effect(cards.texts.get(x.passcode, ""), moved.action)
        if own is not None:
            frame = frame.model_copy(update={"question": q.model_copy(update={"effect": own})})
    try:
        effect = effect_index(frame, x.passcode, cards,
                              activation=cards.kind(x.passcode) not in ("monster", "pendulum", "extra"))
    except NotCompiled:
        # (an effect its script describes with no option text: the card's one Ignition/Quick effect on the field)
        if not (moved.action == "special_summon" and only_field_effect(
                cards.texts.get(x.passcode, ""), cards.script(x.passcode) or "", frame.question.effect)):
            raise
        effect = None
    if moved.action == "special_summon" and cards.kind(x.passcode) in ("monster", "pendulum") and \
            open_state_effects(cards.script(x.passcode) or "", effect):
        return _summoned_this_turn(ruling, frame, cards, g, g_event, x, effect, (glocation, gposition), where)
    if frame.answer != "yes":
        raise NotCompiled("a 'cannot' after a card moved by a named card's effect names no deciding condition: no baseline "
                          "can remove it")
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    # (a Special Summon: also with the other player's filler only, for an effect that asks its activator's field to
    # be empty, 「自分フィールドにモンスターが存在しない場合」)
    for variant, filler in enumerate((False, True, *(("foe",) if moved.action == "special_summon" else ())), 1):
        placed_g = SetupCard(ref=g.ref, code=g.passcode, player=g_player, location=glocation, position=gposition,
                             name=g.name)
        extra = _filler(1 - g_player, f"f{1 - g_player}") if filler == "foe" else \
            _filler(0, "f0") + _filler(1, "f1") if filler else []
        # (last of its player's Deck cards: the top, the card a draw takes)
        placed_x = SetupCard(ref=x.ref, code=x.passcode, player=x_player, location=where, name=x.name)
        steps = [Step(action="activate", card=g.ref, effect=_event_effect(g_event, g.passcode, cards), select=[x.ref],
                      answer=True),
                 Step(action="chain", card=x.ref, effect=effect, answer=True, after=[x.ref],
                      expect={"offered": True})]
        label = f"{moved.action} by 「{g.name}」 from the {where}" + (
            " + the other player's filler" if filler == "foe" else " + filler" if filler else "")
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        ruling_scenario = _scenario(ruling, base, frame, [placed_g, *extra, placed_x], steps, label, turn_player=g_player)
        baseline = _scenario(ruling, base + "-baseline", frame, [placed_g, *extra, placed_x], steps, label,
                             control_of=ruling_scenario, turn_player=g_player)
        for s in (baseline, ruling_scenario):
            s.notes["event"] = f"{moved.action} by 「{g.name}」's effect"
        scenarios += [baseline, ruling_scenario]
    return scenarios


def destroyed_in_chain(frame: Frame) -> bool:
    """Whether the frame's events are a card's activation, the other activation chained to it and that card destroyed by
    it (DESTROYED_IN_CHAIN_NOTE), and nothing else."""
    ev = frame.events
    return len(ev) == 3 and [e.action for e in ev] == ["activate", "activate", "destroy"] and \
        ev[2].note == DESTROYED_IN_CHAIN_NOTE and ev[2].card == ev[0].card != ev[1].card


def compile_destroyed_in_chain(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A card A activated (its card activation or its effect), another card G activated in chain to it destroying A
    (「A」のカードの発動にチェーンした「G」で破壊され墓地へ送られた場合 / 「A」の効果の発動にチェーンして「G」が発動し、自身が
    破壊され…): G is the other player's, Set where it is a Spell/Trap, its target A. Asked: can_activate of A's own
    effect that its destruction triggers (the one the question numbers, else the one trigger of its own destruction in its
    script), a chain step once A left the field; can_summon / can_select of A itself (「A」自身を墓地から特殊召喚できますか)
    by A's resolving effect, A among the choices that effect asks as it resolves (the late prompt G's step notes, G the
    last step taken). A "yes" only, and no baseline: a "yes" the engine shows passes, anything else is inconclusive (a
    refusal would need a duel where only the destruction differs, which is A's effect resolving otherwise). Variants:
    the filler, then also the cards A's script's filters pass (what its effect chooses: an 「エクゾディア」 card, a
    Tuner)."""
    q = frame.question
    _require_read_yes_or_no(frame)
    if frame.answer != "yes":
        raise NotCompiled("a 'cannot' after a card destroyed in chain: no baseline can remove the destruction alone")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    a_event, g_event, _ = frame.events
    a, g = by_ref[a_event.card], by_ref[g_event.card]
    if q.card not in (None, a.ref) or q.targets not in ([], [a.ref]) or len(frame.cards) != 2 or \
            any(c.state for c in frame.cards) or frame.zones:
        raise NotCompiled(f"what is asked after 「{a.name}」 was destroyed in chain, beside it, is not compiled")
    if q.kind == "can_summon" and not re.search(r"自身を", q.text or ""):
        raise NotCompiled(f"can_summon after 「{a.name}」 was destroyed in chain: only of 「{a.name}」 itself (自身)")
    if q.kind not in ("can_activate", "can_summon", "can_select"):
        raise NotCompiled(f"{q.kind} after a card destroyed in chain: not compiled")
    akind, gkind = cards.kind(a.passcode), cards.kind(g.passcode)
    ascript = cards.script(a.passcode) or ""
    text = cards.texts.get(a.passcode, "")
    if "equip" in (akind, gkind):
        raise NotCompiled("an Equip Spell activated or chained: its equip target is not compiled")
    a_effect = _event_effect(a_event, a.passcode, cards)
    if q.kind == "can_activate":
        asked = effect_index(frame.model_copy(update={"question": q.model_copy(update={"card": a.ref})}), a.passcode,
                             cards, activation=False) if q.effect is not None else own_event_trigger(ascript, "destroy")
        if asked is None:
            raise NotCompiled(f"which effect of 「{a.name}」 its destruction triggers is not told by its script")
    else:
        a_effect = a_effect if a_effect is not None else effect_index(frame, a.passcode, cards, activation=False)
        if akind not in ("monster", "pendulum"):
            raise NotCompiled(f"「{a.name}」 is not a Main Deck monster its own effect could summon")
    # A where its activation starts; a monster whose effect is a trigger of its own Normal Summon: Normal Summoned first
    location, position = _event_place(akind, a, "activate", numbered_effect_text(text, a_event.effect))
    prelude: list[Step] = []
    if akind in ("monster", "pendulum") and summon_triggered(ascript, a_effect, single=True):
        location, position = "hand", None
        prelude = [Step(action="summon", card=a.ref, answer=True), *_negation_window()]
    elif akind in ("monster", "pendulum", "extra") and open_state_effects(ascript, a_effect) is False:
        raise NotCompiled(f"「{a.name}」's effect is a trigger (its script has no Ignition/Quick type): the event that "
                          f"triggers it is not in the frame")
    if not prelude and location != "mzone" and not (location == "szone" and akind not in ("monster", "pendulum", "extra")):
        raise NotCompiled(f"「{a.name}」 activated from the {location}: G cannot destroy it there")
    glocation, gposition = _event_place(gkind, g, "activate", numbered_effect_text(cards.texts.get(g.passcode, ""),
                                                                                  g_event.effect))
    if glocation == "hand" and gkind in ("spell", "continuous", "field"):
        glocation, gposition = "szone", "facedown"  # a Spell chained in the other player's turn: Set
    placed_a = SetupCard(ref=a.ref, code=a.passcode, player=0, location=location, position=position, name=a.name)
    placed_g = SetupCard(ref=g.ref, code=g.passcode, player=1, location=glocation, position=gposition, name=g.name)
    activate_a = Step(action="chain" if prelude else "activate", card=a.ref, effect=a_effect, answer=True)
    chain_g = Step(action="chain", card=g.ref, effect=_event_effect(g_event, g.passcode, cards), target=[a.ref],
                   answer=True)
    if q.kind == "can_activate":
        steps = [*prelude, activate_a, chain_g,
                 Step(action="chain", card=a.ref, effect=asked, answer=True, after=[a.ref], expect={"offered": True})]
    else:
        # (A's effect resolves after G's: its choice is the late prompt of G's step, the last one taken)
        steps = [*prelude, activate_a, Step(**{**chain_g.__dict__, "select": [a.ref],
                                               "expect": {"offered": True, "selectable": {a.ref: True}}})]
    # (where the asked trigger's text takes its target from: 「自分の墓地の…を対象として」)
    number = q.effect or own_event_effect(text, "destroy") or own_event_effect(text, "send_to_grave")
    looked = chosen_from(numbered_effect_text(text, number), "を対象", last=True) if q.kind == "can_activate" and number \
        else None
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, filtered in enumerate((False, True), 1):
        extra = _filler(0, "f0") + _filler(1, "f1")
        if filtered:
            # (the cards A's text names, its script's archetypes, those its filters pass: what its effect chooses)
            refs = list(dict.fromkeys([*referenced_cards(text, a.passcode), *archetype_cards(a.passcode, cards)]))
            cards.ensure(refs)
            more = _named_cards(refs, 0, "f0-n", cards) + filtered_cards([ascript], a.passcode, cards)
            if looked:
                # only where the asked effect looks for them (in the other piles, its card's other effects could use
                # them first: 「魔神火炎砲」's activation with its ① sharing the asked ②'s once per turn; the cards its
                # filters pass too, as 「封印されしエクゾディア」 in the hand)
                more = [c for c in more if c.location == looked]
            if not more:
                break
            extra += more
        label = f"「{g.name}」 chained to 「{a.name}」, destroying it" + (" + filtered cards" if filtered else "")
        scenario = _scenario(ruling, f"{TEMPLATE}-{_slug(rid)}-v{variant}", frame, [placed_a, placed_g, *extra], steps,
                             label)
        scenario.notes["event"] = f"destroyed by 「{g.name}」 chained to its activation"
        scenarios.append(scenario)
    return scenarios


# ------------------------------------------------------------------ a monster the ruling describes, Summoned


def compile_described_summon(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_activate right after a monster the ruling describes was Summoned (相手が恐竜族モンスターを特殊召喚した /
    自分の墓地の恐竜族モンスターが相手の「死者蘇生」の効果によって特殊召喚された時: FrameEvent note
    DESCRIBED_SUMMON_NOTE), in the summoner's turn: a card of the described traits (then those that also pass the
    questioned script's filters: boards.filtered_described) Special Summoned from the Graveyard by the named card's
    activation, else by the stand-in 「死者蘇生」 (steps.revive_steps), or Normal Summoned from the hand (tributes from
    the filler, the window to negate it passed); then the questioned effect as a chain step once it moved. A "yes"
    only, as compile_moved_by: the baseline plays the same duel, so an effect offered in neither says the set-up lacks
    what it needs (inconclusive), never an engine disagreement."""
    q = frame.question
    _check_read_yes_no(frame)
    if q.kind != "can_activate":
        raise NotCompiled(f"{q.kind} after a described monster's summon: not compiled yet")
    if frame.answer != "yes":
        raise NotCompiled("a 'cannot' after a described monster's summon: not compiled yet (its deciding condition is "
                          "what the monster is)")
    events = frame.events
    summon = events[-1]
    if summon.note != DESCRIBED_SUMMON_NOTE or len(events) > 2 or (len(events) == 2 and events[0].action != "activate"):
        raise NotCompiled("a described monster's summon beside other events: not compiled yet")
    if frame.zones or q.targets:
        raise NotCompiled("a described monster's summon with a zone condition or a target: not compiled yet")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    x, qcard = by_ref[summon.card], by_ref[q.card]
    g = by_ref[events[0].card] if len(events) == 2 else None
    others = [c for c in frame.cards if c.ref not in (x.ref, q.card, g.ref if g else None)]
    if others or any(c.state for c in frame.cards):
        raise NotCompiled(f"what 「{(others or frame.cards)[0].name}」 does around the summon is not read")
    summoner = 1 if summon.actor == "opponent" else 0
    if summon.action == "summon" and g is not None:
        raise NotCompiled("a Normal Summon by a card's effect: not compiled")
    qkind = cards.kind(qcard.passcode)
    places = [pl for pl in _question_places(qkind, qcard, frame) if pl[0] not in ("hand", "deck", "removed", "extra")]
    if not places:
        raise NotCompiled(f"「{qcard.name}」's trigger asked where the set-up cannot put it: not compiled")
    qscript = cards.script(qcard.passcode) or ""
    # (the described monster: the first card of its traits, then those that also pass the questioned script's
    # filters: 「元々の攻撃力が２３００のサイバース族モンスター」 for 「ユウ－Ai－」)
    where = "hand" if summon.action == "summon" else "grave"
    codes = [x.passcode, *filtered_described(qscript, x, x.passcode, where, cards)][:3]
    effect = effect_index(frame, qcard.passcode, cards, activation=qkind not in ("monster", "pendulum", "extra"))
    x_player = {"self": 0, "opponent": 1}.get(x.controller or "", summoner) if where == "grave" else summoner
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    variant = 0
    for code in codes:
        for location, position in places:
            for filler in (False, True):
                variant += 1
                placed = [SetupCard(ref=q.card, code=qcard.passcode, player=0, location=location, position=position,
                                    name=qcard.name),
                          SetupCard(ref=x.ref, code=code, player=x_player, location=where, name=x.name)]
                extra = _filler(0, "f0") + _filler(1, "f1") if filler else []
                if g is not None:
                    g_player = 1 if events[0].actor == "opponent" else 0
                    gkind = cards.kind(g.passcode)
                    glocation, gposition = _event_place(gkind, g, "activate")
                    placed.append(SetupCard(ref=g.ref, code=g.passcode, player=g_player, location=glocation,
                                            position=gposition, name=g.name))
                    steps = [Step(action="activate", card=g.ref, effect=_event_effect(events[0], g.passcode, cards),
                                  target=[x.ref], select=[x.ref], answer=True)]
                elif summon.action == "special_summon":
                    reviver, steps = revive_steps(x.ref, summoner)
                    placed.append(reviver)
                else:
                    steps = [Step(action="summon", card=x.ref, select=[f"f{summoner}-m1", f"f{summoner}-m2"] if filler
                                  else [], answer=True), *_negation_window()]
                steps.append(Step(action="chain", card=q.card, effect=effect, answer=True, after=[x.ref],
                                  expect={"offered": True}))
                label = f"「{x.name}」 {summon.action} by player {summoner}" + (f" with 「{g.name}」" if g else "") + (
                    " + filler" if filler else "")
                base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
                ruling_scenario = _scenario(ruling, base, frame, [*placed, *extra], steps, label, turn_player=summoner)
                baseline = _scenario(ruling, base + "-baseline", frame, [*placed, *extra], steps, label,
                                     control_of=ruling_scenario, turn_player=summoner)
                for sc in (baseline, ruling_scenario):
                    sc.notes["event"] = f"a described monster's {summon.action}"
                scenarios += [baseline, ruling_scenario]
    return scenarios


def compile_destroyed_together(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """A monster's own effect from the Graveyard asked after it was destroyed at once with a monster the ruling
    describes (「「X」と植物族モンスターが同時に破壊された場合、破壊された「X」は墓地から特殊召喚できますか」): X and a card
    of the description face-up in the asker's Monster Zone, the stand-in 「ブラック・ホール」 destroys both, then X's
    effect asked as a chain step once the described monster moved. The baseline has X in the Graveyard from the start
    (the deciding condition: X destroyed in the same event, removed), the described monster alone destroyed."""
    q = frame.question
    _check_read_yes_no(frame)
    (event,) = frame.events
    if q.kind not in ("can_activate", "can_summon") or q.card != event.card or len(event.targets) != 1:
        raise NotCompiled(f"{q.kind} after a card destroyed together with a described one: only its own effect is compiled")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    x, other = by_ref[event.card], by_ref[event.targets[0]]
    if cards.kind(x.passcode) not in ("monster", "pendulum"):
        raise NotCompiled(f"「{x.name}」 is not a Main Deck monster")
    cards.ensure([EFFECT_DESTROYER])
    if not runnable(EFFECT_DESTROYER, cards):
        raise NotCompiled("the stand-in destroyer (「ブラック・ホール」) is not in the card data and scripts in use")
    effect = effect_index(frame, x.passcode, cards, activation=False)
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        extra = _filler(0, "f0") + _filler(1, "f1") if filler else []
        destroyer = SetupCard(ref="bd", code=EFFECT_DESTROYER, player=0, location="hand")
        placed_other = SetupCard(ref=other.ref, code=other.passcode, player=0, location="mzone", position="faceup_attack",
                                 name=other.name)
        asked = Step(action="chain", card=x.ref, effect=effect, answer=True, after=[other.ref],
                     expect={"offered": frame.answer == "yes"})
        steps = [Step(action="activate", card="bd", answer=True), asked]
        label = "destroyed by 「ブラック・ホール」 with " + (other.name or "the described monster") + (
            " + filler" if filler else "")
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        on_field = SetupCard(ref=x.ref, code=x.passcode, player=0, location="mzone", position="faceup_attack", name=x.name)
        ruling_scenario = _scenario(ruling, base, frame, [destroyer, placed_other, on_field, *extra], steps, label)
        in_grave = SetupCard(ref=x.ref, code=x.passcode, player=0, location="grave", name=x.name)
        baseline = _scenario(ruling, base + "-baseline", frame, [destroyer, placed_other, in_grave, *extra],
                             [steps[0], asked.model_copy(update={"expect": {"offered": True}})],
                             label + ", X in the Graveyard from the start", control_of=ruling_scenario)
        for sc in (baseline, ruling_scenario):
            sc.notes["event"] = "destroyed together with a described monster"
        scenarios += [baseline, ruling_scenario]
    return scenarios


def _summoned_again(ruling: Any, frame: Frame, cards: CardSource, g: FrameCard, g_event: FrameEvent, x: FrameCard,
                    gplace: tuple[str, str | None], where: str) -> list[Scenario]:
    """Whether a monster a named card's effect Special Summoned this turn can be Special Summoned again (「「G」の効果で
    「X」を特殊召喚しているターン、自分は「X」を特殊召喚できますか」: a monster its text allows once per turn): G activated
    by the asker choosing X, then the stand-in 「死者蘇生」 (STAND_IN_REVIVE) activated with a second copy of X in the
    asker's Graveyard among its targets (`selectable`). The baseline: the same without G's Special Summon of X (the
    deciding condition), the second copy selectable. Both with the filler (a monster in each Graveyard: what G may ask
    of the other player)."""
    if g_event.actor == "opponent" or where != "grave":
        raise NotCompiled(f"「{x.name}」 Special Summoned again after the other player's 「{g.name}」, or from the "
                          f"{where}: not compiled")
    cards.ensure([STAND_IN_REVIVE])
    if not runnable(STAND_IN_REVIVE, cards):
        raise NotCompiled("the stand-in 「死者蘇生」 is not in the card data and scripts in use")
    rid = _ruling_id(ruling)
    extra = _filler(0, "f0") + _filler(1, "f1")
    placed_g = SetupCard(ref=g.ref, code=g.passcode, player=0, location=gplace[0], position=gplace[1], name=g.name)
    placed_x = SetupCard(ref=x.ref, code=x.passcode, player=0, location=where, name=x.name)
    again = SetupCard(ref="t0", code=x.passcode, player=0, location="grave", name=x.name)
    reviver = SetupCard(ref="rv0", code=STAND_IN_REVIVE, player=0, location="hand")

    def revive(answer: bool) -> Step:
        return Step(action="activate", card="rv0", target=["t0"], select=["t0"], answer=True,
                    expect={"offered": True, "selectable": {"t0": answer}})
    steps = [Step(action="activate", card=g.ref, effect=_event_effect(g_event, g.passcode, cards), select=[x.ref],
                  target=[x.ref], answer=True), revive(frame.answer == "yes")]
    label = f"special_summon by 「{g.name}」 from the {where}, then a second copy revived by 「死者蘇生」"
    base = f"{TEMPLATE}-{_slug(rid)}-v1"
    ruling_scenario = _scenario(ruling, base, frame, [placed_g, *extra, placed_x, again, reviver], steps, label)
    baseline = _scenario(ruling, base + "-baseline", frame, [*extra, placed_x, again, reviver], [revive(True)],
                         label + ", without the first Special Summon", control_of=ruling_scenario)
    for sc in (baseline, ruling_scenario):
        sc.notes["event"] = f"special_summon by 「{g.name}」's effect this turn"
    return [baseline, ruling_scenario]


def _summoned_this_turn(ruling: Any, frame: Frame, cards: CardSource, g: FrameCard, g_event: FrameEvent, x: FrameCard,
                        effect: int | None, gplace: tuple[str, str | None], where: str) -> list[Scenario]:
    """An Ignition/Quick effect of a monster a named card's effect Special Summoned this turn (「「X」を「G」で特殊召喚
    したターン、（X の効果を）発動できますか」): G activated by the asker choosing X (from where G's text summons it),
    then X's effect asked in the open game state once G resolved. The baseline has X face-up in the Monster Zone from
    the start, not Special Summoned this turn (the deciding condition, removed); both with the filler and the cards
    X's script's filters look for in the piles (what its effect summons or fetches)."""
    if g_event.actor == "opponent":
        raise NotCompiled(f"「{x.name}」 Special Summoned by the other player's 「{g.name}」: not compiled")
    piled = piled_cards([cards.script(x.passcode) or ""], x.passcode, cards)
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    for variant, extra in enumerate((_filler(0, "f0") + _filler(1, "f1"), _filler(0, "f0") + _filler(1, "f1") + piled), 1):
        if variant == 2 and not piled:
            continue
        placed_g = SetupCard(ref=g.ref, code=g.passcode, player=0, location=gplace[0], position=gplace[1], name=g.name)
        placed_x = SetupCard(ref=x.ref, code=x.passcode, player=0, location=where, name=x.name)
        asked = Step(action="activate", card=x.ref, effect=effect, answer=True,
                     expect={"offered": frame.answer == "yes"})
        steps = [Step(action="activate", card=g.ref, effect=_event_effect(g_event, g.passcode, cards), select=[x.ref],
                      target=[x.ref] if where == "grave" else None, answer=True), asked]
        label = f"special_summon by 「{g.name}」 from the {where}" + (" + filtered piles" if variant == 2 else " + filler")
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        ruling_scenario = _scenario(ruling, base, frame, [placed_g, *extra, placed_x], steps, label)
        on_field = SetupCard(ref=x.ref, code=x.passcode, player=0, location="mzone", position="faceup_attack", name=x.name)
        baseline = _scenario(ruling, base + "-baseline", frame, [*extra, on_field],
                             [asked.model_copy(update={"expect": {"offered": True}})],
                             label + ", on the field from the start", control_of=ruling_scenario)
        for sc in (baseline, ruling_scenario):
            sc.notes["event"] = f"special_summon by 「{g.name}」's effect this turn"
        scenarios += [baseline, ruling_scenario]
    return scenarios


# ------------------------------------------------------------------ a Pendulum Summon of a monster in the hand

# Normal Pendulum Monsters (no Pendulum Effect, so nothing limits what they let be Pendulum Summoned) with the
# widest Pendulum Scales: 0 and 9 (Levels 1 to 8 may be Pendulum Summoned between them)
PENDULUM_SCALES = (28363749, 32872239)  # Fire Opal Head (scale 0), Gallugallud the Endless Enigma (scale 9)
_PENDULUM_SUMMON = re.compile(r"ペンデュラム召喚")


def pendulum_summon_asked(frame: Frame) -> bool:
    """「X」をペンデュラム召喚できますか / ペンデュラム召喚で「X」を特殊召喚できますか: the question is whether X
    can be Pendulum Summoned (compile_pendulum_summon)."""
    q = frame.question
    return q.kind == "can_summon" and not q.targets and bool(_PENDULUM_SUMMON.search(f"{q.how or ''} {q.text or ''}"))


def compile_pendulum_summon(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_summon by Pendulum Summon: the questioned monster in its controller's hand, two Normal Pendulum
    Monsters (PENDULUM_SCALES) in the Pendulum Zones, the Pendulum Summon (the left Scale's procedure) with
    the monster `selectable` among its choices or not; the baseline a Normal Monster of the same Level in
    its place (the summon is offered and takes it), so a "cannot" is the monster's own restriction."""
    q = frame.question
    if q.card is None and q.actor:
        return _compile_pendulum_summon_beside(ruling, frame, cards)
    _check_read_yes_no(frame)
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    qcard = by_ref[q.card]
    if frame.events or frame.zones or any(c.ref != q.card and c.passcode and ({"applied", "present"} & set(c.state))
                                          for c in frame.cards):
        raise NotCompiled("a Pendulum Summon asked in a situation or after events: not compiled yet")
    if cards.kind(qcard.passcode) not in ("monster", "pendulum"):
        raise NotCompiled(f"「{qcard.name}」 is not a Main Deck monster: a Pendulum Summon from the Extra Deck is not "
                          f"compiled yet")
    if qcard.location not in (None, "hand"):
        raise NotCompiled(f"a Pendulum Summon of 「{qcard.name}」 from the {qcard.location}: not compiled")
    cards.ensure(PENDULUM_SCALES)
    if not all(code in cards.data and cards.script(code) is not None for code in PENDULUM_SCALES):
        raise NotCompiled("the scripts in use lack the Normal Pendulum Monsters that serve as Pendulum Scales")
    level = int(cards.data[qcard.passcode].get("level") or 0)
    if not 1 <= level <= 8:
        raise NotCompiled(f"「{qcard.name}」 has Level {level}: no Pendulum Scales of the set-up bracket it")
    stand_in = filter_stand_ins(f"function s.filter(c)\n\treturn c:IsLevel({level}) and c:IsType(TYPE_NORMAL)\nend",
                                cards, exclude={qcard.passcode}, kind_ok=lambda kind: kind == "monster")
    if not stand_in:
        raise NotCompiled(f"no Normal Monster of Level {level} in the card data stands in for 「{qcard.name}」")
    scales = [SetupCard(ref=f"scale-{i}", code=code, player=0, location="pzone", sequence=i)
              for i, code in enumerate(PENDULUM_SCALES)]
    rid = _ruling_id(ruling)
    base = f"{TEMPLATE}-{_slug(rid)}-v1"
    where = "in the hand, Pendulum Scales 0 and 9"
    expected = frame.answer == "yes"
    ruling_scenario = _scenario(ruling, base, frame, [*scales, SetupCard(
        ref=q.card, code=qcard.passcode, player=0, location="hand", name=qcard.name)], [Step(
        action="special_summon", card="scale-0", select=[q.card], answer=True,
        expect={"selectable": {q.card: expected}})], where)
    baseline = _scenario(ruling, base + "-baseline", frame, [*scales, SetupCard(
        ref="t0", code=stand_in[0], player=0, location="hand")], [Step(
        action="special_summon", card="scale-0", select=["t0"], answer=True,
        expect={"offered": True, "selectable": {"t0": True}})], where, control_of=ruling_scenario)
    return [baseline, ruling_scenario]


def _compile_pendulum_summon_beside(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_summon by Pendulum Summon of no named monster, asked while the situation's one card is present
    (「自分のペンデュラムゾーンに「X」が存在する場合、相手はペンデュラム召喚できますか」): the summoner (the question's
    actor) the turn player with the Normal Pendulum Monsters PENDULUM_SCALES in its Pendulum Zones and a Level 4
    Normal Monster in its hand, X where the title puts it on its controller's side; the Pendulum Summon (the
    left Scale's procedure) `offered` and the monster `selectable`. The baseline: the same without X."""
    q = frame.question
    _require_read_yes_or_no(frame)
    if frame.events or frame.zones or len(frame.cards) != 1 or "present" not in frame.cards[0].state:
        raise NotCompiled("a player's Pendulum Summon asked beside other cards or after events: not compiled yet")
    _check_cards(frame, cards)
    x = frame.cards[0]
    summoner = 0
    # (the asker is "self": the actor "opponent" is the other player from X's controller when X is the asker's)
    x_player = summoner if (x.controller or "self") == q.actor else 1 - summoner
    place, position = _field_place(cards.kind(x.passcode), x)
    cards.ensure([*PENDULUM_SCALES, FILLER_MONSTER])
    if not all(code in cards.data and cards.script(code) is not None for code in PENDULUM_SCALES):
        raise NotCompiled("the scripts in use lack the Normal Pendulum Monsters that serve as Pendulum Scales")
    scales = [SetupCard(ref=f"scale-{i}", code=code, player=summoner, location="pzone", sequence=i)
              for i, code in enumerate(PENDULUM_SCALES)]
    if place == "pzone" and x_player == summoner:
        raise NotCompiled(f"「{x.name}」 in the summoner's own Pendulum Zone: its Scales are not compiled")
    present = SetupCard(ref=x.ref, code=x.passcode, player=x_player, location=place, position=position, name=x.name,
                        sequence=0 if place == "pzone" else None)
    rid = _ruling_id(ruling)
    base = f"{TEMPLATE}-{_slug(rid)}-v1"
    where = (f"a Level 4 Normal Monster in the hand of player {summoner}, its Pendulum Scales 0 and 9, "
             f"「{x.name}」 in the {place} of player {x_player}")
    expected = frame.answer == "yes"
    ruling_scenario = _scenario(ruling, base, frame, [*scales, present, SetupCard(
        ref="m", code=FILLER_MONSTER, player=summoner, location="hand")], [Step(
        action="special_summon", card="scale-0", select=["m"], answer=True,
        expect={"offered": expected, "selectable": {"m": expected}})], where)
    baseline = _scenario(ruling, base + "-baseline", frame, [*scales, SetupCard(
        ref="t0", code=FILLER_MONSTER, player=summoner, location="hand")], [Step(
        action="special_summon", card="scale-0", select=["t0"], answer=True,
        expect={"offered": True, "selectable": {"t0": True}})], where + " (without it)", control_of=ruling_scenario)
    return [baseline, ruling_scenario]


# ------------------------------------------------------------------ a monster whose summon was negated

# the stand-in that destroys the summoned monster in the baseline: 「激流葬」 (Torrential Tribute), the other player's
# Trap activated once a monster is Summoned, destroying every monster (the summon not negated)
STAND_IN_SUMMON_DESTROYER = 53582587
_NEGATED_HOW = {note: how for how, note in NEGATED_SUMMON_NOTES.items()}


def compile_negated_summon(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """can_activate of a monster's own effect after its summon was negated (「X」のエクシーズ召喚が「G」によって無効に
    なった場合、効果を発動できますか): X Xyz or Link Summoned by the turn player from the Extra Deck with the materials
    its script's procedure takes (boards.summon_materials), or Pendulum Summoned from the hand between the Scales
    PENDULUM_SCALES; the other player's G (a Set Trap, or a face-up monster) chained in the summon's negation window;
    then X's effect asked once G resolved (a chain step after X and G moved: a Trap leaves its zone as it resolves;
    a G whose cost moves it first is not compiled), the one numbered effect the question names or the one trigger of
    X's being sent to the Graveyard or destroyed. The baseline: the summon not negated, X then destroyed by the other
    player's 「激流葬」 (STAND_IN_SUMMON_DESTROYER) in the window its success opens (the negation window, where it cannot
    be activated, passed by each player first)."""
    q = frame.question
    _check_read_yes_no(frame)
    if q.kind != "can_activate":
        raise NotCompiled(f"{q.kind} after a negated summon: not compiled yet")
    events = frame.events
    if len(events) != 2 or events[0].note not in _NEGATED_HOW or events[1].note != NEGATES_SUMMON_NOTE:
        raise NotCompiled("a negated summon beside other events: not compiled yet")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    summoned, negation = events
    x, g = by_ref[summoned.card], by_ref[negation.card]
    if q.card != x.ref or len(frame.cards) != 2 or any(c.state or c.owner for c in frame.cards) or frame.zones:
        raise NotCompiled("a negated summon asked about another card or beside other cards: not compiled yet")
    if summoned.actor == "opponent" or negation.actor == "self":
        raise NotCompiled("a negated summon of the other player's monster, or negated by the summoner: not compiled yet")
    how = _NEGATED_HOW[summoned.note]
    gkind = cards.kind(g.passcode)
    if gkind not in ("trap", "trap-continuous"):
        raise NotCompiled(f"「{g.name}」 negates the summon but is not a Trap Card (its cost may move it first): "
                          f"not compiled yet")
    if how in ("xyz", "link"):
        if cards.kind(x.passcode) != "extra":
            raise NotCompiled(f"「{x.name}」's {how} summon: it is not an Extra Deck monster")
        materials = summon_materials(x.passcode, how, cards)
        placed = [SetupCard(ref=x.ref, code=x.passcode, player=0, location="extra", name=x.name)] + [
            SetupCard(ref=f"m{i}", code=code, player=0, location="mzone") for i, code in enumerate(materials)]
        summon = Step(action="special_summon", card=x.ref, select=[f"m{i}" for i in range(len(materials))])
        where = f"{how} Summoned with {len(materials)} materials ({materials[0]})"
    elif how == "pendulum":
        level = int(cards.data[x.passcode].get("level") or 0)
        cards.ensure(PENDULUM_SCALES)
        if cards.kind(x.passcode) != "pendulum" or not 1 <= level <= 8 or not all(
                code in cards.data and cards.script(code) is not None for code in PENDULUM_SCALES):
            raise NotCompiled(f"「{x.name}」's Pendulum Summon from the hand between Scales 0 and 9: not compiled")
        placed = [SetupCard(ref=x.ref, code=x.passcode, player=0, location="hand", name=x.name)] + [
            SetupCard(ref=f"scale-{i}", code=code, player=0, location="pzone", sequence=i)
            for i, code in enumerate(PENDULUM_SCALES)]
        summon = Step(action="special_summon", card="scale-0", select=[x.ref])
        where = "Pendulum Summoned from the hand, Pendulum Scales 0 and 9"
    else:
        raise NotCompiled(f"a negated {how} summon: not compiled yet")
    script = cards.script(x.passcode) or ""
    effect = None
    if q.effect is None and not q.effect_text:
        effect = own_event_trigger(script, "send_to_grave")
        effect = own_event_trigger(script, "destroy") if effect is None else effect
        if effect is None:
            raise NotCompiled(f"which effect of 「{x.name}」 its destruction triggers is not read from its script")
    else:
        effect = effect_index(frame, x.passcode, cards, activation=False)
    cards.ensure([STAND_IN_SUMMON_DESTROYER])
    if STAND_IN_SUMMON_DESTROYER not in cards.data or cards.script(STAND_IN_SUMMON_DESTROYER) is None:
        raise NotCompiled("the stand-in 「激流葬」 is not in the card data and scripts in use")
    question = Step(action="chain", card=x.ref, effect=effect, answer=True, expect={"offered": frame.answer == "yes"})
    rid = _ruling_id(ruling)
    scenarios: list[Scenario] = []
    # (last, the cards the effect's filters take in the piles: 「デッキから水属性モンスター１体を墓地へ送り」)
    filtered = [c for c in filtered_cards([script], x.passcode, cards) if c.location != "mzone"]
    for variant, filler in enumerate((False, True, *(("filtered",) if filtered else ())), 1):
        extra = _filler(0, "f0") + _filler(1, "f1") + (filtered if filler == "filtered" else []) if filler else []
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        label = where + (" + filler" if filler else "") + (" + cards its filters take" if filler == "filtered" else "")
        negator = SetupCard(ref=g.ref, code=g.passcode, player=1, location="szone", position="facedown", name=g.name)
        ruling_scenario = _scenario(ruling, base, frame, [*placed, negator, *extra], [
            summon, Step(action="chain", card=g.ref, answer=True),
            Step(**{**question.__dict__, "after": [x.ref, g.ref]})], label)
        destroyer = SetupCard(ref="sd", code=STAND_IN_SUMMON_DESTROYER, player=1, location="szone", position="facedown")
        baseline = _scenario(ruling, base + "-baseline", frame, [*placed, destroyer, *extra], [
            # (the summon's negation window, where 「激流葬」 cannot be activated, passed by each player first)
            summon, Step(action="pass"), Step(action="pass"), Step(action="chain", card="sd", answer=True),
            Step(**{**question.__dict__, "after": [x.ref, "sd"], "expect": {"offered": True}})], label,
            control_of=ruling_scenario)
        for s in (baseline, ruling_scenario):
            s.notes["event"] = f"{how} summon negated by 「{g.name}」"
            s.notes["stand_in"] = (f"the summon's materials: {materials[0]}; " if how in ("xyz", "link") else "") + \
                "in the baseline the other player's 「激流葬」 destroys the monster once summoned"
        scenarios += [baseline, ruling_scenario]
    return scenarios

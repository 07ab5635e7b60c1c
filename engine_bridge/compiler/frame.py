"""The top level: compile_frame(ruling, frame, cards) -> Compiled, the `offered` compiler (_compile) that
dispatches the other question kinds to engine_bridge.compiler.kinds, and the reason given when no
compiler reads a frame.
"""
from __future__ import annotations

import re
from typing import Any

from engine_bridge.carddata import setcodes_complete
from engine_bridge.compiler.base import (_ruling_id, _BY_OWN_EFFECT, _scenario, _slug, _where, CardSource, Compiled, FILLER_SET,
                                         NotCompiled, SUMMON_HOW, TEMPLATE)
from engine_bridge.compiler.boards import (EFFECT_DESTROYER, runnable, _chain_standins, _check_cards, _field_place, _filler, _named_cards,
                                           _question_places, _target_of, archetype_cards, BARE_NEEDS, BOARD_PROFILES,
                                           board_profiles, extra_filler, faceup_named_needed, filtered_cards, piled_cards, piled_on_field,
                                           material_monsters, profile_filler, pzone_targets, script_targets,
                                           summoned_this_turn, target_stand_ins, variety_filler, with_described_cards,
                                           with_zone_setcodes, zone_baseline, zone_forbids, zone_setup)
from engine_bridge.compiler.effects import (answers_own_activations, applies_on_its_own, applies_with_materials, effect_index,
                                            event_effect_index, event_number, exact_names, face_up_effect,
                                            numbered_effect_text, open_state_effects, own_event_effect,
                                            own_summon_effect, referenced_cards, response_event, targeting_effect)
from engine_bridge.compiler.kinds import (_chain_baselines, _check_read_yes_no, _compile_after_event, _compile_attack,
                                          _compile_fate, _compile_select, _compile_summon_by_effect, CAUSED_NOTES,
                                          compile_applied, compile_described_summon, compile_destroyed_in_chain,
                                          compile_destroyed_together,
                                          compile_moved_by, compile_moved_into, compile_pendulum_summon, compile_lp,
                                          compile_negated_summon, compile_stats, compile_triggered, destroyed_in_chain,
                                          own_battle_event, pendulum_summon_asked)
from engine_bridge.compiler.states import check_states
from engine_bridge.compiler.steps import (nested_preludes, _check_event_sides, activated_first, _event_named_cards, _event_place,
                                          _negation_window,
                                          _summon_baseline, _summon_step, chain_links, link_players, PLAYED_EVENTS,
                                          burial_steps, end_phase_triggered, revive_steps, revive_triggered, REVIVED_NOTE,
                                          STAND_IN_REVIVE, summon_triggered,
                                          trap_monsters_activated, trigger_steps)
from engine_bridge.compiler.tributes import compile_tribute_summon, tribute_summoned
from engine_bridge.scenario import Scenario, SetupCard, Step
from engine_bridge.templates.base import as_ruling
from rulings.records import (CONTROL_TAKER, DESCRIBED_SUMMON_NOTE, DESTROYED_TOGETHER_NOTE, FOE_TURN, Frame, FrameCard, FrameEvent,
                             MOVED_BY_NOTE, NEGATES_SUMMON_NOTE, NOT_PROPERLY_SUMMONED, SENT_NOTE, TRAP_MONSTER_NOTE)


def compile_frame(ruling: Any, frame: Frame | None, cards: CardSource) -> Compiled:
    """The scenarios (variants of a ruling scenario and its baseline) for one ruling's frame, or the
    specific reason there are none."""
    try:
        return Compiled(with_revivals_allowed(_compile(ruling, frame, cards), cards, frame))
    except NotCompiled as exc:
        return Compiled(reason=str(exc))


def with_revivals_allowed(scenarios: list[Scenario], cards: CardSource, frame: Frame | None = None) -> list[Scenario]:
    """The scenarios with each monster whose revival the rules limit (its script's `EnableReviveLimit`: Extra
    Deck and Ritual Monsters, monsters Special Summoned only by their own procedure) placed in a Graveyard or
    banished as one properly Summoned before it got there (SetupCard.properly_summoned): what a ruling's
    「墓地のシンクロモンスター」 is in a duel (the set-up alone would leave it unrevivable, a refusal the ruling
    does not speak of); not the frame's cards the ruling says were not (NOT_PROPERLY_SUMMONED)."""
    limited: dict[int, bool] = {}
    unsummoned = {c.ref for c in (frame.cards if frame else []) if NOT_PROPERLY_SUMMONED in c.state}
    for scenario in scenarios:
        for card in scenario.setup.cards:
            if card.location in ("grave", "removed") and not card.properly_summoned and card.ref not in unsummoned:
                if card.code not in limited:
                    limited[card.code] = "EnableReviveLimit" in (cards.script(card.code) or "")
                card.properly_summoned = limited[card.code]
    return scenarios


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


_PHASE_NAMES = {"main2": "Main Phase 2", "end": "End Phase", FOE_TURN: "other player's turn"}
# the steps from Main Phase 1 (where every frame scenario starts) to the phase a question is asked in; in the other
# player's turn (its Main Phase 1: that player is the turn player), the window its move to the Battle Phase opens,
# where the asker answers (an open game state is the turn player's only)
_PHASE_STEPS = {"main2": [Step(action="phase", phase="battle"), Step(action="phase", phase="main2")],
                "end": [Step(action="phase", phase="end")],
                FOE_TURN: [Step(action="phase", phase="battle")]}


def _check_owned(frame: Frame) -> None:
    """A card the ruling places on the field of the player who does not own it (FrameCard.owner) is set up so
    (SetupCard.owner) where it is the one card an event before a can_activate question befalls, or the one
    target a question names; elsewhere not compiled."""
    q = frame.question
    taker = next((c for c in frame.cards if CONTROL_TAKER in c.state), None)
    if taker is not None and (frame.answer != "yes" or taker.state != [CONTROL_TAKER]):
        # (the set-up places the card where 「G」's effect put it, G not played: what else G does may decide a "no")
        raise NotCompiled(f"「{taker.name}」's effect that moved a card's control is not played: compiled for a 'yes' only")
    for c in frame.cards:
        if not c.owner:
            continue
        befalls = q.kind == "can_activate" and len(frame.events) == 1 and frame.events[0].card == c.ref and \
            frame.events[0].note in CAUSED_NOTES
        if not (befalls or (q.kind in ("can_activate", "can_target") and q.targets == [c.ref] and not frame.events)):
            raise NotCompiled(f"「{c.name}」 is controlled by the player who does not own it: not compiled for this "
                              f"question yet")


def _compile(ruling: Any, frame: Frame | None, cards: CardSource) -> list[Scenario]:
    if frame is None:
        raise NotCompiled("no frame: the ruling was not read into one")
    q = frame.question
    if q is None:
        raise NotCompiled(frame.unread[0] if frame.unread else "no question in the frame")
    # the other player's Trap Monsters (相手のモンスターゾーンにモンスターカード扱いの「X」): see foe_trap_monsters
    other = "self" if q.actor == "opponent" else "opponent"
    foe_traps = [e.card for e in frame.events if e.note == TRAP_MONSTER_NOTE and e.actor == other]
    if not frame.unread:
        # モンスターカード扱いの「X」: X's activation, played first
        frame = trap_monsters_activated(frame, cards, keep_note=q.kind == "can_select")
    # the phase of the turn the question is asked in (Main Phase 2, the End Phase): played right before the
    # questioned activation, the baseline asking it in Main Phase 1 (the phase is the deciding condition)
    phase = next((e.note for e in frame.events if e.action == "phase"), None)
    summoned_in_phase = False
    if phase is not None:
        # (the questioned card sent to the Graveyard from a pile first is what it needs, not another event)
        others = [e for e in frame.events if e.action != "phase" and e.note != SENT_NOTE]
        # (「X」をメインフェイズ２にて召喚した場合、効果を発動できますか: X's own summon, made in that phase, before
        # the question; the baseline summons it in Main Phase 1)
        summoned_in_phase = phase != FOE_TURN and [(e.action, e.card, e.note) for e in frame.events] in (
            [("phase", None, phase), (how, q.card, None)] for how in ("summon", "special_summon"))
        if q.kind != "can_activate" or (others and not summoned_in_phase) or q.targets or frame.zones:
            raise NotCompiled(f"a question asked in the {_PHASE_NAMES.get(phase, phase)} with other events, a target or "
                              f"a zone: not compiled yet")
        frame = frame.model_copy(update={"events": [e for e in frame.events if e.action != "phase"]})
    if not frame.unread and frame.answer in ("yes", "no"):
        frame = with_zone_setcodes(with_described_cards(frame, cards), cards)
    negated = [c for c in frame.cards if "negated" in c.state]
    if negated and not (q.kind == "can_attack" and [c.ref for c in negated] == [q.card]):
        raise NotCompiled(f"「{negated[0].name}」's effect negated (by what, not said): compiled only for whether it can "
                          f"attack")
    check_states(frame, cards)
    if frame.zones and (frame.fates or q.kind in ("is_destroyed", "can_select")):
        z = frame.zones[0]
        raise NotCompiled(f"situation: 「{z.text}」 (a zone stated {z.count}) is not compiled for {q.kind} yet")
    _check_owned(frame)
    if frame.fates or q.kind == "is_destroyed":
        return _compile_fate(ruling, frame, cards)
    if frame.applied and q.kind in ("what_happens", "applies", "other"):
        return compile_applied(ruling, frame, cards)
    if frame.stats and q.kind in ("what_happens", "applies", "other"):
        return compile_stats(ruling, frame, cards)
    if (frame.lp or frame.damaged) and q.kind == "what_happens":
        return compile_lp(ruling, frame, cards)
    if (frame.summons or frame.to_hand) and q.kind in ("what_happens", "other"):
        return compile_moved_into(ruling, frame, cards)
    if tribute_summoned(frame):
        return compile_tribute_summon(ruling, frame, cards)
    if q.kind == "applies" and re.search(r"発動(?:し|され)ますか$", q.text or ""):
        if len(frame.events) == 1 and frame.events[0].note in CAUSED_NOTES:
            # 「「X」が戦闘で…を破壊した場合、効果は発動しますか」: whether its trigger is activated (a mandatory one
            # the engine offers as one) in the chain window after that event
            return _compile_after_event(ruling, frame, cards)
        return compile_triggered(ruling, frame, cards)
    if destroyed_in_chain(frame):
        return compile_destroyed_in_chain(ruling, frame, cards)
    if q.kind == "can_attack":
        return _compile_attack(ruling, frame, cards)
    if q.kind == "can_select":
        return _compile_select(ruling, frame, cards)
    if q.kind == "can_summon" and q.targets:
        return _compile_summon_by_effect(ruling, frame, cards)
    if pendulum_summon_asked(frame):
        return compile_pendulum_summon(ruling, frame, cards)
    if any(e.note == NEGATES_SUMMON_NOTE for e in frame.events):
        return compile_negated_summon(ruling, frame, cards)
    if [e.note for e in frame.events] == [DESTROYED_TOGETHER_NOTE]:
        return compile_destroyed_together(ruling, frame, cards)
    if any(e.note in CAUSED_NOTES for e in frame.events):
        return _compile_after_event(ruling, frame, cards)
    battle = own_battle_event(frame, cards) if not frame.unread and phase is None else None
    if battle is not None:
        # 「X」の効果を発動できますか of a trigger of X's own battle: that battle played first, in the baseline too
        return _compile_after_event(ruling, frame.model_copy(update={"events": [battle]}), cards)
    if any(e.note == MOVED_BY_NOTE for e in frame.events):
        return compile_moved_by(ruling, frame, cards)
    if any(e.note == DESCRIBED_SUMMON_NOTE for e in frame.events):
        return compile_described_summon(ruling, frame, cards)
    if q.kind not in ("can_activate", "can_summon", "can_set", "can_target"):
        raise NotCompiled(_no_compiler(frame))
    _check_read_yes_no(frame)
    _check_one_mode_refused(ruling, frame)
    frame = activated_first(frame, cards)  # 「X」の効果が適用されている: X activated and resolved first
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
        self_summon = own_summon_effect(cards.texts.get(qcard.passcode, ""))
        if how == "special_summon" and self_summon is not None and self_summon[1] and \
                "EFFECT_SPSUMMON_PROC" not in (cards.script(qcard.passcode) or ""):
            # 「X」を特殊召喚できますか of a monster that Special Summons itself only by an activated effect
            # (「このカードを手札から特殊召喚する」, no summon procedure): that effect's activation is the summon
            action = "activate"
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
    if target and frame.zones and (situation or len(frame.zones) > 1):
        raise NotCompiled(f"situation: 「{frame.zones[0].text}」 with a target and other cards in force: not compiled yet")
    for e in events:
        if e.action not in PLAYED_EVENTS:
            raise NotCompiled(f"event {e.action} of 「{by_ref[e.card].name}」 before the question: not compiled yet")
    # the questioned card's own summon (召喚に成功した「X」の効果): played in the baseline too, not a
    # deciding condition
    own = [e for e in events if e.card == q.card and e.action != "activate"]
    if [e.action for e in own] == ["special_summon"] and own[0].note in (None, "its own summon") and cards.kind(qcard.passcode) == "extra" \
            and runnable(STAND_IN_REVIVE, cards.ensure([STAND_IN_REVIVE])):
        # 特殊召喚に成功した「X」 of an Extra Deck monster (no procedure summons it from the hand): X, properly Summoned
        # before (SetupCard.properly_summoned), Special Summoned from its controller's Graveyard by the stand-in
        # reviver (「死者蘇生」), in the baseline too (what its trigger needs, not the deciding condition)
        revival = own[0].model_copy(update={"note": REVIVED_NOTE})
        events = [revival if e is own[0] else e for e in events]
        own = [revival]
    foe_steps: list[Step] = []
    if foe_traps and [e.card for e in events] == foe_traps and q.actor in (None, "self") and not target:
        # the other player's Trap Monsters, activated (Set in its Spell & Trap Zone) in the window the asker's move to
        # the Battle Phase opens at the end of Main Phase 1, after which the asker is back in Main Phase 1; the
        # baseline (without them) asks the question at once
        foe_steps = [Step(action="phase", phase="battle"), *(Step(action="activate", card=ref, answer=True)
                                                             for ref in foe_traps)]
        events = []
    _check_event_sides(events, by_ref, q)
    if not situation and not [e for e in events if e not in own] and frame.answer == "no" and not target and not frame.zones \
            and phase is None and not foe_steps:
        raise NotCompiled("a 'cannot' whose frame names no deciding condition besides the questioned card: no baseline "
                          "can remove it")
    activation = action == "activate" and "効果" not in q.text and qkind not in ("monster", "pendulum", "extra")
    asked = frame
    if own and action == "activate" and q.effect is None and not q.effect_text and own[0].action in ("summon", "special_summon"):
        # 「X」を召喚した場合、効果を発動できますか: of X's effects, the one its text says its summon enables
        # (「このカードが召喚に成功した場合」「召喚・特殊召喚に成功したターン」), where one does
        enabled = own_event_effect(cards.texts.get(qcard.passcode, ""), own[0].action)
        if enabled is not None:
            asked = frame.model_copy(update={"question": q.model_copy(update={"effect": enabled})})
    if q.kind == "can_summon" and action == "activate" and q.effect is None:
        # which effect Special Summons the monster itself: the one numbered effect whose text does; one
        # that is not activated (「このカードは…特殊召喚できる」) is a summon procedure
        self_summon = own_summon_effect(cards.texts.get(qcard.passcode, ""))
        if self_summon is not None and not self_summon[1]:
            action = "special_summon"
        elif self_summon is not None:
            asked = frame.model_copy(update={"question": q.model_copy(update={"effect": self_summon[0]})})
    # an Equip Spell's activation (aux.AddEquipProcedure in utility.lua: not among its script's own effects)
    equip_activation = activation and qkind == "equip"
    if target and q.effect is None and not q.effect_text and not equip_activation:
        # a target question about a card of several effects that names none: the one effect that targets
        targeting = targeting_effect(cards.texts.get(qcard.passcode, ""))
        if targeting is not None:
            asked = frame.model_copy(update={"question": q.model_copy(update={"effect": targeting})})
    effect = effect_index(asked, qcard.passcode, cards, activation) if action == "activate" else None
    summoned = bool(events) and events[-1].action in ("summon", "special_summon") and (
        events[-1].note == "chained to" or events[-1] in own)
    trigger = action == "activate" and not equip_activation and \
        open_state_effects(cards.script(qcard.passcode) or "", effect) is False
    if trigger and not summoned and events and events[-1].card != q.card and events[-1].action in (
            "summon", "special_summon") and events[-1].note is None:
        # 「X」を召喚した場合、「Y」の効果を発動できますか: Y's trigger responds to that Summon, made by the asker
        # unless the ruling says whose
        events = [*events[:-1], events[-1].model_copy(update={"note": "chained to",
                                                              "actor": events[-1].actor or q.actor or "self"})]
        summoned = True
    own_trigger = trigger and not summoned and not events and q.effect_kind != "pendulum"  # (not a Pendulum Zone's)
    if own_trigger and qkind in ("monster", "pendulum") and summon_triggered(
            cards.script(qcard.passcode) or "", effect, single=True):
        # a trigger of the questioned monster's own Normal Summon the title does not mention (「X」の効果を
        # 発動できますか): that Summon is played first, as for 「召喚に成功した「X」の効果」 (in the baseline too:
        # it is what the effect needs, not the deciding condition)
        own = [FrameEvent(action="summon", card=q.card, note="its own summon")]
        events = [*own]
        summoned = True
    elif own_trigger and revive_triggered(cards.script(qcard.passcode) or "", effect, qkind, cards):
        # a trigger of its own Special Summon: the monster Special Summoned from its controller's Graveyard by a
        # stand-in effect (「死者蘇生」) first, in the baseline too
        own = [FrameEvent(action="special_summon", card=q.card, note=REVIVED_NOTE)]
        events = [*own]
        summoned = True
    sent = next((e for e in frame.events if e.card == q.card and e.note == SENT_NOTE), None)
    if sent is not None:
        # 手札やデッキから墓地へ送られた「X」の効果: X sent from its controller's Deck to the Graveyard by a stand-in
        # effect (「おろかな埋葬」) first, in the baseline too (what the effect needs, not the deciding condition)
        if qkind not in ("monster", "pendulum") or events:
            raise NotCompiled(f"「{qcard.name}」 sent to the Graveyard from the hand or Deck beside other events, or not a "
                              f"Main Deck monster: not compiled")
        own = [sent]
        events = [*own]
        summoned = True
    revived = bool(own) and own[0].note == REVIVED_NOTE
    buried = bool(own) and own[0].note == SENT_NOTE
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
    activator = asker if chained and "self" in (by_ref[events[-1].card].controller, events[-1].actor) else (
        1 if chained else 0)
    if chained and events[-1] in own:
        activator = qplayer  # its own summon: the questioned card's controller summons it in its turn
    elif chained and len(chain_links(events)) == 1 and by_ref[events[-1].card].controller is None and \
            events[-1].actor is None and answers_own_activations(cards.script(qcard.passcode) or ""):
        # a card that answers only its own controller's activations (「自分が罠カードを発動した時」): the
        # activation the ruling does not attribute is that player's
        activator = qplayer
    turn_player = activator if chained else 0
    # a chain of several activations before the question: each link the other player's of the one after it
    # (unless the ruling says whose), the first activated by the turn player, the others chained
    links = chain_links(events) if chained and events[-1] not in own else []
    if len({e.card for e in links}) < len(links):
        raise NotCompiled("one card activated twice in the chain before the question: not compiled yet")
    link_player = link_players(links, by_ref, asker, activator) if len(links) > 1 else {}
    if link_player:
        turn_player = link_player[links[0].card]
    # (a first link after other events may answer one of them: no stand-in before it; in a later phase or the other
    # player's turn the stand-in's Ignition effect cannot be activated)
    nested = nested_preludes(links, by_ref, link_player.get(links[0].card, activator), cards) if (
        links and links[0] is events[0] and phase is None) else []
    placed: list[SetupCard] = []
    by_summon: set[str] = set()  # event cards whose trigger needs their Normal Summon (trigger_steps)
    # (and the cards an earlier activation targets that the ruling names: 「X」と「Y」を対象として、相手が「G」を発動)
    for c in situation + [by_ref[e.card] for e in events if e.card != q.card] + [
            by_ref[t] for e in events for t in e.targets if t != q.card and t not in {e.card for e in events}]:
        if any(p.ref == c.ref for p in placed):
            continue
        kind = cards.kind(c.passcode)
        if any(e.card == c.ref for e in events):
            first = next(e for e in events if e.card == c.ref)
            location, position = _event_place(kind, c, first.action, numbered_effect_text(
                cards.texts.get(c.passcode, ""), event_number(first, c.passcode, cards)))
            if first.action == "activate" and kind in ("continuous", "trap-continuous") and face_up_effect(
                    cards.script(c.passcode) or "", event_effect_index(first, c.passcode, cards)):
                location, position = "szone", "faceup"  # an effect of the face-up card, not its activation
            if first.action == "activate" and kind in ("monster", "pendulum") and summon_triggered(
                    cards.script(c.passcode) or "", event_effect_index(first, c.passcode, cards, activation=False)
                    if first.effect or first.effect_text or first.described else None):
                location, position = "hand", None  # its trigger needs its Normal Summon: played first (trigger_steps)
                by_summon.add(c.ref)
            # a monster's effect activated before the question: the monster face-up on the activator's field
            # (an effect it cannot activate there makes that step unplayable: inconclusive, not a verdict)
            player = link_player.get(c.ref, activator)
        elif c.equipped_to:
            location, position = "szone", "faceup"  # an Equip Card (_check_equipped), equipped to its monster
            player = player_of(c, 1 - qplayer)
        else:
            location, position = _field_place(kind, c)
            player = player_of(c, 1 - qplayer)
            if c.passcode == qcard.passcode and action in SUMMON_HOW.values() and c.controller is None:
                player = first_copy_side(c, qcard, qplayer, cards)
            if "applied" in c.state and not applies_on_its_own(cards.script(c.passcode) or ""):
                raise NotCompiled(f"「{c.name}」's effect applies once activated and resolved (its script has no "
                                  f"continuous effect): that activation is not compiled yet")
            if "applied" in c.state and applies_with_materials(cards.script(c.passcode) or ""):
                raise NotCompiled(f"「{c.name}」's effect applies with Xyz Materials (its script counts them): a set-up "
                                  f"card with materials is not compiled yet")
        placed.append(SetupCard(ref=c.ref, code=c.passcode, player=player, location=location, position=position,
                                name=c.name, equipped_to=c.equipped_to))
    placed += declared_cards(events, placed, by_ref, qplayer, cards)
    placed += [SetupCard(ref=ref, code=by_ref[ref].passcode, player=1, location="szone", position="facedown",
                         name=by_ref[ref].name) for ref in (foe_traps if foe_steps else [])]
    refs = referenced_cards(cards.texts.get(qcard.passcode, ""), qcard.passcode)
    cards.ensure(refs)
    qscript = cards.script(qcard.passcode) or ""
    if target:
        target += script_targets(target, by_ref[target[0][0].ref], qscript, cards)
        target += pzone_targets(target, by_ref[target[0][0].ref], numbered_effect_text(
            cards.texts.get(qcard.passcode, ""), asked.question.effect), cards)
    # archetype cards without a set code in the card data (no cards.cdb lists them) cannot be what the
    # questioned card's archetype checks look for: an action the ruling allows that the engine then
    # refuses says nothing (settle: inconclusive)
    no_setcodes = "IsSetCard" in qscript and any(
        not setcodes_complete(cards.data[c]) for c in refs if c in cards.data and c not in exact_names(refs, cards))
    # a trigger of the questioned card's summon that adds, sends or summons "a 「X」 card": cards of the
    # archetypes its script lists, where its effect looks for them
    named = _named_cards(list(dict.fromkeys([*refs, *(archetype_cards(qcard.passcode, cards) if trigger else [])])),
                         0, "f0-n", cards) + [c for p in (0, 1) for c in (
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
    in_play = [qscript, *(cards.script(by_ref[e.card].passcode) or "" for e in events),
               *(cards.script(t.code) or "" for t, _ in target or [])]
    fillers += board_profiles(in_play)
    if summoned_this_turn(qscript, action, qkind, chained, trigger, own):
        fillers += ("summoned",)
    if action == "activate" and not chained and not events and destroyed_this_turn(qscript) and runnable(
            EFFECT_DESTROYER, cards.ensure([EFFECT_DESTROYER])):  # (a stand-in the engine can run)
        fillers += (DESTROYED_THIS_TURN,)  # a monster of its controller destroyed earlier this turn
    if action == "special_summon" and not events and material_monsters(refs, cards):
        fillers += ("materials",)  # a procedure's materials: the monsters its text names, on its controller's field
    if filtered_cards(in_play, qcard.passcode, cards):
        fillers += ("filtered",)
    if faceup_named_needed(qscript, refs, cards):
        # the Continuous/Field Spells and Traps its text names, face-up on its field (「トゥーン・ワールド」)
        fillers += ("faceup named",)  # cards that pass the filters of the scripts in play, in each pile and on each field
    if BARE_NEEDS.search(qscript) and filtered_cards(in_play, qcard.passcode, cards):
        fillers += ("bare",)  # the filtered board, its controller's field without monsters (what the script asks)
    if piled_cards(in_play, qcard.passcode, cards):
        fillers += ("filtered piles",)  # two of each filter's cards in its piles, one banished, none on the field
        if piled_on_field(in_play, qcard.passcode, cards):
            fillers += ("filtered field",)  # the same, its Main Deck monsters also face-up on the field
    for filler in fillers:
        if phase in ("end", FOE_TURN) and filler is not True:
            # the End Phase (the move to the Battle Phase) opens a chain window for a player only if something can be
            # activated in it: the filler's Set card can, so the questioned step answers that window (not a later one)
            continue
        places = _question_places(qkind, qcard, frame) if not own else [_event_place(qkind, qcard, own[0].action)]
        if revived:
            places = [("grave", None)]  # Special Summoned from there by the stand-in reviver
        if buried:
            places = [("deck", None)]  # sent from there by the stand-in 「おろかな埋葬」
        if filler == "summoned":
            places = [("hand", None)]  # Normal Summoned from there first
        # a place the ruling's zone conditions leave empty is not one the questioned card can be in
        places = [pl for pl in places if not zone_forbids(frame.zones, qplayer, asker, pl[0], qkind, pl[1],
                                                          cards.data.get(qcard.passcode))]
        if not places:
            continue  # (no variant at all: NotCompiled below)
        if (chained and turn_player != qplayer) or phase == FOE_TURN:
            # in the other player's turn a Spell is activated from the field (Set), not from the hand
            places = [("szone", "facedown") if (loc == "hand" and qkind in ("spell", "continuous", "field")) else (loc, pos)
                      for loc, pos in places]
        for location, position in dict.fromkeys(places):
            variant += 1
            qsetup = SetupCard(ref=q.card, code=qcard.passcode, player=qplayer, location=location, position=position,
                               name=qcard.name, properly_summoned=revived and location == "grave" and qkind == "extra")
            extra = ([c for c in _filler(0, "f0", qcard.passcode, "extra" if qkind == "extra" else "deck")
                      if filler in (True, "summoned", DESTROYED_THIS_TURN) or c.location != "mzone"] + _filler(1, "f1") + named
                     + event_named) if filler and filler not in BOARD_PROFILES else []
            if filler in BOARD_PROFILES:
                extra = profile_filler(filler, qcard.passcode, "extra" if qkind == "extra" else "deck", named + event_named,
                                       cards, own_pzone=location == "pzone", refs=refs, scripts=in_play)
            # (a summon made in the phase the question is asked in: that phase first)
            steps, own_steps = [*foe_steps, *([Step(**s.__dict__) for s in _PHASE_STEPS[phase]] if summoned_in_phase else [])], []
            if revived:
                reviver, revive = revive_steps(q.card, qplayer)
                extra = [*extra, reviver]
            if buried:
                burier, revive = burial_steps(q.card, qplayer, cards)
                extra = [*extra, burier]
            if filler == "summoned":
                # the questioned monster Normal Summoned this turn first (its effect asks for it): not the
                # deciding condition, so in the baseline too
                own_steps = [Step(action="summon", card=q.card, select=["f0-m1", "f0-m2"], answer=True),
                             *_negation_window()]
                steps += own_steps
            if filler == DESTROYED_THIS_TURN:
                # its controller's monsters destroyed first by a stand-in 「ブラック・ホール」 (what the condition asks,
                # not the deciding condition: in the baseline too)
                extra = [*extra, SetupCard(ref="dt0", code=EFFECT_DESTROYER, player=qplayer, location="hand")]
                own_steps = [Step(action="activate", card="dt0", answer=True)]
                steps += own_steps
            for e in events:
                # an earlier activation that needs a target takes the other player's filler cards (with
                # filler); bare, a choice it needs makes that step unplayable (inconclusive)
                p = next((c.player for c in placed if c.ref == e.card), qplayer)
                pool = [f"f{1 - p}-{t}" for t in ("s1", "m1", "m2", "g1")] if filler else []
                steps += trigger_steps(e, e.card in by_summon, p, filler)
                if (revived or buried) and e is own[0]:
                    steps += revive
                    own_steps += revive
                    continue
                steps.append(_summon_step(e, p, filler) if e.action != "activate" else Step(
                    action="chain" if any(e is link for link in links[1:]) else "activate", card=e.card,
                    # (the questioned card too where the question answers no chain: 「X」が適用されている「Q」)
                    target=[*(t for t in e.targets if t != q.card or not chained), *pool], answer=True,
                    # its costs and choices among the cards its text names (with filler)
                    select=([e.declared] if e.declared else []) + (
                        [c.ref for c in event_named if c.ref.startswith(f"f{p}-{e.card}n")] if filler else []),
                    effect=event_effect_index(e, by_ref[e.card].passcode, cards)))
                if e in own:
                    own_steps.append(steps[-1])
            # (after a Summon by an effect, its trigger is asked in the window after that effect resolves)
            qaction = "chain" if chained and action == "activate" and not revived else action
            # (in the End Phase an effect is activated in the chain window the phase opens, not an open game state)
            qaction = "chain" if phase == "end" and action == "activate" else qaction
            steps += [] if summoned_in_phase else [Step(**s.__dict__) for s in _PHASE_STEPS.get(phase, [])]
            if chained and events[-1].action in ("summon", "special_summon") and not revived:
                # a Summon by hand (Normal, or Special by a procedure) first opens the window to negate it
                # (「神の宣告」), offered to both players: the response asked about comes after it succeeds
                steps += _negation_window()
                own_steps += _negation_window() if own_steps else []
            if own and qaction == "chain" and phase is None and end_phase_triggered(qscript, effect) and \
                    not any(s.action == "phase" and s.phase == "end" for s in steps):
                # a trigger of the End Phase of the turn its own Summon (the condition) was made: asked in the chain
                # window the move to the End Phase opens, in the baseline too (where the ruling names no phase: a
                # ruling's End Phase is the deciding condition, played above in its duel alone; and once: an End Phase
                # the events already reach is that window, a second move would pass it)
                steps.append(Step(action="phase", phase="end"))
                own_steps.append(steps[-1])
            if target:
                # the ruling's target, and in the baseline a vanilla card of its kind in its place: the
                # deciding condition is what the target is (and the situation); where the ruling does
                # not place the target, also in the Graveyard (effects that target cards there)
                for i, (tcard, stand_code) in enumerate(target):
                    variant += i > 0
                    rid = _ruling_id(ruling)
                    base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
                    where = _where(location, filler) + f", target in {tcard.location}"
                    keep = {q.card, tcard.ref, *(c.ref for c in placed)}
                    ruling_scenario = _scenario(ruling, base, frame, zone_setup(
                        [*placed, tcard, qsetup, *extra], frame.zones, asker, keep, cards), [Step(
                        action="activate", card=q.card, effect=effect, target=[tcard.ref], answer=True,
                        expect={"target_selectable": {tcard.ref: expected}})], where, turn_player=turn_player)
                    # stand-ins: the vanilla card of the target's kind, then cards like the target (same card
                    # type, Type and Attribute, its archetype first) for effects that target only such cards
                    baselines = []
                    if frame.zones:
                        # a zone condition (「自分のモンスターゾーンにモンスターが存在する状況で」): first the ruling's
                        # own target with the zone condition removed, then the stand-ins on the ruling's board
                        same = SetupCard(**{**tcard.__dict__, "ref": "t0", "name": tcard.name})
                        baselines.append(_scenario(ruling, base + "-baseline-zone", frame, zone_baseline(
                            [same, qsetup, *extra], frame.zones, asker, cards), [Step(
                                action="activate", card=q.card, effect=effect, target=["t0"], answer=True,
                                expect={"target_selectable": {"t0": True}})], where,
                            control_of=ruling_scenario, turn_player=turn_player))
                    for n, code in enumerate(target_stand_ins(tcard, by_ref[tcard.ref], stand_code, qscript, cards)):
                        # (owned by the player who controls it: an owner the ruling gives the target is part of
                        # the deciding condition)
                        stand_in = SetupCard(**{**tcard.__dict__, "ref": "t0", "name": None, "code": code, "owner": None})
                        if stand_in.code == FILLER_SET and stand_in.location == "szone":
                            stand_in.position = "facedown"
                        elif by_ref[tcard.ref].described and by_ref[tcard.ref].position:
                            stand_in.position = None  # a position the ruling describes the target by is a trait too
                        baselines.append(_scenario(ruling, base + "-baseline" + (f"-{n + 1}" if n else ""), frame,
                                                   zone_setup([stand_in, qsetup, *extra], frame.zones, asker,
                                                              {q.card, "t0"}, cards), [Step(
                            action="activate", card=q.card, effect=effect, target=["t0"], answer=True,
                            expect={"target_selectable": {"t0": True}})], where,
                            control_of=ruling_scenario, turn_player=turn_player))
                    scenarios += [*baselines, ruling_scenario]
                continue
            rid = _ruling_id(ruling)
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            keep = {q.card, *(c.ref for c in placed)}
            ruling_setup = zone_setup([*placed, qsetup, *extra], frame.zones, asker, keep, cards)
            ask = Step(action=qaction, card=q.card, effect=effect, answer=True, expect={"offered": expected},
                       # (after the stand-in sent it from the Deck: not in the window of that activation)
                       after=[q.card] if buried and qaction == "chain" else [])
            ruling_scenario = _scenario(ruling, base, frame, ruling_setup, [*steps, ask], _where(location, filler),
                                        no_setcodes=bool(no_setcodes and filler),
                                        turn_player=1 - qplayer if phase == FOE_TURN else turn_player)
            if nested:
                # the chain's first link answers only an activation: chained to a stand-in activation of the other
                # player (in that player's turn), one variant each; the baseline below (the questioned card chained
                # to stand-ins in place of the ruling's chain) is each variant's
                runs = []
                # (a Spell chained in the other player's turn: Set, not from the hand)
                first_links = [SetupCard(**{**c.__dict__, "location": "szone", "position": "facedown"}) if (
                    c.ref == links[0].card and c.location == "hand" and cards.kind(c.code) in ("spell", "continuous"))
                    else c for c in placed]
                for n, (label, stand_in, prelude) in enumerate(nested):
                    variant += n > 0
                    runs.append(_scenario(ruling, f"{TEMPLATE}-{_slug(rid)}-v{variant}", frame, zone_setup(
                        [*first_links, qsetup, *extra, stand_in], frame.zones, asker, keep | {stand_in.ref}, cards), [
                        prelude, *(Step(**{**st.__dict__, "action": "chain"}) if st.card == links[0].card and
                                   st.action == "activate" else st for st in steps), ask],
                        f"{_where(location, filler)}, {label}", no_setcodes=bool(no_setcodes and filler),
                        turn_player=stand_in.player))
            # the baseline: the deciding condition (situation cards, earlier events) removed
            summon_before, stand_ins = _summon_baseline(events, own_steps, qaction, turn_player, filler)
            if qaction == "chain" and not summon_before and phase is None:
                # a chain to the ruling's card: chains to stand-in activations instead (any one that offers
                # the chain shows the set-up gives the questioned card what it needs)
                baselines = _chain_baselines(ruling, base, frame, by_ref[events[-1].card], activator, qsetup,
                                             zone_baseline(extra, frame.zones, asker, cards),
                                             effect, _where(location, filler), ruling_scenario,
                                             # (a stand-in for the last link is activated in its activator's turn)
                                             activator if link_player else turn_player, cards)
            else:
                baselines = [_scenario(ruling, base + "-baseline", frame, zone_baseline(
                    [qsetup, *extra, *stand_ins], frame.zones, asker, cards), [*summon_before, Step(
                    action=qaction if summon_before else "activate" if qaction == "chain" else qaction, card=q.card,
                    effect=effect, answer=True, expect={"offered": True},
                    after=[q.card] if buried and qaction == "chain" and summon_before else [])], _where(location, filler),
                    control_of=ruling_scenario, turn_player=turn_player)]
            if nested:
                scenarios += [s for run in runs for s in (*(Scenario(**{**b.__dict__, "id": b.id.replace(
                    ruling_scenario.id, run.id, 1), "control_for": run.id}) for b in baselines), run)]
                continue
            scenarios += [*baselines, ruling_scenario]  # baselines run first: the ruling's verdict needs them
    response = response_event(qscript, effect) if action == "activate" and not events and not own \
        and phase is None else None
    if response in RESPONSE_PRELUDES and target:
        # a target question about an effect activated only in response to an event (「魔法・罠・効果モンスターの効果が
        # 発動した時に…を対象として」): last variants, the target asked in the chain to that event
        scenarios += _target_response_variants(ruling, frame, qcard, qkind, effect, placed, target, variant, cards,
                                               response, by_ref, qscript)
    elif response in RESPONSE_PRELUDES:
        # an effect activated only in response to an event the ruling does not name (an activation, an attack,
        # battle damage): last variants, chained to that event played first (in both duels)
        scenarios += _response_variants(ruling, frame, qcard, qkind, effect, placed, named + [
            c for c in filtered_cards([qscript], qcard.passcode, cards) if c.location != "mzone"], variant, cards, response)
    if not scenarios and frame.zones:
        raise NotCompiled(f"situation: 「{frame.zones[0].text}」 leaves no place for 「{qcard.name}」")
    return scenarios



def declared_cards(events: list[FrameEvent], placed: list[SetupCard], by_ref: dict[str, FrameCard], qplayer: int,
                   cards: CardSource) -> list[SetupCard]:
    """The cards whose names the activations before the question declare (「X」を宣言して発動した「禁止令」), for the
    declaration to name (the activation step selects it): where the ruling puts X, else in the asker's Deck (its
    Extra Deck) where X takes no part in the duel."""
    out: list[SetupCard] = []
    for e in events:
        if not e.declared or any(c.ref == e.declared for c in placed + out):
            continue
        d = by_ref[e.declared]
        location = d.location if d.location in ("hand", "grave", "removed", "deck", "extra") else (
            "extra" if cards.kind(d.passcode) == "extra" else "deck")
        out.append(SetupCard(ref=d.ref, code=d.passcode, player=qplayer, location=location, name=d.name))
    return out


def first_copy_side(first: FrameCard, qcard: FrameCard, qplayer: int, cards: CardSource) -> int:
    """Whose field the first copy of a monster sits on when a second one is summoned (「2体目の「X」を召喚できますか」,
    the ruling says no side): the other player's where X may be face-up only once on the whole field
    (SetUniqueOnField(1,1,…): a copy there counts, and is not a monster the summon could release); the
    summoner's where only its own field counts, unless the summon releases monsters (it could release that copy)."""
    script = cards.script(qcard.passcode) or ""
    unique = re.search(r"SetUniqueOnField\(\s*1\s*,\s*(\d)\s*,\s*([^)]*)\)", script)
    if unique and unique.group(2).strip() != "id":
        # (「地縛神」: a uniqueness over an archetype, by a filter: the engine lets a second one be summoned
        # beside the other player's even without 「スキルドレイン」, so a scenario would not test the ruling)
        raise NotCompiled(f"「{first.name}」 is unique on the field by a filter, not by its own name: a second "
                          f"copy's summon is not compiled")
    if unique and unique.group(1) == "1":
        return 1 - qplayer
    if (int(cards.data[qcard.passcode].get("level") or 0) & 0xFF) >= 5:
        raise NotCompiled(f"the first 「{first.name}」 on the summoner's field could be released for the second one's "
                          f"summon: not compiled")
    return qplayer


# an answer that allows one of the effect's ● choices and refuses another (『●…』効果を選択して発動する事はできますが、
# 『●…』効果を選択して発動する事はできません)
_ONE_MODE_REFUSED = re.compile(r"『●[^』]*』[^。]*できますが[^。]*『●[^』]*』[^。]*できません")


def _check_one_mode_refused(ruling: Any, frame: Frame) -> None:
    """A "no" whose answer allows one ● effect of the questioned card and refuses another is about a choice made
    while activating (「月光黒羊」 under 「ライオウ」: the Graveyard one yes, the Deck one no): the activation itself is
    offered, and which ● is chosen is not compiled."""
    text = as_ruling(ruling).text or ""
    answer = text.split("回答", 1)[1] if "回答" in text else text
    if frame.answer == "no" and _ONE_MODE_REFUSED.search(answer):
        raise NotCompiled("answer: one of the effect's ● choices is allowed and another refused: the choice made when "
                          "activating it is not compiled")


# The events an effect activated only in response to one (response_event) gets played before it, when the
# ruling names none: the other player's activation of a stand-in (CHAIN_STANDINS), the other player's
# attack on the questioned card's controller's monster. (Battle damage is not: the chain windows of the
# attack declaration and the Damage Step come first, and a chain step answers the first window.)
RESPONSE_PRELUDES = ("EVENT_CHAINING", "EVENT_ATTACK_ANNOUNCE", "EVENT_BE_BATTLE_TARGET", "EVENT_SPSUMMON")
# the monster the other player Special Summons by its own procedure for an effect activated only when a monster is
# about to be Special Summoned (EVENT_SPSUMMON: 「ライオウ」②): 「サイバー・ドラゴン」, from the hand of a player who
# controls no monster while the other does
STAND_IN_SUMMON_PROCEDURE = 70095154
DESTROYED_THIS_TURN = "a monster of its controller destroyed this turn"
# a condition that reads a flag the script's global check registers for a player when one of its monsters is
# destroyed (「自分フィールドのモンスターが破壊されたターンに発動できる」: aux.GlobalCheck … EVENT_DESTROYED … GetFlagEffect(tp,id))
_DESTROYED_FLAG = re.compile(r"aux\.GlobalCheck\([\s\S]*?SetCode\(EVENT_DESTROYED\)")
_OWN_FLAG_READ = re.compile(r"Duel\.GetFlagEffect\(\s*tp\s*,\s*id\s*\)\s*(?:~=|>)\s*0")


def destroyed_this_turn(script: str) -> bool:
    """Whether an activation's condition asks that a monster of its controller was destroyed this turn
    (_DESTROYED_FLAG and _OWN_FLAG_READ)."""
    return bool(_DESTROYED_FLAG.search(script) and _OWN_FLAG_READ.search(script))


def _preludes(event: str, cards: CardSource) -> list[tuple[str, int, list[SetupCard], list[Step], set[str]]]:
    """For a response event, each way to play it: (label, turn player, cards it adds, steps, filler refs it
    leaves out)."""
    if event == "EVENT_CHAINING":
        out = []
        for code in _chain_standins("spell", cards):
            kind = cards.kind(code)
            where, pos = ("mzone", "faceup_attack") if kind in ("monster", "pendulum", "extra") else (
                ("szone", "facedown") if kind.startswith("trap") else ("hand", None))
            out.append((f"chained to {code}", 1, [SetupCard(ref="a0", code=code, player=1, location=where, position=pos)],
                        [Step(action="activate", card="a0", target=[f"f0-{t}" for t in ("s1", "m1", "m2", "g1")] + ["f1-g1"],
                              answer=True)], set()))
        return out
    if event == "EVENT_SPSUMMON":
        # the other player's Special Summon by a procedure, its field without the filler's monsters
        return [("after the other player's Special Summon by its procedure", 1,
                 [SetupCard(ref="a0", code=STAND_IN_SUMMON_PROCEDURE, player=1, location="hand")],
                 [Step(action="special_summon", card="a0", answer=True)], {"f1-m1", "f1-m2"})]
    # an attack declaration: the other player's filler monster attacks the questioned card's controller's, or
    # directly (that player's field without the filler's monsters)
    battle = Step(action="phase", phase="battle")
    return [("after the other player's attack", 1, [], [battle, Step(action="attack", card="f1-m1", target=["f0-m1"],
                                                                     answer=True)], set()),
            ("after the other player's direct attack", 1, [], [battle, Step(action="attack", card="f1-m1", answer=True)],
             {"f0-m1", "f0-m2"})]


TARGET_RESPONSE_PRELUDES = 2  # the stand-in activations a target question is chained to (each a variant)


def _target_response_variants(ruling: Any, frame: Frame, qcard: FrameCard, qkind: str, effect: int | None,
                              placed: list[SetupCard], target: list[tuple[SetupCard, int]], variant: int,
                              cards: CardSource, event: str, by_ref: dict[str, FrameCard],
                              qscript: str) -> list[Scenario]:
    """Variants of a target question (can_target) about an effect that is only activated in response to an event
    the ruling does not name (RESPONSE_PRELUDES): as _response_variants, the questioned card chained to the
    event (the first TARGET_RESPONSE_PRELUDES ways to play it), its target prompt asked; per place of the
    ruling's target, a baseline per stand-in target (target_stand_ins) in its place. The deciding condition
    stays what the target is."""
    q = frame.question
    rid = _ruling_id(ruling)
    location, position = ("szone", "facedown") if qkind not in ("monster", "pendulum", "extra", "field") else \
        _question_places(qkind, qcard, frame)[0]
    if qcard.location in ("hand", "grave"):
        location, position = qcard.location, None
    qsetup = SetupCard(ref=q.card, code=qcard.passcode, player=0, location=location, position=position, name=qcard.name)
    out: list[Scenario] = []
    for label, turn_player, added, before, left_out in _preludes(event, cards)[:TARGET_RESPONSE_PRELUDES]:
        extra = [c for c in _filler(0, "f0", qcard.passcode, "extra" if qkind == "extra" else "deck") + _filler(1, "f1")
                 if c.ref not in left_out]
        for tcard, stand_code in target:
            variant += 1
            base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
            where = _where(location, True) + f", {label}, target in {tcard.location}"
            ask = Step(action="chain", card=q.card, effect=effect, target=[tcard.ref], answer=True,
                       expect={"target_selectable": {tcard.ref: frame.answer == "yes"}})
            ruling_scenario = _scenario(ruling, base, frame, [*placed, tcard, qsetup, *added, *extra], [*before, ask],
                                        where, turn_player=turn_player)
            baselines = []
            for n, code in enumerate(target_stand_ins(tcard, by_ref[tcard.ref], stand_code, qscript, cards)):
                stand_in = SetupCard(**{**tcard.__dict__, "ref": "t0", "name": None, "code": code, "owner": None})
                if stand_in.code == FILLER_SET and stand_in.location == "szone":
                    stand_in.position = "facedown"
                baselines.append(_scenario(ruling, base + "-baseline" + (f"-{n + 1}" if n else ""), frame,
                                           [stand_in, qsetup, *added, *extra], [*before, Step(**{
                                               **ask.__dict__, "target": ["t0"], "expect": {"target_selectable": {"t0": True}}})],
                                           where, control_of=ruling_scenario, turn_player=turn_player))
            out += [*baselines, ruling_scenario]
    return out


def _response_variants(ruling: Any, frame: Frame, qcard: FrameCard, qkind: str, effect: int | None,
                       placed: list[SetupCard], named: list[SetupCard], variant: int, cards: CardSource,
                       event: str) -> list[Scenario]:
    """Variants of a can-activate question about an effect that is only activated in response to an event
    the ruling does not name (its script's SetCode: RESPONSE_PRELUDES): the event played first (_preludes:
    the other player's activation of a stand-in, one variant each; an attack; a direct attack), then the
    questioned card, Set (a Spell/Trap) or where its type or the ruling puts it, chained to it; in the
    ruling's duel with the situation, in the baseline without it. Any prelude the baseline chains to shows
    the set-up gives the effect what it needs; the deciding condition stays the situation."""
    q = frame.question
    rid = _ruling_id(ruling)
    location, position = ("szone", "facedown") if qkind not in ("monster", "pendulum", "extra", "field") else \
        _question_places(qkind, qcard, frame)[0]
    if qkind == "trap-continuous" and "効果" in (q.text or ""):
        location, position = "szone", "faceup"
    if qcard.location in ("hand", "grave"):
        location, position = qcard.location, None  # (手札の「レッド・リブート」: activated from there)
    qsetup = SetupCard(ref=q.card, code=qcard.passcode, player=0, location=location, position=position, name=qcard.name)
    keep = {q.card, *(c.ref for c in placed)}
    out: list[Scenario] = []
    for label, turn_player, added, before, left_out in _preludes(event, cards):
        variant += 1
        extra = [c for c in _filler(0, "f0", qcard.passcode, "extra" if qkind == "extra" else "deck") + _filler(1, "f1")
                 + named if c.ref not in left_out]
        ask = Step(action="chain", card=q.card, effect=effect, answer=True, expect={"offered": frame.answer == "yes"})
        where = _where(location, True) + f", {label}"
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        ruling_scenario = _scenario(ruling, base, frame, zone_setup([*placed, qsetup, *added, *extra], frame.zones, 0, keep,
                                                                    cards), [*before, ask], where, turn_player=turn_player)
        baseline = _scenario(ruling, base + "-baseline", frame, zone_baseline([qsetup, *added, *extra], frame.zones, 0, cards),
                             [*before, Step(**{**ask.__dict__, "expect": {"offered": True}})], where,
                             control_of=ruling_scenario, turn_player=turn_player)
        out += [baseline, ruling_scenario]
    return out

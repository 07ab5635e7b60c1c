"""Tribute Summons before the question (FrameEvent note TRIBUTE_SUMMON_NOTE): 「T」をリリースして「X」をアドバンス召喚した
場合、「X」の効果を発動できますか / 「T」をリリースしてアドバンス召喚した「X」の効果は発動しますか.

X is Normal Summoned from its controller's hand Tributing the named monsters (face-up on that field; a second Tribute
its Level asks for comes from the filler), the window to negate the Summon passed, and X's trigger of its own Summon
asked in the chain window that follows (a mandatory one the engine chains by itself counts as the offer). The deciding
condition is which monster was Tributed: the baselines Tribute a stand-in in T's place, the vanilla filler monster
first (T itself face-up before it where the ruling puts T in a position), then cards like T (its archetype first: what a "Tributed a 「…」 monster" condition looks for), and the first
that shows the trigger offered is the one the ruling's duel is judged beside.

A Tributed monster's own trigger asked after that Summon (「T」をリリースして「X」をアドバンス召喚した場合、「T」の効果を発動
できますか: X's Summon sends T elsewhere than the Graveyard) is asked the same way, for a "yes" only: what else would give T
that trigger for a baseline is not known, so the baseline is the same duel (not offered in both says the set-up lacks what
the trigger needs: inconclusive)."""
from __future__ import annotations

from typing import Any

from engine_bridge.compiler.base import _ruling_id, _scenario, _slug, CardSource, FILLER_MONSTER, NotCompiled, TEMPLATE
from engine_bridge.compiler.boards import _check_cards, _filler, filtered_cards, similar_cards
from engine_bridge.compiler.effects import effect_index, open_state_effects
from engine_bridge.compiler.steps import _negation_window, summon_triggered
from engine_bridge.scenario import Scenario, SetupCard, Step
from rulings.records import Frame, TRIBUTE_SUMMON_NOTE


# the position a Tribute is Set up in where the ruling says it (裏側表示の…): a face-down monster is in Defense Position
_POSITIONS = {"facedown": "facedown_defense", "facedown_defense": "facedown_defense", "faceup": "faceup_attack",
              "faceup_attack": "faceup_attack", "faceup_defense": "faceup_defense"}


def tribute_summoned(frame: Frame) -> bool:
    """Whether the frame's events hold a Tribute Summon with named Tributes (the reader's TRIBUTE_SUMMON_NOTE)."""
    return any(e.note == TRIBUTE_SUMMON_NOTE for e in frame.events)


def compile_tribute_summon(ruling: Any, frame: Frame, cards: CardSource) -> list[Scenario]:
    """The scenarios of a trigger of X's own Normal Summon asked after X's Tribute Summon with the named monsters (see
    the module's docstring); its baselines first."""
    q = frame.question
    if frame.answer not in ("yes", "no") or frame.unread:
        raise NotCompiled(frame.unread[0] if frame.unread else "the answer is not yes or no")
    (event,) = frame.events if len(frame.events) == 1 else (None,)
    if event is None or frame.zones or any(c.state for c in frame.cards):
        raise NotCompiled("a Tribute Summon beside other events, states or zones before the question: not compiled yet")
    if q.card != event.card and (q.card not in event.targets or frame.answer != "yes"):
        raise NotCompiled("after a Tribute Summon, an effect of a card other than the summoned monster, or a Tributed "
                          "monster's own effect answered 'no' (no baseline gives it its event otherwise): not compiled")
    if q.kind not in ("can_activate", "applies") or q.targets:
        raise NotCompiled(f"{q.kind} after a Tribute Summon: only whether the summoned monster's trigger is activated "
                          f"is compiled")
    _check_cards(frame, cards)
    by_ref = {c.ref: c for c in frame.cards}
    x = by_ref[event.card]
    tributes = [by_ref[t] for t in event.targets]
    if cards.kind(x.passcode) not in ("monster", "pendulum") or any(
            cards.kind(t.passcode) not in ("monster", "pendulum", "extra") for t in tributes):
        raise NotCompiled(f"「{x.name}」 Tribute Summoned, or a monster Tributed for it, is not a monster that can be")
    if any(c.controller == "opponent" for c in (x, *tributes)) or q.actor == "opponent":
        raise NotCompiled("a Tribute Summon by the other player, or Tributing its monsters: not compiled yet")
    asked = by_ref[q.card]
    script = cards.script(asked.passcode) or ""
    effect = effect_index(frame, asked.passcode, cards, activation=False)
    if asked is x and not summon_triggered(script, effect, single=True):
        raise NotCompiled(f"「{x.name}」's asked effect is not a trigger of its own Normal Summon (its script): what "
                          f"follows its Tribute Summon is not compiled yet")
    if asked is not x and open_state_effects(script, effect) is not False:
        raise NotCompiled(f"「{asked.name}」's asked effect is not a trigger (its script): what follows the Tribute Summon "
                          f"is not compiled yet")
    rid = _ruling_id(ruling)
    refs = [t.ref for t in tributes]
    scenarios: list[Scenario] = []
    for variant, filler in enumerate((False, True), 1):
        # (with filler: a second Tribute its Level asks for, and the cards its effect's filters look for)
        extra = [*_filler(0, "f0"), *_filler(1, "f1"), *(c for c in filtered_cards([script], asked.passcode, cards)
                                                         if c.location != "mzone")] if filler else []
        second = ["f0-m1", "f0-m2"] if filler else []
        summoner = SetupCard(ref=x.ref, code=x.passcode, player=0, location="hand", name=x.name)

        def duel(tributed: list[SetupCard], chosen: list[str], expected: bool) -> tuple[list[SetupCard], list[Step]]:
            steps = [Step(action="summon", card=x.ref, select=[*chosen, *second], answer=True), *_negation_window(),
                     Step(action="chain", card=asked.ref, effect=effect, answer=True, expect={"offered": expected})]
            return [summoner, *tributed, *extra], steps

        label = f"「{x.name}」 Tribute Summoned with " + "、".join(f"「{t.name}」" for t in tributes) + (" + filler" if filler else "")
        base = f"{TEMPLATE}-{_slug(rid)}-v{variant}"
        tributed = [SetupCard(ref=t.ref, code=t.passcode, player=0, location="mzone", position=_POSITIONS.get(
            t.position or "", "faceup_attack"), name=t.name) for t in tributes]
        ruling_scenario = _scenario(ruling, base, frame, *duel(tributed, refs, frame.answer == "yes"), label)
        baselines = []
        if asked is not x:
            baselines.append(_scenario(ruling, base + "-baseline", frame, *duel(tributed, refs, True),
                                       label + ", the same duel", control_of=ruling_scenario))
        # (a Tribute the ruling puts in a position: the same card face-up first, the position being the deciding condition)
        said = [tributes[0].passcode] if tributes[0].position else []
        for n, code in enumerate([*said, FILLER_MONSTER, *similar_cards(tributes[0].passcode, cards)] if asked is x else []):
            stand_ins = [SetupCard(ref=f"t{i}", code=code if i == 0 else FILLER_MONSTER, player=0, location="mzone",
                                   position="faceup_attack") for i in range(len(tributes))]
            baselines.append(_scenario(ruling, base + "-baseline" + (f"-{n + 1}" if n else ""), frame, *duel(
                stand_ins, [s.ref for s in stand_ins], True), label + ", a stand-in Tributed instead",
                control_of=ruling_scenario))
        for sc in (*baselines, ruling_scenario):
            sc.notes["event"] = "tribute summon"
        scenarios += [*baselines, ruling_scenario]
    return scenarios

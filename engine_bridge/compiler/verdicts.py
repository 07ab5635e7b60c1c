"""Expectations, outcomes and verdicts beside baselines: settle and settle_result turn the engine's
results into each ruling's FrameVerdict; best_baseline, judged_beside_baseline and the _one/one_*
functions judge one variant beside its baseline per question kind (offered, target, fate, select,
applied, summons / to_hand, stats, LP, triggered); the fate expectations and what the question step observed.
"""
from __future__ import annotations

import re
from typing import Any

from engine_bridge.compiler.base import _ja_texts, CardSource, FrameVerdict, TEMPLATE
from engine_bridge.constants import load_constants
from engine_bridge.scenario import Scenario


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
    moves = any(scenario.notes.get(n) for n in MOVED_INTO)
    if scenario.notes.get("applied") or scenario.notes.get("activates") or moves:
        if scenario.kind == "control":
            seen, why = (applied_seen if scenario.notes.get("applied") else moved_into_seen if moves
                         else triggered_seen)(scenario, result)
            result.verdict, result.diffs = ("pass", []) if seen else ("inconclusive", [])
            if not seen:
                result.message = "baseline: " + why
            return result
    elif scenario.notes.get("lp"):
        if scenario.kind == "control":
            # without the deciding condition the steps must still reach some damage or recovery
            changed = lp_changes(scenario, result)
            unplayed = steps_unplayed(scenario, result)
            result.verdict, result.diffs = ("pass", []) if any(changed) and not unplayed else ("inconclusive", [])
            if result.verdict != "pass":
                result.message = "baseline: " + (unplayed or "no damage or LP gain happened")
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
            if (scenario.notes.get("fates") or scenario.notes.get("lp")) and out[rid].scenario_id:
                # a fate question played with the ruling's unstated sides both ways (an LP one with either monster
                # of its battle attacking): variants that disagree say the ruling depends on what it leaves open
                other = _one(scenario, result, *baselines.get(scenario.id, (None, None)))
                if other.verdict not in ("inconclusive", out[rid].verdict):
                    out[rid] = FrameVerdict(rid, kind, "inconclusive", f"variants disagree ({out[rid].scenario_id}: "
                                            f"{out[rid].verdict}, {scenario.id}: {other.verdict}): the ruling does not "
                                            f"say {'which monster attacks' if scenario.notes.get('lp') else 'whose cards they are'}",
                                            None)
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
    if scenario.notes.get("lp"):
        return one_lp(scenario, result)
    if scenario.notes.get("applied"):
        return one_applied(scenario, result, baseline, base_result)
    if any(scenario.notes.get(n) for n in MOVED_INTO):
        return one_moved_into(scenario, result, baseline, base_result)
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
    if obs is not None and bool(obs.get("offered")) != bool(expected) and (unmet := _requires_unmet(scenario)):
        return FrameVerdict("", "", "inconclusive", unmet, scenario.id, getattr(result, "log", None))
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
                            "(or only their series') in the card data (give a cards.cdb that lists them)", scenario.id,
                            getattr(result, "log", None))
    moved = _moved_before_question(scenario, result)
    if moved:
        return FrameVerdict("", "", "inconclusive", moved, scenario.id, getattr(result, "log", None))
    return FrameVerdict("", "", "fail", f"{q.describe()}: ruling says {'offered' if expected else 'not offered'}, engine: "
                        f"{'offered' if obs.get('offered') else 'not offered'} (options: {', '.join(obs.get('options') or []) or 'none'})",
                        scenario.id, getattr(result, "log", None))


def _requires_unmet(scenario: Scenario) -> str | None:
    """Why an answer the engine does not show is no verdict where the ruling states what its answer needs
    (Frame.requires: a yes 「ただし、…状態でなければ発動する事はできません」, a no 「（…であれば…発動する事はできます。）」):
    the set-up may lack it (a yes) or meet the exception (a no)."""
    notes = getattr(scenario, "notes", None) or {}
    requires, answer = notes.get("requires"), notes.get("answer")
    return (f"not shown, but the ruling's {answer} holds only beside what it states, which the set-up may "
            f"{'lack' if answer == 'yes' else 'meet'} (「{requires[0]}」)" if requires else None)


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


def _chosen_among(obs: dict | None, ref: str) -> bool | None:
    """Whether the card was among the candidates of any card choice the step asked, at its activation or
    at its resolution (None: none asked)."""
    prompts = [*((obs or {}).get("prompts") or []), *((obs or {}).get("late_prompts") or [])]
    return any(ref in p.get("candidates", []) for p in prompts) if prompts else None


def _stand_in_moved(base_result: Any, ref: str = "t0") -> bool:
    """Whether the baseline's duel moved its stand-in (a cost paid with it, its resolution adding, sending or
    attaching it): the stand-in was the card chosen."""
    log = getattr(base_result, "log", None) or {}
    return any(e.get("event") == "move" and e.get("card") == ref for e in (log.get("events") or []))


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
    if obs is not None and bool(got) != bool(expected) and (unmet := _requires_unmet(scenario)):
        return FrameVerdict("", "", "inconclusive", unmet, scenario.id, log)
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
        if not _stand_in_moved(base_result):
            # the baseline's stand-in was offered but another card was taken (「超量合神－マグナフォーメーション」: the
            # stand-in Xyz Monster was its target, a filler its material): the stand-in may have enabled the
            # activation in another role than the one asked, so a refusal without it says nothing
            return FrameVerdict("", "", "inconclusive", "the activation is not offered, and the baseline's stand-in "
                                "was not the card its choice moved", scenario.id, log)
        got = False  # the chosen card is all that differs from the baseline, which the engine offers
    if got is None:
        return FrameVerdict("", "", "inconclusive", "the engine asked no choice of cards", scenario.id, log)
    if got == expected:
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    if expected and (getattr(scenario, "notes", None) or {}).get("archetype_without_setcodes"):
        return FrameVerdict("", "", "inconclusive", f"{ref} is not among the choices, but the card data gives it no set "
                            "code (or only its series') while the effect looks for an archetype (give a cards.cdb that "
                            "lists it)", scenario.id, log)
    return FrameVerdict("", "", "fail", f"{ref} among the choices of {q.describe()}: ruling says "
                        f"{'yes' if expected else 'no'}, engine: {'yes' if got else 'no'}", scenario.id, log)


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


def _vanished_unseen(scenario: Scenario, result: Any, ref: str) -> str:
    """For a card a stand-in removal takes away before `ref`'s activation resolves (notes.vanished: stand-in ->
    card): '' when the activation could target it (where it is its target: among the candidates of the
    first step's choices, which list it first) and, where the stand-in is played, it moved (or, the stand-in of a
    monster turned face-down, was turned face-down) before `ref` resolved; else why not (phrased as a step not
    played: the situation is not the ruling's)."""
    vanished = scenario.notes.get("vanished") or {}
    log = getattr(result, "log", None) or {}
    events = log.get("events") or []
    solving = next((i for i, e in enumerate(events) if e.get("event") == "solving" and e.get("card") == ref), len(events))
    # (the first activation: after the Summon that gives a trigger its event, where one is played first)
    at = next((i for i, st in enumerate(scenario.steps) if st.action in ("activate", "chain")), 0)
    first = next((o for o in log.get("steps") or [] if o.get("index") == at), {})
    for stand_in, gone in vanished.items():
        if gone in scenario.steps[at].target and not any(gone in p.get("candidates", []) for p in first.get("prompts") or []):
            return f"step {at + 1} ({scenario.steps[at].describe()}) could not take {gone} as its target"
        played = next((i for i, st in enumerate(scenario.steps) if st.card == stand_in), None)
        if played is not None and not any(e.get("card") == gone and (e.get("event") == "move" or e.get("event") == "position"
                                          and str(e.get("to")).startswith("facedown")) for e in events[:solving]):
            return f"step {played + 1} ({scenario.steps[played].describe()}) did not take {gone} away before {ref} resolved"
    return ""


# what a resolution's logged event is, in the words of an effect's text that does it (a Pendulum Monster destroyed or
# sent to the Graveyard from the field goes face-up to the Extra Deck instead)
_DONE_WORDS = {"hand": r"手札に(?:加え|戻)", "mzone": r"召喚|モンスターゾーンに(?:置|戻)", "grave": r"墓地|破壊|捨て|リリース",
               "removed": r"除外", "deck": r"デッキ|手札に戻", "extra": r"エクストラデッキ|EXデッキ|デッキ|手札に戻|破壊|墓地",
               "szone": r"装備|置|セット", "overlay": r"素材", "damage": r"ダメージ", "recover": r"回復",
               "draw": r"ドロー", "position": r"表示"}


def _other_processing(done: list[dict], processing: str) -> str:
    """Of what a resolution did (resolution_result), '' when any of it is something the asked effect's text
    (`processing`, '' when unknown) does; else what it did (another effect or mode of the card resolved)."""
    words = [_DONE_WORDS.get(e.get("to") if e.get("event") == "move" else e.get("event")) for e in done]
    if not processing or not done or any(w is None or re.search(w, processing) for w in words):
        return ""
    return ", ".join(f"{e['event']} {e.get('card') or e.get('player')}" + (f" to {e['to']}" if e.get("to") else "")
                     for e in done[:3])


def _own_move_said(event: dict, processing: str) -> bool:
    """Whether the asked effect's text (`processing`) moves the activated card itself the way the logged
    `event` did (「このカードを次のスタンバイフェイズまで除外する」: a move of that card to the banished pile), so
    that the move is part of its processing (not the card's own activation or a Spell's trip to the Graveyard)."""
    word = _DONE_WORDS.get(event.get("to") if event.get("event") == "move" else event.get("event"))
    return bool(word and re.search(r"このカードを[^。]*?(?:" + word + ")", processing))


def _own_target_candidate(scenario: Scenario, result: Any, ref: str) -> bool:
    """Whether the activation of `ref` (its first activate/chain step) offered `ref` itself as a target."""
    at = next((i for i, st in enumerate(scenario.steps) if st.card == ref and st.action in ("activate", "chain")), None)
    observed = next((o for o in (getattr(result, "log", None) or {}).get("steps") or [] if o.get("index") == at), {})
    return at is not None and any(ref in p.get("candidates", []) for p in observed.get("prompts") or [])


def applied_seen(scenario: Scenario, result: Any) -> tuple[bool, str]:
    """Whether every step was played and the questioned link's resolution did what the scenario says
    (applied: something the log shows; not applied: nothing); else why not."""
    (ref, applied), = scenario.notes["applied"].items()
    unplayed = steps_unplayed(scenario, result) or _vanished_unseen(scenario, result, ref)
    if unplayed:
        return False, unplayed
    processing = scenario.notes.get("processing") or ""
    done = resolution_result(result, ref, {st.card for st in scenario.steps if st.card} - {ref})
    if done is None:
        return False, f"step 1 ({scenario.steps[0].describe()}): its chain link did not resolve"
    own = [e for e in done if e.get("card") == ref and not _own_move_said(e, processing)]
    done = [e for e in done if e.get("card") != ref or _own_move_said(e, processing)]
    if applied and own and not done and _own_target_candidate(scenario, result, ref):
        # 「オルターガイスト・マリオネッター」 may take itself as the field card it sends to the Graveyard: its own move
        # is then its processing, or its leaving; the log does not say which card a prompt took
        return False, (f"step 1 ({scenario.steps[0].describe()}) could take {ref} itself as its target and {ref} moved "
                       f"while it resolved: the log does not tell its processing from its own move")
    other = _other_processing(done, processing)
    if other:
        return False, f"step 1 ({scenario.steps[0].describe()}) resolved {other}, which the asked effect's text does not do " \
                      f"(another effect or mode of the card was activated)"
    if bool(done) == applied:
        return True, ""
    if applied:
        return False, f"resolving {ref}'s effect did nothing the log shows (no card moved, no LP change, no draw)"
    return False, f"resolving {ref}'s effect did " + ", ".join(
        f"{e['event']} {e.get('card') or e.get('player')}" + (f" to {e['to']}" if e.get("to") else "") for e in done[:4])


def _one_beside_baseline(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any, note: str,
                         seen: Any, says: str, baseline_does: str) -> FrameVerdict:
    """A yes/no outcome noted as {ref: bool} under `note`, judged by `seen` beside its baseline (in which the
    outcome must happen); a failure says what the ruling says (`says`, formatted with ref and "not ") and
    what the baseline showed."""
    (ref, happens), = scenario.notes[note].items()
    verdict = judged_beside_baseline(scenario, result, baseline, base_result, seen, not happens)
    if verdict.verdict == "fail":
        verdict.reason = (f"ruling says {says.format(ref=ref, neg='' if happens else 'not ')}; engine: {verdict.reason} "
                          f"(without the deciding condition it {baseline_does})")
    return verdict


def one_applied(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    """An "applied" question beside its baseline (the activation alone, which must show the effect doing
    something the log sees)."""
    return _one_beside_baseline(scenario, result, baseline, base_result, "applied", applied_seen,
                                "the processing of {ref}'s effect is {neg}applied", "does something")


# the outcomes of a link's resolution that move a card into a zone (notes key -> the zone, and what it is called)
MOVED_INTO = {"summons": ("mzone", "Special Summon"), "to_hand": ("hand", "add a card to the hand")}


def moved_into_seen(scenario: Scenario, result: Any) -> tuple[bool, str]:
    """Whether every step was played and the questioned link's resolution moved a card into the zone its outcome
    is about (MOVED_INTO: a monster Special Summoned into a Monster Zone, a Token too; a card added or returned to a
    hand) from elsewhere, as the scenario says, while that link resolved; else why not."""
    note = next(n for n in MOVED_INTO if scenario.notes.get(n))
    zone, doing = MOVED_INTO[note]
    (ref, happens), = scenario.notes[note].items()
    unplayed = steps_unplayed(scenario, result) or _vanished_unseen(scenario, result, ref)
    if unplayed:
        return False, unplayed
    events = (getattr(result, "log", None) or {}).get("events") or []
    start = next((i for i, e in enumerate(events) if e.get("event") == "solving" and e.get("card") == ref), None)
    if start is None:
        return False, f"step 1 ({scenario.steps[0].describe()}): its chain link did not resolve"
    end = next((i for i, e in enumerate(events[start + 1:], start + 1) if e.get("event") in ("solved", "solving")),
               len(events))
    moved = [e.get("card") for e in events[start + 1:end]
             if e.get("event") == "move" and e.get("to") == zone and e.get("from") != zone]
    if bool(moved) == happens:
        return True, ""
    if happens:
        return False, f"resolving {ref}'s effect did not {doing}"
    return False, f"resolving {ref}'s effect moved {', '.join(map(str, moved))} to the {zone}"


def one_moved_into(scenario: Scenario, result: Any, baseline: Scenario | None, base_result: Any) -> FrameVerdict:
    """A "does the effect Special Summon / add a card to the hand" outcome beside its baseline (the activation
    alone, which must show it)."""
    note = next(n for n in MOVED_INTO if scenario.notes.get(n))
    doing = MOVED_INTO[note][1]
    return _one_beside_baseline(scenario, result, baseline, base_result, note, moved_into_seen,
                                "resolving {ref}'s effect does {neg}" + doing, "does")


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


def lp_changes(scenario: Scenario, result: Any) -> list[int]:
    """Each scenario player's damage and recovery in the duel's log (negative: damage), LP costs aside."""
    changed = [0, 0]
    for e in (getattr(result, "log", None) or {}).get("events") or []:
        if e.get("event") in ("damage", "recover") and e.get("player") in (0, 1):
            player = e["player"] ^ scenario.setup.turn_player  # (engine player 0 is the scenario's turn player)
            changed[player] += (-1 if e["event"] == "damage" else 1) * int(e.get("amount") or 0)
    return changed


def one_lp(scenario: Scenario, result: Any) -> FrameVerdict:
    """An LP outcome: every step played, then each player's damage and recovery as the ruling says (pass), or other
    ones (fail); no damage nor recovery at all for the players it names: nothing the steps played reached them
    (the set-up may lack what the effects need: inconclusive)."""
    log = getattr(result, "log", None) or {}
    unplayed = steps_unplayed(scenario, result)
    if unplayed:
        return FrameVerdict("", "", "inconclusive", f"a step before the question could not be played: {unplayed}",
                            scenario.id, log)
    said = scenario.notes["lp"]
    got = lp_changes(scenario, result)
    # (a card of the set-up gone before anything was played, 「EMモモンカーペット」 destroying itself with no card in the
    # other Pendulum Zone: the board is not the ruling's)
    placed = {c.ref: c.location for c in scenario.setup.cards}
    for e in log.get("events") or []:
        if e.get("event") not in ("move", "turn"):
            break
        if e.get("event") == "move" and e.get("card") in placed:
            return FrameVerdict("", "", "inconclusive", f"{e['card']} left the {e.get('from')} before the steps were "
                                f"played: the set-up is not the ruling's", scenario.id, log)
    # (players said to take damage, or none, without an amount: notes.damaged)
    damaged = scenario.notes.get("damaged") or [None, None]
    named = [p for p, change in enumerate(said) if change is not None]
    hurt = [p for p, takes in enumerate(damaged) if takes is not None]
    if all(got[p] == said[p] for p in named) and all((got[p] < 0) == damaged[p] for p in hurt):
        return FrameVerdict("", "", "pass", "", scenario.id, log)
    if not any(got[p] for p in [*named, *hurt]):
        return FrameVerdict("", "", "inconclusive", "no damage or LP gain reached "
                            f"{' and '.join(f'player {p}' for p in sorted({*named, *hurt}))}: the steps did not reach "
                            f"what the ruling describes (the set-up may lack what they need)", scenario.id, log)
    told = [f"player {p}'s LP {said[p]:+d}" for p in named] + [
        f"player {p} {'takes damage' if damaged[p] else 'takes no damage'}" for p in hurt]
    return FrameVerdict("", "", "fail", "ruling says " + ", ".join(told) + "; engine: " + ", ".join(
        f"player {p}'s LP {got[p]:+d}" for p in sorted({*named, *hurt})), scenario.id, log)


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
    return _one_beside_baseline(scenario, result, baseline, base_result, "activates", triggered_seen,
                                "{ref}'s effect is {neg}activated", "is activated")


"""The engine's log against the scenario's expectations: a verdict (pass, fail, error, timeout)
and, for a fail, a readable diff, one line per disagreement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine_bridge.puzzle import PlayerMap
from engine_bridge.scenario import Scenario

VERDICTS = ("pass", "fail", "inconclusive", "error", "timeout")  # inconclusive: frame scenarios (engine_bridge.compiler)
FACE_OF = {"faceup_attack": "up", "faceup_defense": "up", "faceup": "up",
           "facedown_attack": "down", "facedown_defense": "down", "facedown": "down"}


@dataclass
class Result:
    scenario_id: str
    verdict: str
    diffs: list[str] = field(default_factory=list)
    message: str = ""
    elapsed_ms: float = 0.0
    topic: str = "general"
    kind: str = "ruling"
    rule: str = "MR5"
    template: str = ""
    ruling_ids: list[str] = field(default_factory=list)
    source_file: str = ""
    log: dict[str, Any] | None = None

    @property
    def reason(self) -> str:
        """One line: the error message, or the diff for a fail."""
        if self.verdict == "pass":
            return ""
        if self.verdict == "fail":
            return "; ".join(self.diffs) or self.message
        return self.message

    def to_dict(self) -> dict[str, Any]:
        return {"scenario_id": self.scenario_id, "verdict": self.verdict, "diffs": self.diffs, "message": self.message,
                "elapsed_ms": self.elapsed_ms, "topic": self.topic, "kind": self.kind, "rule": self.rule,
                "template": self.template, "ruling_ids": self.ruling_ids, "source_file": self.source_file}


def result_for(scenario: Scenario, verdict: str, *, diffs=None, message: str = "", elapsed_ms: float = 0.0,
               log=None) -> Result:
    return Result(scenario_id=scenario.id, verdict=verdict, diffs=list(diffs or []), message=message,
                  elapsed_ms=elapsed_ms, topic=scenario.topic, kind=scenario.kind, rule=scenario.rule,
                  template=scenario.template, ruling_ids=list(scenario.ruling_ids), source_file=scenario.source_file,
                  log=log)


def _describe_card(actual: dict[str, Any]) -> str:
    bits = [actual.get("location") or "?"]
    if actual.get("player") is not None:
        bits.append(f"player {actual['player']}")
    if actual.get("location") in ("mzone", "szone", "pzone") and actual.get("sequence") is not None:
        bits.append(f"zone {actual['sequence']}")
    if actual.get("position"):
        bits.append(actual["position"])
    return ", ".join(bits)


def _position_matches(expected: str, actual: str | None) -> bool:
    if actual is None:
        return False
    if expected in ("faceup", "facedown"):
        return FACE_OF.get(actual) == FACE_OF[expected]
    return expected == actual


def _step_diffs(scenario: Scenario, log: dict[str, Any], prelude: int) -> list[str]:
    observed = {obs["index"] - prelude: obs for obs in log.get("steps", []) if "index" in obs}
    diffs = []
    for i, step in enumerate(scenario.steps):
        if not step.expect:
            continue
        obs = observed.get(i)
        label = f"step {i + 1} ({step.describe()})"
        if obs is None:
            diffs.append(f"{label}: not reached (the duel stopped before it)")
            continue
        if "offered" in step.expect and obs.get("offered") != step.expect["offered"]:
            options = ", ".join(obs.get("options") or []) or "none"
            want = "offered" if step.expect["offered"] else "not offered"
            got = "offered" if obs.get("offered") else "not offered"
            diffs.append(f"{label}: expected {want}, engine: {got} (options: {options})")
        prompts = obs.get("prompts") or []
        candidates = set(prompts[0]["candidates"]) if prompts else set()
        for key in ("target_selectable", "selectable"):
            for ref, want in (step.expect.get(key) or {}).items():
                if not prompts:
                    diffs.append(f"{label}: {key} {ref}: the engine never asked to choose cards")
                elif (ref in candidates) != want:
                    diffs.append(f"{label}: {ref} expected {'selectable' if want else 'not selectable'}, engine: "
                                 f"{'selectable' if ref in candidates else 'not selectable'} "
                                 f"(candidates: {', '.join(sorted(candidates)) or 'none'})")
    return diffs


def _final_diffs(scenario: Scenario, log: dict[str, Any], pmap: PlayerMap) -> list[str]:
    diffs = []
    cards = log.get("cards") or {}
    for ref, want in scenario.expect.cards.items():
        actual = dict(cards.get(ref) or {})
        if not actual:
            diffs.append(f"card {ref}: not found in the engine's final state")
            continue
        if actual.get("player") is not None:
            actual["player"] = pmap.to_scenario(actual["player"])
        for key, value in want.items():
            if key == "position":
                ok = _position_matches(value, actual.get("position"))
            else:
                ok = actual.get(key) == value
            if not ok:
                diffs.append(f"card {ref}: {key} expected {value}, engine: {actual.get(key)} ({_describe_card(actual)})")
    if scenario.expect.lp is not None:
        engine_lp = log.get("lp")
        got = None if engine_lp is None else [engine_lp[pmap.to_engine(0)], engine_lp[pmap.to_engine(1)]]
        if got != scenario.expect.lp:
            diffs.append(f"LP expected {scenario.expect.lp}, engine: {got}")
    if scenario.expect.chain is not None:
        chains = log.get("chains") or []
        got = chains[-1] if chains else []
        if got != scenario.expect.chain:
            diffs.append(f"chain expected {scenario.expect.chain}, engine built {got}")
    if scenario.expect.resolved is not None:
        got = log.get("resolved") or []
        if got != scenario.expect.resolved:
            diffs.append(f"resolution order expected {scenario.expect.resolved}, engine resolved {got}")
    return diffs


def evaluate(scenario: Scenario, log: dict[str, Any], pmap: PlayerMap, prelude: int = 0) -> Result:
    """The verdict for one engine log (the driver's JSON result)."""
    elapsed = float(log.get("elapsed_ms") or 0)
    status = log.get("status")
    if status == "timeout":
        return result_for(scenario, "timeout", message=log.get("message") or "timed out", elapsed_ms=elapsed, log=log)
    if status != "ok":
        return result_for(scenario, "error", message=log.get("message") or f"engine status {status!r}",
                          elapsed_ms=elapsed, log=log)
    diffs = _step_diffs(scenario, log, prelude)
    if log.get("stopped") == "fail":
        # the duel could not follow the steps: later expectations are meaningless, report why it stopped
        if not diffs:
            diffs.append(_renumber(log.get("message") or "the engine did not allow a step", prelude))
        return result_for(scenario, "fail", diffs=diffs, message=log.get("message") or "", elapsed_ms=elapsed, log=log)
    diffs += _final_diffs(scenario, log, pmap)
    return result_for(scenario, "fail" if diffs else "pass", diffs=diffs, message=log.get("message") or "",
                      elapsed_ms=elapsed, log=log)


def _renumber(message: str, prelude: int) -> str:
    """The driver counts steps from 0 including the implicit phase steps; users count from 1."""
    import re

    return re.sub(r"step (\d+)", lambda m: f"step {int(m.group(1)) - prelude + 1}", message)

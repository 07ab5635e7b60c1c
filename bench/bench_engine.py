"""Engine bridge throughput: bundled scenarios per second on one core (one Node driver, the
project's script pack loaded), against the bare engine's duel set-up rate measured in the same
Node process (create a duel, load constant.lua + utility.lua, add two vanilla cards with
duelNewCard, start, run to the first prompt, destroy). The ratio shows what scenarios cost on top.

Run: python -m bench engine
"""

from __future__ import annotations

import time

from engine_bridge.carddata import card_data_from_jsonl
from engine_bridge.cli import BUNDLED
from engine_bridge.request import BASE_SCRIPTS, pack_script_dirs
from engine_bridge.runner import EngineDriver, run_scenarios
from engine_bridge.scenario import load_scenarios

ROUNDS = 5  # passes over the bundled scenarios
BARE_DUELS = 300


def main() -> dict:
    scenarios = load_scenarios([BUNDLED])
    vanilla = card_data_from_jsonl([91152256, 89631139])  # Celtic Guardian, Blue-Eyes White Dragon
    with EngineDriver() as driver:
        run_scenarios(scenarios[:3], driver=driver)  # warm-up: wasm compiled, scripts cached
        started = time.perf_counter()
        verdicts = []
        for _ in range(ROUNDS):
            verdicts += [r.verdict for r in run_scenarios(scenarios, driver=driver)]
        scenario_seconds = time.perf_counter() - started
        bare = driver.run({
            "op": "bare", "id": "bare", "count": BARE_DUELS, "flags": str(0x2E800),
            "cards": {str(code): {k: v for k, v in data.items() if k != "name"} for code, data in vanilla.items()},
            "script_dirs": [str(d) for d in pack_script_dirs()], "base_scripts": list(BASE_SCRIPTS),
            "timeout_ms": 120_000,
        })
    if bare.get("status") != "ok":
        raise RuntimeError(f"bare engine run failed: {bare.get('message')}")
    scenarios_per_s = len(verdicts) / scenario_seconds
    bare_per_s = bare["count"] / (bare["elapsed_ms"] / 1000)
    return {
        "scenarios": len(verdicts),
        "passed": verdicts.count("pass"),
        "scenarios_per_s": round(scenarios_per_s, 1),
        "bare_duel_setups_per_s": round(bare_per_s, 1),
        "scenario_cost_vs_bare_setup": round(bare_per_s / scenarios_per_s, 2),
    }


if __name__ == "__main__":
    print(main())

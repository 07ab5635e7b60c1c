"""Engine bridge throughput (issue 9 §5).

- scenarios/s per core: the bundled scenarios on one Node driver, with the real EDOPro scripts when
  RULINGS_EDOPRO_SCRIPTS names a folder (RULINGS_EDOPRO_CARDS: its cards.cdb), else the project's pack;
- the bare duel set-up rate in the same Node process with the same base scripts (create a duel, load
  constant.lua + utility.lua, which in EDOPro's layout loads every proc_*.lua, add two vanilla cards,
  start, run to the first prompt, destroy): what a scenario costs on top of a duel;
- the speed-up of `--jobs` (all cores) over one job on the same scenarios, with identical verdicts.

Run: python -m bench engine     (RULINGS_EDOPRO_SCRIPTS=/path/to/script for the real scripts)
"""

from __future__ import annotations

import os
import time

from engine_bridge.carddata import card_data_from_jsonl, engine_card
from engine_bridge.constants import BUNDLED
from engine_bridge.constants import CARDS_ENV, SCRIPTS_ENV
from engine_bridge.request import BASE_SCRIPTS
from engine_bridge.runner import EngineDriver, default_jobs, run_scenarios, script_dirs_for
from engine_bridge.scenario import load_scenarios

ROUNDS = 5  # passes over the bundled scenarios
BARE_DUELS = 200


def main() -> dict:
    scripts = os.environ.get(SCRIPTS_ENV) or None
    cards = os.environ.get(CARDS_ENV) or None
    scenarios = load_scenarios([BUNDLED])
    batch = scenarios * ROUNDS
    vanilla = card_data_from_jsonl([91152256, 89631139])  # Celtic Guardian, Blue-Eyes White Dragon
    with EngineDriver() as driver:
        run_scenarios(scenarios[:3], scripts=scripts, cards=cards, driver=driver)  # warm-up: wasm compiled, scripts cached
        started = time.perf_counter()
        one_job = run_scenarios(batch, scripts=scripts, cards=cards, driver=driver)
        scenario_seconds = time.perf_counter() - started
        bare = driver.run({
            "op": "bare", "id": "bare", "count": BARE_DUELS, "flags": str(0x2E800),
            "cards": {str(code): engine_card(data) for code, data in vanilla.items()},
            "script_dirs": [str(d) for d in script_dirs_for(scripts)], "base_scripts": list(BASE_SCRIPTS),
            "timeout_ms": 300_000,
        })
    if bare.get("status") != "ok":
        raise RuntimeError(f"bare engine run failed: {bare.get('message')}")
    jobs = default_jobs()
    started = time.perf_counter()
    parallel = run_scenarios(batch, scripts=scripts, cards=cards, jobs=jobs)  # includes starting the drivers
    parallel_seconds = time.perf_counter() - started
    scenarios_per_s = len(one_job) / scenario_seconds
    bare_per_s = bare["count"] / (bare["elapsed_ms"] / 1000)
    return {
        "scripts": scripts or "project pack",
        "scenarios": len(one_job),
        "passed": sum(r.verdict == "pass" for r in one_job),
        "scenarios_per_s_per_core": round(scenarios_per_s, 1),
        "bare_duel_setups_per_s": round(bare_per_s, 1),
        "ms_per_bare_setup": round(1000 / bare_per_s, 1),
        "ms_per_scenario": round(1000 / scenarios_per_s, 1),
        "jobs": jobs,
        "scenarios_per_s_with_jobs": round(len(parallel) / parallel_seconds, 1),
        "jobs_speedup": round(scenario_seconds / parallel_seconds, 2),
        "same_verdicts_with_jobs": [r.verdict for r in parallel] == [r.verdict for r in one_job],
    }


if __name__ == "__main__":
    print(main())

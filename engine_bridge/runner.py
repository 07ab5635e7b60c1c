"""Run scenarios on the real engine: one Node process (engine_bridge/js/driver.mjs) per batch,
JSON lines over stdin/stdout, a verdict per scenario. Nothing a scenario does (an unknown card, a
Lua error, a missing answer, an endless loop) stops the batch: it becomes that scenario's verdict.
"""

from __future__ import annotations

import json
import os
import re
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable, Iterable

from engine_bridge.carddata import card_data, engine_card
from engine_bridge.compare import Result, _renumber, evaluate, result_for
from engine_bridge.compiler import settle_result
from engine_bridge.constants import load_constants
from engine_bridge.request import find_script, Prepared, pack_script_dirs, prepare, TOKEN_OFFSETS, user_script_dirs
from engine_bridge.scenario import Scenario
from rulings.errors import ServiceError

JS_DIR = Path(__file__).resolve().parent / "js"
DRIVER = JS_DIR / "driver.mjs"
DEFAULT_TIMEOUT_S = 5.0
STARTUP_S = 20.0  # Node start + wasm instantiation, added to the first request's wait


def node_binary() -> str:
    """RULINGS_NODE names the Node.js to use (when several are installed); else `node` on PATH."""
    chosen = os.environ.get("RULINGS_NODE")
    if chosen:
        if not (os.path.isfile(chosen) and os.access(chosen, os.X_OK)):
            raise ServiceError(f"RULINGS_NODE={chosen}: not an executable file (the engine bridge needs Node.js 20+)")
        return chosen
    node = shutil.which("node")
    if not node:
        raise ServiceError("node not found on PATH: the engine bridge needs Node.js 20+ (ocgcore-wasm)")
    return node


def ensure_node_modules(js_dir: Path = JS_DIR) -> Path:
    """Install engine_bridge/js's npm packages (npm ci, from package-lock.json) when missing."""
    package = js_dir / "node_modules" / "ocgcore-wasm" / "package.json"
    if package.exists():
        return package.parent
    npm = shutil.which("npm")
    if not npm:
        raise ServiceError(f"{js_dir}: node_modules missing and npm not found on PATH (install Node.js 20+)")
    proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=js_dir, capture_output=True, text=True)
    if proc.returncode != 0 or not package.exists():
        last = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise ServiceError(f"npm ci in {js_dir} failed: {last[0]}")
    return package.parent


class EngineDriver:
    """The Node driver process; `run(request)` sends one request and waits for its result line."""

    def __init__(self, grace_s: float = 3.0):
        ensure_node_modules()
        self.grace_s = grace_s
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.started = False
        self.restarts = 0

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [node_binary(), str(DRIVER)], cwd=JS_DIR, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1,
        )
        self.lines = queue.Queue()
        self.started = False
        stdout, lines = self.proc.stdout, self.lines

        def pump():
            for line in stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        # stderr is drained so a chatty engine can never block on a full pipe
        stderr = self.proc.stderr
        threading.Thread(target=lambda: [None for _ in stderr], daemon=True).start()

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (subprocess.TimeoutExpired, OSError):
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
        self.restarts += 1

    def __enter__(self) -> "EngineDriver":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def run(self, request: dict) -> dict:
        """One request -> the driver's result; a timeout here (the driver itself stuck) restarts it."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        wait = request.get("timeout_ms", DEFAULT_TIMEOUT_S * 1000) / 1000 + self.grace_s
        if not self.started:
            wait += STARTUP_S
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.kill()
            return {"id": request.get("id"), "status": "error", "message": f"the engine driver died ({exc})"}
        deadline = time.monotonic() + wait
        while True:
            try:
                line = self.lines.get(timeout=max(0.05, deadline - time.monotonic()))
            except queue.Empty:
                self.kill()
                return {"id": request.get("id"), "status": "timeout",
                        "message": f"no answer from the engine driver within {wait:.1f} s"}
            if line is None:
                self.kill()
                return {"id": request.get("id"), "status": "error", "message": "the engine driver exited"}
            self.started = True
            try:
                result = json.loads(line)
            except json.JSONDecodeError:
                continue  # not a result line (a stray print): keep waiting
            if result.get("id") == request.get("id"):
                return result


def load_card_data(scenarios: Iterable[Scenario], cards: str | Path | None = None,
                   script_dirs: Iterable[Path] = ()) -> dict[int, dict]:
    """The card data of the scenarios' cards and of the Tokens their scripts create (by EDOPro's
    convention a card's Tokens have the codes that follow its own: 「カバーカーニバル」 18027138 makes
    「カバートークン」 18027139): a Token the engine creates without its card data breaks the duel."""
    script_dirs = list(script_dirs)
    codes = {code for scenario in scenarios for code in scenario.codes()}
    data = card_data(codes, cards, script_dirs)
    tokens = card_data({code + n for code in codes for n in TOKEN_OFFSETS} - codes, cards, script_dirs)
    k = load_constants()
    data.update({c: d for c, d in tokens.items() if not d.get("problem") and d.get("type", 0) & k["TYPE_TOKEN"]})
    for code in codes:
        first = data.get(code + 1)
        path = find_script(list(script_dirs), code) if first and first.get("type", 0) & k["TYPE_TOKEN"] else None
        loop = _TOKEN_LOOP.search(path.read_text(encoding="utf-8", errors="replace")) if path else None
        for n in range(2, int(loop.group(1)) + 1 if loop else 0):
            # a script that makes Tokens id+1 … id+N in a loop (「カバーカーニバル」: three Hippo Tokens): a code the
            # card data lacks is an alternate artwork of the first Token (EDOPro lists them as aliases of it)
            data.setdefault(code + n, {**first, "code": code + n, "alias": code + 1})
    return data


# 「for i=1,N do … Duel.CreateToken(tp,id+i)」: a card's N Tokens, the codes after its own
_TOKEN_LOOP = re.compile(r"for\s+i\s*=\s*1\s*,\s*(\d+)\s+do\b(?:(?!\bend\b).)*?CreateToken\([^,()]+,\s*id\s*\+\s*i\s*\)", re.S)


def script_dirs_for(scripts: str | Path | None) -> list[Path]:
    return user_script_dirs(scripts) if scripts else pack_script_dirs()


def default_jobs() -> int:
    """All cores: one Node driver (one ocgcore instance) per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def run_scenarios(scenarios: list[Scenario], *, scripts: str | Path | None = None, cards: str | Path | None = None,
                  timeout_s: float = DEFAULT_TIMEOUT_S, driver: EngineDriver | None = None,
                  on_result: Callable[[Result], None] | None = None, jobs: int | None = 1) -> list[Result]:
    """Every scenario's verdict, in input order. `driver` lets callers reuse one Node process;
    `jobs` > 1 runs that many Node drivers in parallel (None: all cores). The verdicts and their
    order do not depend on `jobs`: each scenario is its own duel, and results are reported in order."""
    dirs = script_dirs_for(scripts)
    data_by_code = load_card_data(scenarios, cards, dirs)
    prepared = [prepare(s, data_by_code, dirs, timeout_ms=int(timeout_s * 1000)) for s in scenarios]
    jobs = default_jobs() if jobs is None else max(1, int(jobs))
    jobs = 1 if driver is not None else min(jobs, max(1, sum(1 for p in prepared if not p.problem)))

    def verdict(one: Prepared, engine: EngineDriver) -> Result:
        if one.problem:
            return result_for(one.scenario, "error", message=one.problem)
        started = time.monotonic()
        log = engine.run(one.request)
        result = evaluate(one.scenario, log, one.pmap, one.prelude)
        if result.verdict in ("error", "timeout"):
            result.message = _renumber(result.message, one.prelude)
        if not result.elapsed_ms:
            result.elapsed_ms = (time.monotonic() - started) * 1000
        return result

    results: list[Result] = []
    settled: dict[str, tuple[Scenario, Result]] = {}

    def report(one: Prepared, result: Result) -> None:
        settle_result(one.scenario, result, settled)  # frame scenarios: pass / fail / inconclusive
        settled[one.scenario.id] = (one.scenario, result)
        results.append(result)
        if on_result:
            on_result(result)

    if jobs == 1:
        own_driver = driver is None
        driver = driver or EngineDriver()
        try:
            for one in prepared:
                report(one, verdict(one, driver))
        finally:
            if own_driver:
                driver.stop()
        return results

    # jobs drivers, each fed by its own thread from a shared queue; results reported in input order
    todo: queue.Queue = queue.Queue()
    for index, one in enumerate(prepared):
        todo.put((index, one))
    done: dict[int, Result] = {}
    ready = threading.Condition()

    def work() -> None:
        engine = EngineDriver()
        try:
            while True:
                try:
                    index, one = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    result = verdict(one, engine)
                except Exception as exc:  # a driver that cannot start is that scenario's error, not a hang
                    result = result_for(one.scenario, "error", message=f"engine driver failure: {exc}")
                with ready:
                    done[index] = result
                    ready.notify()
        finally:
            engine.stop()

    workers = [threading.Thread(target=work, daemon=True) for _ in range(jobs)]
    for worker in workers:
        worker.start()
    for index in range(len(prepared)):
        with ready:
            ready.wait_for(lambda index=index: index in done)
            result = done.pop(index)
        report(prepared[index], result)
    for worker in workers:
        worker.join()
    return results


def load_puzzle(puzzle: str | Path, *, scripts: str | Path | None = None, cards: str | Path | None = None,
                codes: Iterable[int] = (), driver: EngineDriver | None = None, timeout_s: float = DEFAULT_TIMEOUT_S) -> dict:
    """Load an EDOPro puzzle (a file or its Lua text) into the engine, start the duel and return the
    driver's report with `field`: every card by player and location as the engine holds it.

    `codes` names the cards the puzzle adds (their card data is read); by default the numbers in
    the puzzle's Debug.AddCard calls."""
    import re

    text = Path(puzzle).read_text(encoding="utf-8") if isinstance(puzzle, Path) or (
        isinstance(puzzle, str) and "\n" not in puzzle and Path(puzzle).exists()) else str(puzzle)
    codes = set(codes) or {int(m) for m in re.findall(r"Debug\.AddCard\(\s*(\d+)", text)}
    data = card_data(codes, cards, script_dirs_for(scripts))
    from engine_bridge.carddata import is_normal_monster
    from engine_bridge.request import BASE_SCRIPTS

    request = {
        "id": "puzzle", "flags": "0", "lp": [8000, 8000], "puzzle": text, "puzzle_name": "puzzle.lua",
        "base_scripts": list(BASE_SCRIPTS), "script_dirs": [str(d) for d in script_dirs_for(scripts)],
        "cards": {str(code): engine_card(d) for code, d in data.items()},
        "need_scripts": sorted(code for code, d in data.items() if not is_normal_monster(d)),
        "refs": [], "steps": [], "timeout_ms": int(timeout_s * 1000), "field_snapshot": True,
    }
    own = driver is None
    driver = driver or EngineDriver()
    try:
        return driver.run(request)
    finally:
        if own:
            driver.stop()


if __name__ == "__main__":
    # CI: `python -m engine_bridge.runner` installs the driver's npm packages when missing
    print(ensure_node_modules())

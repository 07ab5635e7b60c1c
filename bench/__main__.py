"""Run every benchmark: `python -m bench` (or one: `python -m bench crawl`).

Each bench/bench_<name>.py exposes main() -> dict of figures; they are printed as they finish so a
slow benchmark does not hide the others' numbers."""

from __future__ import annotations

import importlib
import json
import pkgutil
import platform
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name[len("bench_"):] for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    wanted = argv or names
    print(f"machine: {platform.node()} {platform.machine()} python {platform.python_version()}, "
          f"{__import__('os').cpu_count()} cpus")
    failed = 0
    for name in wanted:
        if name not in names:
            print(f"error: no benchmark named {name!r} (have: {', '.join(names)})", file=sys.stderr)
            return 2
        started = time.perf_counter()
        try:
            figures = importlib.import_module(f"bench.bench_{name}").main()
        except Exception as exc:  # a broken benchmark must not hide the others' figures
            failed += 1
            print(f"[{name}] FAILED: {type(exc).__name__}: {exc}")
            continue
        print(f"[{name}] ({time.perf_counter() - started:.1f}s) {json.dumps(figures, ensure_ascii=False)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

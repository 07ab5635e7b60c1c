"""What a batch of verdicts becomes: rows for the graph's Run nodes (kb.runs stores them, so the next
run shows regressions), a JUnit XML report for CI systems, and a summary table by topic."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable

from engine_bridge.compare import VERDICTS, Result

def run_rows(results: Iterable[Result]) -> list[dict]:
    """The rows kb.runs.store_runs writes: one per verdict, with its scenario's description."""
    return [{
        "scenario_id": result.scenario_id,
        "topic": result.topic,
        "kind": result.kind,
        "rule": result.rule,
        "template": result.template,
        "ruling_ids": list(result.ruling_ids),
        "source_file": result.source_file,
        "verdict": result.verdict,
        "reason": result.reason,
        "diffs": list(result.diffs),
        "elapsed_ms": float(result.elapsed_ms),
    } for result in results]


def write_junit(results: Iterable[Result], path: str | Path, suite: str = "ygo-rulings engine scenarios") -> Path:
    """JUnit XML: one testcase per scenario (classname = topic), failure/error elements with the reason."""
    results = list(results)
    counts = Counter(r.verdict for r in results)
    root = ET.Element("testsuites")
    suite_el = ET.SubElement(root, "testsuite", {
        "name": suite, "tests": str(len(results)), "failures": str(counts["fail"]),
        "errors": str(counts["error"] + counts["timeout"]), "skipped": str(counts["inconclusive"]),
        "time": f"{sum(r.elapsed_ms for r in results) / 1000:.3f}",
    })
    for result in results:
        case = ET.SubElement(suite_el, "testcase", {
            "classname": f"scenarios.{result.topic}", "name": result.scenario_id,
            "file": result.source_file, "time": f"{result.elapsed_ms / 1000:.3f}",
        })
        if result.verdict == "fail":
            element = ET.SubElement(case, "failure", {"message": result.reason[:500], "type": "ExpectationMismatch"})
            element.text = "\n".join(result.diffs) or result.message
        elif result.verdict == "inconclusive":
            ET.SubElement(case, "skipped", {"message": result.message[:500]})
        elif result.verdict in ("error", "timeout"):
            element = ET.SubElement(case, "error", {"message": result.message[:500], "type": result.verdict})
            element.text = result.message
        props = ET.SubElement(case, "properties")
        for name, value in (("rule", result.rule), ("kind", result.kind), ("template", result.template),
                            ("ruling_ids", ",".join(result.ruling_ids))):
            ET.SubElement(props, "property", {"name": name, "value": value})
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return path


def summary_rows(results: Iterable[Result]) -> list[tuple[str, dict[str, int]]]:
    by_topic: dict[str, Counter] = defaultdict(Counter)
    for result in results:
        by_topic[result.topic][result.verdict] += 1
    return [(topic, {v: counts[v] for v in VERDICTS}) for topic, counts in sorted(by_topic.items())]


def summary_table(results: Iterable[Result]) -> str:
    """A plain-text table: topic, then pass / fail / error / timeout / total, and a total line."""
    results = list(results)
    rows = summary_rows(results)
    width = max([len("topic"), len("total")] + [len(topic) for topic, _ in rows])
    header = f"{'topic':<{width}}  " + "  ".join(f"{v:>7}" for v in VERDICTS) + f"  {'total':>7}"
    lines = [header, "-" * len(header)]
    totals = Counter()
    for topic, counts in rows:
        totals.update(counts)
        lines.append(f"{topic:<{width}}  " + "  ".join(f"{counts[v]:>7}" for v in VERDICTS)
                     + f"  {sum(counts.values()):>7}")
    lines.append("-" * len(header))
    lines.append(f"{'total':<{width}}  " + "  ".join(f"{totals[v]:>7}" for v in VERDICTS) + f"  {len(results):>7}")
    return "\n".join(lines)

"""What a batch of verdicts becomes: Run nodes in the graph (so the next run shows regressions),
a JUnit XML report for CI systems, and a summary table by topic."""

from __future__ import annotations

import datetime as dt
import uuid
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable

from engine_bridge.compare import VERDICTS, Result

SCHEMA = [
    "CREATE CONSTRAINT scenario_id IF NOT EXISTS FOR (s:Scenario) REQUIRE s.id IS UNIQUE",
    "CREATE CONSTRAINT run_id IF NOT EXISTS FOR (r:Run) REQUIRE r.id IS UNIQUE",
    "CREATE INDEX run_batch IF NOT EXISTS FOR (r:Run) ON (r.batch)",
]

_STORE_SCENARIOS_AND_RUNS = """
UNWIND $rows AS row
MERGE (s:Scenario {id: row.scenario_id})
SET s.topic = row.topic, s.kind = row.kind, s.rule = row.rule, s.template = row.template,
    s.ruling_ids = row.ruling_ids, s.source_file = row.source_file
CREATE (run:Run {id: row.run_id, batch: $batch, at: datetime($at), verdict: row.verdict,
                 reason: row.reason, diffs: row.diffs, elapsed_ms: row.elapsed_ms, engine: $engine})
CREATE (run)-[:OF]->(s)
"""

_LINK_RULINGS = """
UNWIND $rows AS row
UNWIND row.ruling_ids AS ruling_id
MATCH (r:Ruling {id: ruling_id})
MATCH (s:Scenario {id: row.scenario_id})
MATCH (run:Run {id: row.run_id})
MERGE (s)-[:CHECKS]->(r)
MERGE (run)-[:CHECKED]->(r)
"""

_COMPARE_WITH_PREVIOUS = """
MATCH (run:Run {batch: $batch})-[:OF]->(s:Scenario)
OPTIONAL MATCH (prev:Run)-[:OF]->(s)
WHERE prev.batch <> $batch AND prev.at <= run.at
WITH run, s, prev ORDER BY prev.at DESC
WITH run, s, collect(prev)[0] AS last
RETURN s.id AS scenario_id, last.verdict AS previous, run.verdict AS current
ORDER BY scenario_id
"""


def ensure_run_schema(session) -> None:
    for statement in SCHEMA:
        session.run(statement).consume()


def store_runs(session, results: Iterable[Result], *, batch: str | None = None, engine: str = "ocgcore-wasm 0.1.2") -> str:
    """Store one batch of verdicts: a Run per result, linked to its Scenario (created or updated) and
    to the Ruling nodes it checks (those present in the graph). Returns the batch id."""
    batch = batch or f"batch-{dt.datetime.now(dt.timezone.utc):%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:8]}"
    at = dt.datetime.now(dt.timezone.utc).isoformat()
    rows = [{
        "run_id": f"{batch}:{result.scenario_id}",
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
    if not rows:
        return batch
    ensure_run_schema(session)
    params = {"rows": rows, "batch": batch, "at": at, "engine": engine}
    session.run(_STORE_SCENARIOS_AND_RUNS, params).consume()
    session.run(_LINK_RULINGS, params).consume()
    return batch


def compare_with_previous(session, batch: str) -> list[dict]:
    """Each scenario of the batch with its previous verdict (None when first run) and current one."""
    return [record.data() for record in session.run(_COMPARE_WITH_PREVIOUS, {"batch": batch})]


def regressions(session, batch: str) -> list[dict]:
    """Scenarios that passed in their previous run and do not pass in this batch."""
    return [row for row in compare_with_previous(session, batch)
            if row["previous"] == "pass" and row["current"] != "pass"]


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

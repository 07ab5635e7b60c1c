"""Engine verdicts in the graph: Scenario nodes, one Run node per verdict (linked to the rulings it
checks), and the comparison of a batch with each scenario's previous run (regressions)."""

from __future__ import annotations

import datetime as dt
import uuid

from kb.graph import RUN_SCHEMA

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
    for statement in RUN_SCHEMA:
        session.run(statement).consume()


def store_runs(session, rows: list[dict], *, batch: str | None = None, engine: str = "ocgcore-wasm 0.1.2") -> str:
    """Store one batch of verdicts (engine_bridge.results.run_rows): a Run per row, linked to its
    Scenario (created or updated) and to the Ruling nodes it checks (those present in the graph).
    Returns the batch id."""
    batch = batch or f"batch-{dt.datetime.now(dt.timezone.utc):%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:8]}"
    at = dt.datetime.now(dt.timezone.utc).isoformat()
    rows = [{**row, "run_id": f"{batch}:{row['scenario_id']}"} for row in rows]
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

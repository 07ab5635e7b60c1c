"""Verdicts as JUnit XML, as a summary table, and as Run nodes in the real Neo4j graph."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine_bridge.compare import Result
from engine_bridge.results import run_rows, summary_table, write_junit
from kb.runs import compare_with_previous, regressions, store_runs


def _result(scenario_id, verdict, topic="chain", diffs=(), message="", ruling_ids=("r-1",)):
    return Result(scenario_id=scenario_id, verdict=verdict, diffs=list(diffs), message=message, elapsed_ms=12.5,
                  topic=topic, rule="MR5", template="hand-written", ruling_ids=list(ruling_ids), source_file="x.yaml")


RESULTS = [
    _result("a", "pass"),
    _result("b", "fail", diffs=["card x: location expected grave, engine: mzone"]),
    _result("c", "error", topic="pendulum", message="unknown card ghost (9)"),
    _result("d", "timeout", topic="pendulum", message="scenario exceeded 5000 ms"),
]


def test_junit_report(tmp_path):
    path = write_junit(RESULTS, tmp_path / "report.xml")
    suite = ET.parse(path).getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "1", "2")
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    assert cases["a"].find("failure") is None and cases["a"].find("error") is None
    assert cases["b"].find("failure").text == "card x: location expected grave, engine: mzone"
    assert cases["c"].find("error").get("message") == "unknown card ghost (9)"
    assert cases["d"].find("error").get("type") == "timeout"
    assert cases["c"].get("classname") == "scenarios.pendulum"


def test_summary_table_counts_by_topic():
    lines = summary_table(RESULTS).splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines if line and not line.startswith(("-", "topic"))}
    # pass, fail, inconclusive, error, timeout, total
    assert rows["chain"] == ["1", "1", "0", "0", "0", "2"]
    assert rows["pendulum"] == ["0", "0", "0", "1", "1", "2"]
    assert rows["total"] == ["1", "1", "0", "1", "1", "4"]


@pytest.mark.neo4j
def test_runs_are_stored_and_regressions_found(graph):
    driver, database = graph
    with driver.session(database=database) as session:
        session.run("MERGE (:Ruling {id: $id, text: 'x'})", id="r-1").consume()
        first = store_runs(session, run_rows([_result("a", "pass"), _result("b", "pass")]))
        assert {row["scenario_id"]: row["previous"] for row in compare_with_previous(session, first)} == \
            {"a": None, "b": None}
        second = store_runs(session, run_rows([_result("a", "pass"), _result("b", "fail", diffs=["LP expected [1, 2]"])]))
        assert regressions(session, second) == [{"scenario_id": "b", "previous": "pass", "current": "fail"}]
        counts = session.run(
            "MATCH (run:Run)-[:OF]->(s:Scenario) MATCH (run)-[:CHECKED]->(r:Ruling {id: 'r-1'}) "
            "MATCH (s)-[:CHECKS]->(r) RETURN count(DISTINCT run) AS runs, count(DISTINCT s) AS scenarios").single()
        assert (counts["runs"], counts["scenarios"]) == (4, 2)
        stored = session.run("MATCH (run:Run {id: $id}) RETURN run.verdict AS v, run.diffs AS d",
                             id=f"{second}:b").single()
        assert (stored["v"], stored["d"]) == ("fail", ["LP expected [1, 2]"])

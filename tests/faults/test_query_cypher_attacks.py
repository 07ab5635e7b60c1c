"""Issue 14 items 1 and 11: `rulings query cypher` as an attacker uses it. It must read the graph and
nothing else: no host files, no URL fetches, no administration of the server or of other sessions,
and it says when it stopped at a row or byte limit instead of truncating silently."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading

import pytest

from kb import queries
from rulings.errors import InputError


def rulings(*args, check=None):
    proc = subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          env=dict(os.environ), timeout=300)
    if check is not None:
        assert proc.returncode == check, (proc.stdout, proc.stderr)
    return proc


@pytest.fixture
def secret_file(tmp_path):
    path = tmp_path / "secret.csv"
    path.write_text("top-secret-line,42\n")
    path.chmod(0o644)  # even a world-readable file must stay out of reach
    return path


def test_load_csv_of_a_host_file_is_refused_and_prints_nothing(graph, secret_file):
    proc = rulings("query", "cypher", f"LOAD CSV FROM 'file://{secret_file}' AS r RETURN r[0] AS line LIMIT 2", check=2)
    assert "top-secret-line" not in proc.stdout + proc.stderr
    assert "LOAD CSV is not allowed" in proc.stderr and proc.stderr.count("\n") == 1
    # hidden in a subquery or behind EXPLAIN it is the same plan operator
    for query in (f"CALL () {{ LOAD CSV FROM 'file://{secret_file}' AS r RETURN r }} RETURN r",
                  f"EXPLAIN LOAD CSV FROM 'file://{secret_file}' AS r RETURN r",
                  f"PROFILE LOAD CSV FROM 'file://{secret_file}' AS r RETURN r"):
        with pytest.raises(InputError, match="LOAD CSV is not allowed"):
            queries.read_only_cypher(graph[0], query, graph[1])


class _Recorder(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 (http.server's name)
        _Recorder.hits.append(self.path)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"fetched,1\n")

    def log_message(self, *args):
        pass


@pytest.fixture
def url_recorder():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Recorder.hits = []
    yield f"http://127.0.0.1:{server.server_address[1]}/probe.csv", _Recorder.hits
    server.shutdown()


def test_load_csv_from_a_url_makes_the_server_fetch_nothing(graph, url_recorder):
    url, hits = url_recorder
    proc = rulings("query", "cypher", f"LOAD CSV FROM '{url}' AS r RETURN r", check=2)
    assert "LOAD CSV is not allowed" in proc.stderr and "fetched" not in proc.stdout
    assert hits == []


def test_local_server_itself_refuses_file_and_url_load_csv(neo4j_driver, neo4j_server, secret_file, url_recorder):
    """Server settings, not only the command's allow-list: a Bolt client with the password still
    cannot read a file (file URLs off, import root an empty folder) or make the server fetch a URL."""
    from neo4j.exceptions import ClientError

    url, hits = url_recorder
    for source in (f"file://{secret_file}", "file:///secret.csv", url):
        with pytest.raises(ClientError) as info:
            neo4j_driver.execute_query(f"LOAD CSV FROM '{source}' AS r RETURN r", database_=neo4j_server[3])
        assert "top-secret-line" not in str(info.value)
    assert hits == []


@pytest.mark.parametrize("attack, refused", [
    ("TERMINATE TRANSACTIONS 'neo4j-transaction-1'", "administration commands"),
    ("SHOW TRANSACTIONS", "administration commands"),
    ("SHOW USERS", "administration commands"),
    ("SHOW SETTINGS", "administration commands"),
    ("CREATE INDEX attack_index FOR (n:Card) ON (n.attack)", "administration commands"),
    ("CALL dbms.killConnections(['bolt-1'])", "procedure dbms.killConnections is not allowed"),
    ("CALL db.clearQueryCaches()", "procedure db.clearQueryCaches is not allowed"),
    ("CALL dbms.listConfig() YIELD name RETURN name", "procedure dbms.listConfig is not allowed"),
])
def test_admin_commands_and_non_read_procedures_are_refused(graph, attack, refused):
    proc = rulings("query", "cypher", attack, check=2)
    assert refused in proc.stderr and proc.stderr.count("\n") == 1 and proc.stdout == ""


def test_terminate_transactions_cannot_kill_another_sessions_query(graph):
    driver, database = graph
    with driver.session(database=database) as other:
        tx = other.begin_transaction()
        tx.run("CREATE (:Probe {n: 1})").consume()
        tx_id = [r["transactionId"] for r in driver.execute_query(
            "SHOW TRANSACTIONS YIELD transactionId, currentQuery RETURN transactionId, currentQuery",
            database_=database).records if "SHOW TRANSACTIONS" not in r["currentQuery"]]
        assert tx_id, "the other session's open transaction is listed"
        proc = rulings("query", "cypher", f"TERMINATE TRANSACTIONS {json.dumps(tx_id)}", check=2)
        assert "administration commands" in proc.stderr
        tx.commit()  # still alive: not terminated
    assert driver.execute_query("MATCH (p:Probe) RETURN count(p) AS n", database_=database).records[0]["n"] == 1


def test_read_queries_and_read_procedures_still_run(graph):
    driver, database = graph
    assert queries.read_only_cypher(driver, "CALL db.labels() YIELD label RETURN count(label) > 0 AS any",
                                    database) == [{"any": True}]
    rows = queries.read_only_cypher(driver, "CALL db.index.fulltext.queryNodes('ruling_text', 'x') "
                                    "YIELD node RETURN count(node) AS n", database)
    assert rows == [{"n": 0}] and rows.stopped is None
    assert queries.read_only_cypher(driver, "PROFILE MATCH (r:Ruling) RETURN count(r) AS n", database) == [{"n": 0}]


def test_query_cypher_says_when_it_stopped_at_the_row_limit(graph):
    proc = rulings("query", "cypher", "UNWIND range(1, 1500) AS x RETURN x", "--format", "jsonl", check=0)
    assert len(proc.stdout.splitlines()) == 1000
    assert "row limit (1000 rows)" in proc.stderr and "--limit" in proc.stderr
    more = rulings("query", "cypher", "UNWIND range(1, 1500) AS x RETURN x", "--limit", "2000", "--format", "jsonl",
                   check=0)
    assert len(more.stdout.splitlines()) == 1500 and more.stderr == ""
    exact = rulings("query", "cypher", "UNWIND range(1, 1000) AS x RETURN x", "--format", "jsonl", check=0)
    assert len(exact.stdout.splitlines()) == 1000 and exact.stderr == ""  # no notice when nothing was left out


def test_query_cypher_has_a_byte_limit_on_results(graph):
    driver, database = graph
    rows = queries.read_only_cypher(driver, "UNWIND range(1, 100) AS x RETURN x, reduce(s = '', i IN range(1, 1000) "
                                    "| s + 'x') AS big", database, max_bytes=20_000)
    assert 10 <= len(rows) < 20 and "byte limit (20,000 bytes" in rows.stopped
    proc = rulings("query", "cypher", "UNWIND range(1, 100) AS x RETURN reduce(s = '', i IN range(1, 1000) | s + 'x') "
                   "AS big", "--max-bytes", "20000", "--format", "jsonl", check=0)
    assert 10 <= len(proc.stdout.splitlines()) < 20 and "byte limit" in proc.stderr

"""Issue 14 items 1, 3 and 4: the local Neo4j under concurrent starts and a recycled pid, and how it is
locked down (owner-only files, no file or URL access from Cypher)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import ClientError

from kb.server import LocalNeo4j


def rulings(*args, home, timeout=400):
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}  # the local server, not the session's
    env.update(RULINGS_HOME=str(home), RULINGS_NEO4J_HEAP=os.environ.get("RULINGS_NEO4J_HEAP", "512m"))
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env,
                          timeout=timeout)


@pytest.fixture(scope="module")
def raced_server(tmp_path_factory):
    """Two `rulings neo4j start` on one fresh home at the same moment."""
    home = tmp_path_factory.mktemp("raced")
    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(lambda _: rulings("neo4j", "start", home=home), range(2)))
    yield home, runs
    rulings("neo4j", "stop", home=home)


@pytest.mark.neo4j
def test_two_concurrent_starts_run_one_server_and_both_report_it(raced_server):
    home, runs = raced_server
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    outputs = sorted(r.stdout for r in runs)
    assert sum("Neo4j started on" in o for o in outputs) == 1, outputs
    assert sum("already running on" in o for o in outputs) == 1, outputs
    pids = {int(o.split("(pid ")[1].split(")")[0].split(",")[0]) for o in outputs}
    status = json.loads(rulings("neo4j", "status", "--json", home=home).stdout)
    assert status["running"] and pids == {status["pid"]}
    javas = [p for p in subprocess.run(["pgrep", "-f", f"RulingsNeo4j {home}/neo4j "], capture_output=True,
                                       text=True).stdout.split()]
    assert javas == [str(status["pid"])], "exactly one server process for this home, the recorded one"
    # the server answers (no storeLockException for the next command)
    server = LocalNeo4j(home / "neo4j")
    with GraphDatabase.driver(status["uri"], auth=("neo4j", server.password())) as driver:
        assert driver.execute_query("RETURN 1 AS one").records[0]["one"] == 1


@pytest.mark.neo4j
def test_store_logs_and_password_are_readable_by_the_owner_only(raced_server):
    home, _ = raced_server
    loose = []
    for root, dirs, files in os.walk(home / "neo4j"):
        for name in dirs + files:
            path = os.path.join(root, name)
            if not os.path.islink(path) and stat.S_IMODE(os.stat(path).st_mode) & 0o077:
                loose.append(f"{path} {oct(stat.S_IMODE(os.stat(path).st_mode))}")
    assert loose == []
    assert stat.S_IMODE(os.stat(home / "neo4j").st_mode) == 0o700


@pytest.mark.neo4j
def test_local_server_refuses_load_csv_of_its_own_password_file(raced_server):
    home, _ = raced_server
    server = LocalNeo4j(home / "neo4j")
    status = server.status()
    with GraphDatabase.driver(status.uri, auth=("neo4j", server.password())) as driver:
        for url in (f"file://{server.password_file}", "file:///password", "file:///../password",
                    f"http://127.0.0.1:{status.port}/"):
            with pytest.raises(ClientError) as info:
                driver.execute_query(f"LOAD CSV FROM '{url}' AS r RETURN r")
            assert server.password() not in str(info.value)
            assert "allow_csv_import_from_file_urls" in str(info.value) or "blocklist" in str(info.value)


@pytest.fixture
def stranger():
    """An unrelated long-running process (what the OS may hand a dead server's pid to)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", "RulingsNeo4j"])
    yield proc
    proc.kill()
    proc.wait()


def test_stop_never_signals_a_process_that_reused_the_servers_pid(tmp_path, stranger):
    home = tmp_path / "home"
    (home / "neo4j" / "run").mkdir(parents=True)
    # what a kill -9'd server leaves behind: its record and ready file, its pid now someone else's
    (home / "neo4j" / "server.json").write_text(json.dumps({"pid": stranger.pid, "port": 7999}))
    (home / "neo4j" / "run" / "ready").write_text("7999\n")
    stop = rulings("neo4j", "stop", home=home)
    assert stop.returncode == 0 and "not running" in stop.stdout
    time.sleep(0.5)
    assert stranger.poll() is None, "the unrelated process was killed"
    status = rulings("neo4j", "status", "--json", home=home)
    assert json.loads(status.stdout)["running"] is False
    record = json.loads((home / "neo4j" / "server.json").read_text())
    assert "pid" not in record and record["port"] == 7999  # the stale pid is cleared, the port kept
    assert not (home / "neo4j" / "run" / "ready").exists()


def test_status_does_not_take_a_reused_pid_for_the_server(tmp_path, stranger):
    server = LocalNeo4j(tmp_path / "neo4j")
    (server.home / "run").mkdir(parents=True)
    server.state_file.write_text(json.dumps({"pid": stranger.pid, "port": 7998}))
    server.ready_file.write_text("7998\n")
    assert server.is_ours(stranger.pid) is False
    assert server.status().running is False and server.stop() is False
    assert stranger.poll() is None

"""The local Neo4j lifecycle and the choice between a local and an external server."""

from __future__ import annotations

import os
import socket
import stat

import pytest
from neo4j import GraphDatabase

from kb.db import Connection, connection, open_driver
from kb.server import LocalNeo4j, free_port
from rulings.errors import ServiceError


@pytest.fixture
def own_server(tmp_path, neo4j_install):
    server = LocalNeo4j(tmp_path / "neo4j")
    yield server
    server.stop()


def test_start_is_idempotent_and_stop_is_clean(own_server):
    status, started = own_server.start()
    assert started and status.running and status.uri.startswith("bolt://127.0.0.1:")

    again, started_again = own_server.start()
    assert not started_again
    assert (again.pid, again.port) == (status.pid, status.port)

    mode = stat.S_IMODE(os.stat(own_server.password_file).st_mode)
    assert mode == 0o600
    with GraphDatabase.driver(status.uri, auth=("neo4j", own_server.password())) as driver:
        records, _, _ = driver.execute_query("RETURN 40 + 2 AS answer")
        assert records[0]["answer"] == 42

    assert own_server.stop() is True
    assert own_server.status().running is False
    assert own_server.stop() is False  # stopping a stopped server is not an error
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", status.port), timeout=1).close()


def test_restart_keeps_data_and_password(own_server):
    status, _ = own_server.start()
    with GraphDatabase.driver(status.uri, auth=("neo4j", own_server.password())) as driver:
        driver.execute_query("CREATE (:Probe {n: 7})")
    own_server.stop()
    status, started = own_server.start()
    assert started
    with GraphDatabase.driver(status.uri, auth=("neo4j", own_server.password())) as driver:
        records, _, _ = driver.execute_query("MATCH (p:Probe) RETURN p.n AS n")
    assert [r["n"] for r in records] == [7]


def test_port_already_in_use_is_a_clear_error(tmp_path, neo4j_install):
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen()
    port = blocker.getsockname()[1]
    try:
        with pytest.raises(ServiceError, match=rf"port {port} .*already in use"):
            LocalNeo4j(tmp_path / "neo4j").start(port=port)
    finally:
        blocker.close()


def test_external_uri_is_used_and_no_local_server_started(neo4j_server, monkeypatch, tmp_path):
    uri, user, password, _ = neo4j_server
    monkeypatch.setenv("RULINGS_HOME", str(tmp_path / "home"))
    conn = connection()
    assert conn.external and conn.uri == uri
    open_driver(conn).close()
    assert not (tmp_path / "home" / "neo4j" / "server.json").exists()


def test_wrong_password_and_unreachable_server_are_one_line_errors(neo4j_server):
    uri, user, _, _ = neo4j_server
    with pytest.raises(ServiceError, match="refused user 'neo4j'"):
        open_driver(Connection(uri, user, "not-the-password", None, external=True))
    with pytest.raises(ServiceError, match="unreachable") as info:
        open_driver(Connection(f"bolt://127.0.0.1:{free_port()}", user, "x", None, external=True))
    assert "\n" not in str(info.value)

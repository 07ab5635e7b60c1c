"""Connecting to Neo4j: an external server when NEO4J_URI is set, otherwise the local one.

Every stage gets its driver here, so the external/local choice and the error messages for an
unreachable server or a wrong password live in one place."""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from neo4j import Driver, GraphDatabase
from neo4j.exceptions import AuthError, ClientError, ConfigurationError, ServiceUnavailable

from kb.server import LocalNeo4j
from rulings.errors import InputError, ServiceError

BOLT_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")


@dataclass(frozen=True)
class Connection:
    uri: str
    user: str
    password: str
    database: str | None
    external: bool


def connection(*, autostart: bool = True) -> Connection:
    """Where to connect. With NEO4J_URI set, that server and never a local one."""
    uri = os.environ.get("NEO4J_URI")
    if uri:
        return Connection(
            uri=uri,
            user=os.environ.get("NEO4J_USER", "neo4j"),
            password=os.environ.get("NEO4J_PASSWORD", ""),
            database=os.environ.get("NEO4J_DATABASE") or None,
            external=True,
        )
    server = LocalNeo4j()
    status = server.status()
    if not status.running:
        if not autostart:
            raise ServiceError("the local Neo4j is not running: start it with `rulings neo4j start` (or set NEO4J_URI)")
        print("starting the local Neo4j (rulings neo4j start)...", file=sys.stderr)
        status, _ = server.start()
    return Connection(uri=status.uri, user="neo4j", password=server.password(), database=None, external=False)


def open_driver(conn: Connection) -> Driver:
    # Server notifications (e.g. "label not in the database yet" on a fresh graph) are not errors;
    # the driver would log each one to stderr.
    scheme = conn.uri.split("://", 1)[0].lower() if "://" in conn.uri else ""
    if scheme not in BOLT_SCHEMES:
        raise InputError(f"NEO4J_URI {conn.uri!r}: the driver speaks Bolt, use bolt://HOST:7687 or neo4j://HOST:7687 "
                         "(http:// is the browser port)" if scheme in ("http", "https") else
                         f"NEO4J_URI {conn.uri!r}: expected a Bolt URI ({', '.join(s + '://' for s in BOLT_SCHEMES)})")
    try:
        driver = GraphDatabase.driver(conn.uri, auth=(conn.user, conn.password), connection_timeout=10,
                                      max_connection_lifetime=3600, notifications_min_severity="OFF")
    except (ConfigurationError, ValueError) as exc:
        raise InputError(f"NEO4J_URI {conn.uri!r}: {str(exc).splitlines()[0][:160]}") from exc
    try:
        driver.verify_connectivity()
    except AuthError as exc:
        driver.close()
        raise ServiceError(f"Neo4j at {conn.uri} refused user {conn.user!r}: wrong password or user") from exc
    except ClientError as exc:
        driver.close()
        if exc.code == "Neo.ClientError.Security.AuthenticationRateLimit":
            raise ServiceError(f"Neo4j at {conn.uri} refuses logins of user {conn.user!r} for a few seconds: too many "
                               "wrong passwords in a row; check NEO4J_PASSWORD, then retry") from exc
        raise ServiceError(f"Neo4j at {conn.uri} refused the connection ({exc.code})") from exc
    except (ServiceUnavailable, OSError, ValueError) as exc:
        driver.close()
        raise ServiceError(f"Neo4j at {conn.uri} is unreachable ({str(exc).splitlines()[0][:160]})") from exc
    return driver


@contextmanager
def temporary_server(home) -> Iterator[tuple[Driver, float]]:
    """(driver, seconds the start took) for a fresh local Neo4j in `home`, for one job such as a
    benchmark; the driver is closed and the server stopped on the way out, whatever happened."""
    server = LocalNeo4j(home)
    started = time.perf_counter()
    status, _ = server.start()
    start_s = time.perf_counter() - started
    try:
        driver = open_driver(Connection(status.uri, "neo4j", server.password(), None, external=True))
        try:
            yield driver, start_s
        finally:
            driver.close()
    finally:
        server.stop()


@contextmanager
def get_driver(*, autostart: bool = True) -> Iterator[tuple[Driver, str | None]]:
    """(driver, database name) for the configured server; closes the driver afterwards."""
    conn = connection(autostart=autostart)
    driver = open_driver(conn)
    try:
        yield driver, conn.database
    finally:
        driver.close()

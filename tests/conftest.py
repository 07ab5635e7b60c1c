"""Session-wide test set-up: an isolated data directory and one real Neo4j for the whole run.

With NEO4J_URI set (as .ci/run does, after `rulings neo4j start`), tests use that server; otherwise
the session starts a local Neo4j of its own in a temporary home and stops it at the end. Either way
NEO4J_URI/NEO4J_USER/NEO4J_PASSWORD are set for the session, so CLI commands run by tests (in
process or as subprocesses) reach the same server."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Never let tests write into a developer's real data directory.
_SESSION_HOME = Path(tempfile.mkdtemp(prefix="rulings-test-home-"))
os.environ.setdefault("RULINGS_HOME", str(_SESSION_HOME))

from rulings import config  # noqa: E402  (after RULINGS_HOME is set)

SHARED = config.shared_dir()


# What a fixture stands for: a test that uses one of these (directly or through other fixtures) gets
# its marker. The fast layer (`make test-fast`: -m "not neo4j and not engine and not catalog and not crawl") is thus
# chosen by what tests really use, and it runs with every one of these resources made unreachable, so
# a test that needs one without saying so fails there instead of quietly starting it.
RESOURCE_MARKERS = {
    "neo4j_server": "neo4j",
    "neo4j_install": "neo4j",
    "node": "engine",
    "catalog": "catalog",
    "card_database": "catalog",
    "default_linker": "catalog",
    "crawl_command": "crawl",
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        for marker in sorted({m for fixture, m in RESOURCE_MARKERS.items() if fixture in used}):
            item.add_marker(marker)


def pytest_report_header():
    return [f"RULINGS_HOME={os.environ['RULINGS_HOME']}", f"shared data: {SHARED}",
            f"neo4j: {os.environ.get('NEO4J_URI') or 'local server started by the test session'}"]


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "data" / "cards.jsonl.gz").exists():
        pytest.fail(f"shared data not found at {SHARED} (set RULINGS_SHARED)")
    return SHARED


@pytest.fixture
def cue_lists(monkeypatch, tmp_path):
    """Japanese topics from the cue lists, as without `make topic-model`: no trained topic model
    (pipeline/topic_model.py) in the way of a test about the cues."""
    monkeypatch.setenv("RULINGS_TOPIC_MODEL", str(tmp_path / "no-topic-model"))


@pytest.fixture(scope="session")
def catalog(shared_dir):
    """The full card catalog (14k cards, community names), read once per session."""
    from rulings.cards import load_catalog

    return load_catalog(shared_dir / "data" / "cards.jsonl.gz", shared_dir / "data" / "zh-community.jsonl.gz")


@pytest.fixture(scope="session")
def card_database(shared_dir):
    """The configured card database file (the shared cards.jsonl.gz), which card data for the engine
    and the script pack's catalog read when no cards.cdb is given."""
    from rulings import config

    return config.cards_file()


@pytest.fixture(scope="session")
def default_linker(shared_dir):
    """The process-wide linker over the configured catalog, which the NLP stage (pipeline.run) uses
    when no linker is given: a test that processes pages needs it."""
    from pipeline.cardlink import CardLinker

    return CardLinker.default()


@pytest.fixture(scope="session")
def neo4j_install(tmp_path_factory):
    """The Neo4j Community jars and launcher (installed once per machine): for tests that start
    servers of their own."""
    from kb.server import LocalNeo4j

    return LocalNeo4j(tmp_path_factory.mktemp("neo4j-install")).install()


@pytest.fixture(scope="session")
def node():
    """Node.js with engine_bridge/js's packages (ocgcore-wasm) installed: the path of `node`."""
    from engine_bridge.runner import ensure_node_modules, node_binary

    ensure_node_modules()
    return node_binary()


@pytest.fixture(scope="session")
def neo4j_server(tmp_path_factory):
    """(uri, user, password, database) of the real Neo4j used by this test session."""
    from kb.server import LocalNeo4j

    if os.environ.get("NEO4J_URI"):
        yield (os.environ["NEO4J_URI"], os.environ.get("NEO4J_USER", "neo4j"),
               os.environ.get("NEO4J_PASSWORD", ""), os.environ.get("NEO4J_DATABASE") or None)
        return
    server = LocalNeo4j(tmp_path_factory.mktemp("neo4j-session"))
    status, _ = server.start()
    os.environ.update({"NEO4J_URI": status.uri, "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": server.password()})
    try:
        yield status.uri, "neo4j", server.password(), None
    finally:
        for key in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD"):
            os.environ.pop(key, None)
        server.stop()


@pytest.fixture(scope="session")
def neo4j_driver(neo4j_server):
    from kb.db import Connection, open_driver

    uri, user, password, database = neo4j_server
    driver = open_driver(Connection(uri, user, password, database, external=True))
    yield driver
    driver.close()


@pytest.fixture
def graph(neo4j_driver, neo4j_server):
    """A clean graph with the schema in place: (driver, database)."""
    from kb import graph as kb_graph

    database = neo4j_server[3]
    kb_graph.clear_graph(neo4j_driver, database)
    kb_graph.ensure_schema(neo4j_driver, database)
    return neo4j_driver, database

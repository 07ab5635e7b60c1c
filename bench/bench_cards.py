"""Card import rate for the full shared card file, and Neo4j cold-start time.

Runs its own Neo4j in a temporary home (or uses NEO4J_URI for the import figure only)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from kb import graph
from kb.cards import import_path
from kb.db import Connection, open_driver
from kb.server import LocalNeo4j
from rulings import config


def main() -> dict:
    figures: dict = {}
    with tempfile.TemporaryDirectory(prefix="bench-cards-") as tmp:
        server = LocalNeo4j(Path(tmp) / "neo4j")
        server.install()
        started = time.perf_counter()
        status, _ = server.start()
        figures["neo4j_cold_start_s"] = round(time.perf_counter() - started, 2)
        try:
            driver = open_driver(Connection(status.uri, "neo4j", server.password(), None, external=False))
            graph.ensure_schema(driver)
            started = time.perf_counter()
            result = import_path(driver, config.cards_file())
            elapsed = time.perf_counter() - started
            figures["cards"] = result["records"]
            figures["card_import_cards_per_s"] = round(result["records"] / elapsed, 1)
            figures["card_import_s"] = round(elapsed, 1)
            started = time.perf_counter()
            community = import_path(driver, config.community_names_file())
            figures["community_names_per_s"] = round(community["records"] / (time.perf_counter() - started), 1)
            started = time.perf_counter()
            import_path(driver, config.cards_file())
            figures["card_reimport_s"] = round(time.perf_counter() - started, 1)
            driver.close()
            started = time.perf_counter()
            server.stop()
            figures["neo4j_stop_s"] = round(time.perf_counter() - started, 2)
        finally:
            server.stop()
    return figures


if __name__ == "__main__":
    print(main())

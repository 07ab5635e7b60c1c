"""Fixtures for the ruling-graph tests: the card catalog (read once) and a clean graph holding only
the cards a test needs (importing all 14k cards takes ~40 s)."""

from __future__ import annotations

import pytest

from kb import graph as kb_graph


def import_some_cards(driver, database, catalog, passcodes) -> None:
    kb_graph.import_cards(driver, [catalog[p] for p in sorted(set(passcodes)) if p in catalog], database=database)


@pytest.fixture
def card_graph(graph, catalog):
    """A clean graph with schema and the seed-000 / サイクロン cards: (driver, database)."""
    from tests.kb.builders import CARDS

    driver, database = graph
    import_some_cards(driver, database, catalog, CARDS)
    return driver, database

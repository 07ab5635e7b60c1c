"""The real card catalog and its linker, built once per test session (building the index takes seconds)."""

from __future__ import annotations

import pytest

from pipeline.cardlink import CardLinker


@pytest.fixture(scope="session")
def linker(catalog):
    return CardLinker.from_catalog(catalog)

"""The real card catalog and its linker, built once per test session (building the index takes seconds)."""

from __future__ import annotations

import pytest

from pipeline.cardlink import CardLinker
from rulings.cards import load_catalog


@pytest.fixture(scope="session")
def catalog(shared_dir):
    return load_catalog(shared_dir / "data" / "cards.jsonl.gz", shared_dir / "data" / "zh-community.jsonl.gz")


@pytest.fixture(scope="session")
def linker(catalog):
    return CardLinker.from_catalog(catalog)

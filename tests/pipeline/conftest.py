"""The real card catalog and its linker, built once per test session (building the index takes seconds), and the
frames of the shared corpus's official Q&As."""

from __future__ import annotations

import gzip
import json

import pytest

from pipeline.frames import frame_ja

from pipeline.cardlink import CardLinker


@pytest.fixture(scope="session")
def linker(catalog):
    return CardLinker.from_catalog(catalog)


@pytest.fixture(scope="session")
def dev_qas(shared_dir) -> dict[int, dict]:
    """The dev Q&As of the shared corpus by fid."""
    with gzip.open(shared_dir / "corpus" / "konami-faq" / "qa-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        return {q["fid"]: q for q in map(json.loads, fh)}


@pytest.fixture
def qa(dev_qas):
    """fid -> the frame the Japanese reader makes of that Q&A."""
    return lambda fid: frame_ja(dev_qas[fid]["title"], dev_qas[fid]["question"], dev_qas[fid]["answer"], {})

"""Where things live. Every path the stages use is derived here, from environment variables first.

RULINGS_HOME    data directory (raw page store, records, local Neo4j); default: the user data dir
RULINGS_SHARED  the shared data folder (cards, corpora); default: ../shared beside the repository
NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD, NEO4J_DATABASE   an external Neo4j (never start a local one)
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

REPO_ROOT = Path(__file__).resolve().parent.parent


def data_home() -> Path:
    env = os.environ.get("RULINGS_HOME")
    path = Path(env).expanduser() if env else Path(platformdirs.user_data_dir("ygo-rulings"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def shared_dir() -> Path:
    env = os.environ.get("RULINGS_SHARED")
    return Path(env).expanduser() if env else REPO_ROOT.parent / "shared"


def raw_store_dir() -> Path:
    """The content-addressed raw page store written by crawlers/ and read by pipeline/."""
    return data_home() / "raw"


def records_dir() -> Path:
    """Versioned JSONL records handed from one stage to the next."""
    path = data_home() / "records"
    path.mkdir(parents=True, exist_ok=True)
    return path


def cards_file() -> Path:
    return Path(os.environ.get("RULINGS_CARDS", shared_dir() / "data" / "cards.jsonl.gz"))


def community_names_file() -> Path:
    return Path(os.environ.get("RULINGS_COMMUNITY_NAMES", shared_dir() / "data" / "zh-community.jsonl.gz"))

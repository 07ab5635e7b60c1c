"""Rule topics: a taxonomy with stable keys (pipeline/data/topics.yaml), assigned to a ruling from its
heading path and cue words in its language, and mapped from Konami Q&A tags."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import yaml

from pipeline.normalize import DATA_DIR


@dataclass(frozen=True)
class Topic:
    key: str
    labels: dict
    cues: dict  # language family (zh | ja | fr | en) -> list of lower-cased cue strings
    qa_tags: tuple


@lru_cache(maxsize=2)
def load_topics(path: str | None = None) -> dict[str, Topic]:
    data = yaml.safe_load(Path(path or DATA_DIR / "topics.yaml").read_text(encoding="utf-8"))
    topics = {}
    for key, entry in data["topics"].items():
        cues = {lang: [str(c).lower() for c in values or []] for lang, values in (entry.get("cues") or {}).items()}
        topics[key] = Topic(key, dict(entry.get("labels") or {}), cues, tuple(entry.get("qa_tags") or ()))
    return topics


def language_family(language: str) -> str:
    return "zh" if language.startswith("zh") else language


def assign_topics(text: str, section: Iterable[str] = (), language: str = "zh-Hans") -> list[str]:
    """Topic keys whose cue words occur in the text or heading path (both already normalized and,
    for Chinese, Simplified). Cues of every language are tried on headings, so a Chinese page
    that quotes a Japanese term still matches."""
    family = language_family(language)
    body = text.lower()
    heads = " / ".join(section).lower()
    found = []
    for key, topic in load_topics().items():
        cues = topic.cues.get(family, [])
        if any(c in body or c in heads for c in cues):
            found.append(key)
    return found


def topics_for_qa_tags(tags: Iterable[str]) -> list[str]:
    """Konami Q&A tags (チェーン, ペンデュラム, ダメージステップ, …) -> topic keys, in taxonomy order."""
    wanted = set(tags or ())
    return [key for key, topic in load_topics().items() if wanted & set(topic.qa_tags)]


def topic_labels(key: str) -> dict:
    return load_topics()[key].labels

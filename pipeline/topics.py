"""Rule topics: a taxonomy with stable keys (pipeline/data/topics.yaml), assigned to a ruling from its
heading path and cue words in its language and from the kinds of the cards it is about, and mapped
from Konami Q&A tags."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import unicodedata

import yaml

from pipeline.card_kinds import card_kind_topics
from pipeline.normalize import DATA_DIR
from rulings.text import language_family


@dataclass(frozen=True)
class Topic:
    key: str
    labels: dict
    cues: dict  # language family (zh | ja | fr | en) -> list of cue strings, NFKC + lower case
    qa_tags: tuple


@lru_cache(maxsize=2)
def load_topics(path: str | None = None) -> dict[str, Topic]:
    data = yaml.safe_load(Path(path or DATA_DIR / "topics.yaml").read_text(encoding="utf-8"))
    topics = {}
    for key, entry in data["topics"].items():
        cues = {lang: [_fold(str(c)) for c in values or []] for lang, values in (entry.get("cues") or {}).items()}
        topics[key] = Topic(key, dict(entry.get("labels") or {}), cues, tuple(entry.get("qa_tags") or ()))
    return topics


def _fold(text: str) -> str:
    # NFKC: Q&A text writes チェーン２ and ＰＺ in full width; cues are written in half width.
    return unicodedata.normalize("NFKC", text).lower()


def assign_topics(text: str, section: Iterable[str] = (), language: str = "zh-Hans",
                  cards: Iterable = (), date: str | None = None) -> list[str]:
    """Topic keys whose cue words occur in the text or heading path (both already normalized and,
    for Chinese, Simplified), in taxonomy order, then the card-kind topics of `cards` (the cards
    the ruling is about: those its heading or first sentence names, chosen by the caller).
    Japanese, when the topic model is built (pipeline.topic_model, `make topic-model`): the model
    decides the topics it was trained on from the nearest heading, the text, the cards' kinds and,
    for a Konami Q&A, its database `date` (ISO; Konami's tagging changed over the years); cues give
    the rest. Without it a warning says the cue lists are used."""
    family = language_family(language)
    body = _fold(text)
    heads = _fold(" / ".join(section))
    cards = list(cards)
    model = None
    if family == "ja":
        from pipeline.topic_model import get_model

        model = get_model()
    learned = set(model.labels) if model is not None else set()
    found = []
    for key, topic in load_topics().items():
        cues = topic.cues.get(family, [])
        if key not in learned and any(c in body or c in heads for c in cues):
            found.append(key)
    if model is not None:
        # Japanese: the trained classifier decides the topics it knows (those Konami's tags name,
        # card kinds included); the cue lists the others.
        section = list(section)
        predicted = set(model.predict(section[-1] if section else "", text, cards, date))
        return [k for k in load_topics() if k in predicted or k in found]
    found += [t for t in card_kind_topics(cards) if t not in found]
    return found


def topics_for_qa_tags(tags: Iterable[str]) -> list[str]:
    """Konami Q&A tags (チェーン, ペンデュラム, ダメージステップ, …) -> topic keys, in taxonomy order."""
    wanted = set(tags or ())
    return [key for key, topic in load_topics().items() if wanted & set(topic.qa_tags)]


def topic_labels(key: str) -> dict:
    return load_topics()[key].labels

"""Card-kind topics: the topic a card's own kind gives (topics.yaml `card_kinds`), for the cards a
ruling is about (pipeline.topics) and for the subject-card model (pipeline.topic_model)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable

import yaml

from pipeline.normalize import DATA_DIR


@lru_cache(maxsize=2)
def load_card_kinds(path: str | None = None) -> tuple[tuple[str, str], ...]:
    """(kind, topic) rows in priority order (topics.yaml `card_kinds`)."""
    data = yaml.safe_load(Path(path or DATA_DIR / "topics.yaml").read_text(encoding="utf-8"))
    return tuple((str(row["kind"]), str(row["topic"])) for row in data.get("card_kinds") or ())


def card_kind_topic_keys() -> frozenset[str]:
    """The topics a card's kind can give (the `card_kinds` rows' topics)."""
    return frozenset(topic for _, topic in load_card_kinds())


def card_kind_topics(cards: Iterable) -> list[str]:
    """Topics for the kinds of the given cards (rulings.cards.Card or pipeline.cardlink.CardKind:
    anything with card_type and monster_type_line): per card the first row of
    `card_kinds` whose kind is its card type or a word of its monster type line."""
    found = []
    for card in cards:
        words = {card.card_type} | {w.strip() for w in (card.monster_type_line or "").split("/")}
        for kind, topic in load_card_kinds():
            if kind in words:
                if topic not in found:
                    found.append(topic)
                break
    return found

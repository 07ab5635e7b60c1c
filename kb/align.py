"""Cross-language alignment: link rulings that state the same thing in another language or source.

Two current rulings from different pages, in different languages or sources, are candidates when
they mention a card in common. Their score mixes the evidence the graph has: shared cards (Jaccard),
shared topics, same polarity and action, and text similarity where the scripts allow it (the same
language: edit ratio; Chinese vs Japanese: overlap of Han characters after Traditional->Simplified).
Opposite polarities or different actions never align. Pairs scoring at least THRESHOLD become SAME_AS{score} links; each
ruling keeps its best few. The links are recomputed from scratch, so re-running changes nothing."""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import combinations

from neo4j import Driver
from rapidfuzz import fuzz

from kb import graph
from rulings.names import to_simplified

THRESHOLD = 0.7
MIN_TEXT = 12  # shorter fragments (a bare heading, 'Chain Link 2: X') state nothing to align
BEST_PER_RULING = 3
MAX_RULINGS_PER_CARD = 400  # a card on more rulings than this says little about any pair of them
_HAN = re.compile(r"[\u3400-\u9fff]")

_FETCH = """
MATCH (r:Ruling {current: true})-[:MENTIONS]->(c:Card)
WITH r, collect(DISTINCT c.passcode) AS cards
RETURN r.id AS id, r.language AS language, r.source_id AS source, r.page_url AS url, r.polarity AS polarity,
       r.action AS action, r.normalized AS normalized, cards, [(r)-[:ABOUT]->(t:Topic) | t.key] AS topics
"""


def _family(language: str | None) -> str:
    return "zh" if (language or "").startswith("zh") else (language or "")


def _jaccard(a, b) -> float:
    a, b = set(a), set(b)
    return len(a & b) / len(a | b) if a or b else 0.0


def text_similarity(a: dict, b: dict) -> float | None:
    fa, fb = _family(a["language"]), _family(b["language"])
    if fa == fb:
        return fuzz.ratio(a["normalized"] or "", b["normalized"] or "") / 100
    if {fa, fb} == {"zh", "ja"}:
        han_a = set(_HAN.findall(to_simplified(a["normalized"] or "")))
        han_b = set(_HAN.findall(to_simplified(b["normalized"] or "")))
        return _jaccard(han_a, han_b) if han_a and han_b else None
    return None  # no shared script: the text says nothing here


def score_pair(a: dict, b: dict) -> tuple[float, list[str]] | None:
    """(score 0..1, reasons) or None when the two cannot be the same ruling.

    Missing evidence counts as disagreement (a shared card alone is not a shared statement); only the
    text part is left out where the two scripts cannot be compared (e.g. French vs Japanese)."""
    if a["polarity"] and b["polarity"] and a["polarity"] != b["polarity"]:
        return None
    if a["action"] and b["action"] and a["action"] != b["action"]:
        return None
    parts = [(0.45, _jaccard(a["cards"], b["cards"]), "cards"),
             (0.15, _jaccard(a["topics"], b["topics"]), "topics"),
             (0.15, 1.0 if a["polarity"] and a["polarity"] == b["polarity"] else 0.0, "polarity"),
             (0.15, 1.0 if a["action"] and a["action"] == b["action"] else 0.0, "action")]
    text = text_similarity(a, b)
    if text is not None:
        parts.append((0.25, text, "text"))
    score = sum(w * v for w, v, _ in parts) / sum(w for w, _, _ in parts)
    return round(score, 3), [name for _, v, name in parts if v >= 0.5]


def candidate_pairs(rulings: list[dict]):
    by_card = defaultdict(list)
    for i, r in enumerate(rulings):
        for c in r["cards"]:
            by_card[c].append(i)
    seen = set()
    for members in by_card.values():
        if len(members) > MAX_RULINGS_PER_CARD:
            continue
        for i, j in combinations(members, 2):
            if (i, j) in seen:
                continue
            seen.add((i, j))
            a, b = rulings[i], rulings[j]
            if a["url"] == b["url"] or min(len(a["normalized"] or ""), len(b["normalized"] or "")) < MIN_TEXT:
                continue
            if _family(a["language"]) == _family(b["language"]) and a["source"] == b["source"]:
                continue
            yield a, b


def compute_links(rulings: list[dict], threshold: float = THRESHOLD) -> list[dict]:
    scored = []
    for a, b in candidate_pairs(rulings):
        result = score_pair(a, b)
        if result and result[0] >= threshold:
            first, second = sorted((a["id"], b["id"]))
            scored.append({"a": first, "b": second, "score": result[0], "reasons": result[1]})
    scored.sort(key=lambda row: -row["score"])
    kept, per_ruling = [], defaultdict(int)
    for row in scored:
        if per_ruling[row["a"]] >= BEST_PER_RULING or per_ruling[row["b"]] >= BEST_PER_RULING:
            continue
        per_ruling[row["a"]] += 1
        per_ruling[row["b"]] += 1
        kept.append(row)
    return kept


def align_rulings(driver: Driver, database: str | None = None, threshold: float = THRESHOLD) -> int:
    """Recompute every SAME_AS link; returns how many there are."""
    records, _, _ = driver.execute_query(_FETCH, database_=database)
    links = compute_links([dict(r) for r in records], threshold)
    return graph.replace_same_as(driver, links, database)

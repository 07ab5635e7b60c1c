"""Cross-language alignment: link rulings that state the same thing in another language or source.

Two current rulings from different pages, in different languages or sources, are candidates when
they mention a card in common or name three specific rule concepts in common (kb/data/concepts.yaml:
Continuous Trap, Spell & Trap Zone, ... in Chinese, Japanese, French and English). Rulings about
cards score on the evidence the graph has: shared cards (Jaccard), shared topics, same polarity and
action, and text similarity where the scripts allow it (the same language: edit ratio; Chinese vs
Japanese: overlap of Han characters after Traditional->Simplified; otherwise: overlap of the rule
concepts named). Rulings where a side names no card (general rules) score on the rule concepts they
share instead. Opposite polarities or different actions never align. Pairs scoring at least
THRESHOLD become SAME_AS{score} links; each ruling keeps its best few. The links are recomputed from
scratch, so re-running changes nothing."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import ahocorasick
import yaml

from neo4j import Driver
from rapidfuzz import fuzz

from kb import graph
from rulings.text import HAN, language_family, to_simplified

THRESHOLD = 0.7
# zh<->ja rulings naming cards (score_zh_ja): weights of card Jaccard, card overlap, shared Han; a
# Chinese ruling links its best Japanese candidate scoring ZH_JA_THRESHOLD or more, and only when the
# runner-up scores ZH_JA_MARGIN less. Chosen on the dev half of the citation gold set (even fids):
# `rulings kb eval-align`.
ZH_JA_WEIGHTS = (0.4, 0.2, 0.4)
ZH_JA_THRESHOLD = 0.4
ZH_JA_MARGIN = 0.15
MIN_TEXT = 12  # shorter fragments (a bare heading, 'Chain Link 2: X') state nothing to align
BEST_PER_RULING = 3
MAX_RULINGS_PER_CARD = 400  # a card on more rulings than this says little about any pair of them
CONCEPTS_FILE = Path(__file__).parent / "data" / "concepts.yaml"
MIN_SHARED_CONCEPTS = 3  # fewer shared specific rule concepts say nothing about meaning
GENERIC_WEIGHT = 0.3  # a shared 'activate' or 'chain' counts this much of a shared 'continuous_trap'
MAX_RULINGS_PER_CONCEPT_TRIO = 400  # like MAX_RULINGS_PER_CARD: a very common trio of concepts is no lead

_FETCH = """
MATCH (r:Ruling {current: true})
OPTIONAL MATCH (r)-[:MENTIONS]->(c:Card)
WITH r, collect(DISTINCT c.passcode) AS cards
RETURN r.id AS id, r.section AS section, r.language AS language, r.source_id AS source, r.page_url AS url, r.polarity AS polarity,
       r.action AS action, r.normalized AS normalized, cards, [(r)-[:ABOUT]->(t:Topic) | t.key] AS topics
"""


def _jaccard(a, b) -> float:
    a, b = set(a), set(b)
    return len(a & b) / len(a | b) if a or b else 0.0


# Combining marks (the blocks accents decompose to) right after an ASCII letter.
_LATIN_MARK = re.compile(r"(?<=[\x00-\x7f])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Text as concept cues are matched: NFKC, casefolded, accents off Latin letters only (a Japanese
    dakuten is a combining mark too), and a plural -s/-x off Latin words of four letters or more."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).casefold())
    kept = _LATIN_MARK.sub("", decomposed)
    return re.sub(r"(?<=[a-z]{3})[sx]\b", "", unicodedata.normalize("NFC", kept))


@lru_cache(maxsize=1)
def _concept_lexicon() -> dict:
    return yaml.safe_load(CONCEPTS_FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def generic_concepts() -> frozenset[str]:
    return frozenset(_concept_lexicon().get("generic") or ())


@lru_cache(maxsize=1)
def _concept_matcher() -> ahocorasick.Automaton:
    """Every cue (folded) -> (cue, concept), in an Aho-Corasick automaton: one pass over a text finds
    them all (a regex alternation of hundreds of cues took seconds per thousand rulings)."""
    automaton = ahocorasick.Automaton()
    for concept, cues in _concept_lexicon()["concepts"].items():
        for cue in (c for per_language in cues.values() for c in per_language):
            automaton.add_word(fold(cue), (fold(cue), concept))
    automaton.make_automaton()
    return automaton


@lru_cache(maxsize=65536)
def concepts_of(text: str) -> frozenset[str]:
    """The rule concepts (keys of concepts.yaml) a ruling's normalized text names. Leftmost-longest
    cues win (the most specific concept at each position, no overlaps); Latin cues must start a word
    ('set' is not in 'reset'), CJK cues have no word boundaries to respect."""
    folded = fold(text or "")
    found = []
    for end, (cue, concept) in _concept_matcher().iter(folded):
        start = end - len(cue) + 1
        if cue[:1].isascii() and start and (folded[start - 1].isascii() and folded[start - 1].isalnum()):
            continue
        found.append((start, -len(cue), concept))
    concepts, pos = set(), 0
    for start, negative_length, concept in sorted(found):
        if start >= pos:
            concepts.add(concept)
            pos = start - negative_length
    return frozenset(concepts)


@lru_cache(maxsize=4096)
def _heading_concepts(headings: tuple[str, ...], family: str) -> frozenset[str]:
    text = " / ".join(headings)
    return concepts_of(to_simplified(text) if family == "zh" else text)


def ruling_concepts(r: dict) -> frozenset[str]:
    """The concepts of a ruling's text and of its heading path: a rule under '陷阱怪兽的相关规则' that
    says 'these are all Continuous Traps' is about Trap Monsters without naming them. Headings are not
    normalized like the text, so Chinese ones are converted to Simplified here."""
    return concepts_of(r["normalized"] or "") | _heading_concepts(tuple(r.get("section") or ()), language_family(r["language"]))


def concept_similarity(a: dict, b: dict) -> tuple[float, int]:
    """(weighted Dice coefficient of the two concept sets, how many specific concepts they share).

    Generic concepts weigh GENERIC_WEIGHT and are not counted as shared: what makes two rulings the
    same is naming the same specific rule things (Continuous Trap, Spell & Trap Zone), not 'activate'."""
    ca, cb = ruling_concepts(a), ruling_concepts(b)
    generic = generic_concepts()

    def weight(concepts):
        return sum(GENERIC_WEIGHT if c in generic else 1.0 for c in concepts)

    total = weight(ca) + weight(cb)
    return (2 * weight(ca & cb) / total if total else 0.0), len((ca & cb) - generic)


def text_similarity(a: dict, b: dict) -> float | None:
    fa, fb = language_family(a["language"]), language_family(b["language"])
    if fa == fb:
        return fuzz.ratio(a["normalized"] or "", b["normalized"] or "") / 100
    if {fa, fb} == {"zh", "ja"}:
        han_a, han_b = _han(a["normalized"]), _han(b["normalized"])
        return _jaccard(han_a, han_b) if han_a and han_b else None
    # No shared script: the rule concepts both texts name are the only comparable text evidence, and
    # only when each names enough of them to say something.
    generic = generic_concepts()
    ca, cb = ruling_concepts(a) - generic, ruling_concepts(b) - generic
    if min(len(ca), len(cb)) < MIN_SHARED_CONCEPTS:
        return None
    return concept_similarity(a, b)[0]


def _agreement(x: str | None, y: str | None) -> float:
    """1 when both say the same, 0.5 when one side does not say (neither for nor against)."""
    return 1.0 if x and x == y else 0.5


@lru_cache(maxsize=65536)
def _han(text: str) -> frozenset[str]:
    """The Han characters of a text in Simplified (Japanese kanji that OpenCC knows as Traditional too)."""
    return frozenset(HAN.findall(to_simplified(text or "")))


def _overlap(a, b) -> float:
    """|A & B| / min(|A|, |B|): a Chinese summary names a few of the cards its Q&A names."""
    a, b = set(a), set(b)
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def _zh_ja(a: dict, b: dict) -> bool:
    return {language_family(a["language"]), language_family(b["language"])} == {"zh", "ja"}


def score_zh_ja(a: dict, b: dict) -> tuple[float, list[str]]:
    """A Chinese and a Japanese ruling that both name cards: the cards they name (Jaccard, and overlap
    with the smaller set) and the Han characters they share. Polarity and action are left out: read
    from two languages by two analyzers they disagree on 2 of 5 pairs that are the same ruling (the
    citations say so). How a pair becomes a link is decided among each Chinese ruling's candidates
    (keep_best: the best, by a margin)."""
    cards_j, cards_o = _jaccard(a["cards"], b["cards"]), _overlap(a["cards"], b["cards"])
    han_a, han_b = _han(a["normalized"]), _han(b["normalized"])
    text = _jaccard(han_a, han_b) if han_a and han_b else 0.0
    score = ZH_JA_WEIGHTS[0] * cards_j + ZH_JA_WEIGHTS[1] * cards_o + ZH_JA_WEIGHTS[2] * text
    reasons = ["cards"] + (["han"] if text >= 0.2 else [])
    return round(score, 3), reasons


def score_pair(a: dict, b: dict) -> tuple[float, list[str]] | None:
    """(score 0..1, reasons) or None when the two cannot be the same ruling.

    Rulings about cards: missing evidence counts as disagreement (a shared card alone is not a shared
    statement); only the text part is left out where the two scripts cannot be compared (e.g. French vs
    Japanese). Rulings where one side names no card (general rules: 'Trap Monsters are Continuous
    Traps...') are compared by the rule concepts they name instead, and only when they share at least
    MIN_SHARED_CONCEPTS of them; two rulings naming different cards are different rulings. A Chinese
    and a Japanese ruling naming cards: score_zh_ja."""
    if a["cards"] and b["cards"] and _zh_ja(a, b):
        return score_zh_ja(a, b)
    if a["polarity"] and b["polarity"] and a["polarity"] != b["polarity"]:
        return None
    if a["action"] and b["action"] and a["action"] != b["action"]:
        return None
    if a["cards"] and b["cards"]:
        parts = [(0.45, _jaccard(a["cards"], b["cards"]), "cards"),
                 (0.15, _jaccard(a["topics"], b["topics"]), "topics"),
                 (0.15, 1.0 if a["polarity"] and a["polarity"] == b["polarity"] else 0.0, "polarity"),
                 (0.15, 1.0 if a["action"] and a["action"] == b["action"] else 0.0, "action")]
        text = text_similarity(a, b)
        if text is not None:
            parts.append((0.25, text, "text"))
    else:
        concepts, shared = concept_similarity(a, b)
        if shared < MIN_SHARED_CONCEPTS:
            return None
        parts = [(0.55, concepts, "concepts"),
                 (0.15, _jaccard(a["topics"], b["topics"]), "topics"),
                 (0.15, _agreement(a["polarity"], b["polarity"]), "polarity"),
                 (0.15, _agreement(a["action"], b["action"]), "action")]
    score = sum(w * v for w, v, _ in parts) / sum(w for w, _, _ in parts)
    # an unknown polarity or action (0.5) is no reason to align
    return round(score, 3), [name for _, v, name in parts if v > 0.5 or (v == 0.5 and name not in ("polarity", "action"))]


def _leads(rulings: list[dict]):
    """Groups of rulings worth comparing: those naming a card, and those naming a trio of concepts."""
    by_key = defaultdict(list)
    for i, r in enumerate(rulings):
        for c in r["cards"]:
            by_key[("card", c)].append(i)
        for trio in combinations(sorted(ruling_concepts(r) - generic_concepts()), MIN_SHARED_CONCEPTS):
            by_key[trio].append(i)
    for key, members in by_key.items():
        cap = MAX_RULINGS_PER_CARD if key[0] == "card" else MAX_RULINGS_PER_CONCEPT_TRIO
        if len(members) <= cap:
            yield members


def candidate_pairs(rulings: list[dict]):
    seen = set()
    for members in _leads(rulings):
        for i, j in combinations(members, 2):
            if (i, j) in seen:
                continue
            seen.add((i, j))
            a, b = rulings[i], rulings[j]
            if a["url"] == b["url"] or min(len(a["normalized"] or ""), len(b["normalized"] or "")) < MIN_TEXT:
                continue
            if language_family(a["language"]) == language_family(b["language"]) and a["source"] == b["source"]:
                continue
            yield a, b


def scored_pairs(rulings: list[dict]) -> list[dict]:
    """Every candidate pair with its score ({a, b, score, reasons, zh: the Chinese side of a zh<->ja
    pair naming cards, else None}, a < b), best first."""
    scored = []
    for a, b in candidate_pairs(rulings):
        result = score_pair(a, b)
        if result:
            first, second = sorted((a["id"], b["id"]))
            zh = None
            if a["cards"] and b["cards"] and _zh_ja(a, b):
                zh = a["id"] if language_family(a["language"]) == "zh" else b["id"]
            scored.append({"a": first, "b": second, "score": result[0], "reasons": result[1], "zh": zh})
    scored.sort(key=lambda row: (-row["score"], row["a"], row["b"]))
    return scored


def keep_best(scored: list[dict], threshold: float = THRESHOLD, zh_ja_threshold: float = ZH_JA_THRESHOLD,
              margin: float = ZH_JA_MARGIN) -> list[dict]:
    """The links. zh<->ja pairs naming cards: each Chinese ruling's best Japanese candidate, when it
    scores zh_ja_threshold and the runner-up scores margin less. Other pairs: those scoring threshold,
    each ruling keeping its BEST_PER_RULING best."""
    by_zh = defaultdict(list)
    for row in scored:
        if row.get("zh"):
            by_zh[row["zh"]].append(row)
    kept = []
    for rows in by_zh.values():  # each list is best first, as scored is
        best = rows[0]
        if best["score"] >= zh_ja_threshold and (len(rows) == 1 or best["score"] - rows[1]["score"] >= margin):
            kept.append(best)
    per_ruling = defaultdict(int)
    for row in scored:
        if row.get("zh"):
            continue
        if row["score"] < threshold:
            break
        if per_ruling[row["a"]] >= BEST_PER_RULING or per_ruling[row["b"]] >= BEST_PER_RULING:
            continue
        per_ruling[row["a"]] += 1
        per_ruling[row["b"]] += 1
        kept.append(row)
    return [{k: v for k, v in row.items() if k != "zh"} for row in sorted(kept, key=lambda r: (-r["score"], r["a"], r["b"]))]


def compute_links(rulings: list[dict], threshold: float = THRESHOLD) -> list[dict]:
    return keep_best(scored_pairs(rulings), threshold)


def align_rulings(driver: Driver, database: str | None = None, threshold: float = THRESHOLD) -> int:
    """Recompute every SAME_AS link; returns how many there are."""
    records, _, _ = driver.execute_query(_FETCH, database_=database)
    links = compute_links([dict(r) for r in records], threshold)
    return graph.replace_same_as(driver, links, database)


# ---------------------------------------------------------------------------------------------
# Evaluation against the citations: a Chinese ruling that cites an official Q&A by URL states that
# Q&A's ruling (the rule docs translate or summarise it), so its CITES edges are a gold set for zh<->ja
# alignment. The aligner never sees them (it reads neither CITES nor the source URL).

_GOLD = """
MATCH (r:Ruling {current: true})-[:CITES]->(q:Ruling {current: true})
WHERE r.language STARTS WITH 'zh' AND q.language = 'ja'
RETURN r.id AS zh, q.id AS ja, q.fid AS fid
"""


def split_of(fid) -> str:
    """'dev' (even fid) or 'heldout' (odd fid): the split pipeline.eval uses for the Q&A gold sets."""
    return "dev" if int(fid or 0) % 2 == 0 else "heldout"


_UNCOVERED = """
MATCH (r:Citing {current: true}) WHERE r.language STARTS WITH 'zh' AND r.cites_qa IS NOT NULL
  AND NOT EXISTS { (r)-[:CITES]->(:Ruling) }
RETURN r.id AS id
"""


def score_links(links: list[dict], gold: list[dict], families: dict[str, str], uncovered: set[str] = frozenset()) -> dict:
    """Precision and recall of the zh<->ja links among the rulings the gold set covers: a link from a
    citing Chinese ruling to any Japanese ruling but the Q&A it cites is wrong; a gold pair without a
    link is missed. (A link between two uncited rulings has no gold answer and is not scored.)"""
    pairs = {frozenset((g["zh"], g["ja"])) for g in gold}
    covered = {g["zh"] for g in gold}
    predicted = set()
    for link in links:
        a, b = link["a"], link["b"]
        if {families.get(a), families.get(b)} != {"zh", "ja"}:
            continue
        if (a if families[a] == "zh" else b) in covered:
            predicted.add(frozenset((a, b)))
    hits = len(predicted & pairs)
    # Open world: a Chinese ruling citing a Q&A the graph does not hold has no Japanese partner here,
    # so any zh<->ja link it gets is wrong too.
    stray = sum(1 for link in links if {families.get(link["a"]), families.get(link["b"])} == {"zh", "ja"}
                and (link["a"] in uncovered or link["b"] in uncovered))
    return {"gold_pairs": len(pairs), "links": len(predicted), "correct": hits,
            "precision": round(hits / len(predicted), 3) if predicted else None,
            "recall": round(hits / len(pairs), 3) if pairs else None,
            "uncovered_citing": len(uncovered), "links_from_uncovered": stray,
            "precision_open": round(hits / (len(predicted) + stray), 3) if predicted or stray else None}


def evaluate(driver: Driver, database: str | None = None, thresholds=(0.1, 0.2, 0.3, 0.4, 0.5)) -> dict:
    """`rulings kb eval-align`: P/R of the zh<->ja SAME_AS links the aligner would make, against the
    citations, per split of the cited Q&As (even fid: dev, odd: heldout), at ZH_JA_THRESHOLD and a sweep."""
    records, _, _ = driver.execute_query(_FETCH, database_=database, routing_="r")
    rulings = [dict(r) for r in records]
    gold_rows, _, _ = driver.execute_query(_GOLD, database_=database, routing_="r")
    gold = [dict(r) for r in gold_rows]
    families = {r["id"]: language_family(r["language"]) for r in rulings}
    uncovered = {r["id"] for r in driver.execute_query(_UNCOVERED, database_=database, routing_="r")[0]}
    scored = scored_pairs(rulings)
    out = {"threshold": ZH_JA_THRESHOLD, "margin": ZH_JA_MARGIN, "rulings": len(rulings), "splits": {}}
    for split in ("dev", "heldout", "all"):
        subset = [g for g in gold if split == "all" or split_of(g["fid"]) == split]
        out["splits"][split] = {
            "at_threshold": score_links(keep_best(scored), subset, families, uncovered if split == "all" else set()),
            "sweep": {str(t): score_links(keep_best(scored, zh_ja_threshold=t), subset, families,
                                          uncovered if split == "all" else set()) for t in thresholds}}
    return out

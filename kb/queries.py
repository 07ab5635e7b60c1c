"""Reads of the ruling graph: cards by any name, pairs, topics, full text, conflicts, read-only Cypher.

Every statement is parameterized; labels and relationship types are fixed in the text. Functions
return plain dicts (JSON-ready) so the CLI, the scenario generator and tests share them."""

from __future__ import annotations

import json
import re
from typing import Iterator

from neo4j import READ_ACCESS, Driver, unit_of_work
from neo4j.exceptions import ClientError, CypherSyntaxError, Neo4jError
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from kb import graph
from rulings.errors import InputError
from rulings.records import StoredRuling
from rulings.text import CJK, fold_name, to_simplified

# Every ruling row is a rulings.records.StoredRuling: one RETURN shape for every query below, made from
# the model's fields. A field is the Ruling node's property of its name unless said here; the Ruling
# fields no reader of a row needs (offsets, examples, notes, meta, the display text: `text` is it) are
# left out and take their defaults.
_RULING_CYPHER = {
    "text": "coalesce(r.display, r.text)",
    "source": "r.source_id",
    "url": "r.page_url",
    # the record's topic keys, main topic first (kb.load writes them with the ABOUT edges). Not read
    # back from the edges: a pattern comprehension is computed for every row, even inside coalesce
    # (it was a third of `query card`'s server time on 200 rulings)
    "topics": "coalesce(r.topics, [])",
    "mentions": """[(r)-[m:MENTIONS]->(c:Card) |
     {passcode: c.passcode, name: c.name, role: m.role, surface: m.surface, kind: m.kind, start: m.span[0],
      end: m.span[1], confidence: m.confidence, place: coalesce(m.place, 'text')}]""",
    "cites": """[(r)-[:CITES]->(q:Ruling) | {id: q.id, fid: q.fid, language: q.language, date: q.date, url: q.page_url}] +
  [(r)-[:CITES]->(c:Card) | {passcode: c.passcode, konami_id: c.konami_id, name: c.name}]""",
    "cited_by": """[(o:Ruling)-[:CITES]->(r) | {id: o.id, text: coalesce(o.display, o.text), language: o.language, date: o.date,
                                 source: o.source_id, url: o.page_url, current: o.current}]""",
}
_RULING_LEFT_OUT = {"start", "end", "examples", "notes", "example_of", "meta", "display"}
_RULING_COLUMNS = [(name, _RULING_CYPHER.get(name, "r." + name))
                   for name in StoredRuling.model_fields if name not in _RULING_LEFT_OUT]
_RULING_FIELDS = ",\n  ".join(f"{expr} AS {name}" for name, expr in _RULING_COLUMNS)  # RETURN columns
_RULING_MAP = "{" + ", ".join(f"{name}: {expr}" for name, expr in _RULING_COLUMNS) + "}"  # the same as one map

_LANG_FILTER = "($lang IS NULL OR r.language STARTS WITH $lang)"
_CURRENT_FILTER = "($history OR r.current)"


def _rows(driver: Driver, query: str, database: str | None, **params) -> list[dict]:
    records, _, _ = driver.execute_query(query, database_=database, routing_="r", **params)
    return [dict(r) for r in records]


def _lang(lang: str | None) -> str | None:
    """'zh' matches zh-Hans and zh-Hant; 'zh-Hant' only itself."""
    return lang or None


# ---------------------------------------------------------------------------------------------
# Cards by name

# Names sharing the most of the query's pieces (CJK characters, Latin trigrams), closest length first:
# one scan on the server, a few hundred rows back instead of every name.
_SHARED_PIECES = """
MATCH (n:CardName)
WITH n, size([p IN $pieces WHERE n.normalized CONTAINS p]) AS shared
WHERE shared > 0
RETURN n.normalized AS normalized, n.text AS text
ORDER BY shared DESC, abs(size(n.normalized) - $length), n.normalized
LIMIT $limit
"""


def name_pieces(folded: str) -> list[str]:
    """What a near-miss shares with the name it misses: its CJK characters and its Latin trigrams."""
    # Han, kana and Hangul: one character is a unit of meaning, so a near-miss shares most characters
    # (旋凤 for 旋风 shares no bigram at all, which is why the cjk full-text index alone cannot find it).
    pieces = CJK.findall(folded)
    rest = CJK.sub(" ", folded)
    for word in rest.split():
        pieces += [word] if len(word) <= 3 else [word[i:i + 3] for i in range(len(word) - 2)]
    return list(dict.fromkeys(pieces))


def name_similarity(query: str, name: str, **_) -> float:
    """0..100 between folded names. CJK: Levenshtein similarity, so one wrong character (a substitution,
    the usual typo) beats a name that merely shares a character elsewhere or contains one of them;
    a name containing the whole query scores 90. Latin: rapidfuzz WRatio (word order, partial matches)."""
    if CJK.search(query):
        score = Levenshtein.normalized_similarity(query, name) * 100
        return max(score, 90.0) if len(query) >= 2 and query in name else score
    return fuzz.WRatio(query, name)


def suggest_names(driver: Driver, name: str, database: str | None = None, limit: int = 5) -> list[str]:
    """Closest known card names: candidates from the cardname_text full-text index (cjk bigrams, fuzzy
    Latin words) and from the names sharing the most characters/trigrams, ranked by name_similarity."""
    folded = fold_name(name)
    terms = [t for t in re.split(r"\s+", _escape_lucene(name)) if t]
    candidates: dict[str, str] = {}
    if terms:
        lucene = " OR ".join(f"{t}~" if t.isascii() and len(t) > 3 else t for t in terms)
        try:
            for row in _rows(driver, "CALL db.index.fulltext.queryNodes('cardname_text', $q) YIELD node, score "
                                     "RETURN node.text AS text, node.normalized AS normalized LIMIT 200",
                             database, q=lucene):
                candidates[row["normalized"]] = row["text"]
        except ClientError:
            pass  # a query the Lucene parser rejects: the shared-pieces candidates still come
    pieces = name_pieces(folded)
    if pieces:
        for row in _rows(driver, _SHARED_PIECES, database, pieces=pieces, length=len(folded), limit=500):
            candidates.setdefault(row["normalized"], row["text"])
    best = process.extract(folded, list(candidates), scorer=name_similarity, limit=limit * 3)
    out = []
    for normalized, _score, _ in best:
        text = candidates[normalized]
        if text not in out:
            out.append(text)
    return out[:limit]


def resolve_card(driver: Driver, name: str, database: str | None = None) -> list[dict]:
    """The card(s) a name (any language, script, alias) or passcode denotes; InputError with the
    closest names when there is none."""
    if not name or not name.strip():
        raise InputError("card name is empty")
    found = graph.find_cards_by_name(driver, name.strip(), database)
    if found:
        return found
    suggestions = suggest_names(driver, name, database)
    hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
    raise InputError(f"no card named {name!r}{hint}")


_CARD_INFO = """
MATCH (c:Card {passcode: $passcode})
RETURN c.passcode AS passcode, c.name AS name, c.card_type AS card_type,
       [(n:CardName)-[:NAMES]->(c) | {text: n.text, language: n.language, kind: n.kind}] AS names,
       [(o:Ruling)-[:CITES]->(c) | {id: o.id, text: coalesce(o.display, o.text), language: o.language, date: o.date,
                                    source: o.source_id, url: o.page_url, current: o.current}] AS cited_by
"""

_RULINGS_FOR_CARD = f"""
MATCH (r:Ruling)-[:MENTIONS]->(:Card {{passcode: $passcode}})
WHERE {_LANG_FILTER} AND {_CURRENT_FILTER}
WITH DISTINCT r
RETURN {_RULING_FIELDS}
ORDER BY r.source_id, r.page_url, r.start
"""

_TOPIC_LABELS = "MATCH (t:Topic) RETURN t.key AS key, coalesce(t.label_en, t.key) AS label"


def card_info(driver: Driver, passcode: int, database: str | None = None) -> dict:
    rows = _rows(driver, _CARD_INFO, database, passcode=passcode)
    return rows[0] if rows else {"passcode": passcode, "name": None, "names": [], "cited_by": []}


def rulings_for_card(driver: Driver, passcode: int, database: str | None = None, lang: str | None = None,
                     history: bool = False) -> list[dict]:
    return _rows(driver, _RULINGS_FOR_CARD, database, passcode=passcode, lang=_lang(lang), history=history)


def group_by_topic(rulings: list[dict], driver: Driver | None = None, database: str | None = None,
                   labels: dict[str, str] | None = None) -> list[dict]:
    """[{topic, label, rulings}] with each ruling under its first topic ('other' when it has none)."""
    if labels is None:
        labels = {r["key"]: r["label"] for r in _rows(driver, _TOPIC_LABELS, database)} if driver is not None else {}
    groups: dict[str, list] = {}
    for r in rulings:
        groups.setdefault(r["topics"][0] if r["topics"] else "other", []).append(r)
    return [{"topic": key, "label": labels.get(key, key), "rulings": rows}
            for key, rows in sorted(groups.items(), key=lambda kv: (kv[0] == "other", kv[0]))]


# `query card`: the cards a name denotes, each with its names, citing rulings and rulings, and the
# topic labels, in one statement (one round trip: on this shared VM a round trip costs more than the
# Cypher). The card is `card`, never `c`: the ruling map's pattern comprehensions bind c themselves.
_CARD_REPORT = f"""
CALL () {{
  MATCH (:CardName {{normalized: $normalized}})-[:NAMES]->(card:Card) RETURN card
  UNION
  MATCH (card:Card {{passcode: $passcode}}) RETURN card
}}
WITH DISTINCT card ORDER BY card.passcode
CALL (card) {{
  OPTIONAL MATCH (r:Ruling)-[:MENTIONS]->(card)
  WHERE {_LANG_FILTER} AND {_CURRENT_FILTER}
  WITH DISTINCT r ORDER BY r.source_id, r.page_url, r.start
  RETURN collect({_RULING_MAP}) AS rulings
}}
RETURN {{passcode: card.passcode, name: card.name, card_type: card.card_type,
        names: [(n:CardName)-[:NAMES]->(card) | {{text: n.text, language: n.language, kind: n.kind}}],
        cited_by: [(o:Ruling)-[:CITES]->(card) | {{id: o.id, text: coalesce(o.display, o.text), language: o.language,
                   date: o.date, source: o.source_id, url: o.page_url, current: o.current}}]}} AS card,
       rulings, COLLECT {{ MATCH (t:Topic) RETURN [t.key, coalesce(t.label_en, t.key)] }} AS labels
"""


def card_report(driver: Driver, name: str, database: str | None = None, lang: str | None = None,
                history: bool = False) -> list[dict]:
    """`query card NAME`: for each card the name denotes, the card and its rulings grouped by topic
    (one read query; an unknown name raises InputError with the closest names, as resolve_card)."""
    if not name or not name.strip():
        raise InputError("card name is empty")
    name = name.strip()
    rows = _rows(driver, _CARD_REPORT, database, normalized=fold_name(name),
                 passcode=int(name) if name.isdigit() else -1, lang=_lang(lang), history=history)
    if not rows:
        resolve_card(driver, name, database)  # raises, with suggestions
    labels = dict(rows[0]["labels"]) if rows else {}
    return [{"card": row["card"], "count": len(row["rulings"]), "topics": group_by_topic(row["rulings"], labels=labels)}
            for row in rows]


def pair(driver: Driver, a: str, b: str, database: str | None = None, lang: str | None = None,
         history: bool = False) -> dict:
    cards_a = [c["passcode"] for c in resolve_card(driver, a, database)]
    cards_b = [c["passcode"] for c in resolve_card(driver, b, database)]
    rulings = _rows(driver, f"""
        MATCH (r:Ruling)-[:MENTIONS]->(x:Card) WHERE x.passcode IN $a
        MATCH (r)-[:MENTIONS]->(y:Card) WHERE y.passcode IN $b
        WITH DISTINCT r WHERE {_LANG_FILTER} AND {_CURRENT_FILTER}
        RETURN {_RULING_FIELDS}
        ORDER BY r.source_id, r.page_url, r.start
        """, database, a=cards_a, b=cards_b, lang=_lang(lang), history=history)
    return {"a": cards_a, "b": cards_b, "rulings": rulings}


def topic(driver: Driver, key: str, database: str | None = None, lang: str | None = None,
          history: bool = False, limit: int = 200) -> list[dict]:
    known = [r["key"] for r in _rows(driver, "MATCH (t:Topic) RETURN t.key AS key ORDER BY key", database)]
    if key not in known:
        close = [k for k, _, _ in process.extract(key, known, limit=3)] if known else []
        raise InputError(f"unknown topic {key!r}; known topics: {', '.join(close or known[:10])}")
    return _rows(driver, f"""
        MATCH (r:Ruling)-[:ABOUT]->(:Topic {{key: $key}})
        WHERE {_LANG_FILTER} AND {_CURRENT_FILTER}
        RETURN {_RULING_FIELDS}
        ORDER BY r.date DESC, r.id LIMIT $limit
        """, database, key=key, lang=_lang(lang), history=history, limit=limit)


MAX_SEARCH_TERMS = 200
_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')


def _escape_lucene(text: str) -> str:
    return _LUCENE_SPECIAL.sub(r"\\\1", text)


def search_query(text: str) -> str:
    """Every whitespace-separated term must occur, as a phrase (a phrase of cjk bigrams is a substring
    match); Chinese is also tried in Simplified, the script of the normalized text."""
    terms = list(dict.fromkeys(t for t in text.split() if t.strip()))
    if not terms:
        raise InputError("search text is empty")
    if len(terms) > MAX_SEARCH_TERMS:
        # Lucene refuses a query of more than 1,024 clauses; each word is up to 3 (itself, 2 scripts).
        raise InputError(f"search text has {len(terms):,} different words; at most {MAX_SEARCH_TERMS} "
                         "(every word must occur, so a few distinctive words find the same rulings)")

    def phrase(term: str) -> str:
        variants = dict.fromkeys([term, to_simplified(term)])
        inner = " OR ".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in variants)
        return f"({inner})"

    return " AND ".join(phrase(t) for t in terms)


def search(driver: Driver, text: str, database: str | None = None, lang: str | None = None,
           history: bool = False, limit: int = 50) -> list[dict]:
    return _rows(driver, f"""
        CALL db.index.fulltext.queryNodes('ruling_text', $q) YIELD node AS r, score
        WHERE {_LANG_FILTER} AND {_CURRENT_FILTER}
        RETURN score, {_RULING_FIELDS}
        ORDER BY score DESC LIMIT $limit
        """, database, q=search_query(text), lang=_lang(lang), history=history, limit=limit)


# A SAME_AS link by cards alone relates rulings about different situations; only a confident one
# whose frames ask the same question about the same cards pairs two rulings.
ALIGNED_CONFLICT_SCORE = 0.6

# Pairs of current rulings about the same situation, each with why. A conflict needs the *same*
# situation, so each route also needs the frames to agree on what is asked:
# - one cites the other, or both cite one Q&A (a Chinese ruling translating an official Q&A, or two
#   lines translating parts of one Q&A): the same question kind about the same card (frame_key's
#   first two fields: kind | passcode of the questioned card);
# - aligned (SAME_AS, score >= ALIGNED_CONFLICT_SCORE): the same question about the same card and the
#   same cards in the situation, at least two (frame_key fields 1, 2 and 4): a question about one card
#   alone says nothing of the situation (「Sin World」 activated as a chain vs with 2 Sin cards left);
# - the same frame: equal frame_key (question, its card, its effect, the cards, the events), with
#   the situation read (at least two cards and one event): a frame of one card and no event (a
#   statement's, whose conditions are not read) names a card, not a situation.
# Each pair comes once, (x, y) with x.id < y.id.
_SAME_SITUATION = """
CALL () {
  MATCH (a:Ruling {current: true})-[:CITES]->(b:Ruling {current: true})
  RETURN a, b, 'one cites the other (Q&A fid ' + b.fid + ')' AS why, 0 AS strength, 2 AS fields
  UNION
  MATCH (a:Ruling {current: true})-[:CITES]->(q:Ruling)<-[:CITES]-(b:Ruling {current: true})
  WHERE a.id < b.id
  RETURN a, b, 'both cite Q&A fid ' + q.fid AS why, 1 AS strength, 2 AS fields
  UNION
  MATCH (a:Ruling {current: true})-[s:SAME_AS]-(b:Ruling {current: true})
  WHERE a.id < b.id AND s.score >= $aligned
  RETURN a, b, 'aligned (SAME_AS ' + toString(s.score) + ': ' +
         reduce(t = '', x IN coalesce(s.reasons, []) | t + CASE t WHEN '' THEN '' ELSE ', ' END + x) + ')' AS why,
         2 AS strength, 4 AS fields
  UNION
  MATCH (a:Ruling {current: true}) WHERE a.frame_key IS NOT NULL
  MATCH (b:Ruling {current: true, frame_key: a.frame_key})
  WHERE a.id < b.id AND a.page_url <> b.page_url
  RETURN a, b, 'same frame (' + a.frame_key + ')' AS why, 3 AS strength, 5 AS fields
}
WITH a, b, why, strength, fields, split(a.frame_key, '|') AS ka, split(b.frame_key, '|') AS kb
WHERE a.frame_key IS NOT NULL AND b.frame_key IS NOT NULL
  AND ka[0] = kb[0] AND ka[1] = kb[1]
  AND (fields < 4 OR (ka[3] = kb[3] AND size(split(ka[3], ',')) >= 2))
  AND (fields < 5 OR (a.frame_key = b.frame_key AND ka[4] <> '' AND size(split(ka[3], ',')) >= 2))
WITH CASE WHEN a.id < b.id THEN a ELSE b END AS x, CASE WHEN a.id < b.id THEN b ELSE a END AS y, why, strength
WITH x, y, collect(DISTINCT why) AS why, min(strength) AS strength
"""

# Two rulings answer the situation differently when their frames answer its yes/no question
# differently: answers read from the Q&A's answer and the statement's own sentence, never from
# polarity cue words (a Chinese ruling and the Q&A it translates use different ones).
_CONFLICTS = _SAME_SITUATION + """
WITH x, y, why, strength
WHERE x.frame_answer IN ['yes', 'no'] AND y.frame_answer IN ['yes', 'no'] AND x.frame_answer <> y.frame_answer
RETURN CASE WHEN x.date IS NOT NULL AND y.date IS NOT NULL AND x.date <> y.date THEN 'supersedes'
            ELSE 'contradiction' END AS kind,
       why, x.frame_question + ': ' + x.frame_answer + ' vs ' + y.frame_answer AS differs, strength,
       {id: x.id, text: coalesce(x.display, x.text), language: x.language, date: x.date, source: x.source_id, url: x.page_url,
        polarity: x.polarity, action: x.action, answer: x.frame_answer} AS a,
       {id: y.id, text: coalesce(y.display, y.text), language: y.language, date: y.date, source: y.source_id, url: y.page_url,
        polarity: y.polarity, action: y.action, answer: y.frame_answer} AS b
ORDER BY kind, strength, x.id, y.id
LIMIT $limit
"""


def conflicts(driver: Driver, database: str | None = None, limit: int = 100) -> list[dict]:
    """Pairs of current rulings about the same situation (one cites the other or both cite one Q&A,
    with the same question about the same card; confidently aligned with the same question about the
    same cards; or the same frame) whose frames answer its yes/no question differently. When both are
    dated and the dates differ, the later one *supersedes* the earlier (a rule change: kind
    'supersedes', newer first, both dates shown); otherwise the pair is a 'contradiction'.
    Contradictions come first."""
    rows = _rows(driver, _CONFLICTS, database, aligned=ALIGNED_CONFLICT_SCORE, limit=limit)
    for row in rows:
        if row["kind"] == "supersedes" and row["a"]["date"] < row["b"]["date"]:
            row["a"], row["b"] = row["b"], row["a"]  # the newer ruling first
        row["newer" if row["kind"] == "supersedes" else "first"] = row.pop("a")
        row["older" if row["kind"] == "supersedes" else "second"] = row.pop("b")
    return rows


def same_situation_counts(driver: Driver, database: str | None = None) -> dict:
    """How many pairs `conflicts` compared: pairs about the same situation, those whose frames both
    answer yes or no, and those that agree (what a judge needs to read an empty conflict list)."""
    rows = _rows(driver, _SAME_SITUATION + """
        RETURN count(*) AS pairs,
               count(CASE WHEN x.frame_answer IN ['yes', 'no'] AND y.frame_answer IN ['yes', 'no'] THEN 1 END) AS answered,
               count(CASE WHEN x.frame_answer IN ['yes', 'no'] AND x.frame_answer = y.frame_answer THEN 1 END) AS agree
        """, database, aligned=ALIGNED_CONFLICT_SCORE)
    return rows[0]


def rulings_for_scenarios(driver: Driver, database: str | None = None, topic: str | None = None) -> list[dict]:
    """Current rulings with mentions (passcode, role), topics, polarity, action, date, language, text
    and source url: the input of scenario generation. Rulings that name no card are included: a
    general rule ("a Normal Trap cannot be activated the turn it is Set") is checked with a stand-in."""
    return _rows(driver, f"""
        MATCH (r:Ruling {{current: true}})
        WHERE ($topic IS NULL OR EXISTS {{ (r)-[:ABOUT]->(:Topic {{key: $topic}}) }})
        RETURN {_RULING_FIELDS}
        ORDER BY r.id
        """, database, topic=topic)


# ---------------------------------------------------------------------------------------------
# Read-only Cypher

def _plain(value):
    """Nodes, relationships and paths -> JSON-ready dicts."""
    from neo4j.graph import Node, Path, Relationship
    from neo4j.spatial import Point

    if isinstance(value, Point):  # a tuple to JSON, which would drop its coordinate system
        return {"srid": value.srid, **dict(zip("xyz", value))}
    if isinstance(value, Node):
        return {"labels": sorted(value.labels), **{k: _plain(v) for k, v in value.items()}}
    if isinstance(value, Relationship):
        return {"type": value.type, **{k: _plain(v) for k, v in value.items()}}
    if isinstance(value, Path):
        return [_plain(n) for n in value.nodes]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    return value


# What `rulings query cypher` lets through is decided on the server's own plan of the query (EXPLAIN):
# the query type must be a read, and no operator may reach outside the graph or manage the server.
# Procedures a read-only query may call: they read the graph or its schema and change nothing.
READ_PROCEDURES = frozenset({
    "db.index.fulltext.queryNodes", "db.index.fulltext.queryRelationships",
    "db.index.vector.queryNodes", "db.index.vector.queryRelationships",
    "db.labels", "db.relationshipTypes", "db.propertyKeys",
    "db.schema.visualization", "db.schema.nodeTypeProperties", "db.schema.relTypeProperties",
})
# LOAD CSV reads server files and fetches URLs; SHOW/TERMINATE ... and administration commands
# inspect or act on the server and other sessions (TERMINATE TRANSACTIONS kills other users' queries).
_REFUSED_OPERATORS = [
    (re.compile(r"^LoadCSV"), "LOAD CSV is not allowed: it reads server files and fetches URLs"),
    (re.compile(r"^(Show|Terminate|AdministrationCommand|SystemProcedure|Create|Drop|Alter|Enable|Start|Stop)"),
     "administration commands (SHOW ..., TERMINATE TRANSACTIONS, CREATE/DROP ...) are not allowed"),
]
_PROFILE = re.compile(r"^\s*PROFILE\b", re.IGNORECASE)
_PROCEDURE_NAME = re.compile(r"^\s*([\w.`]+)\s*\(")

MAX_ROWS = 1000
MAX_BYTES = 16 * 1024 * 1024


class CypherRows(list):
    """The rows of a read-only query; `stopped` says why there may be more (row or byte limit), else None."""

    stopped: str | None = None


def _plan_operators(plan: dict) -> Iterator[tuple[str, str]]:
    yield plan.get("operatorType", "").split("@")[0], str((plan.get("args") or {}).get("Details") or "")
    for child in plan.get("children") or []:
        yield from _plan_operators(child)


def refusal(query_type: str | None, plan: dict | None) -> str | None:
    """Why the read-only command must not run a query with this EXPLAIN summary (None: it may)."""
    if query_type in ("w", "rw"):
        return ("the query writes to the graph (CREATE/MERGE/SET/DELETE/REMOVE...); "
                "`rulings query cypher` runs read-only queries only")
    for operator, details in _plan_operators(plan or {}):
        if operator == "ProcedureCall":
            match = _PROCEDURE_NAME.match(details)
            name = match.group(1).replace("`", "") if match else details.split("(")[0].strip()
            if name not in READ_PROCEDURES:
                return (f"procedure {name} is not allowed: `rulings query cypher` may call only "
                        f"{', '.join(sorted(READ_PROCEDURES))}")
            continue
        for pattern, what in _REFUSED_OPERATORS:
            if pattern.match(operator):
                return f"{what} ({operator}); `rulings query cypher` runs read-only graph queries only"
    if query_type != "r":
        return (f"the query is not a plain read (query type {query_type!r}: a schema or administration "
                "command); `rulings query cypher` runs read-only graph queries only")
    return None


def read_only_cypher(driver: Driver, query: str, database: str | None = None, params: dict | None = None,
                     limit: int = MAX_ROWS, timeout: float = 120.0, max_bytes: int = MAX_BYTES) -> CypherRows:
    """Run a user's Cypher if the server's plan of it is a plain read (see `refusal`), in a READ
    transaction, returning at most `limit` rows and about `max_bytes` of JSON."""
    if not query or not query.strip():
        raise InputError("cypher: the query is empty")

    @unit_of_work(timeout=timeout)  # a runaway query is stopped by the server, not left running
    def work(tx):
        result = tx.run(query, params or {})
        rows, size = CypherRows(), 0
        for record in result:
            if len(rows) >= limit:
                rows.stopped = f"stopped at the row limit ({limit} rows): more rows match; raise --limit to see them"
                break
            row = {k: _plain(v) for k, v in record.items()}
            size += len(json.dumps(row, ensure_ascii=False, default=str).encode("utf-8"))
            if size > max_bytes:
                rows.stopped = (f"stopped at the byte limit ({max_bytes:,} bytes of results) after {len(rows)} rows; "
                                "return fewer or smaller values, or raise --max-bytes")
                break
            rows.append(row)
        return rows

    try:
        with driver.session(database=database, default_access_mode=READ_ACCESS) as session:
            # PROFILE runs the plan EXPLAIN shows; EXPLAIN PROFILE is not a query
            summary = session.run("EXPLAIN " + _PROFILE.sub("", query, count=1), params or {}).consume()
            why = refusal(summary.query_type, summary.plan)
            if why:
                raise InputError(f"cypher: {why}")
            return session.execute_read(work)
    except CypherSyntaxError as exc:
        raise InputError(f"cypher: syntax error: {exc.message.splitlines()[0]}") from exc
    except Neo4jError as exc:
        code = exc.code or ""
        if "AccessMode" in code or "ForbiddenDueToTransactionType" in code or "write" in (exc.message or "").lower():
            raise InputError("cypher: the query writes to the graph (CREATE/MERGE/SET/DELETE/REMOVE...); "
                             "`rulings query cypher` runs read-only queries only") from exc
        raise InputError(f"cypher: {code}: {(exc.message or '').splitlines()[0][:200]}") from exc


def graph_stats(driver: Driver, database: str | None = None) -> dict:
    nodes = _rows(driver, "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n ORDER BY label", database)
    rels = _rows(driver, "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n ORDER BY type", database)
    current = _rows(driver, "MATCH (r:Ruling) RETURN r.current AS current, count(*) AS n", database)
    return {"nodes": {r["label"]: r["n"] for r in nodes}, "relationships": {r["type"]: r["n"] for r in rels},
            "rulings": {("current" if r["current"] else "superseded"): r["n"] for r in current}}

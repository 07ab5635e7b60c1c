"""The graph's schema, card import and page writes. All Cypher of the project lives in kb/: this
module, kb.load (ruling pages), kb.queries (reads), kb.align (SAME_AS) and kb.runs (engine verdicts).

Every statement is parameterized; labels and relationship types are fixed strings in this module,
never built from input. Writes go in `UNWIND $rows` batches, each batch its own transaction, so a
failed batch leaves the earlier ones committed and the graph consistent."""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Sequence

from neo4j import Driver, ManagedTransaction

from rulings.cards import Card
from rulings.text import fold_name

# ---------------------------------------------------------------------------------------------
# Schema: created once, idempotently (IF NOT EXISTS), by `rulings kb init` and before any load.

# Scenarios and their engine runs (kb.runs), also created on their own by the first stored run.
RUN_SCHEMA = [
    "CREATE CONSTRAINT scenario_id IF NOT EXISTS FOR (s:Scenario) REQUIRE s.id IS UNIQUE",
    "CREATE CONSTRAINT run_id IF NOT EXISTS FOR (r:Run) REQUIRE r.id IS UNIQUE",
    "CREATE INDEX run_batch IF NOT EXISTS FOR (r:Run) ON (r.batch)",
]

SCHEMA = [
    "CREATE CONSTRAINT card_passcode IF NOT EXISTS FOR (c:Card) REQUIRE c.passcode IS UNIQUE",
    "CREATE CONSTRAINT cardname_key IF NOT EXISTS FOR (n:CardName) REQUIRE n.key IS UNIQUE",
    "CREATE CONSTRAINT source_id IF NOT EXISTS FOR (s:Source) REQUIRE s.id IS UNIQUE",
    "CREATE CONSTRAINT page_url IF NOT EXISTS FOR (p:Page) REQUIRE p.url IS UNIQUE",
    "CREATE CONSTRAINT section_key IF NOT EXISTS FOR (s:Section) REQUIRE s.key IS UNIQUE",
    "CREATE CONSTRAINT ruling_id IF NOT EXISTS FOR (r:Ruling) REQUIRE r.id IS UNIQUE",
    "CREATE CONSTRAINT topic_key IF NOT EXISTS FOR (t:Topic) REQUIRE t.key IS UNIQUE",
    *RUN_SCHEMA,
    "CREATE INDEX cardname_normalized IF NOT EXISTS FOR (n:CardName) ON (n.normalized)",
    "CREATE INDEX card_konami_id IF NOT EXISTS FOR (c:Card) ON (c.konami_id)",
    # The 'cjk' analyzer indexes Han and kana as bigrams, so Chinese and Japanese text is searchable
    # without word segmentation; Latin words are still tokenized normally.
    "CREATE FULLTEXT INDEX cardname_text IF NOT EXISTS FOR (n:CardName) ON EACH [n.text, n.normalized] "
    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}",
    # Rulings: the same analyzer over the normalized text only (Chinese in Simplified, pinyin and
    # width folded); indexing the near-identical original too doubled the cost of every load.
    "CREATE FULLTEXT INDEX ruling_text IF NOT EXISTS FOR (r:Ruling) ON EACH [r.normalized] "
    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}",
    "CREATE INDEX ruling_page IF NOT EXISTS FOR (r:Ruling) ON (r.page_url)",
    "CREATE INDEX ruling_action IF NOT EXISTS FOR (r:Ruling) ON (r.action)",
    "CREATE INDEX ruling_fid IF NOT EXISTS FOR (r:Ruling) ON (r.fid)",
    "CREATE INDEX ruling_frame_key IF NOT EXISTS FOR (r:Ruling) ON (r.frame_key)",
]


def ensure_schema(driver: Driver, database: str | None = None, extra: Sequence[str] = ()) -> None:
    for statement in [*SCHEMA, *extra]:
        driver.execute_query(statement, database_=database)
    driver.execute_query("CALL db.awaitIndexes(300)", database_=database)


def clear_graph(driver: Driver, database: str | None = None, batch: int = 10_000) -> None:
    """Delete every node and relationship in batches (tests and `rulings kb reset`). Relationships go
    first: DETACH DELETE of a node holding 100k of them (a card every ruling of a big page mentions)
    would delete them all in one transaction and outgrow the server's transaction memory."""
    for query in ("MATCH ()-[r]->() WITH r LIMIT $batch DELETE r RETURN count(*) AS deleted",
                  "MATCH (n) WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS deleted"):
        while True:
            records, _, _ = driver.execute_query(query, batch=batch, database_=database)
            if not records or records[0]["deleted"] == 0:
                break


# ---------------------------------------------------------------------------------------------
# Cards

_MERGE_CARDS = """
UNWIND $rows AS row
MERGE (c:Card {passcode: row.passcode})
SET c += row.props
"""

_MERGE_NAMES = """
UNWIND $rows AS row
MATCH (c:Card {passcode: row.passcode})
MERGE (n:CardName {key: row.key})
  ON CREATE SET n.text = row.text, n.normalized = row.normalized, n.language = row.language, n.kind = row.kind
SET n.reading = coalesce(row.reading, n.reading)
MERGE (n)-[:NAMES]->(c)
"""


def name_key(text: str, language: str, kind: str) -> str:
    return f"{kind}:{language}:{text}"


def name_row(passcode: int, text: str, language: str, kind: str, reading: str | None = None) -> dict:
    return {"passcode": passcode, "key": name_key(text, language, kind), "text": text,
            "normalized": fold_name(text), "language": language, "kind": kind, "reading": reading}


def card_props(card: Card) -> dict:
    props = {
        "passcode_kind": card.passcode_kind, "konami_id": card.konami_id,
        "name": card.names.get("en") or next(iter(card.names.values()), None) or card.community_zh,
        "card_type": card.card_type, "spell_trap_type": card.spell_trap_type,
        "monster_type_line": card.monster_type_line, "attribute": card.attribute, "level": card.level,
        "rank": card.rank, "atk": card.atk, "def": card.def_, "link_arrows": card.link_arrows or None,
        "pendulum_scale": card.pendulum_scale, "series": card.series or None, "ja_reading": card.ja_reading,
    }
    for lang, text in card.texts.items():
        props["text_" + lang.replace("-", "_").lower()] = text
    return {k: v for k, v in props.items() if v is not None}


def _write_card_batch(tx: ManagedTransaction, cards: list[Card]) -> None:
    tx.run(_MERGE_CARDS, rows=[{"passcode": c.passcode, "props": card_props(c)} for c in cards]).consume()
    names = []
    for card in cards:
        for text, lang, kind in card.all_names():
            names.append(name_row(card.passcode, text, lang, kind, card.ja_reading if lang == "ja" else None))
    tx.run(_MERGE_NAMES, rows=names).consume()
    konami_ids = sorted({c.konami_id for c in cards if isinstance(c.konami_id, int)})
    if konami_ids:  # rulings loaded before these cards that cite their FAQ pages
        tx.run(_LINK_CITED_CARDS, ids=konami_ids).consume()


def import_cards(driver: Driver, cards: Iterable[Card], *, database: str | None = None, batch_size: int = 500,
                 progress: Callable[[int], None] | None = None) -> int:
    """MERGE cards and their names, one transaction per batch. Re-importing changes nothing new."""
    return _write_batches(driver, database, cards, batch_size, _write_card_batch, progress)


def _write_batches(driver: Driver, database: str | None, items: Iterable, batch_size: int,
                   work: Callable[[ManagedTransaction, list], None], progress: Callable[[int], None] | None) -> int:
    """Run `work` on each batch of `items` in a write transaction of its own; returns how many items."""
    total = 0
    with driver.session(database=database) as session:
        for batch in _batches(items, batch_size):
            session.execute_write(work, batch)
            total += len(batch)
            if progress:
                progress(len(batch))
    return total


_MERGE_COMMUNITY_CARDS = """
UNWIND $rows AS row
MERGE (c:Card {passcode: row.passcode})
  ON CREATE SET c.passcode_kind = 'community-only', c.name = row.text
"""


def import_names(driver: Driver, rows: Iterable[dict], *, database: str | None = None, batch_size: int = 2000,
                 create_missing_cards: bool = False, progress: Callable[[int], None] | None = None) -> int:
    """MERGE extra names (community, mined aliases) given as name_row() dicts, one transaction per batch.

    A name whose passcode has no Card is skipped, unless create_missing_cards: the community file
    knows a few cards that the card database lacks, and they must still be findable by name."""
    def write(tx: ManagedTransaction, batch: list[dict]) -> None:
        if create_missing_cards:
            tx.run(_MERGE_COMMUNITY_CARDS, rows=batch).consume()
        tx.run(_MERGE_NAMES, rows=batch).consume()

    return _write_batches(driver, database, rows, batch_size, write, progress)


def count_cards(driver: Driver, database: str | None = None) -> dict:
    records, _, _ = driver.execute_query(
        "MATCH (c:Card) WITH count(c) AS cards "
        "OPTIONAL MATCH (n:CardName) WITH cards, n.kind AS kind, count(n) AS names "
        "RETURN cards, collect({kind: kind, names: names}) AS names",
        database_=database,
    )
    row = records[0]
    return {"cards": row["cards"], "names": {r["kind"]: r["names"] for r in row["names"] if r["kind"]}}


def find_cards_by_name(driver: Driver, name: str, database: str | None = None) -> list[dict]:
    """Cards whose any name folds to the same key as `name` (or whose passcode is `name`)."""
    records, _, _ = driver.execute_query(
        """
        CALL () {
          MATCH (n:CardName {normalized: $normalized})-[:NAMES]->(c:Card) RETURN c
          UNION
          MATCH (c:Card {passcode: $passcode}) RETURN c
        }
        RETURN DISTINCT c.passcode AS passcode, c.name AS name ORDER BY passcode
        """,
        normalized=fold_name(name), passcode=int(name) if name.strip().isdigit() else -1, database_=database,
    )
    return [dict(r) for r in records]


# ---------------------------------------------------------------------------------------------
# Topics

_MERGE_TOPICS = """
UNWIND $rows AS row
MERGE (t:Topic {key: row.key})
SET t += row.props
"""


def import_topics(driver: Driver, rows: list[dict], database: str | None = None) -> int:
    """rows: {"key": 'chain', "props": {"label_en": ..., "label_ja": ...}} (Neo4j has no map properties)."""
    driver.execute_query(_MERGE_TOPICS, rows=rows, database_=database)
    return len(rows)


# ---------------------------------------------------------------------------------------------
# Pages and their rulings: many pages per transaction (kb.load builds the rows and calls these inside
# session.execute_write, so a batch of pages is written atomically or not at all, and a page is never
# half-written). Every statement takes the rows of all the batch's pages (each row names its page's
# url), so a batch costs a handful of round trips, not a handful per page.

# MERGE on the unique url, then a write on the node: the write takes the node's exclusive lock, so a
# second load of the same page waits here until the first commits and then sees its content hash.
# Pages are locked in url order, so two loads locking overlapping batches do not deadlock.
_LOCK_PAGES = """
UNWIND $pages AS pg
MERGE (s:Source {id: pg.source_id})
MERGE (p:Page {url: pg.url})
SET p.loading_ = true
"""

_PAGE_STATES = """
UNWIND $urls AS url
MATCH (p:Page {url: url})
CALL (p) {
  OPTIONAL MATCH (r:Ruling {current: true})-[:IN]->(p)
  OPTIONAL MATCH (r)-[:MENTIONS]->(c:Card)
  WITH r, collect(DISTINCT c.passcode) AS cards
  RETURN collect(CASE WHEN r IS NULL THEN NULL ELSE
           {id: r.id, section_key: r.section_key, normalized: r.normalized, cards: cards} END) AS rulings
}
RETURN url, p.content_hash AS hash, p.records_hash AS records_hash, p.missing_cards AS missing,
       size([x IN coalesce(p.missing_cards, []) WHERE EXISTS { MATCH (:Card {passcode: x}) }]) AS found_now,
       rulings
"""

# Mentions of cards the graph lacked when the page was written: a later load re-links the page once
# any of them exists (e.g. the cards were imported after the pages), even if its hash is unchanged.
_SET_MISSING = "UNWIND $rows AS row MATCH (p:Page {url: row.url}) SET p.missing_cards = row.missing"

_UNLOCK_PAGES = "UNWIND $urls AS url MATCH (p:Page {url: url}) REMOVE p.loading_"

_WRITE_PAGES = """
UNWIND $rows AS row
MATCH (p:Page {url: row.url}), (s:Source {id: row.source_id})
SET p += row.props, p.hashes = CASE WHEN row.props.content_hash IN coalesce(p.hashes, []) THEN p.hashes
                                    ELSE coalesce(p.hashes, []) + row.props.content_hash END
REMOVE p.loading_
MERGE (p)-[:FROM]->(s)
"""

_WRITE_SECTIONS = """
UNWIND $rows AS row
MATCH (p:Page {url: row.url})
MERGE (s:Section {key: row.key})
  ON CREATE SET s.path = row.path, s.heading = row.heading, s.page_url = row.url
MERGE (s)-[:IN]->(p)
"""

# One statement for all the batch's rulings (round trips, not Cypher, dominate a page's cost).
# A ruling re-written by this load first loses its old mentions, topics, examples, citations and
# section link, so the new record's view replaces the old one instead of adding to it.
_WRITE_RULINGS = """
UNWIND $rows AS row
MATCH (p:Page {url: row.url})
MERGE (r:Ruling {id: row.id})
  ON CREATE SET r.first_loaded_at = $now
SET r += row.props, r.current = true, r.page_hash = row.hash, r.page_url = row.url, r.loaded_at = $now
REMOVE r.superseded_at, r.superseded_by_hash, r:Citing
MERGE (r)-[:IN]->(p)
WITH r, row
CALL (r) {
  OPTIONAL MATCH (r)-[old:MENTIONS|ABOUT|EXAMPLE_OF|CITES]->()
  DELETE old
}
CALL (r, row) {
  OPTIONAL MATCH (r)-[old:IN]->(:Section {page_url: row.url})
  DELETE old
}
CALL (r, row) {
  MATCH (s:Section {key: row.section_key})
  MERGE (r)-[:IN]->(s)
}
CALL (r, row) {
  UNWIND row.topics AS key
  MERGE (t:Topic {key: key})
  MERGE (r)-[:ABOUT]->(t)
}
CALL (r, row) {
  UNWIND row.mentions AS m
  MATCH (c:Card {passcode: m.passcode})
  CREATE (r)-[:MENTIONS {role: m.role, span: m.span, surface: m.surface, confidence: m.confidence,
                         kind: m.kind, matched_kind: m.matched_kind, place: m.place}]->(c)
  RETURN count(*) AS written, collect(DISTINCT c.passcode) AS linked
}
RETURN row.url AS url, sum(written) AS written, collect(linked) AS linked
"""

_WRITE_EXAMPLES = """
UNWIND $rows AS row
MATCH (e:Ruling {id: row.id}), (r:Ruling {id: row.of})
MERGE (e)-[:EXAMPLE_OF]->(r)
"""

# Rulings gone from the new version stay as history; one still stated on another page stays current.
_RETIRE_RULINGS = """
UNWIND $rows AS row
MATCH (r:Ruling {id: row.id})
WHERE NOT EXISTS { MATCH (r)-[:IN]->(o:Page) WHERE o.url <> row.url }
SET r.current = false, r.superseded_at = $now, r.superseded_by_hash = row.hash
RETURN count(r) AS retired
"""

_WRITE_SUPERSEDES = """
UNWIND $rows AS row
MATCH (n:Ruling {id: row.new}), (o:Ruling {id: row.old})
MERGE (n)-[s:SUPERSEDES]->(o)
SET s.reason = row.reason
"""

# Citations (a ruling linking a Konami Q&A `ope=5&fid=N` or a card's FAQ page `ope=4&cid=N`): the
# edge is made by whichever side arrives second. A citing ruling carries the label Citing and the
# lists cites_qa / cites_card, so an arriving Q&A or card finds the rulings waiting for it.
_LINK_CITING = """
UNWIND $rows AS row
MATCH (r:Ruling {id: row.id})
SET r:Citing
WITH r, row
CALL (r, row) {
  UNWIND row.qa AS fid
  MATCH (q:Ruling {fid: toString(fid)}) WHERE q.current AND q.id <> r.id
  MERGE (r)-[c:CITES]->(q) SET c.fid = fid
}
CALL (r, row) {
  UNWIND row.cards AS cid
  MATCH (c:Card {konami_id: cid})
  MERGE (r)-[x:CITES]->(c) SET x.cid = cid
}
"""

_LINK_CITED_QA = """
MATCH (r:Citing) WHERE any(f IN r.cites_qa WHERE f IN $fids)
UNWIND r.cites_qa AS fid
WITH r, fid WHERE fid IN $fids
MATCH (q:Ruling {fid: toString(fid)}) WHERE q.current AND q.id <> r.id
MERGE (r)-[c:CITES]->(q) SET c.fid = fid
"""

_LINK_CITED_CARDS = """
MATCH (r:Citing) WHERE any(k IN r.cites_card WHERE k IN $ids)
UNWIND r.cites_card AS cid
WITH r, cid WHERE cid IN $ids
MATCH (c:Card {konami_id: cid})
MERGE (r)-[x:CITES]->(c) SET x.cid = cid
"""


def link_citations(tx: ManagedTransaction, rulings: list[dict]) -> None:
    """CITES edges for rulings just written (rows as for write_page): from those that cite to the Q&As
    and cards present, and to the Q&As among them from the rulings that were waiting for them."""
    citing = [{"id": r["id"], "qa": r["props"].get("cites_qa") or [], "cards": r["props"].get("cites_card") or []}
              for r in rulings if r["props"].get("cites_qa") or r["props"].get("cites_card")]
    if citing:
        tx.run(_LINK_CITING, rows=citing).consume()
    fids = sorted({int(r["props"]["fid"]) for r in rulings if str(r["props"].get("fid") or "").isdigit()})
    if fids:
        tx.run(_LINK_CITED_QA, fids=fids).consume()


def lock_pages(tx: ManagedTransaction, pages: list[dict]) -> dict[str, dict]:
    """Lock the pages ({url, source_id}; new ones are created) and return {url: stored state}: content
    hash, records hash, cards it missed, and its current rulings."""
    pages = sorted(pages, key=lambda p: p["url"])
    tx.run(_LOCK_PAGES, pages=pages).consume()
    states = {}
    for record in tx.run(_PAGE_STATES, urls=[p["url"] for p in pages]):
        states[record["url"]] = {"hash": record["hash"], "records_hash": record["records_hash"],
                                 "rulings": [r for r in record["rulings"] if r], "missing": record["missing"] or [],
                                 "found_now": record["found_now"]}
    return states


def unlock_pages(tx: ManagedTransaction, urls: list[str]) -> None:
    if urls:
        tx.run(_UNLOCK_PAGES, urls=urls).consume()


def write_rulings_part(tx: ManagedTransaction, *, url: str, content_hash: str, now: str, sections: list[dict],
                       rulings: list[dict]) -> tuple[int, list[int]]:
    """One part of a page too big for one transaction (kb.load writes the page version with the last
    part, through write_pages): sections (with the first part) and some rulings. Returns (mentions
    written, passcodes mentioned that the graph lacks)."""
    if sections:
        tx.run(_WRITE_SECTIONS, rows=[{**row, "url": url} for row in sections]).consume()
    rows = [{**row, "url": url, "hash": content_hash} for row in rulings]
    written, linked = 0, set()
    for record in tx.run(_WRITE_RULINGS, rows=rows, now=now):
        written += record["written"]
        linked |= {c for batch in record["linked"] for c in batch}
    link_citations(tx, rows)
    return written, sorted({m["passcode"] for r in rulings for m in r["mentions"]} - linked)


def write_pages(tx: ManagedTransaction, pages: list[dict], now: str) -> dict:
    """Write page versions (after lock_pages in the same transaction); returns the batch's counts.

    pages: {"url", "source_id", "content_hash", "had_missing", "page_props", "sections", "rulings",
    "examples", "retired", "supersedes", "aliases"}; rulings: {"id", "section_key", "props",
    "topics": [key], "mentions": [{passcode, role, span, ...}]}. At most one version of a url.
    A page written in parts passes its last part, with "missing_in_parts" from the earlier ones."""
    def rows(key: str, **extra) -> list[dict]:
        return [{**row, **{k: page[v] for k, v in extra.items()}} for page in pages for row in page[key]]

    tx.run(_WRITE_PAGES, rows=[{"url": p["url"], "source_id": p["source_id"], "props": p["page_props"]}
                               for p in pages]).consume()
    sections = rows("sections", url="url")
    if sections:
        tx.run(_WRITE_SECTIONS, rows=sections).consume()
    rulings = rows("rulings", url="url", hash="content_hash")
    written, linked = 0, {}
    if rulings:
        for record in tx.run(_WRITE_RULINGS, rows=rulings, now=now):
            written += record["written"]
            linked[record["url"]] = {c for batch in record["linked"] for c in batch}
    missing = []
    for page in pages:
        lacking = sorted(({m["passcode"] for r in page["rulings"] for m in r["mentions"]} - linked.get(page["url"], set()))
                         | set(page.get("missing_in_parts", ())))
        if lacking or page["had_missing"]:
            missing.append({"url": page["url"], "missing": lacking})
    if missing:
        tx.run(_SET_MISSING, rows=missing).consume()
    link_citations(tx, rulings)
    examples = rows("examples")
    if examples:
        tx.run(_WRITE_EXAMPLES, rows=examples).consume()
    retired = [{"id": rid, "url": p["url"], "hash": p["content_hash"]} for p in pages for rid in p["retired"]]
    retired_count = tx.run(_RETIRE_RULINGS, rows=retired, now=now).single()["retired"] if retired else 0
    supersedes = rows("supersedes")
    if supersedes:
        tx.run(_WRITE_SUPERSEDES, rows=supersedes).consume()
    aliases = rows("aliases")
    if aliases:
        tx.run(_MERGE_NAMES, rows=aliases).consume()
    mentions = sum(len(r["mentions"]) for r in rulings)
    return {"mentions": written, "mentions_without_card": mentions - written, "retired": retired_count,
            "supersedes": len(supersedes)}


def loaded_page_hashes(driver: Driver, urls: Sequence[str], database: str | None = None,
                       batch_size: int = 5000) -> dict[str, str]:
    """{url: content_hash} of the given pages that the graph holds: what an earlier load committed (a
    page is written in one transaction, so a page here is whole)."""
    found: dict[str, str] = {}
    for batch in _batches(urls, batch_size):
        records, _, _ = driver.execute_query(
            "UNWIND $urls AS url MATCH (p:Page {url: url}) WHERE p.content_hash IS NOT NULL "
            "RETURN p.url AS url, p.content_hash AS hash", urls=batch, database_=database, routing_="r")
        found.update({r["url"]: r["hash"] for r in records})
    return found


# ---------------------------------------------------------------------------------------------
# Cross-language alignment (kb.align computes the pairs; this stores them)

def replace_same_as(driver: Driver, rows: list[dict], database: str | None = None, batch_size: int = 5000) -> int:
    """Drop every SAME_AS link and write `rows` ({a, b, score, reasons}) instead: alignment is recomputed
    from scratch, so re-running it is idempotent."""
    while True:
        records, _, _ = driver.execute_query(
            "MATCH ()-[s:SAME_AS]->() WITH s LIMIT 10000 DELETE s RETURN count(*) AS n", database_=database)
        if records[0]["n"] == 0:
            break
    for batch in _batches(rows, batch_size):
        driver.execute_query(
            "UNWIND $rows AS row MATCH (a:Ruling {id: row.a}), (b:Ruling {id: row.b}) "
            "MERGE (a)-[s:SAME_AS]->(b) SET s.score = row.score, s.reasons = row.reasons",
            rows=batch, database_=database)
    return len(rows)


def _batches(items: Iterable, size: int) -> Iterator[list]:
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch

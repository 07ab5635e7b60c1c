"""Loading PageDoc records (the NLP stage's output) into the graph: many pages per transaction, each
page all or nothing (a batch Neo4j refuses is retried page by page, so a bad page is rejected alone).

A page whose content hash is already stored is left alone. A changed page is replaced atomically:
its rulings that are still there are rewritten, new ones are added, and the ones gone from the new
version stay as history (current=false, still IN the page with the old page hash), linked
new-SUPERSEDES->old where a new ruling corresponds to an old one (same section, shared cards or
similar text). Malformed records are rejected one by one (with id and reason); the rest loads.

    counts = load_pagedocs(driver, docs)   # {"pages_new": 3, ..., "errors": ["<url> ruling <id>: ..."]}
"""

from __future__ import annotations

import hashlib
import json
import queue
import re
import threading
import zlib
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable
from urllib.parse import parse_qs, urlsplit

from neo4j import Driver
from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired
from rapidfuzz import fuzz

from kb import graph
from pipeline.normalize import display_text
from rulings.errors import ServiceError
from rulings.jsonl import read_jsonl_numbered
from rulings.records import PageDoc, Ruling, problem

SIMILAR_TEXT = 60  # rapidfuzz ratio (0..100) above which two rulings of a section say "the same thing"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# ---------------------------------------------------------------------------------------------
# Rows for kb.graph.write_page

# Neo4j's range indexes refuse keys over ~8 KB; a 9.6 KB heading made a Section key the index could not
# hold, and the whole page was rejected. Keys are capped (prefix + digest of the whole); the full
# heading path stays in the Section's unindexed properties.
MAX_KEY_BYTES = 4000
MAX_NAME_CHARS = 200  # a mined alias longer than this is no card name (and would not fit the name index)


def index_key(key: str) -> str:
    """`key` itself, or when its UTF-8 form is over MAX_KEY_BYTES a prefix of it plus a digest of all of it
    (unique and stable, and small enough for an index)."""
    data = key.encode("utf-8")
    if len(data) <= MAX_KEY_BYTES:
        return key
    prefix = data[:MAX_KEY_BYTES - 68].decode("utf-8", "ignore")  # + "…#" (4 bytes) + 64 hex digits
    return f"{prefix}…#{hashlib.sha256(data).hexdigest()}"


def section_key(url: str, section: list[str]) -> str:
    return index_key(url + "#" + " / ".join(section))


# A link to Konami's FAQ database: `ope=5&fid=N` is one Q&A, `ope=4&cid=N` a card's Q&A list (cid is
# the card's Konami id). Rule docs close a ruling with its dated source link (meta.source_url).
_FAQ_LINK = re.compile(r"https?://[^\s<>`\"'()\[\]]*faq_search\.action\?[^\s<>`\"'()\[\]]*")


def _leading_int(value: str) -> int | None:
    digits = re.match(r"\d+", value or "")
    return int(digits.group(0)) if digits else None


def citations(r: Ruling) -> tuple[list[int], list[int]]:
    """(Q&A fids, card Konami ids) the ruling links to: its source URL and any FAQ link in its text
    or notes. A Q&A does not cite itself."""
    meta = r.meta or {}
    texts = [str(meta.get("source_url") or ""), r.text or "", *(str(n) for n in r.notes or [])]
    fids, cids = [], []
    for url in (u for t in texts for u in _FAQ_LINK.findall(t)):
        query = {k: v[0] for k, v in parse_qs(urlsplit(url.replace("&amp;", "&")).query).items()}
        if query.get("ope") == "5" and (fid := _leading_int(query.get("fid", ""))) is not None:
            fids.append(fid)
        elif query.get("ope") == "4" and (cid := _leading_int(query.get("cid", ""))) is not None:
            cids.append(cid)
    own = str(meta.get("fid")) if meta.get("fid") is not None else None
    return [f for f in dict.fromkeys(fids) if str(f) != own], list(dict.fromkeys(cids))


def frame_props(frame) -> dict:
    """What `query conflicts` reads of a ruling's frame (pipeline.frames; the whole frame is the
    `frame` JSON): the question kind, the answer (yes, no, outcome) and a key naming the situation
    (question kind, its card, the cards of the situation, the events in order)."""
    if frame is None:
        return {"frame_question": None, "frame_answer": None, "frame_key": None}
    data = frame.model_dump() if not isinstance(frame, dict) else frame
    question = data.get("question") or {}
    cards = {c.get("ref"): c.get("passcode") for c in data.get("cards") or []}
    key = None
    if question.get("kind") and cards.get(question.get("card")) is not None:
        # (an event of no card, the phase a question is asked in, by its note: main2 | end)
        events = ",".join(f"{e.get('action')}:{cards.get(e.get('card')) if e.get('card') else e.get('note')}"
                          for e in data.get("events") or [])
        key = "|".join([question["kind"], str(cards[question["card"]]), str(question.get("effect") or ""),
                        ",".join(str(p) for p in sorted(p for p in cards.values() if p is not None)), events])
    return {"frame_question": question.get("kind"), "frame_answer": data.get("answer"), "frame_key": key}


def ruling_props(doc: PageDoc, r: Ruling) -> dict:
    meta = r.meta or {}
    props = {
        "text": r.text, "display": r.display or None, "normalized": r.normalized, "language": r.language, "date": r.date,
        "polarity": r.polarity, "action": r.action, "kind": r.kind, "section": r.section,
        "section_key": section_key(doc.url, r.section), "start": r.start, "end": r.end,
        "source_id": doc.source_id, "notes": r.notes, "topics": r.topics,
        "actions": [str(a) for a in meta.get("actions") or []],
        "unlinked": [m.surface for m in r.mentions if m.passcode is None],
        "meta": json.dumps(meta, ensure_ascii=False, sort_keys=True, default=str),
        # the ruling's frame (pipeline.frames) as JSON; scenario generation reads it back from the graph
        "frame": json.dumps(r.frame.model_dump(), ensure_ascii=False, sort_keys=True) if r.frame is not None else None,
    }
    if meta.get("fid") is not None:
        props["fid"] = str(meta["fid"])
    fids, cids = citations(r)
    props["cites_qa"], props["cites_card"] = fids or None, cids or None
    props.update(frame_props(r.frame))
    return props


def _corresponding(new: dict, old: list[dict]) -> tuple[str, str] | None:
    """The old ruling a new one replaces: same section, then shared cards or similar text."""
    best, best_key = None, None
    for o in old:
        if o["section_key"] != new["section_key"]:
            continue
        shared = len(set(o["cards"]) & set(new["cards"]))
        similarity = fuzz.ratio(o["normalized"] or "", new["normalized"] or "")
        if shared == 0 and similarity < SIMILAR_TEXT:
            continue
        key = (shared, similarity)
        if best_key is None or key > best_key:
            best, best_key = o, key
    if best is None:
        return None
    reason = "same section, shared cards" if best_key[0] else "same section, similar text"
    return best["id"], reason


def page_rows(doc: PageDoc, rulings: list[Ruling], old_rulings: list[dict], now: str) -> dict:
    sections = {}
    rows, examples = [], []
    ids = {r.id for r in rulings}
    for r in rulings:
        key = section_key(doc.url, r.section)
        sections[key] = {"key": key, "path": r.section, "heading": r.section[-1] if r.section else ""}
        mentions = [{"passcode": m.passcode, "role": m.role, "span": [m.start, m.end], "surface": display_text(m.surface),
                     "confidence": float(m.confidence), "kind": m.kind, "matched_kind": m.matched_kind,
                     "place": m.place}
                    for m in r.mentions if m.passcode is not None]
        rows.append({"id": r.id, "section_key": key, "props": ruling_props(doc, r),
                     "topics": list(dict.fromkeys(r.topics)), "mentions": mentions})
        if r.example_of and r.example_of in ids and r.example_of != r.id:
            examples.append({"id": r.id, "of": r.example_of})
    gone = [o for o in old_rulings if o["id"] not in ids]
    old_ids = {o["id"] for o in old_rulings}
    supersedes = []
    for r in rulings:
        if r.id in old_ids:
            continue
        new = {"section_key": section_key(doc.url, r.section), "normalized": r.normalized,
               "cards": [m.passcode for m in r.mentions if m.passcode is not None]}
        match = _corresponding(new, gone)
        if match:
            supersedes.append({"new": r.id, "old": match[0], "reason": match[1]})
    aliases = [graph.name_row(a.passcode, a.name, a.language, "mined") for a in doc.aliases
               if isinstance(a.passcode, int) and isinstance(a.name, str) and a.name.strip()
               and len(a.name) <= MAX_NAME_CHARS]
    page_props = {"content_hash": doc.content_hash, "title": doc.title, "language": doc.language,
                  "fetched_at": doc.fetched_at, "loaded_at": now, "problems": [str(p) for p in doc.problems],
                  "source_id": doc.source_id}
    return {"page_props": page_props, "sections": list(sections.values()), "rulings": rows, "examples": examples,
            "retired": [o["id"] for o in gone], "supersedes": supersedes, "aliases": aliases}


# ---------------------------------------------------------------------------------------------

def topic_rows() -> list[dict]:
    from pipeline.topics import load_topics

    rows = []
    for key, topic in load_topics().items():
        rows.append({"key": key, "props": {f"label_{lang}": label for lang, label in topic.labels.items()}})
    return rows


def records_hash(doc: PageDoc, rulings: list[Ruling]) -> str:
    """Fingerprint of what the NLP stage said about a page: the same page bytes processed by a newer
    pipeline (better linking, new topics) must reach the graph too, not be skipped as unchanged."""
    payload = {"rulings": [r.model_dump() for r in rulings], "aliases": [a.model_dump() for a in doc.aliases],
               "language": doc.language, "title": doc.title}
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def _load_batch(tx, batch: list[tuple[PageDoc, list[Ruling]]], parts: dict | None = None) -> tuple[list[dict], dict]:
    """Write a batch of pages (distinct urls) in one transaction: ([per-page status], batch counts).
    `parts`: {url: what _load_in_parts wrote before} for a page written in parts."""
    states = graph.lock_pages(tx, [{"url": doc.url, "source_id": doc.source_id} for doc, _ in batch])
    now = next(iter(parts.values()))["now"] if parts else _now()
    results, writes, unchanged = [], [], []
    for doc, rulings in batch:
        part = (parts or {}).get(doc.url)
        state = part["state"] if part else states[doc.url]
        same = state["hash"] == doc.content_hash
        fingerprint = records_hash(doc, rulings)
        # a page loaded before fingerprints existed has none: treat it as reprocessed once
        reprocessed = same and state.get("records_hash") != fingerprint
        if same and not state["found_now"] and not reprocessed:
            unchanged.append(doc.url)
            results.append({"status": "unchanged"})
            continue
        if part:  # the earlier parts are written: the page version goes with the last one
            rows = {**part["rows"], "sections": [], "rulings": part["rows"]["rulings"][part["done"]:],
                    "missing_in_parts": part["missing"]}
        else:
            rows = page_rows(doc, rulings, state["rulings"], now)
        rows["page_props"]["records_hash"] = fingerprint
        writes.append({"url": doc.url, "source_id": doc.source_id, "content_hash": doc.content_hash,
                       "had_missing": bool(state["missing"]), **rows})
        # relinked: same content, written again because cards it mentions have been imported since
        # reprocessed: same content, but the NLP stage now says something else about it
        results.append({"status": ("reprocessed" if reprocessed else "relinked" if same
                                   else "new" if state["hash"] is None else "changed"),
                        "rulings": len(rulings), "aliases": len(rows["aliases"])})
    graph.unlock_pages(tx, unchanged)
    totals = graph.write_pages(tx, writes, now) if writes else {}
    for part in (parts or {}).values():
        totals["mentions"] = totals.get("mentions", 0) + part["mentions"]
        totals["mentions_without_card"] = totals.get("mentions_without_card", 0) + part["without_card"]
    return results, totals


def _load_in_parts(session, doc: PageDoc, rulings: list[Ruling]) -> tuple[list[dict], dict]:
    """A page of more than BATCH_RULINGS rulings (a 100k-row table) would outgrow a transaction's memory:
    its sections and rulings go in parts of BATCH_RULINGS, one transaction each, and the page version
    (content hash, retired rulings, SUPERSEDES) with the last part. Until that commits the page keeps
    its old content hash, so after a crash the next ingest sees it behind and writes it again (every
    part is an idempotent MERGE)."""

    def state_of(tx):
        state = graph.lock_pages(tx, [{"url": doc.url, "source_id": doc.source_id}])[doc.url]
        graph.unlock_pages(tx, [doc.url])
        return state

    state = session.execute_write(state_of)
    if state["hash"] == doc.content_hash and not state["found_now"] \
            and state.get("records_hash") == records_hash(doc, rulings):
        return session.execute_write(_load_batch, [(doc, rulings)])  # unchanged: nothing to write
    now = _now()
    rows = page_rows(doc, rulings, state["rulings"], now)
    part = {"state": state, "now": now, "rows": rows, "done": 0, "mentions": 0, "without_card": 0, "missing": set()}
    while len(rows["rulings"]) - part["done"] > BATCH_RULINGS:
        chunk = rows["rulings"][part["done"]:part["done"] + BATCH_RULINGS]
        written, lacking = session.execute_write(
            graph.write_rulings_part, url=doc.url, content_hash=doc.content_hash, now=now,
            sections=rows["sections"] if part["done"] == 0 else [], rulings=chunk)
        part["done"] += len(chunk)
        part["mentions"] += written
        part["without_card"] += sum(len(r["mentions"]) for r in chunk) - written
        part["missing"].update(lacking)
    part["missing"] = sorted(part["missing"])
    return session.execute_write(_load_batch, [(doc, rulings)], {doc.url: part})


def new_counts() -> dict:
    return {"pages_new": 0, "pages_changed": 0, "pages_unchanged": 0, "pages_relinked": 0, "pages_reprocessed": 0,
            "pages_rejected": 0,
            "rulings": 0, "rulings_rejected": 0, "rulings_superseded": 0, "supersedes": 0, "mentions": 0,
            "mentions_without_card": 0, "aliases": 0, "errors": []}


def _checked(doc: PageDoc, counts: dict) -> list[Ruling]:
    """The page's rulings (validated records, rulings.records), each id once: a second ruling with an
    id the page already has is rejected (errors go to counts)."""
    good, seen = [], set()
    for r in doc.rulings:
        if r.id in seen:
            counts["rulings_rejected"] += 1
            counts["errors"].append(f"{doc.url} ruling {r.id}: duplicate ruling id on the page")
            continue
        seen.add(r.id)
        good.append(r)
    return good


def server_failed(exc: Neo4jError) -> bool:
    """A failure of the server itself (Neo.DatabaseError.*: a panic, a full disk, a transaction log that
    cannot be written; or the database gone unavailable), not of the pages being written."""
    code = exc.code or ""
    return code.startswith("Neo.DatabaseError.") or code == "Neo.TransientError.General.DatabaseUnavailable"


# A batch: many pages in one transaction (one commit, a handful of round trips), but no more rulings
# than this, and never two versions of one url (the later one must see the earlier one committed) nor
# one ruling id twice (a statement writes all its rows' rulings together, so a ruling stated on two
# pages of a batch would get both pages' mentions instead of the later page's).
BATCH_RULINGS = 500
BATCH_PAGES = 200


def page_batches(pages: Iterable[tuple[PageDoc, list[Ruling]]], max_rulings: int | None = None,
                 max_pages: int | None = None):
    max_rulings, max_pages = max_rulings or BATCH_RULINGS, max_pages or BATCH_PAGES
    batch, urls, ids = [], set(), set()
    for doc, good in pages:
        if batch and (doc.url in urls or len(batch) >= max_pages or len(ids) + len(good) > max_rulings
                      or any(r.id in ids for r in good)):
            yield batch
            batch, urls, ids = [], set(), set()
        batch.append((doc, good))
        urls.add(doc.url)
        ids.update(r.id for r in good)
    if batch:
        yield batch


def _count(counts: dict, results: list[dict], totals: dict) -> None:
    for result in results:
        counts["pages_" + result["status"]] += 1
        if result["status"] != "unchanged":
            counts["rulings"] += result["rulings"]
            counts["aliases"] += result["aliases"]
    for key in ("mentions", "mentions_without_card", "supersedes"):
        counts[key] += totals.get(key, 0)
    counts["rulings_superseded"] += totals.get("retired", 0)


def _write_batch(session, batch: list[tuple[PageDoc, list[Ruling]]], counts: dict, lock: threading.Lock) -> None:
    """One transaction for the batch; when Neo4j refuses it, each page again in its own, so a bad page
    is rejected alone and the others load."""
    try:
        if len(batch) == 1 and len(batch[0][1]) > BATCH_RULINGS:
            results, totals = _load_in_parts(session, *batch[0])
        else:
            results, totals = session.execute_write(_load_batch, batch)
    except (ServiceUnavailable, SessionExpired) as exc:  # the server went away: stop, clearly
        raise ServiceError(f"Neo4j became unreachable while loading {batch[0][0].url}"
                           f"{f' and {len(batch) - 1} more pages' if len(batch) > 1 else ''}: {exc}") from exc
    except Neo4jError as exc:  # e.g. a value Neo4j cannot store
        if server_failed(exc):  # disk full, panic: every later page would fail the same way
            raise ServiceError(f"Neo4j failed while loading {batch[0][0].url}"
                               f"{f' and {len(batch) - 1} more pages' if len(batch) > 1 else ''}, loading stopped "
                               f"({exc.code}: {str(exc.message).splitlines()[0][:160]}); "
                               "see `rulings neo4j status`") from exc
        if len(batch) > 1:
            for page in batch:
                _write_batch(session, [page], counts, lock)
            return
        with lock:
            counts["pages_rejected"] += 1
            counts["errors"].append(f"page {batch[0][0].url}: Neo4j refused it ({exc.code}: {str(exc.message)[:200]})")
        return
    with lock:
        _count(counts, results, totals)


def _write_pages(driver: Driver, database: str | None, pages: Iterable[tuple[PageDoc, list[Ruling]]],
                 counts: dict, lock: threading.Lock) -> None:
    # Unknown-label warnings on a fresh graph are noise here; real errors still raise.
    with driver.session(database=database, notifications_min_severity="OFF") as session:
        for batch in page_batches(pages):
            _write_batch(session, batch, counts, lock)


def load_pagedocs(driver: Driver, docs: Iterable[PageDoc], database: str | None = None,
                  counts: dict | None = None, workers: int = 1) -> dict:
    """Load pages, many per transaction (page_batches), each page all or nothing. Returns counts and
    per-record errors (never raises for a bad record; raises ServiceError when Neo4j itself fails).

    workers > 1 writes pages from that many sessions at once (commits overlap, Neo4j groups their
    log flushes); a url always goes to the same worker, so versions of one page keep their order."""
    counts = counts if counts is not None else new_counts()
    graph.import_topics(driver, topic_rows(), database)
    lock = threading.Lock()

    def checked():
        for doc in docs:
            with lock:
                good = _checked(doc, counts)
            yield doc, good


    if workers <= 1:
        _write_pages(driver, database, checked(), counts, lock)
        return counts
    queues = [queue.Queue(maxsize=64) for _ in range(workers)]
    failures: list[BaseException] = []

    def drain(q):
        try:
            _write_pages(driver, database, iter(q.get, None), counts, lock)
        except BaseException as exc:  # re-raised in the caller's thread below
            failures.append(exc)
            while q.get() is not None:  # keep the feeder from blocking on a dead worker
                pass

    threads = [threading.Thread(target=drain, args=(q,), daemon=True) for q in queues]
    for t in threads:
        t.start()
    try:
        for doc, good in checked():
            queues[zlib.crc32(doc.url.encode("utf-8")) % workers].put((doc, good))
            if failures:
                break
    finally:
        for q in queues:
            q.put(None)
        for t in threads:
            t.join()
    if failures:
        raise failures[0]
    return counts


def read_pagedocs(path: Path, counts: dict):
    """PageDocs from a JSONL file (rulings.records): a line that is not a valid PageDoc is rejected
    (counted, with its line number and reason), a ruling that is not valid is left out of its page
    (counted, with its page, id and reason), and the rest is read."""

    def page_rejected(reason: str) -> None:
        counts["pages_rejected"] += 1
        counts["errors"].append(reason)

    def ruling_rejected(reason: str) -> None:
        counts["rulings_rejected"] += 1
        counts["errors"].append(reason)

    for lineno, obj in read_jsonl_numbered(Path(path), rejected=page_rejected):
        try:
            yield PageDoc.from_json(obj, rejected=ruling_rejected)
        except ValueError as exc:
            page_rejected(f"{path}:{lineno} (page {obj.get('url') or '?'}): not a PageDoc ({problem(exc)[:200]})")


def load_jsonl(driver: Driver, path, database: str | None = None, workers: int = 1) -> dict:
    """Load a PageDoc JSONL file (as written by `rulings nlp`); returns load_pagedocs counts."""
    counts = new_counts()
    return load_pagedocs(driver, read_pagedocs(Path(path), counts), database, counts, workers=workers)

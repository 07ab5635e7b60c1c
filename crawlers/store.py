"""The durable raw page store: what the crawl stage writes and the NLP stage reads.

Layout under the store directory (rulings.config.raw_store_dir() by default):

    blobs/ab/abcd…          raw bytes, named by their sha256 (content-addressed, written once)
    pages/12/1234….json     latest record per URL (file name = sha256 of the URL): the RawPage
                            (with content_hash, etag, last_modified for conditional re-crawls)
    runs/<run id>.jsonl     one line per page outcome of a run (new / changed / unchanged / failed)

Every file is written to a temporary file in the same directory and moved into place with
os.replace, blob before record, so a crash leaves either the old page or the new one, never half of
one. Run logs are append-only; a torn last line (crash mid-write) is ignored when read.

    store = RawStore()
    run = store.start_run("ocg-rule-docs")
    store.put(page, raw_bytes)           # -> "new" | "changed" | "unchanged"
    store.pages()                        # latest RawPage per URL
    store.run_pages()                    # only the new / changed pages of the last run
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from rulings.records import RawPage
from rulings.errors import InputError
from rulings.jsonl import atomic_write

OUTCOMES = ("new", "changed", "unchanged", "failed")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class RawStore:
    def __init__(self, path: str | os.PathLike | None = None):
        if path is None:
            from rulings.config import raw_store_dir

            path = raw_store_dir()
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.run_id: str | None = None
        self.counts = dict.fromkeys(OUTCOMES, 0)

    # --- blobs -------------------------------------------------------------------------------
    def _blob_path(self, content_hash: str) -> Path:
        return self.path / "blobs" / content_hash[:2] / content_hash

    def blob(self, content_hash: str) -> bytes:
        path = self._blob_path(content_hash)
        if len(content_hash) != 64 or not path.exists():
            raise InputError(f"raw store {self.path}: no blob {content_hash!r}")
        return path.read_bytes()

    # --- pages -------------------------------------------------------------------------------
    def _record_path(self, url: str) -> Path:
        key = sha256_hex(url.encode("utf-8"))
        return self.path / "pages" / key[:2] / f"{key}.json"

    def _read_record(self, path: Path) -> dict | None:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            raise InputError(f"raw store record {path}: unreadable ({exc})") from exc

    def get(self, url: str) -> RawPage | None:
        record = self._read_record(self._record_path(url))
        return RawPage.from_json(record["page"]) if record else None

    def pages(self, source_id: str | None = None) -> Iterator[RawPage]:
        """Latest RawPage per URL, in URL order (stable across runs)."""
        root = self.path / "pages"
        records = []
        for path in root.glob("*/*.json") if root.exists() else ():
            record = self._read_record(path)
            if record and (source_id is None or record["page"]["source_id"] == source_id):
                records.append(record["page"])
        for data in sorted(records, key=lambda d: d["url"]):
            yield RawPage.from_json(data)

    def __len__(self) -> int:
        root = self.path / "pages"
        return sum(1 for _ in root.glob("*/*.json")) if root.exists() else 0

    def put(self, page: RawPage, raw: bytes) -> str:
        """Store a fetched page; returns "new", "changed" or "unchanged" (same content hash)."""
        digest = sha256_hex(raw)
        if page.content_hash and page.content_hash != digest:
            raise InputError(f"{page.url}: content_hash {page.content_hash[:12]}… is not the sha256 of its bytes")
        page.content_hash = digest
        blob_path = self._blob_path(digest)
        if not blob_path.exists():
            atomic_write(blob_path, raw)
        record_path = self._record_path(page.url)
        previous = self._read_record(record_path)
        if previous is None:
            outcome = "new"
        elif previous["page"]["content_hash"] == digest:
            outcome = "unchanged"
        else:
            outcome = "changed"
        record = {
            "page": page.to_json(),
            "stored_at": utc_now(),
            "previous_hash": previous["page"]["content_hash"] if previous else None,
            "first_seen": previous.get("first_seen") if previous else utc_now(),
        }
        atomic_write(record_path, json.dumps(record, ensure_ascii=False).encode("utf-8"))
        self._log(page.url, outcome, content_hash=digest, source_id=page.source_id)
        return outcome

    def note_unchanged(self, url: str, source_id: str | None = None) -> str:
        """A conditional re-fetch answered 304 Not Modified: nothing to store, count it."""
        self._log(url, "unchanged", source_id=source_id, not_modified=True)
        return "unchanged"

    def note_failure(self, url: str, reason: str, source_id: str | None = None) -> str:
        self._log(url, "failed", reason=reason, source_id=source_id)
        return "failed"

    def sweep_partial(self) -> int:
        """Delete temporary files left by writers that died mid-write (their pid is gone); they were
        never moved into place, so no record points at them. Returns how many were removed."""
        import psutil

        removed = 0
        for tmp in self.path.rglob("*.tmp"):
            parts = tmp.name.rsplit(".", 3)  # <name>.<pid>.<random>.tmp
            pid = parts[1] if len(parts) == 4 else ""
            if pid.isdigit() and psutil.pid_exists(int(pid)):
                continue
            tmp.unlink(missing_ok=True)
            removed += 1
        return removed

    # --- runs --------------------------------------------------------------------------------
    def start_run(self, label: str = "run") -> str:
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
        self.run_id = f"{stamp}-{time.time_ns() % 1_000_000_000:09d}-{safe}"
        self.counts = dict.fromkeys(OUTCOMES, 0)
        (self.path / "runs").mkdir(parents=True, exist_ok=True)
        (self.path / "runs" / f"{self.run_id}.jsonl").touch()
        return self.run_id

    def _log(self, url: str, outcome: str, **fields) -> None:
        self.counts[outcome] += 1
        if self.run_id is None:
            return
        line = json.dumps({"url": url, "outcome": outcome, "at": utc_now(), **fields}, ensure_ascii=False)
        with open(self.path / "runs" / f"{self.run_id}.jsonl", "a", encoding="utf-8") as log:
            log.write(line + "\n")

    def runs(self) -> list[str]:
        root = self.path / "runs"
        return sorted(p.stem for p in root.glob("*.jsonl")) if root.exists() else []

    def last_run(self, label: str | None = None) -> str | None:
        runs = [r for r in self.runs() if label is None or r.endswith("-" + label)]
        return runs[-1] if runs else None

    def run_log(self, run_id: str | None = None) -> list[dict]:
        run_id = run_id or self.last_run()
        if run_id is None:
            return []
        path = self.path / "runs" / f"{run_id}.jsonl"
        if not path.exists():
            raise InputError(f"raw store {self.path}: no run {run_id!r}")
        entries = []
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entries.append(json.loads(line))
            except ValueError:
                continue  # a torn last line from an interrupted run
        return entries

    def run_counts(self, run_id: str | None = None) -> dict[str, int]:
        counts = dict.fromkeys(OUTCOMES, 0)
        for entry in self.run_log(run_id):
            counts[entry["outcome"]] += 1
        return counts

    def run_pages(self, run_id: str | None = None) -> Iterator[RawPage]:
        """The pages a run found new or changed: the only ones the NLP stage needs to redo."""
        seen = set()
        for entry in self.run_log(run_id):
            if entry["outcome"] in ("new", "changed") and entry["url"] not in seen:
                seen.add(entry["url"])
                page = self.get(entry["url"])
                if page is not None:
                    yield page

"""Versioned JSONL records: the hand-off format between stages.

Each line is one JSON object carrying `record` (the record type) and `v` (its schema version), so a
stage can refuse records it does not understand with a clear error instead of misreading them."""

from __future__ import annotations

import contextlib
import dataclasses
import gzip
import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator

from rulings.errors import InputError, write_failed


def _open_text(path: Path, mode: str):
    if str(path).endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def to_json(record: Any) -> dict:
    if hasattr(record, "to_json"):
        return record.to_json()
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        return dataclasses.asdict(record)
    return dict(record)


@contextlib.contextmanager
def atomic_file(path: Path, mode: str = "wb") -> Iterator[IO[Any]]:
    """A file to write that replaces `path` only when the block ends without an error, so a reader (or
    a crash) never sees half of it: the data goes to a temporary file beside `path`, owner-only and
    named `<name>.<pid>.<random>.tmp` (the pid lets a sweep tell a killed writer's leftover from a live
    one), is flushed and fsynced, then os.replace'd over `path`. On any error the temporary file is
    removed and `path` is untouched; an OSError the disk raises becomes `write_failed(path, exc)` (one
    line naming the file). `mode` is "wb" (bytes) or "w" (UTF-8 text)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp")
    except OSError as exc:
        raise write_failed(path, exc) from exc
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise write_failed(path, exc) from exc
        raise


def atomic_write(path: Path, data: bytes) -> None:
    """`data` written to `path` through `atomic_file`: all of it or, on any error, nothing."""
    with atomic_file(path, "wb") as out:
        out.write(data)


def write_jsonl(path: Path, records: Iterable[Any]) -> int:
    """Write records atomically (`atomic_file`): a reader never sees a half-written file."""
    count = 0
    with atomic_file(path, "w") as out:
        for record in records:
            out.write(json.dumps(to_json(record), ensure_ascii=False) + "\n")
            count += 1
    return count


def read_jsonl(path: Path, *, record: str | None = None, max_version: int | None = None) -> Iterator[dict]:
    """Yield JSON objects; a broken line raises InputError naming the file and line number."""
    for _, obj in read_jsonl_numbered(path, record=record, max_version=max_version):
        yield obj


def read_jsonl_numbered(path: Path, *, record: str | None = None, max_version: int | None = None,
                        rejected: Callable[[str], None] | None = None) -> Iterator[tuple[int, dict]]:
    """(line number, JSON object) pairs, so that a caller can name the line of a record it rejects.
    A line that is not a JSON object raises InputError naming the file and line; with `rejected`, its
    one-line reason goes there instead and the rest of the file is read."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    try:
        with _open_text(path, "r") as handle:
            for lineno, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield lineno, _object(path, lineno, line, record, max_version)
                except InputError as exc:
                    if rejected is None:
                        raise
                    rejected(str(exc))
    except (EOFError, gzip.BadGzipFile, OSError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise InputError(f"{path}: no such file") from exc
        raise InputError(f"{path}: corrupt or truncated file ({exc})") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc


def _object(path: Path, lineno: int, line: str, record: str | None, max_version: int | None) -> dict:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{lineno}: invalid JSON ({exc.msg})") from exc
    if not isinstance(obj, dict):
        raise InputError(f"{path}:{lineno}: expected a JSON object, got {type(obj).__name__}")
    if record is not None and obj.get("record", record) != record:
        raise InputError(f"{path}:{lineno}: expected a {record} record, got {obj.get('record')!r}")
    if max_version is not None and int(obj.get("v", 1)) > max_version:
        raise InputError(
            f"{path}:{lineno}: {record} schema version {obj.get('v')} is newer than this tool reads ({max_version})"
        )
    return obj

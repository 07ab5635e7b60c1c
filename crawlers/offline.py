"""Offline ingest: saved files -> RawPage records (and into the raw store), no network.

Formats, by file name: .html/.htm (saved pages), .txt (seed pages), .rst (ocg-rule docs sources),
.md (French articles), .jsonl/.jsonl.gz/.json (Konami FAQ Q&A mirror, one page per Q&A).
Text formats keep their markup in RawPage.text (RST 「`name`_」 mentions, Markdown *italics*), because
the NLP stage uses that markup as gold card links; headings come from the format's own structure.

    for page, raw in read_paths(["../shared/corpus/seeds"]): ...
    result = ingest_to_store(paths, RawStore())  # {"new": 5, "changed": 0, ..., "errors": [(url, why)]}
"""

from __future__ import annotations

import gzip
import json
import os
import stat
from pathlib import Path
from typing import Iterable, Iterator

from crawlers.encoding import decode_page
from crawlers.extract import extract
from crawlers import konami
from crawlers.konami import FAQ_URL
from rulings.records import Heading, RawPage
from crawlers.store import RawStore, sha256_hex, utc_now
from crawlers.textformats import markdown_headings, markdown_title, rst_headings, seed_headings
from crawlers.sources import SOURCES
from rulings.errors import InputError
from rulings.text import detect_language

QA_FIELDS = ("fid", "title", "question", "answer")
MAX_FILE_BYTES = 50 * 1024 * 1024

_SUFFIX_FORMAT = {".html": "html", ".htm": "html", ".xhtml": "html", ".txt": "text", ".text": "text",
                  ".rst": "rst", ".md": "markdown", ".markdown": "markdown", ".jsonl": "qa-json",
                  ".json": "qa-json", ".jsonl.gz": "qa-json", ".json.gz": "qa-json"}
_BINARY_MAGIC = {b"%PDF": "application/pdf", b"\x89PNG": "image/png", b"\xff\xd8\xff": "image/jpeg",
                 b"GIF8": "image/gif", b"PK\x03\x04": "application/zip"}


def file_format(path: Path) -> str | None:
    name = path.name.lower()
    for suffix in sorted(_SUFFIX_FORMAT, key=len, reverse=True):
        if name.endswith(suffix):
            return _SUFFIX_FORMAT[suffix]
    return None


_FILE_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
               (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"))


def _not_regular(mode: int) -> str | None:
    """What a non-regular file is ("a FIFO", "a character device", ...), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _FILE_KINDS if test(mode)), "not a regular file")


def open_regular(path: Path):
    """Open a regular file for binary reading. A FIFO, device or socket is refused (InputError) before a
    read could block forever (a FIFO) or never end (/dev/zero): opened non-blocking, checked on the
    open descriptor (no window for a swap between check and open), then made blocking again."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        kind = _not_regular(os.fstat(fd).st_mode)
        if kind:
            raise InputError(f"{path}: not a regular file ({kind}); ingest reads regular files only")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_limited(handle, limit: int = MAX_FILE_BYTES) -> bytes:
    """At most `limit` bytes, enforced while reading (a file may grow, a gzip may inflate): more is an
    error, never a MemoryError."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"over the {limit >> 20} MB limit")
    return data


VANISHED = "file vanished before it could be read (deleted or moved during the run)"


def _walk_files(root: Path, errors: list) -> list[Path]:
    """Every entry under root, sorted; a subfolder that cannot be listed is reported, not skipped
    silently (Path.rglob ignores it)."""

    def unreadable(exc: OSError):
        folder = Path(exc.filename or root)
        errors.append((folder.absolute().as_uri(), f"cannot read folder: {exc.strerror or exc}"))

    found = []
    for folder, dirs, files in os.walk(root, onerror=unreadable):
        found.extend(Path(folder) / name for name in dirs + files)
    return sorted(found)


def _iter_files(paths: Iterable[str | os.PathLike], errors: list) -> Iterator[Path]:
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise InputError(f"{path}: no such file or directory")
        if path.is_dir():
            for child in _walk_files(path, errors):
                if child.name.startswith(".") or not file_format(child):
                    continue
                try:
                    kind = _not_regular(child.stat().st_mode)
                except FileNotFoundError:  # listed, then gone (or a dangling symlink)
                    errors.append((child.absolute().as_uri(), VANISHED))
                    continue
                except OSError as exc:
                    errors.append((child.absolute().as_uri(), f"cannot read: {exc.strerror or exc}"))
                    continue
                if kind is None:
                    yield child
                elif kind != "a directory":
                    errors.append((child.absolute().as_uri(), f"not a regular file ({kind})"))
        else:
            kind = _not_regular(path.stat().st_mode)
            if kind:  # named on the command line: refused like a missing file
                raise InputError(f"{path}: not a regular file ({kind}); ingest reads regular files and folders")
            yield path


def sniff_binary(data: bytes) -> str | None:
    """The content type of a binary (non-page) file, or None for text."""
    for magic, kind in _BINARY_MAGIC.items():
        if data.startswith(magic):
            return kind
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "application/octet-stream"
    return None


def html_layout(html: str) -> str:
    if "window.__STORE__" in html:
        return "ourocg"
    if "mw-parser-output" in html or "mediawiki" in html[:5000].lower():
        return "mediawiki"
    if "headerlink" in html or 'role="main"' in html or "sphinx" in html[:5000].lower():
        return "sphinx"
    if "pukiwiki" in html.lower()[:20000] or 'id="body"' in html:
        return "pukiwiki"
    if "faq_search.action" in html or 'id="article_body"' in html:
        return "konami-faq"
    if "エキスパートルール" in html[:5000]:
        return "expert"  # the Japanese expert-rule site: its repeated chapter menu is dropped
    return "generic"


def source_for(language: str, layout_or_kind: str, text: str = "") -> str:
    """Source id of an offline file from what it looks like (--source overrides)."""
    if layout_or_kind in ("sphinx", "rst"):
        return "ocg-rule-docs"
    if layout_or_kind in ("konami-faq", "qa-json"):
        return "konami-faq"
    if layout_or_kind == "markdown":
        return "fr-articles" if language == "fr" else "zh-forum" if language.startswith("zh") else "jp-wiki"
    if language == "ja":
        if layout_or_kind == "pukiwiki":
            return "jp-wiki"
        return "jp-expert" if any(c in text for c in "□◇■┏┃┗") or layout_or_kind in ("text", "expert") else "jp-wiki"
    if language == "fr":
        return "fr-wiki" if layout_or_kind in ("mediawiki", "text") or "[]\n" in text else "fr-articles"
    if language.startswith("zh"):
        if "¶" in text:
            return "ocg-rule-docs"
        return "zh-forum"
    return "fr-wiki" if layout_or_kind == "mediawiki" else "zh-forum"


def _seed_kind(text: str, language: str) -> str:
    first_lines = text[:3000]
    if "¶\n" in first_lines or first_lines.split("\n", 1)[0].endswith("¶"):
        return "ocg-rule-docs"
    if language == "ja":
        return "jp-expert" if any(c in text for c in "□◇■┏┃┗") else "jp-wiki"
    if language == "fr":
        return "fr-wiki" if "[]\n" in text or text.rstrip().endswith("[]") else "fr-articles"
    return "zh-forum"


def _first_line(text: str) -> str:
    for line in text.split("\n"):
        if line.strip():
            line = line.strip().removesuffix("¶").removesuffix("[]").strip()
            return line if len(line) <= 120 else line[:119] + "…"  # a first sentence, not a title
    return ""


def _file_page(path: Path, data: bytes, fmt: str, source: str | None) -> RawPage:
    url = path.resolve().as_uri()
    decoded = decode_page(data, None, is_html=(fmt == "html"))
    text = decoded.text.replace("\r\n", "\n").replace("\r", "\n")
    problems = list(decoded.problems)
    outlinks: list[str] = []
    meta: dict = {"path": str(path)}
    if fmt == "html":
        layout = html_layout(text)
        page = extract(text, url, layout)
        title, body, headings, outlinks = page.title, page.text, page.headings, page.outlinks
        problems += page.problems
        language = detect_language(body)
        kind = source_for(language, layout, body)
        meta["layout"] = layout
        if page.notes:
            meta["note_spans"] = page.notes
    elif fmt == "rst":
        body, headings = text, rst_headings(text)
        title = headings[0].text if headings else path.stem
        language = detect_language(body)
        kind = "ocg-rule-docs"
    elif fmt == "markdown":
        body, headings = text, markdown_headings(text)
        title = markdown_title(headings, text) or path.stem
        language = detect_language(body)
        kind = source_for(language, "markdown", body)
    else:  # plain text (seeds): keep verbatim, headings from the residue the saved page left
        body = text
        language = detect_language(body)
        kind = _seed_kind(body, language)
        headings = seed_headings(body, kind)
        title = headings[0].text if headings and headings[0].level == 1 else _first_line(body)
    if not body.strip():
        problems.append("file has no text")
    page = RawPage(
        url=url, source_id=source or kind, language=language, content_hash=sha256_hex(data), text=body,
        title=title, headings=headings, format=fmt, declared_encoding=decoded.declared_encoding,
        detected_encoding=decoded.detected_encoding, replacement_chars=decoded.replacement_chars,
        fetched_at=utc_now(), status=200, content_type=None, outlinks=outlinks, meta=meta, problems=problems,
    )
    if meta.get("layout") == "konami-faq":
        # a saved Q&A (fid, date, tags, cards) or card list (the card's supplement): read as the spider reads it
        page = konami.fill_saved_page(page, text)
    return page


def qa_page(record: dict, raw: bytes, source: str | None = None) -> RawPage:
    """One Konami FAQ Q&A (mirror JSON) -> RawPage with the FAQ URL of its fid."""
    missing = [k for k in QA_FIELDS if k not in record]
    if missing:
        raise ValueError(f"not a Q&A record: missing {', '.join(missing)}")
    try:
        fid = int(record["fid"])
    except (TypeError, ValueError, OverflowError):  # OverflowError: 1e999 parses as float infinity
        raise ValueError(f"fid {record['fid']!r} is not a number") from None
    text, layout = konami.qa_text(str(record["title"]).strip(), str(record["question"]).strip(),
                                  str(record["answer"]).strip())
    headings = [Heading(level=level, text=heading, offset=offset) for level, heading, offset in layout]
    meta = {key: record.get(key) for key in ("fid", "databaseDate", "tags", "mentionedCards", "title",
                                             "question", "answer")}
    meta["fid"] = fid
    return RawPage(
        url=FAQ_URL.format(fid=fid), source_id=source or "konami-faq", language="ja",
        content_hash=sha256_hex(raw), text=text, title=str(record["title"]).strip(), headings=headings,
        format="qa-json", declared_encoding="utf-8", detected_encoding="utf-8",
        replacement_chars=text.count("\ufffd"), fetched_at=utc_now(), status=200,
        content_type="application/json", meta=meta,
    )


def _qa_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with open_regular(path) as raw_handle, \
            (gzip.open(raw_handle, "rb") if path.name.lower().endswith(".gz") else raw_handle) as handle:
        if path.name.lower().endswith((".json", ".json.gz")):
            data = read_limited(handle)
            parsed = json.loads(data)
            items = parsed if isinstance(parsed, list) else [parsed]
            for index, item in enumerate(items, 1):
                yield index, json.dumps(item, ensure_ascii=False, sort_keys=True).encode("utf-8")
            return
        lineno = 0
        while line := handle.readline(MAX_FILE_BYTES + 1):
            lineno += 1
            if len(line) > MAX_FILE_BYTES:
                raise InputError(f"line {lineno} is over the {MAX_FILE_BYTES >> 20} MB limit")
            if line.strip():
                yield lineno, line.rstrip(b"\r\n")


def read_paths(paths: Iterable[str | os.PathLike], source: str | None = None,
               errors: list | None = None) -> Iterator[tuple[RawPage, bytes]]:
    """Yield (RawPage, raw bytes) for every readable page under the paths.

    A bad file or Q&A line is appended to `errors` as (url, reason) and skipped; a path that does not
    exist raises InputError (it is a typo on the command line, not a bad page)."""
    if source is not None and source not in SOURCES:
        raise InputError(f"--source {source!r}: unknown source (known: {', '.join(SOURCES)})")
    errors = errors if errors is not None else []
    for path in _iter_files(list(paths), errors):
        url = path.resolve().as_uri()
        fmt = file_format(path)
        try:
            if fmt == "qa-json":
                yield from _read_qa(path, source, errors)
                continue
            size = path.stat().st_size
            if size > MAX_FILE_BYTES:
                errors.append((url, f"file is {size // (1024 * 1024)} MB, over the {MAX_FILE_BYTES >> 20} MB limit"))
                continue
            try:
                with open_regular(path) as handle:
                    data = read_limited(handle)
            except InputError as exc:
                errors.append((url, str(exc).removeprefix(f"{path}: ")))
                continue
            binary = sniff_binary(data)
            if binary:
                errors.append((url, f"not a text page ({binary})"))
                continue
            if fmt is None:
                fmt = "html" if b"<html" in data[:2048].lower() else "text"
            try:
                page = _file_page(path, data, fmt, source)
            except InputError as exc:  # a page whose text cannot all be extracted
                errors.append((url, str(exc).removeprefix(f"{url}: ")))
                continue
            yield page, data
        except FileNotFoundError:
            errors.append((url, VANISHED))
        except (OSError, EOFError, gzip.BadGzipFile) as exc:
            errors.append((url, f"cannot read: {exc}"))


def _read_qa(path: Path, source: str | None, errors: list) -> Iterator[tuple[RawPage, bytes]]:
    base = path.resolve().as_uri()
    try:
        for lineno, raw in _qa_lines(path):
            try:
                record = json.loads(raw)
                if not isinstance(record, dict):
                    raise ValueError("not a JSON object")
                yield qa_page(record, raw, source), raw
            except (ValueError, UnicodeDecodeError) as exc:
                errors.append((f"{base}#line={lineno}", f"bad Q&A record: {exc}"))
            except RecursionError:
                errors.append((f"{base}#line={lineno}", "bad Q&A record: JSON nested too deeply"))
    except InputError as exc:  # not a regular file, or over the size limit
        errors.append((base, str(exc).removeprefix(f"{path}: ")))
    except ValueError as exc:  # a .json file that is not JSON at all
        errors.append((base, f"bad JSON: {exc}"))
    except RecursionError:
        errors.append((base, "bad JSON: nested too deeply"))


def ingest_to_store(paths: Iterable[str | os.PathLike], store: RawStore | str | os.PathLike | None = None,
                    source: str | None = None) -> dict:
    """Read the paths into the raw store as one run; returns counts and the per-page errors:
    {"new": n, "changed": n, "unchanged": n, "failed": n, "errors": [(url, reason), ...], "run": id}."""
    store = store if isinstance(store, RawStore) else RawStore(store)
    errors: list[tuple[str, str]] = []
    run = store.start_run(f"ingest-{source}" if source else "ingest")
    counts = {"new": 0, "changed": 0, "unchanged": 0, "failed": 0}
    reported = 0
    for page, raw in read_paths(paths, source=source, errors=errors):
        for url, reason in errors[reported:]:
            store.note_failure(url, reason)
            counts["failed"] += 1
        reported = len(errors)
        counts[store.put(page, raw)] += 1
    for url, reason in errors[reported:]:
        store.note_failure(url, reason)
        counts["failed"] += 1
    return {**counts, "errors": errors, "run": run}

"""`rulings ingest PATH...`: saved pages -> raw store -> NLP -> graph, the users' first job.

Each stage hands the next its own records (RawPage in the store, PageDoc JSONL in the records
directory), so a failure in a later stage loses nothing: re-running picks the work up again. The
pages that flow on are the ones new or changed in the raw store, plus the unchanged ones the graph
does not hold in that version: a run killed after the store took its pages but before the graph
committed them (each page is one transaction) left them behind, and the raw store alone cannot tell.
With --no-graph the output is the judge instead: the --out file (which then accumulates: a run adds
and replaces the pages it processed and keeps the others), or, without --out, every PageDoc JSONL of the
records directory. A page is up to date only where the chosen output holds it in the stored version.
--all-pages redoes every page of the store."""

from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path

import click

from rulings import config
from rulings.errors import InputError


def ensure_cards(driver, database, *, echo=click.echo) -> int:
    """Cards must be in the graph before rulings can point at them: import them once if missing."""
    from kb import graph
    from kb.cards import import_path

    graph.ensure_schema(driver, database)
    present = graph.count_cards(driver, database)["cards"]
    if present:
        return present
    for path in (config.cards_file(), config.community_names_file()):
        echo(f"the graph has no cards yet: importing {path} (rulings cards import)")
        import_path(driver, path, database=database)
    return graph.count_cards(driver, database)["cards"]


def pages_behind(store, run_id: str, skip: set[str], held) -> list:
    """The pages a run found unchanged in the raw store that the output lacks (or holds in another
    version): an earlier ingest stopped between the store and its output. `held(urls)` gives the
    {url: content_hash} the output holds."""
    urls = list(dict.fromkeys(e["url"] for e in store.run_log(run_id)
                              if e["outcome"] == "unchanged" and e["url"] not in skip))
    loaded = held(urls) if urls else {}
    behind = []
    for url in urls:
        page = store.get(url)
        if page is not None and loaded.get(url) != page.content_hash:
            behind.append(page)
    return behind


def pagedocs_offline(paths) -> list:
    """Raw pages (seed .txt, .rst, .md, Q&A .jsonl, .html) -> PageDoc records, offline."""
    from crawlers.offline import read_paths
    from pipeline.run import process_pages

    errors: list = []
    pages = [page for page, _ in read_paths([str(p) for p in paths], errors=errors)]
    if errors and not pages:
        url, reason = errors[0]
        raise InputError(f"{url}: {reason}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
    return list(process_pages(pages))


def pages_behind_graph(store, run_id: str, driver, database, skip: set[str]) -> list:
    from kb.graph import loaded_page_hashes

    return pages_behind(store, run_id, skip, lambda urls: loaded_page_hashes(driver, urls, database))


def _pagedoc_files(out: Path | None) -> list[Path]:
    """The PageDoc JSONL files that make up the output of a --no-graph run."""
    if out is not None:
        return [out] if out.exists() else []
    return sorted(config.records_dir().glob("pagedocs-*.jsonl"))


def held_in_pagedocs(files: list[Path]) -> dict[str, str]:
    """{url: content_hash} of the pages the PageDoc JSONL files hold (the later file wins)."""
    from rulings.jsonl import read_jsonl

    held: dict[str, str] = {}
    for path in files:
        for record in read_jsonl(path, record="PageDoc"):
            held[record["url"]] = record["content_hash"]
    return held


def _kept_records(out: Path, replaced: set[str]):
    """The records of an existing --out file that this run does not replace."""
    from rulings.jsonl import read_jsonl

    for record in read_jsonl(out, record="PageDoc"):
        if record["url"] not in replaced:
            yield record


def _noting_empty(docs, empty: list):
    """Pass PageDocs on, noting (url, why) for each page that gave no ruling (an empty page, a page
    whose text has no ruling in it): each gets a line, never silence."""
    for doc in docs:
        if not doc.rulings:
            empty.append((doc.url, "; ".join(doc.problems) or "no rulings found on the page"))
        yield doc


def run_ingest(paths, *, source=None, all_pages=False, to_graph=True, out: Path | None = None, echo=click.echo) -> dict:
    from kb.db import get_driver

    # One connection for the whole run: the graph tells which unchanged pages still have to reach it.
    with (get_driver() if to_graph else nullcontext((None, None))) as (driver, database):
        return _run(paths, driver, database, source=source, all_pages=all_pages, out=out, echo=echo)


def _run(paths, driver, database, *, source, all_pages, out, echo) -> dict:
    from crawlers.offline import ingest_to_store
    from crawlers.store import RawStore
    from pipeline.run import process_pages
    from rulings.jsonl import write_jsonl

    summary: dict = {}
    store = RawStore()
    started = time.monotonic()
    crawl = ingest_to_store(paths, store, source=source)
    summary["raw"] = {k: crawl[k] for k in ("new", "changed", "unchanged", "failed")}
    echo(f"raw pages: {crawl['new']} new, {crawl['changed']} changed, {crawl['unchanged']} unchanged, "
         f"{crawl['failed']} failed ({time.monotonic() - started:.1f}s)")
    for url, reason in crawl["errors"]:
        echo(f"  skipped {url}: {reason}", err=True)

    pages = list(store.pages() if all_pages else store.run_pages(crawl["run"]))
    if not all_pages:  # unchanged pages an earlier ingest did not finish with are done again
        urls = {p.url for p in pages}
        if driver is not None:
            behind = pages_behind_graph(store, crawl["run"], driver, database, urls)
            key, where = "not_in_graph", "in the graph yet (an earlier ingest stopped before loading them)"
        else:
            held = held_in_pagedocs(_pagedoc_files(out))
            behind = pages_behind(store, crawl["run"], urls, lambda _: held)
            key, where = "not_in_output", (f"in {out or config.records_dir()} yet (an earlier ingest stopped before "
                                           f"writing them, or wrote them elsewhere)")
        summary["raw"][key] = len(behind)
        if behind:
            echo(f"{len(behind)} unchanged pages are not {where}: processing them again")
            pages += behind
    if not pages:
        echo("nothing new or changed: NLP and graph are up to date (use --all-pages to redo every page)")
        summary["nlp"] = {"pages": 0, "records": None}
        return summary
    accumulate = driver is None and out is not None and out.exists()
    out = out or config.records_dir() / f"pagedocs-{crawl['run']}.jsonl"
    started = time.monotonic()
    with click.progressbar(pages, label="NLP", show_pos=True, file=None) as bar:
        empty: list[tuple[str, str]] = []
        docs = _noting_empty(process_pages(bar), empty)
        if accumulate:  # --no-graph into an existing file: it keeps the pages this run did not redo
            from itertools import chain

            docs = chain(_kept_records(out, {p.url for p in pages}), docs)
        written = write_jsonl(out, docs)
    for url, reason in empty:
        echo(f"  no rulings from {url}: {reason}", err=True)
    summary["nlp"] = {"pages": len(pages), "records": str(out), "pages_without_rulings": len(empty)}
    held = f", {written} pages in it" if accumulate else ""
    echo(f"NLP: {len(pages)} pages -> {out}{held} ({time.monotonic() - started:.1f}s)")

    if driver is not None and written:
        from kb.align import align_rulings
        from kb.load import load_jsonl

        started = time.monotonic()
        ensure_cards(driver, database, echo=echo)
        counts = load_jsonl(driver, out, database)
        links = align_rulings(driver, database)
        for error in counts["errors"]:
            echo(f"  rejected {error}", err=True)
        summary["graph"] = {k: v for k, v in counts.items() if k != "errors"} | {"same_as_links": links}
        echo(f"graph: {counts['pages_new']} new, {counts['pages_changed']} changed, "
             f"{counts['pages_reprocessed']} reprocessed, {counts['pages_unchanged']} unchanged, "
             f"{counts['pages_rejected']} rejected pages; {counts['rulings']} rulings, "
             f"{counts['mentions']} card mentions, {links} cross-source links ({time.monotonic() - started:.1f}s)")
    return summary


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--source", help="Source id for every page (default: detected per file).")
@click.option("--all-pages", is_flag=True,
              help="Process every page in the raw store, not only new or changed ones (after upgrading the "
                   "NLP stage: pages whose rulings come out different are rewritten in the graph).")
@click.option("--no-graph", is_flag=True, help="Stop after the NLP stage (write PageDoc JSONL only).")
@click.option("--out", type=click.Path(path_type=Path),
              help="Where to write the PageDoc JSONL. With --no-graph an existing file is brought up to date "
                   "(pages added or replaced, the others kept).")
def ingest(paths, source, all_pages, no_graph, out):
    """Ingest saved pages (HTML, text, RST, Markdown, Q&A JSONL) into the ruling graph.

    \b
    Example:
      rulings ingest ../shared/corpus/seeds ../shared/corpus/ocg-rule-docs
      rulings ingest ../shared/corpus/konami-faq/qa-dev.jsonl.gz --no-graph --out qa.jsonl
    """
    summary = run_ingest(paths, source=source, all_pages=all_pages, to_graph=not no_graph, out=out)
    rejected = summary.get("graph", {}).get("pages_rejected", 0)
    if rejected:  # the others are loaded; the exit status must still say the graph is not complete
        from rulings.errors import RulingsError

        raise RulingsError(f"{rejected} pages were rejected by the graph (the 'rejected' lines above); "
                           f"the other pages are loaded")

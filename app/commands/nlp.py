"""`rulings nlp`: run the NLP stage (raw pages -> PageDoc JSONL) and evaluate card linking."""

from __future__ import annotations

from pathlib import Path

import click

from rulings.errors import InputError


@click.group("nlp", context_settings={"help_option_names": ["-h", "--help"]})
def nlp():
    """NLP stage: normalize, segment and structure rulings; link card mentions.

    \b
    Example:
      rulings nlp process --out pagedocs.jsonl ../shared/corpus/seeds
      rulings nlp eval --set zh
    """


@nlp.command("process")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--input", "input_kind", type=click.Choice(["raw-store", "files"]), default=None,
              help="Read the crawler's raw page store (default when no FILES are given) or the FILES.")
@click.option("--store", "store_path", type=click.Path(path_type=Path), default=None,
              help="Raw store directory (default: the configured data home's raw store).")
@click.option("--only-new", is_flag=True, help="With the raw store: only pages the last run found new or changed.")
@click.option("--out", "out_path", type=click.Path(path_type=Path), required=True, help="PageDoc JSONL to write (.gz ok).")
def process(files, input_kind, store_path, only_new, out_path):
    """Turn raw pages into PageDoc records (rulings, spans, dates, topics, linked cards).

    \b
    Example:
      rulings nlp process --out docs.jsonl ../shared/corpus/seeds ../shared/corpus/fr-rulings
      rulings nlp process --input raw-store --only-new --out docs.jsonl
    """
    from pipeline.run import process_pages, process_store
    from rulings.jsonl import write_jsonl

    input_kind = input_kind or ("files" if files else "raw-store")
    if input_kind == "files":
        if not files:
            raise InputError("--input files: give at least one file or directory")
        from crawlers.offline import read_paths

        errors: list = []
        pages = (page for page, _ in read_paths(files, errors=errors))
        count = write_jsonl(out_path, process_pages(pages))
        for url, reason in errors:
            click.echo(f"skipped {url}: {reason}", err=True)
    else:
        from crawlers.store import RawStore

        store = RawStore(store_path)
        if len(store) == 0:
            raise InputError(f"raw store {store.path}: no pages (crawl or ingest first, or give FILES)")
        count = process_store(store, out_path, only_new=only_new)
    click.echo(f"wrote {count} page documents to {out_path}")


@nlp.command("eval")
@click.option("--set", "sets", multiple=True, type=click.Choice(["ja", "zh", "zh-page", "fr", "topics"]),
              help="Evaluation set(s); default all.")
@click.option("--limit", type=int, default=None, help="Only the first N items of each set.")
def eval_command(sets, limit):
    """Precision/recall of card linking (Q&A, rule docs, French articles) and of Q&A topics.

    `zh-page` scores the whole stage on the rules docs (every mention of each page's PageDoc:
    ruling text, notes, headings) rather than the linker on stripped text (`zh`).

    Topics are scored against the Konami Q&A tags on the tag-expressible topics, split by fid
    parity: `topics` is the held-out half (odd fids), `topics-dev` the half the cues were tuned on
    and the Japanese topic model (make topic-model) was trained on; notes.source says which decided.

    \b
    Example:
      rulings nlp eval --set ja --limit 200
    """
    from pipeline import eval as evaluation

    report = evaluation.main_eval(sets or ("ja", "zh", "zh-page", "fr", "topics"), limit=limit)
    click.echo(evaluation.format_report(report))

"""`rulings records schema|check`: the records between stages (rulings.records) as a JSON Schema, and
a check of record files against them."""

from __future__ import annotations

import json
from pathlib import Path

import click

from rulings.errors import InputError
from rulings.jsonl import atomic_write, read_jsonl
from rulings.records import LINE_RECORDS, json_schema


@click.group()
def records():
    """The records the stages hand to each other: RawPage, PageDoc (rulings, mentions, frames), Scenario.

    \b
    Example:
      rulings records schema --out records.schema.json
      rulings records check pagedocs.jsonl
    """


@records.command()
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the schema here (default: stdout).")
def schema(out: Path | None):
    """The JSON Schema (2020-12) of every record format, from the models that validate them."""
    text = json.dumps(json_schema(), ensure_ascii=False, indent=2) + "\n"
    if out is None:
        click.echo(text, nl=False)
    else:
        atomic_write(out, text.encode("utf-8"))
        click.echo(f"{out}: JSON Schema of {', '.join(m.RECORD for m in LINE_RECORDS)} and Scenario")


@records.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def check(files: tuple[Path, ...]):
    """Validate JSONL record files (each line's `record` says which): one line per bad record, exit 1 if any.

    \b
    Example:
      rulings records check pagedocs.jsonl
    """
    by_name = {m.RECORD: m for m in LINE_RECORDS}
    bad: list[str] = []
    good = 0
    for path in files:
        first = _first_record(path)
        model = by_name.get(first)
        if model is None:
            raise InputError(f"{path}: the first line's record {first!r} is none of {', '.join(by_name)}")
        good += sum(1 for _ in model.read_jsonl(path, rejected=bad.append))
    for line in bad:
        click.echo(f"rejected: {line}", err=True)
    click.echo(f"{good} records valid, {len(bad)} rejected")
    if bad:
        raise SystemExit(1)


def _first_record(path: Path) -> str | None:
    for obj in read_jsonl(path):
        return obj.get("record")
    return None

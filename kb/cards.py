"""`rulings cards import|lookup|stats`: the card database in the graph."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import click

from kb import graph
from kb.db import get_driver
from rulings.cards import read_cards_jsonl, read_cdb, read_community_names
from rulings.errors import InputError


def detect_format(path: Path) -> str:
    """cards (shared JSONL), community (zh-community JSONL) or cdb (YGOPro/EDOPro SQLite)."""
    if not path.exists():
        raise InputError(f"{path}: no such file")
    with open(path, "rb") as handle:
        head = handle.read(16)
    if head.startswith(b"SQLite format 3"):
        return "cdb"
    if path.suffix == ".cdb":
        raise InputError(f"{path}: not a SQLite database (a cards.cdb starts with 'SQLite format 3')")
    opener = gzip.open if head.startswith(b"\x1f\x8b") else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            first = handle.readline()
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from exc
    try:
        obj = json.loads(first)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:1: invalid JSON ({exc.msg}); expected cards JSONL, community JSONL or a .cdb") from exc
    if isinstance(obj, dict) and isinstance(obj.get("name"), dict):
        return "cards"
    if isinstance(obj, dict) and isinstance(obj.get("name"), str) and "password" in obj:
        return "community"
    raise InputError(f"{path}:1: not a card record (expected a 'name' object or a community 'password'+'name')")


def import_path(driver, path: Path, *, fmt: str = "auto", cdb_language: str = "en", database=None, progress=None) -> dict:
    """Import one card file. Malformed records are skipped and listed (with their line) in "rejected"."""
    fmt = detect_format(path) if fmt == "auto" else fmt
    rejected: list[str] = []
    if fmt == "cards":
        count = graph.import_cards(driver, read_cards_jsonl(path, rejected), database=database, progress=progress)
    elif fmt == "community":
        rows = (graph.name_row(passcode, name, "zh-CN", "community")
                for passcode, name in read_community_names(path, rejected))
        count = graph.import_names(driver, rows, database=database, create_missing_cards=True, progress=progress)
    elif fmt == "cdb":
        def relabel(cards):
            for card in cards:
                card.names = {cdb_language: card.names["en"]}
                card.texts = {cdb_language: card.texts["en"]}
                yield card
        count = graph.import_cards(driver, relabel(read_cdb(path)), database=database, progress=progress)
    else:
        raise InputError(f"{path}: unknown format {fmt!r}")
    return {"path": str(path), "format": fmt, "records": count, "rejected": rejected}


@click.group()
def cards():
    """The card database: passcodes, names in every language, community aliases.

    \b
    Example:
      rulings cards import ../shared/data/cards.jsonl.gz ../shared/data/zh-community.jsonl.gz
      rulings cards lookup 旋风
    """


@cards.command("import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["auto", "cards", "community", "cdb"]), default="auto",
              show_default=True, help="Input format (auto-detected from the content).")
@click.option("--cdb-language", default="en", show_default=True, help="Language of the names in a cards.cdb.")
def import_cmd(paths, fmt, cdb_language):
    """Import cards (shared JSONL), community Chinese names, or a cards.cdb. Idempotent.

    \b
    Example:
      rulings cards import ../shared/data/cards.jsonl.gz ../shared/data/zh-community.jsonl.gz
      rulings cards import ~/ProjectIgnis/expansions/cards.cdb
    """
    for path in paths:  # fail early on a bad path, before anything is written
        detect_format(path) if fmt == "auto" else None
    rejected = 0
    with get_driver() as (driver, database):
        graph.ensure_schema(driver, database)
        for path in paths:
            with click.progressbar(length=0, label=f"importing {path.name}", show_pos=True, file=None) as bar:
                result = import_path(driver, path, fmt=fmt, cdb_language=cdb_language, database=database,
                                     progress=bar.update)
            for message in result["rejected"]:
                click.echo(f"rejected: {message}", err=True)
                rejected += 1
            click.echo(f"{path}: {result['records']} {result['format']} records imported"
                       + (f", {len(result['rejected'])} rejected" if result["rejected"] else ""))
        counts = graph.count_cards(driver, database)
        click.echo(f"graph: {counts['cards']} cards, names by kind {counts['names']}")
    if rejected:
        raise InputError(f"{rejected} malformed card records were skipped (listed above); the rest is imported")


@cards.command()
@click.argument("name")
def lookup(name):
    """Find cards by any of their names (any language or script) or by passcode.

    \b
    Example:
      rulings cards lookup サイクロン
    """
    with get_driver() as (driver, database):
        found = graph.find_cards_by_name(driver, name, database)
    if not found:
        raise InputError(f"no card named {name!r}")
    for row in found:
        click.echo(f"{row['passcode']}\t{row['name']}")


@cards.command()
def stats():
    """Count cards and names in the graph.

    \b
    Example:
      rulings cards stats
    """
    with get_driver() as (driver, database):
        counts = graph.count_cards(driver, database)
    click.echo(json.dumps(counts, ensure_ascii=False))

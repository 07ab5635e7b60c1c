"""`rulings kb init|load|align|stats|reset` and `rulings query card|pair|topic|search|conflicts|cypher`."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import click

from kb.db import get_driver
from rulings.errors import InputError, RulingsError

# The server's notifications (e.g. "unknown label" on a still-empty graph) are not the user's business.
logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)

FORMATS = click.Choice(["table", "json", "jsonl"])


def _format_option(f):
    return click.option("--format", "fmt", type=FORMATS, default="table", show_default=True,
                        help="Output: a readable table, one JSON document, or JSON lines.")(f)


def _lang_option(f):
    return click.option("--lang", default=None,
                        help="Only rulings in this language (zh matches zh-Hans and zh-Hant; ja, fr, en).")(f)


def _history_option(f):
    return click.option("--history", is_flag=True, help="Include superseded (non-current) rulings.")(f)


def _ruling_options(f):
    """--lang, --history and --format: the options of every query that lists rulings."""
    return _lang_option(_history_option(_format_option(f)))


# ---------------------------------------------------------------------------------------------

@click.group()
def kb():
    """The ruling graph in Neo4j: schema, loading NLP records, cross-language alignment.

    \b
    Example:
      rulings kb init
      rulings kb load records/pagedocs.jsonl
      rulings kb align
    """


@kb.command()
def init():
    """Create the constraints, indexes (incl. cjk full text) and Topic nodes. Idempotent.

    \b
    Example:
      rulings kb init
    """
    from kb import graph
    from kb.load import topic_rows

    with get_driver() as (driver, database):
        graph.ensure_schema(driver, database)
        topics = graph.import_topics(driver, topic_rows(), database)
    click.echo(f"schema ready: {len(graph.SCHEMA)} constraints and indexes, {topics} topics")


@kb.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--align/--no-align", default=True, show_default=True,
              help="Recompute the cross-language SAME_AS links after loading.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 8),
              help="Batches of pages written at once from this many sessions (each page is still all or nothing).")
def load(paths, align, workers):
    """Load PageDoc JSONL files (from `rulings nlp`), many pages per transaction, each all or nothing.

    Unchanged pages are skipped; changed pages keep their old rulings as superseded history;
    malformed records are reported with their id and reason while the rest loads.

    \b
    Example:
      rulings kb load ~/.local/share/ygo-rulings/records/pagedocs.jsonl
    """
    from kb import graph
    from kb.align import align_rulings
    from kb.load import load_jsonl

    for path in paths:
        if not path.exists():
            raise InputError(f"{path}: no such file")
    rejected = 0
    with get_driver() as (driver, database):
        graph.ensure_schema(driver, database)
        for path in paths:
            counts = load_jsonl(driver, path, database, workers=workers)
            errors = counts.pop("errors")
            for error in errors:
                click.echo(f"rejected: {error}", err=True)
            click.echo(f"{path}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
            rejected += counts["pages_rejected"]
        if align:
            click.echo(f"aligned: {align_rulings(driver, database)} SAME_AS links")
    if rejected:
        raise RulingsError(f"{rejected} pages were rejected (the 'rejected' lines above); the other pages are loaded")


@kb.command("align")
def align_cmd():
    """Recompute the SAME_AS links between rulings that say the same thing in other languages/sources.

    \b
    Example:
      rulings kb align
    """
    from kb.align import align_rulings

    with get_driver() as (driver, database):
        click.echo(f"aligned: {align_rulings(driver, database)} SAME_AS links")


@kb.command("eval-align")
@_format_option
def eval_align(fmt):
    """Score the zh<->ja SAME_AS links against the citations (a Chinese ruling citing an official Q&A
    by URL states that Q&A): precision and recall among the cited pairs, split by the Q&A's fid
    (even: dev, odd: heldout), at the aligner's threshold and over a sweep. The aligner does not see
    the citations. Needs the Q&As and the citing rulings in the graph.

    \b
    Example:
      rulings ingest ../shared/corpus/ocg-rule-docs ../shared/corpus/konami-faq/qa-dev.jsonl.gz
      rulings kb eval-align
    """
    from kb.align import evaluate

    with get_driver() as (driver, database):
        result = evaluate(driver, database)

    def table(data):
        click.echo(f"zh<->ja alignment vs citations ({data['rulings']} current rulings, threshold {data['threshold']})")
        for split, scores in data["splits"].items():
            s = scores["at_threshold"]
            click.echo(f"{split:8} gold {s['gold_pairs']:4}  links {s['links']:4}  correct {s['correct']:4}  "
                       f"precision {s['precision']}  recall {s['recall']}")
            if s["uncovered_citing"]:
                click.echo(f"         open world: {s['links_from_uncovered']} links from the {s['uncovered_citing']} "
                           f"citing rulings whose Q&A is not in the graph (all wrong): precision {s['precision_open']}")
            for t, s in scores["sweep"].items():
                extra = f"  open-world P {s['precision_open']}" if s["uncovered_citing"] else ""
                click.echo(f"    at {t}: P {s['precision']}  R {s['recall']}  ({s['correct']}/{s['links']} links){extra}")

    _emit(result, fmt, table)


@kb.command()
def stats():
    """Count nodes by label and relationships by type.

    \b
    Example:
      rulings kb stats
    """
    from kb.queries import graph_stats

    with get_driver() as (driver, database):
        click.echo(dumps(graph_stats(driver, database)))


@kb.command()
@click.option("--yes", is_flag=True, help="Really delete everything in the graph.")
def reset(yes):
    """Delete every node and relationship (the schema stays).

    \b
    Example:
      rulings kb reset --yes
    """
    from kb import graph

    if not yes:
        raise InputError("kb reset deletes the whole graph: add --yes to confirm")
    with get_driver() as (driver, database):
        graph.clear_graph(driver, database)
    click.echo("graph cleared")


# ---------------------------------------------------------------------------------------------
# Output

def _ruling_line(r: dict) -> str:
    flags = "" if r.get("current", True) else " [superseded]"
    cards = ", ".join(sorted({m.get("name") or str(m["passcode"]) for m in r.get("mentions", [])}))
    meta = " ".join(x for x in (r.get("language"), r.get("date"), r.get("source"), r.get("polarity"),
                                r.get("action")) if x)
    text = " ".join((r.get("text") or "").split())
    line = f"  - [{meta}]{flags} {text}\n      cards: {cards}\n      {r.get('url')}  ({r['id']})"
    for c in r.get("cites") or []:
        line += f"\n      cites: {_cited_line(c)}"
    for o in r.get("cited_by") or []:
        line += "\n      cited by: " + _citing_line(o)
    if r.get("frame"):
        from pipeline.frames import describe_frame

        line += f"\n      frame: {describe_frame(r['frame'])}"
    return line


def _cited_line(c: dict) -> str:
    if "fid" in c:
        return f"Q&A fid {c['fid']} [{' '.join(x for x in (c.get('language'), c.get('date')) if x)}] {c.get('url')}"
    return f"FAQ page of card {c.get('name')} (Konami id {c.get('konami_id')})"


def _citing_line(o: dict) -> str:
    meta = " ".join(x for x in (o.get("language"), o.get("date"), o.get("source")) if x)
    flags = "" if o.get("current", True) else " [superseded]"
    return f"[{meta}]{flags} {' '.join((o.get('text') or '').split())}  ({o.get('url')})"


# Line breaks that JSON leaves unescaped inside strings, but that str.splitlines() and other line
# readers split on: escaped, so a JSONL record stays on its line (the text reads back the same).
_LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})


def dumps(value, indent: int | None = None) -> str:
    """JSON with non-ASCII text as itself (UTF-8); a value with no JSON type (bytes...) as its str()."""
    return json.dumps(value, ensure_ascii=False, indent=indent, default=str).translate(_LINE_BREAKS)


def _emit(data, fmt: str, table) -> None:
    if fmt == "json":
        click.echo(dumps(data, indent=2))
    elif fmt == "jsonl":
        for row in (data if isinstance(data, list) else [data]):
            click.echo(dumps(row))
    else:
        table(data)


def _list_rulings(read: str, what: str, fmt: str, **filters) -> None:
    """Print the ruling rows of the kb.queries read `read` (topic, search) for `what`."""
    from kb import queries

    with get_driver() as (driver, database):
        rows = getattr(queries, read)(driver, what, database, **filters)
    _emit(rows, fmt, _rulings_table)


def _rulings_table(rows: list[dict]) -> None:
    if not rows:
        click.echo("no rulings")
    for r in rows:
        click.echo(_ruling_line(r))
    click.echo(f"{len(rows)} rulings")


# ---------------------------------------------------------------------------------------------

@click.group()
def query():
    """Query the ruling graph (read-only).

    \b
    Example:
      rulings query card 旋风
      rulings query pair 旋風 "幻影騎士團 影佑"
      rulings query search 陷阱怪兽
    """


@query.command()
@click.argument("name")
@_ruling_options
@click.option("--graph", "graph_out", type=click.Path(path_type=Path), default=None,
              help="Also write a picture of the card's neighbourhood to this HTML file.")
def card(name, lang, history, fmt, graph_out):
    """A card by any name (any language, script or alias, or passcode) and its rulings by topic.

    \b
    Example:
      rulings query card 旋风
      rulings query card サイクロン --lang ja --format json
      rulings query card "Mystical Space Typhoon" --graph mst.html
    """
    from kb.queries import card_report

    with get_driver() as (driver, database):
        report = card_report(driver, name, database, lang=lang, history=history)
    if graph_out:
        from kb.render import card_graph_html

        card_graph_html(report, graph_out)
        click.echo(f"graph written to {graph_out}", err=True)

    def table(entries):
        for entry in entries:
            c = entry["card"]
            click.echo(f"{c['passcode']}  {c.get('name')}  ({entry['count']} rulings)")
            for o in c.get("cited_by") or []:
                click.echo("  its Konami FAQ page is cited by: " + _citing_line(o))
            for group in entry["topics"]:
                click.echo(f"\n## {group['topic']} — {group['label']} ({len(group['rulings'])})")
                for r in group["rulings"]:
                    click.echo(_ruling_line(r))

    _emit(report, fmt, table)


@query.command()
@click.argument("a")
@click.argument("b")
@_ruling_options
def pair(a, b, lang, history, fmt):
    """Rulings that mention both cards.

    \b
    Example:
      rulings query pair 旋風 "幻影騎士團 影佑"
    """
    from kb import queries

    with get_driver() as (driver, database):
        result = queries.pair(driver, a, b, database, lang=lang, history=history)
    _emit(result["rulings"] if fmt == "jsonl" else result, fmt, lambda data: _rulings_table(data["rulings"]))


def _ruling_list(read: str, argument: str, limit: int, doc: str):
    """A `query` command printing the ruling rows of the kb.queries read `read` for its one argument."""

    @query.command(read, help=doc)
    @click.argument(argument)
    @_ruling_options
    @click.option("--limit", default=limit, show_default=True)
    def command(lang, history, fmt, limit, **given):
        (what,) = given.values()
        _list_rulings(read, what, fmt, lang=lang, history=history, limit=limit)

    return command


topic = _ruling_list("topic", "key", 200, """Rulings on a rule topic (keys from pipeline/data/topics.yaml: chain, damage_step,
    trap_monsters...).

    \b
    Example:
      rulings query topic trap_monsters --lang zh
    """)
search = _ruling_list("search", "text", 50, """Full-text search of ruling text (Chinese, Japanese, French; every word must occur).

    \b
    Example:
      rulings query search "陷阱怪獸 旋風"
      rulings query search ダメージステップ --lang ja
    """)


@query.command()
@_format_option
@click.option("--limit", default=100, show_default=True)
def conflicts(fmt, limit):
    """Rulings about the same situation that answer it differently: a contradiction, or (both dated,
    dates differ) a later ruling superseding an earlier one. Same situation: one cites the other (a
    Chinese ruling and the Q&A it links) or both cite one Q&A, with the same question about the same
    card; aligned (SAME_AS >= 0.6) with the same question about the same cards; or the same frame with
    its situation read. Differently: their frames answer yes vs no (polarity words are not compared).
    Each pair with both texts, sources, dates and why it was paired; the last line says how many
    same-situation pairs were compared and how many agree.

    \b
    Example:
      rulings query conflicts
      rulings query conflicts --format json --limit 30
    """
    from kb import queries

    with get_driver() as (driver, database):
        rows = queries.conflicts(driver, database, limit=limit)
        compared = queries.same_situation_counts(driver, database)

    def table(data):
        for n, row in enumerate(data, 1):
            click.echo(f"{n}. {row['kind']}: {row['differs']}; paired because {'; '.join(row['why'])}")
            for side in (("newer", "older") if row["kind"] == "supersedes" else ("first", "second")):
                r = row[side]
                label = f"{side} " if row["kind"] == "supersedes" else ""
                click.echo(f"    {label}[{r['language']} {r.get('date') or 'undated'} {r['source']}] "
                           f"{' '.join(r['text'].split())}\n      {r['url']}  ({r['id']})")
        kinds = [row["kind"] for row in data]
        click.echo(f"{kinds.count('contradiction')} contradictions, {kinds.count('supersedes')} superseded rulings "
                   f"(of {compared['pairs']} pairs about the same situation, {compared['answered']} with both "
                   f"answers read, {compared['agree']} agreeing)")

    _emit(rows, fmt, table)


@query.command()
@click.argument("statement")
@click.option("--param", "params", multiple=True, help="A query parameter as NAME=JSON (repeatable).")
@_format_option
@click.option("--limit", default=1000, show_default=True, type=click.IntRange(1, 1_000_000),
              help="Stop after this many rows (a notice on stderr says when more rows matched).")
@click.option("--max-bytes", default=16 * 1024 * 1024, show_default=True, type=click.IntRange(1024, 1 << 31),
              help="Stop once the rows add up to this many bytes of JSON (with a notice on stderr).")
def cypher(statement, params, fmt, limit, max_bytes):
    """Run a read-only Cypher query: graph reads only.

    The server's plan of the query is checked first: writes, LOAD CSV, SHOW/TERMINATE and other
    administration commands, and procedures other than the read-only db.* ones (full-text search,
    labels, schema) are refused.

    \b
    Example:
      rulings query cypher "MATCH (r:Ruling)-[:ABOUT]->(t:Topic {key: \\$k}) RETURN count(r)" --param k='"chain"'
    """
    from kb.queries import read_only_cypher

    parsed = {}
    for item in params:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise InputError(f"--param {item!r}: expected NAME=JSON")
        try:
            parsed[name] = json.loads(value)
        except json.JSONDecodeError:
            parsed[name] = value
    with get_driver() as (driver, database):
        rows = read_only_cypher(driver, statement, database, parsed, limit=limit, max_bytes=max_bytes)

    def table(data):
        if not data:
            click.echo("no rows")
            return
        keys = list(data[0])
        click.echo("\t".join(keys))
        for row in data:
            click.echo("\t".join(dumps(row[k]) if not isinstance(row[k], str) else row[k]
                                 for k in keys))

    _emit(list(rows), fmt, table)
    if rows.stopped:
        click.echo(f"notice: {rows.stopped}", err=True)

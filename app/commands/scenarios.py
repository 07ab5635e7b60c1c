"""`rulings scenarios ...`: run scenarios on the real engine, export them as EDOPro puzzles, list
them, and (once engine_bridge.generate exists) generate them from rulings."""

from __future__ import annotations

import json
from pathlib import Path

import click

from app.commands.options import Seconds, cards_option, scripts_option
from engine_bridge.constants import BUNDLED
from rulings.errors import InputError, RulingsError



def _paths(paths: tuple[str, ...]) -> list[str]:
    return list(paths) or [str(BUNDLED)]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def scenarios():
    """Engine scenarios: rulings as duel situations checked on EDOPro's ocgcore.

    \b
    Example:
      rulings scenarios run                      # the bundled scenarios
      rulings scenarios run my/ --junit report.xml
      rulings scenarios export --format puzzle out/puzzles
    """


@scenarios.command("run")
@click.argument("paths", nargs=-1, type=click.Path())
@scripts_option
@cards_option
@click.option("--junit", type=click.Path(dir_okay=False), help="Write a JUnit XML report here.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write every verdict with its engine log as JSON lines.")
@click.option("--timeout", default=5.0, show_default=True, type=Seconds(), help="Seconds per scenario.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Node engine workers run in parallel (default: all cores); verdicts are the same with any number.")
@click.option("--store/--no-store", default=False, show_default=True,
              help="Store the verdicts in the graph as Run nodes and report regressions against the previous run.")
@click.option("-v", "--verbose", is_flag=True, help="Print every scenario's verdict, not only the ones that did not pass.")
def run_command(paths, scripts, cards, junit, json_out, timeout, jobs, store, verbose):
    """Run scenario files (or directories of them) on the engine; one verdict per scenario.

    \b
    Verdicts: pass, fail (with a diff), error (unknown card, missing script, Lua error,
    an answer the steps do not give), timeout. The batch always runs to the end.
    Exit status is non-zero when any scenario did not pass.

    \b
    Example:
      rulings scenarios run engine_bridge/scenarios --junit report.xml
      rulings scenarios run mine.yaml --scripts ~/ProjectIgnis/script --cards ~/ProjectIgnis/cards.cdb
    """
    from engine_bridge import results as results_mod
    from engine_bridge.compare import Result
    from engine_bridge.runner import run_scenarios
    from engine_bridge.scenario import load_scenarios

    unloadable: list[tuple[str, str]] = []
    loaded = load_scenarios(_paths(paths), errors=unloadable)
    if not loaded and not unloadable:
        raise RulingsError(f"no scenarios found in {', '.join(_paths(paths))}")
    # A file that is not valid YAML (or a scenario that is not valid) is its own error verdict.
    load_errors = [Result(scenario_id=name, verdict="error", message=message, topic="unloadable",
                          source_file=name.split("#")[0]) for name, message in unloadable]

    def show(result):
        if verbose or result.verdict != "pass":
            line = f"{result.verdict.upper():8} {result.scenario_id}"
            if result.verdict != "pass":
                line += f": {result.reason}"
            click.echo(line)

    for result in load_errors:
        show(result)
    ran = run_scenarios(loaded, scripts=scripts, cards=cards, timeout_s=timeout, on_result=show,
                        jobs=jobs) if loaded else []
    outcome = load_errors + ran
    click.echo(results_mod.summary_table(outcome))
    if junit:
        click.echo(f"JUnit report: {results_mod.write_junit(outcome, junit)}")
    if json_out:
        Path(json_out).parent.mkdir(parents=True, exist_ok=True)
        with open(json_out, "w", encoding="utf-8") as handle:
            for result in outcome:
                handle.write(json.dumps({**result.to_dict(), "log": result.log}, ensure_ascii=False) + "\n")
    if store:
        from kb import runs
        from kb.db import get_driver

        with get_driver() as (driver, database):
            with driver.session(database=database) as session:
                batch = runs.store_runs(session, results_mod.run_rows(ran))  # unloadable files are no Scenario
                regressed = runs.regressions(session, batch)
        click.echo(f"stored as batch {batch}")
        for row in regressed:
            click.echo(f"REGRESSION {row['scenario_id']}: {row['previous']} -> {row['current']}")
    inconclusive = sum(1 for r in outcome if r.verdict == "inconclusive")
    if inconclusive:
        click.echo(f"{inconclusive} inconclusive (set-up or a step before the question not playable as written; "
                   f"not engine disagreements)")
    bad = [r for r in outcome if r.verdict not in ("pass", "inconclusive")]
    if bad:
        counts = ", ".join(f"{v} {sum(1 for r in bad if r.verdict == v)}" for v in ("fail", "error", "timeout")
                           if any(r.verdict == v for r in bad))
        raise RulingsError(f"{len(bad)} of {len(outcome)} scenarios did not pass ({counts})")


@scenarios.command("export")
@click.option("--format", "fmt", type=click.Choice(["puzzle"]), default="puzzle", show_default=True,
              help="Output format (EDOPro puzzle Lua).")
@click.argument("outdir", type=click.Path(file_okay=False))
@click.argument("paths", nargs=-1, type=click.Path())
def export_command(fmt, outdir, paths):
    """Write each scenario's set-up as an EDOPro puzzle (OUTDIR/<id>.lua).

    \b
    Copy the files into EDOPro's puzzles/ folder to play the situation by hand.
    Example:
      rulings scenarios export --format puzzle out/puzzles engine_bridge/scenarios
    """
    from engine_bridge.puzzle import export_puzzles
    from engine_bridge.scenario import load_scenarios

    written = export_puzzles(load_scenarios(_paths(paths)), outdir)
    click.echo(f"wrote {len(written)} puzzle(s) to {outdir}")


@scenarios.command("list")
@click.argument("paths", nargs=-1, type=click.Path())
def list_command(paths):
    """List scenarios: id, kind, topic, rule, number of steps, the rulings they check.

    \b
    Example:
      rulings scenarios list engine_bridge/scenarios
    """
    from engine_bridge.scenario import load_scenarios

    for scenario in load_scenarios(_paths(paths)):
        click.echo(f"{scenario.id}\t{scenario.kind}\t{scenario.topic}\t{scenario.rule}\t{len(scenario.steps)} steps\t"
                   f"{','.join(scenario.ruling_ids) or '-'}")


@scenarios.command("generate")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--from-graph", is_flag=True, help="Read the current rulings from the Neo4j knowledge graph.")
@click.option("--rulings", "rulings_file", type=click.Path(dir_okay=False),
              help="A JSONL file of PageDoc records (rulings nlp process output) or plain ruling objects.")
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Directory for the scenario files.")
@click.option("--coverage", "coverage_file", type=click.Path(dir_okay=False), help="Write the coverage report as JSON here.")
@scripts_option
@cards_option
def generate_command(paths, from_graph, rulings_file, out_dir, coverage_file, scripts, cards):
    """Generate engine scenarios from rulings: one YAML file per scenario (a ruling scenario and its
    control), and a coverage table by topic; rulings no template fits are listed with the reason.

    \b
    Input (exactly one):
      PATHS           raw pages (seed .txt, rule-doc .rst, .md, Q&A .jsonl), run through the NLP stage
      --rulings FILE  PageDoc / ruling JSONL
      --from-graph    the knowledge graph
    Example:
      rulings scenarios generate ../shared/corpus/seeds --out out/scenarios --coverage out/coverage.json
      rulings scenarios run out/scenarios
      rulings scenarios generate --rulings docs.jsonl --scripts ~/ProjectIgnis/script --cards cards.cdb --out out/s
    """
    from engine_bridge.generate import (PackCatalog, frame_cards, generate_from_graph, generate_from_pagedocs,
                                        generate_scenarios, is_pagedoc_jsonl, read_rulings_jsonl, write_scenarios)

    chosen = sum(bool(x) for x in (paths, from_graph, rulings_file))
    if chosen != 1:
        raise InputError("scenarios generate: give exactly one input: PATHS, --rulings FILE or --from-graph")
    catalog = PackCatalog.from_scripts(scripts, cards) if (scripts or cards) else None
    source = frame_cards(scripts, cards)
    if from_graph:
        from kb.db import get_driver

        with get_driver() as (driver, database):
            result = generate_from_graph(driver, database, catalog, source)
    elif rulings_file:
        result = generate_scenarios(read_rulings_jsonl(rulings_file), catalog, source)
    elif all(is_pagedoc_jsonl(Path(p)) for p in paths):
        result = generate_scenarios([r for p in paths for r in read_rulings_jsonl(p)], catalog, source)
    else:
        from app.ingest import pagedocs_offline

        result = generate_from_pagedocs(pagedocs_offline(paths), catalog, source)
    written = write_scenarios(result, out_dir)
    click.echo(result.table())
    for item in result.uncovered:
        click.echo(f"UNCOVERED {item.ruling_id} [{', '.join(item.topics) or 'other'}]: {item.reason}")
    if result.uncovered:
        click.echo("uncovered rulings by reason:")
        for reason, count in list(result.coverage()["uncovered_by_reason"].items())[:15]:
            click.echo(f"  {count:6}  {reason}")
    if coverage_file:
        Path(coverage_file).parent.mkdir(parents=True, exist_ok=True)
        Path(coverage_file).write_text(json.dumps(result.coverage(), ensure_ascii=False, indent=1), encoding="utf-8")
        click.echo(f"coverage report: {coverage_file}")
    click.echo(f"wrote {len(written)} scenario file(s) to {out_dir}")

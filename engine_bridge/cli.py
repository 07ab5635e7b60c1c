"""`rulings scenarios ...`: run scenarios on the real engine, export them as EDOPro puzzles, list
them, and (once engine_bridge.generate exists) generate them from rulings."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import click

from engine_bridge.cli_options import cards_option, scripts_option
from rulings.errors import RulingsError

BUNDLED = Path(__file__).resolve().parent / "scenarios"


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
@click.option("--timeout", default=5.0, show_default=True, help="Seconds per scenario.")
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
    from engine_bridge.runner import run_scenarios
    from engine_bridge.scenario import load_scenarios

    loaded = load_scenarios(_paths(paths))
    if not loaded:
        raise RulingsError(f"no scenarios found in {', '.join(_paths(paths))}")

    def show(result):
        if verbose or result.verdict != "pass":
            line = f"{result.verdict.upper():8} {result.scenario_id}"
            if result.verdict != "pass":
                line += f": {result.reason}"
            click.echo(line)

    outcome = run_scenarios(loaded, scripts=scripts, cards=cards, timeout_s=timeout, on_result=show, jobs=jobs)
    click.echo(results_mod.summary_table(outcome))
    if junit:
        click.echo(f"JUnit report: {results_mod.write_junit(outcome, junit)}")
    if json_out:
        Path(json_out).parent.mkdir(parents=True, exist_ok=True)
        with open(json_out, "w", encoding="utf-8") as handle:
            for result in outcome:
                handle.write(json.dumps({**result.to_dict(), "log": result.log}, ensure_ascii=False) + "\n")
    if store:
        from kb.db import get_driver

        with get_driver() as (driver, database):
            with driver.session(database=database) as session:
                batch = results_mod.store_runs(session, outcome)
                regressed = results_mod.regressions(session, batch)
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


@scenarios.command("generate", context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.pass_context
def generate_command(ctx):
    """Generate scenarios from rulings (engine_bridge.generate; arguments are passed on to it).

    \b
    Example:
      rulings scenarios generate --help
    """
    try:
        module = importlib.import_module("engine_bridge.generate")
    except ModuleNotFoundError as exc:
        if exc.name != "engine_bridge.generate":
            raise
        raise RulingsError("scenario generation is not built yet (engine_bridge/generate.py does not exist)") from None
    command = getattr(module, "generate", None)
    if not isinstance(command, click.Command):
        raise RulingsError("engine_bridge.generate has no click command named `generate`")
    return command.main(args=list(ctx.args), prog_name="rulings scenarios generate", standalone_mode=False)

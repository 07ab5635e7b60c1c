"""`rulings demo`: the main job end to end on the bundled sample.

pages -> raw store -> NLP -> Neo4j graph -> scenarios generated from the graph's rulings -> verdicts
of the real ocgcore engine, stored back in the graph as Run nodes. Re-running is safe: unchanged
pages are skipped, the graph is MERGEd, and each engine run is a new batch compared with the last."""

from __future__ import annotations

from collections import Counter
import os
import time
from pathlib import Path

import click

from rulings import config
from rulings.errors import RulingsError

SAMPLE_DIR = Path(__file__).resolve().parent.parent / "rulings" / "sample"  # the bundled sample stays in rulings/


def _stage(title: str) -> None:
    click.secho(f"\n== {title}", bold=True)


@click.command()
@click.option("--sample", type=click.Path(exists=True, path_type=Path), default=SAMPLE_DIR, show_default=False,
              help="Pages to ingest (default: the bundled sample in rulings/sample).")
@click.option("--out", type=click.Path(path_type=Path), help="Where to write scenarios and reports (default: data dir/demo).")
def demo(sample, out):
    """Run pages -> graph -> scenarios -> engine verdicts on the bundled sample.

    \b
    Example:
      rulings demo
      rulings demo --sample ../shared/corpus/seeds --out /tmp/demo
    """
    from kb.db import get_driver
    from app.ingest import ensure_cards, run_ingest

    out = out or config.data_home() / "demo"
    out.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()

    _stage("1. Neo4j and the card database")
    with get_driver() as (driver, database):
        cards = ensure_cards(driver, database)
    click.echo(f"{cards} cards in the graph")

    _stage(f"2. Ingest {sample}: raw pages -> NLP -> graph")
    run_ingest([sample], out=out / "pagedocs.jsonl")

    _stage("3. Scenarios generated from the graph's rulings")
    try:
        from engine_bridge.generate import generate_from_graph
    except ImportError as exc:
        raise RulingsError(f"scenario generation is not built yet ({exc}); stages 1-2 ran") from exc
    from engine_bridge.scenario import dump_scenarios

    with get_driver() as (driver, database):
        generated = generate_from_graph(driver, database)
    scenario_dir = out / "scenarios"
    scenario_dir.mkdir(exist_ok=True)
    for old in scenario_dir.glob("*.yaml"):
        old.unlink()
    dump_scenarios(generated.scenarios, scenario_dir / "generated.yaml")
    click.echo(f"{len(generated.scenarios)} scenarios -> {scenario_dir / 'generated.yaml'}; "
               f"{len(generated.uncovered)} rulings fit no template (see the coverage report)")
    click.echo(generated.table())
    _show_frames(generated)

    scripts, cards = os.environ.get("RULINGS_EDOPRO_SCRIPTS"), os.environ.get("RULINGS_EDOPRO_CARDS")
    _stage(f"4. Engine verdicts (ocgcore-wasm, {'the EDOPro scripts in ' + scripts if scripts else 'the project script pack'})")
    from engine_bridge import results as results_mod
    from engine_bridge.runner import run_scenarios
    from kb import runs

    outcome = run_scenarios(generated.scenarios, scripts=scripts, cards=cards)
    for result in outcome:
        line = f"{result.verdict.upper():8} {result.scenario_id}"
        click.echo(line if result.verdict == "pass" else f"{line}: {result.reason}")
    click.echo(results_mod.summary_table(outcome))
    results_mod.write_junit(outcome, out / "junit.xml")
    with get_driver() as (driver, database):
        with driver.session(database=database) as session:
            batch = runs.store_runs(session, results_mod.run_rows(outcome))
            regressed = runs.regressions(session, batch)
    for row in regressed:
        click.echo(f"REGRESSION {row['scenario_id']}: {row['previous']} -> {row['current']}")
    _show_frame_verdicts(generated.scenarios, outcome)
    passed = sum(1 for r in outcome if r.verdict in ("pass", "inconclusive"))
    inconclusive = sum(1 for r in outcome if r.verdict == "inconclusive")
    click.echo(f"\nstored as run batch {batch}; {passed - inconclusive} of {len(outcome)} scenarios pass, {inconclusive} "
               f"inconclusive (no engine disagreement); JUnit report {out / 'junit.xml'}; "
               f"{time.monotonic() - began:.0f}s in all")
    click.echo("next: rulings query card 旋风 | rulings query pair 旋風 \"幻影騎士團 影佑\" | rulings query conflicts")
    if not os.environ.get("NEO4J_URI"):
        click.echo("the local Neo4j keeps running for those queries: `rulings neo4j stop` stops it")
    if passed != len(outcome):  # inconclusive (frame scenarios) is no engine disagreement
        raise RulingsError(f"{len(outcome) - passed} of {len(outcome)} scenarios did not pass")


def _show_frame_verdicts(scenarios, outcome) -> None:
    """One verdict per ruling compiled from a frame (its variants and baselines settled together)."""
    from engine_bridge.compiler import settle

    verdicts = settle(scenarios, outcome)
    for v in verdicts.values():
        click.echo(f"frame ruling {v.ruling_id} ({v.kind}): {v.verdict}" + (f" ({v.reason})" if v.reason else ""))
    if verdicts:
        counts = Counter(v.verdict for v in verdicts.values())
        click.echo(f"{len(verdicts)} rulings compiled from frames: {counts['pass'] + counts['fail']} conclusive "
                   f"({counts['pass']} pass, {counts['fail']} fail), {counts['inconclusive']} inconclusive")


def _show_frames(generated) -> None:
    """What the rulings say as frames (pipeline.frames), and which compiled into engine scenarios."""

    from pipeline.frames import describe_frame

    with_question = [r for r in generated.rulings if r.frame is not None and r.frame.question is not None]
    complete = [r for r in with_question if not r.frame.unread and r.frame.answer]
    compiled = {rid for s in generated.scenarios if s.template == "frame" for rid in s.ruling_ids}
    _stage("3b. Ruling frames (situation, events, question, answer)")
    click.echo(f"{len(with_question)} of {len(generated.rulings)} rulings have a question frame, {len(complete)} "
               f"read completely; {len(compiled)} compiled into scenarios (ruling + baseline per variant)")
    for ruling in (sorted(complete, key=lambda r: r.id not in compiled) + with_question)[:6]:
        mark = "compiled" if ruling.id in compiled else "frame"
        click.echo(f"  [{mark}] {ruling.id}: {describe_frame(ruling.frame)}")
    reasons = Counter(u.reason.split("; frame: ", 1)[-1] for u in generated.uncovered if "; frame: " in u.reason)
    for reason, count in reasons.most_common(5):
        click.echo(f"  not compiled ({count}): {reason}")

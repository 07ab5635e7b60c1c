"""The `rulings` command: one group per stage, loaded lazily so that `rulings --help` and the Neo4j
commands start without importing spaCy or Scrapy."""

from __future__ import annotations

import importlib
import sys
import traceback

import click

from rulings.errors import RulingsError

# command name -> "module:attribute" of its click command or group
COMMANDS = {
    "crawl": ("app.commands.crawl:crawl", "Crawl ruling sources with Scrapy into the raw page store."),
    "ingest": ("app.ingest:ingest", "Saved files -> raw pages -> rulings -> graph, in one go."),
    "nlp": ("app.commands.nlp:nlp", "Run the NLP stage on raw pages; evaluate card linking."),
    "cards": ("kb.cards:cards", "Import the card database (JSONL, community names, cards.cdb)."),
    "kb": ("app.commands.kb:kb", "Create the graph schema and load ruling records into Neo4j."),
    "query": ("app.commands.kb:query", "Query the ruling graph: cards, pairs, topics, full text, conflicts."),
    "scenarios": ("app.commands.scenarios:scenarios", "Generate, run and export engine scenarios."),
    "neo4j": ("app.commands.neo4j:neo4j", "Start, stop and inspect the local Neo4j server."),
    "records": ("app.commands.records:records", "The records between stages: JSON Schema, check record files."),
    "demo": ("app.demo:demo", "Run pages -> graph -> scenarios -> engine verdicts on the bundled sample."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        target, _ = COMMANDS[name]
        module_name, attr = target.split(":")
        module = importlib.import_module(module_name)
        return getattr(module, attr)

    def format_commands(self, ctx, formatter):
        # Help text from the table above: listing commands must not import every stage.
        with formatter.section("Commands"):
            formatter.write_dl([(name, help_text) for name, (_, help_text) in COMMANDS.items()])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show the full traceback on errors.")
@click.version_option(package_name="ygo-rulings")
@click.pass_context
def cli(ctx, debug):
    """Yu-Gi-Oh! OCG rulings: pages -> NLP -> Neo4j graph -> ocgcore regression tests.

    \b
    Example:
      rulings neo4j start
      rulings cards import ../shared/data/cards.jsonl.gz
      rulings ingest ../shared/corpus/seeds
      rulings query card 旋风
    """
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug


def main(argv=None):
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        cli.main(args=argv, prog_name="rulings", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("error: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        # Usage errors: one line naming the bad option or argument.
        click.echo(f"error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except RulingsError as exc:
        if debug:
            traceback.print_exc()
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except OSError as exc:  # a file the command could not read or write: name it
        if debug:
            traceback.print_exc()
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"error: {where}{exc.strerror or exc}", err=True)
        sys.exit(4)
    except KeyboardInterrupt:
        click.echo("error: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # an unexpected failure still gets one line unless --debug
        if debug:
            traceback.print_exc()
        first = str(exc).splitlines()[0] if str(exc) else ""
        click.echo(f"error: {type(exc).__name__}: {first} (run with --debug for the traceback)", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()

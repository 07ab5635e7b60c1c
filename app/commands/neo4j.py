"""`rulings neo4j start|stop|status|logs|install`: manage the local Neo4j server."""

from __future__ import annotations

import os
import time

import click

from app.commands.options import Seconds
from kb.server import LocalNeo4j


def _external_note() -> str | None:
    uri = os.environ.get("NEO4J_URI")
    return f"NEO4J_URI is set ({uri}): commands use that server; the local one is not needed" if uri else None


@click.group()
def neo4j():
    """Manage the local Neo4j Community 5.26 server (Bolt on 127.0.0.1).

    \b
    Example:
      rulings neo4j start --port 7687
      rulings neo4j status
      rulings neo4j stop
    """


@neo4j.command()
def install():
    """Fetch Neo4j from Maven Central and build the launcher (done by `start` when needed).

    \b
    Example:
      rulings neo4j install
    """
    started = time.monotonic()
    path = LocalNeo4j().install()
    click.echo(f"Neo4j launcher ready in {path} ({time.monotonic() - started:.1f}s)")


@neo4j.command()
@click.option("--port", type=click.IntRange(1, 65535), help="Bolt port (default: the last one used, or a free one).")
@click.option("--timeout", default=180.0, show_default=True, type=Seconds(),
              help="Seconds to wait for the server to answer.")
def start(port, timeout):
    """Start the local server (idempotent: says so if it already runs).

    \b
    Example:
      rulings neo4j start --port 7687
    """
    note = _external_note()
    if note:
        click.echo(note)
        return
    server = LocalNeo4j()
    if not server.is_installed():
        click.echo("fetching Neo4j from Maven Central (once)...", err=True)
    started = time.monotonic()
    status, started_now = server.start(port=port, timeout=timeout)
    if started_now:
        click.echo(f"Neo4j started on {status.uri} (pid {status.pid}, {time.monotonic() - started:.1f}s); "
                   f"user neo4j, password in {server.password_file}")
    else:
        click.echo(f"Neo4j is already running on {status.uri} (pid {status.pid})")


@neo4j.command()
def stop():
    """Stop the local server cleanly.

    \b
    Example:
      rulings neo4j stop
    """
    if LocalNeo4j().stop():
        click.echo("Neo4j stopped")
    else:
        click.echo("Neo4j is not running")


@neo4j.command()
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status(as_json):
    """Say whether the local server runs, and where.

    \b
    Example:
      rulings neo4j status --json
    """
    server = LocalNeo4j()
    st = server.status()
    if as_json:
        import json

        click.echo(json.dumps({"running": st.running, "uri": st.uri if st.running else None, "pid": st.pid,
                               "healthy": st.problem is None, "problem": st.problem,
                               "home": str(st.home), "external": os.environ.get("NEO4J_URI")}))
        return
    note = _external_note()
    if note:
        click.echo(note)
    if st.running:
        click.echo(f"running on {st.uri} (pid {st.pid}), home {st.home}")
    elif st.problem:
        click.echo(f"{st.problem}: pid {st.pid}, home {st.home}")
    else:
        click.echo(f"not running (home {st.home})")
    raise SystemExit(0 if st.running else 1)


@neo4j.command()
@click.option("-n", "--lines", default=50, show_default=True, help="How many lines of each log.")
def logs(lines):
    """Show the end of the launcher and Neo4j logs.

    \b
    Example:
      rulings neo4j logs -n 100
    """
    click.echo(LocalNeo4j().logs(lines))

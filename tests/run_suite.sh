#!/usr/bin/env bash
# The whole test suite against one real Neo4j: start it, run pytest, stop it even when tests fail.
# With NEO4J_URI already set, that server is used and nothing is started or stopped.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
RULINGS="$VENV/bin/rulings"

started_here=0
if [ -z "${NEO4J_URI:-}" ]; then
  export_home="$PWD/.rulings-test-home"
  RULINGS_HOME="$export_home" "$RULINGS" neo4j start || { echo "error: could not start Neo4j for the tests" >&2; exit 1; }
  started_here=1
  trap 'RULINGS_HOME="$export_home" "$RULINGS" neo4j stop' EXIT
  port=$(RULINGS_HOME="$export_home" "$RULINGS" neo4j status --json | "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["uri"])')
  export NEO4J_URI="$port" NEO4J_USER=neo4j NEO4J_PASSWORD="$(cat "$export_home/neo4j/password")"
fi

"$VENV/bin/python" -m pytest -p no:cacheprovider "$@"
status=$?
[ "$started_here" = 1 ] && echo "stopping the test Neo4j..."
exit $status

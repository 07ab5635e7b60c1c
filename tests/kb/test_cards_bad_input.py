"""Bad card files: a clear one-line error naming the file, and no half-written batch."""

from __future__ import annotations

import gzip
import json
import sqlite3
import subprocess
import sys

import pytest

from kb import graph as kb_graph
from kb.cards import import_path
from rulings.errors import InputError


def card_lines(shared_dir, count):
    with gzip.open(shared_dir / "data" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        return [next(handle) for _ in range(count)]


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=120)


def test_invalid_json_line_names_the_line_and_keeps_earlier_batches(graph, shared_dir, tmp_path):
    driver, database = graph
    lines = card_lines(shared_dir, 12)
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(lines[:10]) + "{not json\n" + "".join(lines[10:]), encoding="utf-8")
    with pytest.raises(InputError, match=r"cards\.jsonl:11: invalid JSON"):
        kb_graph.import_cards(driver, __import__("rulings.cards", fromlist=["x"]).read_cards_jsonl(path),
                              database=database, batch_size=5)
    # the two complete batches before the bad line are committed, nothing after it
    assert kb_graph.count_cards(driver, database)["cards"] == 10


def test_truncated_gzip_is_reported(graph, shared_dir, tmp_path):
    driver, database = graph
    data = gzip.compress("".join(card_lines(shared_dir, 50)).encode("utf-8"))
    path = tmp_path / "cards.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match=r"cards\.jsonl\.gz: corrupt or truncated"):
        import_path(driver, path, database=database)


def test_cdb_that_is_not_sqlite_is_rejected(graph, tmp_path):
    path = tmp_path / "cards.cdb"
    path.write_bytes(b"this is not a database at all")
    with pytest.raises(InputError, match="not a SQLite database"):
        import_path(graph[0], path, database=graph[1])


def test_real_cdb_layout_imports(graph, tmp_path):
    driver, database = graph
    path = tmp_path / "cards.cdb"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, type integer,"
                " atk integer, def integer, level integer, race integer, attribute integer, category integer)")
    con.execute("CREATE TABLE texts(id integer primary key, name text, desc text, "
                + ", ".join(f"str{i} text" for i in range(1, 17)) + ")")
    con.execute("INSERT INTO datas VALUES (5318639, 3, 0, 0, 65538, 0, 0, 0, 0, 0, 0)")  # Spell|Quick-Play
    con.execute("INSERT INTO datas VALUES (89631139, 3, 0, 221, 17, 3000, 2500, 8, 8192, 16, 0)")
    con.execute("INSERT INTO texts (id, name, desc) VALUES (5318639, 'Mystical Space Typhoon', 'Target 1 Spell/Trap')")
    con.execute("INSERT INTO texts (id, name, desc) VALUES (89631139, 'Blue-Eyes White Dragon', 'This legendary dragon')")
    con.commit()
    con.close()
    result = import_path(driver, path, database=database)
    assert result == {"path": str(path), "format": "cdb", "records": 2, "rejected": []}
    records, _, _ = driver.execute_query(
        "MATCH (c:Card) RETURN c.passcode AS p, c.card_type AS t, c.spell_trap_type AS s, c.level AS l, "
        "c.attribute AS a ORDER BY p", database_=database)
    assert [tuple(r) for r in records] == [(5318639, "Spell", "Quick-Play", None, None),
                                           (89631139, "Monster", None, 8, "LIGHT")]
    assert {r["passcode"] for r in kb_graph.find_cards_by_name(driver, "blue-eyes white dragon", database)} == {89631139}


def test_cli_missing_file_is_one_line_error(neo4j_server, tmp_path):
    proc = run_cli("cards", "import", str(tmp_path / "missing.jsonl.gz"))
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "missing.jsonl.gz: no such file" in lines[0]


def test_cli_unknown_option_and_debug_traceback(neo4j_server, tmp_path):
    proc = run_cli("cards", "import", "--bogus", "x")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: No such option") and "--bogus" in lines[0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps([1, 2]) + "\n")
    plain = run_cli("cards", "import", str(bad))
    assert plain.returncode != 0 and len(plain.stderr.strip().splitlines()) == 1
    debug = run_cli("--debug", "cards", "import", str(bad))
    assert "Traceback" in debug.stderr


def test_every_command_has_help_with_an_example():
    from app.cli import COMMANDS

    for name in COMMANDS:
        proc = run_cli(name, "--help")
        if proc.returncode != 0:
            pytest.fail(f"rulings {name} --help failed: {proc.stderr.strip()[:200]}")
        assert "Example" in proc.stdout, f"rulings {name} --help has no example"

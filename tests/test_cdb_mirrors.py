"""bench/cdb_mirrors.py: the development cards.cdb built from git histories of public card databases."""

from __future__ import annotations

import gzip
import json
import sqlite3
import subprocess
from pathlib import Path

from bench.cdb_mirrors import main, merge

BLUE_EYES, DARK_MAGICIAN, PRERELEASE = 89631139, 46986414, 100200174


def _cdb(path: Path, rows: list[tuple[int, int, int, str]]) -> None:
    """rows: (id, ot, setcode, name)."""
    path.unlink(missing_ok=True)
    con = sqlite3.connect(path)
    with con:
        con.execute("CREATE TABLE datas(id integer primary key, ot, alias, setcode, type, atk, def, level, race, "
                    "attribute, category)")
        con.execute("CREATE TABLE texts(id integer primary key, name, desc, "
                    + ", ".join(f"str{i}" for i in range(1, 17)) + ")")
        for code, ot, setcode, name in rows:
            con.execute("INSERT INTO datas VALUES (?,?,0,?,17,3000,2500,8,8192,32,0)", (code, ot, setcode))
            con.execute("INSERT INTO texts VALUES (?,?,''" + ",''" * 16 + ")", (code, name))
    con.close()


def _repo(tmp_path: Path, versions: list[dict[str, list]]) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    env = ["-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    for n, files in enumerate(versions):
        for name, rows in files.items():
            _cdb(work / name, rows)
        subprocess.run(["git", "-C", str(work), "add", "."], check=True)
        subprocess.run(["git", "-C", str(work), *env, "commit", "-q", "-m", f"v{n}", "--date", f"{1600000000 + n * 100} +0000"],
                       check=True, env={"GIT_COMMITTER_DATE": f"{1600000000 + n * 100} +0000", "PATH": "/usr/bin:/bin"})
    return work / ".git"


def test_the_newest_readable_row_wins_and_other_formats_are_skipped(tmp_path):
    gitdir = _repo(tmp_path, [
        {"cards.cdb": [(BLUE_EYES, 3, 0, "Blue-Eyes White Dragon")]},
        {"cards.cdb": [(BLUE_EYES, 3, 0xDD, "Blue-Eyes White Dragon"), (DARK_MAGICIAN, 3, 0x10A2, "Dark Magician")]},
        # a Rush Duel database reuses ids for other cards: never read, though newest
        {"cards-rush.cdb": [(BLUE_EYES, 0x200, 0, "Blue-Eyes White Dragon (Rush)")]},
    ])
    datas, texts, summary = merge([gitdir], None)
    assert datas[BLUE_EYES][3] == 0xDD and texts[BLUE_EYES][1] == "Blue-Eyes White Dragon"
    assert DARK_MAGICIAN in datas and summary["versions"] == 2 and summary["unreadable"] == 0


def test_a_prerelease_row_takes_the_password_its_name_has_in_the_catalog(tmp_path):
    gitdir = _repo(tmp_path, [{"prerelease-xyz.cdb": [(PRERELEASE, 0x101, 0x1234, "Dark Magician"),
                                                      (PRERELEASE + 1, 0x101, 0, "Unreleased Card")]}])
    catalog = tmp_path / "cards.jsonl.gz"
    with gzip.open(catalog, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"password": str(DARK_MAGICIAN), "name": {"en": "Dark Magician"}}) + "\n")
    out = tmp_path / "merged.cdb"
    summary = main([str(gitdir), "--out", str(out), "--catalog", str(catalog)])
    con = sqlite3.connect(out)
    rows = dict(con.execute("SELECT id, ot FROM datas").fetchall())
    # released under its password (no longer prerelease), its prerelease row dropped; the unreleased stays
    assert rows == {DARK_MAGICIAN: 1, PRERELEASE + 1: 0x101} and summary["from_prerelease"] == 1
    assert con.execute("SELECT setcode FROM datas WHERE id = ?", (DARK_MAGICIAN,)).fetchone() == (0x1234,)

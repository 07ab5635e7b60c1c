"""Build a cards.cdb from public git repositories of YGOPro/EDOPro card databases: the card data the
frame-coverage figures (bench/frames_coverage.py) are measured with when no current cards.cdb can be had.

    python -m bench.cdb_mirrors --out /tmp/merged.cdb [--catalog ../shared/data/cards.jsonl.gz] GITDIR ...

GITDIR is a bare clone (e.g. what the tool library's `fetch` gives for ProjectIgnis/BabelCDB,
mycard/ygopro-database, salix5/CardEditor). Every version of every `*.cdb` that any ref's history holds
and git can still read (a partial clone lacks some) is read; a card's row from the newest commit wins,
so a card whose current row is unreadable keeps its last readable one. Databases of other games or
formats (Rush Duel, Skills, anime and unofficial cards…) are skipped: their ids overlap real cards'.

EDOPro lists a card first under a prerelease id (>= 100000000) and moves it to its password when it is
released; where no readable version has the released row, the prerelease row is given the password the
shared catalog gives its English name. Prerelease rows of cards that have their password are dropped.

The output is a development input kept outside the repository (third-party data is never committed);
its figures are only as current as the newest readable versions (print the summary and cite it)."""

from __future__ import annotations

import argparse
import gzip
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import regex

OTHER_FORMATS = regex.compile(r"rush|skill|unofficial|anime|action|goat|deckmaster|vjump", regex.I)
PRERELEASE_ID = 100_000_000
OT_PRERELEASE = 0x100
DATAS = ("id", "ot", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute", "category")
TEXTS = ("id", "name", "desc", *(f"str{i}" for i in range(1, 17)))


def git(gitdir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "--git-dir", str(gitdir), *args], capture_output=True)


def cdb_versions(gitdir: Path) -> list[tuple[int, str]]:
    """(commit time, blob) of every card-game cdb version in any ref's history, oldest first, each blob once
    at the time of the first commit that holds it."""
    listing = git(gitdir, "rev-list", "--all", "--format=%H %ct", "--no-commit-header").stdout.decode().split()
    first: dict[str, int] = {}
    for commit, when in sorted(zip(listing[::2], map(int, listing[1::2])), key=lambda c: c[1]):
        tree = git(gitdir, "ls-tree", "-r", commit).stdout.decode("utf-8", "replace")
        for line in tree.splitlines():
            meta, _, path = line.partition("\t")
            if path.endswith(".cdb") and not OTHER_FORMATS.search(path):
                first.setdefault(meta.split()[2], when)
    return sorted((when, blob) for blob, when in first.items())


def read_cdb(gitdir: Path, blob: str) -> tuple[list[tuple], list[tuple]] | None:
    """The datas and texts rows of one cdb version, None when git cannot read it (absent from a partial
    clone) or it is not a card database."""
    data = git(gitdir, "cat-file", "blob", blob)
    if data.returncode or not data.stdout.startswith(b"SQLite format 3"):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "v.cdb"
        path.write_bytes(data.stdout)
        con = sqlite3.connect(path)
        try:
            datas = con.execute(f"SELECT {', '.join(DATAS)} FROM datas").fetchall()
            texts = con.execute(f"SELECT {', '.join(TEXTS)} FROM texts").fetchall()
        except sqlite3.DatabaseError:
            return None
        finally:
            con.close()
    return datas, texts


def catalog_passwords(catalog: Path) -> dict[str, list[int]]:
    """English name (case-folded) -> the passwords the shared catalog gives it."""
    names: dict[str, list[int]] = {}
    with gzip.open(catalog, "rt", encoding="utf-8") as fh:
        for card in map(json.loads, fh):
            name = (card.get("name") or {}).get("en")
            if card.get("password") and name:
                names.setdefault(name.strip().casefold(), []).append(int(card["password"]))
    return names


def merge(gitdirs: list[Path], catalog: Path | None) -> tuple[dict[int, tuple], dict[int, tuple], dict]:
    datas: dict[int, tuple[int, tuple]] = {}
    texts: dict[int, tuple[int, tuple]] = {}
    summary = {"versions": 0, "unreadable": 0, "newest": 0}
    for gitdir in gitdirs:
        for when, blob in cdb_versions(gitdir):
            rows = read_cdb(gitdir, blob)
            summary["versions"] += 1
            if rows is None:
                summary["unreadable"] += 1
                continue
            summary["newest"] = max(summary["newest"], when)
            for table, found in ((datas, rows[0]), (texts, rows[1])):
                for row in found:
                    if row[0] not in table or table[row[0]][0] <= when:
                        table[row[0]] = (when, row)
    out_d = {code: row for code, (_, row) in datas.items()}
    out_t = {code: row for code, (_, row) in texts.items() if code in out_d}
    summary["from_prerelease"] = released_prereleases(out_d, out_t, catalog_passwords(catalog)) if catalog else 0
    released = {row[1].strip().casefold() for code, row in out_t.items() if code < PRERELEASE_ID}
    for code in [c for c, row in out_t.items() if c >= PRERELEASE_ID and row[1].strip().casefold() in released]:
        del out_d[code], out_t[code]
    return out_d, out_t, summary


def released_prereleases(datas: dict[int, tuple], texts: dict[int, tuple], passwords: dict[str, list[int]]) -> int:
    added = 0
    for code in sorted(c for c in texts if c >= PRERELEASE_ID):
        for password in passwords.get(texts[code][1].strip().casefold(), []):
            if password in datas:
                continue
            row = list(datas[code])
            row[0], row[1] = password, row[1] & ~OT_PRERELEASE
            if row[2] >= PRERELEASE_ID:  # an alias of another prerelease id means nothing once released
                row[2] = 0
            datas[password] = tuple(row)
            texts[password] = (password, *texts[code][1:])
            added += 1
    return added


def write_cdb(path: Path, datas: dict[int, tuple], texts: dict[int, tuple]) -> None:
    path.unlink(missing_ok=True)
    con = sqlite3.connect(path)
    with con:
        con.execute(f"CREATE TABLE datas({', '.join(c + ' integer' + (' primary key' if c == 'id' else '') for c in DATAS)})")
        con.execute(f"CREATE TABLE texts(id integer primary key, {', '.join(c + ' text' for c in TEXTS[1:])})")
        con.executemany(f"INSERT INTO datas VALUES ({', '.join('?' * len(DATAS))})", datas.values())
        con.executemany(f"INSERT INTO texts VALUES ({', '.join('?' * len(TEXTS))})", texts.values())
    con.close()


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gitdirs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--catalog", type=Path, help="the shared cards.jsonl.gz: names prerelease rows' passwords")
    args = parser.parse_args(argv)
    for gitdir in args.gitdirs:
        if git(gitdir, "rev-parse", "--git-dir").returncode:
            parser.error(f"{gitdir}: not a git directory")
    datas, texts, summary = merge(args.gitdirs, args.catalog)
    write_cdb(args.out, datas, texts)
    summary["cards"] = len(datas)
    print(json.dumps(summary), file=sys.stderr)
    return summary


if __name__ == "__main__":
    main()

"""Engine tests share one Node driver process per module (starting the wasm core costs time)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine_bridge.constants import SCRIPTS_DIR


@pytest.fixture(scope="module")
def engine_driver(node):
    from engine_bridge.runner import EngineDriver

    with EngineDriver() as driver:
        yield driver


@pytest.fixture
def user_scripts(tmp_path) -> Path:
    """A user-style script folder (script/constant.lua, utility.lua, official/cNNN.lua) holding a copy
    of the project's pack, for tests that add broken scripts of their own."""
    root = tmp_path / "script"
    (root / "official").mkdir(parents=True)
    for name in ("constant.lua", "utility.lua"):
        shutil.copy(SCRIPTS_DIR / name, root / name)
    for script in (SCRIPTS_DIR / "official").glob("c*.lua"):
        shutil.copy(script, root / "official" / script.name)
    return root


def write_cdb(path: Path, datas: list[tuple], texts: list[tuple]) -> Path:
    """A cards.cdb with YGOPro's `datas` and `texts` tables holding the given rows."""
    import sqlite3

    con = sqlite3.connect(path)
    con.execute("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER,"
                " atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER)")
    con.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)")
    con.executemany("INSERT INTO datas VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", datas)
    con.executemany("INSERT INTO texts VALUES (?, ?, ?)", texts)
    con.commit()
    con.close()
    return path

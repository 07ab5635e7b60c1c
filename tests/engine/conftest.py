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

"""Attack: scenario strings that are Lua code. A card name "Dark Hole\\nerror('X')", a source URL that
closes a block comment (]]) and a ruling text with quotes, backslashes and line breaks must reach the
engine and the exported EDOPro puzzle as Lua string literals: the scenario runs to its real verdict (no
Lua error raised by the payload), the exported puzzle loads in the engine, and outside the string
literals no line of the puzzle holds the payload. Real ocgcore-wasm under Node."""

from __future__ import annotations

import re

import pytest

from engine_bridge.puzzle import export_puzzles
from engine_bridge.runner import load_puzzle, run_scenarios
from rulings.records import Scenario

pytestmark = pytest.mark.engine

NAME = "Dark Hole\nerror('X')"
SOURCE = "https://example.org/]] error('Y') --[["
RULING = "「旋风」\"]] error('Z')\r\n\\\" os.exit(1) --\x00"
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _scenario():
    return Scenario.from_data({
        "id": "injected-strings", "title": "Title ]]\nerror('T')", "rule": "MR5",
        "ruling": {"text": RULING, "source_url": SOURCE, "date": "2019-05-01", "language": "zh-Hans"},
        "setup": {"cards": [
            {"ref": "mst", "code": 5318639, "player": 0, "location": "hand", "name": NAME},
            {"ref": "trap", "code": 17814387, "player": 1, "location": "szone", "name": "Trap\"); error('W') --"},
        ]},
        "steps": [{"activate": "mst", "target": "trap"}],
        "expect": {"cards": {"trap": "grave"}},
    }, "test")


def test_engine_card_name_source_and_ruling_holding_lua_code_stay_strings(tmp_path, engine_driver):
    scenario = _scenario()
    (result,) = run_scenarios([scenario], driver=engine_driver)
    assert result.verdict == "pass", result.reason

    (path,) = export_puzzles([scenario], tmp_path)
    text = path.read_text(encoding="utf-8")
    for line in text.splitlines():
        code = _LITERAL.sub('""', line)
        assert "error(" not in code and "os.exit" not in code, line
    assert "\\n" in text and "error('X')" in text  # the name is kept, escaped inside its literal
    loaded = load_puzzle(path, driver=engine_driver)
    assert loaded["status"] == "ok" and loaded["errors"] == [], loaded["message"]
    field = loaded["field"]
    assert [c["code"] for c in field["0"]["hand"]] == [5318639]
    assert [c["code"] for c in field["1"]["szone"]] == [17814387]

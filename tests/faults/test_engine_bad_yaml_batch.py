"""Attack: one malformed YAML file (and one file holding an invalid scenario) in a scenario folder. The
batch still runs every good scenario to the end and writes the JUnit report; each bad file is its own
error verdict naming the file and what is wrong; the exit status says not everything passed. Real CLI,
real ocgcore-wasm."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
import yaml

from rulings.config import REPO_ROOT

pytestmark = pytest.mark.engine

GOOD = {"format": 1, "id": "mst-destroys-set-trap", "title": "MST destroys a Set card", "rule": "MR5",
        "setup": {"cards": [{"ref": "mst", "code": 5318639, "player": 0, "location": "hand"},
                            {"ref": "trap", "code": 17814387, "player": 1, "location": "szone"}]},
        "steps": [{"activate": "mst", "target": "trap"}], "expect": {"cards": {"trap": "grave"}}}


def test_engine_malformed_yaml_in_scenario_folder_is_that_files_error_and_the_batch_writes_junit(tmp_path, node):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "a_good.yaml").write_text(yaml.safe_dump(GOOD), encoding="utf-8")
    (folder / "b_broken.yaml").write_text("format: 1\nid: broken\nsetup: {cards: [\n  - ref: x\n", encoding="utf-8")
    invalid = {**GOOD, "id": "no-cards", "setup": {"cards": []}}
    (folder / "c_invalid.yaml").write_text(yaml.safe_dump(invalid), encoding="utf-8")
    (folder / "d_good.yaml").write_text(yaml.safe_dump({**GOOD, "id": "again"}), encoding="utf-8")
    report = tmp_path / "report.xml"

    proc = subprocess.run([sys.executable, "-m", "app", "scenarios", "run", str(folder), "--junit",
                           str(report)], capture_output=True, text=True, cwd=REPO_ROOT, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})

    assert proc.returncode != 0
    assert "2 of 4 scenarios did not pass (error 2)" in proc.stderr, proc.stdout + proc.stderr
    cases = {c.get("name"): c for c in ET.parse(report).getroot().iter("testcase")}
    assert set(cases) == {"mst-destroys-set-trap", "again", str(folder / "b_broken.yaml"),
                          f"{folder / 'c_invalid.yaml'}#no-cards"}
    assert cases["mst-destroys-set-trap"].find("error") is None and cases["again"].find("error") is None
    broken = cases[str(folder / "b_broken.yaml")].find("error").get("message")
    assert broken.startswith(f"{folder / 'b_broken.yaml'}: not valid YAML")
    assert "setup.cards is empty" in cases[f"{folder / 'c_invalid.yaml'}#no-cards"].find("error").get("message")
    assert f"ERROR    {folder / 'b_broken.yaml'}: " in proc.stdout

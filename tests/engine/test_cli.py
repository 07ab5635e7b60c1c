"""The `rulings scenarios` commands as a user runs them."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from engine_bridge.constants import BUNDLED
from engine_bridge.scenario import load_scenarios

RULINGS = [sys.executable, "-m", "app"]


def _run(*args):
    return subprocess.run([*RULINGS, "scenarios", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.engine
def test_run_writes_junit_and_a_summary(tmp_path):
    report = tmp_path / "report.xml"
    proc = _run("run", str(BUNDLED), "--junit", str(report))
    assert proc.returncode == 0, proc.stderr
    total = len(load_scenarios([BUNDLED]))
    # pass, fail, inconclusive, error, timeout, total
    assert proc.stdout.splitlines()[-2].split()[1:] == [str(total), "0", "0", "0", "0", str(total)]
    assert ET.parse(report).getroot().find("testsuite").get("tests") == str(total)


@pytest.mark.engine
def test_run_exits_non_zero_with_one_line_when_a_scenario_fails(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("""
id: wrong
setup:
  cards:
    - {ref: guardian, code: 91152256, player: 0, location: mzone}
expect:
  cards: {guardian: grave}
""", encoding="utf-8")
    proc = _run("run", str(bad))
    assert proc.returncode == 1
    assert "FAIL     wrong: card guardian: location expected grave, engine: mzone" in proc.stdout
    assert proc.stderr.strip() == "error: 1 of 1 scenarios did not pass (fail 1)"


def test_bad_scenario_file_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\nsetup: {cards: []}\n", encoding="utf-8")
    proc = _run("list", str(bad))
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"error: {bad}: scenario 'x': setup.cards is empty"


def test_generate_help_lists_its_options():
    proc = _run("generate", "--help")
    assert proc.returncode == 0, proc.stderr
    assert "--out" in proc.stdout


def test_export_and_list(tmp_path):
    proc = _run("export", "--format", "puzzle", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    ids = [s.id for s in load_scenarios([BUNDLED])]
    assert sorted(p.stem for p in (tmp_path / "out").glob("*.lua")) == sorted(ids)
    listed = _run("list").stdout.splitlines()
    assert [line.split("\t")[0] for line in listed] == ids


def test_script_folder_and_cdb_come_from_the_environment_too(tmp_path, card_database):
    import os

    env = {**os.environ, "RULINGS_EDOPRO_SCRIPTS": str(tmp_path)}  # a folder that is no script folder
    for command in (["run", str(BUNDLED)], ["generate", "--rulings", str(tmp_path / "none.jsonl"), "--out", str(tmp_path)]):
        proc = subprocess.run([*RULINGS, "scenarios", *command], capture_output=True, text=True, timeout=300, env=env)
        assert proc.returncode != 0
        assert f"{tmp_path}: no constant.lua" in proc.stderr, proc.stderr
    env = {**os.environ, "RULINGS_EDOPRO_CARDS": str(tmp_path / "missing.cdb")}
    proc = subprocess.run([*RULINGS, "scenarios", "run", str(BUNDLED)], capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode != 0 and "missing.cdb" in proc.stderr

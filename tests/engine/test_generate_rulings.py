"""Generation from plain ruling objects (the graph's and --rulings' shape): languages, rule eras,
cards without scripts, the indestructibility family, and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from engine_bridge.constants import CARDS_ENV, SCRIPTS_ENV
from engine_bridge.generate import generate_scenarios
from engine_bridge.runner import run_scenarios
from engine_bridge.scenario import load_scenarios

MST, COIN_DRAGON = 5318639, 9000988


def _ruling(rid, text, language, mentions=(), date=None, topics=()):
    return {"id": rid, "text": text, "normalized": text, "language": language, "date": date, "topics": list(topics),
            "mentions": [{"surface": s, "start": text.find(s), "end": text.find(s) + len(s), "passcode": p,
                          "confidence": 1.0, "role": "acting"} for s, p in mentions],
            "url": f"https://example.org/{rid}"}


RULINGS = [
    _ruling("fr-cibler", "On peut cibler un Monstre Piège avec « Typhon d'Espace Mystique » et le détruire.", "fr",
            [("Typhon d'Espace Mystique", MST)], date="2018-05-01"),
    _ruling("ja-taishou", "罠モンスターを対象として「サイクロン」を発動できる。", "ja", [("サイクロン", MST)], date="2012-01-01"),
    _ruling("ja-seisou", "「禁じられた聖槍」を対象として「サイクロン」を発動できる。", "ja",
            [("禁じられた聖槍", 27243130), ("サイクロン", MST)]),
    _ruling("ja-coin", "「EM小判竜」の効果が適用されている場合、ドラゴン族モンスターは効果では破壊されない。", "ja",
            [("EM小判竜", COIN_DRAGON)], date="2021-03-01"),
    _ruling("zh-court", "「宫廷的规矩」效果适用中,陷阱怪兽不会被效果破坏。", "zh-Hans", [("宫廷的规矩", 9995766)],
            topics=["trap_monsters"]),
    _ruling("zh-none", "连锁处理完毕时,诱发效果可以另开连锁发动。", "zh-Hans", topics=["chain"]),
    _ruling("zh-drain", "「技能抽取」效果适用中,「旋风」破坏「技能抽取」。", "zh-Hans",
            [("技能抽取", 82732705), ("旋风", MST)], topics=["trap_monsters"]),
]


@pytest.fixture(scope="module")
def result(catalog):  # the pack's card data comes from the shared card database
    return generate_scenarios(RULINGS)


def test_each_language_phrase_of_target_legality_is_recognized(result):
    for rid in ("fr-cibler", "ja-taishou"):
        main = [s for s in result.scenarios_for(rid) if s.kind == "ruling"]
        assert [s.template for s in main] == ["target-legality"], rid
        assert main[0].ruling.source_url == f"https://example.org/{rid}"


def test_current_rulings_run_under_todays_rule_whatever_their_date(result):
    """A ruling in force today holds under today's rule; its date only says since when (issue 9 §4)."""
    eras = {s.ruling_ids[0]: (s.rule, s.rule_basis) for s in result.scenarios}
    for rid in ("fr-cibler", "ja-taishou", "ja-coin"):
        assert eras[rid][0] == "MR5" and "in force today" in eras[rid][1], rid
    assert "2012-01-01" in eras["ja-taishou"][1]


def test_a_superseded_version_runs_under_the_rule_of_its_date(card_database):
    old = dict(RULINGS[1], id="ja-taishou-old", current=False)
    [scenario, *_] = generate_scenarios([old]).scenarios
    assert scenario.rule == "MR3" and "superseded" in scenario.rule_basis


def test_a_card_without_a_script_is_reported_not_substituted(result):
    reasons = {u.ruling_id: u for u in result.uncovered}
    assert "no script for 禁じられた聖槍 (27243130)" in reasons["ja-seisou"].reason
    assert "no script for 技能抽取 (82732705)" in reasons["zh-drain"].reason
    assert reasons["zh-drain"].topics == ["trap_monsters"]
    assert reasons["zh-none"].reason.startswith("fits no template")
    assert not result.scenarios_for("ja-seisou") and not result.scenarios_for("zh-drain")


def test_imperial_custom_ruling_protects_a_trap_monster_stand_in(result):
    court = result.scenarios_for("zh-court")
    main = next(s for s in court if s.kind == "ruling")
    control = next(s for s in court if s.kind == "control")
    assert main.template == "destruction" and main.topic == "indestructible"
    assert 9995766 in main.codes() and 9995766 not in control.codes() and 28649820 in control.codes()


@pytest.mark.engine
def test_generated_scenarios_from_ruling_objects_pass_on_the_engine(result, engine_driver):
    coin = [s for s in result.scenarios_for("ja-coin")]
    assert {s.template for s in coin} == {"destruction"} and {s.topic for s in coin} == {"indestructible"}
    ruling = next(s for s in coin if s.kind == "ruling")
    assert COIN_DRAGON in ruling.codes() and COIN_DRAGON not in next(s for s in coin if s.kind == "control").codes()
    verdicts = run_scenarios(result.scenarios, driver=engine_driver)
    assert [(v.scenario_id, v.verdict) for v in verdicts if v.verdict != "pass"] == []
    assert len(verdicts) == 8


def test_cli_generates_files_and_a_coverage_report(tmp_path, catalog):
    rulings = tmp_path / "rulings.jsonl"
    rulings.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in RULINGS), encoding="utf-8")
    out, report = tmp_path / "out", tmp_path / "coverage.json"
    cmd = [sys.executable, "-m", "app", "scenarios", "generate", "--rulings", str(rulings), "--out", str(out),
           "--coverage", str(report)]
    # the project's pack (what this asserts: 技能抽取 has no script there), even where the real scripts are set
    pack_only = {k: v for k, v in os.environ.items() if k not in (SCRIPTS_ENV, CARDS_ENV)}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=pack_only)
    assert proc.returncode == 0, proc.stderr
    files = sorted(p.name for p in out.glob("*.yaml"))
    assert len(files) == 8 and all(f.endswith(".yaml") for f in files)
    assert len(load_scenarios([out])) == 8
    cov = json.loads(report.read_text(encoding="utf-8"))
    assert cov["rulings"] == 7 and cov["uncovered"] == 3
    assert cov["by_topic"]["trap_monsters"] == {"rulings": 2, "covered": 1, "uncovered": 1, "scenarios": 2}
    assert "UNCOVERED zh-drain [trap_monsters]: destruction: no script for 技能抽取 (82732705)" in proc.stdout


def test_cli_needs_exactly_one_input(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "app", "scenarios", "generate", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert "give exactly one input" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_cli_reports_a_bad_rulings_file_in_one_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"record": "Something"}\n', encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "app", "scenarios", "generate", "--rulings", str(bad),
                           "--out", str(tmp_path / "o")], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert f"{bad}:1: neither a PageDoc record nor a ruling" in proc.stderr

"""The records between stages (rulings.records): the JSON Schema made from the models validates real
records of every kind, JSONL lines carry their version and older versions still read, and a bad
record is one line naming the input and the field while the rest is kept."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from crawlers.offline import read_paths
from engine_bridge.constants import BUNDLED
from pipeline.cardlink import CardLinker
from pipeline.run import process_pages
from rulings.errors import InputError
from rulings.records import PAGE_DOC_VERSION, PageDoc, RawPage, Ruling, Scenario, json_schema

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def schema() -> dict:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def validator(schema: dict, definition: str | None = None) -> jsonschema.Draft202012Validator:
    if definition is None:
        return jsonschema.Draft202012Validator(schema)
    return jsonschema.Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"})


def errors(check: jsonschema.Draft202012Validator, instance) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in check.iter_errors(instance)]


@pytest.fixture(scope="module")
def seed_pages(shared_dir) -> list[RawPage]:
    pages = [page for page, _ in read_paths([shared_dir / "corpus" / "seeds"])]
    assert len(pages) >= 5
    return pages


def test_the_schema_validates_real_raw_pages_and_pagedocs(schema, seed_pages):
    line = validator(schema)
    for page in seed_pages:
        assert errors(line, page.to_json()) == [], page.url
    # the NLP stage's real output (no card catalog here: an empty linker, so the rulings name no card)
    docs = list(process_pages(seed_pages, linker=CardLinker({}, set())))
    assert sum(len(d.rulings) for d in docs) > 20
    for doc in docs:
        data = json.loads(json.dumps(doc.to_json(), ensure_ascii=False))
        assert data["record"] == "PageDoc" and data["v"] == PAGE_DOC_VERSION
        assert errors(line, data) == [], doc.url
        assert PageDoc.from_json(data) == doc
    wrong = {**docs[0].to_json(), "v": PAGE_DOC_VERSION + 1}
    assert errors(line, wrong)  # the schema, like the reader, refuses a newer version


def test_the_schema_validates_linked_rulings_with_mentions_and_frames(schema, seed_pages, default_linker):
    docs = list(process_pages(seed_pages, linker=default_linker))
    rulings = [r for d in docs for r in d.rulings]
    assert any(r.mentions for r in rulings) and any(r.frame is not None for r in rulings)
    line = validator(schema)
    for doc in docs:
        assert errors(line, json.loads(json.dumps(doc.to_json(), ensure_ascii=False))) == [], doc.url


def test_the_schema_validates_the_bundled_scenario_files(schema):
    check = validator(schema, "ScenarioFile")
    files = sorted(Path(BUNDLED).glob("*.yaml"))
    assert files
    for path in files:
        data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))
        assert errors(check, data) == [], path.name
    bad = {"scenarios": [{"id": "x", "setup": {"cards": [{"ref": "a", "code": 1, "player": 0, "location": "moon"}]},
                          "steps": ["pass"]}]}
    assert errors(check, bad)


def test_a_version_2_pagedoc_still_reads():
    v2 = {"record": "PageDoc", "v": 2, "url": "https://example.org/p", "source_id": "seed", "content_hash": "h",
          "language": "ja", "rulings": [{"id": "r1", "text": "発動できる。", "normalized": "発動できる。", "language": "ja",
                                         "mentions": [{"surface": "x", "start": 0, "end": 1, "passcode": 1,
                                                       "confidence": 0.5}]}]}
    doc = PageDoc.from_json(v2)
    assert doc.rulings[0].display == "" and doc.rulings[0].frame is None and doc.rulings[0].mentions[0].place == "text"
    with pytest.raises(ValueError, match="newer than this tool reads"):
        PageDoc.from_json({**v2, "v": PAGE_DOC_VERSION + 1})
    with pytest.raises(ValueError, match="expected 'PageDoc'"):
        PageDoc.from_json({**v2, "record": "RawPage"})


def test_a_bad_line_or_ruling_is_one_line_naming_the_input_and_the_rest_is_read(tmp_path):
    good = PageDoc(url="https://example.org/a", source_id="seed", content_hash="h", language="zh-Hans",
                   rulings=[Ruling(id="ok", text="可以。", normalized="可以。", language="zh-Hans")]).to_json()
    bad_ruling = {**good, "url": "https://example.org/b",
                  "rulings": [*good["rulings"], {**good["rulings"][0], "id": "late", "date": "17/3/24"}]}
    path = tmp_path / "docs.jsonl"
    path.write_text("\n".join([json.dumps(good), "{broken", json.dumps({**good, "content_hash": 7}),
                               json.dumps(bad_ruling)]) + "\n", encoding="utf-8")
    rejected: list[str] = []
    docs = list(PageDoc.read_jsonl(path, rejected=rejected.append))
    assert [d.url for d in docs] == ["https://example.org/a", "https://example.org/b"]
    assert rejected == [f"{path}:2: invalid JSON (Expecting property name enclosed in double quotes)",
                        f"{path}:3: not a PageDoc (content_hash: Input should be a valid string)",
                        "https://example.org/b ruling late: date: '17/3/24' is not an ISO date (YYYY-MM-DD)"]
    assert [r.id for r in docs[1].rulings] == ["ok"]
    with pytest.raises(InputError, match=r"docs.jsonl:2: invalid JSON"):
        list(PageDoc.read_jsonl(path))


def test_scenario_errors_are_one_line_naming_the_file_the_scenario_and_the_field():
    base = {"id": "s", "setup": {"cards": [{"ref": "a", "code": "0x10", "player": 0, "location": "HAND"}]},
            "steps": [{"activate": "a", "expect": {"offered": True}}]}
    scenario = Scenario.from_data(base, "f.yaml")
    assert (scenario.setup.cards[0].code, scenario.setup.cards[0].location, scenario.source_file) == (16, "hand", "f.yaml")
    assert Scenario.from_data(scenario.to_dict(), "f.yaml") == scenario
    for change, message in [
        ({"steps": [{"activate": "a", "expect": {"offered": "yes"}}]}, "steps.0.expect.offered: Input should be a valid boolean"),
        ({"steps": [{"activate": "a", "effect": 3, "summon": "a"}]}, "steps.0 must name exactly one action of"),
        ({"expect": {"lp": [1]}, "steps": []}, "expect.lp must be two numbers [player 0, player 1], got [1]"),
        ({"setup": {"cards": []}}, "setup.cards is empty"),
    ]:
        with pytest.raises(InputError) as info:
            Scenario.from_data({**base, **change}, "f.yaml")
        assert str(info.value).startswith("f.yaml: scenario 's': " + message), str(info.value)
        assert "\n" not in str(info.value)


def test_records_schema_and_check_commands(tmp_path):
    out = tmp_path / "schema.json"
    run = [sys.executable, "-m", "app", "records"]
    made = subprocess.run([*run, "schema", "--out", str(out)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert made.returncode == 0, made.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(json_schema()))
    page = RawPage(url="file:///a.txt", source_id="seed", language="ja", content_hash="0" * 64, text="x")
    records = tmp_path / "pages.jsonl"
    records.write_text(json.dumps(page.to_json()) + "\n" + json.dumps({**page.to_json(), "status": "ok"}) + "\n",
                       encoding="utf-8")
    checked = subprocess.run([*run, "check", str(records)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert checked.returncode == 1
    assert checked.stderr.strip() == f"rejected: {records}:2: not a RawPage (status: Input should be a valid integer, " \
                                     "unable to parse string as an integer)"
    assert "1 records valid, 1 rejected" in checked.stdout

"""Bad pages are processed without exceptions; what is wrong is recorded on the PageDoc."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulings.records import RawPage
from rulings.records import PAGE_DOC_VERSION, PageDoc
from pipeline.run import process_pages
from rulings.jsonl import read_jsonl

REPO = Path(__file__).resolve().parents[2]


def _page(text, fmt="text", language="zh-Hans", **kw):
    return RawPage(url=f"file:///bad/{abs(hash(text))}", source_id="seed", language=language,
                   content_hash="0" * 64, text=text, format=fmt, **kw)


@pytest.fixture(scope="module")
def linker(default_linker):
    return default_linker


def test_bad_pages_are_recorded_not_raised(linker):
    pages = [
        _page(""),
        _page("   \n\n  "),
        _page("!!!! ---- ????\n####"),
        _page("可以发动「旋风」。" * 5000),  # one very long line
        _page("可以發動「旋風」。\ufffd\ufffd卡片の効果を発動できる。Une carte peut être activée."),
        _page("\x00\x01\x02 garbage \udcff".encode("utf-8", "surrogatepass").decode("utf-8", "replace")),
        _page("| ``broken `rst_\n====\n", fmt="rst"),
        _page("# titre\n\n- *liste", fmt="markdown", language="fr"),
        _page("not json", fmt="qa-json", language="ja", meta={"fid": "x", "databaseDate": "bad"}),
    ]
    docs = list(process_pages(pages, linker=linker))
    assert len(docs) == len(pages)
    assert "empty page" in docs[0].problems[0] and "empty page" in docs[1].problems[0]
    assert docs[2].problems == ["no rulings found on the page"]
    long_doc = docs[3]
    assert len(long_doc.rulings) == 1 and len(long_doc.rulings[0].mentions) == 5000
    mixed = docs[4]
    assert any("replacement characters" in p for p in mixed.problems)
    assert mixed.rulings and mixed.rulings[0].mentions
    for doc in docs:
        assert not any(p.startswith("NLP failed") for p in doc.problems), doc.problems
        json.dumps(doc.to_json(), ensure_ascii=False)
    assert docs[8].rulings[0].kind == "qa" and docs[8].rulings[0].date is None


def test_cli_process_writes_versioned_pagedocs(tmp_path, default_linker):
    from rulings import config

    seeds = config.shared_dir() / "corpus" / "seeds"
    out = tmp_path / "docs.jsonl"
    env = {**os.environ, "RULINGS_HOME": str(tmp_path / "home")}  # an empty raw store
    result = subprocess.run([sys.executable, "-m", "app", "nlp", "process", "--out", str(out),
                             str(seeds / "000_0c4539d48d7b5545.txt")], capture_output=True, text=True, env=env,
                            cwd=REPO, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "wrote 1 page documents" in result.stdout
    records = list(read_jsonl(out, record="PageDoc", max_version=PAGE_DOC_VERSION))
    doc = PageDoc.from_json(records[0])
    assert records[0]["v"] == PAGE_DOC_VERSION and doc.language == "zh-Hant" and len(doc.rulings) > 10

    empty = subprocess.run([sys.executable, "-m", "app", "nlp", "process", "--out", str(out)],
                           capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    assert empty.returncode == 2
    assert empty.stderr.startswith("error: raw store") and len(empty.stderr.strip().splitlines()) == 1

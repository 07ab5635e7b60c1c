"""Attack: one Q&A record whose fid is 1e999 (JSON float infinity -> OverflowError in int()) and one
nested 100,000 levels deep (RecursionError in the JSON parser), among good records and beside other
paths on the command line. Each bad record becomes its own one-line error; everything else is read."""

from __future__ import annotations

import json
import shutil

from crawlers.offline import ingest_to_store
from crawlers.store import RawStore
from rulings.config import REPO_ROOT

GOOD = {"fid": 7, "title": "「サイクロン」について", "question": "「サイクロン」の効果で自身を破壊できますか？",
        "answer": "いいえ、できません。"}


def test_ingest_qa_fid_1e999_and_100k_deep_json_are_line_errors_the_rest_is_read(tmp_path):
    qa = tmp_path / "qa.jsonl"
    deep = "[" * 100_000 + "]" * 100_000
    qa.write_text('{"fid": 1e999, "title": "t", "question": "q", "answer": "a"}\n' + deep + "\n"
                  + json.dumps(GOOD, ensure_ascii=False) + "\n", encoding="utf-8")
    whole = tmp_path / "deep.json"
    whole.write_text(deep, encoding="utf-8")
    seed = shutil.copy(next((REPO_ROOT / "rulings/sample").glob("000_*.txt")), tmp_path / "seed.txt")

    result = ingest_to_store([qa, whole, seed], RawStore(tmp_path / "raw"))

    errors = dict(result["errors"])
    assert errors == {f"{qa.as_uri()}#line=1": "bad Q&A record: fid inf is not a number",
                      f"{qa.as_uri()}#line=2": "bad Q&A record: JSON nested too deeply",
                      whole.as_uri(): "bad JSON: nested too deeply"}
    assert (result["new"], result["failed"]) == (2, 3)
    urls = {p.url for p in RawStore(tmp_path / "raw").pages()}
    assert urls == {"https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=7",
                    tmp_path.joinpath("seed.txt").as_uri()}

"""Small, realistic PageDoc records for the graph tests: seed 000's 「旋風」 trap-monster rulings
(Traditional Chinese forum page) and a Konami Q&A about 「サイクロン」 (Japanese), built directly
from the shared corpus text so the graph stage is tested on its own."""

from __future__ import annotations

import gzip
import json
import re

from rulings.records import MinedAlias, Mention, PageDoc, Ruling
from rulings.config import shared_dir

MST = 5318639  # 旋風 / 旋风 / 气旋 / サイクロン / Mystical Space Typhoon
SHADOW_VEIL = 77462146  # 幻影騎士團 影佑: a trap monster
BOOK_OF_MOON = 14087893  # 月之書
MAGIC_PLANTER = 1073952  # 魔法花盆
IMPERIAL_CUSTOM = 9995766  # 宮廷的規矩
CARDS = (MST, SHADOW_VEIL, BOOK_OF_MOON, MAGIC_PLANTER, IMPERIAL_CUSTOM)

SEED_URL = "file:///shared/corpus/seeds/000_0c4539d48d7b5545.txt"
SECTION = ["1016.陷阱怪獸的相關規則"]


def seed_line(prefix: str) -> str:
    """The line of seed 000 that starts with `prefix` (pinyin and all, as on the page)."""
    path = next((shared_dir() / "corpus" / "seeds").glob("000_*.txt"))
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(prefix):
            return line
    raise AssertionError(f"seed 000 has no line starting with {prefix!r}")


def mention(text: str, surface: str, passcode: int | None, role: str | None = "acting", nth: int = 0) -> Mention:
    """A mention of `surface` in `text`; seed 000 writes pinyin after some characters (團(tuán)), so the
    span covers the name as written, pinyin included."""
    pattern = r"(?:\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+\))?".join(re.escape(ch) for ch in surface)
    found = list(re.finditer(pattern, text))[nth]
    return Mention(surface=found.group(0), start=found.start(), end=found.end(), passcode=passcode, confidence=0.95,
                   matched_name=surface, matched_lang="zh-CN", matched_kind="community", role=role)


def zh_seed_doc(content_hash: str = "hash-v1", url: str = SEED_URL) -> PageDoc:
    parent = seed_line("這類陷阱怪獸，同時")
    mst_ruling = seed_line("1、可以以陷阱怪獸為對")
    veil_ruling = seed_line("1、不能以作為怪獸使用中")
    return PageDoc(
        url=url, source_id="zh-forum", content_hash=content_hash, language="zh-Hant", title="陷阱怪獸的相關規則",
        fetched_at="2024-06-01T00:00:00+00:00",
        rulings=[
            Ruling(id="zh-parent", text=parent, normalized="这类陷阱怪兽，同时受那些影响怪兽卡和陷阱卡的效果影响。",
                   language="zh-Hant", section=SECTION, kind="rule", topics=["trap_monsters"]),
            Ruling(id="zh-mst", text=mst_ruling,
                   normalized="1、可以以陷阱怪兽为对象发动「旋风」把陷阱怪兽破坏。即使连锁「月之书」使其变成里侧表示返回魔法·陷阱区域仍会被破坏。",
                   language="zh-Hant", section=SECTION, polarity="can", action="destroy",
                   topics=["trap_monsters", "targeting"], example_of="zh-parent",
                   mentions=[mention(mst_ruling, "旋風", MST), mention(mst_ruling, "月之書", BOOK_OF_MOON)]),
            Ruling(id="zh-veil", text=veil_ruling,
                   normalized="1、不能以作为怪兽使用中的「幻影骑士团 影佑」为对象发动「旋风」，不能将其作为「魔法花盆」的COST，"
                              "「宫廷的规矩」的效果不会使其不被破坏。",
                   language="zh-Hant", section=SECTION, polarity="cannot", action="target",
                   topics=["trap_monsters", "targeting"],
                   mentions=[mention(veil_ruling, "幻影騎士團 影佑", SHADOW_VEIL, "affected"),
                             mention(veil_ruling, "旋風", MST), mention(veil_ruling, "魔法花盆", MAGIC_PLANTER, None),
                             mention(veil_ruling, "宮廷的規矩", IMPERIAL_CUSTOM, None)]),
        ],
        aliases=[MinedAlias(name="影佑騎士", language="zh-Hant", passcode=SHADOW_VEIL,
                            evidence="「影佑騎士/幻影騎士団シャドーベイル」")],
    )


def faq_record(fid: int) -> dict:
    with gzip.open(shared_dir() / "corpus" / "konami-faq" / "qa-dev.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record["fid"] == fid:
                return record
    raise AssertionError(f"no Q&A fid {fid}")


def ja_qa_doc(content_hash: str = "qa-hash-v1", fid: int = 5385) -> PageDoc:
    """Q&A 5385: 「闇の護封剣」 destroyed by a chained 「サイクロン」."""
    record = faq_record(fid)
    text = f"{record['question']}\n{record['answer']}"
    return PageDoc(
        url=f"https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid={fid}", source_id="konami-faq",
        content_hash=content_hash, language="ja", title=record["title"], fetched_at="2024-06-01T00:00:00+00:00",
        rulings=[Ruling(id=f"qa-{fid}", text=text, normalized=text, language="ja", section=[record["title"]],
                        date=record["databaseDate"], kind="qa", polarity="is_not", action="destroy",
                        topics=["chain"], mentions=[mention(text, "サイクロン", MST)],
                        meta={"fid": fid, "tags": record["tags"]})],
    )

"""The whole NLP stage on the real seed pages and shared corpora, with the real card linker."""

import gzip
import itertools
import re
import json

import pytest

from crawlers.offline import read_paths
from rulings.records import PageDoc
from pipeline.run import process_pages, ruling_id
from rulings import config

CORPUS = config.shared_dir() / "corpus"


@pytest.fixture(scope="module")
def linker(default_linker):
    return default_linker


def _docs(paths, linker):
    pages = [page for page, _ in read_paths([str(p) for p in paths])]
    return {page.url.rsplit("/", 1)[-1][:3]: doc for page, doc in zip(pages, process_pages(pages, linker=linker))}


@pytest.fixture(scope="module")
def seeds(linker):
    return _docs(sorted((CORPUS / "seeds").glob("*.txt")), linker)


def _ruling_starting(doc, prefix):
    hits = [r for r in doc.rulings if r.text.startswith(prefix)]
    assert len(hits) == 1, [r.text[:30] for r in doc.rulings]
    return hits[0]


def _ruling_containing(doc, needle):
    hits = [r for r in doc.rulings if needle in r.text]
    assert len(hits) == 1, (needle, [r.text[:40] for r in hits])
    return hits[0]


def test_seed_000_ruling_about_cyclone(seeds):
    doc = seeds["000"]
    assert doc.language == "zh-Hant" and not doc.problems
    r = _ruling_starting(doc, "1、可以以陷阱怪獸為對(duì)象發(fā)動(dòng)「旋風(fēng)」")
    # one ruling: both sentences, up to the end of the numbered item
    assert r.text.endswith("仍會(huì)被破壞。")
    assert "(" not in r.normalized and r.normalized.startswith("1、可以以陷阱怪兽为对象发动「旋风」")
    assert r.language == "zh-Hant"
    assert "trap_monsters" in r.topics
    assert r.polarity == "can"
    assert r.action == "target" and "destroy" in r.meta["actions"]
    cyclone = [m for m in r.mentions if m.passcode == 5318639]
    assert cyclone and r.text[cyclone[0].start:cyclone[0].end] == "旋風"
    assert cyclone[0].role == "acting"
    # spans point into RawPage.text
    page_text = (CORPUS / "seeds" / "000_0c4539d48d7b5545.txt").read_text(encoding="utf-8")
    assert page_text[r.start:r.end] == r.text
    # it is one of the numbered examples introduced by 如： under the paragraph above it
    parent = next(p for p in doc.rulings if p.id == r.example_of)
    assert r.normalized in parent.examples
    assert r.section == ["1016.陷阱怪獸的相關規則"]


def test_seed_000_dash_sub_point_is_a_note(seeds):
    r = _ruling_starting(seeds["000"], "這類陷阱怪獸的控制權(quán)被轉(zhuǎn)移后")
    assert any(n.startswith("— — 因此") for n in r.notes)


def test_seed_004_dates_sit_on_the_rulings_they_close(seeds):
    doc = seeds["004"]
    cases = {
        "「暴君翼」的③效果被「王宫的通告」无效后": "2017-03-24",
        "自己的「纳祭之魔」装备着原持有者是对方的里侧的「彩虹栗子球」": "2016-09-29",
        "「EM 国王熊精」把自身破坏后": "2017-03-24",
        "这个准备阶段内这张卡不能再次发动这个效果": "2015-03-19",
        "对方以我方的「月华龙 黑蔷薇」为对象发动「雷破」": "2014-03-21",
    }
    for needle, iso in cases.items():
        assert _ruling_containing(doc, needle).date == iso, needle
    # the sentence right after a date starts a new ruling and is not given the date before it
    after = _ruling_containing(doc, "准备阶段「黄泉青蛙」发动效果特殊召唤后,被「王虎」的效果破坏")
    assert after.text.startswith("准备阶段「黄泉青蛙」发动效果特殊召唤后")
    assert after.date is None
    # the general rule before 例: is its own ruling; the dated examples point at it
    rule = _ruling_starting(doc, "- 在特定阶段·步骤发动的诱发效果")
    assert rule.kind == "rule" and rule.date is None
    example = _ruling_containing(doc, "「暴君翼」的③效果被「王宫的通告」无效后")
    assert example.example_of == rule.id and example.kind == "ruling"


def test_seed_003_repairs_point_at_the_original(seeds):
    doc = seeds["003"]
    text = (CORPUS / "seeds" / "003_45e35f94b139e0a0.txt").read_text(encoding="utf-8")
    pairs = {(r.original, r.repaired) for r in doc.repairs}
    assert {("咒文度", "咒文速度"), ("攻魔法", "速攻魔法"), ("即时诱", "诱发即时"), ("进行动", "进行发动"),
            ("动了", "发动了")} <= pairs
    for repair in doc.repairs:
        assert text[repair.offset:repair.offset + len(repair.original)] == repair.original
    r = _ruling_starting(doc, "咒文度2、包括普通陷阱")
    assert r.normalized.startswith("咒文速度2、包括普通陷阱、永续陷阱速攻魔法和诱发即时的效果怪物")
    assert "spell_speed" in r.topics


def test_seed_language_per_page(seeds):
    assert seeds["001"].language == "fr" and seeds["002"].language == "ja"
    assert seeds["003"].language == "zh-Hans" and seeds["004"].language == "zh-Hans"
    assert all(doc.rulings for doc in seeds.values())


def test_ruling_ids_are_stable_and_unique(seeds, linker):
    again = _docs([CORPUS / "seeds" / "000_0c4539d48d7b5545.txt"], linker)["000"]
    assert [r.id for r in again.rulings] == [r.id for r in seeds["000"].rulings]
    for doc in seeds.values():
        ids = [r.id for r in doc.rulings]
        assert len(ids) == len(set(ids))
    assert ruling_id("seed", "可以 发动") == ruling_id("seed", "可以  发动")
    assert ruling_id("seed", "可以发动") != ruling_id("zh-forum", "可以发动")


def test_rst_rule_docs(linker):
    doc = _docs([CORPUS / "ocg-rule-docs" / "c02" / "连锁基础.rst"], linker)["%E8"]
    assert doc.language == "zh-Hans" and not doc.problems
    r = _ruling_containing(doc, "玩家B：我连锁丢弃「`增殖的G`_」发动其效果")
    assert r.section == ["连锁基础", "什么是连锁"]
    assert "`" not in r.normalized and "「增殖的G」" in r.normalized
    g = [m for m in r.mentions if r.text[m.start:m.end] == "增殖的G"]
    assert g and g[0].passcode is not None
    assert "chain" in r.topics
    headings = {tuple(r.section) for r in doc.rulings}
    assert ("连锁基础", "什么是连锁", "连锁块") in headings  # --- under === under overlined title


def test_french_markdown(linker):
    doc = _docs([CORPUS / "fr-rulings" / "02_Ciblage.md"], linker)["02_"]
    assert doc.language == "fr"
    bullet = _ruling_starting(doc, "- *Force de Miroir*")
    under = _ruling_containing(doc, "Cet effet ne cible pas.")
    assert under.example_of == bullet.id
    assert under.polarity in ("is_not", "cannot") and "targeting" in under.topics
    assert any(m.passcode is not None for m in bullet.mentions)
    assert all("*" not in r.normalized for r in doc.rulings if r.text.startswith("- *"))
    assert _ruling_containing(doc, "Cet effet cible explicitement.").section[-1] == "Bases du ciblage"


def test_konami_qa_one_ruling_each(linker, tmp_path):
    source = CORPUS / "konami-faq" / "qa-dev.jsonl.gz"
    sample = tmp_path / "qa.jsonl"
    with gzip.open(source, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in itertools.islice(handle, 40)]
    sample.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    pages = [p for p, _ in read_paths([str(sample)])]
    docs = list(process_pages(pages, linker=linker))
    assert len(docs) == len(records)
    by_cards = {r["fid"]: r for r in records}
    for doc, page in zip(docs, pages):
        assert len(doc.rulings) == 1
        ruling = doc.rulings[0]
        record = by_cards[page.meta["fid"]]
        assert ruling.kind == "qa" and ruling.language == "ja"
        assert ruling.date == record["databaseDate"]
        assert ruling.meta["question"] == record["question"] and ruling.meta["answer"] == record["answer"]
        assert record["answer"].strip() in ruling.text
    fid10 = next(d.rulings[0] for d, p in zip(docs, pages) if p.meta["fid"] == 10)
    assert "trap_monsters" in fid10.topics  # モンスターカード扱い in the question
    assert "trap_cards" in fid10.topics  # the 罠 tag
    assert any(m.passcode is not None for d in docs for m in d.rulings[0].mentions)


def test_card_kind_topics_come_from_the_cards_the_title_names(linker, tmp_path, cue_lists):
    source = CORPUS / "konami-faq" / "qa-dev.jsonl.gz"
    with gzip.open(source, "rt", encoding="utf-8") as handle:
        records = {r["fid"]: r for r in map(json.loads, itertools.islice(handle, 40))}
    untagged = [dict(records[fid], tags=[]) for fid in (10, 15)]  # tags removed: only the text speaks
    sample = tmp_path / "qa.jsonl"
    sample.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in untagged), encoding="utf-8")
    pages = [p for p, _ in read_paths([str(sample)])]
    fid10, fid15 = (doc.rulings[0] for doc in process_pages(pages, linker=linker))
    # 10: 「ミステリーサークル」 and 「アポピスの化神」 are Trap Cards. 15: the title names an Effect Monster
    # and a Trap Card; the Ritual Monster 「サクリファイス」 is only in the question, so no `ritual`.
    assert "trap_cards" in fid10.topics and "monster_cards" not in fid10.topics
    assert {"monster_cards", "trap_cards"} <= set(fid15.topics) and "ritual" not in fid15.topics


def test_pagedoc_round_trips_through_json(seeds):
    doc = seeds["000"]
    again = PageDoc.from_json(json.loads(json.dumps(doc.to_json(), ensure_ascii=False)))
    assert again == doc


def test_seed_003_headings_and_notes_get_the_same_repairs(seeds):
    doc = seeds["003"]
    text = (CORPUS / "seeds" / "003_45e35f94b139e0a0.txt").read_text(encoding="utf-8")
    heading_at = text.index("各种魔法卡的使用方法和咒文度")
    r = _ruling_starting(doc, "普通魔法卡：咒文度1")
    assert r.section[-1] == "各种魔法卡的使用方法和咒文速度", r.section
    assert not any("咒文度" in h for rr in doc.rulings for h in rr.section)
    # the heading's repair is recorded once, at the heading's page offset
    at_heading = [x for x in doc.repairs if x.offset == heading_at + len("各种魔法卡的使用方法和")]
    assert [(x.original, x.repaired) for x in at_heading] == [("咒文度", "咒文速度")]
    offsets = [(x.offset, x.rule) for x in doc.repairs]
    assert len(offsets) == len(set(offsets)) and offsets == sorted(offsets)
    for repair in doc.repairs:
        assert text[repair.offset:repair.offset + len(repair.original)] == repair.original


def test_notes_get_the_glossary_repairs_with_offsets(linker):
    from rulings.records import RawPage
    from pipeline.run import process_page

    text = "咒文度的规则\n咒文度2的效果可以连锁咒文度1的效果。\n备注\n攻魔法是咒文度2的魔法卡\n"
    page = RawPage(url="file:///damaged-note", source_id="seed", language="zh-Hans", content_hash="0" * 64,
                   text=text, format="text")
    doc = process_page(page, linker=linker)
    ruling = _ruling_starting(doc, "咒文度2的效果")
    assert ruling.notes == ["速攻魔法是咒文速度2的魔法卡"]
    assert ruling.section == ["咒文速度的规则"]
    note_at = text.index("攻魔法是")
    assert {(r.offset, r.repaired) for r in doc.repairs} >= {(0, "咒文速度"), (note_at, "速攻魔法"),
                                                               (note_at + 4, "咒文速度")}


def test_seed_002_japanese_is_never_read_as_chinese(seeds):
    doc = seeds["002"]
    assert doc.rulings and all(r.language == "ja" for r in doc.rulings)
    # no OpenCC conversion of Japanese: the normalized text keeps the page's kanji
    texts = " ".join(r.normalized for r in doc.rulings)
    assert "効果の対象選択" in texts and "砂塵の大竜巻" in texts
    assert "选择" not in texts and "砂尘" not in texts


def test_a_pages_records_do_not_depend_on_its_batch(seeds, linker):
    from rulings.text import fold_lookup

    """Mined aliases stay with their page: each seed processed alone gives the same PageDoc as in the
    batch of all seeds (processed first, in the fixture) and in the reversed batch; the shared linker
    is not changed."""
    paths = sorted((CORPUS / "seeds").glob("*.txt"))
    names_before = {k: list(v) for k, v in linker.names.items()}
    mined = [a for doc in seeds.values() for a in doc.aliases]
    assert mined  # seed 000 mines 「內置式機槍/仕込みマシンガン」
    # ... and they were used on their page, yet never entered the shared linker
    assert any(m.matched_kind == "mined" for r in seeds["000"].rulings for m in r.mentions)
    assert not any(e.kind == "mined" for a in mined for e in linker.names.get(fold_lookup(a.name), []))
    reversed_batch = _docs(list(reversed(paths)), linker)

    def record(doc):
        return {k: v for k, v in doc.to_json().items() if k != "fetched_at"}  # the read time

    for path in paths:
        key = path.name[:3]
        alone = _docs([path], linker)[key]
        assert record(alone) == record(seeds[key]), key
        assert record(reversed_batch[key]) == record(seeds[key]), key
    assert {k: list(v) for k, v in linker.names.items()} == names_before


def test_seed_002_lists_become_heading_carrying_rulings(seeds):
    """■効果を無効にする / □墓場からの呼び声 … : one ruling per list, carrying its heading's rule, the
    listed cards (short names too) linked at their place in the list; bare fragments are headings."""
    doc = seeds["002"]
    page = next(p for p, _ in read_paths([str(next((CORPUS / "seeds").glob("002_*.txt")))]))
    lists = [r for r in doc.rulings if r.kind == "list"]
    assert len(lists) >= 30 and len(doc.rulings) < 120
    negate = next(r for r in lists if r.section[-1] == "■効果を無効にする")
    assert negate.text.startswith("■効果を無効にする") and page.text[negate.start:negate.end] == negate.text
    assert [s for s, _ in negate.meta["items"]] == sorted(s for s, _ in negate.meta["items"])
    assert "墓場からの呼び声" in negate.display and "金属探知機" in negate.display
    linked = {m.surface for r in lists for m in r.mentions if m.passcode is not None}
    assert {"激流葬", "突風", "援軍", "墓場からの呼び声"} <= linked
    for r in lists:
        for m in r.mentions:
            assert r.text[m.start:m.end] == m.surface
    # a flattened second column (□パイナップル爆弾 ■召喚・反転召喚) heads the items after it
    assert any(r.section[-1] == "■召喚・反転召喚" and "落とし穴" in r.display for r in lists)
    # fragments that state nothing are headings, not rulings
    displays = [r.display for r in doc.rulings]
    for fragment in ("・ドローフェイズ", "効果の対象選択", "通常罠カードのプレイ", "□金属探知機"):
        assert fragment not in displays
    draw = next(r for r in doc.rulings if r.display.startswith("ドローフェイズで発動する場合"))
    assert draw.section[-1] == "ドローフェイズ"
    # every other ruling says something: a sentence, or a line holding a quoted card
    for r in doc.rulings:
        if r.kind != "list":
            assert re.search(r"[。]|「[^」]+」|、$|可能|不可", r.display), r.display


def test_seed_003_every_lost_fa_is_repaired_and_every_heading_kept(seeds):
    doc = seeds["003"]
    text = " ".join(r.normalized for r in doc.rulings)
    assert "对方回合时发动。" in text and "满足条件的时候发动。" in text
    assert not re.search(r"(?<![发移变起自运活启行])动(?![作画物态员])", text)  # 行动 is "action"
    headings = {h for r in doc.rulings for h in r.section}
    # two label headings in a row: the second is the first's child, so both are kept
    parent = next(r for r in doc.rulings if r.section[-1] == "使用魔法陷阱卡的时候要注意的")
    assert parent.section[-2] == "魔法陷阱卡以及效果怪物的咒文速度" and "魔法陷阱卡以及效果怪物的咒文速度" in headings


def test_seed_003_004_chinese_fragments_are_headings_or_list_items(seeds):
    """Chinese lines that state nothing (「·灵摆召唤」, 「尚未适用」, 「第(3/3)页」) are sub-headings of the
    rulings after them, found at their place in the page; a run of them under a `label:` line is one
    list ruling spanning the label and its items."""
    for key in ("003", "004"):
        page = next(p for p, _ in read_paths([str(next((CORPUS / "seeds").glob(f"{key}_*.txt")))]))
        displays = [r.display for r in seeds[key].rulings]
        for fragment in ("·灵摆召唤", "·加入额外卡组的灵摆怪物", "第(3/3)页", "尚未适用", "控制权夺取",
                         "回合玩家的1速必发的诱发类效果"):
            assert fragment not in displays, (key, fragment)
        for r in seeds[key].rulings:
            assert page.text[r.start:r.end] == r.text
    scale = _ruling_starting(seeds["003"], "进行灵摆召唤的场合，一定要注意灵摆刻度")
    assert scale.section[-2:] == ["-[灵摆召唤的手续]-", "灵摆召唤"]
    extra = _ruling_starting(seeds["003"], "构筑卡组的时候")
    assert extra.section[-1] == "加入额外卡组的灵摆怪物"
    timing = _ruling_containing(seeds["004"], "对于公开情报的诱发类效果而言")
    assert timing.section[-2:] == ["其他不能发动的状况", "尚未适用"]
    order = next(r for r in seeds["004"].rulings if r.kind == "list")
    assert order.text.startswith("依照以下的顺序组成连锁") and len(order.meta["items"]) == 6
    assert order.text.endswith("非回合玩家的2速必发的诱发即时类效果")


def test_a_qa_frame_knows_the_cards_only_its_title_links(linker, tmp_path):
    # fid 23050: 「灰流うらら」 is written in the title (linked as a heading mention) and only as a broken
    # reference in the question; the frame, read once every mention is in, still gives it its passcode, as
    # reading the frame again from the stored record does
    from pipeline.frames import frame_for

    with gzip.open(CORPUS / "konami-faq" / "qa-dev.jsonl.gz", "rt", encoding="utf-8") as handle:
        record = next(r for r in map(json.loads, handle) if r["fid"] == 23050)
    sample = tmp_path / "qa.jsonl"
    sample.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    ruling = next(process_pages([p for p, _ in read_paths([str(sample)])], linker=linker)).rulings[0]
    ash = next(c for c in ruling.frame.cards if c.name == "灰流うらら")
    assert ash.passcode == 14558127
    assert ruling.frame == frame_for(ruling.normalized, ruling.language, ruling.mentions, ruling.meta)

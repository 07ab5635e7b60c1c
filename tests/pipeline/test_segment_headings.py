"""Heading structure of text pages (seeds): `…¶` heading levels and 【…】 headings carrying a date."""

from __future__ import annotations

from rulings.records import RawPage
from pipeline.segment import segment_page


def _seed_segments(shared_dir, prefix: str, language: str):
    path = next((shared_dir / "corpus" / "seeds").glob(f"{prefix}_*.txt"))
    text = path.read_text(encoding="utf-8")
    page = RawPage(url=path.as_uri(), source_id="seed", language=language, content_hash="0" * 64,
                   text=text, format="text")
    return text, segment_page(page)


def _segment_starting(text, segments, prefix):
    hits = [s for s in segments if text[s.start:s.end].startswith(prefix)]
    assert hits, prefix
    return hits[0]


def test_seed_004_pilcrow_headings_nest(shared_dir):
    text, segments = _seed_segments(shared_dir, "004", "zh-Hans")
    paths = {tuple(s.section) for s in segments}
    # Not all siblings: the page title on top, groups opened by headings that directly follow each other.
    assert ("诱发类效果", "前言", "怪兽的诱发效果") in paths
    assert ("诱发类效果", "前言", "从手卡发动的诱发效果", "两个特权") in paths
    assert ("诱发类效果", "前言", "从手卡发动的诱发效果", "一个限制") in paths
    assert ("诱发类效果", "前言", "魔法·陷阱卡的诱发类效果", "发动的场所") in paths
    assert ("诱发类效果", "前言", "错过时点", "错过时点的类别") in paths
    # a `label:` line is a part of the section it is in, and the next ¶ heading closes it
    assert ("诱发类效果", "前言", "错过时点", "『时』与『场合』", "另外要注意的几点") in paths
    assert all(s.section[0] == "诱发类效果" for s in segments)
    assert len({s.section[-1] for s in segments}) > 10


def test_seed_002_bracket_heading_with_date_dates_its_section(shared_dir):
    text, segments = _seed_segments(shared_dir, "002", "ja")
    # 【通常罠カード基本】2005/2/28 is a heading, not a dated ruling; the ＞ホーム▼ residue is no ruling.
    assert not any(text[s.start:s.end].startswith(("【通常罠カード基本】", "＞ホーム")) for s in segments)
    own = _segment_starting(text, segments, "通常罠（アイコン無し）")
    assert own.section == ["「遊戯王ＯＣＧエキスパートルールＨＰ」", "▼罠カード", "【通常罠カード基本】"]
    assert own.date == "2004-03-14"  # a ruling's own date wins
    undated = _segment_starting(text, segments, "発動する為にはセットして")
    assert undated.date == "2005-02-28"  # undated rulings take the date of their section
    part = _segment_starting(text, segments, "自分のターンでのプレイ")
    assert part.section == ["「遊戯王ＯＣＧエキスパートルールＨＰ」", "▼罠カード", "【通常罠カード基本】",
                            "■【通常罠カードの基本的発動条件】"]
    assert part.date == "2005-02-28"


def test_undated_page_without_headings_keeps_no_date():
    page = RawPage(url="file:///x", source_id="seed", language="zh-Hans", content_hash="0" * 64,
                   text="标题\n【规则】\n可以发动。\n", format="text")
    segments = segment_page(page)
    assert [s.date for s in segments] == [None]

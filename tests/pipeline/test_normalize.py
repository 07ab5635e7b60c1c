"""Normalization keeps a map back to the original text; repairs and pinyin removal are checked
against the real seed pages."""


from pipeline.normalize import normalize, page_has_conversion_damage
from rulings.text import fold_width, to_simplified_same_length
from rulings import config

SEEDS = config.shared_dir() / "corpus" / "seeds"


def _seed(prefix: str) -> str:
    return next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


def test_pinyin_after_characters_is_removed_and_offsets_point_back():
    text = "1016.陷阱怪獸的相關(guān)規(guī)則"
    n = normalize(text)
    assert n.text == "1016.陷阱怪獸的相關規則"
    i = n.text.index("規")
    assert text[n.offsets[i]] == "規"
    assert n.source_span(i, i + 2) == (text.index("規"), text.index("則") + 1)


def test_parenthesised_english_after_hanzi_is_not_taken_for_pinyin():
    assert normalize("可以作为代价(cost)支付").text == "可以作为代价(cost)支付"


def test_seed_000_has_no_pinyin_left():
    n = normalize(_seed("000"))
    assert "(guān)" not in n.text and "(fā)" not in n.text
    assert "陷阱怪獸的相關規則" in n.text
    assert "「旋風」" in n.text


def test_full_width_is_folded_but_corner_brackets_kept():
    n = normalize("「ＡＢＣ」１２３，『Ｘ』　ｱｲｳ｢名｣")
    assert n.text == "「ABC」123,『X』 アイウ「名」"
    assert fold_width("ＡＢ") == "AB"


def test_ruby_markup_edit_residue_and_pilcrow_are_dropped():
    n = normalize("<ruby>戦<rt>いくさ</rt></ruby>刀 Règles[] 前言¶")
    assert n.text == "戦刀 Règles 前言"
    assert n.source_span(n.text.index("刀"), n.text.index("刀") + 1)[0] == "<ruby>戦<rt>いくさ</rt></ruby>刀".index("刀")


def test_rst_card_markup_is_stripped_with_offsets_kept():
    raw = "我发动「`遭受妨碍的坏兽安眠`_」。参见\\ :ref:`优先权`\\ 。"
    n = normalize(raw, fmt="rst")
    assert n.text == "我发动「遭受妨碍的坏兽安眠」。参见优先权。"
    s = n.text.index("遭受")
    start, end = n.source_span(s, s + len("遭受妨碍的坏兽安眠"))
    assert raw[start:end] == "遭受妨碍的坏兽安眠"


def test_markdown_italics_and_links_are_stripped():
    n = normalize("Voici *Force de Miroir* ([voir](01_PSCT.md)) et <ins>ciblez</ins>", fmt="markdown")
    assert n.text == "Voici Force de Miroir (voir) et ciblez"


def test_seed_003_repairs_are_recorded_with_offsets_into_the_original():
    text = _seed("003")
    assert page_has_conversion_damage(text)
    n = normalize(text)
    by_rule = {}
    for r in n.repairs:
        by_rule.setdefault((r.original, r.repaired), []).append(r)
        # every repair points at the damaged text as it stands on the page
        assert text[r.offset:r.offset + len(r.original)] == r.original
    assert ("咒文度", "咒文速度") in by_rule
    assert ("攻魔法", "速攻魔法") in by_rule
    assert ("即时诱", "诱发即时") in by_rule
    assert ("进行动", "进行发动") in by_rule
    assert ("动了", "发动了") in by_rule
    assert "咒文速度1、包括永续魔法" in n.text
    assert "当做魔法卡进行发动" in n.text
    assert "在灵摆区域发动了的灵摆怪物" in n.text
    assert "永续陷阱、速攻魔法" not in n.text  # no invented punctuation, only the lost characters
    assert "永续陷阱速攻魔法和诱发即时的效果怪物" in n.text
    assert "咒文度" not in n.text


def test_evidence_only_repairs_stay_off_on_undamaged_text():
    # 动了 alone is no evidence: a healthy page keeps it
    n = normalize("怪兽动了一下。进行动作。")
    assert n.text == "怪兽动了一下。进行动作。"
    assert n.repairs == []


def test_to_simplified_keeps_length():
    for text in ["陷阱怪獸的相關規則", "滑鼠和軟體", "「旋風」"]:
        out = to_simplified_same_length(text)
        assert len(out) == len(text)
    assert to_simplified_same_length("陷阱怪獸的相關規則") == "陷阱怪兽的相关规则"
    assert to_simplified_same_length("「旋風」") == "「旋风」"

"""rulings.text on inline inputs: one contract per function (no catalog, no server)."""

from rulings.text import (CJK, HAN, HANGUL, KANA, PINYIN_AFTER_HAN, chinese_script, detect_language, fold_lookup,
                          fold_lookup_char, fold_name, fold_width, fold_width_char, is_pinyin, language_family,
                          script_counts, strip_pinyin, to_simplified, to_simplified_same_length)


def test_fold_name_meets_spellings_of_one_name_on_one_key():
    assert fold_name("旋風") == fold_name("旋风") == "旋风"
    assert fold_name("ＭＳＴ") == fold_name("mst") == "mst"
    assert fold_name("E・HERO") == fold_name("E·HERO") == fold_name("e hero") == "ehero"
    assert fold_name("Typhon d’Espace Mystique") == fold_name("typhon d'espace mystique")
    assert fold_name("「サイクロン」") == "サイクロン"


def test_fold_name_keeps_the_long_vowel_mark_and_accents():
    assert fold_name("ブラック・マジシャン・ガール") == "ブラックマジシャンガール"
    assert "ー" in fold_name("スーパー")
    assert fold_name("Phénix") != fold_name("Phenix")


def test_fold_lookup_folds_character_by_character():
    text = "「旋風」ＭＳＴ Phénix-Noir"
    assert fold_lookup(text) == "".join(fold_lookup_char(c) for c in text) == "「旋风」mstphenixnoir"
    assert fold_lookup_char("・") == fold_lookup_char(" ") == fold_lookup_char("－") == ""
    assert fold_lookup_char("ｶ") == "カ"


def test_fold_width_keeps_the_length_and_the_corner_brackets():
    text = "ＡＢ\u3000ｶｰﾄﾞ「旋風」『x』"
    folded = fold_width(text)
    assert len(folded) == len(text)
    assert folded.startswith("AB カ") and folded.endswith("「旋風」『x』")
    assert fold_width_char("ｶ") == "カ" and fold_width_char("Ａ") == "A" and fold_width_char("「") == "「"
    assert fold_width_char("ﾞ") == "\u3099"  # NFKC of the half-width voiced mark is one character


def test_to_simplified_same_length_keeps_offsets_where_phrases_would_not():
    assert to_simplified("陷阱怪獸的相關規則") == "陷阱怪兽的相关规则"
    for text in ("陷阱怪獸的相關規則\n「旋風」", "乾脆麪", "積體電路的著作權"):
        assert len(to_simplified_same_length(text)) == len(text)
    assert to_simplified_same_length("「旋風」") == "「旋风」"


def test_scripts_by_unicode_property():
    assert HAN.findall("旋風々𠀀かカ") == ["旋", "風", "々", "𠀀"]
    assert KANA.findall("スーパー・ｶ漢") == ["ス", "ー", "パ", "ー", "ｶ"]  # the middle dot is no kana
    assert HANGUL.findall("카드 card") == ["카", "드"]
    assert CJK.findall("a旋かカ카・") == ["旋", "か", "カ", "카"]
    assert script_counts("このカードは旋風") == {"han": 2, "kana": 6, "hangul": 0}


def test_pinyin_after_han_is_found_and_checked():
    found = [m.group(1) for m in PINYIN_AFTER_HAN.finditer("旋風(fēng)の(ab) 規(gui1) x(feng) 関(Seal)")]
    assert found == ["fēng", "gui1", "Seal"]  # not after a Latin letter, not after kana
    assert is_pinyin("fēng") and is_pinyin("lü") and is_pinyin("zhuang")
    assert not is_pinyin("gui1") and not is_pinyin("Seal") and not is_pinyin("abc")
    assert strip_pinyin("「宮廷的規(guī)矩」と(ab) 旋風(Seal)") == "「宮廷的規矩」と(ab) 旋風(Seal)"


def test_language_family():
    assert [language_family(x) for x in ("zh-Hans", "zh-Hant", "zh", "ja", "fr", "en", None, "")] == [
        "zh", "zh", "zh", "ja", "fr", "en", "", ""]


def test_detect_language_leaves_quoted_names_out_and_reads_the_first_part_only():
    # (the per-language cases are in tests/pipeline/test_dates_language.py)
    assert detect_language("「ブラック・マジシャン」を対象にした" + "效果的对象" * 3) == "ja"
    assert detect_language("这张卡「サイクロン」的效果") == "zh-Hans"
    assert detect_language("「サイクロン」") == "ja"  # only quoted names: judged by them
    assert detect_language("旋风" * 30_000 + "このカードはモンスターです" * 10) == "zh-Hans"
    assert detect_language("1234", default="ja") == "ja" and detect_language("") == "en"
    assert chinese_script("a旋風b") == "zh-Hant" and chinese_script("旋风") == "zh-Hans"

from pipeline.dates import find_dates, parse_date
from rulings.text import detect_language


def test_short_dates_glued_to_text_and_to_each_other():
    text = "还会发动。17/3/24准备阶段……可能错过时点。16/3/1716/3/17是官方"
    found = find_dates(text)
    assert [d.iso for d in found] == ["2017-03-24", "2016-03-17", "2016-03-17"]
    assert text[found[0].start:found[0].end] == "17/3/24"


def test_other_date_forms_and_non_dates():
    assert [d.iso for d in find_dates("2005/2/28 ２００４/３/１４ 2017年3月24日 2017-03-24")] == [
        "2005-02-28", "2004-03-14", "2017-03-24", "2017-03-24"]
    assert find_dates("第(3/3)页 1/2 17/13/40") == []
    assert parse_date("2017-03-24") == "2017-03-24"
    assert parse_date("") is None and parse_date("unknown") is None


def test_language_by_script_statistics():
    assert detect_language("可以以陷阱怪獸為對象發動「旋風」把陷阱怪獸破壞") == "zh-Hant"
    assert detect_language("可以以陷阱怪兽为对象发动「旋风」把陷阱怪兽破坏") == "zh-Hans"
    assert detect_language("「あまのじゃくの呪い」の効果適用中、発動できますか？") == "ja"
    # a Chinese ruling quoting a Japanese card name stays Chinese
    assert detect_language("如「內置式機槍/仕込みマシンガン」「宇宙收縮」等的計算卡的數量時") == "zh-Hant"
    assert detect_language("Les Plein-Pièges sont des Pièges Continus et sont toujours traités") == "fr"
    assert detect_language("This card is treated as a Trap card") == "en"
    assert detect_language("", default="ja") == "ja"


def test_segment_language_takes_the_page_language_as_prior():
    from pipeline.language import segment_language

    # kanji-only lines of a Japanese page stay Japanese
    for line in ("□金属探知機", "効果の対象選択", "□激流葬", "■攻守の増減", "通常罠／Ａ：召喚成功時／"):
        assert segment_language(line, "ja") == "ja", line
    # ... unless they are clearly Chinese (Simplified forms outside JIS, Chinese function words)
    assert segment_language("效果的对象选择", "ja") == "zh-Hans"
    assert segment_language("這張卡的效果們", "ja") == "zh-Hant"
    # the same kana-less line on a Chinese page is Chinese, and kana still make Japanese
    assert segment_language("「旋風」の効果を発動できる", "zh-Hans") == "ja"
    assert segment_language("金属探知機", "zh-Hant").startswith("zh")

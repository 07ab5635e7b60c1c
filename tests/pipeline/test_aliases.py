"""Alias mining from 「中文名/日本語名」 pairs, with the real catalog."""

from __future__ import annotations


from pipeline.aliases import mine_aliases
from pipeline.cardlink import CardLinker



def passcode_by_ja(catalog, ja_name):
    hits = [c.passcode for c in catalog.values() if c.names.get("ja") == ja_name]
    assert len(hits) == 1, f"{ja_name} should name exactly one card"
    return hits[0]


def test_pair_mines_chinese_alias_of_japanese_card(linker, catalog):
    text = "對方發動「內置式機槍/仕込みマシンガン」時，可以連鎖。"
    aliases = mine_aliases(text, "zh-Hant", linker)
    assert [(a.name, a.passcode, a.language) for a in aliases] == [
        ("內置式機槍", passcode_by_ja(catalog, "仕込みマシンガン"), "zh-Hant")]
    assert aliases[0].evidence == "「內置式機槍/仕込みマシンガン」"


def test_full_width_slash_and_reversed_order(linker, catalog):
    aliases = mine_aliases("「死者への手向け／对死者的供奉」", "zh-Hans", linker)
    assert [(a.name, a.passcode) for a in aliases] == [("对死者的供奉", passcode_by_ja(catalog, "死者への手向け"))]


def test_new_alias_then_links(catalog):
    linker = CardLinker.from_catalog(catalog)
    target = passcode_by_ja(catalog, "サイクロン")
    text = "「超级旋风测试名/サイクロン」"
    assert all(m.passcode is None for m in linker.link("「超级旋风测试名」", "zh-Hans"))
    aliases = mine_aliases(text, "zh-Hans", linker)
    assert [(a.name, a.passcode) for a in aliases] == [("超级旋风测试名", target)]
    linker.add_aliases(aliases)
    assert [m.passcode for m in linker.link("发动「超级旋风测试名」", "zh-Hans")] == [target]


def test_no_alias_without_a_known_side_or_against_another_card(linker):
    assert mine_aliases("「完全未知的名字/ぜんぜんしらないなまえ」", "zh-Hans", linker) == []
    # 旋风 already names another card than 仕込みマシンガン: no contradicting alias
    assert mine_aliases("「旋风/仕込みマシンガン」", "zh-Hans", linker) == []
    assert mine_aliases("「旋风」和「仕込みマシンガン」", "zh-Hans", linker) == []

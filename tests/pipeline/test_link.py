"""Card linking with the real catalog, real OpenCC/jieba/Sudachi/spaCy."""

from __future__ import annotations


import pytest

from pipeline.cardlink import CardLinker
from rulings.text import fold_lookup
from rulings.records import MinedAlias
from rulings.errors import InputError

MST = 5318639



def linked(mentions):
    return [(m.surface, m.passcode) for m in mentions if m.passcode is not None]


def test_seed_000_traditional_community_name_links_to_mst(linker, shared_dir):
    seed = next((shared_dir / "corpus" / "seeds").glob("000_*.txt")).read_text(encoding="utf-8")
    mentions = linker.link(seed, "zh-Hant")
    cyclone = [m for m in mentions if m.surface.startswith("旋風")]
    assert cyclone, "seed 000 quotes 「旋風」 several times"
    assert {m.passcode for m in cyclone} == {MST}
    for m in cyclone:  # offsets point into the original text, pinyin annotation included
        assert seed[m.start:m.end] == m.surface
        assert seed[m.start - 1] == "「"
    assert cyclone[0].matched_kind == "community"


@pytest.mark.parametrize("text,language", [
    ("发动「气旋」。", "zh-Hans"),
    ("发动「旋风」。", "zh-Hans"),
    ("發動「旋風」。", "zh-Hant"),
    ("「サイクロン」を発動できる。", "ja"),
    ("Le joueur active Typhon d'Espace Mystique sur la carte.", "fr"),
    ("Then Mystical Space Typhoon resolves.", "en"),
    ("Active «Typhon d’Espace Mystique».", "fr"),
    ("「ｻｲｸﾛﾝ」", "ja"),  # half-width katakana folds to the official name
])
def test_every_name_of_mst_links(linker, text, language):
    mentions = linker.link(text, language)
    assert [m.passcode for m in mentions if m.passcode] == [MST]
    m = next(m for m in mentions if m.passcode)
    assert text[m.start:m.end] == m.surface
    assert 0 < m.confidence <= 1


def test_official_and_community_chinese_names_are_both_known(linker, catalog):
    assert catalog[MST].names["zh-CN"] == "气旋" and catalog[MST].community_zh == "旋风"
    community = linker.link("「旋风」", "zh-Hans")[0]
    official = linker.link("「气旋」", "zh-Hans")[0]
    assert (community.matched_kind, official.matched_kind) == ("community", "official")


def test_short_common_word_is_only_a_card_inside_quotes(linker):
    assert linked(linker.link("一阵旋风吹过。", "zh-Hans")) == []
    assert linked(linker.link("一阵「旋风」吹过。", "zh-Hans")) == [("旋风", MST)]


def test_longest_match_wins(linker, catalog):
    # 「黑洞」 is a card; an unquoted longer name that contains another name is one mention.
    name = catalog[27053506].names["zh-CN"]  # 内置式机枪
    mentions = linker.link(f"这里{name}的效果", "zh-Hans")
    assert linked(mentions) == [(name, 27053506)]


def test_series_mentions_are_not_cards(linker):
    for text, language, surface in [("「剑斗兽」怪兽", "zh-Hans", "剑斗兽"), ("「剣闘獣」モンスター", "ja", "剣闘獣"),
                                    ("自己场上的「HERO」怪兽", "zh-Hans", "HERO")]:
        mentions = linker.link(text, language)
        assert [(m.surface, m.kind, m.passcode) for m in mentions] == [(surface, "series", None)]


def test_unknown_quoted_name_stays_unlinked(linker):
    mentions = linker.link("发动「根本不存在的卡片名字」的效果", "zh-Hans")
    assert [(m.surface, m.passcode, m.kind) for m in mentions] == [("根本不存在的卡片名字", None, "card")]


def test_quoted_sentence_is_no_mention(linker):
    mentions = linker.link("『この効果は相手ターンでも発動できる。』", "ja")
    assert all(m.passcode is None for m in mentions) and not any(m.surface.endswith("。") for m in mentions)


def test_block_language_decides_between_cards_sharing_a_name(linker, catalog):
    # 'Raimei' (en/fr) and 'ＲＡＩ－ＭＥＩ' (ja) are two cards whose names fold to one key.
    raimei = [c.passcode for c in catalog.values() if c.names.get("en") == "Raimei"]
    rai_mei = [c.passcode for c in catalog.values() if c.names.get("ja") == "ＲＡＩ－ＭＥＩ"]
    assert len(raimei) == len(rai_mei) == 1 and raimei != rai_mei
    assert fold_lookup("Raimei") == fold_lookup("ＲＡＩ－ＭＥＩ")
    assert linker.link("「ＲＡＩ－ＭＥＩ」", "ja")[0].passcode == rai_mei[0]
    assert linker.link('Activate "Raimei".', "en")[0].passcode == raimei[0]


def test_chinese_pages_prefer_community_names(linker, catalog):
    # 天罚 is the community name of one card and the official zh-CN name of another.
    community = [c.passcode for c in catalog.values() if c.community_zh == "天罚"]
    official = [c.passcode for c in catalog.values() if c.names.get("zh-CN") == "天罚"]
    assert community and official and community != official
    assert linker.link("「天罚」", "zh-Hans")[0].passcode == community[0]


def test_mined_alias_is_used_after_add_aliases(linker):
    # A private copy: the session linker is shared, and the made-up alias must not leak into it.
    linker = CardLinker({k: list(v) for k, v in linker.names.items()}, set(linker.series),
                        prose_words=linker.prose_words)
    alias = MinedAlias(name="秘密机关枪改", language="zh-Hans", passcode=27053506, evidence="test")
    assert linked(linker.link("「秘密机关枪改」", "zh-Hans")) == []
    assert linker.add_aliases([alias]) == 1
    assert linker.add_aliases([alias]) == 0
    m = linker.link("發動「秘密機關槍改」", "zh-Hant")[0]
    assert (m.passcode, m.matched_kind) == (27053506, "mined")


def test_french_short_reference_after_full_name(linker, catalog):
    tireur = next(c.passcode for c in catalog.values() if c.names.get("fr") == "Tireur de l'Atlantide")
    text = "Tireur de l'Atlantide cible une carte. Donc Tireur vérifie sa cible."
    assert linked(linker.link(text, "fr")) == [("Tireur de l'Atlantide", tireur), ("Tireur", tireur)]
    assert linked(linker.link("Donc Tireur vérifie sa cible.", "fr")) == []


def test_link_many_batches_and_sets_spacy_spans(linker):
    items = [("「サイクロン」", "ja"), ("「旋風」", "zh-Hant"), ("Typhon d'Espace Mystique", "fr")]
    results = linker.link_many(items)
    assert [[m.passcode for m in r] for r in results] == [[MST], [MST], [MST]]
    docs = linker.link_docs(items)
    assert [[s.text for s in d.spans["cards"]] for d in docs] == [["サイクロン"], ["旋風"], ["Typhon d'Espace Mystique"]]


def test_unknown_language_is_an_input_error(linker):
    with pytest.raises(InputError, match="xx"):
        linker.link("「旋风」", "xx")


def test_folding_meets_variants():
    assert fold_lookup("E・HERO") == fold_lookup("E·HERO") == fold_lookup("Ｅ－ＨＥＲＯ") == "ehero"
    assert fold_lookup("旋風") == fold_lookup("旋风")
    assert fold_lookup("Typhon d’Espace") == fold_lookup("typhon d'espace")


def test_index_pickle_cache_round_trip(catalog, tmp_path):
    built = CardLinker.from_catalog(catalog, cache_dir=tmp_path, cache_key="k1")
    assert list(tmp_path.glob("link_index_*k1.pickle"))
    loaded = CardLinker.from_catalog({}, cache_dir=tmp_path, cache_key="k1")
    assert loaded.names.keys() == built.names.keys()
    assert loaded.kinds[MST].card_type == "Spell" and loaded.kinds == built.kinds
    assert loaded.link("「旋風」", "zh-Hant")[0].passcode == MST


def test_card_names_in_jieba_keep_chinese_names_whole(linker):
    from pipeline.nlp_models import add_card_words, get_nlp

    nlp = get_nlp("zh-Hans")
    name = "影灵衣术士 施里特".replace(" ", "")  # jieba splits it into several words by default
    before = [t.text for t in nlp(f"发动{name}的效果")]
    assert name not in before
    assert add_card_words(n for n in linker.chinese_names() if "影灵衣" in n) > 0
    assert name in [t.text for t in nlp(f"发动{name}的效果")]


def test_french_series_in_card_text_is_a_series(linker):
    for text in ['Invoquez 1 monstre "Abysses Ardents" depuis votre Deck.', "ajoutez 1 carte « Enfernité »."]:
        mentions = linker.link(text, "fr")
        assert [m.kind for m in mentions] == ["series"] and mentions[0].passcode is None


def test_chinese_name_with_japanese_series_prefix(linker, catalog):
    stratos = next(c for c in catalog.values() if c.names.get("en") == "Elemental HERO Stratos")
    assert stratos.community_zh == "元素英雄 天空侠" and stratos.names["ja"].startswith("Ｅ・ＨＥＲＯ")
    assert [m.passcode for m in linker.link("自己「E·HERO 天空侠」召唤成功时", "zh-Hans")] == [stratos.passcode]
    assert [m.passcode for m in linker.link("「元素英雄 天空侠」", "zh-Hans")] == [stratos.passcode]


PENDULUM_SCALE_CARD = 17885118  # the card named 灵摆刻度 / ペンデュラム・スケール / Échelle Pendule


def test_rules_terms_win_over_the_card_of_the_same_name(linker, shared_dir):
    seed = next((shared_dir / "corpus" / "seeds").glob("003_*.txt")).read_text(encoding="utf-8")
    assert seed.count("灵摆刻度") >= 5  # the seed explains the Pendulum Scale rule
    assert all(m.passcode != PENDULUM_SCALE_CARD for m in linker.link(seed, "zh-Hans"))
    for text, language in [("将「灵摆刻度」为1的怪兽放置在灵摆区域", "zh-Hans"), ("ペンデュラムスケールが変化する", "ja"),
                           ("Son Échelle Pendule devient 4.", "fr")]:
        assert [m.passcode for m in linker.link(text, language) if m.passcode] == [], text


def test_rules_term_is_the_card_when_the_context_names_a_card(linker):
    for text, language in [("发动「灵摆刻度」", "zh-Hans"), ("「灵摆刻度」的效果适用中", "zh-Hans"),
                           ("「ペンデュラム・スケール」を発動する", "ja"), ('la carte "Échelle Pendule"', "fr")]:
        assert [m.passcode for m in linker.link(text, language) if m.passcode] == [PENDULUM_SCALE_CARD], text


def test_french_archetype_lists_are_series(linker):
    # seed 001: « Les archétypes "Chevaliers Fantômes" et "Paléozoïque" se focalisent sur les Monstres Piège »
    text = 'Les archétypes "Chevaliers Fantômes" et "Paléozoïque" se focalisent sur les Monstres Piège. Activez "Trou Noir".'
    found = [(m.surface, m.kind, m.passcode) for m in linker.link(text, "fr")]
    assert found == [("Chevaliers Fantômes", "series", None), ("Paléozoïque", "series", None),
                     ("Trou Noir", "card", 53129443)]

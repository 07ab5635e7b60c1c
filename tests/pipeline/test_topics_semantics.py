import gzip
import json

import yaml

from pipeline.normalize import DATA_DIR
from pipeline.semantics import actions, mention_roles, polarity, ruling_kind
from pipeline.topics import assign_topics, card_kind_topics, load_topics, topics_for_qa_tags
from rulings import config

REQUIRED = {"trap_monsters", "pendulum", "spell_speed", "chain", "trigger_effects", "missing_timing",
            "damage_step", "cost_vs_effect", "targeting", "negation", "summoning_conditions", "zones"}


def test_taxonomy_has_required_topics_with_labels_in_four_languages():
    topics = load_topics()
    assert REQUIRED <= set(topics)
    for topic in topics.values():
        assert {"zh", "ja", "fr", "en"} <= set(topic.labels), topic.key


def test_every_konami_qa_tag_in_the_dev_set_maps_to_a_topic_or_is_dropped_with_its_reason():
    path = config.shared_dir() / "corpus" / "konami-faq" / "qa-dev.jsonl.gz"
    tags = set()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            tags.update(json.loads(line).get("tags") or [])
    unmapped = {t for t in tags if not topics_for_qa_tags([t])}
    # a tag is left unmapped only when topics.yaml drops it from a topic, with the reason written there
    data = yaml.safe_load((DATA_DIR / "topics.yaml").read_text(encoding="utf-8"))["topics"]
    dropped = {t for entry in data.values() for t in entry.get("dropped_qa_tags") or ()}
    assert unmapped == dropped == {"ダメージステップ", "巻き戻し", "基本ルール"}
    assert not dropped & {t for entry in data.values() for t in entry.get("qa_tags") or ()}
    assert topics_for_qa_tags(["チェーン"]) == ["chain"]
    # 罠 names the kind of card a Q&A is about (a Trap Card), not Trap Monsters; エクシーズ is Xyz.
    assert topics_for_qa_tags(["罠"]) == ["trap_cards"]
    assert topics_for_qa_tags(["エクシーズ", "モンスター"]) == ["monster_cards", "xyz"]
    assert topics_for_qa_tags(["ペンデュラム", "ダメージステップ"]) == ["pendulum"]
    assert topics_for_qa_tags([]) == []
    # 特殊召喚モンスター is a kind of monster card, like デュアル: its Q&As are about monster cards
    assert topics_for_qa_tags(["特殊召喚モンスター"]) == topics_for_qa_tags(["デュアル"]) == ["monster_cards"]


def test_topics_from_cues_and_headings_per_language(cue_lists):
    assert "trap_monsters" in assign_topics("这类全部是永续陷阱卡", ["陷阱怪兽的相关规则"], "zh-Hant")
    assert "targeting" in assign_topics("可以以陷阱怪兽为对象发动「旋风」", [], "zh-Hans")
    assert "damage_step" in assign_topics("ダメージステップに発動できますか", [], "ja")
    assert "targeting" in assign_topics("Cet effet cible explicitement.", [], "fr")
    assert assign_topics("今天天气很好", [], "zh-Hans") == []


def test_japanese_cues_name_the_rule_not_just_a_word_in_it(cue_lists):
    # ゾーン and 対象 occur in most Q&As; only phrases about zones / targeting count.
    assert "zones" not in assign_topics("自分のモンスターゾーンに表側表示で存在する「サイクロン」", [], "ja")
    assert "zones" in assign_topics("エクストラモンスターゾーンに特殊召喚できますか？", [], "ja")
    assert "targeting" in assign_topics("相手モンスター１体を対象として発動できます。", [], "ja")
    assert "targeting" not in assign_topics("この効果の対象外となります。", [], "ja")
    assert "chain" in assign_topics("その発動にチェーンして「サイクロン」を発動できますか？", [], "ja")
    assert "chain" in assign_topics("チェーン２で発動した場合", [], "ja")  # full-width digit folded
    assert "cost_vs_effect" in assign_topics("コストとして墓地へ送る事はできますか？", [], "ja")
    assert "negation" in assign_topics("その発動を無効にする事はできません。", [], "ja")
    assert "summoning_conditions" in assign_topics("このカードは通常召喚できない。", [], "ja")


def test_card_kind_topics_from_the_cards_a_ruling_is_about(shared_dir, cue_lists):
    from rulings.cards import load_catalog

    catalog = load_catalog(shared_dir / "data" / "cards.jsonl.gz")
    by_ja = {c.names.get("ja"): c for c in catalog.values()}
    mst, trap, xyz = by_ja["サイクロン"], by_ja["聖なるバリア －ミラーフォース－"], by_ja["Ｎｏ．３９ 希望皇ホープ"]
    assert card_kind_topics([mst]) == ["spell_cards"]
    assert card_kind_topics([trap]) == ["trap_cards"]
    assert card_kind_topics([xyz]) == ["xyz"]  # the specific kind, not also monster_cards
    effect = next(c for c in catalog.values() if c.monster_type_line == "Dragon / Effect")
    assert card_kind_topics([effect, mst, effect]) == ["monster_cards", "spell_cards"]
    found = assign_topics("その発動にチェーンして発動できますか？", ["「サイクロン」について"], "ja", [mst])
    assert found == ["chain", "spell_cards"]


def test_polarity_per_language():
    assert polarity("可以以陷阱怪兽为对象发动「旋风」", "zh-Hans") == "can"
    assert polarity("不能以作为怪兽使用中的「幻影骑士团 影佑」为对象发动「旋风」", "zh-Hans") == "cannot"
    assert polarity("陷阱怪兽不会被效果破坏", "zh-Hans") == "is_not"
    assert polarity("効果を発動する事はできません。", "ja") == "cannot"
    assert polarity("効果を発動する事ができます。", "ja") == "can"
    assert polarity("Ce monstre ne peut pas être ciblé.", "fr") == "cannot"
    assert polarity("Vous pouvez activer cette carte.", "fr") == "can"


def test_actions_specific_before_generic():
    found = actions("可以以陷阱怪兽为对象发动「旋风」把陷阱怪兽破坏", "zh-Hans")
    assert found[:2] == ["target", "destroy"]
    assert found[-1] == "activate"
    assert actions("「神之宣告」把召唤无效", "zh-Hans")[0] == "negate"
    assert actions("除外されたモンスター", "ja")[0] == "banish"


def test_rule_versus_ruling_and_mention_roles():
    assert ruling_kind("咒文速度1的效果不能连锁咒文速度2的效果", has_mentions=False) == "rule"
    assert ruling_kind("可以连锁「月之书」", has_mentions=False) == "ruling"
    text = "「宫廷的规矩」效果适用中,以「旋风」为对象发动「月之书」"
    spans = [(text.index(n), text.index(n) + len(n)) for n in ("宫廷的规矩", "旋风", "月之书")]
    assert mention_roles(text, spans, "zh-Hans") == ["condition", "affected", "acting"]


def _seed(shared_dir, prefix):
    return next((shared_dir / "corpus" / "seeds").glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


def test_modal_cue_wins_over_the_copula_in_real_seed_sentences(shared_dir):
    from rulings.text import to_simplified_same_length

    cases = [
        ("003", "zh-Hans", "但是，灵摆怪物可以在决斗进行中从场上加入额外卡组。", "can"),
        ("003", "zh-Hans", "举例：自己灵摆区域的2只灵摆怪物的灵摆刻度是1和8，则可以把星级2到7的怪物特殊召唤。", "can"),
        ("004", "zh-Hans", "- 里侧表示的状态从场上离开,由于在场上时是非公开情报,不能判断这张卡是从场上离开的。", "cannot"),
        ("004", "zh-Hans", "- 所谓的同时处理,意思是在同一个时点处理,所以不会导致错过时点。", "is_not"),
        ("002", "ja", "◇この通常罠の発動に対して、発動条件を満たしているフィールド上のカードをチェーンして発動する事は可能です。", "can"),
        ("001", "fr", "Un Monstre Piège est une Carte Piège qui peut s'Invoquer Spécialement comme une Carte Monstre "
                      "par son propre effet.", "can"),
    ]
    for prefix, language, sentence, expected in cases:
        assert sentence in _seed(shared_dir, prefix), sentence  # real sentences, verbatim
        text = to_simplified_same_length(sentence) if language.startswith("zh") else sentence
        assert polarity(text, language) == expected, sentence
    # with no modal cue the copula still decides
    assert polarity("陷阱怪兽是怪兽卡。", "zh-Hans") == "is"
    assert polarity("Ce n'est pas une carte Magie.", "fr") == "is_not"


def test_french_main_monster_zone_is_not_a_return_to_hand():
    zone = "Quand l'effet qui Invoque la carte résout, la carte est Invoqué dans une Zone Monstre Main."
    assert "return_to_hand" not in actions(zone, "fr")
    assert "return_to_hand" in actions("Renvoyez 1 monstre face recto dans la main de son propriétaire.", "fr")

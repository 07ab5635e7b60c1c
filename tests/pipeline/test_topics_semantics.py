import gzip
import json

from pipeline.semantics import actions, mention_roles, polarity, ruling_kind
from pipeline.topics import assign_topics, load_topics, topics_for_qa_tags
from rulings import config

REQUIRED = {"trap_monsters", "pendulum", "spell_speed", "chain", "trigger_effects", "missing_timing",
            "damage_step", "cost_vs_effect", "targeting", "negation", "summoning_conditions", "zones"}


def test_taxonomy_has_required_topics_with_labels_in_four_languages():
    topics = load_topics()
    assert REQUIRED <= set(topics)
    for topic in topics.values():
        assert {"zh", "ja", "fr", "en"} <= set(topic.labels), topic.key


def test_every_konami_qa_tag_in_the_dev_set_maps_to_a_topic():
    path = config.shared_dir() / "corpus" / "konami-faq" / "qa-dev.jsonl.gz"
    tags = set()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            tags.update(json.loads(line).get("tags") or [])
    unmapped = {t for t in tags if not topics_for_qa_tags([t])}
    assert not unmapped
    assert topics_for_qa_tags(["チェーン"]) == ["chain"]
    assert topics_for_qa_tags(["ペンデュラム", "ダメージステップ"]) == ["pendulum", "damage_step"]
    assert topics_for_qa_tags([]) == []


def test_topics_from_cues_and_headings_per_language():
    assert "trap_monsters" in assign_topics("这类全部是永续陷阱卡", ["陷阱怪兽的相关规则"], "zh-Hant")
    assert "targeting" in assign_topics("可以以陷阱怪兽为对象发动「旋风」", [], "zh-Hans")
    assert "damage_step" in assign_topics("ダメージステップに発動できますか", [], "ja")
    assert "targeting" in assign_topics("Cet effet cible explicitement.", [], "fr")
    assert assign_topics("今天天气很好", [], "zh-Hans") == []


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

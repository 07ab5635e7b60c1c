"""Stand-ins the questioned card's script accepts (issue 9: compiled-but-inconclusive scenarios whose baseline
stand-in does not pass the effect's filter): the card traits a script's filter functions check, the cards
of the cards.cdb in use that pass them, and for a card the ruling only describes a pair that differs by the
described traits alone. On the project's script pack with a cards.cdb of real cards' data (CI), and on the
real EDOPro scripts when RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import os

import pytest

from engine_bridge.carddata import card_data_from_jsonl
from engine_bridge.compiler import CardSource
from engine_bridge.compiler.boards import (_fits, _has_traits, described_filter_pairs, filter_stand_ins, filtered_cards, profile_filler,
                                          script_filters)
from engine_bridge.constants import load_constants
from engine_bridge.request import pack_script_dirs, user_script_dirs
from tests.engine.conftest import write_cdb
from tests.engine.test_compiler import _real_compiled, _real_verdict

REAL = os.environ.get("RULINGS_EDOPRO_SCRIPTS")
REAL_CARDS = os.environ.get("RULINGS_EDOPRO_CARDS") or None
COIN_DRAGON, MST = 9000988, 5318639  # the pack's 「ＥＭ小判竜」 (its Pendulum Effect targets a Dragon) and 「サイクロン」
CELTIC, BLUE_EYES, KOUMORI, DARK_MAGICIAN = 91152256, 89631139, 67724379, 46986414  # Normal Monsters


@pytest.fixture
def pack_with_cdb(tmp_path, card_database):
    """The pack's scripts beside a cards.cdb holding the real card data of four Normal Monsters (two of them
    Dragons) and a Spell, as the shared card database gives them."""
    data = card_data_from_jsonl([CELTIC, BLUE_EYES, KOUMORI, DARK_MAGICIAN, MST])
    cdb = write_cdb(tmp_path / "cards.cdb", [
        (d["code"], 3, 0, 0, d["type"], d["attack"], d["defense"], d["level"], int(d["race"]), d["attribute"], 0)
        for d in data.values()], [(d["code"], d["name"], "") for d in data.values()])
    return CardSource(pack_script_dirs(), cdb)


def test_the_traits_a_scripts_filters_check(pack_with_cdb):
    k = load_constants()
    # 「ＥＭ小判竜」's filter (its parameter named tc) checks a Type, and the script looks for it in the Monster Zones
    # alone (a monster, not a Spell/Trap); 「サイクロン」's a card type (TYPE_SPELL+TYPE_TRAP)
    assert script_filters(pack_with_cdb.script(COIN_DRAGON), pack_with_cdb) == [
        [(False, "IsRace", [k["RACE_DRAGON"]]), (False, "IsType", [k["TYPE_MONSTER"]])]]
    assert script_filters(pack_with_cdb.script(MST), pack_with_cdb) == [[(False, "IsType", [k["TYPE_SPELL"] | k["TYPE_TRAP"]])]]
    negated = "function s.filter(c)\n\treturn c:IsFaceup() and not c:IsType(TYPE_TOKEN) and c:IsLevelBelow(4)\nend"
    assert script_filters(negated, pack_with_cdb) == [[(True, "IsType", [k["TYPE_TOKEN"]]), (False, "IsLevelBelow", [4])]]
    # utility.lua's shorthands are type checks: c:IsSpell() is c:IsType(TYPE_SPELL)
    shorthand = "function s.cfilter(c)\n\treturn c:IsSpell() and c:IsAbleToRemoveAsCost()\nend"
    assert script_filters(shorthand, pack_with_cdb) == [[(False, "IsType", [k["TYPE_SPELL"]])]]
    # an ATK compared with a constant (「サイバー・ドラゴン・ネクステア」: c:GetAttack()==2100 or c:GetDefense()==2100): a
    # card of that ATK passes
    stat = "function s.spfilter(c,e,tp)\n\treturn c:IsRace(RACE_MACHINE) and (c:GetAttack()==2100 or c:GetDefense()==2100)\nend"
    assert script_filters(stat, pack_with_cdb) == [[(False, "IsRace", [k["RACE_MACHINE"]]), (False, "IsAttack", [2100])]]
    # a filter that only excludes, or compares with a variable, gives no trait to look for
    assert script_filters("function s.filter(c,lv)\n\treturn not c:IsCode(id) and c:IsLevel(lv)\nend", pack_with_cdb) == []


def test_filters_passed_inline_are_traits_too(pack_with_cdb, tmp_path):
    k = load_constants()
    # aux.FilterBoolFunction(Card.IsRace,…) and a cost's Card.IsSetCard whose archetype comes later on the line
    bool_function = "\tlocal g=Duel.GetMatchingGroup(aux.FilterBoolFunction(Card.IsRace,RACE_DRAGON),tp,LOCATION_MZONE,0,nil)"
    assert script_filters(bool_function, pack_with_cdb) == [[(False, "IsRace", [k["RACE_DRAGON"]])]]
    release = "\tif chk==0 then return Duel.CheckReleaseGroupCost(tp,Card.IsSetCard,1,false,nil,nil,SET_SUPREME_KING_DRAGON) end"
    assert script_filters(release, pack_with_cdb) == []  # the pack defines no archetype constants
    (tmp_path / "official").mkdir()
    (tmp_path / "archetype_setcode_constants.lua").write_text("SET_SUPREME_KING_DRAGON = 0x20f8\n", encoding="utf-8")
    real_layout = CardSource([tmp_path / "official"], pack_with_cdb.cdb)
    assert script_filters(release, real_layout) == [[(False, "IsSetCard", [0x20F8])]]
    # a Continuous Trap's targeting activation (「幻影霧剣」: aux.AddPersistentProcedure with a face-up filter)
    persistent = "\taux.AddPersistentProcedure(c,nil,aux.FaceupFilter(Card.IsType,TYPE_EFFECT),CATEGORY_DISABLE,nil,nil)"
    assert script_filters(persistent, pack_with_cdb) == [[(False, "IsType", [k["TYPE_EFFECT"]])]]
    assert script_filters("\tlocal g=Duel.GetMatchingGroup(aux.FaceupFilter(Card.IsType,TYPE_EFFECT),tp,0,LOCATION_MZONE,nil)",
                          pack_with_cdb) == []  # (elsewhere a face-up filter is not read: not a filter trait yet)


def test_set_codes_match_as_the_core_matches_them():
    monster = load_constants()["TYPE_MONSTER"]
    sub = {"code": 1, "type": monster, "setcodes": [0x10AF]}  # a sub-archetype of 0xaf
    assert _fits(sub, (False, "IsSetCard", [0xAF]))
    assert not _fits({**sub, "setcodes": [0xAF]}, (False, "IsSetCard", [0x10AF]))
    assert not _fits(sub, (True, "IsSetCard", [0xAF]))
    assert _fits({"code": 2, "type": monster, "level": 4}, (False, "IsLevelBelow", [4]))
    assert not _fits({"code": 2, "type": monster | load_constants()["TYPE_XYZ"], "level": 4}, (False, "IsLevelBelow", [4]))
    # the shared card database writes an ATK/DEF of ? as "?": no stat to compare (was a ValueError in the compiler)
    assert not _fits({"code": 3, "type": monster, "attack": "?"}, (False, "IsAttackBelow", [1000]))
    assert _fits({"code": 3, "type": monster, "attack": 2100}, (False, "IsAttack", [2100]))
    assert not _fits({"code": 3, "type": monster, "attack": 2000}, (False, "IsAttack", [2100]))
    assert _fits({"code": 3, "type": monster, "attack": "?"}, (True, "IsAttackAbove", [1000]))
    # the same in a ruling's described traits (a described card picked from the shared database, 「合神竜ティマイオス」)
    assert not _has_traits({"type": monster, "attack": "?"}, ["atk<=999"])
    assert not _has_traits({"type": monster, "defense": "?"}, ["def>=0"])
    assert _has_traits({"type": monster, "attack": "900"}, ["atk<=999"])


def test_stand_ins_that_pass_the_filter_and_look_like_the_card(pack_with_cdb):
    script = pack_with_cdb.script(COIN_DRAGON)
    # the vanilla Celtic Guardian (a Warrior) and Dark Magician do not pass a Dragon filter: the Dragons do
    assert filter_stand_ins(script, pack_with_cdb, exclude={BLUE_EYES}) == [KOUMORI]
    # the most like the card it stands in for first: Blue-Eyes (Level 8, LIGHT) for a Level 8 LIGHT Dragon
    assert filter_stand_ins(script, pack_with_cdb, like=card_data_from_jsonl([BLUE_EYES])[BLUE_EYES]) == [BLUE_EYES]
    assert filter_stand_ins(script, pack_with_cdb, kind_ok=lambda kind: kind == "spell") == []
    # a described 「レベル８のモンスター」 the Dragon filter also passes, beside a Dragon that is not Level 8
    assert described_filter_pairs(script, ["monster", "level=8"], pack_with_cdb) == [(BLUE_EYES, KOUMORI)]
    # no Level 7 Dragon in the cdb: one of the shared card database's cards the cdb lacks (an older cdb misses newer
    # cards), whose card data the engine gets from there too
    [(mine, other)] = described_filter_pairs(script, ["monster", "level=7"], pack_with_cdb)
    data = card_data_from_jsonl([mine])[mine]
    assert other == KOUMORI and data["level"] == 7 and int(data["race"]) & load_constants()["RACE_DRAGON"]
    assert mine not in {CELTIC, BLUE_EYES, KOUMORI, DARK_MAGICIAN, MST}


def test_the_filtered_board_holds_what_the_scripts_filters_look_for(pack_with_cdb):
    # 「ＥＭ小判竜」 looks for Dragons: one (the Normal Monster of the lowest code) in each pile and on each field
    placed = filtered_cards([pack_with_cdb.script(COIN_DRAGON)], COIN_DRAGON, pack_with_cdb)
    assert {(c.player, c.location) for c in placed} == {(0, "hand"), (0, "deck"), (0, "grave"), (0, "mzone"),
                                                        (1, "grave"), (1, "mzone")}
    assert {c.code for c in placed} == {KOUMORI}
    board = profile_filler("filtered", COIN_DRAGON, "deck", [], pack_with_cdb, scripts=[pack_with_cdb.script(COIN_DRAGON)])
    assert {"f0-m1", "f0-m2", "f1-m1", "f1-m2", "f0-s1", "f1-s1"} <= {c.ref for c in board}  # the filler stays
    for player in (0, 1):
        assert len([c for c in board if c.player == player and c.location == "mzone"]) <= 4  # room for the ruling's cards
    assert filtered_cards([pack_with_cdb.script(COIN_DRAGON)], KOUMORI, pack_with_cdb, limit=0) == []


def test_cards_the_engine_cannot_run_are_not_placed(pack_with_cdb):
    from engine_bridge.compiler.boards import _named_cards, runnable

    # Normal Monsters need no script; the pack's 「サイクロン」 and 「ブラック・ホール」 have one; 「光の護封剣」 (a Spell the
    # pack has no script of) cannot be run, nor a card without card data
    pack_with_cdb.ensure([CELTIC, MST, 53129443, 72302403])
    assert runnable(CELTIC, pack_with_cdb) and runnable(MST, pack_with_cdb) and runnable(53129443, pack_with_cdb)
    assert not runnable(72302403, pack_with_cdb) and not runnable(1, pack_with_cdb)
    assert {c.code for c in _named_cards([72302403, CELTIC], 0, "n", pack_with_cdb)} == {CELTIC}


def test_without_a_cdb_no_stand_in_is_made_up(card_database):
    pack = CardSource(pack_script_dirs())
    assert filter_stand_ins(pack.script(COIN_DRAGON), pack) == []
    assert filtered_cards([pack.script(COIN_DRAGON)], COIN_DRAGON, pack) == []


real = pytest.mark.skipif(not REAL, reason="needs the real EDOPro scripts (RULINGS_EDOPRO_SCRIPTS)")


@pytest.mark.engine
@real
def test_real_scripts_a_described_target_of_an_archetype_filter(engine_driver):
    # 「ＤＤケルベロス」's Pendulum Effect targets a 「ＤＤ」 monster you control other than Level 4 (official Q&A:
    # a Level 4 monster cannot be its target): a Level 4 「ＤＤ」 monster on the asker's field beside a 「ＤＤ」
    # monster of another Level, the only difference between the ruling's duel and its baseline
    compiled = _real_compiled("t-dd", "「DDケルベロス」のペンデュラム効果はレベル4のモンスターを対象として発動できますか？",
                              "「DDケルベロス」の『①：１ターンに１度、自分フィールドの「DD」モンスター１体を対象として発動できる。"
                              "そのモンスターのレベルを４にし、攻撃力・守備力を４００アップする』ペンデュラム効果は、レベル4のモンスターを"
                              "対象として発動する事はできません。", {"DDケルベロス": 39153655})
    verdict = _real_verdict(compiled, "t-dd", engine_driver)
    source = CardSource(user_script_dirs(REAL), REAL_CARDS)
    if REAL_CARDS is None:
        assert verdict.verdict == "inconclusive"  # no cards.cdb: no set code to pick a 「ＤＤ」 monster by
        return
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == passed.id)
    target = next(c for c in passed.setup.cards if c.ref == "c2")
    stand_in = next(c for c in baseline.setup.cards if c.ref == "t0")
    data = source.ensure([target.code, stand_in.code]).data
    assert data[target.code]["level"] == 4 and data[stand_in.code]["level"] != 4
    assert _fits(data[target.code], (False, "IsSetCard", [0xAF])) and _fits(data[stand_in.code], (False, "IsSetCard", [0xAF]))
    assert (target.player, target.location) == (stand_in.player, stand_in.location) == (0, "mzone")


@pytest.mark.engine
@real
def test_real_scripts_the_filtered_board_gives_the_baseline_what_the_effect_uses(engine_driver):
    # 「リターン・オブ・アンデット」 banishes a Zombie on the field and revives one from its controller's Graveyard
    # (official Q&A: not activated when no Graveyard holds a Zombie): the "filtered" board puts Zombies in the
    # piles and on the fields; the ruling's duel differs from its baseline only by the Graveyards' Zombies
    compiled = _real_compiled("t-undead",
                              "お互いの墓地にアンデット族モンスターが存在しない場合、「リターン・オブ・アンデット」を発動できますか？",
                              "したがって、お互いの墓地にアンデット族モンスターが存在しない場合、「リターン・オブ・アンデット」のカードを"
                              "発動する事はできません。", {"リターン・オブ・アンデット": 91742238})
    verdict = _real_verdict(compiled, "t-undead", engine_driver)
    source = CardSource(user_script_dirs(REAL), REAL_CARDS)
    if REAL_CARDS is None:
        return  # no cards.cdb: no filtered board (nothing made up)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == passed.id)
    assert "filtered" in passed.title
    zombie = load_constants()["RACE_ZOMBIE"]
    data = source.ensure(c.code for c in baseline.setup.cards).data
    graves = [c for c in baseline.setup.cards if c.location == "grave" and int(data[c.code].get("race") or 0) & zombie]
    assert graves and not [c for c in passed.setup.cards if c.location == "grave" and int(data[c.code].get("race") or 0) & zombie]
    assert {c.ref for c in baseline.setup.cards} - {c.ref for c in passed.setup.cards} == {c.ref for c in graves}


@pytest.mark.engine
@real
def test_real_scripts_a_choice_beside_what_the_choosers_filters_need(engine_driver):
    # 「ジェネレーション・フォース」 needs an Xyz Monster on its controller's field and searches an 「エクシーズ」
    # card (official Q&A: 「Ｘ－レイ・ピアース」 is one): the "filtered" variant gives it both
    compiled = _real_compiled("t-genforce",
                              "「ジェネレーション・フォース」の効果で、デッキから「X－レイ・ピアース」を手札に加えられますか？",
                              "「X－レイ・ピアース」は、「エクシーズ」と名のついたカードとなりますので、「ジェネレーション・フォース」の"
                              "効果によってデッキから手札に加える事ができます。",
                              {"ジェネレーション・フォース": 87890143, "X－レイ・ピアース": 86559484})
    verdict = _real_verdict(compiled, "t-genforce", engine_driver)
    source = CardSource(user_script_dirs(REAL), REAL_CARDS)
    if REAL_CARDS is None:
        return  # no cards.cdb: no filtered variant (nothing made up)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert "filtered" in passed.title
    xyz = load_constants()["TYPE_XYZ"]
    data = source.ensure(c.code for c in passed.setup.cards).data
    assert [c for c in passed.setup.cards if c.player == 0 and c.location == "mzone" and data[c.code]["type"] & xyz]


def test_the_event_an_effect_is_only_activated_in_response_to():
    from engine_bridge.compiler.effects import response_event

    script = """
local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_CHAINING)
	c:RegisterEffect(e1)
end
function s.activate(e,tp)
	local e1=Effect.CreateEffect(e:GetHandler())
	e1:SetType(EFFECT_TYPE_FIELD)
	e1:SetCode(EFFECT_CANNOT_ACTIVATE)
end"""
    # (an effect the resolution creates, of the same variable name, is no activation event)
    assert response_event(script, None) == "EVENT_CHAINING"
    assert response_event(script, 1) == "EVENT_CHAINING"  # ① of a card whose script describes no option
    assert response_event(script.replace("EVENT_CHAINING", "EVENT_FREE_CHAIN"), None) is None
    both = script.replace("\tc:RegisterEffect(e1)\nend", "\tc:RegisterEffect(e1)\n\tlocal e2=Effect.CreateEffect(c)\n"
                          "\te2:SetType(EFFECT_TYPE_ACTIVATE)\n\te2:SetCode(EVENT_FREE_CHAIN)\nend", 1)
    assert response_event(both, None) is None  # also activated in an open game state


@pytest.mark.engine
@real
def test_real_scripts_a_response_chained_to_a_stand_in_activation(engine_driver):
    # 「無償交換」 is activated only when the opponent activates a monster effect (EVENT_CHAINING) and the ruling
    # names none (official Q&A: not when the opponent's Deck is empty): the last variants chain it to stand-in
    # activations of the opponent, in its turn; the ruling's duel differs from its baseline by the empty Deck
    compiled = _real_compiled("t-exchange", "相手のデッキ枚数が0枚の時に、「無償交換」を発動する事ができますか？",
                              "相手のデッキの枚数が0枚の場合、自分は「無償交換」を発動する事はできません。", {"無償交換": 96404912})
    verdict = _real_verdict(compiled, "t-exchange", engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == passed.id)
    assert "chained to" in passed.title and passed.setup.turn_player == 1
    assert [(s.action, s.card) for s in passed.steps] == [("activate", "a0"), ("chain", "c1")]
    assert not [c for c in passed.setup.cards if c.player == 1 and c.location == "deck"]
    assert [c for c in baseline.setup.cards if c.player == 1 and c.location == "deck"]


def test_the_events_a_response_is_chained_to(pack_with_cdb):
    from engine_bridge.compiler.frame import _preludes, RESPONSE_PRELUDES

    assert "EVENT_FREE_CHAIN" not in RESPONSE_PRELUDES
    # an activation: one stand-in of the other player per variant, in its turn (the pack's stand-ins it holds)
    chained = _preludes("EVENT_CHAINING", pack_with_cdb)
    assert chained and all(turn == 1 and [c.player for c in added] == [1] for _, turn, added, _, _ in chained)
    # an attack declaration: the other player's filler monster attacks a monster, then directly (no monster left)
    attacks = _preludes("EVENT_ATTACK_ANNOUNCE", pack_with_cdb)
    assert [[(s.action, s.card, s.target) for s in steps] for _, _, _, steps, _ in attacks] == [
        [("phase", None, []), ("attack", "f1-m1", ["f0-m1"])], [("phase", None, []), ("attack", "f1-m1", [])]]
    assert [left_out for *_, left_out in attacks] == [set(), {"f0-m1", "f0-m2"}]


def test_a_special_summon_by_procedure_is_the_event_of_a_summon_negator(pack_with_cdb):
    from engine_bridge.compiler.frame import _preludes, RESPONSE_PRELUDES, STAND_IN_SUMMON_PROCEDURE

    # an effect activated only when a monster is about to be Special Summoned (EVENT_SPSUMMON: 「ライオウ」②): the other
    # player, in its turn and with no monster of the filler, Special Summons 「サイバー・ドラゴン」 by its procedure
    assert "EVENT_SPSUMMON" in RESPONSE_PRELUDES
    [(label, turn, added, steps, left_out)] = _preludes("EVENT_SPSUMMON", pack_with_cdb)
    assert turn == 1 and [(c.code, c.player, c.location) for c in added] == [(STAND_IN_SUMMON_PROCEDURE, 1, "hand")]
    assert [(s.action, s.card) for s in steps] == [("special_summon", "a0")] and left_out == {"f1-m1", "f1-m2"}


def test_a_card_whose_own_activation_targets_has_no_one_targeting_effect():
    from engine_bridge.compiler.effects import targeting_effect

    # 「幻影霧剣」: its activation (said before ①) targets, and so does ②: a target question names neither
    fog = ("フィールドの効果モンスター１体を対象としてこのカードを発動できる。このカード名の②の効果は１ターンに１度しか使用"
           "できない。①：対象のモンスターは攻撃できず、効果は無効化され…。②：墓地のこのカードを除外し、自分の墓地の"
           "「幻影騎士団」モンスター１体を対象として発動できる。そのモンスターを特殊召喚する。")
    assert targeting_effect(fog) is None
    assert targeting_effect(fog.split("このカード名の")[1]) == 2  # (without the targeting activation: ② alone)


def test_an_effect_quoted_in_an_older_wording_is_found_by_its_words():
    from engine_bridge.compiler.effects import reworded_effect

    # 「ライオウ」's text before its ①② renumbering, quoted by a ruling: today's ②
    today = ("①：このカードがモンスターゾーンに存在する限り、お互いにドロー以外の方法でデッキからカードを手札に加える事は"
             "できない。②：相手がモンスター１体のみを特殊召喚する際に、フィールドのこのカードを墓地へ送って発動できる。"
             "その特殊召喚を無効にし、そのモンスターを破壊する。")
    assert reworded_effect(today, "自分フィールド上に表側表示で存在するこのカードを墓地へ送る事で、相手モンスター1体の"
                                  "特殊召喚を無効にし破壊する") == 2
    assert reworded_effect(today, "相手フィールドのカードを全て破壊する") is None  # no effect shares enough words
    assert reworded_effect("このカードは攻撃できない。", "このカードは攻撃できない") is None  # no numbered effects


def test_the_filtered_piles_board(pack_with_cdb):
    from engine_bridge.compiler.boards import piled_cards

    k = load_constants()
    # utility.lua's c:IsFieldSpell() is a type check too (「メタバース」 looks for a Field Spell in the Deck)
    field = "function s.thactfilter(c,tp)\n\treturn c:IsFieldSpell() and c:IsAbleToHand()\nend"
    assert script_filters(field, pack_with_cdb) == [[(False, "IsType", [k["TYPE_FIELD"]])]]
    # per filter, a Main Deck card that passes it twice in its controller's hand, Deck and Graveyard, banished
    # face-up once, once in the other player's Graveyard; none on the field (the cdb holds no Extra Deck Dragon)
    dragons = "function s.filter(c,e,tp)\n\treturn c:IsRace(RACE_DRAGON) and c:IsCanBeSpecialSummoned(e,0,tp,false,false)\nend"
    board = piled_cards([dragons], BLUE_EYES, pack_with_cdb)
    assert {c.code for c in board} == {KOUMORI}
    assert sorted((c.player, c.location) for c in board) == [(0, "deck"), (0, "deck"), (0, "grave"), (0, "grave"),
                                                              (0, "hand"), (0, "hand"), (0, "removed"), (1, "grave")]
    assert next(c for c in board if c.location == "removed").position == "faceup"
    assert piled_cards(["function s.filter(c)\n\treturn c:IsCode(id)\nend"], BLUE_EYES, pack_with_cdb) == []
    assert [c.code for c in profile_filler("filtered piles", BLUE_EYES, "deck", [], pack_with_cdb, scripts=[dragons])
            if c.ref.startswith("f0-j")] == [KOUMORI] * 7
    # "filtered field": the same, its Main Deck monsters also face-up on the field where a script looks there
    from engine_bridge.compiler.boards import piled_on_field

    assert piled_on_field([dragons], BLUE_EYES, pack_with_cdb) == []
    on_field = dragons + "\nfunction s.spcon(e,c)\n\treturn Duel.IsExistingMatchingCard(s.filter,tp,LOCATION_MZONE,0,1,nil)\nend"
    [placed] = piled_on_field([on_field], BLUE_EYES, pack_with_cdb)
    assert (placed.code, placed.player, placed.location, placed.position) == (KOUMORI, 0, "mzone", "faceup_attack")


def test_filters_whose_archetype_is_a_parameter(pack_with_cdb, tmp_path):
    from engine_bridge.compiler.boards import series_filters

    k = load_constants()
    # 「竜呼相打つ」's one filter takes the archetype as a parameter and the script lists two: one filter each
    script = ("s.listed_series={SET_DRACOSLAYER,SET_DRACOVERLORD}\n"
              "function s.filter(c,e,tp,b1,setcode)\n\treturn c:IsSetCard(setcode) and c:IsType(TYPE_PENDULUM)\nend")
    (tmp_path / "official").mkdir()
    (tmp_path / "archetype_setcode_constants.lua").write_text("SET_DRACOSLAYER = 0xc7\nSET_DRACOVERLORD = 0xda\n",
                                                               encoding="utf-8")
    real_layout = CardSource([tmp_path / "official"], pack_with_cdb.cdb)
    assert series_filters(script, real_layout) == [[(False, "IsSetCard", [0xC7]), (False, "IsType", [k["TYPE_PENDULUM"]])],
                                                   [(False, "IsSetCard", [0xDA]), (False, "IsType", [k["TYPE_PENDULUM"]])]]
    assert series_filters(script.replace("IsSetCard(setcode)", "IsSetCard(SET_DRACOSLAYER)"), real_layout) == []
    assert series_filters(script.split("\n", 1)[1], real_layout) == []  # no archetype listed


@pytest.mark.engine
@real
@pytest.mark.parametrize("rid, title, answer, cards", [
    # 「ブリザード・サンダーバード」 discards a card to Special Summon a WATER Winged Beast from the hand and one from
    # the Graveyard (official Q&A: not under 「セフィラの輝跡」, which allows Special Summons from the hand and Extra
    # Deck only): its baseline needs two such monsters in the hand (one besides the discarded card) and one in the GY
    ("t-thunderbird", "「セフィラの輝跡」が適用されている場合、「ブリザード・サンダーバード」の効果を発動できますか？",
     "「ブリザード・サンダーバード」の効果は、手札と墓地からモンスターをそれぞれ１体ずつ特殊召喚する効果となりますので、"
     "「セフィラの輝跡」の効果が適用されている場合には発動する事ができません。",
     {"セフィラの輝跡": 5255013, "ブリザード・サンダーバード": 50920465}),
    # 「六武衆の影忍術」 targets a banished 「六武衆」 monster (official Q&A: activated with no free Main Monster Zone)
    ("t-shadow-ninjutsu", "自分のメインモンスターゾーンに空きがない場合、「六武衆の影忍術」を発動できますか？",
     "質問の状況の場合でも、自分は「六武衆の影忍術」を発動する事はできます。", {"六武衆の影忍術": 79968632}),
    # 「竜呼相打つ」 picks a 「竜剣士」 and a 「竜魔王」 Pendulum Monster from the Deck (official Q&A: activated with both
    # Pendulum Zones in use): its one filter takes the archetype as a parameter (series_filters)
    ("t-dragon-shrine", "自分のペンデュラムゾーンにカードが2枚存在する場合、「竜呼相打つ」を発動できますか？",
     "自分のペンデュラムゾーンにカードが2枚存在する場合でも、自分は「竜呼相打つ」を発動する事はできます。",
     {"竜呼相打つ": 14733538}),
])
def test_real_scripts_the_filtered_piles_board(rid, title, answer, cards, engine_driver):
    compiled = _real_compiled(rid, title, answer, cards)
    verdict = _real_verdict(compiled, rid, engine_driver)
    if REAL_CARDS is None:
        return  # no cards.cdb: no filtered board (nothing made up)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert "filtered piles" in passed.title


@pytest.mark.engine
@real
def test_real_scripts_a_target_asked_in_the_chain_the_effect_answers(engine_driver):
    # 「霞の谷の巨神鳥」 is activated only when a card or effect is activated (EVENT_CHAINING) and targets a face-up
    # 「ミスト・バレー」 card its controller controls (official Q&A: the Synchro Monster 「霞の谷の雷神鬼」 can be its
    # target): the last variants chain it to the other player's stand-in activation and ask its target prompt; the
    # baseline's stand-in target is another 「ミスト・バレー」 card in the same place
    compiled = _real_compiled("t-apex-avian", "「霞の谷の巨神鳥」のモンスター効果の対象として、「霞の谷の雷神鬼」を選択できますか？",
                              "「霞の谷の巨神鳥」のモンスター効果を発動する際に、対象となる『自分フィールド上に表側表示で存在する"
                              "「ミスト・バレー」と名のついたカード1枚』として、「霞の谷の雷神鬼」を選択する事はできます。",
                              {"霞の谷の巨神鳥": 29587993, "霞の谷の雷神鬼": 89310929})
    verdict = _real_verdict(compiled, "t-apex-avian", engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert "chained to" in passed.title and passed.setup.turn_player == 1
    assert [s.action for s in passed.steps] == ["activate", "chain"] and passed.steps[0].card == "a0"
    [ref] = passed.steps[-1].target
    target = next(c for c in passed.setup.cards if c.ref == ref)
    assert (target.code, target.player, target.location) == (89310929, 0, "mzone")


def test_a_level_compared_with_constants_is_a_level_trait(pack_with_cdb):
    k = load_constants()
    # 「巨神竜フェルグラント」's revival filter: a Level 7 or 8 Dragon (c:GetLevel()==7 or c:GetLevel()==8)
    felgrand = ("function s.filter(c,e,tp)\n\treturn c:IsRace(RACE_DRAGON) and (c:GetLevel()==7 or c:GetLevel()==8)"
                " and not c:IsCode(id)\nend")
    assert script_filters(felgrand, pack_with_cdb) == [[(False, "IsRace", [k["RACE_DRAGON"]]), (False, "IsLevel", [7, 8])]]
    # a Level compared with a variable (c:GetLevel()==lv+1) is no trait
    assert script_filters("function s.filter(c,lv)\n\treturn c:GetLevel()==lv+1\nend", pack_with_cdb) == []
    # Blue-Eyes (Level 8) passes it, Koumori Dragon (Level 4) does not
    assert filter_stand_ins(felgrand, pack_with_cdb) == [BLUE_EYES]


@pytest.mark.engine
@real
def test_real_scripts_a_battle_win_trigger_that_revives_a_level_7_or_8_dragon(engine_driver):
    # 「巨神竜フェルグラント」's ② (after it destroys a monster by battle) targets a Level 7 or 8 Dragon in a Graveyard
    # (official Q&A: also after destroying a Pendulum Monster, which goes to the Extra Deck): the filtered variant
    # puts such a Dragon in the Graveyards (the filter's Level read from c:GetLevel()==7 or …==8)
    title = "「巨神竜フェルグラント」が、戦闘で相手のペンデュラムモンスターを破壊した場合、モンスター効果を発動できますか？"
    answer = ("この場合でも、そのダメージステップ終了時に自分の墓地または相手の墓地に対象となる"
              "レベル7かレベル8のドラゴン族モンスターが存在しているのであれば、"
              "『そのモンスターを自分フィールドに特殊召喚する』モンスター効果を発動する事はできます。")
    compiled = _real_compiled("t-felgrand", title, answer, {"巨神竜フェルグラント": 60681103})
    verdict = _real_verdict(compiled, "t-felgrand", engine_driver)
    if REAL_CARDS is None:
        return  # no cards.cdb: no filtered variant (nothing made up)
    assert verdict.verdict == "pass", verdict.reason


def test_composite_and_exact_type_checks_and_stat_equalities_are_traits(pack_with_cdb):
    k = load_constants()
    # utility.lua's composite checks need every bit (c:IsQuickPlaySpell()), its exact ones the whole type
    # (c:IsNormalTrap(): c:GetType()==TYPE_TRAP), and a stat compared with a constant is an ATK/DEF trait
    # (「ダーク・アドバンス」: c:IsAttackAbove(2400) and c:GetDefense()==1000)
    quick = "function s.filter(c)\n\treturn c:IsQuickPlaySpell() and c:IsAbleToHand()\nend"
    assert script_filters(quick, pack_with_cdb) == [[(False, "IsTypeAll", [k["TYPE_SPELL"] | k["TYPE_QUICKPLAY"]])]]
    normal_trap = "function s.thfilter(c)\n\treturn c:IsNormalTrap() and c:IsSSetable()\nend"
    assert script_filters(normal_trap, pack_with_cdb) == [[(False, "IsTypeExact", [k["TYPE_TRAP"]])]]
    advance = "function s.thfilter(c)\n\treturn c:IsAttackAbove(2400) and c:GetDefense()==1000 and c:IsMonster()\nend"
    assert script_filters(advance, pack_with_cdb) == [[(False, "IsAttackAbove", [2400]), (False, "IsType", [k["TYPE_MONSTER"]]),
                                                       (False, "IsDefense", [1000])]]
    trap, counter = k["TYPE_TRAP"], k["TYPE_TRAP"] | k["TYPE_COUNTER"]
    assert _fits({"code": 1, "type": trap}, (False, "IsTypeExact", [trap]))
    assert not _fits({"code": 2, "type": counter}, (False, "IsTypeExact", [trap]))
    assert _fits({"code": 2, "type": counter}, (False, "IsTypeAll", [counter]))
    assert not _fits({"code": 1, "type": trap}, (False, "IsTypeAll", [counter]))
    monster = k["TYPE_MONSTER"]
    assert _fits({"code": 3, "type": monster, "attack": 2500, "defense": 1000}, (False, "IsDefense", [1000]))
    assert not _fits({"code": 3, "type": monster, "attack": 2500, "defense": 1200}, (False, "IsDefense", [1000]))
    # Blue-Eyes (3000/2500) passes ATK 3000, not the others
    assert filter_stand_ins("function s.f(c)\n\treturn c:GetAttack()==3000\nend", pack_with_cdb) == [BLUE_EYES]


def test_the_filtered_piles_board_holds_as_many_as_a_script_asks(pack_with_cdb):
    from engine_bridge.compiler.boards import asked_count, piled_cards

    # 「悪魔嬢リリス」 looks for three Normal Traps in its Deck: the piles hold three of each filter's card
    three = ("function s.filter(c,e,tp)\n\treturn c:IsRace(RACE_DRAGON)\nend\nfunction s.tg(e,tp,eg,ep,ev,re,r,rp,chk)\n"
             "\tif chk==0 then return Duel.IsExistingMatchingCard(s.filter,tp,LOCATION_DECK,0,3,nil) end\nend")
    assert asked_count([three]) == 3 and asked_count(["Duel.IsExistingTarget(s.f,tp,LOCATION_GRAVE,0,1,nil)"]) == 1
    board = piled_cards([three], BLUE_EYES, pack_with_cdb)
    assert sorted(c.location for c in board if c.player == 0).count("deck") == 3
    assert sorted(c.location for c in board if c.player == 0).count("hand") == 3
    assert len({c.ref for c in board}) == len(board)


@pytest.mark.engine
@real
@pytest.mark.parametrize("rid, title, question, answer, cards, label", [
    # 「ゴールド・ガジェット」's ② is a trigger of its own destruction: a stand-in 「ブラック・ホール」 destroys it first
    # (official Q&A: 「サイバース・ガジェット」 is a Level 4 「ガジェット」 monster it Special Summons from the Deck)
    ("t-gold-gadget", "「ゴールド・ガジェット」のモンスター効果で、デッキから「サイバース・ガジェット」を特殊召喚できますか？",
     "「ゴールド・ガジェット」の『②：このカードが戦闘・効果で破壊された場合に発動できる。デッキから"
     "「ゴールド・ガジェット」以外のレベル４の「ガジェット」モンスター１体を特殊召喚する』モンスター効果によって、デッキから"
     "「サイバース・ガジェット」を特殊召喚する事はできますか？",
     "「サイバース・ガジェット」もレベル4の「ガジェット」と名のついたモンスターとなりますので、「ゴールド・ガジェット」の"
     "モンスター効果によってデッキから特殊召喚する事ができます。",
     {"ゴールド・ガジェット": 55010259, "サイバース・ガジェット": 645087}, "after 「ブラック・ホール」 destroyed it"),
    # 「化合獣オキシン・オックス」's effect needs it Gemini Summoned: its second Normal Summon first
    ("t-oxy-ox", "「化合獣オキシン・オックス」のモンスター効果で、手札の「デュアル・ソルジャー」を特殊召喚できますか？",
     "「化合獣オキシン・オックス」の『●自分メインフェイズに発動できる。手札からデュアルモンスター１体を特殊召喚し、"
     "自分フィールドの全てのデュアルモンスターのレベルはターン終了時まで、この効果で特殊召喚したモンスターの元々のレベルと"
     "同じになる』モンスター効果で、手札の「デュアル・ソルジャー」を特殊召喚する事はできますか？",
     "「化合獣オキシン・オックス」のモンスター効果によって、「デュアル・ソルジャー」等の、「化合獣オキシン・オックス」と同じ"
     "レベル2のデュアルモンスターを特殊召喚する事はできます。",
     {"化合獣オキシン・オックス": 18993198, "デュアル・ソルジャー": 68366996}, "after its Gemini Summon"),
])
def test_real_scripts_a_choice_after_what_the_chooser_needs_played(rid, title, question, answer, cards, label,
                                                                   engine_driver):
    compiled = _real_compiled(rid, title, answer, cards, question)
    verdict = _real_verdict(compiled, rid, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert label in passed.title


@pytest.mark.engine
@real
@pytest.mark.parametrize("rid, title, answer, cards", [
    # 「DD魔導賢者トーマス」's Pendulum Effect adds a face-up 「DD」 Pendulum Monster from the Extra Deck (official Q&A:
    # not a card added from the Deck, so it is activated under 「手違い」): the piles put two face-up in the Extra Deck
    ("t-thomas", "「手違い」の適用中に「DD魔導賢者トーマス」のペンデュラム効果を発動できますか？",
     "「DD魔導賢者トーマス」のペンデュラム効果は、デッキからカードを手札に加える効果ではありません。したがって、「手違い」の"
     "効果が適用されている場合でも、「DD魔導賢者トーマス」のペンデュラム効果を発動し、通常通り処理を行う事ができます。",
     {"手違い": 59305593, "DD魔導賢者トーマス": 41546}),
])
def test_real_scripts_a_pendulum_monster_face_up_in_the_extra_deck(rid, title, answer, cards, engine_driver):
    compiled = _real_compiled(rid, title, answer, cards)
    verdict = _real_verdict(compiled, rid, engine_driver)
    if REAL_CARDS is None:
        return  # no cards.cdb: no filtered board (nothing made up)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert any(c.location == "extra" and c.position == "faceup" for c in passed.setup.cards)


def test_a_monsters_one_ignition_or_quick_effect_beside_triggers():
    from engine_bridge.compiler.effects import only_open_effect

    # 「彼岸の鬼神 ヘルレイカー」: ① a Quick Effect in the Monster Zone, ② a trigger (「…墓地へ送られた場合、…発動できる」);
    # its script describes neither, so ① is its one option on the field when no event happens
    text = ("①：１ターンに１度、手札から「彼岸」モンスター１体を墓地へ送り、相手フィールドの表側表示モンスター１体を対象として"
            "発動できる。その相手モンスターの攻撃力・守備力はターン終了時まで…ダウンする。この効果は相手ターンでも発動できる。"
            "②：このカードがフィールドから墓地へ送られた場合、フィールドのカード１枚を対象として発動できる。そのカードを墓地へ送る。")
    script = ("function s.initial_effect(c)\n\tlocal e2=Effect.CreateEffect(c)\n\te2:SetType(EFFECT_TYPE_QUICK_O)\n"
              "\te2:SetCode(EVENT_FREE_CHAIN)\n\te2:SetRange(LOCATION_MZONE)\n\tc:RegisterEffect(e2)\n"
              "\tlocal e3=Effect.CreateEffect(c)\n\te3:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O)\n"
              "\te3:SetCode(EVENT_TO_GRAVE)\n\tc:RegisterEffect(e3)\nend\n")
    assert only_open_effect(text, script, 1)
    assert not only_open_effect(text, script, 2)  # the trigger needs its event
    # two Ignition/Quick effects, or one activated from elsewhere than the Monster Zone: not one option
    assert not only_open_effect(text, script.replace("EFFECT_TYPE_SINGLE+EFFECT_TYPE_TRIGGER_O", "EFFECT_TYPE_IGNITION"), 1)
    assert not only_open_effect(text, script.replace("LOCATION_MZONE", "LOCATION_GRAVE"), 1)


@pytest.mark.engine
@real
def test_real_scripts_a_direct_attack_beside_a_face_up_continuous_card_of_the_archetype(engine_driver):
    # 「オルターガイスト・クンティエリ」 is Special Summoned from the hand at the other player's attack declaration while its
    # controller has an 「オルターガイスト」 card on the field (official Q&A: also at a direct attack, its controller
    # holding only 「オルターガイスト・プロトコル」 face-up): a last variant puts the filter's Continuous Spell/Trap
    # face-up in its Spell & Trap Zone (a monster there would leave no direct attack to declare)
    title = "手札の「オルターガイスト・クンティエリ」のモンスター効果は、相手モンスターが直接攻撃を宣言した時にも発動できますか？"
    answer = ("質問の状況の場合でも、自分フィールドに「オルターガイスト」と名のついたカードが表側表示で存在していますので、"
              "手札の「オルターガイスト・クンティエリ」のモンスター効果を発動する事ができます。")
    question = ("自分の魔法＆罠ゾーンに「オルターガイスト・プロトコル」が表側表示で存在し、自分のモンスターゾーンにモンスターが"
                "1体も存在しない状況です。この状況で相手モンスターが直接攻撃を宣言した時、自分は「オルターガイスト・クンティエリ」の"
                "『①：自分フィールドに「オルターガイスト」カードが存在する場合、相手モンスターの攻撃宣言時に発動できる。このカードを"
                "手札から特殊召喚し、その攻撃を無効にする』モンスター効果を発動する事はできますか？")
    compiled = _real_compiled("t-kunquery", title, answer, {"オルターガイスト・クンティエリ": 52927340}, question)
    verdict = _real_verdict(compiled, "t-kunquery", engine_driver)
    if REAL_CARDS is None:
        return  # no cards.cdb: no filtered board (nothing made up)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert "Continuous Spells/Traps its filters take, face-up" in passed.title
    assert any(c.location == "szone" and c.position == "faceup" and c.ref.startswith("f0-js") for c in passed.setup.cards)


@pytest.mark.engine
@real
def test_real_scripts_a_summon_negator_whose_cost_cannot_be_paid(engine_driver):
    # 「ライオウ」② (its cost: it goes to the Graveyard) is activated only when the other player is about to Special
    # Summon one monster; under 「マクロコスモス」 a card going to the Graveyard is banished instead, so it cannot be
    # activated (official Q&A); the title quotes the effect between the card's name and 効果を発動できますか
    title = "「マクロコスモス」の適用中に、「ライオウ」の『相手モンスター1体の特殊召喚を無効にし破壊する』効果を発動できますか？"
    answer = ("「ライオウ」の『自分フィールド上に表側表示で存在するこのカードを墓地へ送る事で、相手モンスター1体の特殊召喚を"
              "無効にし破壊する』効果を発動する事自体ができません。")
    compiled = _real_compiled("t-raioh", title, answer, {"マクロコスモス": 30241314, "ライオウ": 71564252})
    verdict = _real_verdict(compiled, "t-raioh", engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == passed.id)
    assert [(s.action, s.card) for s in passed.steps] == [("special_summon", "a0"), ("chain", "c1")]
    # (② is the one effect its script describes: Stringid(id, 0)), in the turn of the player who summons
    assert passed.steps[-1].effect == 0 and passed.setup.turn_player == 1
    assert any(c.code == 30241314 for c in passed.setup.cards) and not any(c.code == 30241314 for c in baseline.setup.cards)


def test_summonable_and_special_summon_checks_are_traits(pack_with_cdb):
    k = load_constants()
    # 「青天の霹靂」: 「通常召喚できないモンスター」 is not c:IsSummonableCard(); its c:IsCanBeSpecialSummoned(e,0,tp,true,false)
    # ignores summoning conditions (nocheck), so it adds no trait (the revival limit is never one: see below)
    sky = ("function s.spfilter(c,e,tp)\n\treturn c:GetOriginalLevel()<=10 and not c:IsSummonableCard() and c:IsMonster()\n"
           "\t\tand c:IsCanBeSpecialSummoned(e,0,tp,true,false)\nend")
    assert script_filters(sky, pack_with_cdb) == [[(False, "IsType", [k["TYPE_MONSTER"]]), (True, "IsSummonableCard", [0])]]
    plain_filter = sky.replace("true,false", "false,false")
    assert script_filters(plain_filter, pack_with_cdb)[0][-1] == (False, "IsCanBeSpecialSummoned", [0, 0])
    monster, effect = k["TYPE_MONSTER"], k["TYPE_EFFECT"]
    ritual, spsummon, fusion = k["TYPE_RITUAL"], k["TYPE_SPSUMMON"], k["TYPE_FUSION"]
    # the core's is_summonable_card: not a Ritual/Extra Deck Monster nor one Special Summoned only
    for kind, summonable in ((monster | effect, True), (monster | effect | ritual, False),
                             (monster | effect | spsummon, False), (monster | fusion, False), (k["TYPE_SPELL"], False)):
        assert _fits({"code": 1, "type": kind}, (False, "IsSummonableCard", [0])) is summonable
    # IsCanBeSpecialSummoned(e,0,tp,false,false): no summoning condition. Its revival limit is left out: a Ritual or
    # Xyz Monster the set-up places may have been properly Summoned (「銀河眼の光波刃竜」 revives an Xyz Monster)
    plain = (False, "IsCanBeSpecialSummoned", [0, 0])
    assert _fits({"code": 1, "type": monster | effect}, plain)
    assert _fits({"code": 1, "type": monster | effect | ritual}, plain)
    assert not _fits({"code": 1, "type": monster | effect | spsummon}, plain)


@pytest.mark.engine
@real
@pytest.mark.parametrize("rid, title, question, answer, cards, label", [
    # 「青天の霹靂」 Special Summons a monster that cannot be Normal Summoned (a Ritual Monster stands in, on a field
    # where only the opponent has monsters); 「天照大神」 is not one (official Q&A)
    ("t-sky", "「青天の霹靂」の効果で、「天照大神」を特殊召喚できますか?",
     "「青天の霹靂」の『①：相手フィールドにモンスターが存在し、自分フィールドにモンスターが存在しない場合に発動できる。"
     "元々のレベルが１０以下の通常召喚できないモンスター１体を、召喚条件を無視して手札から特殊召喚する。』効果で、"
     "「天照大神」を特殊召喚する事はできますか？",
     "「天照大神」は特殊召喚モンスターではありませんので、「青天の霹靂」の効果によって特殊召喚する事はできません。",
     {"青天の霹靂": 23587624, "天照大神": 20073910}, "bare"),
    # 「苦渋の黙札」 looks for a monster with the released one's original Level, Type and Attribute: one in the Deck
    ("t-silent", "ペンデュラムモンスターをリリースして「苦渋の黙札」を発動できますか?",
     "「苦渋の黙札」の『①：自分フィールドのモンスター１体をリリースして発動できる。リリースしたモンスターと元々の"
     "カード名が異なり、元々の種族・属性・レベルが同じモンスター１体を自分のデッキ・墓地から選んで手札に加える』効果を"
     "発動する際のコストとして、ペンデュラムモンスターをリリースする事はできますか？",
     "ペンデュラムモンスターをリリースして「苦渋の黙札」を発動する事はできます。", {"苦渋の黙札": 20513882}, "chosen from"),
])
def test_real_scripts_a_choice_the_chooser_makes_among_what_its_filter_asks(rid, title, question, answer, cards,
                                                                            label, engine_driver):
    compiled = _real_compiled(rid, title, answer, cards, question)
    verdict = _real_verdict(compiled, rid, engine_driver)
    if REAL_CARDS is None:
        return  # no cards.cdb: no stand-in of the filter nor twin in the Deck (nothing made up)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert label in passed.title


@pytest.mark.engine
@real
def test_real_scripts_a_gemini_monster_is_no_effect_monster_to_target(engine_driver):
    # 「幻影霧剣」 is activated targeting a face-up Effect Monster; a Gemini monster not Gemini Summoned again is a Normal
    # Monster (official Q&A: it cannot be the target): the Gemini beside an Effect Monster of the filter in its place
    compiled = _real_compiled("t-fog", "通常モンスター扱いのデュアルモンスターを対象として、「幻影霧剣」を発動できますか？",
                              "通常モンスター扱いのデュアルモンスターを対象として発動する事はできません。", {"幻影霧剣": 25542642})
    verdict = _real_verdict(compiled, "t-fog", engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    passed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == passed.id)
    source = CardSource(user_script_dirs(REAL), REAL_CARDS)
    gemini, effect = load_constants()["TYPE_GEMINI"], load_constants()["TYPE_EFFECT"]
    [target] = [c for c in passed.setup.cards if c.ref == passed.steps[-1].target[0]]
    [stand_in] = [c for c in baseline.setup.cards if c.ref == baseline.steps[-1].target[0]]
    data = source.ensure([target.code, stand_in.code]).data
    assert data[target.code]["type"] & gemini and target.location == "mzone" and passed.steps[-1].effect is None
    assert data[stand_in.code]["type"] & effect and not data[stand_in.code]["type"] & gemini


@pytest.mark.engine
@real
def test_real_scripts_a_described_cost_and_a_stand_in_without_its_traits(engine_driver):
    # official Q&A 02d6fa2eb12af22b: 「悪のデッキ破壊ウイルス」 cannot be activated by releasing a DARK monster with less than
    # 500 ATK (it would destroy no card). The baseline releases a DARK monster its cost filter takes WITHOUT the described
    # traits (ATK 500 or more). EDOPro script bug: c85555787.lua s.costfilter (c:IsAttribute(ATTRIBUTE_DARK) and
    # c:IsAttackBelow(matk)) has no lower bound, so the engine offers the release: the ruling fails
    compiled = _real_compiled("t-virus", "攻撃力500未満の闇属性モンスターをリリースして「悪のデッキ破壊ウイルス」を発動できますか？",
                              "攻撃力500未満の闇属性モンスターをリリースして「悪のデッキ破壊ウイルス」を発動する事はできません。",
                              {"悪のデッキ破壊ウイルス": 85555787})
    verdict = _real_verdict(compiled, "t-virus", engine_driver)
    failed = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    baseline = next(s for s in compiled.scenarios if s.control_for == failed.id)
    data = CardSource(user_script_dirs(REAL), REAL_CARDS).ensure(
        [c.code for c in failed.setup.cards + baseline.setup.cards]).data
    [chosen] = [c for c in failed.setup.cards if c.ref == failed.steps[-1].select[0]]
    [stand_in] = [c for c in baseline.setup.cards if c.ref == baseline.steps[-1].select[0]]
    assert data[chosen.code]["attack"] < 500 <= data[stand_in.code]["attack"]
    assert (verdict.verdict, verdict.reason) == ("fail", "c2 among the choices of activate c1: ruling says no, engine: yes")


@pytest.mark.engine
@real
def test_real_scripts_a_continuous_spells_numbered_effect_used_face_up(engine_driver):
    # 「十二獣の会局」's ① is an Ignition Effect of the face-up card: asked with 『①』, the card is face-up in the
    # Spell & Trap Zone; 「虚無空間」 as its target leaves it unactivatable (official Q&A), a face-up Spell does not
    rid = "t-zoodiac-barrage"
    compiled = _real_compiled(
        rid, "魔法&罠ゾーンに表側表示で存在する「虚無空間」を対象として、「十二獣の会局」を発動できますか?",
        "「虚無空間」が魔法＆罠ゾーンに表側表示で存在する場合、『①：このカードが魔法＆罠ゾーンに存在する限り、お互いに"
        "モンスターを特殊召喚できない』効果が適用されていますので、質問の状況の場合、「十二獣の会局」の効果を発動する事自体が"
        "できません。", {"十二獣の会局": 46060017, "虚無空間": 5851097},
        "「十二獣の会局」の『①：自分フィールドの表側表示のカード１枚を対象としてこの効果を発動できる。そのカードを破壊し、"
        "デッキから「十二獣」モンスター１体を特殊召喚する』効果を発動する際に、破壊する対象として、魔法＆罠ゾーンに表側表示で"
        "存在する「虚無空間」を選択する事はできますか？")
    # (the older places, the hand first, then face-up: placing it face-up first changed other rulings' boards)
    faceup = {s.id for s in compiled.scenarios if any(c.location == "szone" and c.position == "faceup"
                                                      for c in s.setup.cards if c.code == 46060017 and c.ref.startswith("c"))}
    assert faceup and compiled.scenarios[0].id not in faceup
    verdict = _real_verdict(compiled, rid, engine_driver)
    if REAL_CARDS is None:
        return  # no cards.cdb: no 「十二獣」 monster in the Deck
    assert verdict.verdict == "pass", verdict.reason
    assert verdict.scenario_id in faceup

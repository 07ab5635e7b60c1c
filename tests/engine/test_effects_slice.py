"""Which effect of a card a Q&A asks about (issue 9, effect choice): a card text's ①② mapped to the script's
option texts (aux.Stringid) kind by kind where they do not line up one by one, a targeting card the ruling says
is applied to the questioned card played on it, and a chooser that picks by a Level the play makes given no
stand-in of another Level. Official Q&As of the shared corpus, on the real EDOPro scripts when
RULINGS_EDOPRO_SCRIPTS points at them."""

from __future__ import annotations

import pytest

from engine_bridge.compiler.effects import _by_kind, described_effects
from engine_bridge.compiler.kinds import COMPUTED_LEVEL
from tests.engine.test_step_setups import _real_verdict, real

# 「方界法」: its continuous ② is described first (Stringid 0), its activated ①③ after
_DHARMA_TEXT = ("①：自分メインフェイズに発動できる。手札から「方界」カード１枚を墓地へ送り、自分はデッキから１枚ドローする。"
                "②：このカードが魔法＆罠ゾーンに存在する限り、自分の「方界」モンスターの戦闘で発生する自分への戦闘ダメージは０になる。"
                "③：墓地のこのカードを除外し、自分の墓地の「方界」モンスター１体を対象として発動できる。そのモンスターを手札に加える。")
_DHARMA_SCRIPT = """
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	c:RegisterEffect(e1)
	local e2=Effect.CreateEffect(c)
	e2:SetDescription(aux.Stringid(id,0))
	e2:SetType(EFFECT_TYPE_FIELD)
	e2:SetRange(LOCATION_SZONE)
	c:RegisterEffect(e2)
	local e3=Effect.CreateEffect(c)
	e3:SetDescription(aux.Stringid(id,1))
	e3:SetType(EFFECT_TYPE_IGNITION)
	e3:SetRange(LOCATION_SZONE)
	c:RegisterEffect(e3)
	local e4=e3:Clone()
	e4:SetDescription(aux.Stringid(id,2))
	e4:SetRange(LOCATION_GRAVE)
	c:RegisterEffect(e4)
end
"""


def test_numbered_effects_map_to_option_texts_kind_by_kind():
    assert described_effects(_DHARMA_SCRIPT) == [(0, False, "LOCATION_SZONE"), (1, True, "LOCATION_SZONE"),
                                                 (2, True, "LOCATION_GRAVE")]  # (the clone keeps e3's type)
    assert [_by_kind(_DHARMA_TEXT, 3, _DHARMA_SCRIPT, "continuous", n) for n in (1, 2, 3)] == [1, 0, 2]


def test_an_option_text_registered_as_an_effect_resolves_is_not_a_numbered_effect():
    # 「ＳＲタケトンボーグ」: ① a summon procedure (no option text), ② Stringid 0; its Stringid 1 is the client hint
    # of the restriction ② registers as it resolves (outside initial_effect)
    text = ("①：自分フィールドに風属性モンスターが存在する場合、このカードは手札から特殊召喚できる。"
            "②：このカードをリリースして発動できる。デッキから「スピードロイド」チューナー１体を特殊召喚する。")
    script = """
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_FIELD)
	e1:SetCode(EFFECT_SPSUMMON_PROC)
	c:RegisterEffect(e1)
	local e2=Effect.CreateEffect(c)
	e2:SetDescription(aux.Stringid(id,0))
	e2:SetType(EFFECT_TYPE_IGNITION)
	e2:SetRange(LOCATION_MZONE)
	c:RegisterEffect(e2)
end
function s.spop(e,tp,eg,ep,ev,re,r,rp)
	local e1=Effect.CreateEffect(e:GetHandler())
	e1:SetDescription(aux.Stringid(id,1))
	e1:SetType(EFFECT_TYPE_FIELD)
end
"""
    assert _by_kind(text, 2, script, "monster", 2) == 0


def test_a_pendulum_monster_text_leaves_out_the_pendulum_zone_effects():
    text = "①：自分メインフェイズに発動できる。…②：自分フィールドの悪魔族モンスター２体以上をリリースして発動できる。…"
    script = "\n".join(["function s.initial_effect(c)", *(
        f"\tlocal e{n}=Effect.CreateEffect(c)\n\te{n}:SetDescription(aux.Stringid(id,{n}))\n"
        f"\te{n}:SetType(EFFECT_TYPE_IGNITION)\n\te{n}:SetRange({where})" for n, where in
        ((0, "LOCATION_PZONE"), (1, "LOCATION_MZONE"), (2, "LOCATION_MZONE"))), "end"])
    assert [_by_kind(text, 2, script, "pendulum", n) for n in (1, 2)] == [1, 2]
    # where every numbered effect lines up with its option text, the caller's one-by-one checks decide
    assert _by_kind(text, 2, script.replace("LOCATION_PZONE", "LOCATION_MZONE"), "monster", 2) is None


def test_a_level_the_play_makes():
    assert COMPUTED_LEVEL.search("return c:IsSetCard(SET_FRIGHTFUR) and c:IsLevel(lv)")
    assert COMPUTED_LEVEL.search("e:SetLabel(g:GetSum(Card.GetOriginalLevel))")
    assert not COMPUTED_LEVEL.search("return c:IsLevel(4) and c:IsLevelBelow(4)")


@pytest.mark.engine
@real
def test_real_scripts_a_numbered_effect_described_after_a_continuous_one(shared_dir, engine_driver):
    # 「マクロコスモス」の適用中に、「方界法」の①の効果を発動できますか？ -> できます: ① is Stringid 1 (its continuous ② is
    # described first), activated with 「マクロコスモス」 face-up on the other player's field
    compiled, verdict, _ = _real_verdict(shared_dir, 22435, {"方界法": 1218214, "マクロコスモス": 30241314}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    assert (scenario.steps[-1].card, scenario.steps[-1].effect) == ("c1", 1)
    assert any(c.code == 30241314 and c.player == 1 for c in scenario.setup.cards)


@pytest.mark.engine
@real
def test_real_scripts_a_card_applied_to_the_questioned_one_targets_it(shared_dir, engine_driver):
    # 「禁じられた聖杯」が適用されている「SRタケトンボーグ」の②の効果を発動できますか？ -> できます: 「禁じられた聖杯」 targets
    # 「SRタケトンボーグ」 (not a filler monster), then its ② (Stringid 0: its ① is a summon procedure) is offered
    compiled, verdict, results = _real_verdict(shared_dir, 16890, {"禁じられた聖杯": 25789292, "SRタケトンボーグ": 53932291},
                                               engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    chalice, asked = scenario.steps[0], scenario.steps[-1]
    taketomborg = next(c.ref for c in scenario.setup.cards if c.code == 53932291)
    assert chalice.target[0] == taketomborg and (asked.card, asked.effect) == (taketomborg, 0)
    assert taketomborg in results[scenario.id].log["steps"][0]["prompts"][0]["candidates"]


@pytest.mark.engine
@real
def test_real_scripts_a_level_sum_is_no_refusal(shared_dir, engine_driver):
    # 「デストーイ・マイスター」の②で「デストーイ・シザー・ウルフ」を特殊召喚できますか？ -> できません. ② picks a Fusion Monster of
    # the Level the released monsters add up to: a stand-in of another Level (「デストーイ・クルーエル・ホエール」, 9) chosen
    # where the Wolf (6) is not says only what the board adds up to, never a pass
    compiled, verdict, _ = _real_verdict(shared_dir, 22140, {"デストーイ・マイスター": 77522571,
                                                             "デストーイ・シザー・ウルフ": 11039171}, engine_driver)
    assert verdict.verdict == "inconclusive", verdict.reason
    stand_ins = {c.code for s in compiled.scenarios if s.kind == "control" for c in s.setup.cards if c.ref.startswith("t0")}
    assert stand_ins and 78778375 not in stand_ins


@pytest.mark.engine
@real
def test_real_scripts_a_negation_asked_as_the_negating_activation(shared_dir, engine_driver):
    # 「ディメンション・マジック」の効果を「Evil★Twin イージーゲーム」の効果で無効にできますか？ (its question: can 「Evil★Twin
    # イージーゲーム」's ● be activated?) -> できません: chained to the other player's 「ディメンション・マジック」 it is not
    # offered, chained to a card that destroys (the baseline) it is
    compiled, verdict, results = _real_verdict(shared_dir, 23070, {"ディメンション・マジック": 28553439,
                                                                   "Evil★Twin イージーゲーム": 34365442}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    magic = next(c for c in scenario.setup.cards if c.code == 28553439)
    assert scenario.steps[0].card == magic.ref and scenario.steps[-1].action == "chain"
    assert results[scenario.id].log["steps"][0]["status"] == "done"
    assert results[scenario.id].log["steps"][-1]["offered"] is False


@pytest.mark.engine
@real
def test_real_scripts_a_second_copy_in_the_turn_the_first_applied(shared_dir, engine_driver):
    # 「EXP」を同一ターン中に2枚発動できますか？ -> できません: the first 「EXP」 activated and resolved, the second is not offered
    # (its condition: no additional Pendulum Summon granted yet); alone (the baseline) it is
    compiled, verdict, results = _real_verdict(shared_dir, 23520, {"EXP": 58308221}, engine_driver)
    assert verdict.verdict == "pass", verdict.reason
    scenario = next(s for s in compiled.scenarios if s.id == verdict.scenario_id)
    first, asked = scenario.steps[0], scenario.steps[-1]
    assert first.card != asked.card and {c.code for c in scenario.setup.cards if c.ref in (first.card, asked.card)} == {58308221}
    log = results[scenario.id].log["steps"]
    assert log[0]["status"] == "done" and log[-1]["offered"] is False

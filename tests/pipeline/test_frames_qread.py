"""Question reading (issue 9): an answer that says yes under a condition it states (「…のであれば、…発動する事は
できます」) and refuses the other cases in its asides (「また、」「なお、」) is a yes on that condition
(Frame.requires), not a conditional answer left unread. Official Q&As of the shared corpus."""

from __future__ import annotations



from pipeline.frames import answered_precondition




def test_a_yes_under_its_condition_beside_a_refusing_aside(qa):
    # デュアルモンスターが戦闘で破壊された際に、墓地の「救護部隊」の効果を発動できますか？ -> 通常モンスターとして扱われて
    # いるデュアルモンスターが破壊されたのであれば発動できます（また、効果モンスターとして扱われている場合はできません）
    f = qa(16640)
    assert f.question.kind == "can_activate" and f.answer == "yes" and not f.unread
    assert len(f.requires) == 1 and "通常モンスターとして扱われているデュアルモンスター" in f.requires[0]


def test_a_yes_under_its_condition_beside_a_nao_refusal(qa):
    # リンクモンスターが存在する場合、「アヌビスの呪い」は発動できますか？ -> リンクモンスター以外の効果モンスターが1体でも
    # 存在するのであればできます（なお、…リンクモンスターのみの場合には…できません）
    f = qa(20715)
    assert f.answer == "yes" and not f.unread
    assert "リンクモンスター以外の効果モンスター" in f.requires[0]


def test_a_conditional_yes_needs_its_refusals_in_asides():
    # both cases said as sentences proper: conditional, not a yes on a condition
    answer = ("通常モンスターとして扱われているのであれば、発動する事はできます。"
              "効果モンスターとして扱われている場合には、発動する事はできません。")
    assert answered_precondition(answer, "can_activate") == []
    # the refusal in an aside: the yes holds on its condition
    assert answered_precondition(answer.replace("効果モンスターとして", "また、効果モンスターとして"), "can_activate") == [
        "通常モンスターとして扱われているのであれば、発動する事はできます"]


def test_a_yes_under_its_condition_after_a_why_in_other_verbs(qa):
    # 「ライオウ」の効果が適用されている場合、「融合徴兵」を発動できますか？ -> 「…デッキからカードを手札に加える事ができ
    # ません。したがって、…墓地から融合素材モンスターを手札に加えられるのであれば、…発動する事ができます。（デッキからしか
    # …できない場合には、…発動する事はできません。）」: the first できません is why, not the answer
    f = qa(15010)
    assert f.question.kind == "can_activate" and f.answer == "yes" and not f.unread
    assert len(f.requires) == 1 and "墓地から融合素材モンスターを手札に加えられるのであれば" in f.requires[0]

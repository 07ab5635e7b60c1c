"""Ruling frames: what a ruling says, as data (rulings.records.Frame): the situation (cards with
controller, location, position and state), the ordered events (activate, chain, summon, Set, attack,
destroy, send, banish …), the question (can activate / can target / can summon / can Set / can attack
/ is destroyed / applies / what happens) and the answer (yes, no or an outcome).

The extractor reads the regular phrasing of the official Japanese Q&A (its title is the question in
one sentence, 「…できますか」; the answer opens with 「…できます。」/「…できません。」), and the same
frame type from Chinese rule docs and French articles (statements: the whole ruling is the
question with its answer, 可以/不能, peut/ne peut pas). Whatever part it cannot read is named in
`Frame.unread`, so a ruling without a usable frame says why.

It runs as a spaCy component (factory "ruling_frame": sets `doc._.frame` from the text and the
card mentions in `doc.user_data["mentions"]`); `frame_for(...)` is the call the NLP stage makes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

import re
import unicodedata

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from rulings.records import (ATTACKED_NOTE, BATTLES_NOTE, CONTROL_TAKER, DESCRIBED_SUMMON_NOTE, DESTROYED_IN_CHAIN_NOTE, DESTROYED_TOGETHER_NOTE,
                             EACH_COPY, FLIPPED_DOWN_NOTE, FOE_TURN, Frame, HAS_XYZ_MATERIALS,
                             FrameCard, FrameEvent, FrameQuestion, FrameZone, MOVED_BY_NOTE, NEGATED_SUMMON_NOTES,
                             NEGATES_SUMMON_NOTE, NOT_PROPERLY_SUMMONED,
                             SENT_NOTE, TRAP_MONSTER_NOTE, TRIBUTE_SUMMON_NOTE)
from rulings.text import fold_name, language_family

CIRCLED = {c: i for i, c in enumerate("①②③④⑤⑥⑦⑧⑨⑩", 1)}
_NAME = r"「((?:[^「」]|「[^「」]*」)+)」"  # a card name; nested quotes inside names are kept
_CARD = re.compile(_NAME)
_QUOTE = re.compile(r"『([^『』]+)』")

# ---------------------------------------------------------------- Japanese vocabulary

_JA_OWNER = [(re.compile(r"相手(?:の|が|は)?(?:フィールド|モンスターゾーン|魔法[&＆]罠ゾーン|手札|墓地|場|デッキ)?(?:の|に|で)?$"), "opponent"),
             (re.compile(r"自分(?:の|が|は)?(?:フィールド|モンスターゾーン|魔法[&＆]罠ゾーン|手札|墓地|場|デッキ)?(?:の|に|で)?$"), "self")]
_JA_LOCATION = [("エクストラデッキ", "extra"), ("ペンデュラムゾーン", "pzone"), ("フィールドゾーン", "fzone"),
                ("魔法[&＆]罠ゾーン", "szone"), ("モンスターゾーン", "mzone"), ("手札", "hand"), ("墓地", "grave"),
                ("除外", "removed"), ("デッキ", "deck"), ("フィールド", "field"), ("場", "field")]
_JA_POSITION = [("裏側守備表示", "facedown_defense"), ("表側守備表示", "faceup_defense"), ("表側攻撃表示", "faceup_attack"),
                ("裏側表示", "facedown"), ("表側表示", "faceup"), ("セットされ", "facedown"), ("攻撃表示", "attack"),
                ("守備表示", "defense")]

# what the question asks, from the title's last clause (longest cue first where they overlap)
_JA_QUESTION = [
    (re.compile(r"(?:の|が持つ)?(?:(?P<eff>[①②③④⑤⑥])の)?(?:(?P<what>モンスター効果|ペンデュラム効果|効果)(?:を|は|も)|を)(?:手札から|墓地から|セットしたターンに|フィールドで|(?:自分の)?(?:メインフェイズ2|エンドフェイズ)(?:時)?に)?発動(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か"), "can_activate"),
    (re.compile(r"(?P<how>アドバンス召喚|特殊召喚|通常召喚|反転召喚|リバース召喚|融合召喚|シンクロ召喚|エクシーズ召喚|X召喚|リンク召喚|儀式召喚|ペンデュラム召喚|召喚)(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か"), "can_summon"),
    (re.compile(r"(?:を)?セット(?:する事は|することは|する事が)?でき(?:ます|ません)か"), "can_set"),
    (re.compile(r"(?:の)?(?:モンスター効果の|効果の)?対象(?:として|に)(?:、?[^「」、。]{0,16}「[^「」]+」(?:自身)?を)?(?=[^、。]{0,24}?(?:でき|選べ)(?:ます|ません)か)(?:選択|選ぶ事|指定|する事|でき)"), "can_target"),
    (re.compile(r"(?:に|へ|で|を)?(?:直接)?攻撃(?:宣言)?(?:する事は|することは|する事が)?でき(?:ます|ません)か"), "can_attack"),
    (re.compile(r"(?:に|へ|で)?(?:直接)?(?<!回の)攻撃(?:宣言)?(?:を|が)(?:行え|行う事は?でき|する事は?でき)(?:ます|ません)か"), "can_attack"),
    (re.compile(r"破壊されますか|破壊されませんか"), "is_destroyed"),
    (re.compile(r"(?:効果|処理)?は?(?:適用|発動)されますか|(?:効果は|効果が)発動しますか|適用できますか"), "applies"),
    (re.compile(r"どう(?:なり|す)ますか|どのように|どちら|何枚|いくつ|何体|何回|なりますか"), "what_happens"),
    # 「G」の効果で、デッキから「X」を手札に加えられますか / 墓地の「X」を選べますか: can G's effect choose X
    (re.compile(r"を(?:デッキから|墓地から)?(?:(?:手札|デッキ)に)?(?:加えられ|加える(?:事|こと)(?:は|が)?でき|選べ|選ぶ(?:事|こと)(?:は|が)?でき|"
                r"戻せ|戻す(?:事|こと)(?:は|が)?でき|墓地(?:へ|に)送れ|墓地(?:へ|に)送る(?:事|こと)(?:は|が)?でき)(?:ます|ません)か"), "can_select"),
    # 「G」の効果で「X」を除外できますか / 「G」を発動する際に、コストとして「X」をリリースできますか / 「X」を装備できますか:
    # can G's effect (or its cost) choose X (read_select_question)
    (re.compile(r"を(?:(?:デッキ|墓地|手札)から)?(?:除外|リリース|装備(?:させ)?)(?:する(?:事|こと)(?:は|が)?でき|でき)(?:ます|ません)か"), "can_select"),
    # 「G」の効果で「X」を融合素材にできますか / 融合素材として「X」を使用できますか: can G's summon use X as a material
    (re.compile(r"を(?:融合|シンクロ|エクシーズ|リンク)素材(?:に(?:する(?:事|こと)(?:は|が)?でき|でき)|として使用でき)(?:ます|ません)か"), "can_select"),
    # 「G」の効果で持ち主のデッキに戻すカードとして、「X」を選択できますか (a choice that is not a target: 対象 is can_target)
    (re.compile(r"(?:カード|モンスター)(?:として|に)、?[^、。]{1,40}を選択(?:する(?:事|こと)(?:は|が)?)?でき(?:ます|ません)か"), "can_select"),
    # 「X」のカードの発動は行えますか: whether X can be activated
    (re.compile(r"(?:の)?(?:カードの|効果の)?発動(?:は|を)行え(?:ます|ません)か"), "can_activate"),
    # 「X」を発動し、無効にして破壊する事はできますか: can X be activated and do what it does (a yes only: a no does not
    # say which of the two cannot be done, see _PURPOSE_NO)
    (re.compile(r"(?:の(?:(?P<eff>[①-⑥])の)?(?P<what>モンスター効果|ペンデュラム効果|効果))?を発動し、(?P<purpose>[^「」、。]{1,40}?)"
                r"(?:する(?:事|こと))?(?:は|が)?できますか"), "can_activate"),
    # (「…場合、手札に加えられますか」: a verb's potential form)
    (re.compile(r"(?P<how>[^、「」を]{1,10})(?:でき|され|し|行い|あり|られ)(?:ます|ません)か"), "other"),
]
_PURPOSE_NO = "answer: a 'no' to activating a card and doing what it does after (を発動し、…できますか) does not say which cannot be done"
_JA_YES = re.compile(r"(?:でき|され|なり|行い|し|受け|き|あり|い)ます(?:[。\n]|$)|^はい")
_JA_NO = re.compile(r"(?:でき|され|なり|行い|し|受け|き|あり|い)ません(?:[。\n]|$)|^いいえ")
_JA_SITUATION = [
    # 「A」の効果が適用されている / 適用中
    # (「A」と「B」が適用されている: both; 「A」等の効果: A and cards like it, A stands for them)
    # (「A」の効果と、「B」のモンスター効果が適用される場合: both too)
    (re.compile(_NAME + r"(?=(?:の(?:モンスター効果|ペンデュラム効果|効果))?と、?「[^「」]+」(?:の(?:モンスター効果|ペンデュラム効果|効果))?"
                r"(?:が|の)(?:それぞれ)?適用(?:中|され))"), "applied"),
    (re.compile(_NAME + r"等?(?:の(?:『[^『』]{1,40}』の)?(?:モンスター効果|ペンデュラム効果|効果|[①②③]の効果))?(?:が|の)?(?:それぞれ)?"
                # (「…が適用されているターンに」: in the turn it applies, as set up: activated this turn)
                r"(?:適用(?:中|され)|効果適用中)(?:ている(?=ターン))?(?:ターン(?:中)?に)?"), "applied"),
    (re.compile(_NAME + r"(?:が|を)?(?:装備(?:している|され)|装備カード扱い)"), "equipped"),
    # エクシーズ素材を持っている「X」: the words only (before the name), where X is read by the patterns below
    (re.compile(r"(?:エクシーズ|X)素材を(?:持っている|持った|持つ)(?=" + _NAME + ")"), HAS_XYZ_MATERIALS),
    # 「X」のモンスター効果が無効になっている (by what, not said: the compiler's stand-in negates it)
    (re.compile(_NAME + r"の(?:モンスター効果|効果)が無効(?:に|化)(?:なって|されて)いる(?=場合|状態|時|、)"), "negated"),
    (re.compile(_NAME + r"が(?P<where>[^、「」]{0,20}?)(?:に|で)(?P<pos>表側表示|裏側表示|表側攻撃表示|表側守備表示|裏側守備表示)?(?:で)?存在(?:する|している)"), "present"),
    (re.compile(_NAME + r"(?:が|を|のみが|しか)(?:[^、「」]{0,20}?)(?:コントロールして|存在)(?!し(?:ない|ていない|ません|なく))"), "present"),
]
# where a situation card is, said before its name: 「自分のモンスターゾーンに「X」が存在する」
_JA_PLACE_BEFORE = re.compile(r"(?:自分|相手)(?:の)?(?:フィールド|モンスターゾーン|魔法[&＆]罠ゾーン|ペンデュラムゾーン|フィールドゾーン|墓地|手札|場)に、?$")
# which of a card's effects an event names: 「X」の②の効果 / 「X」の『②』の効果 / 「X」のモンスター効果の② / 「X」の『…』効果
# (「X」の攻撃力をアップするモンスター効果: the words before 効果 describe which effect)
_JA_EFFECT_DESC = r"(?P<desc>[^「」、。『』]{2,24}?(?:する|できる))?"
_JA_EFFECT_OF = (r"(?:の(?P<eff>[①-⑨]))?(?:の『(?P<quote>[^『』]{1,80})』)?(?:の)?"
                 r"(?:" + _JA_EFFECT_DESC + r"(?P<what>モンスター効果|ペンデュラム効果|効果|カード)(?:の(?P<eff2>[①-⑨]))?)?")
# 「自身をリリースして発動した「X」」「"…する効果"である「X」」「モンスターの特殊召喚を無効にする「X」」: how an activation
# before the question was made, or what its effect does, said before the card's name (the clause up to it)
_JA_DESC_BEFORE = re.compile(r"(?:^|(?<=、))(?P<desc>(?:(?:墓地|手札|フィールド)(?:にて|で|から))?(?:自身|このカード)を(?:リリース|除外|墓地へ送っ)(?:して|て)?(?=発動した$)|"
                             r"[^、「」]{2,40}?(?:する|できる)(?:効果)?\"?(?=(?:である)?$))(?:発動した|である)?$")
# the phase a summon before the question is made in (「X」をメインフェイズ２にて召喚した場合、効果を発動できますか): the
# question is asked in it too, after that summon (an event `phase` before the summon's)
_JA_SUMMON_PHASE = r"(?:(?P<phase>メインフェイズ[2２]|エンドフェイズ)(?:にて|中に|に)、?)?"
_JA_EVENTS = [
    # 「X」の②の効果の発動にチェーンして / 「X」の発動に対して / 「X」のカードの発動や効果の発動にチェーンして
    (re.compile(_NAME + _JA_EFFECT_OF + r"(?:の発動)?(?:や効果の発動)?(?:に|へ)(?:チェーン(?:を)?して|対して)"), "activate"),
    # 「X」の効果が発動した時 (a response to it: see _chained_when)
    (re.compile(_NAME + _JA_EFFECT_OF + r"が発動(?:した|された)(?=時|際)"), "activate"),
    # 「X」のカードの発動の際に、「Y」を発動できますか: Y responds to X's activation
    (re.compile(_NAME + r"の(?:カードの)?発動の際に"), "activate"),
    (re.compile(_NAME + r"(?:の(?P<eff>[①②③])?(?:の)?(?P<what>モンスター効果|ペンデュラム効果|効果))?(?:の発動)?に(?:直接)?チェーン(?:を)?して"), "activate"),
    (re.compile(_NAME + r"(?:の(?P<eff>[①②③])?(?:の)?" + _JA_EFFECT_DESC + r"(?P<what>モンスター効果|ペンデュラム効果|効果))?を(?:裏から表にして)?発動し(?:ている|た)?(?:ターン(?:に|中|の間)?)?"), "activate"),
    # 「X」が発動した / 「X」が発動された / 「X」が効果を発動した
    (re.compile(_NAME + r"が(?:効果を)?(?:発動され|発動し|発動した|の発動)"), "activate"),
    # (「X」をメインフェイズ２にて召喚した: summoned in the phase the question is then asked in, _JA_SUMMON_PHASE)
    (re.compile(_NAME + r"(?:を|が)" + _JA_SUMMON_PHASE + r"(?:召喚・特殊召喚|召喚・反転召喚・特殊召喚|召喚|通常召喚|アドバンス召喚)"
                r"(?:し|され|に成功(?:し)?)(?:ている|た)?(?:ターン(?:に|中|の間)?)?"), "summon"),
    (re.compile(_NAME + r"(?:を|が)" + _JA_SUMMON_PHASE + r"特殊召喚(?:し|され|に成功(?:し)?)(?:ている|た)?(?:ターン(?:に|中|の間)?)?"),
     "special_summon"),
    (re.compile(_NAME + r"(?:を|が)(?:反転召喚|リバース)(?:し|され|に成功)"), "flip_summon"),
    (re.compile(_NAME + r"(?:を|が)セット(?:し|され)"), "set"),
    (re.compile(_NAME + r"(?:で|が|の)(?:直接)?攻撃(?:宣言)?(?:し|した|を宣言|時)"), "attack"),
    # (「A」自身が破壊されている: A, activated before, destroyed by what was chained to it)
    (re.compile(_NAME + r"(?:自身)?(?:を|が)(?:[^、「」]{0,12}で)?破壊(?:し|され)"), "destroy"),
    (re.compile(_NAME + r"(?:自身)?(?:を|が)墓地へ送(?:り|っ|ら)"), "send_to_grave"),
    (re.compile(_NAME + r"(?:自身)?(?:を|が)除外(?:し|され)"), "banish"),
]


# 「X」は、…発動できますか / 「X」の効果は…発動できますか: the questioned card is the topic, said first; read
# as 「…、「X」を発動できますか」 (the situation first, then the question's subject and verb)
_JA_TOPIC_FIRST = re.compile(
    r"^(?P<topic>" + _NAME + r"(?:の(?:[①-⑥]の)?(?:『[^『』]{1,60}』の)?(?:モンスター効果|ペンデュラム効果|効果))?)は、?"
    r"(?P<rest>[^。？]*?)、?(?P<verb>(?:手札から|墓地から|そのターンに|同一ターンに)?発動(?:する事は|することは|する事が|することが)?"
    r"でき(?:ます|ません)か)")


def topic_first(body: str) -> str:
    """A title whose questioned card is its topic (「X」は、S、発動できますか) in the order the question
    patterns read: 「S、「X」を発動できますか」. Other titles unchanged."""
    m = _JA_TOPIC_FIRST.match(body)
    if not m or not m.group("rest") or re.search(r"を(?:発動|チェーン)|発動し", m.group("rest")):
        return body
    return f"{m.group('rest')}、{m.group('topic')}を{m.group('verb')}{body[m.end():]}"


# 「A」の効果を「B」の効果で無効にできますか, where the question asks whether B can be activated (「B」『…』効果を発動
# できますか): the answer says whether B's activation can answer A's (「効果を発動することはできません」)
_JA_NEGATED_BY = re.compile(r"^(?P<a>" + _NAME + r")の(?P<what>効果|発動)を(?P<b>" + _NAME + r")(?:の効果)?で無効に"
                            r"(?:する事が|することが|する事は|することは)?でき(?:ます|ません)か")
_JA_CAN_ACTIVATE = r"発動(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か"


def negated_by_activation(body: str, question: str) -> str:
    """A title asking whether B negates A (「A」の効果を「B」の効果で無効にできますか) whose question asks whether B can
    be activated, read as 「A」の効果の発動にチェーンして、「B」の効果を発動できますか. Other titles unchanged."""
    m = _JA_NEGATED_BY.match(body)
    asked = (question or "").split("回答", 1)[0]
    if not m or not re.search(re.escape(m.group("b")) + r"(?:『[^『』]*』|[^。？?『])*" + _JA_CAN_ACTIVATE, asked):
        return body
    event = "効果の発動" if m.group("what") == "効果" else "発動"
    return f"{m.group('a')}の{event}にチェーンして、{m.group('b')}の効果を発動できますか{body[m.end():]}"


# 「X」を同一ターン中に2枚発動できますか: X activated, then its second copy asked (read_second_copy)
_JA_TWO_IN_A_TURN = re.compile(r"^(?P<x>" + _NAME + r")を(?:同一|同じ|1|１)ターン(?:中|の間|内)?に(?:2|２)枚(?=発動できますか)")


def two_in_a_turn(body: str) -> str:
    """A title asking whether two copies of X can be activated in one turn, read as 「X」を発動したターンに、2枚目の
    「X」を発動できますか. Other titles unchanged."""
    m = _JA_TWO_IN_A_TURN.match(body)
    return f"{m.group('x')}を発動したターンに、2枚目の{m.group('x')}を{body[m.end():]}" if m else body


# 「自分が召喚・特殊召喚に成功した「X」の効果を発動している」: the monster whose effect is activated was Normal
# Summoned (or Summoned either way) just before; the compiler plays that Summon first where the effect is a
# trigger of it (steps.summon_triggered), else the monster is on the field. A Special Summon only (「特殊召喚に
# 成功した「X」」) is not a Normal Summon: left unread.
_JA_SUMMONED_BEFORE = re.compile(r"(?:(?:自分|相手)(?:が|の))?(?:召喚・特殊召喚|召喚・反転召喚・特殊召喚|アドバンス召喚|通常召喚|(?<!特殊)召喚)"
                                 r"(?:に成功)?(?:し|され)た$")
# who acts and from where, before an event's card name: 「相手が手札から」「自分が墓地で」
# (「手札にて発動した「X」の効果にチェーンして」: where X's effect was activated, read as X's place)
_JA_EVENT_PREFIX = re.compile(r"(?:(?:相手|自分)(?:が|は))?(?:(?:手札|墓地|フィールド|ペンデュラムゾーン)(?:から|で|の)|"
                              r"(?:(?:相手|自分)の)?(?:手札|墓地)(?:にて|で)発動(?:した|された)|その|"
                              # (「魔法＆罠ゾーンにセットされている「X」を裏から表にして発動した」: where X is, _locate)
                              r"(?:(?:相手|自分)の)?魔法[&＆]罠ゾーンにセットされている)?$")
# 「A」や「B」 / 「A」「B」: examples of one role; the ruling holds for each, the frame reads the last
_JA_ALTERNATIVE = re.compile(_NAME + r"(?:や|、)?(?=「)")
# 墓地の「X」を対象として、「Y」を発動できますか: the questioned activation targets X
_JA_TARGET_AS = re.compile(
    r"(?:その|(?:(?:自分|相手)(?:の|フィールド上の|フィールドの))?(?:墓地|ペンデュラムゾーン|モンスターゾーン|魔法[&＆]罠ゾーン|"
    r"フィールド上|フィールド)?(?:の|に(?:表側表示で|裏側表示で)?存在する)?(?:(?:表側|裏側)?(?:攻撃|守備)?表示の)?)"
    + _NAME + r"を対象(?:として|に)(?:選択して|選択し)?、?$")


def _read_alternatives(text: str, end: int, spans: list[tuple[int, int]]) -> None:
    """「A」や「B」の効果 / 「A」「B」を発動: A is another example of what B does; the frame reads B
    (a ruling that holds for each holds for the one compiled), and A is not left unread. `text` is the
    title, `end` where its situation ends (B may be the questioned card)."""
    for m in _JA_ALTERNATIVE.finditer(text, 0, end + 1):
        if m.start() >= end:
            break
        if m.group(0).endswith("、") and not re.match(r"「[^「」]+」(?:や|「)", text[m.end():]):
            continue  # 「A」、「B」 lists only where the list goes on (「A」、「B」や「C」)
        if not any(s <= m.start() < e for s, e in spans):
            spans.append((m.start(), m.end()))


def _read_question_targets(text: str, frame: Frame, cards: "_Cards", spans: list[tuple[int, int]]) -> None:
    """「(where)「X」を対象として」 just before a can_activate question: X is the activation's target."""
    q = frame.question
    if q is None or q.kind != "can_activate" or q.targets:
        return
    m = _JA_TARGET_AS.search(text)
    if not m or any(s <= m.start() < e for s, e in spans):
        return
    card = cards.get(m.group(1))
    if card.ref == q.card:
        return
    _locate(card, m.group(0)[:m.group(0).find("「")])
    q.targets = [card.ref]
    spans.append((m.start(), m.end()))


_JA_OWN_SUMMON = re.compile(r"^(?:(?:自分|相手)(?:は|が))?(?P<how>召喚・特殊召喚|アドバンス召喚|通常召喚|特殊召喚|召喚)(?:に成功)?(?:した|された)$")


def _read_own_summon(frame: Frame, situation: str = "", spans: list[tuple[int, int]] | None = None) -> None:
    """召喚に成功した「X」の効果を発動できますか: the questioned card was summoned just before (an event
    on it, last); a Special Summon by a procedure or an effect the frame does not name stays a special_summon.
    The summon words are the question clause's start, or the situation's last clause (「…、召喚・特殊召喚された」)."""
    q = frame.question
    if q is None or q.card is None or not q.text:
        return
    prefix = q.text[:q.text.find("「")] if "「" in q.text else ""
    tail = re.search(r"[^、]*$", situation)
    if not prefix and tail and tail.group(0) and _JA_OWN_SUMMON.search(tail.group(0)) and spans is not None \
            and not any(s <= tail.start() < e for s, e in spans):
        prefix = tail.group(0)
        spans.append((tail.start(), tail.end()))
    other = re.search(r"(儀式|融合|シンクロ|エクシーズ|X|リンク|ペンデュラム)召喚(?:に成功)?(?:した|された)$", prefix)
    if other:
        frame.unread.append(f"situation: the questioned card was {other.group(0)} (a summon the set-up does not play)")
    m = _JA_OWN_SUMMON.search(prefix)
    if m:
        frame.events.append(FrameEvent(action="special_summon" if m.group("how") == "特殊召喚" else "summon", card=q.card,
                                       note="its own summon"))


# ---------------------------------------------------------------- zones stated empty, full or counted

_ZONE_WHO = r"(?P<who>自分(?:または|か)相手|自分|相手|お互い)?(?:の)?"
_ZONE_WHERE = (r"(?P<where>メインモンスターゾーン|モンスターゾーン|魔法[&＆]罠ゾーン|ペンデュラムゾーン|フィールドゾーン|"
               r"エクストラデッキ|EXデッキ|フィールド上|フィールド|場|墓地|デッキ|手札)")
_ZONE_WHAT = (r"(?P<what>(?:表側攻撃表示の?|表側表示の?)?モンスター|カード|魔法・罠カード|[^、「」がはにをで]{1,24}?(?:モンスター|トークン)|"
              r"[^、「」がはにをで・]{1,6}族(?:・[^、「」がはにをで・]{1,6}族)*)")
_ZONE_PATTERNS = [
    # 自分フィールドにモンスターが存在しない / 相手フィールドにカードが1枚もない / 自分のペンデュラムゾーンにカードがある
    re.compile(_ZONE_WHO + _ZONE_WHERE + r"(?:に|には)、?" + _ZONE_WHAT + r"(?:が|は)(?P<how>(?:1|１)(?:枚|体)もない|(?:1|１)(?:枚|体)も存在しない|"
               r"存在しない|存在せず|ない|無い|存在する|存在している|ある|(?P<n>[0-9０-９]+)(?:枚|体)(?:存在する|存在している|ある)?)"
               r"(?=場合|時|状況|状態|、|$)"),
    # 自分のメインモンスターゾーンに空きがない
    re.compile(_ZONE_WHO + _ZONE_WHERE + r"に空き(?:が|の)?(?P<how>ない|無い|存在しない)"),
    # 使用可能なメインモンスターゾーンが存在しない: no zone left to use (a full zone)
    re.compile(_ZONE_WHO + r"(?:使用可能な|使用できる|空いている)" + _ZONE_WHERE + r"(?:が|は)(?P<how>存在しない|ない|無い)"
               r"(?=場合|時|状況|状態|、|$)"),
    # 自分のデッキに「EM」と名のついたモンスターが存在しない: no monster of the archetype there
    re.compile(_ZONE_WHO + _ZONE_WHERE + r"(?:に|には)、?「(?P<arch>[^「」]+)」と名のついた(?P<what>モンスター|カード)(?:が|は)"
               r"(?P<how>(?:1|１)(?:枚|体)も(?:存在し)?ない|存在しない|存在せず|ない|無い)(?=場合|時|状況|状態|、|$)"),
    # 自分のデッキが0枚 / 相手のデッキ枚数が0枚 / 相手のデッキが3枚未満 / 手札が0枚
    re.compile(_ZONE_WHO + _ZONE_WHERE + r"(?:の)?(?:枚数)?が(?P<n>[0-9０-９]+)枚(?P<cmp>未満|以下|以上)?(?=の|場合|時|状況|状態|、|$)"),
    # モンスタートークンが存在する場合 / リンクモンスターが存在しない場合: a kind of monster on the field, no zone said
    # (at the start or after a clause that ends; not 「特殊召喚できる、シンクロモンスターが存在しない」, a relative clause)
    re.compile(r"(?:^|(?<=場合、)|(?<=時、)|(?<=中、)|(?<=際、)|(?<=中に、))(?P<who>)(?P<where>)" + _ZONE_WHAT + r"が(?P<how>存在する|存在しない|存在している)(?=場合|時|状況)"),
    # 除外されているモンスターが存在しない
    re.compile(_ZONE_WHO + r"(?P<where>除外)されている" + _ZONE_WHAT + r"(?:が|は)(?P<how>存在しない|ない|存在する|ある)"),
]
_ZONE_LOCATION = {"メインモンスターゾーン": "mzone", "モンスターゾーン": "mzone", "魔法&罠ゾーン": "szone", "魔法＆罠ゾーン": "szone",
                  "ペンデュラムゾーン": "pzone", "フィールドゾーン": "fzone", "エクストラデッキ": "extra", "EXデッキ": "extra",
                  "フィールド上": "field", "フィールド": "field", "場": "field", "墓地": "grave", "デッキ": "deck", "手札": "hand",
                  "除外": "removed", "": "field"}
_ZONE_FULL = {"mzone": 5, "szone": 5, "pzone": 2, "fzone": 1}


def _zone_count(m: "re.Match[str]", location: str) -> str | None:
    """none | some | full | N | <N from a zone condition's words (None: a count not read)."""
    how, n = m.groupdict().get("how") or "", m.groupdict().get("n")
    if n is not None:
        number = int(n.translate(str.maketrans("０１２３４５６７８９", "0123456789")))
        cmp = m.groupdict().get("cmp")
        if cmp == "以上":
            return "some" if number == 1 else None  # (手札が1枚以上: some; more is a count not read)
        if cmp:
            return f"<{number + (1 if cmp == '以下' else 0)}"
        if number == 0:
            return "none"
        return "full" if _ZONE_FULL.get(location) == number else str(number)
    if m.group(0).endswith(("空きがない", "空きが無い", "空きのない", "空きがない", "空きが存在しない", "空きない")) or "空き" in m.group(0) \
            or re.search(r"使用可能な|使用できる|空いている", m.group(0)):
        return "full"
    if re.match(r"(?:1|１)(?:枚|体)も|存在しない|存在せず|ない|無い", how):
        return "none"
    return "some"


def read_zone_conditions(situation: str, frame: Frame, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Zones the situation states empty, full or counted, with no card named in them (「自分フィールドに
    モンスターが存在しない場合」「相手のデッキが3枚未満の時」「モンスターゾーンに空きがない場合」): into
    frame.zones, their words into spans (so no clause is left unread). Returns the spans read."""
    read: list[tuple[int, int]] = []
    for pattern in _ZONE_PATTERNS:
        for m in pattern.finditer(situation):
            if any(s <= m.start() < e or s < m.end() <= e for s, e in spans + read):
                continue
            if m.start() > 0 and situation[m.start() - 1] == "」" or re.search(r"(?:または|や|か|・)$", situation[:m.start()]):
                continue  # 「X」の墓地に…: a zone of a named card's; 手札またはフィールドに…: one of several places
            location = _ZONE_LOCATION[m.group("where")]
            count = _zone_count(m, location)
            if count is None:
                continue  # (a count this does not read: 2枚以上)
            what_words = m.groupdict().get("what") or "カード"
            traits: list[str] = []
            if m.groupdict().get("arch"):
                # (「「A」と名のついたカード」: any card of the archetype; a monster's is a monster)
                what, traits = "monster" if what_words == "モンスター" else "card", [f"archetype={m.group('arch')}"]
            elif re.fullmatch(r"(?:表側攻撃表示の?|表側表示の?)?モンスター|カード|魔法・罠カード", what_words):
                what = ("faceup_attack_monster" if what_words.startswith("表側攻撃表示") else "faceup_monster"
                        if what_words.startswith("表側表示") else "monster" if what_words == "モンスター" else
                        "spell_trap" if what_words == "魔法・罠カード" else "card")
            elif what_words.endswith("族"):
                # 「ドラゴン族・鳥獣族が存在しない」: no monster of any of those Types (one empty zone each)
                races = [_DESC_RACE.get(r) for r in what_words.split("・")]
                if count != "none" or None in races:
                    continue
                who = m.group("who") or ""
                for race in races:
                    frame.zones.append(FrameZone(controller={"自分": "self", "相手": "opponent", "お互い": "both"}.get(
                        who, "self" if who else None), location=location, what="monster", count=count,
                        text=m.group(0), described=[f"race={race}"]))
                read.append((m.start(), m.end()))
                continue
            else:
                # 「アンデット族モンスター」「モンスタートークン」: monsters of a kind the ruling describes
                kind_of = described_card(what_words)
                # (エクストラデッキに表側表示のペンデュラムモンスターがない: face-up there; its position is all it says)
                faceup_extra = kind_of is not None and location == "extra" and kind_of[3] == "faceup" and not kind_of[1]
                if kind_of is None or (kind_of[1] or kind_of[2] or kind_of[3]) and not faceup_extra:
                    continue
                what = "faceup_monster" if faceup_extra else "monster"
                traits = [t for t in kind_of[0] if t != "monster"]
            who = m.group("who") or ""
            controller = {"自分": "self", "相手": "opponent", "お互い": "both"}.get(who, "self" if who else None)
            frame.zones.append(FrameZone(controller=controller, location=location, what=what, count=count or "",
                                         text=m.group(0), described=traits))
            read.append((m.start(), m.end()))
    spans.extend(read)
    return read


# 手札が「X」1枚のみの場合 / 自分のモンスターゾーンに「A」と「B」のみが存在する場合: the pile or zone holds the named cards alone
_JA_ONLY_CARDS = re.compile(
    _ZONE_WHO + r"(?:(?P<pile>手札|墓地|デッキ|エクストラデッキ|EXデッキ)(?:が|は)、?(?P<one>" + _NAME + r")(?:1|１)枚のみ(?:の)?|"
    r"(?P<zone>メインモンスターゾーン|モンスターゾーン)(?:に|には)、?(?P<names>" + _NAME + r"(?:(?:と|、)" + _NAME + r"){0,3})"
    r"(?:のみ|だけ)(?:が)?存在(?:する|している))(?=場合|時|状況|状態|、|$)")


def read_only_cards(situation: str, frame: Frame, cards: "_Cards", spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A pile or Monster Zone the situation says holds named cards alone (手札が「X」1枚のみの場合 / 自分のモンスターゾーン
    に「A」と「B」のみが存在する場合): a zone of that many cards (FrameZone; the player said, else the cards'), the cards
    placed there (present, in a Monster Zone); its words join `spans`. Returns the spans read (a count they say is read)."""
    read: list[tuple[int, int]] = []
    for m in _JA_ONLY_CARDS.finditer(situation):
        if any(s <= m.start() < e or s < m.end() <= e for s, e in spans):
            continue
        location = _ZONE_LOCATION[m.group("pile") or m.group("zone")]
        named = [cards.get(n) for n in re.findall(_NAME, m.group("one") or m.group("names"))]
        if len({c.ref for c in named}) < len(named) or any(c.location not in (None, location) for c in named):
            continue
        who = {"自分": "self", "相手": "opponent"}.get(m.group("who") or "")
        for c in named:
            c.location, c.controller = location, c.controller or who
            if location == "mzone" and "present" not in c.state:
                c.state.append("present")
        frame.zones.append(FrameZone(controller=who or named[0].controller, location=location,
                                     what="monster" if location == "mzone" else "card", count=str(len(named)),
                                     text=m.group(0)))
        read.append((m.start(), m.end()))
    spans.extend(read)
    return read


# ---------------------------------------------------------------- cards described, not named

_DESC_KINDS = [("リンクモンスター", "link"), ("エクシーズモンスター", "xyz"), ("シンクロモンスター", "synchro"),
               ("融合モンスター", "fusion"), ("儀式モンスター", "ritual"), ("ペンデュラムモンスター", "pendulum"),
               ("通常モンスター", "normal"), ("効果モンスター", "effect"), ("スピリットモンスター", "spirit"),
               ("デュアルモンスター", "gemini"), ("トゥーンモンスター", "toon"), ("チューナー", "tuner"),
               ("ユニオンモンスター", "union"), ("リバースモンスター", "flip"), ("モンスタートークン", "token"),
               ("トークン", "token"), ("モンスター", None)]
_DESC_ATTRIBUTE = {"光": "LIGHT", "闇": "DARK", "地": "EARTH", "水": "WATER", "炎": "FIRE", "風": "WIND", "神": "DIVINE"}
_DESC_RACE = {"魔法使い族": "SPELLCASTER", "ドラゴン族": "DRAGON", "アンデット族": "ZOMBIE", "戦士族": "WARRIOR",
              "獣戦士族": "BEASTWARRIOR", "獣族": "BEAST", "鳥獣族": "WINGEDBEAST", "悪魔族": "FIEND", "天使族": "FAIRY",
              "昆虫族": "INSECT", "恐竜族": "DINOSAUR", "爬虫類族": "REPTILE", "魚族": "FISH", "海竜族": "SEASERPENT",
              "水族": "AQUA", "炎族": "PYRO", "雷族": "THUNDER", "岩石族": "ROCK", "植物族": "PLANT", "機械族": "MACHINE",
              "サイキック族": "PSYCHIC", "幻竜族": "WYRM", "サイバース族": "CYBERSE", "幻神獣族": "DIVINE"}
_DESC_PLACE = re.compile(r"^(?P<who>自分|相手)?(?:の)?(?P<where>フィールド上?|モンスターゾーン|墓地|除外(?:されている|状態)?)?"
                         r"(?:に存在する|に表側表示で存在する|の|に)?(?P<pos>表側攻撃表示の|表側守備表示の|裏側守備表示の?|裏側表示の?|表側表示の)?")
_DESC_CORE = re.compile(r"^(?:(?P<attr>[光闇地水炎風神])属性の?)?(?:(?P<race>[^・、のを「」]{1,6}族)の?)?"
                        r"(?:(?P<lv>レベル|ランク|リンク)(?P<n>[0-9０-９]+)の)?"
                        r"(?:攻撃力(?:が)?(?P<atk>[0-9０-９]+)(?P<cmp>以下|以上|未満)?の)?(?:攻撃力と守備力が0の|攻撃力・守備力が0の)?(?P<kind>.+)$")


_DESC_ARCHETYPE = re.compile(r"^「(?P<arch>[^「」]+)」と名のついた")


def described_card(desc: str, archetype: bool = False) -> tuple[list[str], str | None, str | None, str | None] | None:
    """The traits of a card the ruling describes (「相手フィールドのリンクモンスター」「ランク1のモンスター」
    「自分の墓地の融合・シンクロ・エクシーズモンスター」: one example of the list is enough), with its
    controller, location and position; None when the words say more than this reads. With `archetype`, an
    archetype said before the kind (「墓地の「A」と名のついた融合モンスター等」) is a trait too (archetype=A)."""
    place = _DESC_PLACE.match(desc)
    rest = desc[place.end():]
    arch = _DESC_ARCHETYPE.match(rest) if archetype else None
    if arch:
        rest = re.sub(r"等$", "", rest[arch.end():])
    # (the position said after the other traits: 「攻撃力0の表側攻撃表示モンスター」)
    late = None if place.group("pos") else re.fullmatch(r"(.*の)(表側攻撃表示|表側守備表示|裏側守備表示)の?(モンスター)", rest)
    if late:
        rest = late.group(1) + late.group(3)
    # 「融合・シンクロ・エクシーズモンスター」「エクシーズモンスターやリンクモンスター」: the first kind listed
    listed = re.split(r"や(?=[^や]*モンスター$)", rest)
    rest = listed[0]
    if len(listed) > 1 and not re.search(r"(?:モンスター|トークン|チューナー)$", rest) and "の" in listed[-1]:
        rest += "の" + listed[-1].rsplit("の", 1)[1]  # 「攻撃力0や攻撃力？のモンスター」: 攻撃力0のモンスター
    rest = re.sub(r"(融合|シンクロ|エクシーズ|リンク|儀式)(?:・(?:融合|シンクロ|エクシーズ|リンク|儀式))+", r"\1", rest)
    # (「通常モンスター扱いのデュアルモンスター」: a Gemini monster face-up and not Gemini Summoned again is a Normal
    # Monster; what the 'gemini' trait set up on the field is)
    rest = re.sub(r"^通常モンスター扱いの(?=デュアルモンスター$)", "", rest)
    # (the ATK said before the Attribute or Type: 「攻撃力500未満の闇属性モンスター」)
    rest = re.sub(r"^(攻撃力(?:が)?[0-9０-９]+(?:以下|以上|未満)?の)([光闇地水炎風神]属性の?|[^・、のを「」]{1,6}族の?)", r"\2\1", rest)
    core = _DESC_CORE.match(rest)
    if not core:
        return None
    kind = core.group("kind")
    traits = []
    found = next(((w, t) for w, t in _DESC_KINDS if kind == w), None)
    if found is None:
        return None
    traits.append(found[1] or "monster")
    if arch:
        traits.append(f"archetype={arch.group('arch')}")
    if core.group("attr"):
        traits.append(f"attribute={_DESC_ATTRIBUTE[core.group('attr')]}")
    if core.group("race"):
        race = _DESC_RACE.get(core.group("race"))
        if race is None:
            return None
        traits.append(f"race={race}")
    if core.group("lv"):
        n = int(core.group("n").translate(str.maketrans("０１２３４５６７８９", "0123456789")))
        what = {"レベル": "level", "ランク": "rank", "リンク": "link_rating"}[core.group("lv")]
        traits += [f"{what}={n}"] + (["xyz"] if what == "rank" and "xyz" not in traits else
                                      ["link"] if what == "link_rating" and "link" not in traits else [])
    if core.group("atk"):
        # (攻撃力0の: exactly that ATK)
        bounds = {"以下": ("<=",), "以上": (">=",), "未満": ("<",)}.get(core.group("cmp") or "", ("<=", ">="))
        # (未満: below N, an ATK of N - 1 at most)
        traits += [f"atk<={int(core.group('atk')) - 1}" if b == "<" else f"atk{b}{int(core.group('atk'))}" for b in bounds]
    if "守備力が0" in rest:
        traits += ["atk<=0", "def<=0"]
    who = {"自分": "self", "相手": "opponent"}.get(place.group("who") or "")
    where = place.group("where") or ""
    location = "grave" if where == "墓地" else "removed" if where.startswith("除外") else "mzone" if where else None
    position = {"表側攻撃表示の": "faceup_attack", "表側守備表示の": "faceup_defense", "裏側守備表示の": "facedown_defense",
                "表側表示の": "faceup", "裏側守備表示": "facedown_defense", "裏側表示": "facedown",
                "裏側表示の": "facedown"}.get(place.group("pos") or (late.group(2) + "の" if late else ""))
    return traits, who, location or ("mzone" if position else None), position


# 「X」の効果の対象として、リンクモンスターを選択できますか: can X's effect target a card of that description
_JA_DESCRIBED_TARGET = re.compile(
    _NAME + r"の(?:(?P<eff>[①-⑥])の)?(?:『(?P<qeff>[①-⑥])』の|『[^『』]{1,40}』の)?(?P<what>モンスター効果|ペンデュラム効果|効果)"
    r"(?:の|(?:で|によって)[^「」、。]{1,16}?|を発動する際(?:に|の)、?)対象(?:として|に)、?"
    r"(?P<desc>(?:[^「」、。]|「[^「」]+」(?=と名のついた)){2,40}?)を(?:対象に)?(?:選択|選ぶ事|選ぶこと|指定)?(?:する事|すること)?"
    r"(?:は|が)?(?:でき|選べ)(?:ます|ません)か")
# 「E」を相手のトゥーンモンスターに装備できますか: E's activation (an Equip Spell) targets a monster of that description
_JA_EQUIP_DESCRIBED = re.compile(r"^(?P<e>" + _NAME + r")を、?(?P<desc>[^「」、。]{2,30}?)に装備(?:させる|する)?(?:事|こと)?(?:は|が)?"
                                 r"でき(?:ます|ません)か")
# リンクモンスターを対象として、「X」を発動できますか: the described card is the questioned activation's target
_JA_DESCRIBED_AS = re.compile(r"(?:^|、)(?P<desc>[^「」、。]{2,40}?)を対象(?:として|に)、?$")


def _described(frame: Frame, desc: str, archetype: bool = False) -> FrameCard | None:
    read = described_card(desc, archetype)
    if read is None:
        return None
    traits, who, location, position = read
    card = FrameCard(ref=f"c{len(frame.cards) + 1}", name=desc, controller=who, location=location, position=position,
                     described=traits)
    return card


def read_described_target(body: str, situation: str, frame: Frame, cards: "_Cards", spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A target the ruling describes instead of naming: 「X」の効果の対象として、<desc>を選択できますか (a
    can_target question), or <desc>を対象として、「X」を発動できますか (an activation with that target).
    The described card joins the frame's cards (traits in FrameCard.described)."""
    q = frame.question
    m = _JA_DESCRIBED_TARGET.search(body) or _JA_EQUIP_DESCRIBED.search(body)
    if m and (q is None or q.kind in ("other", "can_target", "can_activate")) and not (q and q.targets):
        source = cards.get(m.group(1) if m.re is _JA_DESCRIBED_TARGET else m.group("e")[1:-1])
        frame.cards = cards.cards
        target = _described(frame, m.group("desc"), archetype=True)
        if target is None:
            return []
        cards.cards.append(target)
        frame.question = FrameQuestion(kind="can_target", card=source.ref, targets=[target.ref], text=m.group(0),
                                       effect=_effect_number(m.groupdict().get("eff") or m.groupdict().get("qeff")),
                                       effect_kind={"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(
                                           m.groupdict().get("what") or ""))
        _locate(source, _before(body, m.start()))
        read = [(m.start(), max(m.start(), len(situation)))]
        spans.extend(read)
        return read
    if q is None or q.kind != "can_activate" or q.targets or q.card is None:
        return []
    m = _JA_DESCRIBED_AS.search(situation)
    if not m or any(s <= m.start("desc") < e for s, e in spans):
        return []
    frame.cards = cards.cards
    target = _described(frame, m.group("desc"))
    if target is None:
        return []
    cards.cards.append(target)
    q.targets = [target.ref]
    spans.append((m.start("desc"), m.end()))
    return [(m.start("desc"), m.end())]


# 「A」の効果処理時に / 「A」の②の効果の処理時に / 「A」のモンスター効果の処理の際: the question is about A's resolution
_JA_RESOLVING = re.compile(_NAME + r"の(?:(?P<eff>[①-⑥])の)?(?:『(?P<quote>[^『』]{1,80})』の)?"
                           # (「「A」の融合召喚する効果の処理時に」: its effect described by what it does)
                           r"(?:[^「」、。『』]{1,16}?(?:する|させる)(?=(?:モンスター効果|ペンデュラム効果|効果)の))?"
                           r"(?:(?:モンスター効果|(?P<pendulum>ペンデュラム効果)|"
                           r"カードの発動時の効果|効果)(?:の)?)?(?:効果処理|処理)(?:時|の際)(?:に|、)")


# 「A」が効果を発動し、その効果の処理時や適用後に: A's activation (read as an event), the question about its resolution (the
# case the answer's first sentence takes; a later one, after it applied, is said apart)
_JA_ITS_RESOLVING = re.compile(_NAME + r"が(?:モンスター効果|効果)を発動し、?その効果の(?:効果処理|処理)(?:時|の際)(?:や適用後)?に、?")


def read_resolving(frame: Frame, situation_text: str, spans: list[tuple[int, int]], cards: "_Cards") -> None:
    """「A」の効果処理時に、「B」が適用されている場合、処理はどうなりますか: a what-happens (or applies) question
    about A's resolution, the title naming no other event: A's activation is the event, and a card said to
    apply at that time (after the words 処理時に) came to apply after A was activated: B activated in chain
    to A (the deciding condition a baseline removes). 「A」が効果を発動し、その効果の処理時に (_JA_ITS_RESOLVING): the
    activation already read is the one resolving."""
    q = frame.question
    its = _JA_ITS_RESOLVING.search(situation_text)
    if its and len(frame.events) == 1 and (frame.events[0].action, frame.events[0].note) == ("activate", None) \
            and frame.events[0].card == getattr(cards.find(its.group(1)), "ref", None):
        frame.events[0].note = "resolving"
        spans.append((its.start(), its.end()))
        return
    m = _JA_RESOLVING.search(situation_text)
    if m and len(frame.events) == 1 and frame.events[0].action == "destroy" and frame.events[0].card == \
            cards.get(m.group(1)).ref and re.search(r"破壊されている(?=場合)", situation_text[m.end():]):
        # (「「A」の効果の処理時に、「A」自身が破壊されている場合」: A left the field before it resolved, read_vanished)
        frame.events = []
        spans[:] = [(s, e) for s, e in spans if s < m.end()]
    if q is None or q.kind not in ("what_happens", "applies", "other") or frame.events or not m \
            or any(s <= m.start() < e for s, e in spans):
        return
    card = cards.get(m.group(1))
    # where A is when activated, said before its name: 「墓地の「A」」「モンスターゾーンの「A」」「手札にて発動した「A」」
    # (or what A's effect does, said before its name: 「相手にダメージを与える「A」のモンスター効果の処理時に」)
    place = re.search(r"(?:^|(?<=、))(?:(?P<at>(?:自分の|相手の)?(?:墓地|手札|モンスターゾーン|フィールド|ペンデュラムゾーン)"
                      r"(?:の|にて発動した|で発動した|にて発動する|で発動する))|(?:自分|相手|お互い)(?:に|の)[^、「」]{1,12}?"
                      r"(?:を与える|を回復する|を破壊する|を除外する|を手札に加える|を特殊召喚する))$|"
                      # (「自分のメインフェイズに発動した「A」」: its activation in its controller's Main Phase 1, where a
                      # frame scenario activates it)
                      r"(?:^|(?<=、))(?P<main>自分の)?メインフェイズ(?:1|１)?に発動した$|"
                      # (「召喚・特殊召喚に成功した（際に発動した）「A」」: A's effect is a trigger of its own Summon, which the
                      # compiler plays first where A's script says so: Played.prelude)
                      r"(?:^|(?<=、))(?:召喚・特殊召喚|召喚・反転召喚・特殊召喚|アドバンス召喚|通常召喚|(?<!特殊)召喚)"
                      r"(?:に成功)?(?:し|され)た(?:際に発動した|時に発動した|場合に発動した)?$", situation_text[:m.start()])
    if place and place.group("at"):
        _locate(card, place.group(0))
    elif m.group("pendulum"):
        card.location = card.location or "pzone"  # (its Pendulum Effect: activated from a Pendulum Zone)
    spans.append((place.start() if place else m.start(), m.end()))
    event = FrameEvent(action="activate", card=card.ref, effect=_effect_number(m.group("eff")), note="resolving")
    _quoted_effect(event, m.group("quote"))
    later = [c for c in cards.cards if c.ref != card.ref and "applied" in c.state
             and situation_text.find("「" + c.name + "」", m.end()) >= 0]
    frame.events = [event]
    for c in later:
        c.state.remove("applied")
        frame.events.append(FrameEvent(action="activate", card=c.ref, note="applies when the first resolves"))
    if later:
        event.note = "chained to"


# 「A」の効果処理時に、対象のモンスターがフィールドに存在しなくなっている場合 / 「A」自身が墓地に存在しなくなった場合:
# between A's activation and its resolution a card left the zone it was in (A's target, or A itself); 対象のモンスターが
# 裏側守備表示になっている場合: A's face-up target was turned face-down
_JA_VANISHED = re.compile(
    r"(?:その|効果を発動した、?)?(?:(?P<self>" + _NAME + r"(?:自身)?|自身)(?:または対象の(?:モンスター|カード)(?:のいずれか)?)?|"
    r"対象(?:として選択した|に選択した|として選んだ|とした|の)(?P<desc>(?:「[^「」]+」と名のついた)?[^、。「」]{0,24}?))(?:が|は)、?"
    r"(?:(?P<where>フィールド上|フィールド|モンスターゾーン|魔法[&＆]罠ゾーン|墓地|手札)(?:に|から|を(?=離れ))(?:表側表示で)?)?"
    r"(?:存在(?:しなくなっている|しなくなった|していない|しない)|離れている|離れた|(?P<destroyed>破壊されている)|"
    r"(?P<flipped>裏側(?:守備)?表示にな(?:っている|った)))(?=場合|時|際)")
_VANISHED_FROM = {"フィールド上": "field", "フィールド": "field", "モンスターゾーン": "mzone", "魔法&罠ゾーン": "szone",
                  "魔法＆罠ゾーン": "szone", "墓地": "grave", "手札": "hand"}


def read_vanished(frame: Frame, situation_text: str, spans: list[tuple[int, int]], cards: "_Cards",
                  question: str = "") -> None:
    """After read_resolving: 「A」の効果処理時に、対象の<desc>が<zone>に存在しなくなっている場合 (or 「A」自身が…):
    the card left that zone after A was activated, before A resolved: an event `leave` on it (note: the
    zone it left). A target the ruling describes (「対象のリンクモンスター」) joins the frame's cards with its
    traits and becomes A's target; a card the title names other than A is not read here. A title that does
    not say the zone (「対象のモンスターが存在しなくなった場合」) takes it from the question text's same clause
    (「対象のモンスターがモンスターゾーンに表側表示で存在しなくなった場合」)."""
    if len(frame.events) != 1 or frame.events[0].note != "resolving":
        return
    resolving = frame.events[0]
    card_a = next(c for c in cards.cards if c.ref == resolving.card)
    for m in _JA_VANISHED.finditer(situation_text):
        if any(s <= m.start() < e or s < m.end() <= e for s, e in spans):
            continue
        # (「対象に選択した墓地のチューナーが存在しなくなった」: where the target is, said before it)
        said = m.group("where") or next((w for w in ("墓地", "フィールド") if (m.group("desc") or "").startswith(w + "の")), None)
        # (「「A」自身が破壊されている場合」: it left the field)
        said = said or ("フィールド" if m.group("destroyed") else None)
        said = said or ("モンスターゾーン" if m.group("flipped") else None)
        said = said or next((q.group("where") for q in _JA_VANISHED.finditer(question or "")
                             if (q.group("self"), q.group("desc")) == (m.group("self"), m.group("desc"))
                             and q.group("where")), None)
        if said is None:
            continue
        where = _VANISHED_FROM[said]
        if m.group("self") is not None:
            named = _CARD.match(m.group("self"))
            if named and fold_name(_clean_name(named.group(1))) != fold_name(card_a.name):
                continue  # another card named in the title: what it is there is not read here
            gone = card_a
        else:
            desc = re.sub(r"^(?:自分の|相手の)?(?:フィールドの|墓地の|モンスターゾーンの)?", "", m.group("desc") or "")
            desc = "モンスター" if desc in ("", "カード") and where in ("mzone", "field", "grave") else desc
            read = described_card(desc, archetype=True)  # (「対象の「RR」と名のついたエクシーズモンスター」)
            if read is None or read[3]:
                continue
            traits = read[0]
            # (「対象の相手モンスター」: whose it is, said with it)
            gone = FrameCard(ref=f"c{len(cards.cards) + 1}", name=m.group("desc") or "対象", described=traits,
                             location="mzone" if where == "field" else where, controller=read[1])
            cards.cards.append(gone)
            resolving.targets = [*resolving.targets, gone.ref]
        frame.events.append(FrameEvent(action="leave", card=gone.ref,
                                       note=FLIPPED_DOWN_NOTE if m.group("flipped") else f"leaves the {where}"))
        spans.append((m.start(), m.end()))
        return


# 「X」を対象にした「Y」の発動にチェーンして / 相手のモンスターを対象として発動した「Y」のモンスター効果の処理時に: the
# target of an activation the title reads, named or described, said before the activated card's name
_JA_TARGET_OF_EVENT = re.compile(
    r"(?:^|(?<=[、。]))(?P<place>(?:自分|相手)の(?:モンスターゾーン|フィールド)(?:上)?に(?:表側表示で)?存在する)?"
    r"(?:(?P<named>" + _NAME + r"(?:と" + _NAME.replace("(", "(?:", 1) + r")?)|(?P<desc>[^「」、。]{2,30}?))"
    r"を対象(?:に|と)(?:した|して|として)"
    r"(?:、?(?:自分|相手)(?:が|は))?(?:発動(?:した|された|する))?、?(?:(?:自分|相手)の)?"
    r"(?:(?:手札|墓地|フィールド|モンスターゾーン|ペンデュラムゾーン)の)?(?=「)")


def read_event_targets(situation: str, frame: Frame, cards: "_Cards", spans: list[tuple[int, int]]) -> None:
    """「X」を対象にした「Y」… / <desc>を対象として発動した「Y」…: X (or a card of the description, which joins the
    frame's cards) is the target of Y's activation, an event the title already reads. A described Xyz Monster is
    not read (its materials, which such rulings turn on, are not set up)."""
    for m in _JA_TARGET_OF_EVENT.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        after = _CARD.match(situation, m.end())
        named = fold_name(_clean_name(after.group(1))) if after else None
        card = next((c for c in cards.cards if fold_name(c.name) == named), None)
        event = next((e for e in frame.events if e.action == "activate" and card and e.card == card.ref), None)
        if event is None or event.targets:
            continue
        if m.group("named"):
            # (「X」と「Z」を対象として: both; 自分のモンスターゾーンに表側表示で存在する「X」: where they are)
            named = [cards.get(_clean_name(n.group(1))) for n in _CARD.finditer(m.group("named"))]
            if any(t.ref == event.card for t in named):
                continue
            for t in named:
                _locate(t, m.group("place") or "")
            event.targets = [t.ref for t in named]
        else:
            frame.cards = cards.cards
            if m.group("desc").startswith("他の"):
                # (「他のモンスターを対象として」: a card other than those the title names, as any the set-up's filler
                # gives the activation to target)
                spans.append((m.start(), m.end()))
                continue
            target = _described(frame, m.group("desc"))
            if target is None or "xyz" in target.described:
                continue
            cards.cards.append(target)
            event.targets = [target.ref]
        spans.append((m.start(), m.end()))


# 「A」のカードの発動にチェーンした「G」で破壊され墓地へ送られた場合 (「…「G」によって、「A」が破壊された場合」): A activated, G
# chained to it destroying A; and after the title's 「A」の効果の発動にチェーンして「G」が発動し, 「、自身が破壊され墓地へ送られた
# 場合」: G destroys A
_JA_DESTROYED_BY_CHAINED = re.compile(
    r"(?P<a>" + _NAME + r")の(?:(?:カード|モンスター効果|効果)の)?発動にチェーン(?:を)?した(?:(?:相手|自分)の)?"
    r"(?P<g>" + _NAME + r")(?:の効果)?(?:で|によって)、?(?:(?P=a)が)?破壊され(?:墓地へ送られ)?た(?=場合|時|際)")
_JA_SELF_DESTROYED = re.compile(r"^、?(?:自身|その「[^「」]+」)が破壊され(?:墓地へ送られ)?た(?=場合|時|際)")


def read_destroyed_in_chain(situation: str, frame: Frame, cards: "_Cards", spans: list[tuple[int, int]]) -> None:
    """「A」のカードの発動にチェーンした「G」で破壊され（墓地へ送られ）た場合 (a title with no other event): A activated, G
    activated in chain to it, A destroyed by it; after the events 「A」の発動にチェーンして「G」が発動し, the words
    「、自身が破壊され（墓地へ送られ）た場合」: A destroyed by G. The destroy event's note is DESTROYED_IN_CHAIN_NOTE;
    the words join `spans`."""
    m = _JA_DESTROYED_BY_CHAINED.search(situation)
    if m and not any(s <= m.start() < e for s, e in spans):
        a, g = cards.get(_clean_name(m.group("a")[1:-1])), cards.get(_clean_name(m.group("g")[1:-1]))
        # (「…「G」によって、「A」が破壊された場合」: the destruction _JA_EVENTS read of A's name is this one)
        if a.ref != g.ref and [(e.action, e.card) for e in frame.events] in ([], [("destroy", a.ref)]):
            frame.events = [FrameEvent(action="activate", card=a.ref, note="chained to"),
                            FrameEvent(action="activate", card=g.ref),
                            FrameEvent(action="destroy", card=a.ref, note=DESTROYED_IN_CHAIN_NOTE)]
            spans.append((m.start(), m.end()))
        return
    events = frame.events
    if len(events) != 2 or [e.action for e in events] != ["activate", "activate"] or events[0].note != "chained to" \
            or events[0].card == events[1].card:
        return
    first = next(c for c in cards.cards if c.ref == events[0].card)
    g = next(c for c in cards.cards if c.ref == events[1].card)
    at = max(e for s, e in spans if situation[s:e].find("「" + g.name + "」") >= 0) \
        if any(situation[s:e].find("「" + g.name + "」") >= 0 for s, e in spans) else -1
    if at < 0:
        return
    said = _JA_SELF_DESTROYED.match(situation[at:])
    if said and (not said.group(0).lstrip("、").startswith("その") or f"「{first.name}」" in said.group(0)):
        events.append(FrameEvent(action="destroy", card=first.ref, note=DESTROYED_IN_CHAIN_NOTE))
        spans.append((at, at + said.end()))


# 「A」の効果の発動にチェーンして「B」が発動した場合、『そのカードを破壊し、デッキから…特殊召喚する』処理はどうなりますか: the
# processing asked about, quoted last before the question: the first activation's
_JA_ASKED_PROCESSING = re.compile(r"(?:^|(?<=、))(?:『(?P<quote>[^『』]{4,})』(?:の)?|(?P<told>[^「」『』、。]{2,20}?[るす]))"
                                  r"(?:処理|効果処理)(?:は|を)、?$")


def read_asked_processing(situation: str, frame: Frame, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """『…』処理はどうなりますか after the title's activations: the quoted processing is the first activation's effect
    (its text, where the title quotes none before); returns the words read (the names and counts inside the
    quote are the effect's, not the situation's)."""
    m = _JA_ASKED_PROCESSING.search(situation)
    first = next((e for e in frame.events if e.action == "activate"), None)
    if not m or first is None or first.effect_text or any(s <= m.start() < e for s, e in spans):
        return []
    # (「モンスターを手札に加える処理はどうなりますか」: a part told in words, not the effect's text)
    if m.group("quote"):
        _quoted_effect(first, m.group("quote"))
    spans.append((m.start(), m.end()))
    return [spans[-1]]


# 「X」を宣言して発動した「禁止令」: an activation that declares a card's name, made before the question
_JA_DECLARED = re.compile(_NAME + r"を宣言して発動(?:した|された|している)" + _NAME)


def read_declared(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """「X」を宣言して発動した「Y」: Y activated before the question, declaring X's name (FrameEvent.declared); the
    words read (spans). What Y does then is read by the situation patterns (「Y」の効果が適用されている)."""
    found = []
    for m in _JA_DECLARED.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        declared, card = cards.get(m.group(1)), cards.get(m.group(2))
        found.append((m.start(), FrameEvent(action="activate", card=card.ref, declared=declared.ref)))
        spans.append((m.start(), m.start(2)))
    return found


# 「スキルドレイン」適用中に、2体目の「X」を召喚できますか / 2枚目の「X」を発動できますか: the question is about another copy
# of X; the first one is on the field (or applied, activated before: the state the title gives X)
_JA_SECOND_COPY = re.compile(r"(?:^|(?<=[、にでは]))(?:フィールド上?に)?(?:2|２)(?P<unit>体|枚)目(?:となる|の)?"
                             r"(?P<names>" + _NAME + r"(?:(?:や|・)「(?:[^「」]|「[^「」]*」)+」)*)")


def read_second_copy(body: str, frame: Frame, cards: _Cards, spans: list[tuple[int, int]]) -> tuple[int, int] | None:
    """「2体目の「X」」「2枚目の「X」」 where X is the questioned card: X's first copy becomes a card of its own (a
    new ref) holding what the title says of X before the question (its state, its events), else present on
    its controller's field (face-up: the copy a second one is summoned or activated beside); the question
    stays about the second copy. The words are read (spans; returned: a count the cue scan leaves)."""
    q = frame.question
    if q is None or q.card is None:
        return None
    card = next(c for c in cards.cards if c.ref == q.card)
    m = next((m for m in _JA_SECOND_COPY.finditer(body) if any(
        fold_name(_clean_name(n.group(1))) == fold_name(card.name) for n in _CARD.finditer(m.group("names")))
              and not any(s <= m.start() < e for s, e in spans)), None)
    if m is None:
        return None
    first = FrameCard(ref=f"c{len(cards.cards) + 1}", name=card.name, passcode=card.passcode,
                      state=card.state or ["present"], location=card.location, position=card.position,
                      controller=card.controller or ("self" if q.kind == "can_activate" else None))
    cards.cards.append(first)
    card.state, card.location, card.position = [], None, None
    for e in frame.events:
        if e.card == card.ref:
            e.card = first.ref
    spans.append((m.start(), m.start("names")))
    return spans[-1]


# 「X」の効果をメインフェイズ2に発動できますか / メインフェイズ2にて、「X」の効果を… / 自分のエンドフェイズ時に…: the phase
# of the asker's turn the question is asked in (not the opponent's: 相手の…)
_JA_ASKED_PHASE = re.compile(r"(?:(?<=[、を])|^)(?:自分の)?(?P<phase>メインフェイズ2|エンドフェイズ)(?:時)?(?:にて|中に|に)、?")
_PHASE_STEP = {"メインフェイズ2": "main2", "エンドフェイズ": "end"}


def read_asked_phase(body: str, situation_text: str, frame: Frame, spans: list[tuple[int, int]]) -> None:
    """The phase of the asker's turn a can_activate question is asked in (Main Phase 2, the End Phase), said as
    a clause of its own in the situation or before the question's verb: an event `phase` (note: main2 |
    end), the last one before the question; its words in the situation read (spans)."""
    q = frame.question
    if q is None or q.kind != "can_activate":
        return
    found = [m for m in _JA_ASKED_PHASE.finditer(body) if not any(s <= m.start() < e for s, e in spans)]
    if len(found) != 1:
        return
    m = found[0]
    if m.start() < len(situation_text):
        if not (m.start() == 0 or situation_text[m.start() - 1] == "、") or m.end() < len(situation_text) and \
                not situation_text[m.end() - 1] == "、" and situation_text[m.end():m.end() + 1] != "「":
            return  # a phase inside another clause (「…したターンのエンドフェイズに」): not the question's own
        spans.append((m.start(), m.end()))
    elif not re.search(r"を" + re.escape(m.group(0).lstrip("自分の")) + r"発動", body[m.start() - 1:m.end() + 3]) and \
            not body[m.start() - 1:m.start()] == "を":
        return
    frame.events.append(FrameEvent(action="phase", note=_PHASE_STEP[m.group("phase")]))


# 相手ターンに、/ 相手のターンに、 opening the situation: the turn the asker's question is asked in
_JA_ASKED_TURN = re.compile(r"^相手(?:の)?ターン(?:に|中に|にて)、")


def read_asked_turn(situation_text: str, frame: Frame, spans: list[tuple[int, int]]) -> None:
    """The other player's turn a can_activate question of the asker is asked in, said as the situation's opening
    clause (相手ターンに、自分は「X」を発動できますか): an event `phase` (note FOE_TURN); its words read (spans)."""
    q = frame.question
    m = _JA_ASKED_TURN.match(situation_text)
    if q is None or q.kind != "can_activate" or q.actor not in (None, "self") or m is None:
        return
    spans.append((m.start(), m.end()))
    frame.events.append(FrameEvent(action="phase", note=FOE_TURN))


def _quoted_effect(event: FrameEvent, quote: str | None) -> None:
    """An event's 『』 quote: 『②』 is the effect's number, a longer one its text."""
    if not quote:
        return
    number = _effect_number(quote.strip())
    if number and len(quote.strip()) == 1:
        event.effect = event.effect or number
    else:
        event.effect_text = quote


def _clean_name(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip()


class _Cards:
    """The frame's cards by name: c1, c2 … in order of first mention, with their passcodes."""

    def __init__(self, passcodes: dict[str, int | None]):
        self.passcodes = passcodes
        self.cards: list[FrameCard] = []

    def find(self, name: str | None) -> FrameCard | None:
        """The card of that name already read, or None (no card is made up)."""
        if not name:
            return None
        name = _clean_name(name)
        return next((card for card in self.cards if fold_name(card.name) == fold_name(name)), None)

    def get(self, name: str) -> FrameCard:
        found = self.find(name)
        if found is not None:
            return found
        name = _clean_name(name)
        passcode = self.passcodes.get(name)
        if passcode is None:
            passcode = next((p for n, p in self.passcodes.items() if p is not None and fold_name(n) == fold_name(name)), None)
        card = FrameCard(ref=f"c{len(self.cards) + 1}", name=name, passcode=passcode)
        self.cards.append(card)
        return card


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with the spans (read parts) replaced by a clause mark."""
    for s_, e_ in sorted(spans, reverse=True):
        text = text[:s_] + "、" + text[e_:]
    return text


def _before(text: str, start: int, width: int = 24) -> str:
    """The words just before a card name, back to the previous clause mark or name."""
    head = text[max(0, start - width):start]
    return re.split(r"[、。」』]", head)[-1]


def _locate(card: FrameCard, context: str) -> None:
    for _pattern, owner in _JA_OWNER:
        if owner and re.search(r"(相手|自分)", context):
            card.controller = card.controller or ("opponent" if "相手" in context else "self")
            break
    for word, location in _JA_LOCATION:
        if re.search(word, context):
            card.location = card.location or location
            break
    for word, position in _JA_POSITION:
        if re.search(word, context):
            card.position = card.position or position
            break


def frame_question_start(body: str, frame: Frame) -> int:
    """Where the question's verb starts in the title (its situation and subject lie before)."""
    at = body.rfind(frame.question.text) if frame.question.text else -1
    if at < 0:
        return len(body)
    # (「X」を発動し、<what it does>できますか: the question's verb is 発動, what it does after is its purpose)
    verb = re.search(r"を発動し、[^「」、。]{1,40}?できますか(?=[?？]?$)", body[at:]) or re.search(
        r"(?:を|が|は|に)?[^「」、を]*(?:でき|され|なり|し)(?:ます|ません)か", body[at:])
    return at + verb.start() if verb else at + len(frame.question.text)


def _effect_number(text: str | None) -> int | None:
    if not text:
        return None
    return CIRCLED.get(text[0])


_CAN_ANSWER = re.compile(r"(?:事|こと)?(?:は|が|も)?でき(ます|ません)$")
_CAN_ANSWER_CLAUSE = re.compile(r"(?:発動|召喚|セット)する(?:事|こと)(?:は|が|も)?でき、")
# the can said mid-sentence or as a state reached, of the questioned action (its verb right before): 「…発動する事は
# できますが、その効果は…」「…を発動でき、その処理時には…」「…攻撃を行う事ができるようになります」「…できなくなります」
_CAN_VERB = {"can_activate": "発動", "can_summon": "召喚", "can_set": "セット", "can_attack": "攻撃"}


@lru_cache(maxsize=None)
def _can_mid(verb: str) -> "re.Pattern[str]":
    done = verb + r"(?:する|を行う)(?:事|こと)(?:は|が|も)?でき"
    return re.compile(r"(?:" + done + r"(?P<yes>ますが、|、)|を" + verb + r"でき(?P<yes2>、)|" + done +
                      r"(?:る(?:ように|状態)(?P<yes3>なります|のままです)|(?P<no>なくなります|るようにはなりません)))")


# a condition the answer's own words add (「…のであれば」「…場合のみ」): a mid-sentence can under it is not the answer
_ANSWER_CONDITION = re.compile(r"のであれば|であれば|ならば|場合のみ|場合に限|限り|なければ")


def _mid_sentence_can(sentence: str, kind: str) -> str | None:
    """Yes or no from the questioned action's can said mid-sentence or as a state reached (_can_mid), in a
    sentence whose words add no condition of their own; None otherwise."""
    m = _can_mid(_CAN_VERB[kind]).search(sentence) if kind in _CAN_VERB else None
    if not m or _ANSWER_CONDITION.search(sentence[:m.start()]):
        return None
    return "no" if m.group("no") else "yes"


# 「「X」を発動する場合、…1体のみを対象として発動する事になります。」: the questioned action is done (in a way the
# answer explains), said as what happens rather than as a can; 「発動しません。」 alone: it is not
_DONE_SAID = re.compile(r"(?:を|として|て)(?P<verb>発動)する(?:事|こと)になります$")
_DONE_BARE = re.compile(r"^(?P<verb>発動)(?P<polarity>します|しません)$")


def _answered_as_done(answer: str, kind: str) -> str | None:
    """Yes from an answer whose first sentence says the questioned action is done (「…を対象として発動する事に
    なります」, not the opponent's: 「相手」 is not in it), no or yes from one that is only 「発動しません」/「発動
    します」; None otherwise."""
    verb = _CAN_VERB.get(kind)
    first = re.split(r"[。\n]", _first_sentence_skipping_notes(answer), maxsplit=1)[0].strip()
    bare = _DONE_BARE.match(first)
    if verb and bare and verb in bare.group("verb"):
        return "no" if bare.group("polarity") == "しません" else "yes"
    done = _DONE_SAID.search(first)
    if verb and done and verb in done.group("verb") and not re.search(r"相手|ない|ず|以外", _QUOTE.sub("", first)):
        return "yes"
    return None


def _answer_ja(answer: str, kind: str | None = None) -> str | None:
    """Yes or no, read from the answer (never from the question's 「…できますか」). A can-question
    (can_activate, can_summon …) is answered by the first sentence ending in 「…できます。」 or
    「…できません。」 (an answer often explains first: 「…モンスターとなります。…選ぶ事はできません。」);
    other questions by the answer's first sentence."""
    if kind and kind.startswith("can_"):
        if re.match(r"\s*(はい|いいえ)", answer):
            return "yes" if answer.lstrip().startswith("はい") else "no"
        told_how = False
        for sentence in re.split(r"[。\n]", answer):
            if told_how and sentence.strip().startswith(("（", "(")):
                continue  # 「…1体のみを対象として発動する事になります。（2体以上を対象として…できません。）」: an aside
            told_how = told_how or sentence.strip().endswith(("事になります", "ことになります"))
            found = _CAN_ANSWER.search(sentence.strip().rstrip("）)"))
            if found:
                return "yes" if found.group(1) == "ます" else "no"
            # 「…の効果を発動する事はでき、その処理では…」: the can said mid-sentence, what follows it explains
            if _CAN_ANSWER_CLAUSE.search(sentence):
                return "yes"
            said = _mid_sentence_can(sentence, kind)
            if said:
                return said
        return _answered_as_done(answer, kind)
    first = re.split(r"[。\n]", answer.strip(), maxsplit=1)[0] + "。"
    first = _CARD.sub("X", _QUOTE.sub("Y", first))
    no, yes = _JA_NO.search(first), _JA_YES.search(first)
    if no and not yes:
        return "no"
    if yes and not no:
        return "yes"
    return None


_HALF_BRACKETS = str.maketrans("｢｣", "「」")


def frame_ja(title: str, question: str, answer: str, passcodes: dict[str, int | None]) -> Frame:
    """The frame of one Japanese Q&A: the title gives the question's shape, the question text the
    quoted effect texts, the answer's first sentence the yes/no."""
    frame = Frame(language="ja")
    # (half-width corner brackets a title may mix with full-width ones: ｢X」 is 「X」)
    title, question, answer = (t.translate(_HALF_BRACKETS) if t else t for t in (title, question, answer))
    purpose = False  # the question asks to activate a card and do what it does after (を発動し、…できますか)
    title = title or question.split("\n")[0]
    cards = _Cards(passcodes)
    body = two_in_a_turn(negated_by_activation(topic_first(re.sub(r"[\r\n]+", "", title).strip()), question))
    qstart = len(body)
    # the question: the last clause of the title
    for pattern, kind in _JA_QUESTION:
        m = pattern.search(body)
        if m:
            qstart = m.start()
            tail = body[:m.start()]
            names = list(_CARD.finditer(tail))
            if kind == "can_target":
                names = list(_CARD.finditer(body[:m.end() + 40]))
            # 「…場合、効果は発動できますか」: an effect named without its card's 「…」の has no subject here
            bare_effect = kind == "can_activate" and re.match(r"(?:モンスター効果|ペンデュラム効果|効果)(?:は|も)", m.group(0))
            # (「X」の『…』効果を発動できますか: the effect's words quoted between the name and the verb)
            quoted_gap = names and re.fullmatch(r"の(?:[①-⑥]の)?『[^『』]{1,80}』", body[names[-1].end():m.start()])
            if names and kind != "what_happens" and not bare_effect and (
                    kind == "can_target" or names[-1].end() >= m.start() - 12 or quoted_gap):
                last = names[-1]
                qstart = min(qstart, last.start())
                frame.question = FrameQuestion(kind=kind)
                subject = cards.get(last.group(1))
                frame.question.card = subject.ref
                if kind == "can_target" and len(names) >= 2:
                    source = names[-2] if "対象" in body[names[-1].end():] or len(names) < 2 else names[0]
                    if body[names[-2].end():names[-1].start()].endswith("を") and "対象" in body[names[-1].end():]:
                        # 「X」を「Y」の効果の対象に選択できますか: X is the target, Y the source
                        source, subject = last, cards.get(names[-2].group(1))
                        qstart = min(qstart, names[-2].start())
                    frame.question.card = cards.get(source.group(1)).ref
                    frame.question.targets = [subject.ref]
                    qstart = min(qstart, source.start())
                _locate(subject, _before(body, last.start()))
            if frame.question is None:
                frame.question = FrameQuestion(kind=kind)
            clause_start = body.rfind("、", 0, qstart) + 1
            owner = re.search(r"(相手|自分)(?:は|が)[^、]*$", body[clause_start:qstart])
            qstart = clause_start if owner or clause_start > qstart - 10 else qstart
            frame.question.text = body[qstart:m.end()]
            if m.groupdict().get("eff"):
                frame.question.effect = _effect_number(m.group("eff"))
            if m.groupdict().get("what"):
                frame.question.effect_kind = {"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(m.group("what"))
            if m.groupdict().get("how"):
                frame.question.how = m.group("how")
            if owner:
                frame.question.actor = "opponent" if owner.group(1) == "相手" else "self"
            purpose = bool(m.groupdict().get("purpose")) and frame.question.card is not None
            break
    else:
        frame.unread.append("question: the title asks nothing this extractor reads (no できますか/されますか/どうなりますか cue)")
    # the situation and the events, from the title's clauses before the question
    situation_text = body[:qstart]
    spans: list[tuple[int, int]] = []
    copy_spans: list[tuple[int, int]] = []  # 「X」が2体存在する: a count read into the card (FrameCard.copies)
    # (before the situations: 「B」のみが存在する is B present, the zone's count said of A and B together)
    zone_spans = read_only_cards(situation_text, frame, cards, spans)
    for pattern, state in _JA_SITUATION:
        for m in pattern.finditer(situation_text):
            if any(s <= m.start() < e for s, e in spans):
                continue
            before = _JA_PLACE_BEFORE.search(situation_text, 0, m.start()) if state == "present" else None
            spans.append((before.start() if before else m.start(), m.end()))
            card = cards.get(m.group(1))
            if state not in card.state:
                card.state.append(state)
            copies = re.search(r"([2-9２-９])(?:体|枚)", m.group(0)[len(m.group(1)) + 2:]) if state == "present" else None
            if copies:
                card.copies = int(copies.group(1).translate(str.maketrans("２３４５６７８９", "23456789")))
                copy_spans.append(spans[-1])
            _locate(card, _before(situation_text, m.start()) + m.group(0)[len(m.group(1)) + 2:])
    zone_spans += read_zone_conditions(situation_text, frame, spans)
    _read_alternatives(body, len(situation_text), spans)
    _read_question_targets(situation_text, frame, cards, spans)
    zone_spans += read_described_target(body, situation_text, frame, cards, spans)
    found: list[tuple[int, FrameEvent]] = read_caused_events(situation_text, cards, spans)
    # (the moved card may open the question's clause: 「G」の効果によって「X」をドローした場合、特殊召喚できますか)
    found += read_moved_by(body, cards, spans)
    found += read_described_summons(situation_text, cards, spans)
    # (the summoned monster may open the question's clause: 「T」をリリースしてアドバンス召喚した「X」の効果)
    found += read_tribute_summons(body, frame, cards, spans)
    found += read_negated_summon(situation_text, cards, spans)
    found += read_sent_from_piles(body, cards, spans)
    found += read_destroyed_together(situation_text, frame, cards, spans)
    found += read_declared(situation_text, cards, spans)
    found += read_trap_monsters(situation_text, cards, spans)
    read_owned(situation_text, cards, spans)
    read_equipped_to(situation_text, cards, spans)
    read_control_moved(situation_text, cards, spans)
    for pattern, action in _JA_EVENTS:
        for m in pattern.finditer(situation_text):
            if any(s <= m.start() < e for s, e in spans):
                continue
            # who acts and from where, said before the name: 「相手が手札から「X」を発動した時」
            prefix = _JA_EVENT_PREFIX.search(situation_text, 0, m.start())
            if action == "activate" and (summoned := _JA_SUMMONED_BEFORE.search(situation_text, 0, m.start())):
                prefix = summoned  # 召喚に成功した「X」の効果を発動し: X's summon is what its effect needs (see the compiler)
            spans.append((prefix.start() if prefix and prefix.group(0) else m.start(), m.end()))
            card = cards.get(m.group(1))
            _locate(card, _before(situation_text, m.start()))
            actor = "opponent" if "相手" in _before(situation_text, m.start(), 8) else None
            event = FrameEvent(action=action, card=card.ref, actor=actor,
                               effect=_effect_number(m.groupdict().get("eff") or m.groupdict().get("eff2")),
                               chained_to=None)
            _quoted_effect(event, m.groupdict().get("quote"))
            event.described = m.groupdict().get("desc")
            if action == "activate" and not event.described:
                start = spans[-1][0]
                told = _JA_DESC_BEFORE.search(situation_text, 0, start)
                if told and not any(s <= told.start() < e for s, e in spans) and "発動" not in told.group("desc"):
                    event.described = told.group("desc").strip('"')
                    spans.append((told.start(), start))
            if m.groupdict().get("phase") and frame.question is not None and frame.question.kind == "can_activate":
                found.append((m.start(), FrameEvent(action="phase", note=_PHASE_STEP[unicodedata.normalize(
                    "NFKC", m.group("phase"))])))
            if re.search(r"チェーン(?:を)?して|に対して|発動の際に", m.group(0)) or (
                    action in ("activate", "summon", "special_summon", "flip_summon")
                    and re.match(r"(?:た|された)?(?:時|際)", situation_text[m.end():])):
                event.note = "chained to"  # 「X」を発動した時、「Y」を発動できますか: Y responds to X
            found.append((m.start(), event))
    frame.events = [e for _, e in sorted(found, key=lambda p: p[0])]
    _read_own_summon(frame, situation_text, spans)
    read_resolving(frame, situation_text, spans, cards)
    read_vanished(frame, situation_text, spans, cards, question)
    read_event_targets(situation_text, frame, cards, spans)
    read_destroyed_in_chain(situation_text, frame, cards, spans)
    zone_spans += read_asked_processing(situation_text, frame, spans)
    # 「相手が「X」を発動した時、チェーンして…」: the question chains to the last event
    if found and not any(e.note for e in frame.events) and re.search(
            r"^[^「」]*(?:時|際)、?チェーン(?:を)?して", body[max(p for p, _ in found):].split("」", 1)[-1]):
        frame.events[-1].note = "chained to"
    # (「…場合、さらにチェーンして「Y」を」: the words may open the question's clause)
    named = body.find("「", len(situation_text))
    read_chain_words(body[:named if named >= 0 else len(body)], frame, spans)
    read_asked_phase(body, situation_text, frame, spans)
    read_asked_turn(situation_text, frame, spans)
    second = read_second_copy(body, frame, cards, spans)
    zone_spans += [second] if second else []
    # names in the situation no pattern explained: the frame cannot say what they do
    for m in _CARD.finditer(situation_text):
        if not any(s <= m.start() < e for s, e in spans):
            cards.get(m.group(1))
            frame.unread.append(f"situation: what 「{_clean_name(m.group(1))}」 does before the question")
    # situations stated without a card: phases, counts, conditions
    # (the question's own clause too: 「2体目の「X」を召喚できますか」 is about a second copy)
    # (without what the events and situations read: 「X」を発動したターン is an event, not an unread turn)
    head = body[:frame_question_start(body, frame)] if frame.question else situation_text
    for s_, e_ in sorted(spans, reverse=True):
        head = head[:s_] + "、" + head[e_:]
    rest = _CARD.sub("", head)
    leftover = situation_text
    for s_, e_ in sorted(spans, reverse=True):
        leftover = leftover[:s_] + "、" + leftover[e_:]
    for clause in re.split(r"[、,]", _CARD.sub("「」", leftover)):
        words = re.sub(r"「」|の|が|を|に|は|で|も|と|場合|時|際|中|状況|状態|でも|には|において|等|自分|相手|"
                       r"効果|モンスター効果|適用|されている|している|存在する|存在|表側表示|発動", "", clause)
        if len(words) >= 4:
            frame.unread.append(f"situation: 「{clause.strip('「」')}」 is not read")
    for cue, what in ((r"バトルフェイズ|ダメージステップ|ダメージ計算|バトルステップ|攻撃宣言時|エンドフェイズ|スタンバイフェイズ|メインフェイズ2|ドローフェイズ", "a phase or step"),
                      (r"チェーン\d|チェーン[２-９]", "a chain link number"),
                      (r"ライフポイント|LP|ダメージを受け", "life points"),
                      (r"[0-9０-９]+(?:枚|体|つ|以上|以下|未満)", "a count"),
                      (r"トークン|エクシーズ素材|カウンター|装備|コントロール|裏側|扱い|として扱", "a card state"),
                      (r"ターン(?:に|の間)|このターン|同じターン|次の", "what happened this turn")):
        # a count inside a read situation still decides it (「「X」が2体存在する場合」 is not one 「X」)
        # (the copies of an opponent's card a can_attack compiles: 「相手フィールドに「X」が2体存在する場合…攻撃できますか」)
        # (and of the asker's own: 「自分のモンスターゾーンに「X」が2体存在する場合、…直接攻撃できますか」)
        copied = [sp for sp in copy_spans if frame.question and frame.question.kind == "can_attack" and any(
            c.copies and c.controller in ("opponent", "self") and situation_text.find("「" + c.name + "」", *sp) >= 0
            for c in cards.cards)]
        where = _CARD.sub("", _without(body[:frame_question_start(body, frame)] if frame.question else situation_text,
                                       zone_spans + copied)) if what == "a count" else rest
        where = _QUOTE.sub("『』", where)  # (an effect's quoted words are not the situation: 『…1体の…』)
        if re.search(cue, where) and not (re.search(cue, where).group(0) == "裏側" and any(
                (c.position or "").startswith("facedown") for c in cards.cards)):  # a position read onto a card
            frame.unread.append(f"situation: {what} ({re.search(cue, where).group(0)})")
    # which effect of A a question about A's resolution is about: the 『』 quote after A's name in the question
    for e in frame.events:
        if e.note == "resolving" and e.effect is None and not e.effect_text:
            name = next(c.name for c in cards.cards if c.ref == e.card)
            quoted = re.search("「" + re.escape(name) + r"」の(?:[①-⑨]の)?『([^『』]+)』", re.sub(r"\s+", "", question or ""))
            _quoted_effect(e, quoted.group(1) if quoted else None)
    frame.cards = cards.cards
    negated = [e for e in frame.events if e.note in NEGATED_SUMMON_NOTES.values()]
    if negated and frame.question and frame.question.kind == "can_activate" and frame.question.card is None and re.match(
            r"^(?:(?:場合|時|際)(?:に|でも)?、?)?(?:その)?(?:モンスター効果|効果)(?:を|は)", frame.question.text or ""):
        # 「「X」のエクシーズ召喚が「G」によって無効になった場合、効果は発動できますか」: X's own effect (not G's
        # activation, which the answer's 発動できません would otherwise make the question)
        frame.question.card = negated[0].card
        if "モンスター効果" in frame.question.text:
            frame.question.effect_kind = "monster"
    if frame.question and (frame.question.kind in ("what_happens", "applies", "other") or (
            frame.question.kind == "can_activate" and frame.question.card is None)):
        # (「…場合、効果は発動できますか」 -> 「「X」の効果を発動する事ができます。」: X is whose effect)
        answered_as_activation(frame, body, answer, cards)
    if frame.question and frame.question.kind == "can_activate":
        read_destroyed_before_name(frame, situation_text, cards)
        own_effect_after_event(frame, body, cards)
        read_each_copy(frame, body)
        read_unnamed_attack(frame, body, cards)
        moved = [e for e in frame.events if e.note == MOVED_BY_NOTE]
        if moved and frame.question.card is None and re.match(
                r"^(?:(?:場合|時|際)(?:に)?、?)?(?:その)?(?:モンスター効果|効果)(?:を|は)", frame.question.text or ""):
            # 「「G」の効果によって「X」が…除外された場合、そのモンスター効果を発動できますか」: X's own effect
            frame.question.card = moved[-1].card
            if "モンスター効果" in frame.question.text:
                frame.question.effect_kind = "monster"
    if frame.question and frame.question.kind == "can_summon":
        released_itself(frame)
    elif frame.question and frame.question.kind == "applies" and re.search(r"発動(?:し|され)ますか$", frame.question.text or ""):
        # 「「X」が戦闘によってモンスタートークンを破壊した場合、効果は発動しますか」: whether X's trigger activates
        own_effect_after_event(frame, body, cards)
    if frame.question and frame.question.kind != "what_happens":
        frame.answer = _answer_ja(answer, frame.question.kind) or answered_triggered(answer, frame.question)
        if frame.question.kind in ("can_activate", "can_summon", "can_set", "can_attack"):
            # one sentence saying the questioned action can be done beside one saying it cannot is a
            # conditional answer (「…を対象とした場合はできません。…の場合はできます。」): not one verdict
            said = _can_polarities(answer, frame.question.kind, other_player=frame.question.actor != "opponent")
            if len(said | ({frame.answer} if said and frame.answer in ("yes", "no") else set())) > 1:
                requires = answered_precondition(answer, frame.question.kind)
                other = _about_other_effects(answer, question, frame, cards)
                if other and _can_polarities(other, frame.question.kind) == {frame.answer}:
                    pass  # the other polarity said of another effect the answer quotes: not this question's
                elif requires:  # a yes beside what it needs (「ただし、…でなければ…できません」): a yes on conditions
                    frame.answer, frame.requires = "yes", requires
                elif excepted := answered_exceptions(answer, frame.question.kind):
                    frame.answer, frame.requires = "no", excepted  # a no beside the exceptions the asides allow
                else:
                    frame.unread.append("answer: yes in some situations and no in others")
        lettered = [_answer_ja(part, frame.question.kind) for part in _LETTERED_PART.split(answer)[1:]]
        if len(set(lettered) - {None}) > 1 and not any(u.startswith("answer") for u in frame.unread):
            # 「（A）発動できません。（B）発動できます。」: the title's case is split in cases answered apart
            frame.unread.append("answer: yes in some situations and no in others")
        if frame.answer is None:
            frame.unread.append("answer: no sentence of it says yes (…できます/…ます) or no (…できません/…ません)")
        elif purpose and frame.question.kind == "can_activate" and frame.answer == "no":
            frame.unread.append(_PURPOSE_NO)
    elif frame.question:
        frame.answer = "outcome"
        frame.outcome = re.split(r"[。\n]", answer.strip(), maxsplit=1)[0]
    if frame.question and frame.question.kind == "is_destroyed":
        read_fate_question(frame, body, cards, answer)
    elif frame.question and frame.question.kind in ("what_happens", "applies", "other"):
        frame.fates = answered_fates(answer, cards)
        frame.applied = answered_applied(answer, frame, cards, question) or asked_applied(frame)
        # (the effect the answer says is negated, quoted there and not in the title: the one its event activates;
        # else the one the question quotes after its name)
        negated = answered_negated(answer, cards)
        for e in frame.events:
            if e.card in frame.applied and e.action == "activate" and e.effect is None and not e.effect_text:
                name = next(c.name for c in cards.cards if c.ref == e.card)
                _quoted_effect(e, (negated.get(e.card) if frame.applied[e.card] is False else None)
                               or quoted_effect_of(question, name))
        frame.stats = answered_stats(answer, cards)
        if (frame.question.kind == "what_happens" or asks_resolution(frame)) and not frame.fates \
                and not frame.applied and not frame.stats:
            frame.summons = answered_moves(answer, frame, cards)
            frame.to_hand = {} if frame.summons else answered_moves(answer, frame, cards, "to_hand")
        if frame.question.kind == "what_happens" and not frame.fates and not frame.applied and not frame.stats \
                and not frame.summons and not frame.to_hand:
            frame.lp = answered_lp(answer, cards)
            frame.damaged = {} if frame.lp else answered_damaged(answer)
            if frame.lp or frame.damaged:
                # (「X」と「Y」が戦闘を行う場合, 相手が「Z」で直接攻撃を宣言した場合: the battle the LP comes from)
                read_places_in_question(frame, question, cards)
                read_battle(frame, [body, question], cards) or read_direct_attack(frame, question, cards) or \
                    read_direct_attack_title(frame, body, cards) or read_attacked_title(frame, body, cards) or \
                    read_spared_by_battle(frame, cards)
        moved = frame.summons or frame.to_hand or frame.lp or frame.damaged
        if frame.question.kind == "what_happens" and not frame.fates and not frame.applied and not frame.stats \
                and not moved:
            frame.unread.insert(0, unread_outcome(answer))
        if not frame.fates and not frame.applied and not frame.stats and not moved and not (
                frame.question.kind == "applies" and re.search(r"発動(?:し|され)ますか$", frame.question.text or "")):
            # no outcome read, but the answer says whether a card the title names can be activated while
            # another applies: that can_activate question
            under = answered_activation_under(frame, answer, cards)
            if under:
                frame.answer, frame.outcome = under, None
                frame.unread = [u for u in frame.unread if not u.startswith("answer: ")]
    if frame.question and frame.question.kind == "can_activate" and read_release_cost(frame, body, cards):
        pass  # (<X>をリリースして「G」を発動できますか: the can_select of G's cost, read)
    elif frame.question and frame.question.kind == "can_select":
        read_select_question(frame, body, answer, cards)
    if frame.question and frame.question.kind == "can_summon" and not read_pendulum_summon_beside(frame, body, cards) \
            and not read_summoned_then_sent(frame, body, answer, cards) \
            and not read_sent_described_then_summoned(frame, body, answer, cards):
        read_summon_by_effect(frame, body, cards)
        read_sent_then_summoned(frame, body, cards)
    # the 『』 effect text the question quotes right after the questioned card's name
    if frame.question and frame.question.card:
        name = next(c.name for c in cards.cards if c.ref == frame.question.card)
        # (the answer's quote when the question text quotes none: 「X」の『①：…』効果を発動する事はできます)
        # (「X」のカードの発動: the card's activation, not an effect the answer quotes)
        quoted = quoted_effect_of(question, name) or (
            quoted_effect_of(answer, name) if frame.question.effect is None and "カードの発動" not in frame.question.text else None)
        if not quoted and frame.question.effect is None and frame.question.kind in ("can_activate", "applies") \
                and not _CARD.search(frame.question.text):
            # 「…が召喚・特殊召喚に成功した場合、モンスター効果を発動できますか」 (its card read from the event): the
            # question text's one numbered quote, 「…成功した場合、『①：…』モンスター効果を発動する事はできますか」
            numbered = {x for x in _QUOTE.findall(question or "") if x[:1] in CIRCLED}
            quoted = numbered.pop() if len(numbered) == 1 else None
        if quoted:
            frame.question.effect_text = quoted
            if frame.question.effect is None:
                frame.question.effect = _effect_number(quoted)
    read_applied_to(f"{body}\n{question or ''}", cards)
    if frame.question and frame.question.kind == "can_attack":
        read_attack_situation(frame, answer, cards)
        # 「…「X」の効果が適用されたモンスターで攻撃できますか」: a card named in the question's own clause
        # says something about the attacker the frame does not hold
        for m in _CARD.finditer(frame.question.text):
            if fold_name(_clean_name(m.group(1))) != fold_name(next((c.name for c in cards.cards if c.ref == frame.question.card), "")):
                frame.unread.append(f"question: what 「{_clean_name(m.group(1))}」 in the question's clause does to the attacker")
    return frame


def asks_resolution(frame: Frame) -> bool:
    """An other-kind question about what an activated card's resolution does after a card left its zone
    (「「A」の効果処理時に、対象のカードがフィールドに存在しなくなった場合、自身は除外されますか」, 「…「A」自身が墓地に
    存在しなくなった場合、手札に加えられますか」: read_resolving and read_vanished's events): its answer's outcome
    (the processing applied or not, a card added to the hand or Summoned) is read as a what-happens answer's."""
    q = frame.question
    return bool(q and q.kind == "other" and frame.events and frame.events[0].action == "activate"
                and frame.events[0].note == "resolving" and any(e.action == "leave" for e in frame.events))


# ---------------------------------------------------------------- can attack: the situation in the question's clause

# 「自分フィールドに「X」が２体存在する場合、攻撃できますか」: the named card is a situation (its copies), not the attacker
_JA_ATTACK_PRESENT = re.compile(r"^(?P<where>(?:自分|相手)(?:の)?(?:フィールド|モンスターゾーン)(?:上)?に(?:表側表示の)?)?"
                                r"(?P<x>" + _NAME + r")(?:が|を)(?P<n>[2-9２-９])体存在する場合、(?=[^「」]*攻撃)")
# 「攻撃を行えない事になります」 / 「攻撃を行う事ができるようになります」: a can_attack answered with a potential form
_JA_ATTACK_ANSWER = re.compile(r"攻撃(?:宣言)?(?:を|が|は|も)?(?:(?P<no>行えない|できない)|(?P<yes>行える|行う(?:事|こと)が?できる|できる))"
                               r"(?:事|こと|よう)になります$")
# what the compiler's set-up holds by default: an attacker other than the named card (「他の自分のモンスターは」), a
# monster without Equip Cards (「装備カードを装備していない「X」」)
_JA_ATTACK_DEFAULTS = re.compile(r"situation: 「(?:他の自分のモンスター(?:は|で)|装備カードを装備していない)」 is not read$")


def read_attack_situation(frame: Frame, answer: str, cards: _Cards) -> None:
    """A can_attack question's own clause and answer: 「(自分フィールドに)「X」が2体存在する場合、攻撃できますか」 (X is a
    situation card with its copies on the asker's field, the attacker one the ruling does not name), the answer's
    potential forms (「…攻撃を行えない事になります」: no), and the clauses that say what the set-up holds anyway."""
    q = frame.question
    m = _JA_ATTACK_PRESENT.match(q.text or "")
    if m and q.card:
        card = next(c for c in cards.cards if c.ref == q.card)
        if fold_name(card.name) == fold_name(_clean_name(m.group("x")[1:-1])):
            card.state = [*card.state, "present"] if "present" not in card.state else card.state
            card.copies = int(m.group("n").translate(str.maketrans("２３４５６７８９", "23456789")))
            card.controller = "opponent" if (m.group("where") or "").startswith("相手") else "self"
            card.location = card.location or "mzone"
            q.card, q.effect, q.effect_text = None, None, None
            q.text = q.text[m.end():]
            frame.unread = [u for u in frame.unread if not u.startswith("situation: a count (")]
    if frame.answer is None:
        for sentence in re.split(r"[。\n]", answer):
            found = _JA_ATTACK_ANSWER.search(sentence.strip())
            if found:
                frame.answer = "no" if found.group("no") else "yes"
                frame.unread = [u for u in frame.unread if not u.startswith("answer: no sentence")]
                break
    unequipped = any(_JA_ATTACK_DEFAULTS.match(u) and "装備" in u for u in frame.unread)
    frame.unread = [u for u in frame.unread if not _JA_ATTACK_DEFAULTS.match(u)
                    and not (unequipped and u == "situation: a card state (装備)")]


# the cases of a question split in lettered parts, answered part by part: （A）…（B）…
_LETTERED_PART = re.compile(r"[（(][A-ZＡ-Ｚ][）)]")

def _can_polarities(answer: str, kind: str, other_player: bool = False) -> set[str]:
    """Whether the answer's sentences say the questioned action can be done, cannot, or both. A sentence of the
    answer proper counts where its main verb is the question's (「…発動する事はできません」, not 「…発動は無効に
    なりますが、…破壊する事はできません」) or says it mid-sentence (_can_mid); a 「ただし」「なお」「また」 sentence
    or an aside counts where the verb is anywhere in it (a precondition the set-up may not meet)."""
    verb = _CAN_VERB[kind]
    main = re.compile(verb + r"(?:を行う|を|する)?(?:事|こと)(?:自体)?(?:は|が|も)?でき(?:ます|ません)$")
    said = set()
    told_how = False
    for raw in re.split(r"[。\n]", answer):
        x = raw.strip()
        if not x:
            continue
        if told_how and x.startswith(("（", "(")):
            continue  # 「…1体のみを対象として発動する事になります。（2体以上を対象として…できません。）」: how, not whether
        if other_player and re.match(r"[（(]?相手プレイヤー(?:は|が)", x):
            continue  # 「相手プレイヤーは「X」の効果を発動する事はできません」: what the other player may do, not the asker
        told_how = x.endswith(("事になります", "ことになります"))
        aside = x.startswith(("（", "(", "ただし", "なお", "また", "しかし")) or x.endswith(("）", ")"))
        x = x.rstrip("）)")
        ends = re.search(r"(?:事|こと)(?:自体)?(?:は|が|も)?でき(?:ます|ません)$", x)
        if ends and (main.search(x) or aside and verb in x):
            said.add("no" if x.endswith("ません") else "yes")
        elif not aside and (mid := _mid_sentence_can(x, kind)):
            said.add(mid)
    return said


# 「…状態でなければ発動する事はできません」「…が存在していなければ…」: what the action needs, not a refusal of it
_JA_NEEDS = re.compile(r"なければ、?[^。]*?(?:事|こと)(?:自体)?(?:は|が|も)?できません$")


def _about_other_effects(answer: str, question: str, frame: Frame, cards: _Cards) -> str | None:
    """The answer without its asides (「また、」「なお、」「（…）」) that quote an effect of the questioned card
    other than the one the question quotes (「また、「X」の『…エンドフェイズ時に持ち主の手札に戻る』効果に
    チェーンして…できません」): None where there is none or the question quotes no effect."""
    q = frame.question
    name = next((c.name for c in cards.cards if c.ref == q.card), None)
    asked = quoted_effect_of(question, name) if name else None
    if not asked:
        return None
    probe = re.sub(r"^[①-⑩]：?", "", asked)[:10]
    kept = _QUOTE.sub(lambda m: m.group(0).replace("。", "\0"), answer)  # (a quote's 。 ends no sentence)
    sentences = [x.strip().replace("\0", "。") for x in re.split(r"[。\n]", kept) if x.strip()]
    other = [x for x in sentences if x.startswith(("また", "なお", "（", "(")) and (refused := _JA_REFUSED_QUOTE.search(x))
             and probe not in re.sub(r"^[①-⑩]：?", "", refused.group(1))
             and re.sub(r"^[①-⑩]：?", "", refused.group(1))[:10] not in asked]
    return "。".join(x for x in sentences if x not in other) + "。" if other else None


# 「…『②：…』効果を発動する事はできません」: the quoted effect is what cannot be activated
_JA_REFUSED_QUOTE = re.compile(r"『([^『』]+)』(?:の)?(?:モンスター効果|ペンデュラム効果|効果)(?:を|は|も)、?発動する(?:事|こと)(?:は|が|も)?"
                               r"でき(?:ません|ない)")


_JA_ONLY_IF = re.compile(r"(?:場合|際|時)(?:のみ|に限り)、?(?:[^。]*?)(?:発動|召喚|セット|攻撃)")
# 「…通常モンスターとして扱われているデュアルモンスターが戦闘によって破壊されたのであれば、…発動する事はできます」: a yes
# said under a condition (であれば / ならば), which the set-up must meet
_JA_IF_SO = re.compile(r"(?:であれば|ならば)、")
# 「しかしながら、対象とする事ができるのは、…モンスターのみとなります」: which cards only the yes is said of
_JA_ONLY_THESE = re.compile(r"(?:事|こと)が(?:でき|可能)(?:る|な)のは、?[^。]*のみ(?:となります|です)$")


def answered_precondition(answer: str, kind: str) -> list[str]:
    """The sentences of an answer that says the questioned action can be done and, beside it, only what it
    needs (「…「覇王の逆鱗」を発動する事はできます。ただし、…処理が行える状態でなければ発動する事はできません。」):
    those preconditions, the rest of the answer saying yes and only yes (its first can sentence too); empty
    where a refusal is not worded as a need (「…場合には発動する事はできません」: conditional, not a yes)."""
    kept = _QUOTE.sub(lambda m: m.group(0).replace("。", "\0"), answer)  # (a quote's 。 ends no sentence)
    sentences = [x.strip().replace("\0", "。") for x in re.split(r"[。\n]", kept) if x.strip()]
    needs = [x for x in sentences if _JA_NEEDS.search(x.rstrip("）)"))]
    # 「…場合のみ、…発動する事ができます。（…の際には…発動する事はできません。）」: the yes said only under what it
    # needs, the aside refusing the rest
    only = [x for x in sentences if _JA_ONLY_IF.search(x) and _can_polarities(x + "。", kind) == {"yes"}
            or _JA_ONLY_THESE.search(x)]
    aside, if_so = ("（", "(", "なお", "ただし"), False
    if not only:
        # 「…破壊されたのであれば、…発動する事はできます。また、…破壊された際には、…発動する事はできません。」: the yes
        # said only under its condition, the asides (また too) refusing the other cases: the condition is what it needs
        aside = (*aside, "また")
        only = [x for x in sentences if not x.startswith(aside) and _JA_IF_SO.search(x)
                and _can_polarities(x + "。", kind) == {"yes"}]
        if_so = bool(only)
    asides = [x for x in sentences if only and x.startswith(aside) and x not in only and
              _can_polarities(x + "。", kind) == {"no"}]
    rest = "。".join(x for x in sentences if x not in needs and x not in asides) + "。"
    if not (needs or only):
        # 「「王宮の鉄壁」の効果が適用されている場合でも、…発動する事ができます。ただし、…「セレンの呪眼」が…存在する場合には、
        # …発動する事はできません。」: a yes to the title's situation (even there), the asides refusing it under more
        main = [x for x in sentences if not x.startswith(("（", "(", "なお", "ただし", "また"))]
        refusals = [x for x in sentences if x not in main and _can_polarities(x + "。", kind) == {"no"}]
        said = "。".join(main) + "。"
        if refusals and _can_polarities(said, kind) == {"yes"} and _answer_ja(said, kind) == "yes" and any(
                _JA_EVEN_THEN.search(x) and _can_polarities(x + "。", kind) == {"yes"} for x in main):
            return [x.lstrip("（(").rstrip("）)") for x in refusals]
        return []
    # (「…を選択する事はできます。しかしながら、…できるのは…のみとなります」: a yes said in words other than the
    # question's verb, beside which cards only)
    these = any(_JA_ONLY_THESE.search(x) for x in only)
    # (「「ライオウ」の効果が適用されている場合、デッキからカードを手札に加える事ができません。したがって、…墓地から…手札に
    # 加えられるのであれば、「融合徴兵」を発動する事ができます」: a condition's yes may follow a why said in other verbs)
    said = "。".join(only) + "。" if if_so else rest
    if _can_polarities(rest, kind) not in ({"yes"}, *([set()] if these else [])) or _answer_ja(said, kind) != "yes":
        return []
    return [x.lstrip("（(").rstrip("）)") for x in needs + only]


def answered_exceptions(answer: str, kind: str) -> list[str]:
    """The asides of an answer whose sentences proper all say the questioned action cannot be done while its
    asides (「なお、」「ただし、」「また、」「（…）」) say it can under more (「（もう1度召喚し、効果モンスター扱いとなって
    いるデュアルモンスターを対象としてであれば、…発動する事はできます。）」): those exceptions (a set-up that offers
    the action may meet them: no verdict); empty otherwise."""
    sentences = [x.strip() for x in re.split(r"[。\n]", answer) if x.strip()]
    main = [x for x in sentences if not x.startswith(("（", "(", "なお", "ただし", "また"))]
    allowed = [x for x in sentences if x not in main and _can_polarities(x + "。", kind) == {"yes"}]
    said = "。".join(main) + "。"
    if not allowed or _can_polarities(said, kind) != {"no"} or _answer_ja(said, kind) != "no" or any(
            _can_polarities(x + "。", kind) == {"no"} for x in sentences if x not in main):
        return []
    return [x.lstrip("（(").rstrip("）)") for x in allowed]


# 「…場合でも」「…際にも」: the yes said of the title's situation itself
_JA_EVEN_THEN = re.compile(r"場合でも|際にも|時にも|ても、")


# ---------------------------------------------------------------- what happens, answered as can or cannot

# 「…「X」の効果を発動する事はできます。」 / 「…発動する事ができません。」 as the answer's first sentence
_JA_ACTIVATION_ANSWER = re.compile(
    r"(?:" + _NAME + r"(?:の(?:(?P<eff>[①-⑥])の)?(?:『[^『』]{1,80}』)?(?P<what>モンスター効果|ペンデュラム効果|効果))?を)?"
    r"(?:発動|(?P<how>特殊召喚|通常召喚|アドバンス召喚|召喚))(?:する(?:事|こと)(?:自体)?(?:は|が|も)?)?でき(?:ます|ません)$")


# the question's own subject clause left over as unread: 「自分の墓地の「」の効果の処理は」
_SUBJECT_CLAUSE = re.compile(r"situation: 「(?:自分|相手)?の?(?:フィールド|墓地|手札|モンスターゾーン|魔法[&＆]罠ゾーン|ペンデュラムゾーン)?の?"
                             r"「」(?:の(?:[①-⑥]の)?(?:『[^』]*』の)?(?:モンスター効果|ペンデュラム効果|効果))?の?"
                             r"(?:効果|処理|発動と処理|効果処理)?(?:は|が)?」 is not read$")


def answered_as_activation(frame: Frame, body: str, answer: str, cards: _Cards) -> None:
    """A what-happens question whose answer opens by saying whether a card (or effect) can be activated
    in the situation (「…処理はどうなりますか？」 -> 「…「X」を発動する事はできません。」) is that
    can_activate question: X (named in the title, or the card whose activation the title names last)
    becomes the questioned card, its activation no longer an event before the question."""
    first = re.split(r"[。\n]", _first_sentence_skipping_notes(answer), maxsplit=1)[0].strip()
    m = _JA_ACTIVATION_ANSWER.search(first)
    if not m:
        return
    prefix = first[:m.start()]
    if re.search(r"既に|以上|以下|未満|のみ|なければ|ない場合|ない状態|限り|ただし", prefix) and not prefix.startswith("質問の状況"):
        return  # 「…既に通常召喚を行っているターンには…できません」: a condition of the answer's own
    how = m.group("how")
    action = {"特殊召喚": "special_summon"}.get(how or "", "summon") if how else "activate"
    if how and m.group("what"):
        return  # 「「X」の効果を特殊召喚…」 is not a phrasing
    if m.group(1):
        name = _clean_name(m.group(1))
        if not any(fold_name(c.name) == fold_name(name) for c in cards.cards):
            return  # a card the title does not name: not this question's subject
        card = cards.get(name)
    else:
        if _CARD.search(first) or not frame.events or frame.events[-1].action != action:
            return
        card = next(c for c in cards.cards if c.ref == frame.events[-1].card)
    q = frame.question
    q.kind, q.card, q.text = "can_summon" if how else "can_activate", card.ref, m.group(0)
    if how:
        q.how, q.effect, q.effect_kind = how, None, None
    else:
        q.effect = _effect_number(m.group("eff")) or next((e.effect for e in frame.events if e.card == card.ref), None)
        q.effect_kind = {"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(m.group("what") or "")
    frame.events = [e for e in frame.events if not (e.card == card.ref and e.action == action)]
    frame.unread = [u for u in frame.unread if u != f"situation: what 「{card.name}」 does before the question"
                    and not _SUBJECT_CLAUSE.match(u)]
    at = body.find("「" + card.name)
    if at >= 0:
        _locate(card, _before(body, at))


# 「なお、（相手の）「Y」の効果が既に適用されている場合には、（自分は）墓地の「X」の効果を発動する事自体ができません。」: what the
# answer says of X's activation while Y (a card the title names) applies, Y's being in force its only condition
_JA_ACTIVATION_UNDER = re.compile(
    r"(?:^|(?<=[、。\n]))(?:(?:相手|自分)の)?" + _NAME + r"(?:の(?:[①-⑥]の)?(?:『[^『』]*』の?)?(?:モンスター効果|ペンデュラム効果|効果))?"
    r"(?:が|の)(?:既に)?(?P<how>適用されている|適用中|表側表示で存在する|存在する|存在している)(?:場合|状態|間)?(?:には|では|でも|は|に)?、"
    r"(?P<who>自分は|相手は)?(?P<where>墓地の|手札の|フィールドの)?" + _NAME.replace("(", "(?P<x>", 1) +
    r"(?:の(?:(?P<eff>[①-⑥])の)?(?:『[^『』]*』の?)?(?P<what>モンスター効果|ペンデュラム効果|効果))?を発動"
    r"(?:する(?:事|こと)(?:自体)?(?:は|が|も)?)?でき(?P<pol>ます|ません)(?=[。\n]|$)")


def answered_activation_under(frame: Frame, answer: str, cards: _Cards) -> str | None:
    """A what-happens (applies, other) question about cards the title names whose answer says, in any of its
    sentences, whether X can be activated while Y applies (or is on the field), Y's being in force its only
    condition (_JA_ACTIVATION_UNDER): that can_activate question about X with Y in force (the deciding
    condition a baseline removes), the title's activations of X and Y no longer events. Returns the
    answer's yes or no (None: not read, the frame unchanged). Events of other cards leave it unread."""
    q = frame.question
    by_name = {fold_name(c.name): c for c in cards.cards}
    for m in _JA_ACTIVATION_UNDER.finditer(_first_sentence_skipping_notes(answer)):
        y, x = by_name.get(fold_name(_clean_name(m.group(1)))), by_name.get(fold_name(_clean_name(m.group("x"))))
        if x is None or y is None or x.ref == y.ref or any(e.card not in (x.ref, y.ref) for e in frame.events):
            continue
        effect = _effect_number(m.group("eff")) or next((e.effect for e in frame.events if e.card == x.ref), None)
        q.kind, q.card, q.text, q.targets, q.how = "can_activate", x.ref, m.group(0), [], None
        q.effect = effect
        q.effect_kind = {"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(m.group("what") or "")
        q.actor = {"自分は": "self", "相手は": "opponent"}.get(m.group("who") or "", q.actor)
        frame.events = []
        state = "applied" if m.group("how").startswith("適用") else "present"
        if state not in y.state and not ("present" in y.state and state == "applied"):
            y.state.append(state)
        if m.group("where") and not x.location:
            _locate(x, m.group("where"))
        # (the title's clause naming X's processing, 「自分の墓地で発動した「」の効果処理は」, was the what-happens subject)
        frame.unread = [u for u in frame.unread if u not in (f"situation: what 「{x.name}」 does before the question",
                                                             f"situation: what 「{y.name}」 does before the question")
                        and not re.fullmatch(r"situation: 「[^「」]*「」の(?:[^「」]*の)?(?:効果処理|処理)は」 is not read", u)]
        return "yes" if m.group("pol") == "ます" else "no"
    return None


# 「…「X」の『…』モンスター効果は発動しません。」 / 「…効果は通常通り発動する事になります。」: whether an effect activates
_JA_TRIGGERED_SAID = re.compile(r"(?:効果|』)は、?(?:通常通り)?発動(?P<end>します|しません|する事になります|しない事になります)$")


def answered_triggered(answer: str, q: FrameQuestion) -> str | None:
    """An applies question 「…効果は発動しますか」 whose answer explains first and says whether the effect
    activates in a later sentence (before a 「なお、」 note or an aside): yes or no, None when its sentences
    say both or neither."""
    if q.kind != "applies" or not re.search(r"発動しますか$", q.text or ""):
        return None
    said = set()
    for sentence in re.split(r"[。\n]", _first_sentence_skipping_notes(answer)):
        sentence = sentence.strip()
        if sentence.startswith(("（", "(", "なお", "また", "ただし")):
            break
        m = _JA_TRIGGERED_SAID.search(sentence)
        if m:
            said.add("no" if "しない" in m.group("end") or m.group("end") == "しません" else "yes")
    return said.pop() if len(said) == 1 else None


_JA_NAME_QUOTE = re.compile(_NAME + r"の(?:[①-⑨]の)?『([^『』]+)』")


def quoted_effect_of(text: str, name: str) -> str | None:
    """The first 『』 effect text quoted right after the card's name (「X」の『①：…』), the name compared as
    a card name (spaces, middle dots and full-width forms as the catalog's spelling may differ)."""
    key = fold_name(name)
    for m in _JA_NAME_QUOTE.finditer(re.sub(r"\s+", "", text or "")):
        if fold_name(m.group(1)) == key:
            return m.group(2)
    return None


def _first_sentence_skipping_notes(answer: str) -> str:
    """The answer without a leading dated note (「＜以下のルールは、…より適用されます＞」)."""
    return re.sub(r"^\s*[＜<][^＞>]*[＞>]\s*", "", answer.strip())


# ---------------------------------------------------------------- fates: what becomes of a card

# 「X」の効果で / 「X」の①の効果によって / 「X」のモンスター効果で: X's effect is what acts on the card
_JA_BY_EFFECT = re.compile(_NAME + r"の(?:(?P<eff>[①-⑥])の)?(?:『[^『』]{1,60}』の)?(?P<what>モンスター効果|ペンデュラム効果|効果)"
                           r"(?:によって|で)(?!き)")
_JA_FATE_CUE = re.compile(r"破壊され(?:ます|ません)か")


# 「…「X」は破壊されます。」 / 「「X」は除外される事になります」: what becomes of a card the title names
# (「X」自身も / 「X」自体は: the card itself, beside what else the effect reaches)
_JA_FATE_WHO = _NAME + r"(?:等|など|自身|自体)?(?:は|も)、?"
_JA_FATE_SAID = re.compile(_JA_FATE_WHO + r"[^。「」]{0,30}?"
                           r"(?P<verb>破壊され|除外され|墓地へ送られ|墓地に送られ|手札に戻|デッキに戻)(?:る事に|ることに)?(?:なり)?(?P<end>ます|ません)")
_FATE_OF_VERB = {("破壊され", "ます"): "destroyed", ("破壊され", "ません"): "survives", ("除外され", "ます"): "banished",
                 ("墓地へ送られ", "ます"): "grave", ("墓地に送られ", "ます"): "grave", ("手札に戻", "ます"): "hand",
                 ("デッキに戻", "ます"): "deck"}


# 「X」は破壊されず / 破壊される事はなく / 「X」は魔法＆罠ゾーンに残ります: X survives (stays where it is)
# (「フィールド上に残り」「魔法＆罠ゾーンに表側表示で残ります」: the same)
_JA_FATE_STAYS = re.compile(_JA_FATE_WHO + r"[^。「」]{0,30}?(?:破壊され(?:ず|る事はなく|る事はありません)|"
                            r"(?:ゾーン|フィールド)(?:上)?に(?:表側表示で)?(?:そのまま)?残(?:り|ります|り続け|る事になります))")


def answered_fates(answer: str, cards: _Cards) -> dict[str, str]:
    """What the answer says becomes of cards the title names, from its sentences up to a first
    parenthesised aside; a card said to meet two fates (at two moments) gives none."""
    fates: dict[str, str] = {}
    for sentence in re.split(r"[。\n]", _first_sentence_skipping_notes(answer)):
        if sentence.strip().startswith(("（", "(")):
            break
        said = [(m, _FATE_OF_VERB.get((m.group("verb"), m.group("end")))) for m in _JA_FATE_SAID.finditer(sentence)]
        said += [(m, "survives") for m in _JA_FATE_STAYS.finditer(sentence)]
        for m, fate in said:
            name = _clean_name(m.group(1))
            card = cards.find(name)
            if card is None or fate is None or re.search(r"場合|後|その後|ても", sentence[m.start():m.end()]):
                continue
            if fates.get(card.ref, fate) != fate:
                return {}
            fates[card.ref] = fate
    return fates


# ---------------------------------------------------------------- applied: is an effect's processing applied

# 「X」の効果処理は適用されません / 「X」の①の効果は通常通り適用されます / 効果処理は適用されません: whether the
# processing of an activated effect is applied when it resolves (a 『』 quote before 処理 names only a part of it)
_JA_APPLIED_SAID = re.compile(
    r"(?:" + _NAME + r"の(?:[①-⑥]の)?(?:(?:モンスター効果|ペンデュラム効果)の|カードの発動時の)?|その|(?<![』果の]))"
    r"(?:効果処理|処理|モンスター効果|ペンデュラム効果|効果)(?:は|も)、?(?:通常通り|そのまま)?(?P<verb>適用され|行われ|無効になり)"
    r"(?P<end>ます|ません|る事になります|ることになります|る事となります|ない事になります|ないことになります)(?=[。\n）)]|$)")
# 「X」の（効果の）発動は無効になります: its activation negated, so its processing is not applied
_JA_NEGATED_SAID = re.compile(_NAME + r"の(?:(?:[①-⑥]の)?(?:モンスター効果|ペンデュラム効果|効果)の|カードの)?発動(?:は|も)、?無効(?:になり|にな|化され)(?:ます|る事になります|ることになります)(?=[。\n）)]|$)")
# 「X」の（『…』）モンスター効果（の処理）は（「Y」の効果によって）（その発動が）無効化されます: X's effect negated as it
# resolves (a quote before a negation is the effect negated, not a part applied beside others), so its processing
# is not applied
_JA_EFFECT_NEGATED = re.compile(
    _NAME + r"の(?:[①-⑥]の)?(?:『[^『』]{1,200}』の?)?(?:モンスター効果|ペンデュラム効果|効果)(?:の(?:効果)?処理|処理)?(?:は|も)、?"
    r"(?:" + _NAME + r"の(?:モンスター効果|効果)によって、?)?(?:その発動が)?無効(?:に|化)?(?:なり|され)"
    r"(?:ます|る事になります|ることになります)(?=[。\n）)が]|$)")
_JA_NOTHING_DONE = re.compile(r"^(?:その場合、|質問の状況の場合、)?(?:効果)?処理は何も行(?:いません|われません)")
# 『…』処理は適用されます / されません: a part of an effect (with the other polarity too, a partial outcome)
_JA_PART_SAID = re.compile(r"(?:" + _NAME + r"の)?『[^『』]{1,160}』(?:の)?(?:効果処理|処理|効果)(?:は|も)、?(?:通常通り)?適用され"
                           r"(?P<end>ます|ません|る事はありません|る事)")
_PART_NOT = ("ません", "る事はありません")  # (the ends of _JA_PART_SAID that say a part is not applied)
# 『A』処理、『B』処理、いずれも通常通り適用されます: each part listed said so, as _JA_PART_SAID says one
_JA_PARTS_SAID = re.compile(r"(?P<parts>(?:『[^『』]{1,160}』(?:の)?(?:効果処理|処理|効果)、)+『[^『』]{1,160}』(?:の)?(?:効果処理|処理|効果))、?"
                            r"(?:いずれも|どちらも|共に|ともに)、?(?:通常通り)?適用され(?P<end>ます|ません)")
# 「その場合、『手札を１枚捨て』の処理を行い、処理を完了します」: a part done (what the rest of the sentence leaves out is
# not); counted where the part does something the duel's log shows (_JA_SEEN_STEM: a card moved, a draw)
_JA_PART_DONE = re.compile(r"(?:" + _NAME + r"の)?『(?P<part>[^『』]{1,160})』(?:の)?処理(?:のみ)?を行い(?:、|ます)")
# 「…場合でも、ドローする処理は通常通り適用されます」 / 「…を破壊する処理を行い、処理を完了します」: an unquoted part done
_JA_UNQUOTED_DONE = re.compile(r"(?:^|(?<=[、。]))(?P<part>[^、。「」『』]{1,30}?する)処理(?:のみ)?(?:(?:は|も)、?(?:通常通り)?"
                               r"(?:適用され|行われ)(?:ます|る事になります)|を行い(?:、|ます))")
_JA_SEEN_STEM = re.compile(r"墓地へ送|墓地に送|捨て|破壊|除外|手札に加え|手札に戻|デッキに戻|特殊召喚|ドロー|ダメージを|回復|"
                           r"セット|表示に")
_JA_RESTRICTION = re.compile(r"でき(?:ない|ず)|られない")  # (『…しか特殊召喚できない』: a restriction, nothing done)


def _shows(part: str) -> bool:
    """Whether a 『』 quoted or unquoted part of an effect does what the duel's log shows (not a restriction)."""
    return bool(_JA_SEEN_STEM.search(part)) and not _JA_RESTRICTION.search(part)


# 『…』の処理を適用する事ができません / 『…』処理も行う事ができず: a part of an effect that cannot be applied
# (「『…』処理が適用できませんので、『…』処理も行われません」: the same)
_JA_PART_CANNOT = re.compile(r"(?:(?:" + _NAME + r"の)?『[^『』]{1,160}』(?:の)?|(?<=[、。])[^、。「」『』]{2,30}?する)(?:効果処理|処理|効果)(?:を|も|は|が)、?"
                             r"(?:(?:適用|行う|実行)(?:(?:する)?(?:事|こと)(?:が|は|も)?)?でき(?:ません|ない|ず)|行(?:いません|わず)|"
                             r"行われ(?:ません|ず))")
# anything said to be applied or done as usual (then no part said not to be applied stands for the whole)
_JA_SAID_APPLIED = re.compile(r"(?:適用され|行われ)(?:ます|る事になります|ることになります)|通常通り|処理を行い(?!ません)")


# 「（また、）「X」の効果処理時に、…」: a paragraph about what X's resolution does
_JA_PARAGRAPH_OF = re.compile(r"^(?:また、)?" + _NAME + r"の(?:[①-⑥]の)?(?:モンスター効果|ペンデュラム効果|効果)?(?:の)?(?:効果処理|処理)時")


def paragraph_about(answer: str, frame: Frame, cards: _Cards) -> str:
    """The answer (without a leading dated note), or, where its paragraphs each open with the resolution of a card
    (「「A」の効果処理時に、…」 … 「また、「B」の効果処理時に、…」: a title that lists 「A」や「B」 and plays only B), the
    paragraph about the title's first activated card when the first paragraph is about another card."""
    text = _first_sentence_skipping_notes(answer)
    first = next((e.card for e in frame.events if e.action == "activate"), None)
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    opened = [_JA_PARAGRAPH_OF.match(p) for p in paragraphs]
    names = [fold_name(_clean_name(m.group(1))) if m else None for m in opened]
    name = next((fold_name(c.name) for c in cards.cards if c.ref == first), None)
    if first is None or len(paragraphs) < 2 or names[0] is None or names[0] == name or name not in names:
        return text
    return re.sub(r"^また、", "", paragraphs[names.index(name)])


def answered_applied(answer: str, frame: Frame, cards: _Cards, question: str = "") -> dict[str, bool]:
    """Whether the answer says the processing of an activated card's effect is applied (its sentences
    up to a 「なお、」 note or a parenthesised aside): 「X」の効果処理は適用されません -> {X: False}; an
    unnamed 「効果処理は…」 or 「処理は何も行いません」 is that of the first card activated in the title.
    A card said to be applied and not, or whose effect is said to apply in part (a 『』 quoted part with
    the other polarity), gives none; only cards activated in the title's events are read."""
    activated = [e.card for e in frame.events if e.action == "activate"]
    said: dict[str, set[bool]] = {}
    parts: set[bool] = set()
    part_of: set[str | None] = set()  # whose effect the quoted parts are (None: unnamed)
    negative_parts, positive = 0, False
    quoted: list[tuple[str | None, str, bool]] = []  # each 『』 part said applied or not: (whose, quote, applied)
    for sentence in re.split(r"[。\n]", paragraph_about(answer, frame, cards)):
        # (an aside that draws the sentence's consequence, 「（よって、『…』処理も適用される事はありません。）」, says
        # more of the same processing: read on)
        sentence = re.sub(r"^[（(]よって、", "", sentence.strip())
        if sentence.startswith(("（", "(", "なお", "また")):
            break
        listed = [(None, q, m.group("end")) for m in _JA_PARTS_SAID.finditer(sentence) for q in _QUOTE.findall(m.group("parts"))]
        for whose, part, end in [*((m.group(1), _QUOTE.search(m.group(0)).group(1), m.group("end"))
                                   for m in _JA_PART_SAID.finditer(sentence)), *listed]:
            if end not in _PART_NOT and not _shows(part):
                # (a part applied that the duel's log cannot show, a restriction that lasts 『…しか特殊召喚できない』,
                # says nothing of what the resolution does)
                positive = True
                continue
            parts.add(end not in _PART_NOT)
            quoted.append((whose and _clean_name(whose), part, end not in _PART_NOT))
            part_of.add(whose and _clean_name(whose))
            negative_parts += end in _PART_NOT
        for m in [*_JA_PART_DONE.finditer(sentence), *_JA_UNQUOTED_DONE.finditer(sentence)]:
            # (an unquoted part that Special Summons or adds to the hand: answered_moves reads it)
            if _shows(m.group("part")) and not (m.re is _JA_UNQUOTED_DONE and any(
                    does.search(m.group("part")) for does, _ in _JA_PART_DOES.values())):
                whose = _clean_name(m.group(1)) if m.re is _JA_PART_DONE and m.group(1) else None
                parts.add(True)
                quoted.append((whose, m.group("part"), True))
                part_of.add(whose)
        for m in _JA_PART_CANNOT.finditer(sentence):
            parts.add(False)
            part_of.add(m.group(1) and _clean_name(m.group(1)))
            negative_parts += 1
        positive = positive or bool(_JA_SAID_APPLIED.search(sentence))
        found = []
        for m in _JA_APPLIED_SAID.finditer(sentence):
            # an unnamed 「効果処理は…」 only as the sentence's subject (at its start, after a clause's comma or 場合には)
            if m.group(1) is not None or m.start() == 0 or sentence[:m.start()].endswith(("、", "場合には", "場合は")):
                negative = m.group("end") == "ません" or "ない" in m.group("end")
                found.append((m.group(1), negative == (m.group("verb") == "無効になり")))
        if _JA_NOTHING_DONE.search(sentence):
            found.append((None, False))
        found += [(m.group(1), False) for m in _JA_NEGATED_SAID.finditer(sentence)]
        for name, applied in found:
            if name is None:
                ref = activated[0] if activated else None
            else:
                card = cards.find(name)
                ref = card.ref if card else None
            if ref in activated:
                said.setdefault(ref, set()).add(applied)
    for ref in [*answered_negated(answer, cards), *answered_no_damage(answer, frame, cards, question)]:
        if ref in activated:
            said.setdefault(ref, set()).add(False)
    out = {ref: next(iter(values)) for ref, values in said.items() if len(values) == 1}
    if parts and any(v not in parts or len(parts) > 1 for v in out.values()):
        return {}
    # (an unnamed part is one of the first card activated in the title)
    first_name = next((c.name for c in cards.cards if activated and c.ref == activated[0]), None)
    part_of = {name or first_name for name in part_of} if parts == {False} else part_of
    if not out and len(part_of) == 1 and (parts == {True} or parts == {False} and negative_parts >= 2 and not positive):
        # only 『』 quoted parts, each said to be applied: the effect is applied (at least in part); each said not to
        # be, two or more of them (「『X』の処理を適用する事ができませんので、『Y』処理も適用されません」) and nothing
        # said to be applied: the effect's processing is not applied. Of the card that quotes them (unnamed: the
        # first card activated in the title)
        name = next(iter(part_of))
        card = cards.find(name)
        ref = card.ref if card else None if name else (activated[0] if activated else None)
        return {ref: parts == {True}} if ref in activated else {}
    # (parts a Special Summon or to-the-hand outcome reads — answered_moves, judged by that move alone — are left to it)
    moves = answered_moves(answer, frame, cards) or answered_moves(answer, frame, cards, "to_hand")
    return out or ({} if moves else parts_cover_processing(quoted, frame, cards, question))


# what an effect's resolution does that the duel's log shows (a card moved, LP changed, a draw, a position
# changed): its processing's sentences with such a verb (装備する: a card moved to a Spell & Trap Zone as an
# Equip Card, 「…を選んで装備カード扱いとしてこのカードに装備する」)
_JA_SEEN_MOVE = (r"(?:特殊召喚|召喚|手札に加え|手札に戻|持ち主の手札に戻|墓地へ送|墓地に送|除外|破壊|デッキに戻|"
                 r"素材と|セット|表示に|装備)(?:する|し、|して)|回復する|ドローする")
_JA_DAMAGE_DEALT = r"ダメージを[^。、]{0,6}?(?:与える|受ける)"
_JA_SEEN_VERB = re.compile(_JA_SEEN_MOVE + "|" + _JA_DAMAGE_DEALT)


def _processing(effect_text: str) -> list[str]:
    """The sentences of an effect's processing (after its 「…発動できる。」/「…発動する。」 condition and cost)
    that do something the duel's log shows (_JA_SEEN_VERB), folded to compare."""
    text = unicodedata.normalize("NFKC", re.sub(r"\s+", "", effect_text))
    text = re.split(r"発動(?:できる|する)。", text)[-1]
    return [x for x in text.split("。") if _JA_SEEN_VERB.search(x)]


def parts_cover_processing(quoted: list[tuple[str | None, str, bool]], frame: Frame, cards: _Cards,
                           question: str = "") -> dict[str, bool]:
    """『』 quoted parts of one activated card's effect said applied or not: where those said not applied
    cover every sentence of its processing the duel's log shows (_processing) and none said applied shows
    anything, its processing is not applied (nothing the log sees happens); the other way round, applied.
    The effect's text is its event's quote (or the one after its name in the question)."""
    activated = [e for e in frame.events if e.action == "activate"]
    if not quoted or not activated:
        return {}
    names = {name for name, _, _ in quoted} - {None}
    if len(names) > 1:
        return {}
    name = next(iter(names)) if names else None
    card = cards.find(name) if name else \
        next(c for c in cards.cards if c.ref == activated[0].card)
    event = next((e for e in activated if card is not None and e.card == card.ref), None)
    if event is None:
        return {}
    text = event.effect_text or quoted_effect_of(question, card.name) or ""
    seen = _processing(text)
    if not seen:
        return {}
    fold = [(unicodedata.normalize("NFKC", re.sub(r"\s+", "", quote)), applied) for _, quote, applied in quoted]

    def covered(applied: bool) -> bool:
        return all(any(q in x or x in q for q, a in fold if a == applied) for x in seen)

    def shows(applied: bool) -> bool:
        return any(_JA_SEEN_VERB.search(q) for q, a in fold if a == applied)

    for applied in (False, True):
        if covered(applied) and not shows(not applied):
            return {card.ref: applied}
    return {}


def answered_negated(answer: str, cards: _Cards) -> dict[str, str | None]:
    """The cards whose effect the answer says is negated as it resolves (_JA_EFFECT_NEGATED, its sentences up
    to a 「なお、」 note or an aside), each with the 『』 quote of the effect negated (None: unquoted). A
    negated effect's quote may hold a 。: the sentences are split outside 『』."""
    out: dict[str, str | None] = {}
    for sentence in re.split(r"[。\n](?![^『』]*』)", _first_sentence_skipping_notes(answer)):
        if sentence.strip().startswith(("（", "(", "なお", "また")):
            break
        for m in _JA_EFFECT_NEGATED.finditer(sentence):
            card = cards.find(m.group(1))
            if card is not None:
                quote = _QUOTE.search(m.group(0))
                out[card.ref] = out.get(card.ref) or (quote.group(1) if quote else None)
    return out


# 「X」の『…』モンスター効果によって相手に与えるダメージは結果的に0になります: X's effect deals no damage
_JA_NO_DAMAGE = re.compile(_NAME + r"の(?:『(?P<quote>[^『』]{1,200})』の?)?(?:モンスター効果|ペンデュラム効果|効果)(?:によって|で)、?"
                           r"(?:(?:相手|自分|お互い)(?:に|が|の)?)?(?:与える|受ける)ダメージは、?(?:結果的に)?[0０]に(?:なり|な)")


def answered_no_damage(answer: str, frame: Frame, cards: _Cards, question: str = "") -> list[str]:
    """The activated cards whose effect the answer says deals no damage (_JA_NO_DAMAGE), where all that
    effect's processing shows in the duel's log is damage (_processing: its quote there, its event's, or the
    question's after its name): its processing is not applied."""
    out = []
    for sentence in re.split(r"[。\n](?![^『』]*』)", _first_sentence_skipping_notes(answer)):
        if sentence.strip().startswith(("（", "(", "なお", "また")):
            break
        for m in _JA_NO_DAMAGE.finditer(sentence):
            card = cards.find(m.group(1))
            event = next((e for e in frame.events if card and e.card == card.ref and e.action == "activate"), None)
            if event is None:
                continue
            seen = _processing(m.group("quote") or event.effect_text or quoted_effect_of(question, card.name) or "")
            if seen and all(re.search(_JA_DAMAGE_DEALT, x) and not re.search(_JA_SEEN_MOVE, x) for x in seen):
                out.append(card.ref)
    return out


# what else an answer states, in the order looked for where several are said: the outcome no scenario checks
_JA_OUTCOME_KINDS = [
    (r"(?:攻撃力|守備力)(?:は|が|を)?[^。]{0,20}?(?:なり|アップ|ダウン|[0-9０-９]{2,})", "a monster's ATK/DEF"),
    (r"ダメージ|ライフポイント|LP|回復", "damage or a change of LP"),
    (r"チェーン[0-9０-９]|チェーンブロック", "which links a chain holds or their order"),
    (r"』(?:の)?(?:効果処理|処理|効果)(?:は|も)、?(?:通常通り)?適用され", "that a 『』 quoted part of an effect is or is not applied (a partial outcome)"),
    (r"無効(?:になり|にな|化され|にされ)(?:ます|ません|る事|ている|ていない)", "that an effect or an activation is negated, of a card whose activation the title does not play"),
    (r"(?:特殊召喚|召喚)(?:され|する事にな|することにな|でき|は行われ|を行い|が行われ)(?:ます|ません|ない)", "whether a monster is Summoned"),
    (r"(?:破壊され|除外され|墓地へ送られ|墓地に送られ|手札に戻り|デッキに戻り)(?:ます|ません|る事に|ず)|(?:フィールド|ゾーン)に残",
     "what becomes of a card, of one the title does not name or in words the fate reader does not take"),
    (r"[0-9０-９]+(?:枚|体|回|つ)(?:と|に|の|です|まで|だけ|ドロー)", "a number of cards, monsters or times"),
    (r"(?:種族|属性|カード名|レベル|ランク)(?:は|が|として扱|を)", "a card's Type, Attribute, name, Level or Rank"),
    (r"でき(?:ます|ません)(?=[。\n]|$)", "that a player can or cannot do something other than activate or summon a card the title names"),
]


def unread_outcome(answer: str) -> str:
    """Why a what-happens answer gives no outcome a scenario checks: the first kind of outcome its main
    part (before a 「なお、」 note) states, with the words it was found by."""
    main = re.split(r"\n\s*なお|。\s*なお", _first_sentence_skipping_notes(answer), maxsplit=1)[0]
    sentences = [x.strip() for x in re.split(r"[。\n]", main) if x.strip()]
    # its conclusion (「したがって…」「結果的に…」) first, then its first sentence, then the rest
    concluding = [x for x in sentences if x.startswith(("したがって", "よって", "結果的に", "つまり", "その結果"))]
    for part in [*concluding, *sentences[:1], main]:
        found = [(m.start(), what, m.group(0)) for cue, what in _JA_OUTCOME_KINDS for m in [re.search(cue, part)] if m]
        if found:
            _, what, words = min(found)
            return f"answer: it states {what} ({words}), which is not read into an outcome a scenario checks"
    return "answer: it states no outcome (an explanation): no fate, LP, ATK/DEF, count, summon or negation"


# 「X」の攻撃力は2000になります / 「X」の攻撃力・守備力は1900・1200となり / 「X」は攻撃力が倍の4800になり
# / 「X」は攻撃力2800・守備力3200の状態となります / 「X」の攻撃力は2800・守備力は2000の状態のままです
_JA_STATS_SAID = re.compile(_NAME + r"(?:の|は)、?(?P<what>攻撃力・守備力|攻撃力|守備力)(?:は|が)?、?(?P<how>[^。「」]{0,24}?)"
                            r"(?P<a>[0-9０-９]{1,5})(?:(?:・|、)(?:守備力(?:は|が)?)?(?P<d>[0-9０-９]{1,5}))?"
                            r"(?:の状態)?(?:(?:と|に)な(?:り|る|ります)|のまま(?:と|に)?な(?:り|る)|のままです|の状態のまま)")


def answered_stats(answer: str, cards: _Cards) -> dict[str, dict[str, int]]:
    """The ATK/DEF the answer says a monster the title names has once the events resolved (its sentences
    up to a 「なお、」 note); one said only during damage calculation, an original ATK (元々の), or two
    values for one card give none for it."""
    out: dict[str, dict[str, int]] = {}
    twice: set[str] = set()
    for sentence in re.split(r"[。\n]", _first_sentence_skipping_notes(answer)):
        if sentence.strip().startswith(("（", "(", "なお")):
            break
        for m in _JA_STATS_SAID.finditer(sentence):
            card = cards.find(m.group(1))
            if card is None or re.search(r"ダメージ計算|元々の", m.group("how") + sentence[:m.start()]):
                continue
            values = [int(unicodedata.normalize("NFKC", v)) for v in (m.group("a"), m.group("d")) if v]
            keys = ["attack", "defense"] if m.group("what") == "攻撃力・守備力" or (
                m.group("what") == "攻撃力" and m.group("d")) else ["attack" if m.group("what") == "攻撃力" else "defense"]
            if len(values) != len(keys):
                continue
            said = dict(zip(keys, values))
            if card.ref in out and out[card.ref] != said:
                twice.add(card.ref)
            out[card.ref] = said
    return {ref: v for ref, v in out.items() if ref not in twice}


# whose LP an answer's sentence says changes: 自分 (the asker), 相手, お互い (both), or the controller of a card it names
# (「X」で攻撃を行ったプレイヤー / 「X」のコントローラー)
_JA_LP_WHO = r"(?P<who>自分|相手|お互い|両プレイヤー|(?:「(?P<by>[^「」]+)」(?:で攻撃を行った|のコントローラーである|を(?:コントロールしている|コントロールする))))" \
             r"(?:プレイヤー)?"
# what may stand between the player and the number: 「その攻撃力分、」「その半分の」「それぞれ」
_JA_LP_HOW = r"(?:(?:[^。、「」『』\d]|「[^「」]+」){0,16}?(?:分|の|ぞれ)、?)?"
_JA_LP_N = r"(?P<n>[0-9]{2,5})(?:ポイント)?(?:の)?"
_JA_LP_DONE = r"(?:ます|る(?:事|こと)にな|、)"
# a player takes or is dealt N damage, gains N LP, or the damage they take becomes N (sign: -1 damage, +1 recovery)
_JA_LP_SAID = [
    (re.compile(_JA_LP_WHO + r"(?:は|が|に|も)?、?" + _JA_LP_HOW + _JA_LP_N + r"(?:戦闘|効果)?ダメージを受け" + _JA_LP_DONE), -1),
    (re.compile(_JA_LP_WHO + r"(?:ライフ)?に(?:は|も)?、?" + _JA_LP_HOW + _JA_LP_N + r"(?:戦闘|効果)?ダメージ(?:を与え|が与えられ)"
                + _JA_LP_DONE), -1),
    (re.compile(_JA_LP_WHO + r"(?:は|が|の)?、?" + _JA_LP_HOW + _JA_LP_N + r"(?:ライフポイント|LP)を?回復(?:し|す)"), 1),
    (re.compile(_JA_LP_WHO + r"(?:は|が|の)?、?(?:ライフポイント|LP)を、?" + _JA_LP_N + r"回復(?:し|す)"), 1),
    # (「自分が受ける戦闘ダメージは結果的に0となります」: none, said as an amount)
    (re.compile(_JA_LP_WHO + r"(?:が|の)受ける(?:戦闘|効果)?ダメージは、?(?:結果的に)?" + _JA_LP_HOW
                + r"(?:(?P<n>[0-9]{2,5})(?:ポイント)?(?:の)?|(?P<none>0))(?:と|に)な(?:り|る)"), -1),
]
_CONCLUDING = ("したがって", "よって", "結果的に", "つまり", "その結果")


def answered_lp(answer: str, cards: _Cards) -> dict[str, int]:
    """The change of each player's LP the answer says the events make (_JA_LP_SAID: 「相手が３０００ダメージを受けます」
    -> {opponent: -3000}, 「お互いに６００ダメージを受ける」, 「…プレイヤーが、その攻撃力分2200のライフポイントを回復する」),
    keyed self (the asker) / opponent, from its sentences up to a 「なお、」 note or an aside, 『』 quoted effect texts
    left out, a 「また、…場合」 sentence (another case) skipped; a concluding sentence's (「したがって」「結果的に」) values replace the others; a player said to change by
    two amounts, or named by a card whose controller the ruling does not give, gives none."""
    said: dict[str, set[int]] = {}
    concluded: dict[str, set[int]] = {}
    for sentence in re.split(r"[。\n]", _first_sentence_skipping_notes(answer)):
        sentence = _QUOTE.sub("『』", unicodedata.normalize("NFKC", sentence.strip()))
        if sentence.startswith(("(", "なお")):
            break
        if sentence.startswith("また") and "場合" in sentence:
            continue  # (「また、…場合には…」: another case than the question's)
        into = concluded if sentence.startswith(_CONCLUDING) else said
        for cue, sign in _JA_LP_SAID:
            for m in cue.finditer(sentence):
                if m.group("by"):
                    card = cards.find(m.group("by"))
                    players = [card.controller] if card is not None and card.controller in ("self", "opponent") else []
                else:
                    players = {"自分": ["self"], "相手": ["opponent"]}.get(m.group("who"), ["self", "opponent"])
                for player in players:
                    into.setdefault(player, set()).add(sign * int(m.group("n") or 0))
    chosen = concluded or said
    return {player: next(iter(v)) for player, v in chosen.items() if len(v) == 1}



# whose LP an answer says takes damage without saying how much: 「お互いのプレイヤーが戦闘ダメージを受ける事になります」,
# 「相手プレイヤーがダメージを受けます」, 「…戦闘ダメージを受けるのは相手ではなく、自分となります」 (takes), 「自分はダメージを受けず」
# (takes none); a sentence with a number in it is answered_lp's
_JA_DAMAGED_WHO = r"(?P<who>自分|相手|お互い)(?:の)?(?:プレイヤー)?"
_JA_DAMAGED_SAID = [
    (re.compile(_JA_DAMAGED_WHO + r"(?:は|が|も)、?(?:その)?(?:戦闘|効果)?ダメージを(?:通常通り)?受け(?:ます|る(?:事|こと)にな)"), True),
    (re.compile(r"(?:戦闘|効果)?ダメージを受けるのは、?(?P<not>自分|相手)(?:プレイヤー)?ではなく、?" + _JA_DAMAGED_WHO
                + r"(?:とな|にな|です)"), True),
    (re.compile(_JA_DAMAGED_WHO + r"(?:は|が|も)、?(?:戦闘|効果)?ダメージを受け(?:ず|ません|ていません)"), False),
]


def answered_damaged(answer: str) -> dict[str, bool]:
    """Which players the answer says take damage (True) or take none (False), the amount unsaid (_JA_DAMAGED_SAID),
    keyed self (the asker) / opponent, from its sentences up to a 「なお、」 note, 『』 quoted effect texts left out, a
    「また、…場合」 sentence (another case) and any sentence with a number skipped; a concluding sentence's
    (「したがって」「結果的に」) values replace the others; a player said both ways gives none."""
    said: dict[str, set[bool]] = {}
    concluded: dict[str, set[bool]] = {}
    for sentence in re.split(r"[。\n]", _first_sentence_skipping_notes(answer)):
        sentence = _QUOTE.sub("『』", unicodedata.normalize("NFKC", sentence.strip()))
        if sentence.startswith(("(", "なお")):
            break
        if (sentence.startswith("また") and "場合" in sentence) or re.search(r"[0-9]", sentence):
            continue
        into = concluded if sentence.startswith(_CONCLUDING) else said
        for cue, takes in _JA_DAMAGED_SAID:
            for m in cue.finditer(sentence):
                players = {"自分": ["self"], "相手": ["opponent"]}.get(m.group("who"), ["self", "opponent"])
                for player in players:
                    into.setdefault(player, set()).add(takes)
                spared = m.groupdict().get("not")
                if spared:
                    into.setdefault("self" if spared == "自分" else "opponent", set()).add(False)
    chosen = concluded or said
    return {player: next(iter(v)) for player, v in chosen.items() if len(v) == 1}


# 「X」が直接攻撃によって相手に戦闘ダメージを与えた場合 / 「X」の直接攻撃の際に、相手が発動した「Y」の効果で…場合 /
# 自分の「X」が直接攻撃を宣言した時、相手が「Y」を発動した場合: a direct attack by X, then Y activated in the window its
# declaration opens
_JA_DIRECT_ATTACK_TITLE = re.compile(
    r"^(?:(?P<who>自分|相手)の)?(?P<z>" + _NAME + r")(?:が|の)、?直接攻撃(?:によって(?:相手に)?(?:戦闘)?ダメージを与えた(?:場合|時)|"
    r"を(?:宣言した|行った)(?:場合|時|際)(?:に)?|の際に)、?"
    r"(?:(?P<ywho>自分|相手)が、?(?:発動した)?(?P<y>" + _NAME + r")(?:の効果で[^「」、。]*?場合|を発動した場合)、?)?")


def read_direct_attack_title(frame: Frame, body: str, cards: _Cards) -> bool:
    """An LP answer's title whose situation is a direct attack by a monster it names, and at most one card the other
    player activates at its declaration (_JA_DIRECT_ATTACK_TITLE): the attack (by the asker, unless 相手の) made the
    first event, the activation after it; the situation entries it explains dropped. False (nothing changed) when the
    title says otherwise, names other cards or the frame has events."""
    if frame.events:
        return False
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", body))
    m = _JA_DIRECT_ATTACK_TITLE.match(text)
    if m is None:
        return False
    names = [g[1:-1] for g in (m.group("z"), m.group("y")) if g]
    if len(_CARD.findall(text[:frame_question_start(text, frame)] if frame.question else text)) != len(names):
        return False
    z = cards.get(names[0])
    who = "opponent" if m.group("who") == "相手" else "self"
    if z.controller not in (None, who):
        return False
    z.controller = who
    frame.events = [FrameEvent(action="attack", card=z.ref, actor=who, note="declares a direct attack")]
    if m.group("y"):
        y = cards.get(names[1])
        ywho = "self" if m.group("ywho") == "自分" else "opponent"
        if y.ref == z.ref or ywho == who:
            return False
        y.controller = ywho
        frame.events.append(FrameEvent(action="activate", card=y.ref, actor=ywho))
    frame.cards = cards.cards
    said, folded = _without_names(m.group(0)), {fold_name(n) for n in names}
    frame.unread = [u for u in frame.unread if not ((w := re.fullmatch(r"situation: what 「(.+)」 does before the question",
                                                                      u)) and fold_name(w.group(1)) in folded)
                    and not (u.startswith("situation: 「") and _without_names(
                        u.removeprefix("situation: 「").removesuffix("」 is not read")) in said)
                    and u != "situation: life points (ダメージを受け)"]
    return True



# 「X」が攻撃された時に「Y」を発動した場合 / 相手モンスターに攻撃された「X」…: X attacked by a monster of the other player the
# title does not name, Y activated at the declaration
_JA_ATTACKED_TITLE = re.compile(
    r"^(?:(?P<who>自分|相手)の)?(?P<x>" + _NAME + r")が、?(?:相手(?:の)?モンスターに)?攻撃された(?:時|際)(?:に)?、?"
    r"(?:(?P<ywho>自分|相手)が、?)?(?P<y>" + _NAME + r")を発動した場合")


def read_attacked_title(frame: Frame, body: str, cards: _Cards) -> bool:
    """An LP answer's title whose situation is a monster it names attacked by one of the other player's it does not
    name, and the activation of a card it names at that declaration (_JA_ATTACKED_TITLE): an attack event on X noted
    ATTACKED_NOTE (the compiler makes the attacker a vanilla monster stronger than X), Y's activation after it; the
    situation entries it explains dropped. False (nothing changed) when the title says otherwise or names other cards."""
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", body))
    m = _JA_ATTACKED_TITLE.match(text)
    if m is None or len(_CARD.findall(text[:frame_question_start(text, frame)] if frame.question else text)) != 2:
        return False
    x, y = cards.get(m.group("x")[1:-1]), cards.get(m.group("y")[1:-1])
    if x.ref == y.ref or [(e.action, e.card) for e in frame.events] != [("activate", y.ref)]:
        return False
    who = "opponent" if m.group("who") == "相手" else "self"
    ywho = {"自分": "self", "相手": "opponent"}.get(m.group("ywho") or "", y.controller or who)
    if x.controller not in (None, who) or y.controller not in (None, ywho):
        return False
    x.controller, y.controller = who, ywho
    frame.events = [FrameEvent(action="attack", card=x.ref, actor="self" if who == "opponent" else "opponent",
                               note=ATTACKED_NOTE), FrameEvent(action="activate", card=y.ref, actor=ywho)]
    frame.cards = cards.cards
    said, folded = _without_names(m.group(0)), {fold_name(c.name) for c in (x, y)}
    frame.unread = [u for u in frame.unread if not ((w := re.fullmatch(r"situation: what 「(.+)」 does before the question",
                                                                      u)) and fold_name(w.group(1)) in folded)
                    and not (u.startswith("situation: 「") and _without_names(
                        u.removeprefix("situation: 「").removesuffix("」 is not read")) in said)]
    return True


# 自分のモンスターゾーンに「X」が表側表示で存在しています (in the question text): whose X is, and where
_JA_PLACED_IN_QUESTION = re.compile(r"(?P<where>(?:自分|相手)の(?:モンスターゾーン|フィールド|魔法[&＆]罠ゾーン|フィールドゾーン|"
                                    r"ペンデュラムゾーン)(?:上)?に)(?P<x>" + _NAME + r")が(?:表側表示で|表側攻撃表示で|表側守備表示で)?存在")


def read_places_in_question(frame: Frame, question: str, cards: _Cards) -> None:
    """An LP answer's situation cards (present or applied) whose side the title does not give: the side and zone the
    question text places them in (_JA_PLACED_IN_QUESTION: 「自分のモンスターゾーンに「X」が表側表示で存在しています」),
    where it places each once (whose effect turns damage into recovery decides whose LP changes)."""
    text = unicodedata.normalize("NFKC", question or "")
    said: dict[str, set[str]] = {}
    for m in _JA_PLACED_IN_QUESTION.finditer(text):
        said.setdefault(fold_name(_clean_name(m.group("x"))), set()).add(m.group("where"))
    for card in cards.cards:
        where = said.get(fold_name(card.name), set())
        if card.controller is None and len(where) == 1 and {"present", "applied"} & set(card.state):
            _locate(card, next(iter(where)))


def read_spared_by_battle(frame: Frame, cards: _Cards) -> bool:
    """An LP answer that a monster's controller takes no damage (「自分が受ける戦闘ダメージは0になります」, 「自分は
    ダメージを受けません」) when the frame's one event is that monster, named by the title and not said to be in
    Defense Position, destroyed by battle (「「X」自身が戦闘で破壊される際に」): X attacked by a monster of the other
    player the ruling does not name (ATTACKED_NOTE: the compiler makes the attacker a vanilla monster stronger than X,
    whose battle would otherwise damage X's controller, X in Attack Position). X's controller, where the ruling does
    not say it, is the player the answer speaks of. False (nothing changed) otherwise: an amount of damage would mix
    the stand-in's ATK in."""
    if len(frame.events) != 1 or (frame.events[0].action, frame.events[0].note) != ("destroy", "by battle"):
        return False
    spared = {who for who, n in frame.lp.items() if n == 0} | {who for who, takes in frame.damaged.items() if not takes}
    x = next(c for c in cards.cards if c.ref == frame.events[0].card)
    if len(spared) != 1 or set(frame.lp) | set(frame.damaged) != spared or x.controller not in (None, *spared) \
            or x.position not in (None, "faceup_attack"):
        return False
    x.controller = next(iter(spared))
    frame.events = [FrameEvent(action="attack", card=x.ref, actor="self" if x.controller == "opponent" else "opponent",
                               note=ATTACKED_NOTE)]
    frame.cards = cards.cards
    return True


# ---------------------------------------------------------------- moves: does an effect's resolution summon, add to the hand

# 「特殊召喚は行えません」 / 「対象のモンスターは特殊召喚されず」 / 「…を特殊召喚する事はできません」 / 「特殊召喚する処理は
# 適用されません」 (no) and 「…が特殊召喚されます」 / 「特殊召喚する処理は通常通り行われます」 / 「…を特殊召喚する処理を行います」
# (yes): whether the Special Summon an activated effect makes happens when it resolves (the text inside 『』 quotes, an
# effect's own words, is not read)
_JA_SUMMONS_SAID = re.compile(
    r"(?P<no>特殊召喚(?:は|も)?(?:行え(?:ません|ず)|行われ(?:ず|ません))|特殊召喚され(?:ず|ません)|"
    r"特殊召喚(?:する|を行う)(?:事|こと)(?:は|が|も)?でき(?:ず|ません)|"
    r"特殊召喚する処理(?:は|も)、?(?:適用され|行われ)(?:ず|ません))|"
    r"(?P<yes>特殊召喚されます|特殊召喚する処理(?:は|も)、?(?:通常通り)?(?:適用され|行われ)ます|特殊召喚する処理を行い(?:ます|、))")
# 「…を手札に加える事はできません」 / 「手札に加える処理は適用されません」 (no), 「手札に加える処理は通常通り行われます」 (yes)
_JA_TO_HAND_SAID = re.compile(
    r"(?P<no>手札に加える(?:事|こと)(?:は|が|も)?でき(?:ず|ません)|手札に加える処理(?:は|も)、?(?:適用され|行われ)(?:ず|ません)|"
    r"手札に加わりません)|(?P<yes>手札に加える処理(?:は|も)、?(?:通常通り)?(?:適用され|行われ)ます)")
# 『…を特殊召喚する』処理は適用されません / 『…特殊召喚し』の処理は行われます / 『…特殊召喚できる』処理を適用する事はできません
# / 『このカードを手札に加え』の処理を行いません: a quoted part of an effect said to be applied (done) or not
_JA_DONE_PART = re.compile(
    r"(?:" + _NAME + r"の)?『(?P<part>[^『』]{1,200})』(?:以降)?(?:の)?(?:効果処理|処理|効果)(?:は|も|を)、?(?:通常通り)?"
    r"(?:(?P<yes>適用され(?:ます|る事になります)|行われます)|(?P<no>適用されません|行われません|適用され(?:ず|ない)|"
    r"行いません|行わず|(?:適用|行う|実行)(?:する)?(?:事|こと)(?:が|は|も)?でき(?:ません|ない|ず)))")
# what a quoted part does (a summon, a card added to or returned to the hand), and what it does not: a restriction of
# it (特殊召喚できない, 手札に加える事ができない) or a monster summoned before (特殊召喚した)
_JA_PART_DOES = {"summons": (re.compile(r"特殊召喚(?:する|し(?!た)|できる|を行う)"), re.compile(r"特殊召喚できない")),
                 "to_hand": (re.compile(r"手札に(?:加え(?:る|、|』|$)|戻(?:す|し))"),
                             re.compile(r"手札に加える(?:事|こと)が?できない|加えられない"))}
_JA_MOVE_SAID = {"summons": _JA_SUMMONS_SAID, "to_hand": _JA_TO_HAND_SAID}
# 「「X」の（①の）（モンスター）効果によって」 / 「「X」の効果処理によって」: whose effect the sentence is about
_JA_SUMMONS_BY = re.compile(_NAME + r"の(?:[①-⑥]の)?(?:モンスター効果|ペンデュラム効果|効果処理|効果)(?:によって|で|の処理)")


def answered_moves(answer: str, frame: Frame, cards: _Cards, what: str = "summons") -> dict[str, bool]:
    """Whether the answer says the resolution of an activated card's effect Special Summons a monster (`what`
    "summons"), or adds a card to (returns one to) a hand ("to_hand"), from its sentences up to a 「なお、」 note or
    a parenthesised aside; 『』 quoted effect texts left out: one said to happen is that of the card whose effect
    the sentence names (「X」の効果によって…特殊召喚されます), else of the first card activated in the title, as is one
    said not to happen ({X: False} for 「特殊召喚は行えません」, 「…を手札に加える事はできません」); a restriction that
    lasts (「このターン…特殊召喚できません」) is not a resolution. A 『』 quoted part that does it said to be applied or
    not (『…を特殊召喚する』処理は適用されません) is that of the card named before it, else of the first card activated.
    Only cards activated in the title's events are read; one said both ways gives none."""
    activated = [e.card for e in frame.events if e.action == "activate"]
    does, restricts = _JA_PART_DOES[what]
    said: dict[str, set[bool]] = {}
    for sentence in re.split(r"[。\n]", _first_sentence_skipping_notes(answer)):
        if sentence.strip().startswith(("（", "(", "なお", "また")):
            break
        for m in _JA_DONE_PART.finditer(sentence):
            if does.search(m.group("part")) and not restricts.search(m.group("part")):
                card = cards.find(m.group(1))
                ref = card.ref if card else None if m.group(1) else (activated[0] if activated else None)
                if ref in activated:
                    said.setdefault(ref, set()).add(m.group("yes") is not None)
        sentence = _QUOTE.sub("『』", sentence.strip())
        for m in _JA_MOVE_SAID[what].finditer(sentence):
            # (「特殊召喚できないモンスター」, 「…召喚・特殊召喚されません」 of a card's own condition: not a resolution)
            # (「このターン、自分は…特殊召喚できません」: a restriction that lasts, not what the resolution does)
            if re.search(r"召喚・$", sentence[:m.start()]) or re.search(r"ターン|以降", sentence[:m.start()]):
                continue
            # (one said not to happen is the first activation's: a card named before it, 「虚無空間」の効果によって、
            # is what stops it)
            by = list(_JA_SUMMONS_BY.finditer(sentence, 0, m.start())) if m.group("yes") else []
            card = cards.find(by[-1].group(1) if by else None)
            ref = card.ref if card else None if by else (activated[0] if activated else None)
            if ref in activated:
                said.setdefault(ref, set()).add(m.group("yes") is not None)
    return {ref: next(iter(v)) for ref, v in said.items() if len(v) == 1}


def asked_applied(frame: Frame) -> dict[str, bool]:
    """An applies question 「（「X」の）効果（処理）は適用されますか」 answered yes or no, about the processing of a
    card activated in the title (the one it names, or without a name the first activated): {X: yes}."""
    q = frame.question
    activated = [e.card for e in frame.events if e.action == "activate"]
    if q is None or q.kind != "applies" or frame.answer not in ("yes", "no") or not activated \
            or not re.search(r"(?:効果|処理|効果処理)は(?:通常通り)?適用されますか", q.text):
        return {}
    named = re.search(_NAME + r"の(?:[①-⑥]の)?(?:モンスター効果|ペンデュラム効果|効果)(?:処理)?は(?:通常通り)?適用されますか$", q.text)
    card = next((c for c in frame.cards if fold_name(c.name) == fold_name(_clean_name(named.group(1)))), None) if named else None
    subject = card.ref if card else None if named else activated[0]
    return {subject: frame.answer == "yes"} if subject in activated else {}


# 「X」や「Y」を…できますか: cards listed as examples of what the question asks (each one is): the first one, X, stands for them
_JA_EXAMPLES = r"(?:や「(?:[^「」]|「[^「」]*」)+」)*(?:等|など)?"
# 「G」の①の効果で、デッキから「X」を…: G's effect chooses X (from where the words before X say)
_JA_SELECT = re.compile(_NAME + r"の(?:(?P<eff>[①-⑥])の)?(?:『[^『』]{1,60}』の)?(?P<what>モンスター効果|ペンデュラム効果|効果)"
                        r"(?:で|によって|の処理で|の対象として)、?(?P<where>(?:自分の|相手の)?(?:デッキ|墓地|手札|エクストラデッキ)(?:から|の))?"
                        + _NAME + _JA_EXAMPLES + r"を(?P<where2>デッキから|墓地から)?(?:(?:手札|デッキ)に)?(?:加えられ|加える|選べ|選ぶ|戻せ|戻す|"
                        r"墓地(?:へ|に)送れ|墓地(?:へ|に)送る)")
# 「G」を発動する際に、（コストとして、）「X」を除外できますか / 「G」の（発動）コストとして「X」をリリースできますか: G's cost
# chooses X; 「G」の効果で墓地へ送るカードとして、「X」を選べますか: what G's effect chooses, said before X
_JA_SELECT_VERB = (r"(?:加えられ|加える|選べ|選ぶ|戻せ|戻す|墓地(?:へ|に)送れ|墓地(?:へ|に)送る|"
                   r"(?P<verb>除外|リリース|装備|(?:融合|シンクロ|エクシーズ|リンク)素材)(?:させ)?(?:に)?"
                   r"(?:する(?:事|こと)(?:は|が)?でき|でき|として使用でき)|選択(?:する(?:事|こと)(?:は|が)?)?でき)")
_JA_SELECT_WHERE = r"(?P<where>(?:自分の|相手の)?(?:デッキ|墓地|手札|エクストラデッキ|フィールド|モンスターゾーン)(?:から|の|に存在する))?"
_JA_SELECT_COST = re.compile(
    r"(?P<gwhere>(?:墓地|手札)(?:にて|で)発動(?:した|する)|(?:自分の)?(?:墓地|手札)の)?(?P<g>" + _NAME + r")(?:の(?:(?P<eff>[①-⑥])の)?(?:『[^『』]{1,60}』の)?(?P<what>モンスター効果|ペンデュラム効果|効果))?"
    # (「G」の効果を発動する際に、デッキから墓地へ送るレベル3モンスターとして、「X」を選べますか: what the choice is for)
    r"(?:を発動する際に(?:、?コストとして|、?[^「」、。]{1,24}?(?:カード|モンスター)として)?|を発動する際のコストとして|"
    r"の(?:発動)?コストとして|"
    r"(?:で|によって)、?[^「」、。]{1,12}?(?:カード|モンスター)(?:として|に)|(?:で|によって|の処理で|の効果処理で))、?"
    # 「G」の効果で融合召喚を行う場合、… / 「G」の効果で、「Y」を融合召喚する際に、…: the summon whose materials are chosen
    r"(?:(?:(?P<y>" + _NAME + r")を)?(?:融合|シンクロ|エクシーズ|儀式)召喚(?:を行う|する)(?:場合|際に)、?)?"
    # (モンスターカード扱いの「X」: a Trap Monster, its activation read by read_trap_monsters)
    + _JA_SELECT_WHERE + r"(?:(?P<tm>モンスターカード扱い(?:の|となっている)、?)?(?P<x>" + _NAME + r")(?:自身)?|"
    r"(?P<desc>[^「」、。]{2,30}?))"
    r"を(?P<where2>デッキから|墓地から|手札から)?(?:(?:手札|デッキ)に)?" + _JA_SELECT_VERB)
_WHERE_FROM = {"デッキ": "deck", "墓地": "grave", "手札": "hand", "エクストラデッキ": "extra", "フィールド": "field",
               "モンスターゾーン": "mzone"}


def _examples_after(text: str, name: str) -> list[str]:
    """The names listed after 「name」 as examples like it (「X」や「Y」や「Z」を: Y, Z)."""
    at = text.find("「" + name + "」")
    m = re.match(r"(?:や「(?:[^「」]|「[^「」]*」)+」)+", text[at + len(name) + 2:]) if at >= 0 else None
    return [n for n in _CARD.findall(m.group(0))] if m else []


def read_select_question(frame: Frame, body: str, answer: str, cards: _Cards) -> None:
    """can_select: whether G's effect can choose X (add it to the hand, pick it): G is the questioned
    card, X its target (in the Deck unless the title says where); a title not in this shape is unread."""
    q = frame.question
    m = _JA_SELECT.search(body) or _JA_SELECT_COST.search(body)
    chosen = None
    if m and m.re is _JA_SELECT_COST and m.group("desc") == "自身":
        # 「G」の効果を発動する際に、手札に戻すカードとして自身を選択できますか: G's effect choosing G itself
        chosen = cards.get(m.group("g")[1:-1])
    elif m and m.re is _JA_SELECT_COST and m.group("desc"):
        # 「G」の効果で持ち主のデッキに戻すカードとして、融合モンスターを選べますか: a card the ruling describes
        frame.cards = cards.cards
        chosen = _described(frame, m.group("desc"))
        if chosen is None:
            m = None
        else:
            cards.cards.append(chosen)
    if not m and read_equip_to(frame, body, cards):
        return
    if not m:
        frame.unread.append("question: which card's effect chooses which card is not read")
        return
    source = cards.get(m.group(1) if m.re is _JA_SELECT else m.group("g")[1:-1])
    if m.re is _JA_SELECT_COST and m.group("gwhere"):
        source.location = source.location or ("grave" if m.group("gwhere").startswith(("墓地", "自分の墓地")) else "hand")
    summoned = m.re is _JA_SELECT_COST and m.group("y") and cards.get(m.group("y")[1:-1])
    if summoned:
        summoned.location = "extra"  # 「G」の効果で、「Y」を融合召喚する際に: Y waits in the Extra Deck for that summon
    chosen = chosen or cards.get(m.group(m.re.groupindex["where2"] - 1) if m.re is _JA_SELECT else m.group("x")[1:-1])
    if source.ref == chosen.ref and not re.search(r"自身を", m.group(0)):
        frame.unread.append("question: the effect's own card is the one it chooses, not said 自身 (another copy?) is not read")
        return
    if m.groupdict().get("tm") and not any(e.card == chosen.ref and e.note == TRAP_MONSTER_NOTE for e in frame.events):
        # 「G」を発動する際に、モンスターカード扱いの「X」を墓地へ送れますか: X's activation (a Trap Monster) played first
        frame.events.append(FrameEvent(action="activate", card=chosen.ref, actor=chosen.controller, note=TRAP_MONSTER_NOTE))
        frame.unread = [u for u in frame.unread if u != "situation: a card state (扱い)"]
    if m.groupdict().get("verb"):
        q.how = m.group("verb")  # what the choice does: 除外 / リリース / 装備 (where the chosen card is looked for)
    q.card, q.targets, q.text = source.ref, [chosen.ref], m.group(0)
    q.effect = _effect_number(m.group("eff"))
    q.effect_kind = {"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(m.group("what") or "")
    where = re.sub(r"(?:から|の|に存在する)$", "", (m.group("where") or m.group("where2") or "").replace("自分の", "").replace("相手の", ""))
    returning = re.search(r"戻[せす]$", m.group(0))  # 「X」をデッキに戻せますか: X is where the ruling says, else on the field
    # (banished, released or equipped: where the effect's text looks for it, the compiler reads it)
    chosen.location = _WHERE_FROM.get(where) or chosen.location or (
        None if returning or m.groupdict().get("verb") or m.groupdict().get("tm") or chosen is source else "deck")
    chosen.controller = chosen.controller or ("opponent" if (m.group("where") or "").startswith("相手") else None)
    if "token" in chosen.described:
        # 「G」の効果で持ち主のデッキに戻すモンスターとして、モンスタートークンを選べますか: a Token exists only in a
        # Monster Zone (デッキに戻す is where the choice sends it), and the state the title names is read into its traits
        chosen.location = "mzone"
        frame.unread = [u for u in frame.unread if not (
            (c := re.fullmatch(r"situation: a card state \((.*)\)", u)) and c.group(1) in m.group(0))]
    elif m.re is _JA_SELECT_COST and m.group("desc") and chosen.position:
        # 「G」の効果で自分フィールドの裏側守備表示のモンスターを除外できますか: the position the description says is read
        # onto the chosen card
        frame.unread = [u for u in frame.unread if not (
            (c := re.fullmatch(r"situation: a card state \((.*)\)", u)) and c.group(1) in m.group("desc"))]
    said = _CARD.sub("「」", m.group(0))  # the clauses this reading explains (「を発動する際にコストとして」 …)
    if body[:m.start()] == "自身を対象として、" and m.re is _JA_SELECT_COST:
        # 自身を対象として、「G」の効果を発動する際に、…: G on the field, its own target (the choice asked is another one)
        source.location = source.location or "mzone"
        frame.unread = [u for u in frame.unread if u != "situation: 「自身を対象として」 is not read"]
    listed = [cards.get(n) for n in _examples_after(m.group(0), chosen.name)]  # (「X」や「Y」を: Y an example like X)
    for card in (source, chosen, *([summoned] if summoned else []), *listed):
        frame.unread = [u for u in frame.unread if u != f"situation: what 「{card.name}」 does before the question"
                        and not ((c := re.fullmatch(r"situation: 「(.*)」 is not read", u)) and c.group(1) in said)]
    if frame.answer is None:
        first = re.split(r"[。\n]", answer.strip(), maxsplit=1)[0]
        said = re.search(r"(?:加えられ|選べ|戻せ|送れ)(ます|ません)$", first)
        if said:
            frame.answer = "yes" if said.group(1) == "ます" else "no"
            frame.unread = [u for u in frame.unread if not u.startswith("answer")]


# <X>をリリースして「G」(の…効果)を発動できますか / 「G」の効果を発動する際に、<X>をリリースして発動できますか: whether
# G's cost can release X (X named or described), the can_select of that cost read by read_select_question
_JA_RELEASE_THEN_ACTIVATE = re.compile(
    r"^(?:(?P<g1>" + _NAME + r")(?:の(?:(?P<eff1>[①-⑥])の)?(?P<what1>モンスター効果|ペンデュラム効果|効果))?を発動する際に、?)?"
    + _JA_SELECT_WHERE + r"(?P<tm>モンスターカード扱い(?:の|となっている)、?)?(?:(?P<x>" + _NAME + r")|(?P<desc>[^「」、。]{2,30}?))"
    r"を(?:リリースして|(?P<other>(?:コストとして、?)?(?:墓地へ送り|墓地へ送って|除外し|除外して)))、?"
    r"(?:(?P<g2>" + _NAME + r")(?:の(?:(?P<eff2>[①-⑥])の)?(?P<what2>モンスター効果|ペンデュラム効果|効果))?を)?"
    r"発動(?:する(?:事|こと)(?:は|が)?)?でき(?:ます|ません)か")


def read_release_cost(frame: Frame, body: str, cards: _Cards) -> bool:
    """「リンクモンスターをリリースして、「G」を発動できますか」: a can_activate whose situation is only the card its
    cost releases is whether G's cost can choose that card: the can_select of the cost (question card G, target
    X, how リリース), X on the field where the ruling does not say (what a release takes); the same of a Trap Monster
    the cost banishes or sends to the Graveyard (モンスターカード扱いの「X」を除外し、「G」を発動できますか: how 除外 or
    None). True when read."""
    q = frame.question
    m = _JA_RELEASE_THEN_ACTIVATE.match(body)
    if q is None or q.kind != "can_activate" or m is None or bool(m.group("g1")) == bool(m.group("g2")):
        return False
    if m.group("other") and not (m.group("tm") and m.group("x")):
        return False  # (a cost that banishes or sends a card: read for a Trap Monster only, below)
    g = m.group("g1") or m.group("g2")
    source = cards.get(g[1:-1])
    if m.group("x"):
        chosen = cards.get(m.group("x")[1:-1])
    else:
        frame.cards = cards.cards
        chosen = _described(frame, m.group("desc"))
        if chosen is None:
            return False
        cards.cards.append(chosen)
    if chosen.ref == source.ref:
        return False
    where = re.sub(r"(?:から|の|に存在する)$", "", (m.group("where") or "").replace("自分の", "").replace("相手の", ""))
    chosen.location = _WHERE_FROM.get(where) or chosen.location or "mzone"
    if (m.group("where") or "").startswith("相手"):
        chosen.controller = "opponent"
    how = "リリース" if not m.group("other") else "除外" if "除外" in m.group("other") else None
    q.kind, q.how, q.card, q.targets, q.text = "can_select", how, source.ref, [chosen.ref], m.group(0)
    if m.group("tm"):
        # モンスターカード扱いの「X」を除外し、「G」を発動できますか: X's activation (read_trap_monsters) is before the
        # question; the cost's move of X is the choice asked, not an event
        frame.events = [e for e in frame.events if not (e.card == chosen.ref and e.action in ("send_to_grave", "banish"))]
    q.effect = _effect_number(m.group("eff1") or m.group("eff2"))
    q.effect_kind = {"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(m.group("what1") or m.group("what2") or "")
    said = _CARD.sub("「」", m.group(0))
    for card in (source, chosen):
        frame.unread = [u for u in frame.unread if u != f"situation: what 「{card.name}」 does before the question"
                        and not ((c := re.fullmatch(r"situation: 「(.*)」 is not read", u)) and c.group(1) in said)]
    # (a token or a count the description holds is read into its traits: 「モンスタートークン」「攻撃力500以下の」)
    frame.unread = [u for u in frame.unread if not (
        (c := re.fullmatch(r"situation: (?:a card state|a count) \((.*)\)", u)) and c.group(1) in (m.group("desc") or ""))]
    return True


# 「M」に「E」を装備できますか (no third card): E's own activation (an Equip Spell) or effect (a Union monster) equips
# E to M, its target
_JA_EQUIP_TO = re.compile(r"^(?P<m>" + _NAME + r")に、?(?P<e>" + _NAME + r")を装備(?:させる|する)?(?:事|こと)?(?:は|が)?でき(?:ます|ません)か")


def read_equip_to(frame: Frame, body: str, cards: _Cards) -> bool:
    """「M」に「E」を装備できますか: a can_target question, E's activation (or effect) with M as its target; False
    when the title is not in this shape."""
    m = _JA_EQUIP_TO.search(body)
    if not m:
        return False
    equip, monster = cards.get(m.group("e")[1:-1]), cards.get(m.group("m")[1:-1])
    q = frame.question
    q.kind, q.card, q.targets, q.text = "can_target", equip.ref, [monster.ref], m.group(0)
    frame.unread = [u for u in frame.unread if u not in (f"situation: what 「{equip.name}」 does before the question",
                                                         f"situation: what 「{monster.name}」 does before the question")]
    return True


# 「G」の①の効果で、墓地の「X」を特殊召喚できますか / 「X」を「G」の効果で融合召喚できますか: G's effect summons X
_JA_EFFECT_NAMED = r"の(?:(?P<eff>[①-⑥])の)?(?:『(?P<quote>[^『』]{1,60})』の)?(?P<what>モンスター効果|ペンデュラム効果|効果)"
_JA_SUMMON_HOW = r"(?P<how>特殊召喚|融合召喚|儀式召喚|シンクロ召喚|エクシーズ召喚|X召喚|リンク召喚)"
# 手札やデッキから墓地へ送られた「X」: a monster in the Graveyard that was never summoned (as the set-up places it)
# (カードの効果によってデッキから墓地へ送られた / 効果を発動するために手札から捨てられた「X」: the same)
_JA_SENT_UNSUMMONED = (r"(?:カードの効果によって|効果を発動するために|コストとして)?(?:手札やデッキ|手札|デッキ)から(?:直接)?"
                       r"墓地へ(?:送られ|捨てられ)(?:た|ている)|(?:効果を発動するために|コストとして)?手札から捨てられ(?:た|ている)")
_JA_WHERE = (r"(?P<where>(?:自分の|相手の)?(?:デッキ|墓地|手札|エクストラデッキ|EXデッキ)(?:から|の|に存在する)|"
             r"(?P<sent>" + _JA_SENT_UNSUMMONED + r"))?")
_JA_SUMMON_BY_EFFECT = [
    # (自身をリリースして発動した「G」の効果によって: G's cost, paid as the engine activates it)
    re.compile(r"(?:自身をリリースして発動した)?(?P<g>" + _NAME + r")" + _JA_EFFECT_NAMED + r"(?:で|によって|により)、?" + _JA_WHERE
               + r"(?P<x>" + _NAME + r")" + _JA_EXAMPLES + r"を(?P<where2>デッキから|墓地から|手札から|エクストラデッキから)?"
               + _JA_SUMMON_HOW
               + r"(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か"),
    re.compile(_JA_WHERE + r"(?P<x>" + _NAME + r")を、?(?P<g>" + _NAME + r")(?:等)?(?:" + _JA_EFFECT_NAMED + r")?"
               + r"(?:で|によって|により)、?(?P<where2>デッキから|墓地から|手札から|エクストラデッキから)?" + _JA_SUMMON_HOW
               + r"(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か"),
    # 戦闘で破壊され墓地へ送られた「G」のモンスター効果によって、同名カードを特殊召喚できますか: another copy of G (x unsaid)
    re.compile(r"(?:戦闘で|効果で)?破壊され(?:、?墓地へ送られ)?た(?P<g>" + _NAME + r")" + _JA_EFFECT_NAMED + r"(?:で|によって|により)、?"
               + _JA_WHERE + r"同名カード(?:である(?P<x>" + _NAME + r"))?を(?P<where2>デッキから|墓地から|手札から)?" + _JA_SUMMON_HOW
               + r"(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か"),
]
_WHERE_WORD = {"デッキ": "deck", "墓地": "grave", "手札": "hand", "エクストラデッキ": "extra", "EXデッキ": "extra"}
# 「G」の効果で（墓地の）<desc>を特殊召喚できますか: G's effect summons a monster the ruling describes (「墓地の水属性モンスター」
# 「レベル5以上の融合モンスター等」「「A」と名のついた融合モンスター」), not one it names
_JA_SUMMON_DESCRIBED_BY_EFFECT = re.compile(
    r"(?P<g>" + _NAME + r")" + _JA_EFFECT_NAMED + r"(?:で|によって|により)、?" + _JA_WHERE
    + r"(?P<desc>(?:「[^「」]+」と名のついた)?[^「」、。]{2,30}?)を(?P<where2>デッキから|墓地から|手札から|エクストラデッキから)?"
    + _JA_SUMMON_HOW + r"(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か")


# カードの効果によってデッキから墓地へ送られた「X」を墓地から特殊召喚できますか: X (the questioned card, summoned by
# its own procedure) is in the Graveyard, never summoned (as the set-up places it)
_JA_SENT_THEN_SUMMONED = re.compile(r"(?:" + _JA_SENT_UNSUMMONED + r")(?P<x>" + _NAME + r")を(?:墓地から)?特殊召喚"
                                    r"(?:する事は|することは|する事が|することが)?でき(?:ます|ません)か")


# (自分の)ペンデュラムゾーンに「X」が存在する場合、相手はペンデュラム召喚できますか: no monster is asked about, only
# whether a player's Pendulum Summon is offered while X is where the title puts it
_JA_PENDULUM_SUMMON_BESIDE = re.compile(
    r"^(?P<where>(?:自分|相手)の(?:ペンデュラムゾーン|Pゾーン|フィールド|モンスターゾーン|魔法＆罠ゾーン|フィールドゾーン)に)"
    r"(?P<x>" + _NAME + r")が(?:表側表示で)?存在する場合、(?P<who>自分|相手)は、?ペンデュラム召喚"
    r"(?:を行う(?:事|こと)(?:は|が)?|する(?:事|こと)(?:は|が)?)?でき(?:ます|ません)か")


def read_pendulum_summon_beside(frame: Frame, body: str, cards: _Cards) -> bool:
    """「（自分の）ペンデュラムゾーンに「X」が存在する場合、相手はペンデュラム召喚できますか」: a can_summon by
    Pendulum Summon of no named monster, X present where the title says (its controller the asker: 自分の; the
    other player: 相手の), the summoner (FrameQuestion.actor) the player the title names; False when the title
    is not in this shape."""
    m = _JA_PENDULUM_SUMMON_BESIDE.search(body)
    q = frame.question
    if m is None or q is None or q.kind != "can_summon":
        return False
    x = cards.get(m.group("x")[1:-1])
    where = m.group("where")
    x.controller = "self" if where.startswith("自分") else "opponent"
    x.location = {"ペンデュラムゾーン": "pzone", "Pゾーン": "pzone", "モンスターゾーン": "mzone", "魔法＆罠ゾーン": "szone",
                  "フィールドゾーン": "fzone"}.get(where[3:-1], x.location)
    x.state = sorted({*x.state, "present"})
    q.card, q.targets, q.how, q.text = None, [], "ペンデュラム召喚", m.group(0)
    q.effect, q.effect_text, q.effect_kind = None, None, None
    q.actor = "self" if m.group("who") == "自分" else "opponent"
    frame.cards = cards.cards
    frame.unread = [u for u in frame.unread if u not in (f"situation: 「{where}」 is not read",
                                                         f"situation: what 「{x.name}」 does before the question")]
    return True


# 「B」の効果によって、エクストラデッキから特殊召喚された「X」が墓地へ送られた場合、「G」の効果で特殊召喚できますか: X
# in the Graveyard, G's effect the one that would Special Summon it; the answer says whether X counts as properly
# Summoned (正規の手順によって特殊召喚された扱いではありません: the card state NOT_PROPERLY_SUMMONED)
_JA_SUMMONED_THEN_SENT = re.compile(
    r"(?P<b>" + _NAME + r")の(?:[①-⑥]の)?(?:モンスター効果|効果)(?:によって|で)、?(?:エクストラデッキ|墓地|手札|デッキ)?(?:から)?"
    r"特殊召喚された(?P<x>" + _NAME + r")が墓地へ送られた場合、(?P<g>" + _NAME + r")の(?:モンスター効果|効果)"
    r"(?:によって|で)(?:墓地から)?特殊召喚(?:する(?:事|こと)(?:は|が)?)?でき(?:ます|ません)か")
_JA_NOT_PROPERLY = re.compile(r"正規の手順(?:で|によって)(?:特殊)?召喚(?:されていない|されていません|された扱いではありません|"
                              r"された扱いになりません)")


def read_summoned_then_sent(frame: Frame, body: str, answer: str, cards: _Cards) -> bool:
    """「B」の効果で特殊召喚された「X」が墓地へ送られた場合、「G」の効果で特殊召喚できますか, answered that X was not
    properly Summoned (B's Summon was no Summon by X's own procedure): a can_summon by G's effect of X in the
    Graveyard, X in the state NOT_PROPERLY_SUMMONED (its being sent there is that place, not an event); False
    when the title or the answer is not in this shape."""
    m = _JA_SUMMONED_THEN_SENT.search(body)
    q = frame.question
    if m is None or q is None or not _JA_NOT_PROPERLY.search(answer):
        return False
    b, x, g = (cards.get(m.group(k)[1:-1]) for k in ("b", "x", "g"))
    if len({b.ref, x.ref, g.ref}) != 3:
        return False
    x.location, x.state = "grave", sorted({*x.state, NOT_PROPERLY_SUMMONED})
    q.card, q.targets, q.how, q.text = g.ref, [x.ref], "特殊召喚", m.group(0)
    frame.events = [e for e in frame.events if not (e.card == x.ref and e.action == "send_to_grave")]
    frame.cards = [c for c in cards.cards if c.ref != b.ref]  # (B's Summon is X's state, not a card of the duel)
    said = _CARD.sub("「」", m.group(0))
    frame.unread = [u for u in frame.unread if u != f"situation: what 「{b.name}」 does before the question"
                    and not ((c := re.fullmatch(r"situation: 「(.*)」 is not read", u)) and c.group(1) in said)]
    return True


# 手札から墓地へ送られた儀式モンスター(や、…)を、「G」(「G2」)で特殊召喚できますか, answered that such a monster was not
# properly Summoned: a monster of the description in the Graveyard in that state, G's effect (the first named) the
# one that would Special Summon it
_JA_SENT_DESCRIBED_THEN_SUMMONED = re.compile(
    r"^(?:(?:正規の手順で特殊召喚されずに)?(?:手札・デッキ|手札やデッキ|手札|デッキ|エクストラデッキ)から(?:直接)?墓地(?:へ|に)"
    r"送られ(?:た|ている))(?P<desc>[^「」、。や]{2,20}?)(?:や、[^「」。]*?)?を、?(?P<g>" + _NAME + r")(?:" + _NAME + r")*"
    r"(?:の効果)?(?:で|によって)(?:墓地から)?特殊召喚(?:する(?:事|こと)(?:は|が)?)?でき(?:ます|ません)か")


def read_sent_described_then_summoned(frame: Frame, body: str, answer: str, cards: _Cards) -> bool:
    """手札から墓地へ送られた<desc>を「G」で特殊召喚できますか answered that the monster was not properly Summoned
    (正規の手順で特殊召喚されていない): a can_summon by G's effect of a monster of the description in the Graveyard,
    in the state NOT_PROPERLY_SUMMONED (of a list of such monsters and cards, the first of each); False when the
    title or the answer is not in this shape."""
    m = _JA_SENT_DESCRIBED_THEN_SUMMONED.search(body)
    q = frame.question
    if m is None or q is None or not _JA_NOT_PROPERLY.search(answer):
        return False
    frame.cards = cards.cards
    chosen = _described(frame, m.group("desc"))
    if chosen is None or chosen.controller or chosen.location or chosen.position:
        return False
    cards.cards.append(chosen)
    g = cards.get(m.group("g")[1:-1])
    chosen.location, chosen.state = "grave", [NOT_PROPERLY_SUMMONED]
    q.card, q.targets, q.how, q.text = g.ref, [chosen.ref], "特殊召喚", m.group(0)
    q.effect, q.effect_text, q.effect_kind = None, None, None
    frame.cards = [c for c in cards.cards if c.ref in (g.ref, chosen.ref)]  # (the list's others: not compiled)
    said = _CARD.sub("「」", m.group(0))
    frame.unread = [u for u in frame.unread if not u.startswith("situation: what 「")
                    and not ((c := re.fullmatch(r"situation: 「(.*)」 is not read", u)) and c.group(1) in said)]
    return True


def read_sent_then_summoned(frame: Frame, body: str, cards: _Cards) -> None:
    """can_summon of a monster sent to the Graveyard from the hand or Deck (by an effect or a cost, never
    summoned): the questioned card starts in the Graveyard and what sent it is not read as unread."""
    q = frame.question
    m = _JA_SENT_THEN_SUMMONED.search(body)
    if q is None or q.targets or m is None or cards.get(m.group("x")[1:-1]).ref != q.card:
        return
    x = cards.get(m.group("x")[1:-1])
    x.location, x.state = "grave", sorted({*x.state, NOT_PROPERLY_SUMMONED})  # (never Summoned)
    said = _CARD.sub("「」", m.group(0))
    frame.unread = [u for u in frame.unread if not ((c := re.fullmatch(r"situation: 「(.*)」 is not read", u))
                                                    and c.group(1) in said)]


def read_summon_by_effect(frame: Frame, body: str, cards: _Cards) -> None:
    """can_summon whose summon is made by a card's effect (「G」の効果で「X」を特殊召喚できますか): G is
    the card whose effect acts (the questioned card, as for can_select), X the card it would summon
    (q.targets), from where the title says (else where G's text says: the compiler decides); G is then
    no longer an unread card before the question. Titles in other shapes are left as they are."""
    q = frame.question
    m = next((found for p in _JA_SUMMON_BY_EFFECT if (found := p.search(body))), None)
    chosen = None
    if q is not None and m is None and not q.targets:
        # (a monster the ruling describes: the described card joins the frame's cards, as for can_target)
        m = _JA_SUMMON_DESCRIBED_BY_EFFECT.search(body)
        frame.cards = cards.cards
        chosen = _described(frame, m.group("desc"), archetype=True) if m else None
        if chosen is None:
            return
        cards.cards.append(chosen)
    if q is None or m is None:
        return
    source = cards.get(m.group("g")[1:-1])
    same_name = "同名カード" in m.group(0)  # (another copy of G: the compiler adds it)
    chosen = chosen or (source if same_name and not m.group("x") else cards.get(m.group("x")[1:-1]))
    if source.ref == chosen.ref and not m.group("where") and not m.group("where2") and not same_name:
        return  # 「X」の効果で「X」を: its own summon procedure or effect (the generic path reads it)
    q.card, q.targets, q.text = source.ref, [chosen.ref], m.group(0)
    q.how = m.group("how")
    q.effect = _effect_number(m.group("eff") or m.group("quote"))  # (『②』 quotes the effect's number)
    if m.group("quote"):
        q.effect_text = m.group("quote")
    q.effect_kind = {"モンスター効果": "monster", "ペンデュラム効果": "pendulum"}.get(m.group("what") or "")
    where = "墓地" if m.group("sent") else re.sub(r"^(?:自分の|相手の)|(?:から|の|に存在する)$", "", m.group("where") or m.group("where2") or "")
    if where in _WHERE_WORD:
        chosen.location = _WHERE_WORD[where]
    if m.group("sent"):
        # (sent there from the hand or the Deck: never Summoned, so not properly Summoned either)
        chosen.state = sorted({*chosen.state, NOT_PROPERLY_SUMMONED})
    if (m.group("where") or "").startswith("相手の"):
        chosen.controller = chosen.controller or "opponent"
    names = {source.name, chosen.name, *(_clean_name(n) for n in _CARD.findall(m.groupdict().get("desc") or "")),
             *(_clean_name(n) for n in _examples_after(m.group(0), chosen.name))}
    said = _CARD.sub("「」", m.group(0))  # the clauses this reading explains (「エクストラデッキから」 …)
    # (a count the description says, 「レベル5以上の…」: read into its traits)
    counted = {f"situation: a count ({n})" for n in re.findall(r"[0-9０-９]+(?:以上|以下|未満)", m.groupdict().get("desc") or "")}
    frame.unread = [u for u in frame.unread if not any(u == f"situation: what 「{n}」 does before the question" for n in names)
                    and not ((c := re.fullmatch(r"situation: 「(.*)」 is not read", u)) and (
                        c.group(1) in said or (chosen.described and c.group(1).lstrip("にでは") in said)))
                    and u not in counted]


# what befalls a card before the question, and by what: 「X」が戦闘で破壊された場合 / 裏側守備表示の「X」が戦闘や
# カードの効果によって破壊された場合 / 「X」が相手の効果で破壊され墓地へ送られた時 (an event on X, its cause in the note)
_JA_CAUSE = (r"(?P<cause>戦闘(?:・効果|や効果|やカードの効果|またはカードの効果|または相手のカードの効果|や相手のカードの効果|や相手の効果|"
             r"または相手の効果|または効果)?|"
             r"(?P<whose>相手|自分)の(?:カードの)?効果|カードの効果|(?P<spell>魔法カードの効果))")
_JA_CAUSED_DESTROY = re.compile(
    # (where and how it was, said first: フィールドの「X」 / モンスターゾーンに裏側守備表示で存在する「X」)
    r"(?P<at>(?P<atwho>自分|相手)?(?:の)?(?:フィールド|モンスターゾーン)(?:上)?(?:の|に(?:(?P<pos2>裏側守備表示|表側攻撃表示|"
    r"表側守備表示|表側表示|裏側表示)で)?存在する)、?)?"
    r"(?P<pos>裏側守備表示の|表側攻撃表示の|表側表示の|裏側表示の)?(?P<x>" + _NAME + r")(?:自身)?(?:が|は)、?(?:自分フィールドで|フィールドで|"
    r"フィールド上で|モンスターゾーンで)?"
    # (「X」がフィールド上で裏側表示のまま破壊された場合: still face-down, so not by battle, which flips it first)
    r"(?P<kept>裏側守備表示のまま|裏側表示のまま)?、?(?:" + _JA_CAUSE + r"(?:で|によって|により))?"
    r"(?P<verb>破壊され(?:、?墓地へ送られ)?|墓地へ送られ)(?:た|る)?(?=場合|時|際)")
# 相手フィールドの裏側守備表示モンスターが戦闘・効果で破壊された時 / デュアルモンスターが戦闘で破壊された際に: the same
# event befalling a monster the ruling describes instead of naming (FrameCard.described)
_JA_CAUSED_DESTROY_DESCRIBED = re.compile(
    r"(?P<desc>(?:(?:自分|相手)(?:の)?(?:フィールド|モンスターゾーン)?(?:の)?)?[^「」、。がはをにでと]{0,16}?(?:モンスター|トークン))"
    r"(?:が|は)、?" + _JA_CAUSE + r"(?:で|によって|により)破壊され(?:、?墓地へ送られ)?(?:た|る)?(?=場合|時|際)")
# 自分のモンスターゾーンの「A」と名のついたモンスターと、他のモンスターがカードの効果によって同時に破壊された場合: a monster of
# the archetype (described) destroyed, with another monster of the same field (a described monster present beside it)
_JA_CAUSED_DESTROY_ARCHETYPE = re.compile(
    r"(?P<at>(?P<atwho>自分|相手)(?:の)?(?:フィールド|モンスターゾーン)(?:上)?(?:の|に存在する))?「(?P<arch>[^「」]+)」と名のついた"
    r"モンスター(?P<other>と、?(?:他の|それ以外の)モンスター)?(?:が|は)、?" + _JA_CAUSE +
    r"(?:で|によって|により)(?(other)同時に|(?:同時に)?)破壊され(?:、?墓地へ送られ)?(?:た|る)?(?=場合|時|際)")
# 元々の持ち主が相手の「X」が自分フィールドにて戦闘で破壊された場合 / 相手フィールドに存在する元々の持ち主が自分の「X」と名の
# ついたモンスターが…破壊された場合: the same event befalling a card controlled by the player who does not own it
# (FrameCard.owner; an archetype's monster is described: FrameCard.described "archetype=X"); without a cause said,
# destroyed either way
_JA_OWNED_DESTROY = re.compile(
    r"(?P<at>(?:相手|自分)フィールド(?:上)?に存在する、?)?元々の持ち主が(?P<owner>相手|自分)(?:の|である|となる)"
    r"(?:(?P<arch>" + _NAME + r")と名の(?:ついた|つく)モンスター|(?P<x>" + _NAME + r"))(?:が|は)、?"
    r"(?P<where>(?:相手|自分)(?:の)?(?:フィールド|モンスターゾーン)(?:上)?(?:にて|で))?"
    r"(?:" + _JA_CAUSE + r"(?:で|によって|により))?破壊され(?:、?墓地へ送られ)?(?:た|る)?(?=場合|時|際)")
# 「X」が戦闘で「Y」を破壊した場合 / 「X」が戦闘でモンスターを破壊した場合 / 「X」が「Y」を戦闘で破壊した場合: X wins a battle
# (「X」が戦闘で相手のペンデュラムモンスター等を破壊した / 「X」がモンスタートークンや…を戦闘で破壊した: a victim the ruling
# describes, the first of a list standing for it)
_JA_BATTLE_WIN = re.compile(
    r"(?P<x>" + _NAME + r")(?:が|は)、?(?:戦闘(?:で|によって)、?(?:(?:相手の)?(?P<y>" + _NAME + r")|"
    r"(?P<kind>[^、「」]{0,24}?(?:モンスター|トークン))等?)を|"
    r"(?P<kind2>[^、「」]{1,24}?(?:モンスター|トークン))(?:や[^、]{0,40}?)?を戦闘(?:で|によって)|"
    r"(?P<y2>" + _NAME + r")を戦闘で)破壊し(?:た)?(?=場合|時|際)")
# 「自身から攻撃して破壊された「X」等の効果は発動できますか」: the event said before the questioned card's name (X destroyed
# by battle; 自身から攻撃して: X attacked, which the compiler plays anyway)
_JA_BATTLE_DESTROYED_BEFORE = re.compile(r"(?:自身から攻撃して|自分から攻撃して|戦闘で|戦闘によって)破壊された$")
# 「X」がフィールドから墓地へ送られた場合: sent from the field to the GY (by a card effect: a destruction stands in)
_JA_SENT_FROM_FIELD = re.compile(r"(?P<x>" + _NAME + r")(?:自身)?が、?(?:フィールド上から|フィールドから|モンスターゾーンから)墓地へ送られ(?:た|る)?(?=場合|時|際)")
# (相手の)「X」(等)の(直接)攻撃宣言時に / 「X」が攻撃宣言した際に: X declares an attack (the question responds to it)
_JA_ATTACK_DECLARED = re.compile(r"(?P<whose>相手の|自分の)?(?P<pos>表側守備表示の|表側攻撃表示の|守備表示の)?(?P<x>" + _NAME + r")(?:等)?(?:の|が)(?P<direct>直接)?攻撃(?:を)?宣言(?:した|する)?(?=時|際|場合)")
# (相手|自分の)モンスターの(直接)攻撃宣言時 / 相手モンスターが(直接)攻撃を宣言した時: an attack by a monster the ruling does
# not name (a stand-in attacks); 相手モンスターの直接攻撃の際の戦闘ダメージ計算時: the damage calculation of that attack
_JA_ATTACK_UNNAMED = re.compile(r"(?P<whose>相手|自分)(?:の|フィールドの)?(?P<desc>[^「」、。がのをはも]{0,10}?)モンスター(?:が|の)、?"
                                r"(?P<direct>直接)?攻撃(?:を)?宣言(?:した|する)?(?:時|際|場合)(?:に)?(?:にも|でも)?")
_JA_DAMAGE_CALC_UNNAMED = re.compile(r"(?P<whose>相手|自分)(?:の)?(?P<desc>[^「」、。がのをはも]{0,10}?)モンスターの(?P<direct>直接)?攻撃"
                                     r"(?:の際|時)の(?:戦闘)?ダメージ計算時(?:に)?")
# (相手の)モンスタートークンと戦闘を行うダメージステップ開始時に: the questioned monster battles a described one
_JA_BATTLES_DESCRIBED = re.compile(r"(?P<desc>(?:相手|自分)の[^「」、。がはをにでと]{0,16}?(?:モンスター|トークン))と戦闘を行う"
                                   r"(?P<when>ダメージステップ開始時|ダメージ計算時)(?:に)?")
# 自分のモンスターゾーンの裏側守備表示モンスターが攻撃対象に選択された時に: a described monster chosen as an attack target
_JA_ATTACK_TARGET_DESCRIBED = re.compile(r"(?P<desc>(?:自分|相手)(?:の)?(?:フィールド|モンスターゾーン)?(?:の)?[^「」、。がはをにでと]{0,16}?"
                                         r"モンスター)が(?:相手モンスターの)?攻撃対象に選択された(?:時|際)(?:に)?")
# 相手モンスターが、自分フィールドの攻撃力0の表側攻撃表示モンスターを対象に攻撃宣言した時: the same, said of the attack
_JA_ATTACK_ON_DESCRIBED = re.compile(r"(?:相手|自分)(?:の)?モンスターが、?(?P<desc>(?:自分|相手)(?:の)?(?:フィールド|モンスターゾーン)?(?:の)?"
                                     r"[^「」、。がはをにでと]{0,20}?モンスター)を(?:攻撃)?対象(?:に|として)攻撃(?:を)?宣言した"
                                     r"(?:時|際)(?:に)?")
# after an attack declared: 「…宣言した場合、そのダメージ計算時に」 (the question is asked at its damage calculation)
_JA_THEN_DAMAGE_CALC = re.compile(r"^(?:時|際|場合)(?:に)?、?(?:その|この際の|この)?(?:戦闘)?ダメージ計算時(?:に)?")
BATTLE_WINDOW_NOTES = ("damage calculation of an attack", "damage calculation of a direct attack",
                       "damage step start of an attack")
# 「X」が同じ攻撃力のアンデット族モンスターと戦闘を行い、互いに破壊された場合: X and a monster of the description (with
# X's ATK) destroy each other by battle
MUTUAL_DESTRUCTION = "destroys by battle, both destroyed"
_JA_MUTUAL = re.compile(r"(?P<x>" + _NAME + r")(?:が|は)、?同じ攻撃力の(?P<desc>[^、「」]{0,16}?モンスター)と戦闘を行い、?"
                        r"(?:お互いに|互いに)(?:戦闘で)?破壊され(?:、?墓地へ送られ)?(?:た|る)(?=場合|時|際)")
CAUSED_NOTES = ("by battle", "by an effect", "by a Spell's effect", "by battle or an effect", "destroys by battle",
                MUTUAL_DESTRUCTION, "declares an attack", "declares a direct attack", *BATTLE_WINDOW_NOTES)


def _caused_by(m: "re.Match[str]") -> dict[str, str | None]:
    """The note (by battle / by an effect / by battle or an effect) and the actor (whose effect, when said)
    of a destruction read with _JA_CAUSE."""
    cause = m.group("cause")
    if cause is None:
        return {"note": "by an effect", "actor": None}  # (kept face-down: _JA_CAUSED_DESTROY)
    note = ("by battle or an effect" if cause.startswith("戦闘") and "効果" in cause else
            "by battle" if cause.startswith("戦闘") else "by a Spell's effect" if m.group("spell") else "by an effect")
    whose = m.group("whose") or ("相手" if "相手" in cause else None)
    return {"note": note, "actor": {"相手": "opponent", "自分": "self"}.get(whose or "")}


# 元々の持ち主が相手の「X」 / 相手フィールドに存在する、元々の持ち主が自分である「X」: a card controlled by the player who
# does not own it (said of a card no event befalls: a target, a card in the situation)
# 「A」の装備カードとなっている「B」 / 「A」の効果によって装備魔法カード扱いとなっている「B」: B is an Equip Card equipped to A
_JA_EQUIPPED_TO = re.compile(r"(?P<a>" + _NAME + r")の(?:(?:モンスター効果|効果)(?:によって|で))?装備(?:魔法)?カード(?:扱い)?と(?:なって|して)"
                             r"(?:いる|存在する)(?P<b>" + _NAME + ")")


def read_equipped_to(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> None:
    """An Equip Card equipped to a monster the title names (「A」の装備カードとなっている「B」): FrameCard.equipped_to of B,
    and A on B's side (present); the words before B's name join `spans` (where B is, the patterns of states read)."""
    for m in _JA_EQUIPPED_TO.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        a, b = cards.get(m.group("a")[1:-1]), cards.get(m.group("b")[1:-1])
        if a.ref == b.ref:
            continue
        b.equipped_to = a.ref
        a.controller = a.controller or b.controller
        a.state += [] if "present" in a.state else ["present"]
        spans.append((m.start(), m.start("b")))


# 「X」（の効果）が適用されている「Q」 / 「X」の効果を受けている「Q」: X's effect is applied to Q
_JA_APPLIED_TO = re.compile(r"(?P<x>" + _NAME + r")(?:の効果)?(?:が適用されている|を受けている)(?P<q>" + _NAME + ")")


def read_applied_to(text: str, cards: _Cards) -> None:
    """FrameCard.applied_to of X where the title or question says X's effect is applied to Q, both cards the frame
    already has (this reads no new card: a name only here is not part of the situation); the state words
    themselves stay for the state patterns (X is also `applied`)."""
    for m in _JA_APPLIED_TO.finditer(text):
        x, q = (cards.find(m.group(g)[1:-1]) for g in ("x", "q"))
        if x is not None and q is not None and x.ref != q.ref:
            x.applied_to = q.ref


_JA_OWNED = re.compile(r"(?P<at>(?:相手|自分)(?:の)?(?:フィールド|モンスターゾーン)(?:上)?に(?:表側表示で)?存在する、?)?"
                       r"元々の持ち主が(?P<owner>相手|自分)(?:の|である|となる)、?(?P<x>" + _NAME + r")")


# 「G」の効果によって「X」をドローした場合 / 「G」の効果によって「X」がデッキから除外された場合: X drawn, banished or sent to
# the Graveyard by G's effect (G named: its activation is played, X what it moves); 「G」の効果によって「X」を特殊召喚した
# 場合: X Special Summoned by it
_JA_MOVED_BY = re.compile(
    r"(?P<whose>相手の|自分の)?(?P<g>" + _NAME + r")(?:等|など)?の(?:効果処理|効果)(?:によって|で|により)、?"
    r"(?:(?P<actor>相手|自分)が)?(?P<where>(?:自分の|相手の)?(?:デッキ|手札|墓地)(?:の|から))?(?P<x>" + _NAME + r")(?:を|が)、?"
    r"(?P<where2>デッキから|手札から|墓地から)?(?:(?P<verb>ドローし|除外され|墓地へ送られ|特殊召喚し|特殊召喚され)た(?=場合|時|際)|"
    # (「G」の効果で「X」を特殊召喚しているターン: X Special Summoned by it earlier in the turn)
    r"(?P<verb2>特殊召喚し)(?:た|ている)(?=ターン))")
# 「X」を「G」（の効果）で特殊召喚した（している）ターン: the same, said X first
_JA_SUMMONED_WITH = re.compile(
    r"(?P<x>" + _NAME + r")を、?(?P<whose>相手の|自分の)?(?P<g>" + _NAME + r")(?:の(?:効果処理|効果))?(?:によって|で|により)、?"
    r"(?P<verb>特殊召喚し)(?:た|ている)(?=ターン|場合|時|際)")
_MOVED_VERB = {"ドローし": "draw", "除外され": "banish", "墓地へ送られ": "send_to_grave", "特殊召喚し": "special_summon",
               "特殊召喚され": "special_summon"}


# 相手が恐竜族モンスターを召喚・特殊召喚した場合 / 相手がモンスターを特殊召喚した時: a monster the ruling describes Summoned by
# the player said; 相手のモンスターゾーンに恐竜族モンスターが召喚・特殊召喚された場合 / 自分の墓地の恐竜族モンスターが相手の
# 「死者蘇生」の効果によって相手のモンスターゾーンに特殊召喚された時: the same said of the monster (by a named card's effect)
_JA_SUMMONS_DESCRIBED = re.compile(
    r"(?:^|(?<=、))(?P<who>相手|自分)(?:が|は)、?(?P<desc>[^「」、。がをは]{0,24}?モンスター)を、?(?:表側表示で)?"
    r"(?P<how>召喚・特殊召喚|特殊召喚|召喚)(?:に成功)?した(?=時|場合|際)")
_JA_DESCRIBED_SUMMONED = re.compile(
    r"(?:^|(?<=、))(?:(?P<side>相手|自分)の(?:モンスターゾーン|フィールド)(?:上)?に、?)?(?P<desc>[^「」、。がをは]{0,30}?モンスター)が、?"
    r"(?:(?:(?P<gwhose>相手|自分)の)?(?P<g>" + _NAME + r")の効果(?:によって|で)、?)?"
    r"(?:(?P<side2>相手|自分)の(?:モンスターゾーン|フィールド)(?:上)?に)?(?:表側表示で)?"
    r"(?P<how>召喚・特殊召喚|特殊召喚|召喚)(?:に成功)?された(?=時|場合|際)")


def read_described_summons(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """A monster the ruling describes (described_card) Summoned before the question (note DESCRIBED_SUMMON_NOTE; 召喚 a
    Normal Summon, 特殊召喚 and 召喚・特殊召喚 a Special Summon; actor: who summons, where the ruling says: the player
    said, else the player on whose field it lands), after the activation of the named card whose effect summons it
    (「G」の効果によって: G's activation, its controller's said before it). Their words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for pattern in (_JA_SUMMONS_DESCRIBED, _JA_DESCRIBED_SUMMONED):
        for m in pattern.finditer(situation):
            if any(s <= m.start() < e or s < m.end() <= e for s, e in spans):
                continue
            read = described_card(m.group("desc"))
            if read is None:
                continue
            traits, owner, location, position = read
            groups = m.groupdict()
            side = {"相手": "opponent", "自分": "self"}.get(groups.get("who") or groups.get("side2") or groups.get("side") or "")
            by = {"相手": "opponent", "自分": "self"}.get(groups.get("gwhose") or "")
            card = FrameCard(ref=f"c{len(cards.cards) + 1}", name=m.group("desc"), described=traits,
                             controller=owner if location == "grave" else side, location=location, position=position)
            cards.cards.append(card)
            if groups.get("g"):
                g = cards.get(m.group("g")[1:-1])
                found.append((m.start(), FrameEvent(action="activate", card=g.ref, actor=by or side)))
            action = "summon" if m.group("how") == "召喚" else "special_summon"
            found.append((m.start() + 1, FrameEvent(action=action, card=card.ref, actor=by or side,
                                                    note=DESCRIBED_SUMMON_NOTE)))
            spans.append((m.start(), m.end()))
    return found


# (フィールド上に存在する)「X」と植物族モンスターが同時に破壊された場合: X destroyed at once with a monster the ruling describes
_JA_DESTROYED_TOGETHER = re.compile(r"(?P<x>" + _NAME + r")と、?(?P<desc>[^「」、。がとは]{1,20}?モンスター)が、?同時に破壊され"
                                    r"(?:、?墓地へ送られ)?た(?=場合|時|際)")


def read_destroyed_together(situation: str, frame: Frame, cards: _Cards,
                            spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """「X」と<desc>モンスターが同時に破壊された場合: X destroyed (note DESTROYED_TOGETHER_NOTE) with a monster of the
    description (its target, a described card of X's side); their words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in _JA_DESTROYED_TOGETHER.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        frame.cards = cards.cards
        other = _described(frame, m.group("desc"))
        if other is None:
            continue
        cards.cards.append(other)
        x = cards.get(m.group("x")[1:-1])
        found.append((m.start(), FrameEvent(action="destroy", card=x.ref, targets=[other.ref],
                                            note=DESTROYED_TOGETHER_NOTE)))
        spans.append((m.start(), m.end()))
    return found


# 「T」をリリースして（、）「X」を（表側表示で）アドバンス召喚した / 「T」をリリースしてアドバンス召喚した「X」 (X then opens the
# question): X Tribute Summoned with T, a named monster or one of an archetype (裏側表示の「A」と名のつくモンスター); a count
# of Tributes or another description is more than the scenario places
_JA_TRIBUTE_SUMMON = re.compile(
    r"(?<![のな])(?:(?P<t>" + _NAME + r")|(?P<desc>(?:裏側表示の|表側表示の)?「[^「」]+」と名のつ(?:く|いた)モンスター))をリリースして、?"
    r"(?:(?P<x>" + _NAME + r")を(?:表側表示で)?アドバンス召喚(?:した|する)(?=場合|時|際)|アドバンス召喚した(?P<x2>" + _NAME + r"))")


def read_tribute_summons(body: str, frame: Frame, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """「T」をリリースして「X」をアドバンス召喚した場合: X's Tribute Summon (note TRIBUTE_SUMMON_NOTE, T its target: a
    described card for 「A」と名のつくモンスター); their words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in _JA_TRIBUTE_SUMMON.finditer(body):
        if any(s <= m.start() < e for s, e in spans):
            continue
        x = cards.get((m.group("x") or m.group("x2"))[1:-1])
        if m.group("desc"):
            frame.cards = cards.cards
            # (described_card reads the archetype said 「A」と名のついた)
            t = _described(frame, m.group("desc").replace("と名のつく", "と名のついた"), archetype=True)
            if t is None:
                continue
            cards.cards.append(t)
        else:
            t = cards.get(m.group("t")[1:-1])
        if t.ref == x.ref:
            continue
        found.append((m.start(), FrameEvent(action="summon", card=x.ref, targets=[t.ref], note=TRIBUTE_SUMMON_NOTE)))
        spans.append((m.start(), m.end()))
    return found


def released_itself(frame: Frame) -> None:
    """「「X」を「G」で特殊召喚したターン、自身をリリースして「A」と名のついたモンスターを特殊召喚できますか」: whether X's
    own effect whose cost releases it can be activated, X the card a named effect Special Summoned before (a
    can_activate of X; the archetype named as what it summons is no card of the duel)."""
    q = frame.question
    moved = [e for e in frame.events if e.note == MOVED_BY_NOTE and e.action == "special_summon"]
    if not moved or not re.match(r"^自身をリリースして", q.text or ""):
        return
    x = moved[-1].card
    summoned = re.findall(r"「((?:[^「」]|「[^「」]*」)+)」と名のついた", q.text)
    frame.cards = [c for c in frame.cards if c.ref == x or c.passcode is not None or c.name not in summoned
                   or any(e.card == c.ref for e in frame.events)]
    q.kind, q.card, q.targets, q.how = "can_activate", x, [], None
    frame.unread = [u for u in frame.unread if not any(u == f"situation: what 「{n}」 does before the question"
                                                       for n in summoned)]


def read_moved_by(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """「G」の効果によって「X」をドローした / 「X」がデッキから除外された / 墓地へ送られた場合: G's activation (its
    controller: the ruling's 相手の/自分の, else the asker) and then X moved by it (note MOVED_BY_NOTE; X where the
    title says it was, a drawn card in the Deck). Their words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in [*_JA_MOVED_BY.finditer(situation), *_JA_SUMMONED_WITH.finditer(situation)]:
        if any(s <= m.start() < e for s, e in spans):
            continue
        g, x = cards.get(m.group("g")[1:-1]), cards.get(m.group("x")[1:-1])
        if g.ref == x.ref:
            continue
        said = m.groupdict()
        action = _MOVED_VERB[said.get("verb") or said["verb2"]]
        where = re.sub(r"^(?:自分の|相手の)|(?:の|から)$", "", said.get("where") or said.get("where2") or "")
        x.location = x.location or _WHERE_FROM.get(where) or ("deck" if action == "draw" else None)
        actor = {"相手の": "opponent", "自分の": "self"}.get(m.group("whose") or "")
        mover = {"相手": "opponent", "自分": "self"}.get(said.get("actor") or "")
        found.append((m.start(), FrameEvent(action="activate", card=g.ref, actor=actor)))
        found.append((m.start() + 1, FrameEvent(action=action, card=x.ref, actor=mover, note=MOVED_BY_NOTE)))
        spans.append((m.start(), m.end()))
    return found


# 「X」のエクシーズ召喚が（、相手の）「G」（の効果）によって無効になった場合 / …無効になり破壊された場合: X's summon (of the kind said)
# and G's activation that negates it, played before the question
_JA_NEGATED_SUMMON = re.compile(
    r"(?P<whose>自分の|相手の)?(?P<x>" + _NAME + r")の(?P<how>エクシーズ|リンク|ペンデュラム|シンクロ|融合|儀式|アドバンス|特殊)?"
    r"召喚(?:自体)?が、?(?:(?P<gwhose>相手|自分)(?:の|が)(?:発動した)?)?(?P<g>" + _NAME + r")"
    r"(?:の(?:[①-⑨]の)?(?:『[^『』]{1,120}』)?(?:モンスター効果|効果))?(?:によって|で|により)、?"
    r"無効(?:になった|にされた|となった|になり、?破壊された|になって破壊された)(?=場合|時|際)")
_SUMMON_HOW = {"エクシーズ": "xyz", "リンク": "link", "ペンデュラム": "pendulum", "シンクロ": "synchro", "融合": "fusion",
               "儀式": "ritual", "アドバンス": "normal", "特殊": "special", None: "normal"}


def read_negated_summon(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """「X」のエクシーズ召喚が「G」によって無効になった場合: X's summon (note NEGATED_SUMMON_NOTES[kind]; X its summoner's:
    the asker's unless the title says 相手の) and G's activation that negates it (note NEGATES_SUMMON_NOTE; G the other
    player's unless the title says 自分の). Their words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in _JA_NEGATED_SUMMON.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        x, g = cards.get(m.group("x")[1:-1]), cards.get(m.group("g")[1:-1])
        if x.ref == g.ref:
            continue
        how = _SUMMON_HOW[m.group("how")]
        summoner = "opponent" if m.group("whose") == "相手の" else "self"
        negator = {"相手": "opponent", "自分": "self"}.get(m.group("gwhose") or "") or (
            "self" if summoner == "opponent" else "opponent")
        x.controller = x.controller or summoner
        g.controller = g.controller or negator
        found.append((m.start(), FrameEvent(action="summon" if how == "normal" else "special_summon", card=x.ref,
                                            actor=summoner, note=NEGATED_SUMMON_NOTES[how])))
        found.append((m.start() + 1, FrameEvent(action="activate", card=g.ref, actor=negator, note=NEGATES_SUMMON_NOTE)))
        spans.append((m.start(), m.end()))
    return found


# 手札やデッキから墓地へ送られた「X」の効果: X sent to the Graveyard from a pile before the question (its effect is asked)
# (墓地へ送られた「X」の効果, from where not said: from the Deck is one way, the one played)
_JA_SENT_FROM_PILES = re.compile(r"(?:^|(?<=、))(?:(?:手札やデッキ|デッキや手札|手札・デッキ|デッキ)から)?墓地へ送られた(?P<x>" + _NAME +
                                 r")(?=の(?:[①-⑥]の)?(?:モンスター効果|効果))")


def read_sent_from_piles(body: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """「手札やデッキから墓地へ送られた「X」の効果を…発動できますか」: X sent to the Graveyard from the hand or the Deck
    before the question (note SENT_NOTE: the compiler plays it from the Deck, one of the two). Its words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in _JA_SENT_FROM_PILES.finditer(body):
        if any(s <= m.start() < e for s, e in spans):
            continue
        card = cards.get(m.group("x")[1:-1])
        found.append((m.start(), FrameEvent(action="send_to_grave", card=card.ref, note=SENT_NOTE)))
        spans.append((m.start(), m.start("x")))
    return found


# モンスターカード扱いの「X」 / 自身の効果によって発動後にモンスターカード扱いとなっている「X」 / 相手のモンスターゾーンに
# モンスターカード扱いの「X」: X a Trap Monster (a Trap Card its own activation Special Summons as a monster)
_JA_TRAP_MONSTER = re.compile(
    r"(?P<at>(?:自分|相手)(?:の)?(?:フィールド|モンスターゾーン|メインモンスターゾーン)(?:上)?に、?)?"
    r"(?:自身の(?:『[^『』]{1,80}』)?効果によって、?)?(?:発動後(?:に|、)?)?"
    r"モンスターカード(?:として(?:も)?)?扱い(?:の|となっている|になっている|とな(?:った|る))、?(?P<x>" + _NAME + r")")


def read_trap_monsters(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """A Trap Card the title says is treated as a monster (モンスターカード扱いの「X」): X's own activation, which makes
    it a Trap Monster, played before the question by X's controller (the place said before it: 相手の… the other
    player's), in place of X merely being on the field (the compiler checks that X's activation is what makes it a
    monster). The words before X's name join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in _JA_TRAP_MONSTER.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        card = cards.get(m.group("x")[1:-1])
        if m.group("at"):
            card.controller = card.controller or ("opponent" if m.group("at").startswith("相手") else "self")
        card.state = [s for s in card.state if s != "present"]
        card.location = None if card.location in ("mzone", "field") else card.location
        found.append((m.start(), FrameEvent(action="activate", card=card.ref, actor=card.controller,
                                            note=TRAP_MONSTER_NOTE)))
        spans.append((m.start(), m.start("x")))  # (the name is left to the events and states said of X)
    return found


# 「G」によってコントロールが相手に移っている「X」 / 「G」の効果によってコントロールを得た「X」 / 「G」の効果でコントロールを得ている
# 「X」: X controlled by the player who does not own it, moved there by G's effect (G names the control change)
_JA_CONTROL_MOVED = re.compile(
    r"(?P<whose>相手の|自分の)?(?P<g>" + _NAME + r")(?:の(?:[①-⑨]の)?(?:モンスター効果|ペンデュラム効果|効果))?"
    r"(?:によって|で|により)、?(?:(?P<to>相手|自分)(?:が|は))?(?:コントロールが(?P<moved>相手|自分)に移って(?:いる|いた)|"
    r"コントロールを得(?:た|ている|ていた))、?(?P<x>" + _NAME + r")")


def read_control_moved(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> None:
    """「G」によってコントロールが相手に移っている「X」 (X the asker's, controlled by the other player) / 「G」の効果によって
    コントロールを得た「X」 (X the other player's, controlled by the asker, or by the player the title says took it):
    FrameCard.owner and controller, and G's state CONTROL_TAKER (what its effect did: a set-up, not played)."""
    for m in _JA_CONTROL_MOVED.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        g, card = cards.get(m.group("g")[1:-1]), cards.get(m.group("x")[1:-1])
        if g.ref == card.ref or card.owner:
            continue
        if m.group("moved"):
            controller = "opponent" if m.group("moved") == "相手" else "self"
        else:
            controller = "opponent" if (m.group("to") or "") == "相手" else "self"
        card.owner, card.controller = ("self" if controller == "opponent" else "opponent"), controller
        if CONTROL_TAKER not in g.state:
            g.state.append(CONTROL_TAKER)
        spans.append((m.start(), m.start("x")))


def read_owned(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> None:
    """A card the title says is owned by one player (元々の持ち主が…): FrameCard.owner, and its controller the other
    player unless a place said before it gives one (the 相手の of 元々の持ち主が相手の is whose card it is, not where)."""
    for m in _JA_OWNED.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        card = cards.get(m.group("x")[1:-1])
        owner = "opponent" if m.group("owner") == "相手" else "self"
        controller = ("opponent" if m.group("at").startswith("相手") else "self") if m.group("at") else (
            "self" if owner == "opponent" else "opponent")
        if controller == owner:
            continue
        card.owner, card.controller = owner, controller
        spans.append((m.start(), m.start("x")))


def read_caused_events(situation: str, cards: _Cards, spans: list[tuple[int, int]]) -> list[tuple[int, FrameEvent]]:
    """Events the question follows that befall a card, with their cause (FrameEvent.note): destroyed by
    battle / by an effect / by battle or an effect (actor: whose effect, when the title says), and a
    monster that wins a battle (action attack, its victim in targets when named). Their words join `spans`."""
    found: list[tuple[int, FrameEvent]] = []
    for m in _JA_OWNED_DESTROY.finditer(situation):
        owner = "opponent" if m.group("owner") == "相手" else "self"
        said = m.group("at") or m.group("where") or ""
        controller = ("opponent" if said.startswith("相手") else "self") if said else (
            "self" if owner == "opponent" else "opponent")
        if controller == owner:
            continue
        if m.group("arch"):
            arch = m.group("arch")[1:-1]
            card = FrameCard(ref=f"c{len(cards.cards) + 1}", name=f"「{arch}」と名のついたモンスター",
                             described=["monster", f"archetype={arch}"], location="mzone")
            cards.cards.append(card)
        else:
            card = cards.get(m.group("x")[1:-1])
        card.owner, card.controller = owner, controller
        caused = _caused_by(m) if m.group("cause") else {"note": "by battle or an effect", "actor": None}
        found.append((m.start(), FrameEvent(action="destroy", card=card.ref, **caused)))
        spans.append((m.start(), m.end()))
    for m in _JA_CAUSED_DESTROY.finditer(situation):
        if any(s <= m.start() < e for s, e in spans) or not (m.group("cause") or m.group("kept")):
            continue
        card = cards.get(m.group("x")[1:-1])
        if m.group("kept") and m.group("cause") and m.group("cause").startswith("戦闘"):
            continue  # (a battle flips it face-up first: not a destruction this reads)
        if m.group("pos") or m.group("pos2") or m.group("kept"):
            _locate(card, m.group("pos") or m.group("pos2") or m.group("kept"))
        if m.group("at"):
            card.location = card.location or "mzone"
            if m.group("atwho"):
                card.controller = card.controller or ("opponent" if m.group("atwho") == "相手" else "self")
        # (「X」が戦闘や効果によって墓地へ送られた場合: sent to the GY by a battle or an effect, a destruction among them)
        action = "send_to_grave" if m.group("verb") == "墓地へ送られ" else "destroy"
        found.append((m.start(), FrameEvent(action=action, card=card.ref, **_caused_by(m))))
        spans.append((m.start(), m.end()))
    for m in _JA_CAUSED_DESTROY_ARCHETYPE.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        who = {"自分": "self", "相手": "opponent"}.get(m.group("atwho") or "")
        arch = m.group("arch")
        card = FrameCard(ref=f"c{len(cards.cards) + 1}", name=f"「{arch}」と名のついたモンスター",
                         described=["monster", f"archetype={arch}"], controller=who, location="mzone")
        cards.cards.append(card)
        if m.group("other"):
            # (the other monster destroyed with it: beside it on its field, what a baseline leaves out)
            cards.cards.append(FrameCard(ref=f"c{len(cards.cards) + 1}", name="他のモンスター", described=["monster"],
                                         controller=who, location="mzone", state=["present"]))
        found.append((m.start(), FrameEvent(action="destroy", card=card.ref, **_caused_by(m))))
        spans.append((m.start(), m.end()))
    for m in _JA_CAUSED_DESTROY_DESCRIBED.finditer(situation):
        if any(s <= m.start() < e for s, e in spans) or "「" in situation[max(0, m.start() - 1):m.start() + 1]:
            continue
        read = described_card(m.group("desc"))
        if read is None:
            continue
        traits, who, location, position = read
        card = FrameCard(ref=f"c{len(cards.cards) + 1}", name=m.group("desc"), described=traits, controller=who,
                         location=location or "mzone", position=position)
        cards.cards.append(card)
        found.append((m.start(), FrameEvent(action="destroy", card=card.ref, **_caused_by(m))))
        spans.append((m.start(), m.end()))
    for m in _JA_ATTACK_DECLARED.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        card = cards.get(m.group("x")[1:-1])
        if m.group("pos"):
            card.position = card.position or ("faceup_attack" if "攻撃" in m.group("pos") else "faceup_defense")
        actor = {"相手の": "opponent", "自分の": "self"}.get(m.group("whose") or "")
        then = _JA_THEN_DAMAGE_CALC.match(situation[m.end():])
        note = ("damage calculation of " if then else "declares ") + ("a direct attack" if m.group("direct") else "an attack")
        found.append((m.start(), FrameEvent(action="attack", card=card.ref, actor=actor, note=note)))
        spans.append((m.start(), m.end() + (then.end() if then else 0)))
    for m in _JA_SENT_FROM_FIELD.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        card = cards.get(m.group("x")[1:-1])
        found.append((m.start(), FrameEvent(action="send_to_grave", card=card.ref, note="by an effect")))
        spans.append((m.start(), m.end()))
    for m in _JA_MUTUAL.finditer(situation):
        read = described_card(m.group("desc"))
        if any(s <= m.start() < e for s, e in spans) or read is None:
            continue
        card = cards.get(m.group("x")[1:-1])
        other = FrameCard(ref=f"c{len(cards.cards) + 1}", name="同じ攻撃力の" + m.group("desc"), described=read[0],
                          controller=read[1] or "opponent", location="mzone")
        cards.cards.append(other)
        found.append((m.start(), FrameEvent(action="attack", card=card.ref, targets=[other.ref], note=MUTUAL_DESTRUCTION)))
        spans.append((m.start(), m.end()))
    for m in _JA_BATTLE_WIN.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        card = cards.get(m.group("x")[1:-1])
        victim = m.group("y") or m.group("y2")
        kind = m.group("kind") or m.group("kind2") or ""
        event = FrameEvent(action="attack", card=card.ref, note="destroys by battle")
        if victim:
            event.targets = [cards.get(victim[1:-1]).ref]
        elif re.search(r"[^相手のモンスター]", kind):
            # 「X」が戦闘で相手のペンデュラムモンスターを破壊した: the kind of monster it beat, a described victim
            read = described_card(kind)
            if read is None:
                continue  # (what kind of monster it beat decides, in words described_card does not read)
            traits, who, _, position = read
            beaten = FrameCard(ref=f"c{len(cards.cards) + 1}", name=kind, described=traits,
                               controller=who or "opponent", location="mzone", position=position)
            cards.cards.append(beaten)
            event.targets = [beaten.ref]
        found.append((m.start(), event))
        spans.append((m.start(), m.end()))
    return found


# 「…を発動した時、チェーンして」「…が発動された場合、さらにチェーンして」「その効果にチェーンして」: the words that say
# the question (or the next event) chains to the activation before them
_JA_CHAIN_WORDS = re.compile(r"(?:^|(?<=、)|(?<=時)|(?<=際)|(?<=場合))(?:それに|その効果に|その発動に|さらに)?チェーン(?:を)?して(?=、|「|$)")


def read_chain_words(situation: str, frame: Frame, spans: list[tuple[int, int]]) -> None:
    """「…時、チェーンして」 / 「…場合、さらにチェーンして」 after an activation the title names: what follows
    chains to that activation (its note "chained to"); the words join `spans` (they are read)."""
    for m in _JA_CHAIN_WORDS.finditer(situation):
        if any(s <= m.start() < e for s, e in spans):
            continue
        before = [e for e in frame.events if e.action in ("activate", "summon", "special_summon", "flip_summon")]
        if not before:
            continue
        before[-1].note = "chained to"
        spans.append((m.start(), m.end()))


def read_destroyed_before_name(frame: Frame, situation: str, cards: _Cards) -> None:
    """「自身から攻撃して破壊された「X」の効果は発動できますか」: the questioned card destroyed by battle before the
    question (an event; its words end the situation, its name opens the question)."""
    q = frame.question
    m = _JA_BATTLE_DESTROYED_BEFORE.search(situation)
    if m is None or q.card is None or frame.events or not (q.text or "").startswith("「"):
        return
    frame.events.append(FrameEvent(action="destroy", card=q.card, note="by battle"))
    frame.unread = [u for u in frame.unread if u != f"situation: 「{m.group(0)}」 is not read"]


def own_effect_after_event(frame: Frame, body: str, cards: _Cards) -> None:
    """「「X」が戦闘で破壊された場合、効果を発動できますか」: an effect asked without its card, after an event
    that befalls the title's only card (or that its only card makes: 「X」が「Y」を戦闘で破壊した場合), is
    that card's own effect. (The question's words may hold the event: 「Y」 just before them is not its card.)"""
    q = frame.question
    text = q.text or ""
    at = re.search(r"(?:場合|時|際)(?:に)?、?(?:その)?(?:モンスター効果|効果)(?:を|は)[^「」]*$", text)
    if at and at.start() > 0 and _CARD.match(text) and body.rfind(text) >= 0:
        # the event's words run from the situation into the question's: read them in the whole title
        qstart = body.rfind(text)
        head = body[:qstart + at.start() + 2]  # (with the 場合/時/際 the event words are read up to)
        found = [f for f in read_caused_events(head, cards, []) if f[0] <= qstart]
        if len(found) == 1 and found[0][1].card not in {e.card for e in frame.events}:
            event = found[0][1]
            frame.events.append(event)
            q.text = text[at.start():]
            q.card = None
            names = {c.name for c in cards.cards if c.ref in (event.card, *event.targets)}
            frame.unread = [u for u in frame.unread if not any(u == f"situation: what 「{n}」 does before the question" for n in names)]
    caused = [e for e in frame.events if e.note in CAUSED_NOTES]
    if caused and q.card:
        # 「…墓地へ送られた際に「Y」を発動」: the place words before Y are the event's, not where Y is
        card = next(c for c in cards.cards if c.ref == q.card)
        at_name = body.find("「" + card.name)
        if card.ref not in {e.card for e in caused} and at_name > 0 and re.search(r"(?:場合|時|際)(?:に)?、?$", body[:at_name]):
            card.location = card.position = card.controller = None
    # (and what befalls it is its Summon: 「「X」が召喚・特殊召喚に成功した場合、モンスター効果を発動できますか」)
    caused = caused or [e for e in frame.events if e.action in ("summon", "special_summon", "flip_summon") and not e.note]
    involved = {r for e in caused for r in (e.card, *e.targets)}
    # (a card that only applies or is there is the situation, not who acts: 「「マクロコスモス」の適用中に…」; nor one whose
    # effect gave a card's control: 「「強制転移」によってコントロールが相手に移っている「X」が…」)
    situation = {c.ref for c in frame.cards if c.state and set(c.state) <= {"applied", "present", CONTROL_TAKER}}
    # (「…場合でも、ドローする効果は発動しますか」: its effect described by what it does; one of several effects the
    # compiler cannot tell apart is not compiled)
    asked = re.match(r"^(?:(?:場合|時|際)(?:に)?、?)?(?:その|自身の)?(?:(?P<eff>[①-⑨])の)?"
                     r"(?:[^「」、。]{1,12}?(?:する|す|る)(?=効果))?(?:モンスター効果|効果)(?:を|は)", q.text or "")
    if q.card is None and len(caused) == 1 and {c.ref for c in frame.cards} - situation <= involved \
            and asked:
        q.card = caused[0].card
        if "モンスター効果" in q.text:
            q.effect_kind = "monster"
        if asked.group("eff") and q.effect is None:
            q.effect = _effect_number(asked.group("eff"))


# 「自分のモンスターゾーンに「X」が2体存在する場合、…時にそれぞれの（「X」の）モンスター効果を発動できますか」
_JA_EACH_COPY = re.compile(r"それぞれの(?:" + _NAME + r"の)?(?:モンスター効果|効果)を発動")
_JA_COUNT_BEFORE = re.compile(r"(?P<where>(?:自分|相手)の(?:墓地|手札|モンスターゾーン|フィールド)に)(?P<n>[2-9２-９])体の"
                              r"(?P<x>" + _NAME + r")が(?:表側表示で)?存在")


def read_each_copy(frame: Frame, body: str) -> None:
    """「「X」が2体存在する場合、…それぞれのモンスター効果を発動できますか」: the questioned card, of which the situation
    has several copies (FrameCard.copies), is asked whether each copy's effect can be activated in one chain (its
    state EACH_COPY: the compiler activates one copy and asks the question of another); the count and the word
    それぞれ read."""
    q = frame.question
    m = _JA_EACH_COPY.search(body)
    if q is None or q.kind != "can_activate" or m is None:
        return
    # (the count said before the name: 「自分の墓地に2体の「X」が存在し」; the question then of X: 「それぞれの効果」)
    counted = _JA_COUNT_BEFORE.search(body, 0, m.start())
    said = next((c for c in frame.cards if counted and fold_name(c.name) == fold_name(_clean_name(counted.group("x")))),
                None)
    if said is not None and q.card in (None, said.ref) and "present" in said.state:
        said.copies = int(counted.group("n").translate(str.maketrans("２３４５６７８９", "23456789")))
        q.card = said.ref
        frame.unread = [u for u in frame.unread if u != f"situation: 「{counted.group('where')}{counted.group('n')}体の」 is not read"]
    card = next((c for c in frame.cards if c.ref == q.card), None)
    if card is None or not card.copies or card.copies < 2 or (
            m.group(1) and fold_name(_clean_name(m.group(1))) != fold_name(card.name)):
        return
    card.state.append(EACH_COPY)
    frame.unread = [re.sub(r"にそれぞれの?」", "に」", u) for u in frame.unread
                    if not re.fullmatch(r"situation: a count \([0-9０-９]+体\)", u)]


def read_unnamed_attack(frame: Frame, body: str, cards: _Cards) -> bool:
    """「相手モンスターが直接攻撃を宣言した時、「Y」を発動できますか」 / 「相手モンスターの直接攻撃の際の戦闘ダメージ
    計算時に、…」: an attack declared by a monster the ruling describes instead of naming (FrameCard.described: the
    compiler picks one), the question asked at its declaration or at its damage calculation. Read in the whole
    title (「「Y」の効果は、相手モンスターが…宣言した時にも発動できますか」 says it after Y); the unread clauses it
    explains are dropped."""
    q = frame.question
    if q is None or q.kind != "can_activate" or frame.events or q.card is None:
        return False
    m = _JA_DAMAGE_CALC_UNNAMED.search(body) or _JA_ATTACK_UNNAMED.search(body)
    if m is not None:
        read = described_card(m.group("desc") + "モンスター")
        if read is None:
            return False
        attacker = FrameCard(ref=f"c{len(cards.cards) + 1}", name=m.group("whose") + m.group("desc") + "モンスター",
                             described=read[0], controller="opponent" if m.group("whose") == "相手" else "self",
                             location="mzone")
        cards.cards.append(attacker)
        at_calc = "ダメージ計算" in m.group(0)
        frame.events.append(FrameEvent(action="attack", card=attacker.ref, note=(
            "damage calculation of " if at_calc else "declares ") + ("a direct attack" if m.group("direct") else "an attack")))
    elif (m := _JA_BATTLES_DESCRIBED.search(body)) is not None:
        # the questioned monster attacks the described one; asked at that battle's Damage Step start or damage calculation
        read = described_card(m.group("desc"))
        if read is None:
            return False
        foe = FrameCard(ref=f"c{len(cards.cards) + 1}", name=m.group("desc"), described=read[0], controller=read[1],
                        location="mzone", position=read[3])
        cards.cards.append(foe)
        frame.events.append(FrameEvent(action="attack", card=q.card, targets=[foe.ref], note=(
            "damage step start of an attack" if m.group("when") == "ダメージステップ開始時" else "damage calculation of an attack")))
    elif (m := _JA_ATTACK_TARGET_DESCRIBED.search(body) or _JA_ATTACK_ON_DESCRIBED.search(body)) is not None:
        # the described monster is chosen as an attack target: a monster of the other side (a stand-in) attacks it
        read = described_card(m.group("desc"))
        if read is None or read[1] is None:
            return False
        target = FrameCard(ref=f"c{len(cards.cards) + 1}", name=m.group("desc"), described=read[0], controller=read[1],
                           location="mzone", position=read[3])
        attacker = FrameCard(ref=f"c{len(cards.cards) + 2}", name="攻撃モンスター", described=["monster"], location="mzone",
                             controller="self" if read[1] == "opponent" else "opponent")
        cards.cards += [target, attacker]
        frame.events.append(FrameEvent(action="attack", card=attacker.ref, targets=[target.ref], note="declares an attack"))
    else:
        return False
    frame.cards = cards.cards
    said = m.group(0)

    def explained(u: str) -> bool:
        clause = re.fullmatch(r"situation: 「(.*)」 is not read", u)
        step = re.fullmatch(r"situation: (?:a phase or step|a card state) \((.*)\)", u)
        return bool(clause and clause.group(1) in said or step and step.group(1) in said)
    frame.unread = [u for u in frame.unread if not explained(u)]
    return True


# 守備表示の「X」が「Y」を攻撃した場合、戦闘で破壊されますか: X attacks Y; whose fate is asked, the answer says
_JA_ATTACKS_NAMED = re.compile(r"^(?P<pos>表側守備表示の|守備表示の|表側攻撃表示の|攻撃表示の)?(?P<x>" + _NAME + r")(?:が|で)、?"
                               r"(?:相手の)?(?P<y>" + _NAME + r")(?:を|に)攻撃した(?:場合|時|際)(?:に)?、?(?:戦闘で(?:は)?)?$")


def read_battle_fate(frame: Frame, situation: str, answer: str, cards: _Cards) -> bool:
    """「(守備表示の)「X」が「Y」を攻撃した場合、戦闘で破壊されますか」: X attacks Y (an attack event, X in the position
    said); the card whose fate is asked is the one of the two the answer's sentence 「…「Y」は…戦闘では破壊されません」
    names (its quotes left out), destroyed or not as that sentence ends. False when the title or answer says otherwise."""
    m = _JA_ATTACKS_NAMED.match(situation)
    if m is None or frame.question is None:
        return False
    x, y = cards.get(m.group("x")[1:-1]), cards.get(m.group("y")[1:-1])
    said = []
    for sentence in re.split(r"[。\n]", _QUOTE.sub("", answer)):
        ends = re.search(r"破壊され(ます|ません)$", sentence.strip().rstrip("）)"))
        named = [c for c in (x, y) if "「" + c.name + "」" in sentence]
        if ends and len(named) == 1:
            said.append((named[0], "destroyed" if ends.group(1) == "ます" else "survives"))
    if len({c.ref for c, _ in said}) != 1 or len({f for _, f in said}) != 1:
        return False
    if m.group("pos"):
        x.position = "faceup_defense" if "守備" in m.group("pos") else "faceup_attack"
    frame.events.append(FrameEvent(action="attack", card=x.ref, targets=[y.ref], note="attacks"))
    subject, fate = said[0]
    frame.question.card = subject.ref
    frame.fates = {subject.ref: fate}
    frame.answer = "yes" if fate == "destroyed" else "no"
    frame.cards = cards.cards
    frame.unread = [u for u in frame.unread if not (u.startswith("answer") or u.startswith("situation: 「")
                                                   or u in (f"situation: what 「{x.name}」 does before the question",
                                                            f"situation: what 「{y.name}」 does before the question"))]
    return True


# 「X」と「Y」が戦闘を行う場合 / 自分の「X」（攻撃力0）と、EXモンスターゾーンの相手の「Y」（攻撃力3000）が戦闘を行う場合 /
# 自分の「X」が相手の「Y」と戦闘を行う場合: a battle of two named monsters, neither said to be the attacker
_JA_SIDE = r"(?P<{0}mods>(?:自分の|相手の|EXモンスターゾーンの|メインモンスターゾーンの|表側攻撃表示の|攻撃表示の)*)"
_JA_ASIDE = r"(?:[（(][^（）()]{1,40}[）)])?"
_JA_BATTLE_NAMED = re.compile(
    r"(?:^|、)" + _JA_SIDE.format("x") + r"(?P<x>" + _NAME + r")" + _JA_ASIDE + r"(?:と|が|で)、?" + _JA_SIDE.format("y")
    + r"(?P<y>" + _NAME + r")" + _JA_ASIDE + r"(?:が|と)戦闘を行う(?:場合|時|際)")


def _without_names(text: str) -> str:
    return re.sub(r"「(?:[^「」]|「[^「」]*」)*」", "", text)


def read_battle(frame: Frame, texts: list[str], cards: _Cards) -> bool:
    """A what-happens title (or question text) whose only situation is a battle of two monsters it names
    (_JA_BATTLE_NAMED: 「X」と「Y」が戦闘を行う場合, either may attack): an attack event of X on Y noted BATTLES_NOTE
    (the compiler plays both ways), each card on the side said (自分の / 相手の; else X the asker's, Y the other
    player's), one 「EXモンスターゾーンの」 in an Extra Monster Zone; the situation entries the battle explains
    dropped. False (nothing changed) when no text says so or the frame has other events."""
    if frame.events:
        return False
    for text in texts:
        text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
        m = _JA_BATTLE_NAMED.search(text)
        if m is None:
            continue
        x, y = cards.get(m.group("x")[1:-1]), cards.get(m.group("y")[1:-1])
        if x is None or y is None or x.ref == y.ref:
            return False
        side = {g: "self" if "自分の" in m.group(g + "mods") else "opponent" if "相手の" in m.group(g + "mods") else None
                for g in ("x", "y")}
        x.controller = side["x"] or x.controller or ("opponent" if side["y"] == "self" else "self")
        y.controller = side["y"] or y.controller or ("opponent" if x.controller == "self" else "self")
        if x.controller == y.controller:
            return False
        for card, group in ((x, "x"), (y, "y")):
            if "EXモンスターゾーンの" in m.group(group + "mods"):
                card.location = "emzone"
            if "攻撃表示の" in m.group(group + "mods"):
                card.position = "faceup_attack"
        frame.events.append(FrameEvent(action="attack", card=x.ref, targets=[y.ref], note=BATTLES_NOTE))
        frame.cards = cards.cards
        said = m.group(0)
        # お互いの「X」 / お互いのフィールドに「X」が存在し: a copy of a battling X on the other side too, in play
        both = [c for c in (x, y) if any(re.search(r"お互い(?:のフィールドに|の)「" + re.escape(c.name) + "」", t)
                                         for t in (unicodedata.normalize("NFKC", t) for t in texts))]
        for c in both[:1]:
            frame.cards.append(c.model_copy(update={
                "ref": c.ref + "o", "controller": "opponent" if c.controller == "self" else "self", "state": ["present"],
                "position": None, "location": None}))
            said += "お互いの「」の効果が適用されている状態で戦闘を行う場合"
        frame.unread = [u for u in frame.unread if u not in (
            f"situation: what 「{x.name}」 does before the question", f"situation: what 「{y.name}」 does before the question")
            and not (u.startswith("situation: 「") and "戦闘を行う" in u and _without_names(
                u.removeprefix("situation: 「").removesuffix("」 is not read")) in _without_names(said))]
        return True
    return False


# 相手が攻撃力2500の「Z」で直接攻撃を宣言した場合 (in the question text): the attack an LP answer's battle damage comes from
# / 相手の「Z」が自分への直接攻撃を宣言した場合
_JA_DIRECT_ATTACK = re.compile(r"(?:(?P<who>相手|自分)が、?(?:攻撃力[0-9]{1,5}の)?(?P<z>" + _NAME + r")で(?:相手プレイヤーに|自分に)?|"
                               r"(?P<whose>相手|自分)の(?P<zz>" + _NAME + r")が、?(?:自分|相手)(?:プレイヤー)?への)"
                               r"直接攻撃を宣言した(?:場合|時|際)")


def read_direct_attack(frame: Frame, question: str, cards: _Cards) -> bool:
    """An LP answer whose title plays activations only, while its question text has a player declare a direct attack
    with a monster it names (_JA_DIRECT_ATTACK): that attack, made the first event (by that player: the other
    player's activations before it are chained to its declaration, where "this turn" effects apply the same), with
    the title's activations after it. False (nothing changed) when the frame has an attack or any event but
    activations, or no text says so."""
    if any(e.action != "activate" for e in frame.events):
        return False
    m = _JA_DIRECT_ATTACK.search(re.sub(r"\s+", "", unicodedata.normalize("NFKC", question or "")))
    if m is None:
        return False
    z = cards.get((m.group("z") or m.group("zz"))[1:-1])
    if any(e.card == z.ref for e in frame.events):
        return False
    who = "self" if (m.group("who") or m.group("whose")) == "自分" else "opponent"
    z.controller = z.controller or who
    if z.controller != who or any((e.actor or next((c.controller for c in cards.cards if c.ref == e.card), None)) == who
                                  for e in frame.events):
        return False  # (an activation by the attacker itself: not one its declaration opens)
    frame.events.insert(0, FrameEvent(action="attack", card=z.ref, actor=who, note="declares a direct attack"))
    frame.cards = cards.cards
    return True


def read_fate_question(frame: Frame, body: str, cards: _Cards, answer: str = "") -> None:
    """An is_destroyed question: the card whose fate is asked (the one said with は/が/も before the
    cue, not the one whose effect acts), the effects that act on it (「X」の効果で: an activation before
    the question), and its fate from the yes/no answer (frame.fates)."""
    cue = _JA_FATE_CUE.search(body)
    if not cue:
        return
    by = {m.start(): m for m in _JA_BY_EFFECT.finditer(body, 0, cue.start())}
    acting = {fold_name(_clean_name(m.group(1))) for m in by.values()}
    if not by and read_battle_fate(frame, body[:cue.start()], answer, cards):
        return
    if re.search(r"戦闘|攻撃(?!力)", body[:cue.start()]):
        frame.unread.append("situation: a battle (戦闘) is not compiled into events")
    subject = None
    for m in _CARD.finditer(body, 0, cue.start()):
        if m.start() in by or fold_name(_clean_name(m.group(1))) in acting:
            continue
        if re.match(r"(?:等|など)?(?:は|が|も)", body[m.end():]):
            subject = m
    # the acting effects become activations (in the order the title names them), unless already events
    known = {e.card for e in frame.events}
    for _at, m in sorted(by.items()):
        card = cards.get(m.group(1))
        frame.unread = [u for u in frame.unread if u != f"situation: what 「{card.name}」 does before the question"]
        if card.ref not in known:
            frame.events.append(FrameEvent(action="activate", card=card.ref, effect=_effect_number(m.group("eff")),
                                           note="acts on the questioned card"))
            known.add(card.ref)
    frame.cards = cards.cards
    if frame.question is None:
        return
    if subject is None:
        frame.question.card = None
        frame.unread.append("question: the card whose fate is asked is not named")
        return
    card = cards.get(subject.group(1))
    frame.question.card = card.ref
    frame.unread = [u for u in frame.unread if u != f"situation: what 「{card.name}」 does before the question"]
    _locate(card, _before(body, subject.start()))
    if frame.answer in ("yes", "no"):
        frame.fates = {card.ref: "destroyed" if frame.answer == "yes" else "survives"}


# ---------------------------------------------------------------- statements (zh, fr)

_STATEMENT_KIND = {
    "zh": [(r"发动|發動|使用", "can_activate"), (r"对象|對象", "can_target"), (r"特殊召唤|特殊召喚|召唤|召喚", "can_summon"),
           (r"盖放|覆蓋|覆盖", "can_set"), (r"攻击|攻擊", "can_attack"), (r"破坏|破壞", "is_destroyed"), (r"适用|適用", "applies")],
    "ja": [(r"発動", "can_activate"), (r"対象", "can_target"), (r"召喚", "can_summon"), (r"セット", "can_set"),
           (r"攻撃", "can_attack"), (r"破壊", "is_destroyed"), (r"適用", "applies")],
    "fr": [(r"activ", "can_activate"), (r"cibl", "can_target"), (r"invoqu|invocation", "can_summon"),
           (r"poser|posée|posé", "can_set"), (r"attaqu", "can_attack"), (r"détrui", "is_destroyed"), (r"s'appliqu|appliqu", "applies")],
}
_STATEMENT_NO = {"ja": re.compile(r"でき(?:ない|ません)|され(?:ない|ません)|なら(?:ない|ません)|ありません"), "zh": re.compile(r"不能|不可|无法|無法|不会|不會|不被|不视为|不視為"),
                 "fr": re.compile(r"ne (?:peut|peuvent|pouvez|sont|est|pourra|pourront)\b|\bpas\b|\bjamais\b", re.IGNORECASE)}
_STATEMENT_YES = {"ja": re.compile(r"でき(?:る|ます)|され(?:る|ます)|なる|なります|扱う|扱います"), "zh": re.compile(r"可以|能够|能夠|会被|會被|可|能"), "fr": re.compile(r"\bpeu(?:t|vent|x)\b|\bpouv(?:ez|ons)\b|\best\b|\bsont\b", re.IGNORECASE)}


def frame_statement(text: str, language: str, mentions: list[tuple[str, int | None]]) -> Frame:
    """A rule-doc or article ruling: one sentence that is its own question and answer."""
    family = language_family(language)
    frame = Frame(language=language)
    if family not in _STATEMENT_NO:
        frame.unread.append(f"language {language}: no frame extractor")
        return frame
    cards = _Cards({name: passcode for name, passcode in mentions})
    for name, _ in mentions:
        cards.get(name)
    frame.cards = cards.cards
    first = re.split(r"[。！？!?]|(?<=\.)\s", text.strip(), maxsplit=1)[0]
    for cue, kind in _STATEMENT_KIND[family]:
        if re.search(cue, first, re.IGNORECASE):
            frame.question = FrameQuestion(kind=kind, text=first)
            break
    else:
        frame.unread.append("question: the ruling states no action this extractor reads")
        return frame
    if frame.cards:
        frame.question.card = frame.cards[0].ref
        if frame.question.kind == "can_target" and len(frame.cards) > 1:
            frame.question.targets = [frame.cards[1].ref]
    frame.answer = "no" if _STATEMENT_NO[family].search(first) else "yes" if _STATEMENT_YES[family].search(first) else None
    if frame.answer is None:
        frame.unread.append("answer: the sentence says neither can nor cannot")
    # a statement's conditions ("even if", "while … applies") are not read into a situation yet: the
    # frame records its question and answer, and says so
    frame.unread.append("situation: the conditions of a statement are not read (only its question and answer)")
    return frame


# ---------------------------------------------------------------- the spaCy component

if not Doc.has_extension("frame"):
    Doc.set_extension("frame", default=None)


# the question text asked as a title: its first question, the quoted effect texts left out (『①』 kept as ①),
# 「…を発動しました。この時、…」 said as 「…を発動した時、…」
_TOLD_THEN = re.compile(r"(し|され)ました。(?:この|その)(?:時|場合|際)、")
# 「…を発動しました。その発動にチェーンして…」 / 「…が存在しています。この状況で、…」: the told situation joined to the next
# sentence as a title says it (「…を発動した時、その発動にチェーンして…」 / 「…が存在している状況で、…」)
_TOLD_CHAINED = re.compile(r"(し|され)ました。(?=その(?:「[^「」]+」の)?(?:発動|効果の発動)にチェーン)")
_TOLD_STATE = re.compile(r"(し|され)ています。この状況で、")


def question_as_title(question: str) -> str | None:
    """The question text's first question (up to its first 「？」) in the words a title uses, or None."""
    text = re.sub(r"[\r\n]+", "", question)
    text = _TOLD_THEN.sub(r"\1た時、", _QUOTE.sub("", re.sub(r"『([①-⑨])』", r"\1", text)))
    text = _TOLD_STATE.sub(r"\1ている状況で、", _TOLD_CHAINED.sub(r"\1た時、", text))
    m = re.match(r"[^。？?]*[？?]", text)
    return m.group(0) if m else None


def example_frame(frame: Frame, title: str, question: str, answer: str,
                  passcodes: dict[str, int | None]) -> Frame:
    """A title that generalizes a chain (「相手のリンクモンスターのモンスター効果の発動にチェーンして、「もの忘れ」を
    発動できますか」: a situation it leaves unread) asked by its question text about one card (「相手が「リンク・スパイダー」
    の『…』モンスター効果を発動しました。この時、自分は「もの忘れ」の『…』効果を…できますか」): the frame of that
    question (question_as_title), where it reads it all (its answer on no precondition), asks the same kind about the
    same card, names every card the title names and holds a chain (an activation the question or the next one is
    chained to); else `frame`."""
    if not frame.question or not frame.unread or not all(u.startswith("situation:") for u in frame.unread) \
            or "チェーン" not in title + question + answer:
        return frame
    asked = question_as_title(question)
    if not asked or asked == title:
        return frame
    example = frame_ja(asked, question, answer, passcodes)
    q, eq = frame.question, example.question
    names = {c.ref: fold_name(c.name) for c in frame.cards}
    example_names = {c.ref: fold_name(c.name) for c in example.cards}
    if example.unread or example.requires or eq is None or eq.kind != q.kind or names.get(q.card) != example_names.get(eq.card) \
            or not all(_example_names(c, example_names.values(), frame.cards) for c in frame.cards) \
            or not any(e.note == "chained to" for e in example.events):
        return frame
    return example


def _example_names(card: FrameCard, names: Iterable[str], title_cards: list[FrameCard]) -> bool:
    """Whether the example question names the title's card: the same name, or for an archetype the title names
    (「「武神」と名のついたモンスター」: no passcode) a card of that name's words (「武神－ヤマト」) that the title does
    not name itself (「グレイドル」 is not 「グレイドル・パラサイト」, the activated card)."""
    name = fold_name(card.name)
    named = {fold_name(c.name) for c in title_cards if c.ref != card.ref}
    return any(n == name or card.passcode is None and n.startswith(name) and n not in named for n in names)


@Language.factory("ruling_frame")
def make_ruling_frame(nlp: Language, name: str):
    return RulingFrame()


class RulingFrame:
    """spaCy component: `doc._.frame` from the doc's text and `doc.user_data` (language, mentions
    as (surface, passcode) pairs; for a Q&A also title, question, answer)."""

    def __call__(self, doc: Doc) -> Doc:
        data = doc.user_data
        language = data.get("language") or doc.lang_
        mentions = list(data.get("mentions") or [])
        if language == "ja" and (data.get("title") or data.get("question")):
            passcodes = {_clean_name(n): p for n, p in mentions}
            title, question, answer = (str(data.get(k) or "") for k in ("title", "question", "answer"))
            doc._.frame = example_frame(frame_ja(title, question, answer, passcodes), title, question, answer,
                                        passcodes)
        else:
            doc._.frame = frame_statement(doc.text, language, mentions)
        return doc


@lru_cache(maxsize=1)
def frame_nlp() -> Language:
    """A blank multilingual pipeline with the frame component (the extractor reads characters)."""
    nlp = spacy.blank("xx")
    nlp.add_pipe("ruling_frame")
    return nlp


def frame_for(text: str, language: str, mentions: Iterable[Any] = (), meta: dict | None = None) -> Frame:
    """The frame of one ruling (its text, language, card mentions and, for a Q&A, its meta)."""
    meta = meta or {}
    pairs = []
    for m in mentions:
        surface = m.get("surface") if isinstance(m, dict) else getattr(m, "surface", "")
        passcode = m.get("passcode") if isinstance(m, dict) else getattr(m, "passcode", None)
        kind = m.get("kind", "card") if isinstance(m, dict) else getattr(m, "kind", "card")
        if kind == "card" and surface:
            pairs.append((_clean_name(str(surface).strip("「」")), passcode))
    nlp = frame_nlp()
    doc = nlp.make_doc(text[:2000])
    doc.user_data.update(language=language, mentions=pairs, title=meta.get("title"),
                         question=meta.get("question"), answer=meta.get("answer"))
    for _, component in nlp.pipeline:
        doc = component(doc)
    return doc._.frame


def as_frame(value: Any) -> Frame | None:
    """A Frame from a Frame, its dict, or its JSON (as the graph stores it)."""
    import json

    if value is None or isinstance(value, Frame):
        return value
    if isinstance(value, str):
        value = json.loads(value) if value.strip() else None
    return Frame.model_validate(value) if value else None


def describe_frame(value: Any) -> str:
    """One line: question, situation, events and answer, or what could not be read."""
    frame = as_frame(value)
    if frame is None:
        return "none"
    names = {c.ref: c.name for c in frame.cards}
    parts = []
    if frame.question:
        q = frame.question
        what = f"{q.kind} 「{names.get(q.card, '?')}」" if q.card else q.kind
        if q.effect:
            what += f" effect {CIRCLED_BY_NUMBER.get(q.effect, q.effect)}"
        if q.targets:
            what += " -> " + ", ".join(f"「{names.get(t, t)}」" for t in q.targets)
        parts.append(what)
    for c in frame.cards:
        if c.state or c.location or c.controller:
            bits = [b for b in (c.controller, c.location, c.position, *c.state) if b]
            parts.append(f"「{c.name}」 {'/'.join(bits)}")
    for z in frame.zones:
        parts.append(f"{z.controller or 'a'} {z.location}: {z.what} {z.count}")
    for e in frame.events:
        if e.card is None and e.action == "phase":
            parts.append(f"then phase {e.note}")  # (read_asked_phase: the phase the question is asked in)
            continue
        parts.append(f"then {e.action} 「{names.get(e.card, '?')}」" + (f" ({e.note})" if e.note else ""))
    answer = frame.answer or "?"
    # the outcomes the answer states: fates, whether an effect's processing is applied, ATK/DEF, LP
    said = [f"「{names.get(r, r)}」 {f}" for r, f in frame.fates.items()]
    said += [f"「{names.get(r, r)}」 {'applied' if v else 'not applied'}" for r, v in frame.applied.items()]
    said += [f"「{names.get(r, r)}」 " + "/".join(f"{k} {n}" for k, n in v.items()) for r, v in frame.stats.items()]
    said += [f"「{names.get(r, r)}」 {'summons' if v else 'summons nothing'}" for r, v in frame.summons.items()]
    said += [f"「{names.get(r, r)}」 {'adds to the hand' if v else 'adds nothing to the hand'}" for r, v in frame.to_hand.items()]
    said += [f"{who} LP {n:+d}" for who, n in frame.lp.items()]
    if said:
        answer += f" ({', '.join(said)})"
    line = "; ".join(parts) + f" => {answer}"
    if frame.unread:
        line += f"  [unread: {frame.unread[0]}]"
    return line


CIRCLED_BY_NUMBER = {i: c for c, i in CIRCLED.items()}

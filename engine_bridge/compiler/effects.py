"""Card texts and scripts: which numbered effect (①②…) of a card the frame means and which
engine option (aux.Stringid) plays it, which cards a text names, whether an effect targets or summons,
whether a script's effect is offered in an open game state or applies on its own, and where a
summon-by-effect text summons from.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterable

from engine_bridge.compiler.base import _ja_names, _STRINGID, CardSource, CIRCLED, NotCompiled
from rulings.records import Frame, FrameEvent, FrameQuestion
from rulings.text import fold_name


def referenced_cards(text: str, own: int, limit: int = 4) -> list[int]:
    """Cards the questioned card's text names: 「name」 -> that card; an archetype 「name」 -> two cards
    whose name holds it. The filler puts them in the Deck and Graveyard, where searches and revivals
    look for them."""
    out: list[int] = []
    for quoted in dict.fromkeys(re.findall(r"「([^「」]+)」", text)):
        key = fold_name(quoted)
        exact = [p for k, _, p in _ja_names() if k == key]
        found = exact[:1] or [p for k, reading, p in _ja_names() if p != own and (key in k or key in reading)][:2]
        out += [p for p in found if p != own and p not in out]
    return out[:limit]


def exact_names(codes: Iterable[int], cards: "CardSource") -> set[int]:
    """Those of the codes the questioned card's text names exactly (not as an archetype)."""
    keys = {fold_name(q) for text in cards.texts.values() for q in re.findall(r"「([^「」]+)」", text)}
    return {p for k, _, p in _ja_names() if p in set(codes) and k in keys}


def activated_effects(text: str) -> list[int]:
    """The numbers of a card text's numbered effects that are activated (their text says 発動できる or
    発動する, ending its condition: 「…発動できる。」「…発動できる（…）。」), in order: the ones its script describes
    with aux.Stringid. A continuous effect that only speaks of activations (「…の効果が発動する度に」「…効果の発動と
    効果は無効化されない」「効果を発動するために…場合、代わりに」) is not one."""
    parts = re.split(r"(?=[①-⑩][：:])", text)
    return [CIRCLED.index(p[0]) + 1 for p in parts if p[:1] and p[0] in CIRCLED
            and re.search(r"発動(?:できる|する)(?:。|（|\(|$)", p)]


def targeting_effect(text: str) -> int | None:
    """The number of the one numbered effect of a card text that targets (「…を対象として発動できる」「…を対象と
    して発動する」), None when none or several do, or when the card's own activation, said before ①, targets too
    (「幻影霧剣」: 「…を対象としてこのカードを発動できる。…①：対象のモンスターは…②：…を対象として発動できる」)."""
    parts = re.split(f"([{CIRCLED}])[：:]", text)
    found = [CIRCLED.index(mark) + 1 for mark, body in zip(parts[1::2], parts[2::2]) if re.search(r"を対象として(?:発動|その)", body)]
    if re.search(r"を対象として(?:この|その)カードを発動", parts[0]):
        return None
    return found[0] if len(found) == 1 else None


def own_summon_effect(text: str) -> tuple[int, bool] | None:
    """The one numbered effect of a card text that Special Summons the card itself (「このカードを…特殊
    召喚する」, 「このカードは…特殊召喚できる」): its number (1 for ①) and whether it is activated
    (「発動できる」; else it is a summon procedure). None when none or several do."""
    parts = re.split(f"([{CIRCLED}])[：:]", text)
    found = [(CIRCLED.index(mark) + 1, "発動" in body.split("特殊召喚")[0])
             for mark, body in zip(parts[1::2], parts[2::2]) if re.search(r"このカード[をは][^。]*特殊召喚(?:する|できる)", body)]
    return found[0] if len(found) == 1 else None


def reworded_effect(text: str, quote: str) -> int | None:
    """The number of the card text's effect that an older wording quotes (the ruling cites the card's text
    before its ①② renumbering: 「ライオウ」's 『…このカードを墓地へ送る事で、相手モンスター1体の特殊召喚を無効にし破壊
    する』 is ② of today's text): the numbered effect sharing most words (runs of 3 characters) with the quote, where
    it shares at least 12 and 40 % of the quote's, and twice as many as any other; else None."""
    def grams(s: str) -> set[str]:
        s = re.sub(r"[\s、。「」『』：:①-⑩]", "", unicodedata.normalize("NFKC", s))
        return {s[i:i + 3] for i in range(len(s) - 2)}
    parts = re.split(r"([①-⑩])[：:]", text)
    shares = {CIRCLED.index(parts[i]) + 1: len(grams(quote) & grams(parts[i + 1]))
              for i in range(1, len(parts) - 1, 2) if parts[i] in CIRCLED}
    wanted = max(shares, key=shares.get, default=None)
    if wanted is None or shares[wanted] < 12 or shares[wanted] * 5 < len(grams(quote)) * 2:
        return None
    if any(n != wanted and shares[wanted] < 2 * v for n, v in shares.items()):
        return None
    return wanted


def effect_index(frame: Frame, code: int, cards: CardSource, activation: bool) -> int | None:
    """n of aux.Stringid(code, n) for the questioned effect, or None for any option of the card.
    Raises NotCompiled when the ruling asks about one of several effects that cannot be told apart."""
    q = frame.question
    text = cards.texts.get(code, "")
    numbered = [c for c in CIRCLED if c + "：" in text or c + ":" in text]
    wanted = q.effect
    if wanted is None and q.effect_text:
        probe = re.sub(r"^[①-⑩]：?", "", q.effect_text)[:12]
        at = text.find(probe)
        if at >= 0:
            before = [i for i, c in enumerate(CIRCLED, 1) if 0 <= text.rfind(c, 0, at + 1)]
            if before:
                wanted = max(before, key=lambda i: text.rfind(CIRCLED[i - 1], 0, at + 1))
    if len(numbered) <= 1:
        return None  # one effect: any option of the card is it
    if wanted is None and not activation and q.effect_text:
        wanted = reworded_effect(text, q.effect_text)
    if wanted is None:
        if activation:
            return None  # the card's activation itself (a Spell/Trap Card activated)
        raise NotCompiled(f"which of 「{text[:0]}{code}」's {len(numbered)} effects the question asks is not said")
    script = cards.script(code) or ""
    # (a Pendulum Monster's text is its monster text: its Pendulum Effect's ①② are not among `numbered`)
    pendulum_asked = cards.kind(code) == "pendulum" and q.effect_kind == "pendulum"
    by_kind = None if pendulum_asked else _by_kind(text, len(numbered), script, cards.kind(code), wanted)
    if by_kind is not None:
        return by_kind
    described = sorted({int(n) for n in _STRINGID.findall(script)})
    if described[:len(numbered)] == list(range(len(numbered))) and len(described) == len(numbered):
        return wanted - 1
    activated = activated_effects(text)
    if described and len(described) == len(activated) and wanted in activated:
        # a card whose numbered effects are not all activated (①: a continuous effect) describes only those
        # it activates, in order: ②③ -> Stringid 0, 1
        return described[activated.index(wanted)]
    # (a script that also describes what its effects register as they resolve — a restriction's client hint —
    # lines up by the effects its initial_effect creates alone)
    initial = sorted({int(n) for n in _STRINGID.findall(_initial_effect(script))})
    if initial == list(range(len(numbered))):
        return wanted - 1
    if initial and len(initial) == len(activated) and wanted in activated:
        return initial[activated.index(wanted)]
    if wanted == 1 and activation and _asked_place(frame) not in ("grave", "removed") and \
            card_activation_first(text, cards.kind(code)):
        return None  # ① is the Spell/Trap Card's activation itself: its option where the card is Set or in the hand
    if only_effect_from(text, wanted, _asked_place(frame)):
        return None  # the card where the ruling puts it offers that one effect alone: any option of it
    if activated == [wanted] and cards.kind(code) in ("monster", "extra"):
        return None  # a monster whose other numbered effects are not activated: its one option is that effect
    if not frame.events and cards.kind(code) in ("monster", "extra") and only_open_effect(text, script, wanted):
        return None  # its other activated effects are triggers of events the set-up does not make: one option
    raise NotCompiled(f"effect {CIRCLED[wanted - 1]} of {code}: its script's option texts (Stringid {described}) "
                      f"do not line up with the card's {len(numbered)} numbered effects")


def _by_kind(text: str, count: int, script: str, kind: str, wanted: int) -> int | None:
    """n of aux.Stringid for numbered effect `wanted`, where the script's described effects do not line up with
    the text's ①② one by one in kind (activated or not) but do within each kind: 「方界法」 describes its continuous
    ② first (Stringid 0), its activated ①③ after (1, 2); 「ＳＲタケトンボーグ」's ① is an undescribed summon
    procedure and its ② Stringid 0 (its Stringid 1 is a restriction's client hint, registered as ② resolves). A
    Pendulum Monster's text is its monster text alone: the Pendulum Zone's effects are left out. None when the kinds
    line up one by one (the caller's checks decide) or the counts of a kind differ."""
    kinds = {n: activated for n, activated, where in described_effects(script)
             if not (kind == "pendulum" and "LOCATION_PZONE" in where)}
    activated = activated_effects(text)
    if not kinds or all((n in activated) == kinds.get(n - 1, False) for n in range(1, count + 1)):
        return None
    mine = [n for n in range(1, count + 1) if (n in activated) == (wanted in activated)]
    options = sorted(n for n, a in kinds.items() if a == (wanted in activated))
    return options[mine.index(wanted)] if len(options) == len(mine) else None


_CREATED = re.compile(r"\b(\w+)\s*=\s*(?:Effect\.CreateEffect\(|(\w+):Clone\(\))")
_ACTIVATED_TYPES = ("EFFECT_TYPE_IGNITION", "EFFECT_TYPE_QUICK", "EFFECT_TYPE_TRIGGER", "EFFECT_TYPE_ACTIVATE")


def described_effects(script: str) -> list[tuple[int, bool, str]]:
    """The effects a script's initial_effect creates with an option text: (n of aux.Stringid, whether it is
    activated — an Ignition, Quick, Trigger or activation type —, its SetRange), in the order created. An
    effect runs from its variable's creation to the next (a name is often reused); a clone keeps the type and
    range of the effect it copies unless it sets its own."""
    body = _initial_effect(script)
    made = list(_CREATED.finditer(body))
    seen: dict[str, tuple[str, str]] = {}  # a variable's latest type and range, for its clones
    out = []
    for i, m in enumerate(made):
        var = m.group(1)
        end = next((n.start() for n in made[i + 1:] if n.group(1) == var), len(body))
        span = body[m.end():end]
        types = " ".join(re.findall(r"\b" + _SET_TYPE.format(var=re.escape(var)), span))
        where = " ".join(re.findall(rf"\b{re.escape(var)}:SetRange\(([^)]*)\)", span))
        if m.group(2):
            types, where = types or seen.get(m.group(2), ("", ""))[0], where or seen.get(m.group(2), ("", ""))[1]
        seen[var] = (types, where)
        descs = re.findall(r"\b" + _SET_DESC.format(var=re.escape(var)), span)
        if descs:
            out.append((int(descs[0]), any(t in types for t in _ACTIVATED_TYPES), where))
    return out


# the words of a card text's trigger for an event that befalls the card itself (what a ruling asking about "its
# effect" after that event means): sent to the Graveyard, destroyed, banished
_OWN_EVENT_CUES = {"summon": r"このカードが(?:召喚|通常召喚|召喚・特殊召喚|召喚・反転召喚・特殊召喚)に成功した(?:場合|時|ターン)",
                   "send_to_grave": r"このカードが(?:[^。、]{0,16}?)墓地へ送られた(?:場合|時)",
                   "destroy": r"このカードが(?:[^。、]{0,16}?)破壊(?:され|された)(?:、?墓地へ送られた)?(?:場合|時)",
                   "banish": r"このカードが(?:[^。、]{0,16}?)除外された(?:場合|時)",
                   "draw": r"このカードをドローした(?:場合|時)",
                   "special_summon": r"このカードが(?:[^。、]{0,16}?)特殊召喚(?:に成功した|された|した)(?:場合|時)"}


# a numbered effect's text that makes it a trigger (「このカードが墓地へ送られた場合に発動できる」「…時に発動する」)
_TRIGGER_WORDS = re.compile(r"(?:場合|時)(?:に|、)[^。]{0,40}?発動(?:できる|する)")


def only_open_effect(text: str, script: str, wanted: int) -> bool:
    """Whether a monster's numbered effect `wanted` is its one Ignition or Quick effect: its text is not worded as
    a trigger (_TRIGGER_WORDS) while each other activated numbered effect is, and its script's initial_effect
    creates exactly one effect of an Ignition or Quick type, in the Monster Zone. Where the card is on the field
    and no event happens, that effect is the one option the engine offers for it, whatever its option text."""
    parts = {CIRCLED.index(p[0]) + 1: p for p in re.split(r"(?=[①-⑩][：:])", text) if p[:1] and p[0] in CIRCLED}
    if wanted not in parts or _TRIGGER_WORDS.search(parts[wanted]) or not re.search(r"発動(?:できる|する)", parts[wanted]):
        return False
    if not all(_TRIGGER_WORDS.search(parts[n]) for n in activated_effects(text) if n != wanted):
        return False
    initial = _initial_effect(script)
    open_vars = [var for var in dict.fromkeys(_EFFECT_VAR.findall(initial))
                 if re.search(r"EFFECT_TYPE_(?:IGNITION|QUICK_O|QUICK_F)", " ".join(
                     re.findall(_SET_TYPE.format(var=re.escape(var)), initial)))]
    return len(open_vars) == 1 and re.search(rf"{re.escape(open_vars[0])}:SetRange\(\s*LOCATION_MZONE\s*\)",
                                             initial) is not None


def only_field_effect(text: str, script: str, wanted: int | None) -> bool:
    """Whether a monster's numbered effect `wanted` is its one Ignition or Quick effect in the Monster Zone: its text
    does not activate it from the hand or Graveyard (_activated_from) and its script's initial_effect creates exactly
    one effect of an Ignition or Quick type with SetRange(LOCATION_MZONE) (the others are activated elsewhere or are
    triggers). On the field, with no event, that effect is the one option the engine offers for the card, whatever
    its option text (「伝説の預言者マーリン」's ①, its ②③ activated from the Graveyard)."""
    parts = {CIRCLED.index(p[0]) + 1: p for p in re.split(r"(?=[①-⑩][：:])", text) if p[:1] and p[0] in CIRCLED}
    if wanted not in parts or _activated_from(parts[wanted]) is not None or _TRIGGER_WORDS.search(parts[wanted]):
        return False
    initial = _initial_effect(script)
    open_vars = [var for var in dict.fromkeys(_EFFECT_VAR.findall(initial))
                 if re.search(r"EFFECT_TYPE_(?:IGNITION|QUICK_O|QUICK_F)", " ".join(
                     re.findall(_SET_TYPE.format(var=re.escape(var)), initial)))
                 and re.search(rf"{re.escape(var)}:SetRange\(\s*LOCATION_MZONE\s*\)", initial)]
    return len(open_vars) == 1


def own_event_effect(text: str, action: str) -> int | None:
    """The number of the one numbered effect of a card text triggered by `action` befalling the card itself
    (「①：このカードが墓地へ送られた場合に発動できる」 for send_to_grave); None when none or several are, or
    the text numbers no effects."""
    cue = _OWN_EVENT_CUES.get(action)
    parts = [p for p in re.split(r"(?=[①-⑩][：:])", text) if p[:1] in CIRCLED]
    fits = [CIRCLED.index(p[0]) + 1 for p in parts if cue and re.search(cue, p)]
    return fits[0] if len(fits) == 1 else None


def _initial_effect(script: str) -> str:
    """The body of a script's initial_effect function (up to the first `end` at the start of a line)."""
    m = re.search(r"function\s+s\.initial_effect\s*\([^)]*\)(.*?)^end\b", script, re.S | re.M)
    return m.group(1) if m else ""


# the words of a numbered effect activated from the card's own place off the field (an Ignition or Quick
# effect there: a trigger needs an event the set-up does not make)
_FROM_PLACE = {"grave": r"墓地のこのカード|このカードが墓地に(?:存在|ある)|このカードを墓地から",
               "hand": r"手札のこのカード|このカードを手札から|このカードが手札に(?:存在|ある)"}


def _asked_place(frame: Frame) -> str | None:
    """Where the ruling puts the card whose effect it asks about (墓地の「X」: grave), None where it does not."""
    q = frame.question
    return next((c.location for c in frame.cards if q is not None and c.ref == q.card), None)


def card_activation_first(text: str, kind: str) -> bool:
    """Whether a Spell/Trap's ① is the card's own activation: a Normal or Quick-Play Spell's or a Normal or Counter
    Trap's ① (what the card does once activated), or one whose text says so (「…このカードを発動できる」)."""
    parts = [p for p in re.split(r"(?=[①-⑩][：:])", text) if p[:1] == "①"]
    return bool(parts) and (kind in ("spell", "trap") or "このカードを発動" in parts[0])


def only_effect_from(text: str, number: int, place: str | None) -> bool:
    """Whether the numbered effect `number` of a card text is activated from `place` (the Graveyard, the
    hand) and no other numbered effect of the text is: a card placed there offers no other activation of
    its own, so a script that describes its effects with no option text (no aux.Stringid) still plays it
    as "any option of the card" (「墓地の「超進化の繭」の効果」: ② only, ① is the card's activation)."""
    cue = _FROM_PLACE.get(place or "")
    if cue is None:
        return False
    parts = {CIRCLED.index(p[0]) + 1: p for p in re.split(r"(?=[①-⑩][：:])", text) if p[:1] and p[0] in CIRCLED}
    return number in parts and re.search(cue, parts[number]) is not None and \
        not any(re.search(cue, body) for n, body in parts.items() if n != number)


def numbered_effect_text(text: str, number: int | None) -> str:
    """The text of a card's numbered effect (①: …), or the whole text when none is named."""
    if number is None:
        return text
    parts = re.split(r"(?=[①-⑩][：:])", text)
    return next((p for p in parts if p[:1] == CIRCLED[number - 1]), text)


# a numbered effect that is a trigger of its card's own Normal Summon (「このカードが召喚・特殊召喚に成功した場合に発動できる」)
_OWN_SUMMON_TRIGGER = re.compile(r"^(?:[①-⑩][：:])?このカードが(?:通常)?召喚(?:・(?:反転召喚|特殊召喚))*に成功した(?:場合|時)")


def undescribed_summon_trigger(effect_text: str, script: str) -> bool:
    """Whether a numbered effect (its text) is a trigger of its card's own Normal Summon that the script creates
    once, without an option text (no aux.Stringid to line up with the card's numbered effects: 「巨竜の守護騎士」's
    ①): in the chain window right after that Summon the engine offers no other effect of the card (its Ignition
    effects wait for an open game state, its other triggers for their own events), so any option there is it."""
    if not _OWN_SUMMON_TRIGGER.search(effect_text):
        return False
    summon_triggers = []
    for var in dict.fromkeys(_EFFECT_VAR.findall(script)):
        types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
        codes = re.findall(r"{var}:SetCode\((\w+)\)".format(var=re.escape(var)), script)
        if "TRIGGER" in types and "SINGLE" in types and "EVENT_SUMMON_SUCCESS" in codes:
            summon_triggers.append(var)
    return len(summon_triggers) == 1 and not re.findall(_SET_DESC.format(var=re.escape(summon_triggers[0])), script)


def undescribed_summon_event(event: FrameEvent, code: int, cards: CardSource) -> bool:
    """Whether the effect an activation event quotes or numbers is an undescribed_summon_trigger of its card."""
    said = event.effect_text or (numbered_effect_text(cards.texts.get(code, ""), event.effect) if event.effect else "")
    return bool(said) and undescribed_summon_trigger(said, cards.script(code) or "")


def _activated_from(effect_text: str) -> str | None:
    """Where a monster's effect is activated from, when its text says (墓地のこのカードを除外して発動できる:
    the Graveyard; 手札のこのカードを捨てて / このカードを手札から: the hand); None when it does not
    say or says more than one place (the Monster Zone, face-up, is then assumed)."""
    places = {place for place, cue in (("grave", r"墓地のこのカード|このカードが墓地に(?:存在|ある)|このカードを墓地から"),
                                       ("hand", r"手札のこのカード|このカードを手札から|このカードが手札に(?:存在|ある)"))
              if re.search(cue, effect_text)}
    return places.pop() if len(places) == 1 else None


# what a description's words stand for in a card text: 「自身をリリースして」 is the text's 「このカードをリリースして」
_DESC_SELF = (("自身を", "このカードを"),)
_DESC_STOP = {"効果", "モンスター", "モンスター効果", "発動", "カード", "自身", "自分", "相手", "フィールド"}


def described_effect(text: str, described: str) -> int | None:
    """The number of the one numbered effect of a card text that the ruling's description of an activation
    fits (「攻撃力をアップする」: the effect whose text holds 攻撃力 and アップ; 「自身をリリースして」: the one that
    says このカードをリリースして); None when none or several fit, or the text numbers no effects."""
    for said, written in _DESC_SELF:
        described = described.replace(said, written)
    parts = re.split(f"([{CIRCLED}])[：:]", text)
    # (a run after 「このカードを」 is looked for with it: このカードをリリース, not any リリース)
    words = [("このカードを" if described[max(0, m.start() - 6):m.start()] == "このカードを" else "") + m.group(0)
             for m in re.finditer(r"[一-龯ァ-ヴー]{2,}", described) if m.group(0) not in _DESC_STOP]
    if not words:
        return None
    found = [CIRCLED.index(mark) + 1 for mark, body in zip(parts[1::2], parts[2::2]) if all(w in body for w in words)]
    return found[0] if len(found) == 1 else None


def event_number(event: FrameEvent, code: int, cards: CardSource) -> int | None:
    """The number (① = 1) of the effect an event activates: the one it names, else the one it describes."""
    if event.effect is None and not event.effect_text and getattr(event, "described", None):
        return described_effect(cards.texts.get(code, ""), event.described)
    return event.effect


def event_effect_index(event: FrameEvent, code: int, cards: CardSource, activation: bool = True) -> int | None:
    """n of aux.Stringid(code, n) for the effect an event activates (「X」の②の効果の発動に…), None
    for any option of the card (one effect, or the card's activation when the ruling names none); with
    activation=False an unnamed one of several effects is not compiled (effect_index). An effect the ruling
    describes (FrameEvent.described) is the numbered effect its words fit; one they fit in none or several
    of is not compiled. A trigger of the card's own Normal Summon its script gives no option text
    (undescribed_summon_trigger) is None: the window after that Summon offers it alone."""
    effect = event.effect
    if effect is None and not event.effect_text and getattr(event, "described", None):
        text = cards.texts.get(code, "")
        effect = described_effect(text, event.described)
        if effect is None and len(activated_effects(text)) > 1:
            raise NotCompiled(f"which of {code}'s effects 「{event.described}」 describes is not read")
    if undescribed_summon_event(event, code, cards):
        return None  # played in the window after its own Normal Summon, where it is the one option
    asked = Frame(question=FrameQuestion(kind="can_activate", effect=effect, effect_text=event.effect_text))
    return effect_index(asked, code, cards, activation=activation)


_EFFECT_VAR = re.compile(r"local\s+(\w+)\s*=\s*Effect\.CreateEffect")
_SET_TYPE = r"{var}:SetType\(([^)]*)\)"
_SET_DESC = r"{var}:SetDescription\(\s*aux\.Stringid\(\s*id\s*,\s*(\d+)\s*\)"
_OFFERED_TYPES = ("EFFECT_TYPE_IGNITION", "EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_ACTIVATE", "EFFECT_TYPE_QUICK_F")


def open_state_effects(script: str, index: int | None) -> bool | None:
    """Whether the effect (Stringid index, or any effect of the card) is one the engine can offer in
    an open game state or a chain window (Ignition, Quick, a card's activation), as opposed to a
    trigger that needs its event; None when the script does not say (procedures, shared helpers)."""
    kinds: list[tuple[int | None, str]] = []
    for var in dict.fromkeys(_EFFECT_VAR.findall(script)):
        types = re.findall(_SET_TYPE.format(var=re.escape(var)), script)
        descs = re.findall(_SET_DESC.format(var=re.escape(var)), script)
        for t in types:
            kinds.append((int(descs[0]) if len(descs) == 1 else None, t))
    if not kinds:
        return None
    if index is not None:
        mine = [t for n, t in kinds if n == index]
        if not mine:
            return None
        return any(o in t for t in mine for o in _OFFERED_TYPES)
    return any(o in t for _, t in kinds for o in _OFFERED_TYPES)


# the script events of an event befalling the card itself (own_event_trigger)
_OWN_EVENT_CODES = {"destroy": ("EVENT_DESTROYED", "EVENT_LEAVE_FIELD", "EVENT_TO_GRAVE"),
                    "send_to_grave": ("EVENT_TO_GRAVE",), "banish": ("EVENT_REMOVE",),
                    "battle_destroyed": ("EVENT_BATTLE_DESTROYED",), "battle_destroying": ("EVENT_BATTLE_DESTROYING",),
                    "attack_announce": ("EVENT_ATTACK_ANNOUNCE",), "battle_start": ("EVENT_BATTLE_START",),
                    "damage_step_end": ("EVENT_DAMAGE_STEP_END",)}


def own_event_trigger(script: str, action: str) -> int | None:
    """The Stringid index of the one trigger of the card's own event (an EFFECT_TYPE_SINGLE trigger whose code is
    that event's: EVENT_LEAVE_FIELD for 「フィールドのこのカードが破壊された場合」), read from the script, or None
    when none or several are described (a script need not describe its effects in the text's order: 「ＴＧ
    ワンダー・マジシャン」's ③ is Stringid 1)."""
    found = set()
    script = _initial_effect(script)  # (a later function may reuse a name for what its effects register)
    for var in dict.fromkeys(_EFFECT_VAR.findall(script)):
        types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
        codes = re.findall(rf"{re.escape(var)}:SetCode\(\s*(\w+)", script)
        descs = re.findall(_SET_DESC.format(var=re.escape(var)), script)
        if "EFFECT_TYPE_SINGLE" in types and "EFFECT_TYPE_TRIGGER" in types and len(descs) == 1 and \
                any(c in _OWN_EVENT_CODES.get(action, ()) for c in codes):
            found.add(int(descs[0]))
    return found.pop() if len(found) == 1 else None


def face_up_effect(script: str, index: int | None) -> bool:
    """Whether the effect of Stringid `index` is one a face-up card activates (a Quick or Ignition effect of
    a Continuous Spell/Trap on the field), not the card's own activation (EFFECT_TYPE_ACTIVATE)."""
    if index is None:
        return False
    for var in dict.fromkeys(_EFFECT_VAR.findall(script)):
        descs = [int(n) for n in re.findall(_SET_DESC.format(var=re.escape(var)), script)]
        if descs == [index]:
            types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
            return any(t in types for t in ("EFFECT_TYPE_QUICK", "EFFECT_TYPE_IGNITION")) and "EFFECT_TYPE_ACTIVATE" not in types
    return False


def lone_face_up_effect(event: FrameEvent, code: int, cards: CardSource) -> int | None:
    """Stringid n of a Continuous Spell/Trap's one activated effect, where the event names its numbered effect (「X」の
    ①の効果, a quote of its ①) and that effect is one the face-up card activates, not the card's activation
    (「連成する振動」's ①: a Quick Effect of the face-up card beside an EFFECT_TYPE_ACTIVATE without option text); None
    otherwise (a text with one numbered effect otherwise plays as any option of the card: its activation)."""
    if event.effect is None and not (event.effect_text or "").startswith("①"):
        return None
    if card_activation_first(cards.texts.get(code, ""), cards.kind(code)):
        return None
    script = cards.script(code) or ""
    described = [n for n, activated, _ in described_effects(script) if activated]
    return described[0] if len(described) == 1 and face_up_effect(script, described[0]) else None


def applies_on_its_own(script: str) -> bool:
    """Whether the card's script registers an effect that applies while it is face-up (a continuous
    EFFECT_TYPE_FIELD / EFFECT_TYPE_SINGLE effect in initial_effect), rather than only effects that
    apply once activated and resolved (a hand trap's "this turn, …")."""
    at = script.find("initial_effect")
    body = script[at:script.find("\nend", at)] if at >= 0 else script
    if "aux.EnableGeminiAttribute" in body:
        return True
    for var in set(re.findall(r"c:RegisterEffect\((\w+)", body)):
        for t in re.findall(_SET_TYPE.format(var=re.escape(var)), body):
            if any(k in t for k in ("EFFECT_TYPE_FIELD", "EFFECT_TYPE_SINGLE", "EFFECT_TYPE_EQUIP")) and \
                    not any(k in t for k in ("TRIGGER", "IGNITION", "QUICK", "ACTIVATE", "CONTINUOUS")):
                return True
    return False


def applies_with_materials(script: str) -> bool:
    """Whether the card's script conditions an effect on its Xyz Materials (GetOverlayCount: 「エクシーズ素材を持っ
    ているこのカードが…存在する限り」): a set-up places no material under it, so that effect would not apply."""
    return "GetOverlayCount()" in script


def _event_effect(event: Any, code: int, cards: CardSource) -> int | None:
    """n of aux.Stringid for an event's effect (None: any option of the card), as for the question:
    only a Spell/Trap's activation is the card's activation itself."""
    return event_effect_index(event, code, cards, activation=cards.kind(code) not in ("monster", "pendulum", "extra"))


# ------------------------------------------------------------------ summoned by a card's effect


def summon_source(effect_text: str) -> str | None:
    """Where a card's effect Special Summons from, when its text says one place first (「手札から…を
    特殊召喚する」, 「墓地の…モンスター１体を対象として…特殊召喚する」): hand | deck | grave | removed."""
    for sentence in re.split(r"[。]", effect_text):
        if "特殊召喚" not in sentence:
            continue
        head = sentence[:sentence.find("特殊召喚")]
        places = [(m.start(), place) for place, cue in (("hand", r"手札"), ("deck", r"デッキ(?!に)"), ("grave", r"墓地"),
                                                         ("removed", r"除外されている"))
                  for m in [re.search(cue, head)] if m]
        if places:
            return min(places)[1]
    return None



def response_event(script: str, index: int | None) -> str | None:
    """The one event an activated effect (Stringid index, or any when None) is activated in response to
    (EVENT_CHAINING: 「相手が…を発動した時」), from its script's SetCode; None when it has several, or
    EVENT_FREE_CHAIN (it can be activated in an open game state)."""
    found: list[tuple[list[int], list[str]]] = []
    for var in dict.fromkeys(_EFFECT_VAR.findall(script)):
        types = " ".join(re.findall(_SET_TYPE.format(var=re.escape(var)), script))
        if any(t in types for t in ("EFFECT_TYPE_ACTIVATE", "EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_QUICK_F")):
            found.append(([int(n) for n in re.findall(_SET_DESC.format(var=re.escape(var)), script)],
                          re.findall(rf"{re.escape(var)}:SetCode\((EVENT_\w+)\)", script)))
    # the effect the index names, where the script describes its activated effects (else any of them)
    if index is not None and any(index in descs for descs, _ in found):
        found = [(descs, c) for descs, c in found if index in descs]
    codes = [c for _, cs in found for c in cs]
    return codes[0] if codes and set(codes) == {codes[0]} and codes[0] != "EVENT_FREE_CHAIN" else None


def answers_own_activations(script: str) -> bool:
    """Whether a reactive card answers only its own controller's activations (its condition asks rp==tp:
    「自分が罠カードを発動した時」, 「トラップ・キャプチャー」), never the other player's (no rp~=tp, rp==1-tp)."""
    return "EVENT_CHAINING" in script and re.search(r"\brp\s*==\s*tp\b", script) is not None and re.search(
        r"\brp\s*(?:~=\s*tp|==\s*1\s*-\s*tp)\b", script) is None

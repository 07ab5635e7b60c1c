"""Set-up: boards and stand-ins. Where the situation's cards are placed (by frame or by card type),
the filler each variant adds (vanilla monsters, Set Spells, Extra Deck and variety filler, the board
profiles sparse/rich/materials), stand-in cards for cards the ruling only describes, zone counts the
frame states, chain and target stand-ins, similar cards and battle foes.
"""
from __future__ import annotations

import re
import sqlite3
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from engine_bridge.compiler.base import (_ja_texts, CardSource, EXTRA_KINDS, FILLER_MONSTER, FILLER_SET, NotCompiled,
                                         STAND_IN_SUMMON)
from engine_bridge.carddata import card_data_from_cdb, setcode_names, shared_card_data
from engine_bridge.compiler.effects import applies_on_its_own, applies_with_materials
from engine_bridge.constants import load_constants
from engine_bridge.scenario import SetupCard
from rulings.cards import open_cdb, read_cards_jsonl
from rulings.config import cards_file
from rulings.errors import InputError
from rulings.records import Frame, FrameCard, FrameZone
from rulings.text import fold_name


# ------------------------------------------------------------------ set-up


def _field_place(kind: str, card: FrameCard) -> tuple[str, str | None]:
    """Where a situation card that is applied / present sits, by its type."""
    if card.location in ("hand", "grave", "removed", "deck", "extra"):
        return card.location, None
    if kind in ("monster", "extra", "pendulum") and card.location not in ("pzone", "szone"):
        return "mzone", "facedown_defense" if card.position in ("facedown", "facedown_defense") else (
            "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack")
    if kind == "pendulum" or card.location == "pzone":
        return "pzone", None
    if kind == "field":
        return "fzone", "faceup"
    if kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Card: equipping it in the set-up is not compiled")
    if kind in ("spell", "trap") and "applied" in card.state:
        raise NotCompiled(f"「{card.name}」 applies only once activated and resolved: that event is not compiled")
    return "szone", "facedown" if card.position in ("facedown",) else "faceup"


def _question_places(kind: str, card: FrameCard, frame: Frame) -> list[tuple[str, str | None]]:
    """The places to try for the questioned card, most likely first."""
    q = frame.question
    loc = card.location
    if q.kind == "can_summon":
        if kind == "extra":
            return [("extra", None)]
        return [(loc, None)] if loc in ("hand", "grave", "removed", "deck") else [("hand", None)]
    if q.kind == "can_set":
        return [("hand", None)]
    if loc in ("hand", "grave", "removed", "deck", "extra"):
        return [(loc, None)]
    if q.effect_kind == "pendulum" or loc == "pzone":
        return [("pzone", None)]
    # an effect asked of (「X」の効果, or a numbered 『①』 one: 「十二獣の会局」の『①』… を発動できますか) rather than the
    # card's activation: a Continuous Spell/Trap or Field Spell face-up where its effect is used, first
    effect = "効果" in q.text
    numbered = not effect and (q.effect is not None or bool(q.effect_text))
    if kind in ("monster", "pendulum", "extra"):
        places = [("mzone", "faceup_attack")]
        if loc not in ("mzone", "field"):
            places += [("hand", None), ("grave", None)] if kind != "extra" else [("grave", None)]
        return places
    if kind == "field":
        return [("fzone", "faceup")] if effect else [("hand", None), ("fzone", "faceup")]
    if kind in ("trap", "trap-continuous"):
        if effect and kind == "trap-continuous":
            return [("szone", "faceup")]
        return [("szone", "facedown"), ("grave", None)] + ([("szone", "faceup")] if numbered and kind ==
                                                            "trap-continuous" else [])
    if kind == "continuous":
        return [("szone", "faceup"), ("hand", None)] if effect else [("hand", None)] + (
            [("szone", "faceup")] if numbered else [])
    if kind == "equip" and q.kind == "can_target" and q.targets:
        return [("hand", None)]  # 「M」に「E」を装備できますか: E activated from the hand, M its equip target
    if kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Spell: its equip target is not compiled")
    return [("hand", None), ("grave", None)]


def _filler(player: int, tag: str, own: int | None = None, own_pile: str = "deck") -> list[SetupCard]:
    """Vanilla monsters on the field, in the Graveyard, hand and Deck (8: effects that send or draw
    as many cards as the opponent has on the field), a Set Spell; for the questioned
    card's controller also copies of that card in the Deck and Graveyard (what searches and
    revivals of its own name or archetype need)."""
    copies = [SetupCard(ref=f"{tag}-qd", code=own, player=player, location=own_pile),
              SetupCard(ref=f"{tag}-qg", code=own, player=player, location="grave")] if own else []
    return copies + [SetupCard(ref=f"{tag}-m1", code=FILLER_MONSTER, player=player, location="mzone"),
            SetupCard(ref=f"{tag}-m2", code=FILLER_MONSTER, player=player, location="mzone"),
            SetupCard(ref=f"{tag}-g1", code=FILLER_MONSTER, player=player, location="grave"),
            SetupCard(ref=f"{tag}-h1", code=FILLER_MONSTER, player=player, location="hand"),
            SetupCard(ref=f"{tag}-d1", code=FILLER_MONSTER, player=player, location="deck"),
            SetupCard(ref=f"{tag}-d2", code=FILLER_MONSTER, player=player, location="deck"),
            SetupCard(ref=f"{tag}-d3", code=FILLER_MONSTER, player=player, location="deck"),
            *(SetupCard(ref=f"{tag}-d{i}", code=FILLER_MONSTER, player=player, location="deck") for i in range(4, 9)),
            SetupCard(ref=f"{tag}-s1", code=FILLER_SET, player=player, location="szone", sequence=2, position="facedown")]


# Extra Deck filler: a Fusion, a Synchro and an Xyz Monster with generic materials (what effects that
# look at, banish or send from the Extra Deck need), where the card data and scripts in use hold them
EXTRA_FILLER = (45231177, 97204936, 71594310)  # Flame Swordsman, Gaia Knight, the Force of Earth, Gem-Knight Pearl


def extra_filler(player: int, tag: str, cards: "CardSource") -> list[SetupCard]:
    cards.ensure(EXTRA_FILLER)
    return [SetupCard(ref=f"{tag}-x{i}", code=code, player=player, location="extra")
            for i, code in enumerate(EXTRA_FILLER) if code in cards.data and cards.script(code) is not None]


# Variety filler: vanilla monsters of each Attribute and several Types and Levels (a Spellcaster, a
# Dragon, a Tuner ...) and Spells/Traps of each kind, in the hand, Graveyard and Deck of each player, for
# what costs and conditions ask of "a Spell in your hand", "a FIRE monster in your GY", "3 or more cards
# in hand" ...; those the card data (and, for effect cards, the scripts) in use hold
VARIETY_FILLER = {
    "hand": (46986414, 76812113, 55144522),  # Dark Magician, Harpie Lady, Pot of Greed
    "grave": (89631139, 23771716, 34460851, 13039848, 76812113, 15025844, 21615956, 55761792, 4206964),
    # Blue-Eyes White Dragon, 7 Colored Fish, Flame Manipulator, Giant Soldier of Stone, Harpie Lady, Mystical Elf,
    # Flamvell Guard, Black Luster Ritual, Trap Hole
    "deck": (46986414, 89631139, 15025844, 21615956, 23771716, 76812113),
}


def variety_filler(player: int, tag: str, cards: "CardSource") -> list[SetupCard]:
    cards.ensure(c for codes in VARIETY_FILLER.values() for c in codes)
    k = load_constants()
    usable = {c for codes in VARIETY_FILLER.values() for c in codes if c in cards.data and (
        cards.script(c) is not None or (cards.data[c]["type"] & k["TYPE_MONSTER"] and not cards.data[c]["type"] & k["TYPE_EFFECT"]))}
    return [SetupCard(ref=f"{tag}-v{pile[0]}{i}", code=code, player=player, location=pile)
            for pile, codes in VARIETY_FILLER.items() for i, code in enumerate(codes) if code in usable]


def runnable(code: int, cards: "CardSource") -> bool:
    """Whether the engine can run the card with the scripts in use: a script of its own, or a Normal Monster
    (a card without either makes the whole duel unplayable: "no script for ...")."""
    k = load_constants()
    data = cards.data.get(code)
    return data is not None and (cards.script(code) is not None or bool(
        data["type"] & k["TYPE_MONSTER"] and not data["type"] & k["TYPE_EFFECT"]))


def _named_cards(refs: list[int], player: int, tag: str, cards: "CardSource") -> list[SetupCard]:
    """The cards a card's text names (referenced_cards) where its effects and costs look for them: in
    the Deck (the Extra Deck for Extra Deck monsters), the Graveyard and the hand; those the engine can run."""
    out = []
    for i, code in enumerate(c for c in refs if runnable(c, cards)):
        extra = cards.kind(code) == "extra"
        out += [SetupCard(ref=f"{tag}{i}d", code=code, player=player, location="extra" if extra else "deck"),
                SetupCard(ref=f"{tag}{i}g", code=code, player=player, location="grave")]
        if not extra:
            out.append(SetupCard(ref=f"{tag}{i}h", code=code, player=player, location="hand"))
    return out


# Boards beyond the filler, each a variant of its own where the scripts in play read what it gives:
# "sparse": the filler without cards in either hand nor Spells/Traps in the Graveyards (「手札が３枚になるように」,
# 「自分の墓地に魔法・罠カードが存在しない場合」); "rich": the filler plus monsters of each kind face-up on
# both fields (a Spellcaster, the two materials of the Extra Deck filler's Fusion, an Xyz), Normal Pendulum
# Monsters in both players' Pendulum Zones and a third copy of the questioned card in its Deck;
# "materials" (a Special Summon by a procedure): the monsters its text names face-up on the summoner's field.
# "filtered": the filler plus, per filter function of the scripts in play, a card of the cards.cdb in use that
# passes it (filter_stand_ins: 「自分の墓地の「召喚獣」モンスター」, 「手札から「トリックスター」カード１枚を捨てて」) in
# each player's hand, Deck and Graveyard, the first two monsters also face-up on each field (filtered_cards).
# "faceup named": the filler plus the Continuous and Field Spells/Traps the questioned card's text names face-up on
# its controller's field (「自分フィールドに「トゥーン・ワールド」が存在する場合に発動できる」), where its script
# looks for a card by its code on the field.
# "bare": the "filtered" board without any monster on the questioned card's controller's field, for a script
# that asks that its controller has none (「自分フィールドにモンスターが存在しない場合」: BARE_NEEDS).
# "filtered piles": the filler plus, per filter function, a Main Deck card and an Extra Deck card that pass it, two
# of each in its controller's piles and one banished face-up, none on the field (piled_cards: what a cost or
# condition asks twice, 「手札と墓地の水属性・鳥獣族モンスター」, or in the Extra Deck or among banished cards).
# "filtered field": the "filtered piles" board plus its first two Main Deck monsters face-up on their controller's
# field, for a script that looks for them there (LOCATION_MZONE / _ONFIELD: 「U.A.」 returned from the field).
BOARD_PROFILES = ("sparse", "rich", "materials", "filtered", "faceup named", "bare", "filtered piles", "filtered field")
_FACEUP_NAMED_NEEDS = re.compile(r"IsCode\(|IsEnvironment\(")
_FACEUP_NAMED_WHERE = re.compile(r"LOCATION_ONFIELD|LOCATION_SZONE|LOCATION_FZONE|LOCATION_MZONE|IsEnvironment\(")
BARE_NEEDS = re.compile(r"GetFieldGroupCount\(\s*tp\s*,\s*LOCATION_MZONE\s*,\s*0\s*\)\s*(?:==|<=)\s*0")
_SPARSE_NEEDS = re.compile(r"Get(?:FieldGroup|MatchingGroup)Count\([^)]*LOCATION_HAND|"
                           r"not\s+Duel\.IsExistingMatchingCard\([^)]*LOCATION_GRAVE")
_RICH_NEEDS = re.compile(r"RACE_|TYPE_(?:XYZ|FUSION|SYNCHRO|PENDULUM)|LOCATION_PZONE|IsCode\(id\)|"
                         r"Fusion|Xyz|Synchro|IsOriginalCodeRule|ListsCode")
RICH_SPELLCASTER = 46986414  # Dark Magician
RICH_FACEUP = (34460851,)  # Flame Manipulator (a material of the Extra Deck filler's Fusion)
RICH_FACEUP_OTHER = (44287299, 71594310)  # Masaki (the other material), Gem-Knight Pearl (an Xyz)
RICH_PENDULUM = (17390179, 19474136)  # Flash Knight, Mandragon: Normal Pendulum Monsters


def summoned_this_turn(script: str, action: str, kind: str, chained: bool, trigger: bool, own: list) -> bool:
    """Whether a questioned monster's effect may ask that it was Normal Summoned this turn (「このカードを召喚
    したターン」: its script watches its own Summon, EVENT_SUMMON_SUCCESS, for an effect activated in an open
    game state): a "summoned" variant Normal Summons it before the question (baseline and ruling alike)."""
    return (action == "activate" and kind in ("monster", "pendulum") and not chained and not trigger and not own
            and "EVENT_SUMMON_SUCCESS" in script)


def material_monsters(refs: list[int], cards: "CardSource", room: int = 4) -> list[int]:
    """The monsters among the cards a text names (referenced_cards) that a summon procedure may use as
    materials on the field (「サイバー・ドラゴン」＋機械族モンスター, 自分フィールドの「Ｕ．Ａ．」モンスター１体を
    手札に戻し …): each, and a second copy of each while there is room (the Monster Zones, `room`)."""
    k = load_constants()
    mons = [c for c in refs if c in cards.data and cards.kind(c) in ("monster", "pendulum") and (
        cards.script(c) is not None or not cards.data[c]["type"] & k["TYPE_EFFECT"])]
    return (mons + mons)[:room] if mons else []


def faceup_named(refs: list[int], cards: "CardSource", room: int = 3, monsters: int = 2) -> list[SetupCard]:
    """The Continuous and Field Spells/Traps among the cards a text names (referenced_cards), face-up on player
    0's field (a Field Spell in the Field Zone), and up to `monsters` of its Main Deck monsters face-up in the
    Monster Zone; those the engine can run."""
    out: list[SetupCard] = []
    cards.ensure(refs)
    for code in refs:
        kind = cards.kind(code) if code in cards.data else None
        if kind not in ("continuous", "field", "trap-continuous") or not runnable(code, cards):
            continue
        if kind == "field" and any(c.location == "fzone" for c in out):
            continue
        out.append(SetupCard(ref=f"f0-o{len(out)}", code=code, player=0, location="fzone" if kind == "field" else "szone",
                             position="faceup"))
    out = out[:room]
    mons = [c for c in refs if c in cards.data and cards.kind(c) in ("monster", "pendulum") and runnable(c, cards)]
    out += [SetupCard(ref=f"f0-o{len(out) + i}", code=code, player=0, location="mzone", position="faceup_attack")
            for i, code in enumerate(mons[:monsters])]
    return out


def faceup_named_needed(script: str, refs: list[int], cards: "CardSource") -> bool:
    """Whether a script looks on the field for a card it names by code (IsCode / IsEnvironment with an on-field
    location) and its text names a Continuous or Field Spell/Trap: the "faceup named" profile applies."""
    return bool(_FACEUP_NAMED_NEEDS.search(script) and _FACEUP_NAMED_WHERE.search(script) and faceup_named(refs, cards))


def board_profiles(scripts: Iterable[str]) -> tuple[str, ...]:
    """The BOARD_PROFILES the scripts (the questioned card's, the earlier events' cards') read: a hand or
    Graveyard count for "sparse", a Type, a kind of monster or a name for "rich"."""
    text = "\n".join(scripts)
    return tuple(p for p, cue in (("sparse", _SPARSE_NEEDS), ("rich", _RICH_NEEDS)) if cue.search(text))


def profile_filler(profile: str, own: int, own_pile: str, named: list[SetupCard], cards: "CardSource",
                   own_pzone: bool = False, refs: list[int] | None = None, scripts: Iterable[str] = ()) -> list[SetupCard]:
    """The cards of a board profile (BOARD_PROFILES) for a questioned card of code `own` (`own_pzone`: it
    sits in a Pendulum Zone, left free for it); `named`: what the filler variants add besides _filler
    (the cards the texts name, the Extra Deck and variety filler); `refs`: the cards the questioned card's
    text names ("materials": those monsters face-up on its controller's otherwise empty field); `scripts`:
    those in play ("filtered": cards that pass their filters)."""
    k = load_constants()
    base = _filler(0, "f0", own, own_pile) + _filler(1, "f1") + named
    if profile == "faceup named":
        return base + faceup_named(refs or [], cards)
    if profile == "filtered":
        return base + filtered_cards(scripts, own, cards)
    if profile == "filtered piles":
        return base + piled_cards(scripts, own, cards)
    if profile == "filtered field":
        return base + piled_cards(scripts, own, cards) + piled_on_field(scripts, own, cards)
    if profile == "bare":
        return [c for c in base + filtered_cards(scripts, own, cards) if not (c.player == 0 and c.location == "mzone")]
    if profile == "materials":
        faceup = [SetupCard(ref=f"f0-t{i}", code=code, player=0, location="mzone")
                  for i, code in enumerate(material_monsters(refs or [], cards))]
        return [c for c in base if not (c.player == 0 and c.location == "mzone")] + faceup
    if profile == "sparse":
        def spell_trap(c: SetupCard) -> bool:
            return bool(cards.data.get(c.code, {}).get("type", 0) & (k["TYPE_SPELL"] | k["TYPE_TRAP"]))
        return [c for c in base if c.location != "hand" and not (c.location == "grave" and spell_trap(c))]
    cards.ensure([RICH_SPELLCASTER, *RICH_FACEUP, *RICH_FACEUP_OTHER, *RICH_PENDULUM])
    usable = {c for c in (RICH_SPELLCASTER, *RICH_FACEUP, *RICH_FACEUP_OTHER, *RICH_PENDULUM) if c in cards.data and (
        cards.script(c) is not None or not cards.data[c]["type"] & k["TYPE_EFFECT"])}
    if RICH_SPELLCASTER in usable:
        # each player's second vanilla monster is a Spellcaster (its ref stays: steps name it as a target)
        base = [SetupCard(**{**c.__dict__, "code": RICH_SPELLCASTER}) if c.ref in ("f0-m2", "f1-m2") else c for c in base]
    rich = [SetupCard(ref=f"f{p}-r{i}", code=code, player=p, location="mzone")
            for p, codes in ((0, RICH_FACEUP), (1, RICH_FACEUP_OTHER)) for i, code in enumerate(codes) if code in usable]
    rich += [SetupCard(ref=f"f{p}-p{i}", code=code, player=p, location="pzone", sequence=i)
             for p in (0, 1) for i, code in enumerate(RICH_PENDULUM) if code in usable and not (own_pzone and (p, i) == (0, 0))]
    rich.append(SetupCard(ref="f0-qd2", code=own, player=0, location=own_pile))
    return base + rich


# ------------------------------------------------------------------ cards the ruling describes instead of naming


@lru_cache(maxsize=1)
def _catalog_cards() -> list:
    return sorted((c for c in read_cards_jsonl(cards_file()) if c.passcode_kind == "official"), key=lambda c: c.passcode)


@lru_cache(maxsize=1)
def _catalog_monsters() -> list:
    return [c for c in _catalog_cards() if c.card_type == "Monster"]


def _stat(data: dict, which: str) -> int:
    """A card's "attack" or "defense" in its card data, -1 where it has none to compare: the shared card
    database writes an ATK/DEF of ? as "?" (cards a cdb lacks are picked from it), the core as -2."""
    raw = str(data.get(which) or 0)
    return int(raw) if raw.lstrip("-").isdigit() else -1


def _has_traits(data: dict, traits: list[str]) -> bool:
    k = load_constants()
    for trait in traits:
        name, _, value = trait.partition("=") if "=" in trait else (trait, "", "")
        if trait.startswith(("atk<=", "atk>=", "def<=", "def>=")):
            stat = _stat(data, "attack" if trait.startswith("atk") else "defense")
            bound = int(trait[5:])
            if not (stat <= bound if trait[3:5] == "<=" else stat >= bound) or stat < 0:
                return False
        elif name == "monster":
            if not data["type"] & k["TYPE_MONSTER"]:
                return False
        elif name in ("level", "rank", "link_rating"):
            # (the cdb keeps a Rank and a Link Rating in the Level column: an Xyz Monster has a Rank, no Level)
            own = {"rank": k["TYPE_XYZ"], "link_rating": k["TYPE_LINK"]}.get(name, 0)
            if (int(data.get("level") or 0) & 0xFF) != int(value) or \
                    (data["type"] & (k["TYPE_XYZ"] | k["TYPE_LINK"])) != own:
                return False
        elif name == "attribute":
            if not data.get("attribute", 0) & k[f"ATTRIBUTE_{value}"]:
                return False
        elif name == "race":
            if not int(data.get("race") or 0) & k.get(f"RACE_{value}", 0):
                return False
        elif name == "setcode":  # (the engine's IsSetCard on one archetype: archetype_setcode)
            if not any(_in_set(part, int(value)) for part in data.get("setcodes") or []):
                return False
        elif name == "archetype":  # (named, not resolved to its set code: _resolved_traits)
            raise NotCompiled(f"the archetype 「{value}」 is not resolved to a set code here: not compiled")
        elif not data["type"] & k[f"TYPE_{name.upper()}"]:
            return False
    return True


def archetype_setcode(name: str, cards: CardSource) -> int | None:
    """The set code of the archetype a ruling names (「RR」と名のついたモンスター): the one most of the catalog's
    cards whose Japanese name holds the name carry in the card data in use (at least two of them, and more than
    half of those with a set code); None without such a majority (no cards.cdb: no set codes)."""
    memo = cards.memo.setdefault("archetype setcodes", {})
    if name in memo:
        return memo[name]
    key = fold_name(name)
    named = [c.passcode for c in _catalog_cards() if key in fold_name(c.names.get("ja") or "")]
    cards.ensure(named)
    parts = [set(cards.data[c].get("setcodes") or []) for c in named if c in cards.data]
    parts = [p for p in parts if p]
    counts = Counter(part for p in parts for part in p)
    best = counts.most_common(1)
    memo[name] = best[0][0] if best and best[0][1] >= 2 and best[0][1] * 2 > len(parts) else None
    return memo[name]


def _resolved_traits(card: FrameCard, cards: CardSource) -> list[str]:
    """A described card's traits with an archetype named (archetype=X) as its set code (setcode=N); NotCompiled
    where the card data in use gives the archetype no set code."""
    out = []
    for trait in card.described:
        if trait.startswith("archetype="):
            code = archetype_setcode(trait.partition("=")[2], cards)
            if code is None:
                raise NotCompiled(f"the archetype of 「{card.name}」 has no set code in the card data in use")
            trait = f"setcode={code}"
        out.append(trait)
    return out


def pick_described(card: FrameCard, cards: CardSource, limit: int = 1) -> list[int]:
    """Cards that have the traits of a card the ruling describes (「リンクモンスター」): those with the fewest
    effects of their own first (no Effect Monster bit, then the lowest passcode), among those the engine
    can run (a script, or a Normal Monster / Token)."""
    card = card.model_copy(update={"described": _resolved_traits(card, cards)})
    key = (tuple(card.described), limit)
    if key in cards.picked:
        return cards.picked[key]
    k = load_constants()
    kind_traits = [t for t in card.described if "=" not in t and "<" not in t and ">" not in t and t != "monster"]
    pool: list[int] = []
    if cards.cdb:
        try:
            con = open_cdb(cards.cdb)
            bits = sum(k[f"TYPE_{t.upper()}"] for t in kind_traits) | k["TYPE_MONSTER"]
            pool = [r[0] for r in con.execute("SELECT id FROM datas WHERE type & ? = ? AND alias = 0 ORDER BY id", (bits, bits))]
            con.close()
        except sqlite3.DatabaseError:
            pool = []
    pool = pool or [c.passcode for c in _catalog_monsters()
                    if all((t in (c.monster_type_line or "").lower()) for t in kind_traits if t not in ("normal", "effect"))]
    cards.picked[key] = found = []
    # (where no card of the cdb in use has them, the shared card database's cards it lacks: an archetype whose cards
    # the cdb holds only under other codes or set codes)
    pools = [pool] + ([[c.passcode for c in _catalog_monsters() if c.passcode not in set(pool) and all(
        (t in (c.monster_type_line or "").lower()) for t in kind_traits if t not in ("normal", "effect"))]]
        if cards.cdb and pool else [])
    for candidates in pools:
        for plain in (True, False):
            for start in range(0, len(candidates), 400):
                chunk = candidates[start:start + 400]
                cards.ensure(chunk)
                for code in chunk:
                    data = cards.data.get(code)
                    if data is None or bool(data["type"] & k["TYPE_EFFECT"]) == plain or \
                            not _has_traits(data, card.described) or \
                            (data["type"] & k["TYPE_TOKEN"] and "token" not in card.described):
                        continue
                    vanilla = not data["type"] & k["TYPE_EFFECT"] and not any(data["type"] & k[t] for t in EXTRA_KINDS)
                    if vanilla or cards.script(code) is not None:
                        found.append(code)
                        if len(found) >= limit:
                            return found
        if found:
            return found
    return found


# vanilla monsters a described target's baseline tries in its place, the first without the described traits
# (then Effect Monsters, for a target described as a Normal Monster, where the scripts in use hold them)
VANILLA_STAND_INS = (FILLER_MONSTER, 89631139, 46986414, 15025844, 74131780, 40133511)  # Celtic Guardian, Blue-Eyes
# White Dragon, Dark Magician, Mystical Elf, Exiled Force, Bazoo the Soul-Eater


def described_stand_ins(card: FrameCard, stand_code: int, cards: CardSource) -> list[int]:
    """The baseline's stand-in for a described target: a card of the target's kind WITHOUT the described
    traits (the traits are the deciding condition: a card like the target would share them)."""
    codes = [stand_code, *VANILLA_STAND_INS] if stand_code not in VANILLA_STAND_INS else list(VANILLA_STAND_INS)
    cards.ensure(codes)
    effect = load_constants()["TYPE_EFFECT"]
    # a target described by its position alone (「裏側守備表示のモンスター」): the stand-in differs by position
    traits = [t for t in card.described if t != "monster"] if card.position else card.described
    found = [c for c in codes if c in cards.data and not (traits and _has_traits(cards.data[c], traits))
             and (not cards.data[c]["type"] & effect or cards.script(c) is not None)]
    if not found:
        raise NotCompiled(f"no vanilla card without the traits of 「{card.name}」 stands in for it in a baseline")
    return found[:1]


def with_described_cards(frame: Frame, cards: CardSource) -> Frame:
    """The frame with a card picked for each card it describes (FrameCard.described), or NotCompiled."""
    if not any(c.described for c in frame.cards):
        return frame
    out = []
    for c in frame.cards:
        if c.described and c.passcode is None:
            picked = pick_described(c, cards)
            if not picked:
                raise NotCompiled(f"no card in the card data and scripts in use has the traits of 「{c.name}」 ({', '.join(c.described)})")
            c = c.model_copy(update={"passcode": picked[0]})
        out.append(c)
    return frame.model_copy(update={"cards": out})


# ------------------------------------------------------------------ zones the situation states empty, full or counted


def with_zone_setcodes(frame: Frame, cards: CardSource) -> Frame:
    """The frame with each zone condition's archetype (「「EM」と名のついたモンスターが存在しない」: archetype=EM) as its
    set code (setcode=N), or NotCompiled where the card data in use gives the archetype none."""
    if not any(t.startswith("archetype=") for z in frame.zones for t in z.described):
        return frame
    zones = [z.model_copy(update={"described": _resolved_traits(FrameCard(ref="zone", name=z.text, described=z.described),
                                                                cards)}) for z in frame.zones]
    return frame.model_copy(update={"zones": zones})

ZONE_SIZE = {"mzone": 5, "szone": 5, "pzone": 2, "fzone": 1}
_MONSTER_KINDS = ("monster", "extra", "pendulum")


def _zone_players(zone: FrameZone, asker: int) -> list[int]:
    """The scenario players a zone condition is about: "self" the asker's, "opponent" the other's; "both"
    each; unsaid, each for an empty zone (no such card anywhere), else the asker's."""
    if zone.controller == "self":
        return [asker]
    if zone.controller == "opponent":
        return [1 - asker]
    return [0, 1] if zone.controller == "both" or zone.count == "none" else [asker]


def _in_zone(location: str, zone: FrameZone) -> bool:
    return location in ("mzone", "szone", "pzone", "fzone") if zone.location == "field" else location == zone.location


def _counts_in(zone: FrameZone, kind: str, location: str, position: str | None, data: dict | None = None) -> bool:
    """Whether a card of this kind, there, in this position, is one of the cards the zone condition counts."""
    monster = kind in _MONSTER_KINDS and location == "mzone" or kind in _MONSTER_KINDS and location not in (
        "szone", "pzone", "fzone", "mzone")
    pos = position or ("faceup_attack" if location == "mzone" else "")
    if zone.described and not ((monster or zone.what == "card") and data is not None and _has_traits(data, zone.described)):
        return False  # 「アンデット族モンスター」: only monsters of that kind count (「「A」と名のついたカード」: any card of A)
    if zone.what == "monster":
        return monster
    if zone.what == "faceup_monster":
        # (a face-up Pendulum Monster in the Extra Deck counts where the condition is about the Extra Deck)
        return monster and location in ("mzone", "extra") and pos.startswith("faceup")
    if zone.what == "faceup_attack_monster":
        return monster and location == "mzone" and pos == "faceup_attack"
    if zone.what == "spell_trap":
        return not monster
    return True


def zone_forbids(zones: list[FrameZone], player: int, asker: int, location: str, kind: str, position: str | None,
                 data: dict | None = None) -> bool:
    """Whether a card of the ruling placed there would break one of its zone conditions (a monster in a
    Monster Zone the ruling says is empty)."""
    return any(z.count == "none" and z.what != "card" and player in _zone_players(z, asker) and _in_zone(location, z)
               and _counts_in(z, kind, location, position, data) for z in zones)


def _zone_filler(zone: FrameZone, player: int, tag: str, cards: CardSource) -> SetupCard:
    """A card the zone condition counts, for filling the zone: a vanilla monster, a Set Spell in the Spell &
    Trap Zone, an Extra Deck monster in the Extra Deck."""
    location = "mzone" if zone.location == "field" and zone.what != "spell_trap" else (
        "szone" if zone.location == "field" else zone.location)
    if location == "pzone" or zone.described:
        # a Normal Pendulum Monster in the Pendulum Zone; a monster of the kind the ruling describes
        traits = ["pendulum", *(zone.described or ["normal"])] if location == "pzone" else zone.described
        picked = pick_described(FrameCard(ref=tag, name=zone.text, described=traits), cards)
        if not picked:
            raise NotCompiled(f"situation: 「{zone.text}」: no card in the card data and scripts in use has the traits "
                              f"{', '.join(traits)}")
        return SetupCard(ref=tag, code=picked[0], player=player, location=location,
                         position="faceup_attack" if location == "mzone" else "faceup" if (
                             location == "extra" and zone.what == "faceup_monster") else None)
    if location == "fzone":
        raise NotCompiled(f"situation: 「{zone.text}」: a card in the {location} for the set-up is not compiled yet")
    if location == "szone" or zone.what == "spell_trap":
        if location not in ("szone", "hand", "grave", "deck", "removed"):
            raise NotCompiled(f"situation: 「{zone.text}」: Spells/Traps in the {location} are not compiled")
        return SetupCard(ref=tag, code=FILLER_SET, player=player, location=location,
                         position="facedown" if location == "szone" else None)
    if location == "extra":
        codes = [c for c in EXTRA_FILLER if c in cards.ensure(EXTRA_FILLER).data and cards.script(c) is not None]
        if not codes:
            raise NotCompiled(f"situation: 「{zone.text}」: no Extra Deck monster in the card data and scripts in use")
        return SetupCard(ref=tag, code=codes[0], player=player, location="extra")
    return SetupCard(ref=tag, code=FILLER_MONSTER, player=player, location=location,
                     position="faceup_attack" if location == "mzone" else None)


def _zone_target(zone: FrameZone) -> int | None:
    """How many counted cards the condition's zone holds (None: at least one, "some")."""
    if zone.count == "none":
        return 0
    if zone.count == "full":
        if zone.location not in ZONE_SIZE:
            raise NotCompiled(f"situation: 「{zone.text}」: a full {zone.location} is not compiled")
        return ZONE_SIZE[zone.location]
    if zone.count.startswith("<"):
        return int(zone.count[1:]) - 1
    if zone.count.isdigit():
        return int(zone.count)
    if zone.count == "some":
        return None
    raise NotCompiled(f"situation: 「{zone.text}」: a count not read ({zone.count})")


def _set_zone_count(setup: list[SetupCard], zone: FrameZone, player: int, want: int, keep: set[str], tag: str,
                    cards: CardSource) -> list[SetupCard]:
    """The set-up with exactly `want` counted cards in the player's zone (filler removed or added; the
    ruling's own cards stay: a ruling card that breaks the condition is not compiled)."""
    def counted(c: SetupCard) -> bool:
        return c.player == player and _in_zone(c.location, zone) and _counts_in(
            zone, cards.kind(c.code) if c.code in cards.data else "monster", c.location, c.position, cards.data.get(c.code))
    mine = [c for c in setup if counted(c)]
    if len(mine) > want:
        drop = [c for c in mine if c.ref not in keep][:len(mine) - want]
        if len(mine) - len(drop) > want:
            raise NotCompiled(f"situation: 「{zone.text}」: a card the ruling names is there")
        setup = [c for c in setup if c not in drop]
    room = ZONE_SIZE.get(zone.location)
    for i in range(want - len(mine)):
        full = [c for c in setup if c.player == player and c.location == zone.location]
        if room is not None and len(full) >= room:
            # (a zone the filler already fills, 「ペンデュラムゾーンに「A」と名のついたカード」: filler gives way)
            setup = [c for c in setup if c is not next((f for f in full if f.ref.startswith(("f0-", "f1-"))), None)]
        setup = [*setup, _zone_filler(zone, player, f"{tag}p{player}n{i}", cards)]
    held = sum(1 for c in setup if c.player == player and c.location == zone.location)
    if zone.location in ZONE_SIZE and held > ZONE_SIZE[zone.location]:
        raise NotCompiled(f"situation: 「{zone.text}」: the set-up does not fit in the {zone.location}")
    return setup


def zone_setup(setup: list[SetupCard], zones: list[FrameZone], asker: int, keep: set[str], cards: CardSource) -> list[SetupCard]:
    """The ruling scenario's set-up made to hold the zone conditions: an empty zone emptied of filler, a
    full one filled with vanilla cards, a counted one (「デッキが3枚未満」) holding that many."""
    for i, zone in enumerate(zones):
        want = _zone_target(zone)
        for player in _zone_players(zone, asker):
            if want is None:
                # (the Extra Deck's face-down filler is not what 「表側表示のペンデュラムモンスターがある」 counts, nor
                # a card without the traits what 「リンクモンスターが存在する」 counts)
                if not any(c.player == player and _in_zone(c.location, zone) and (
                        zone.location != "extra" and not zone.described or _counts_in(zone, cards.kind(c.code) if c.code in cards.data else
                                                               "monster", c.location, c.position, cards.data.get(c.code)))
                           for c in setup):
                    setup = [*setup, _zone_filler(zone, player, f"z{i}p{player}", cards)]
                continue
            setup = _set_zone_count(setup, zone, player, want, keep, f"z{i}", cards)
    return setup


def zone_baseline(setup: list[SetupCard], zones: list[FrameZone], asker: int, cards: CardSource) -> list[SetupCard]:
    """The baseline's set-up with the zone conditions removed: an empty zone holds a vanilla card, a full
    one has room, a counted one holds more (the Deck 8 cards), a zone said to hold some cards is empty."""
    for i, zone in enumerate(zones):
        want = _zone_target(zone)
        for player in _zone_players(zone, asker):
            counted = sum(1 for c in setup if c.player == player and _in_zone(c.location, zone) and _counts_in(
                zone, cards.kind(c.code) if c.code in cards.data else "monster", c.location, c.position, cards.data.get(c.code)))
            if want is None:
                setup = _set_zone_count(setup, zone, player, 0, set(), f"b{i}", cards)
            elif zone.count == "full":
                if counted >= ZONE_SIZE[zone.location]:
                    setup = _set_zone_count(setup, zone, player, ZONE_SIZE[zone.location] - 1, set(), f"b{i}", cards)
            elif counted <= want:
                more = 8 if zone.location == "deck" and want < 8 else want + 1
                setup = _set_zone_count(setup, zone, player, min(more, ZONE_SIZE.get(zone.location, more)), set(), f"b{i}", cards)
    return setup


# Stand-in activations a chain baseline chains to: common cards whose activations the reactive cards
# answer (Spells that target a player and draw, destroy every monster, Special Summon from the Graveyard,
# search the Deck, send from the Deck to the Graveyard, target a Spell/Trap; Traps that draw, Special
# Summon, destroy; monster effects that destroy, Special Summon from the Deck, banish from the
# Graveyard). Those of the ruling's chained-to card's kind come first; any one that offers the chain
# shows the set-up gives the questioned card what it needs. Only those the card data and scripts in
# use hold are used.
CHAIN_STANDINS = {
    "spell": (55144522, 53129443, 83764718, 32807846, 81439173, 5318639),  # Pot of Greed, Dark Hole, Monster
    # Reborn, Reinforcement of the Army, Foolish Burial, Mystical Space Typhoon
    "trap": (83968380, 97077563, 4178474),  # Jar of Greed, Call of the Haunted, Raigeki Break
    "monster": (74131780, 85138716, 40133511),  # Exiled Force, Rescue Rabbit, Bazoo the Soul-Eater
}


# Stand-in activations by what they do, for a reactive card whose condition reads what the activation it
# answers does (Duel.GetOperationInfo(ev,CATEGORY_DAMAGE), re:IsHasCategory(CATEGORY_DAMAGE): 「白銀のバリア－
# シルバーフォース－」 answers a Trap that inflicts damage): tried before CHAIN_STANDINS, those of the
# chained-to card's kind first
CATEGORY_STANDINS = {
    "CATEGORY_DAMAGE": {"trap": (24068492,), "spell": (46130346,)},  # Just Desserts, Hinotama
}
_CATEGORY_READ = re.compile(r"(?:GetOperationInfo\(\s*ev\s*,|IsHasCategory\()\s*(CATEGORY_\w+)")


def read_categories(script: str) -> list[str]:
    """The categories a reactive card's script reads of the activation it answers (_CATEGORY_READ), in order."""
    return list(dict.fromkeys(_CATEGORY_READ.findall(script)))


def _chain_standins(kind: str, cards: CardSource, script: str = "") -> list[int]:
    """Stand-in activations a chain baseline chains to for a chained-to card of `kind`: those that do what the
    questioned card's `script` reads of the activation it answers (CATEGORY_STANDINS) first, then
    CHAIN_STANDINS (the chained-to card's kind first)."""
    group = "monster" if kind in ("monster", "pendulum", "extra") else "trap" if kind.startswith("trap") else "spell"
    by_category = [CATEGORY_STANDINS[c] for c in read_categories(script) if c in CATEGORY_STANDINS]
    codes = [*(c for m in by_category for c in m.get(group, ())),
             *(c for m in by_category for g, cs in m.items() if g != group for c in cs)]
    codes = list(dict.fromkeys([*codes, *CHAIN_STANDINS[group],
                                *(c for g, cs in CHAIN_STANDINS.items() if g != group for c in cs)]))
    cards.ensure(codes)
    return [c for c in codes if c in cards.data and cards.script(c) is not None]


def similar_cards(code: int, cards: CardSource, limit: int = 2) -> list[int]:
    """Cards like the given one, from the cards.cdb in use (none without one): the same card type bits
    (and Type and Attribute where the database has such cards), another name, those sharing its
    archetype (set code) first, then the lowest code; only cards the engine can run (a script, or a
    Normal Monster)."""
    if not cards.cdb or code not in cards.data:
        return []
    data = cards.data[code]
    rows: list = []
    try:
        con = open_cdb(cards.cdb)
        # the same Type and Attribute where the database has such cards, else the same Type, else the type bits
        for extra, args in ((" AND race = ? AND attribute = ?", (int(data.get("race") or 0), data.get("attribute") or 0)),
                            (" AND race = ?", (int(data.get("race") or 0),)), ("", ())):
            rows = con.execute("SELECT id, setcode FROM datas WHERE type = ? AND id != ? AND alias = 0" + extra +
                               " ORDER BY id LIMIT 400", (data["type"], code, *args)).fetchall()
            if rows:
                break
        con.close()
    except sqlite3.DatabaseError:
        return []
    own = set(data.get("setcodes") or [])
    normal = load_constants()["TYPE_NORMAL"]
    ranked = sorted(rows, key=lambda r: (not own & {(int(r[1] or 0) >> s) & 0xFFFF for s in (0, 16, 32, 48)}, r[0]))
    out = []
    for other, _ in ranked:
        if len(out) >= limit:
            break
        if data["type"] & normal or cards.script(other) is not None:
            out.append(other)
    cards.ensure(out)
    return [c for c in out if c in cards.data]


# a filter that compares a card with another one's original Level, Type and Attribute (「リリースしたモンスターと元々の
# カード名が異なり、元々の種族・属性・レベルが同じモンスター」): the effect needs a twin of the card it compares with
TWIN_NEEDS = re.compile(r"GetOriginalLevel\(\)\s*==\s*\w+:GetOriginalLevel\(\)")


def twin_cards(codes: Iterable[int], cards: CardSource) -> list[int]:
    """For each monster of `codes`, one card of the cards.cdb in use with its Level, Type and Attribute and
    another name (the first the engine can run, a Normal Monster first), for the filters TWIN_NEEDS reads."""
    if not cards.cdb:
        return []
    k = load_constants()
    out: list[int] = []
    try:
        con = open_cdb(cards.cdb)  # one connection for every code: a board asks for several twins
    except sqlite3.DatabaseError:
        return out
    try:
        for code in codes:
            data = cards.data.get(code)
            if not data or not data["type"] & k["TYPE_MONSTER"]:
                continue
            rows = con.execute("SELECT id, type FROM datas WHERE id != ? AND alias = 0 AND type & ? AND race = ? AND "
                               "attribute = ? AND (level & 255) = ? ORDER BY (type & ?) = 0, id LIMIT 50",
                               (code, k["TYPE_MONSTER"], int(data.get("race") or 0), int(data.get("attribute") or 0),
                                int(data.get("level") or 0) & 255, k["TYPE_NORMAL"])).fetchall()
            twin = next((r for r, t in rows if r not in out and not t & (k["TYPE_TOKEN"] | k["TYPE_PENDULUM"])
                         and (t & k["TYPE_NORMAL"] or cards.script(r) is not None)), None)
            if twin is not None:
                out.append(twin)
    except sqlite3.DatabaseError:
        pass  # a database that breaks mid-way: the twins found so far, as before
    finally:
        con.close()
    cards.ensure(out)
    return [c for c in out if c in cards.data]


_LISTED_SERIES = re.compile(r"\.listed_series\s*=\s*\{([^}]*)\}")


@lru_cache(maxsize=4)
def _cdb_setcodes(cdb: str) -> tuple[tuple[int, int, int], ...]:
    """(code, setcode, type) of every card with a set code in a cards.cdb, lowest code first."""
    try:
        con = open_cdb(Path(cdb))
        rows = con.execute("SELECT id, setcode, type FROM datas WHERE setcode != 0 AND alias = 0 ORDER BY id").fetchall()
        con.close()
    except sqlite3.DatabaseError:
        return ()
    return tuple((int(a), int(b or 0), int(c or 0)) for a, b, c in rows)


def _in_set(setcode: int, wanted: int) -> bool:
    """The engine's IsSetCard test of one archetype against a card's (up to four 16-bit) set codes."""
    return any((part & 0xFFF) == (wanted & 0xFFF) and (part & wanted) == wanted
               for part in ((setcode >> shift) & 0xFFFF for shift in (0, 16, 32, 48)) if part)


def archetype_cards(code: int, cards: CardSource) -> list[int]:
    """Cards of the archetypes a card's script lists (s.listed_series), one monster, one Spell and one Trap
    of each where the cards.cdb in use has them (the lowest codes the engine can run: a script, or a Normal
    Monster), other than the card itself: what an effect that adds, sends or summons "a 「X」 card" looks
    for. None without a cards.cdb or without the scripts' archetype constants."""
    script = cards.script(code) or ""
    listed = _LISTED_SERIES.search(script)
    if not listed or not cards.cdb:
        return []
    values = setcode_names(cards.script_dirs)
    wanted = [values[n.strip()] for n in listed.group(1).split(",") if n.strip() in values]
    if not wanted:
        return []
    k = load_constants()
    out: list[int] = []
    for archetype in wanted:
        taken: set[str] = set()
        for other, setcode, bits in _cdb_setcodes(str(cards.cdb)):
            kind = "monster" if bits & k["TYPE_MONSTER"] else "spell" if bits & k["TYPE_SPELL"] else "trap"
            if other == code or kind in taken or not _in_set(setcode, archetype):
                continue
            if bits & k["TYPE_NORMAL"] or cards.script(other) is not None:
                out.append(other)
                taken.add(kind)
            if len(taken) == 3:
                break
    cards.ensure(out)
    return [c for c in dict.fromkeys(out) if c in cards.data]


def _target_of(frame: Frame, by_ref: dict[str, FrameCard], cards: CardSource) -> list[tuple[SetupCard, int]]:
    """The questioned target where it sits, with the vanilla card of its kind that stands in for it in
    the baseline: a monster face-up in the Monster Zone, a Spell/Trap in the Spell & Trap Zone (face-up
    when it stays there), then (where the ruling names no place) in the Graveyard; the opponent's
    unless the ruling says "your"."""
    q = frame.question
    if len(q.targets) != 1:
        raise NotCompiled(f"can_target: {len(q.targets)} targets named (one is compiled)")
    card = by_ref[q.targets[0]]
    if card.ref == q.card:
        raise NotCompiled("can_target: the card targets itself")
    kind = cards.kind(card.passcode)
    if card.location in ("hand", "deck", "extra"):
        raise NotCompiled(f"can_target: 「{card.name}」 in the {card.location} cannot be a target")
    if card.location in ("grave", "removed"):
        location, position = card.location, None
    elif kind in ("monster", "extra", "pendulum") and card.location not in ("szone", "pzone", "fzone"):
        location, position = "mzone", "facedown_defense" if card.position in ("facedown", "facedown_defense") else (
            "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack")
    elif kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Card: equipping it in the set-up is not compiled")
    elif kind == "field":
        location, position = "fzone", "faceup"
    elif kind == "pendulum":
        location, position = "pzone", None
    else:
        location, position = "szone", "facedown" if kind in ("spell", "trap") or card.position == "facedown" else "faceup"
    player = 0 if card.controller == "self" else 1
    stand_code = FILLER_MONSTER if kind in ("monster", "extra", "pendulum") else FILLER_SET
    places = [(location, position, player)]
    if card.owner:
        # controlled by the player who does not own it: on that player's field only (SetupCard.owner)
        if location not in ("mzone", "szone", "pzone", "fzone"):
            raise NotCompiled(f"can_target: 「{card.name}」 owned by the other player in the {location} is not compiled")
        owner = 0 if card.owner == "self" else 1
        return [(SetupCard(ref=card.ref, code=card.passcode, player=player, location=location, position=position,
                           name=card.name, owner=owner), stand_code)]
    if card.location is None and location != "grave":
        places += [("grave", None, player)] + ([("grave", None, 0)] if card.controller is None else [])
    elif card.controller is None:
        places += [(location, position, 0)]  # 墓地の「X」 / 「X」 where the ruling names no side: also the asker's
    return [(SetupCard(ref=card.ref, code=card.passcode, player=p, location=loc, position=pos, name=card.name),
             stand_code) for loc, pos, p in places]


def _fate_place(kind: str, card: FrameCard) -> tuple[str, str | None]:
    """Where a card whose fate is asked sits: on the field by its type (a face-up Continuous card, a
    Set Spell/Trap), unless the ruling says where."""
    if card.location in ("hand", "grave", "removed", "deck", "extra"):
        return card.location, None
    if kind in ("monster", "extra", "pendulum"):
        return "mzone", "facedown_defense" if (card.position or "").startswith("facedown") else (
            "faceup_defense" if card.position in ("faceup_defense", "defense") else "faceup_attack")
    if kind == "equip":
        raise NotCompiled(f"「{card.name}」 is an Equip Card: equipping it in the set-up is not compiled")
    if kind == "field":
        return "fzone", "faceup"
    if kind in ("continuous", "trap-continuous"):
        return "szone", "facedown" if (card.position or "").startswith("facedown") else "faceup"
    return "szone", "facedown"


def _situation_card(c: FrameCard, cards: CardSource, player: int) -> SetupCard:
    """A card of the situation where the ruling puts it on the field. A card whose effect the ruling says
    is applied must apply it by itself (a continuous effect): activating it first is not compiled yet."""
    location, position = _field_place(cards.kind(c.passcode), c)
    if "applied" in c.state and not applies_on_its_own(cards.script(c.passcode) or ""):
        raise NotCompiled(f"「{c.name}」's effect applies once activated and resolved (its script has no "
                          f"continuous effect): that activation is not compiled yet")
    if "applied" in c.state and applies_with_materials(cards.script(c.passcode) or ""):
        raise NotCompiled(f"「{c.name}」's effect applies with Xyz Materials (its script counts them): a set-up "
                          f"card with materials is not compiled yet")
    return SetupCard(ref=c.ref, code=c.passcode, player=player, location=location, position=position, name=c.name)


def _check_cards(frame: Frame, cards: CardSource) -> None:
    cards.ensure(c.passcode for c in frame.cards if c.passcode is not None)
    for c in frame.cards:
        if c.passcode is None:
            raise NotCompiled(f"card name not linked to a passcode: {c.name}")
        if c.passcode not in cards.data:
            raise NotCompiled(f"no card data for 「{c.name}」 ({c.passcode})")
        if cards.kind(c.passcode) != "monster" or cards.data[c.passcode]["type"] & load_constants()["TYPE_EFFECT"]:
            if cards.script(c.passcode) is None:
                raise NotCompiled(f"no script for 「{c.name}」 ({c.passcode})")


# vanilla monsters a battle is fought against: the weakest first (a battle the monster wins), the strongest
# last (a battle it loses); ATK from the card data in use
BATTLE_FOES = (58192742, 27288416, FILLER_MONSTER, STAND_IN_SUMMON, 89631139, 23995346)
# Petit Moth, Mokey Mokey, Celtic Guardian, Gemini Elf, Blue-Eyes White Dragon, Blue-Eyes Ultimate Dragon
EFFECT_DESTROYER = 53129443  # Dark Hole: destroys every monster on the field (a stand-in "card effect")


def _battle_foe(attacker_atk: int, wins: bool, cards: CardSource) -> int | None:
    """A vanilla monster the attacker beats (wins) or loses to (its ATK below / above the attacker's)."""
    cards.ensure(BATTLE_FOES)
    foes = [c for c in BATTLE_FOES if c in cards.data]
    if wins:
        return next((c for c in foes if cards.data[c].get("attack", 0) < attacker_atk), None)
    return next((c for c in reversed(foes) if cards.data[c].get("attack", 0) > attacker_atk), None) if \
        any(cards.data[c].get("attack", 0) > attacker_atk for c in foes) else None



# ------------------------------------------------------------------ stand-ins the questioned card's script accepts

# a filter function of a script (function s.xxfilter(c,...) ... end) and the card traits it checks
_FILTER_FN = re.compile(r"function\s+s\.(\w+)\(\s*(\w+)[^)]*\)(.*?)\nend", re.S)
_TRAIT_CALL = (r"(not\s+)?{card}:(IsSetCard|IsRace|IsAttribute|IsType|IsLevel|IsLevelBelow|IsLevelAbove|IsRank|"
               r"IsRankBelow|IsRankAbove|IsAttackBelow|IsAttackAbove|IsDefenseBelow|IsDefenseAbove|IsCode|IsMonster|"
               r"IsSpell|IsTrap|IsSpellTrap|IsFieldSpell|IsNormalSpell|IsNormalTrap|IsQuickPlaySpell|"
               r"IsContinuousSpell|IsEquipSpell|IsRitualSpell|IsContinuousTrap|IsCounterTrap)\(([^()]*)\)")
_LEVEL_EQUALS = r"(?<!not ){card}:GetLevel\(\)\s*==\s*(\d+)(?![\w.+*/-])"
# an ATK compared with a constant (c:GetAttack()==2100, or its original ATK c:GetBaseAttack()==2300): a card with
# that ATK passes (a stand-in's ATK is its original one)
_ATTACK_EQUALS = r"(?<!not ){card}:Get(?:Base)?Attack\(\)\s*==\s*(\d+)(?![\w.+*/-])"
# utility.lua's shorthands for IsType: c:IsSpell() is c:IsType(TYPE_SPELL), c:IsFieldSpell() a Field Spell
_TYPE_SHORTHANDS = {"IsMonster": "TYPE_MONSTER", "IsSpell": "TYPE_SPELL", "IsTrap": "TYPE_TRAP",
                    "IsSpellTrap": "TYPE_SPELL|TYPE_TRAP", "IsFieldSpell": "TYPE_FIELD"}
# utility.lua's composite type checks (make_composite_type_check: every bit of the type, c:IsQuickPlaySpell()) as
# IsTypeAll, and its exact ones (c:IsNormalTrap(): c:GetType()==TYPE_TRAP) as IsTypeExact
_COMPOSITE_SHORTHANDS = {
    "IsQuickPlaySpell": "TYPE_SPELL|TYPE_QUICKPLAY", "IsContinuousSpell": "TYPE_SPELL|TYPE_CONTINUOUS",
    "IsEquipSpell": "TYPE_SPELL|TYPE_EQUIP", "IsRitualSpell": "TYPE_SPELL|TYPE_RITUAL",
    "IsContinuousTrap": "TYPE_TRAP|TYPE_CONTINUOUS", "IsCounterTrap": "TYPE_TRAP|TYPE_COUNTER",
    "IsFusionMonster": "TYPE_MONSTER|TYPE_FUSION", "IsRitualMonster": "TYPE_MONSTER|TYPE_RITUAL",
    "IsSynchroMonster": "TYPE_MONSTER|TYPE_SYNCHRO", "IsXyzMonster": "TYPE_MONSTER|TYPE_XYZ",
    "IsPendulumMonster": "TYPE_MONSTER|TYPE_PENDULUM", "IsLinkMonster": "TYPE_MONSTER|TYPE_LINK"}
_EXACT_SHORTHANDS = {"IsNormalSpell": "TYPE_SPELL", "IsNormalTrap": "TYPE_TRAP"}
# a DEF compared with a constant beside other checks (c:IsAttackAbove(2400) and c:GetDefense()==1000): IsDefense of that
# value (an ATK is _ATTACK_EQUALS'; a filter that compares with "or" is left to it)
_STAT_EQUALS = r"(?<!not ){card}:Get(Defense|BaseDefense)\(\)\s*==\s*(\d+)(?![\w.+*/-])"
# the core's card::is_summonable_card: a monster, not a Ritual, Fusion, Synchro, Xyz or Link Monster nor one whose
# type says it is Special Summoned only (TYPE_SPSUMMON); its script may make it unsummonable too, which card
# data does not say: a card that fails the check on its type is certain to fail it in the engine
_SUMMONABLE_CALL = r"(not\s+)?{card}:IsSummonableCard\(\)"


def _shorthand(call: str, args: str) -> tuple[str, str]:
    """A filter call as one _fits reads: Is<Type> shorthands as IsType, IsTypeAll or IsTypeExact."""
    if call in _TYPE_SHORTHANDS:
        return "IsType", _TYPE_SHORTHANDS[call]
    if call in _COMPOSITE_SHORTHANDS:
        return "IsTypeAll", _COMPOSITE_SHORTHANDS[call]
    if call in _EXACT_SHORTHANDS:
        return "IsTypeExact", _EXACT_SHORTHANDS[call]
    return call, args

def _trait_value(arg: str, names: dict[str, int]) -> int | None:
    """A filter call's argument as a number: 0x1f, 4, RACE_DRAGON|RACE_WYRM, SET_DD; None when it names
    something else (a variable, the card's own id)."""
    total = 0
    for part in re.split(r"\s*[|+]\s*", arg.strip()):
        if re.fullmatch(r"0x[0-9a-fA-F]+|\d+", part):
            total |= int(part, 0)
        elif part in names:
            total |= names[part]
        else:
            return None
    return total


# Levels checked one by one and joined by "or" in parentheses or as the whole return value ((c:IsLevel(7) or
# c:IsLevel(8))): one IsLevel of any of them, as c:IsLevel(7,8) checks (read as two calls, they would be two traits a
# card must both pass); an "or" run beside an "and" unparenthesised is left as it is (which one binds first is not read)
_LEVEL_OR = r"(?:(?<=\()|(?<=return )){card}:IsLevel\(\w+\)(?:\s+or\s+{card}:IsLevel\(\w+\))+(?=\s*\)|\s*$)"


def _levels_joined(card: str, body: str) -> str:
    """A filter's body with each run of _LEVEL_OR written as one c:IsLevel(a,b,...)."""
    def joined(m: re.Match) -> str:
        levels = re.findall(re.escape(card) + r":IsLevel\((\w+)\)", m.group(0))
        return f"{card}:IsLevel({','.join(levels)})"
    return re.sub(_LEVEL_OR.format(card=re.escape(card)), joined, body, flags=re.M)


def _constant_traits(card: str, body: str, names: dict[str, int]) -> list[tuple[bool, str, list[int]]]:
    """The traits a filter function's body checks of its card parameter with constant values only
    (c:IsSetCard(SET_DD), c:IsLevelBelow(4), Is<Type> shorthands as IsType; Levels joined by "or" as one IsLevel),
    as (negated, call, values)."""
    traits = []
    for negated, call, args in re.findall(_TRAIT_CALL.format(card=re.escape(card)), _levels_joined(card, body)):
        call, args = _shorthand(call, args)
        values = [_trait_value(a, names) for a in args.split(",") if a.strip()]
        if values and None not in values:
            traits.append((bool(negated), call, values))
    for stat, value in re.findall(_STAT_EQUALS.format(card=re.escape(card)), body) if " or " not in body else []:
        traits.append((False, "Is" + stat.replace("Base", ""), [int(value)]))
    # c:IsSummonableCard() (a monster that can be Normal Summoned), mostly negated: 「通常召喚できないモンスター」
    for negated in re.findall(_SUMMONABLE_CALL.format(card=re.escape(card)), body):
        traits.append((bool(negated), "IsSummonableCard", [0]))
    return traits


_SPECIAL_SUMMON_CALL = r"\b{card}:IsCanBeSpecialSummoned\(([^()]*)\)"


def _summonable_trait(card: str, body: str) -> tuple[bool, str, list[int]] | None:
    """What a filter's c:IsCanBeSpecialSummoned(e,0,tp,nocheck,nolimit) asks of its card, as a trait: without
    nocheck, no summoning condition (a monster "Special Summoned only by ..."). The revival limit (nolimit) is
    left out: it binds a Ritual or Extra Deck Monster not properly Summoned, which a card the set-up places may be
    or not (「銀河眼の光波刃竜」 revives an Xyz Monster from the Graveyard: filtering Xyz Monsters out lost its board)."""
    match = re.search(_SPECIAL_SUMMON_CALL.format(card=re.escape(card)), body)
    if not match:
        return None
    args = [a.strip() for a in match.group(1).split(",")]
    if (args + ["false"] * 5)[3] == "true":
        return None
    return (False, "IsCanBeSpecialSummoned", [0, 0])


def _summon_limited(script: str, trait: tuple[bool, str, list[int]]) -> bool:
    """Whether a card's script gives it what the IsCanBeSpecialSummoned trait excludes and its type may not say:
    a summoning condition (EFFECT_SPSUMMON_CONDITION)."""
    return not trait[2][0] and "EFFECT_SPSUMMON_CONDITION" in script


def script_filters(script: str, cards: CardSource) -> list[list[tuple[bool, str, list[int]]]]:
    """The card traits each filter function of a script (function s.xxfilter(c,...), its first parameter the
    card) checks, as (negated, call, values): those whose values are constants (IsSetCard(SET_DD),
    IsLevelBelow(4), IsType(TYPE_NORMAL) ...); filters with no positive trait are left out."""
    k = load_constants()
    names = {**{n: v for n, v in k.items() if isinstance(v, int)}, **setcode_names(cards.script_dirs)}
    out = []
    for name, card, body in _FILTER_FN.findall(script):
        traits = _constant_traits(card, body, names)
        # a Level compared with constants (c:GetLevel()==7 or c:GetLevel()==8): IsLevel of any of them
        levels = [int(n) for n in re.findall(_LEVEL_EQUALS.format(card=re.escape(card)), body)]
        if levels:
            traits.append((False, "IsLevel", sorted(set(levels))))
        attacks = sorted({int(n) for n in re.findall(_ATTACK_EQUALS.format(card=re.escape(card)), body)})
        if len(attacks) == 1:
            traits.append((False, "IsAttack", attacks))
        # a card the filter Special Summons (c:IsCanBeSpecialSummoned(...)) is a monster: not a Spell/Trap of the archetype
        if traits and re.search(r"\b" + re.escape(card) + r":IsCanBeSpecialSummoned\(", body) and not any(
                call == "IsType" and not neg for neg, call, _ in traits):
            traits.append((False, "IsType", [k["TYPE_MONSTER"]]))
        # a card the script looks for only in a Monster Zone (Duel.IsExistingMatchingCard(s.cfilter,tp,LOCATION_MZONE,0,…):
        # 「神星なる因子」's cost, a face-up 「テラナイト」 monster) is a monster: not a Spell/Trap of the archetype
        if traits and _in_monster_zones_only(script, name) and not any(call == "IsType" and not neg for neg, call, _ in traits):
            traits.append((False, "IsType", [k["TYPE_MONSTER"]]))
        summonable = _summonable_trait(card, body) if traits else None
        if summonable:
            traits.append(summonable)
        if any(not neg for neg, _, _ in traits) and traits not in out:
            out.append(traits)
    # filters passed inline rather than written as functions: aux.FilterBoolFunction(Card.IsRace,RACE_DRAGON),
    # Duel.CheckReleaseGroupCost(tp,Card.IsSetCard,1,false,nil,nil,SET_SUPREME_KING_DRAGON) (an archetype
    # constant later on the call's line is the card's archetype test): one trait each
    inline = [(call, args) for call, args in _BOOL_FUNCTION.findall(script)]
    inline += [(call, args) for call, args in _PERSISTENT_TARGET.findall(script)]
    inline += [("IsSetCard", name) for name in _INLINE_SETCARD.findall(script)]
    for call, args in inline:
        call, args = _shorthand(call, args)
        values = [_trait_value(a, names) for a in args.split(",") if a.strip()]
        if values and None not in values and [(False, call, values)] not in out:
            out.append([(False, call, values)])
    return out


# a call that looks for cards passing the filter `s.<name>` (Duel.IsExistingMatchingCard(s.cfilter,tp,LOCATION_MZONE,0,1,nil),
# Duel.SelectTarget(tp,s.filter,tp,LOCATION_MZONE,…)): the two location arguments after the filter and its player
_FILTER_LOCATIONS = r"\bs\.{name}\s*,\s*[\w-]+\s*,\s*([\w|]+)\s*,\s*([\w|]+)"


def _in_monster_zones_only(script: str, name: str) -> bool:
    """Whether every call of the script that looks for cards passing the filter `s.<name>` looks in the Monster
    Zones only (LOCATION_MZONE, or 0 for the other side)."""
    places = re.findall(_FILTER_LOCATIONS.format(name=re.escape(name)), script)
    return bool(places) and all(loc in ("LOCATION_MZONE", "0") for pair in places for loc in pair)


_BOOL_FUNCTION = re.compile(r"aux\.FilterBoolFunction(?:Ex)?\(\s*Card\.(IsSetCard|IsRace|IsAttribute|IsType|IsCode|"
                            r"IsLevel|IsLevelBelow|IsLevelAbove|IsRank|IsAttackBelow|IsAttackAbove)\s*,([^()]*)\)")
# the target filter of a Continuous Trap's targeting activation (utility.lua's aux.AddPersistentProcedure(c,p,filter,…):
# 「幻影霧剣」's aux.FaceupFilter(Card.IsType,TYPE_EFFECT))
_PERSISTENT_TARGET = re.compile(r"aux\.AddPersistentProcedure\(\s*c\s*,[^,]*,\s*aux\.FaceupFilter\(\s*Card\.(IsSetCard|IsRace|"
                                r"IsAttribute|IsType|IsCode|IsLevel|IsLevelBelow|IsLevelAbove|IsRank)\s*,([^()]*)\)")
_INLINE_SETCARD = re.compile(r"[(,]\s*Card\.IsSetCard\s*,[^\n]*?\b(SET_\w+)\b")


def _fits(row: dict, trait: tuple[bool, str, list[int]]) -> bool:
    """Whether card data (card_data_from_cdb's fields) passes one filter trait (the core's checks)."""
    k = load_constants()
    negated, call, values = trait
    level, xyz_link = int(row.get("level") or 0), row["type"] & (k["TYPE_XYZ"] | k["TYPE_LINK"])
    monster = bool(row["type"] & k["TYPE_MONSTER"])
    if call == "IsSetCard":
        ok = any((s & 0xFFF) == (v & 0xFFF) and (s & v) == v for s in row.get("setcodes") or [] for v in values)
    elif call == "IsRace":
        ok = monster and bool(int(row.get("race") or 0) & values[0])
    elif call == "IsAttribute":
        ok = monster and bool(int(row.get("attribute") or 0) & values[0])
    elif call == "IsType":
        ok = bool(row["type"] & values[0])
    elif call == "IsTypeAll":
        ok = row["type"] & values[0] == values[0]
    elif call == "IsTypeExact":
        ok = row["type"] == values[0]
    elif call.startswith("IsLevel") or call.startswith("IsRank"):
        rank = call.startswith("IsRank")
        if not monster or (bool(row["type"] & k["TYPE_XYZ"]) != rank) or (not rank and xyz_link) or level <= 0:
            ok = False
        elif call.endswith("Below"):
            ok = level <= values[0]
        elif call.endswith("Above"):
            ok = level >= values[0]
        else:
            ok = level in values
    elif call.startswith(("IsAttack", "IsDefense")):
        stat = _stat(row, "attack" if call.startswith("IsAttack") else "defense")
        ok = monster and stat >= 0 and (stat <= values[0] if call.endswith("Below") else stat >= values[0]
                                        if call.endswith("Above") else stat == values[0])
    elif call == "IsCanBeSpecialSummoned":
        # (the summoning condition only: a revival limit binds a Ritual or Extra Deck Monster not properly Summoned,
        # which a stand-in placed in the Graveyard by the set-up may be or not, so it keeps no card out)
        ok = monster and not row["type"] & (0 if values[0] else k["TYPE_SPSUMMON"])
    elif call == "IsSummonableCard":
        ok = monster and not row["type"] & (k["TYPE_RITUAL"] | k["TYPE_SPSUMMON"] | k["TYPE_FUSION"] | k["TYPE_SYNCHRO"]
                                           | k["TYPE_XYZ"] | k["TYPE_LINK"])
    else:  # IsCode
        ok = row["code"] in values or row.get("alias") in values
    return ok != negated


def _cdb_rows(cards: CardSource) -> list[dict]:
    """Every card of the cards.cdb in use (card_data_from_cdb's fields), once per CardSource."""
    if "cdb_rows" not in cards.memo:
        rows: list = []
        if cards.cdb:
            try:
                rows = sorted(card_data_from_cdb(cards.cdb).values(), key=lambda r: r["code"])
            except InputError:
                rows = []
        cards.memo["cdb_rows"] = rows
    return cards.memo["cdb_rows"]


def _catalog_rows(cards: CardSource) -> list[dict]:
    """The shared card database's cards the cards.cdb in use lacks (newer cards), with the set codes of their
    series (carddata.shared_card_data), once per CardSource; none without a cards.cdb."""
    if "catalog_rows" not in cards.memo:
        held = {r["code"] for r in _cdb_rows(cards)}
        cards.memo["catalog_rows"] = sorted((r for c, r in shared_card_data(cards.script_dirs, cards.cdb).items()
                                             if c not in held and not r.get("problem")),
                                            key=lambda r: r["code"]) if held else []
    return cards.memo["catalog_rows"]


def _first_fitting(traits: list, cards: CardSource, skip: set[int], kind_ok, without: list[str] | None,
                   with_traits: list[str] | None, like: dict | None = None) -> int | None:
    """The first card of the cdb in use that passes the filter traits, is of a kind `kind_ok` accepts, lacks
    the traits `without`, has `with_traits`, and that the engine can run (a script, or a Normal Monster):
    those most like the card `like` stands in for first (its Level, Type, Attribute: what else the effect
    may read stays the same), then Normal Monsters, then the lowest code. Where none of the cdb does, the
    same among the shared database's cards the cdb lacks (an archetype newer than the cdb)."""
    found = _fitting_in(_cdb_rows(cards), traits, cards, skip, kind_ok, without, with_traits, like)
    if found is None:
        found = _fitting_in(_catalog_rows(cards), traits, cards, skip, kind_ok, without, with_traits, like)
    return found


def _lacks(row: dict, traits: list[str]) -> bool:
    """The card lacks the traits; where one is a Level, Rank or Link Rating, it has another of the same sort (a
    monster of another Level, not an Xyz Monster, which has none: a filter reading GetLevel() skips it)."""
    sorts = [t.partition("=")[0] for t in traits if t.startswith(("level=", "rank=", "link_rating="))]
    return not _has_traits(row, traits) and all(_has_traits(row, [f"{s}={int(row.get('level') or 0) & 0xFF}"]) for s in sorts)


def _fitting_in(rows: list[dict], traits: list, cards: CardSource, skip: set[int], kind_ok, without: list[str] | None,
                with_traits: list[str] | None, like: dict | None) -> int | None:
    k = load_constants()
    rows = [r for r in rows if r["code"] not in skip and not r.get("alias") and not r["type"] & k["TYPE_TOKEN"]
            and all(_fits(r, t) for t in traits)]

    def rank(row: dict) -> tuple:
        same = [] if like is None else [row.get(f) != like.get(f) for f in ("level", "race", "attribute")]
        return (*same, bool(row["type"] & k["TYPE_EFFECT"]), row["code"])
    for row in sorted(rows, key=rank):
        code = row["code"]
        if (without and not _lacks(row, without)) or (with_traits and not _has_traits(row, with_traits)):
            continue
        if code not in cards.data:
            # what ensure would read (the cdb's data wins over the catalog's), with the card's text: a card
            # looked at here may be a ruling's card later, whose effects are read from its text
            cards.data[code] = row
            if code in _ja_texts():
                cards.texts.setdefault(code, _ja_texts()[code])
        if not kind_ok(cards.kind(code)):
            continue
        # (a Normal Pendulum Monster needs its script too: its Pendulum Summon procedure is written in it)
        if any(t[1] == "IsCanBeSpecialSummoned" and _summon_limited(cards.script(code) or "", t) for t in traits):
            continue
        if (row["type"] & k["TYPE_NORMAL"] and row["type"] & k["TYPE_MONSTER"] and not row["type"] & k["TYPE_PENDULUM"]) \
                or cards.script(code) is not None:
            return code
    return None


def filter_stand_ins(script: str, cards: CardSource, exclude: Iterable[int] = (), kind_ok=lambda kind: True,
                     without: list[str] | None = None, like: dict | None = None) -> list[int]:
    """Cards of the cards.cdb in use that pass the script's filter functions (script_filters), one per
    filter: the first the engine can run (_first_fitting: the most like the card `like` first), of a kind
    `kind_ok` accepts (CardSource.kind) and without the traits `without` (a described card's: the deciding
    condition). They stand in where a vanilla card does not pass what the effect asks of its targets or
    choices (「自分フィールドの「DD」モンスター」): a baseline needs a card the effect accepts."""
    out: list[int] = []
    for traits in script_filters(script, cards):
        code = _first_fitting(traits, cards, set(exclude) | set(out), kind_ok, without, None, like)
        if code is not None:
            out.append(code)
    return out


def described_filter_pairs(script: str, described: list[str], cards: CardSource, exclude: Iterable[int] = (),
                           kind_ok=lambda kind: True) -> list[tuple[int, int]]:
    """For a card the ruling describes (「レベル４のモンスター」) as the target or choice of an effect whose
    script filters its cards (「DD」 monsters): per filter, a card with the filter's traits AND the
    described ones (the ruling's card) and one with the filter's traits WITHOUT them (its baseline's
    stand-in), so the two differ only by the deciding traits."""
    out = []
    for traits in script_filters(script, cards):
        mine = _first_fitting(traits, cards, set(exclude), kind_ok, None, described)
        other = _first_fitting(traits, cards, set(exclude) | {mine}, kind_ok, described, None,
                               cards.data.get(mine)) if mine else None
        if mine and other and (mine, other) not in out:
            out.append((mine, other))
    return out


def filtered_described(script: str, card: FrameCard, code: int, location: str, cards: CardSource,
                       exclude: Iterable[int] = ()) -> list[int]:
    """For a card the ruling only describes (「対象のモンスター」, 「対象のチューナー」), picked as `code` by its traits
    alone (pick_described): per filter of the acting card's script, a card of the cdb in use with the filter's
    traits AND the described ones, of a kind that may stand where it stands (「BF－逆巻のトルネード」's target: a 「BF」
    Tuner in the Graveyard); those other than `code`, none without a cards.cdb."""
    described = _resolved_traits(card, cards)
    out: list[int] = []
    for traits in script_filters(script, cards):
        found = _first_fitting(traits, cards, {code, *exclude, *out}, _same_kind(code, location, cards), None,
                               described or None, cards.data.get(code))
        if found is not None:
            out.append(found)
    return out


def _same_kind(code: int, location: str, cards: CardSource):
    """A test of card kinds (CardSource.kind) that may stand where the card of `code` stands: a monster
    for a monster (any kind of monster in a Monster Zone or pile, a Pendulum Monster in a Pendulum Zone), the
    same kind of Spell/Trap for a Spell/Trap."""
    kind = cards.kind(code)
    if location == "pzone":
        return lambda other: other == "pendulum"
    if kind in _MONSTER_KINDS:
        return lambda other: other in _MONSTER_KINDS and (location != "hand" or other != "extra")
    return lambda other: other == kind


def script_targets(target: list[tuple[SetupCard, int]], card: FrameCard, script: str,
                   cards: CardSource) -> list[tuple[SetupCard, int]]:
    """More (target, baseline stand-in) pairs for a questioned target, after _target_of's: on the asker's
    own field too where the ruling names neither side nor place (effects that target 「自分フィールドの」
    cards), and for a target the ruling only describes (「レベル４のモンスター」), per filter function of
    the questioned card's script a card with the described traits that passes it (「DD」 monsters) beside a
    stand-in that passes it without them (described_filter_pairs)."""
    out = list(target)
    if card.controller is None and card.location is None:
        out += [(SetupCard(**{**t.__dict__, "player": 0}), code) for t, code in target
                if t.player == 1 and t.location not in ("grave", "removed")]
    if card.described:
        for t, _ in list(out):
            for mine, other in described_filter_pairs(script, card.described, cards, kind_ok=_same_kind(
                    t.code, t.location, cards)):
                out.append((SetupCard(**{**t.__dict__, "code": mine}), other))
    return out[len(target):]


_PZONE_TARGET = re.compile(r"(自分|相手)?の?(?:Ｐ|P|ペンデュラム)ゾーンの[^。、]{0,12}を対象")


def pzone_targets(target: list[tuple[SetupCard, int]], card: FrameCard, effect_text: str,
                  cards: CardSource) -> list[tuple[SetupCard, int]]:
    """A Pendulum Monster target the ruling places nowhere, of an effect that targets a card in a Pendulum Zone
    (「自分のＰゾーンのカード１枚を対象として」): there too (the side the text says, else the asker's), a Normal
    Pendulum Monster (RICH_PENDULUM) standing in for it in the baseline."""
    said = _PZONE_TARGET.search(effect_text)
    if not target or card.location is not None or cards.kind(card.passcode) != "pendulum" or said is None:
        return []
    cards.ensure(RICH_PENDULUM[:1])
    if not runnable(RICH_PENDULUM[0], cards):
        return []
    player = 1 if said.group(1) == "相手" else 0
    return [(SetupCard(ref=card.ref, code=card.passcode, player=player, location="pzone", name=card.name),
             RICH_PENDULUM[0])]


def target_stand_ins(tcard: SetupCard, card: FrameCard, stand_code: int, script: str, cards: CardSource) -> list[int]:
    """The baseline stand-ins for a questioned target, tried in turn (the first the effect accepts decides):
    for a described target its stand-in without the described traits (described_stand_ins, or the
    filter-passing one script_targets paired with it); for a named one the vanilla card of its kind, cards like
    it (similar_cards), then cards that pass the questioned card's script's filters (filter_stand_ins); for one
    the other player owns, the same card first (owned by its controller: the baseline sets no owner)."""
    if card.described:
        return [stand_code] if stand_code not in (FILLER_MONSTER, FILLER_SET) else described_stand_ins(card, stand_code, cards)
    # a target controlled by the player who does not own it (元々の持ち主が相手の「X」): the deciding condition is
    # its owner, so the same card owned by its controller comes first (the baseline drops the owner)
    owned = [tcard.code] if tcard.owner is not None and tcard.owner != tcard.player else []
    codes = [*owned, stand_code, *similar_cards(tcard.code, cards)]
    return codes + [c for c in filter_stand_ins(script, cards, exclude={tcard.code, *codes}, kind_ok=_same_kind(
        tcard.code, tcard.location, cards), like=cards.data.get(tcard.code)) if c not in codes]


# a Level compared with a variable, another card's Level (c:GetLevel()==lv, c:IsLevel(lv))
_LEVEL_OF_ANOTHER = re.compile(r"\w+:(?:GetLevel\(\)\s*==\s*|IsLevel\()(?!\d)[a-z_]\w*\b(?!\()")


def filtered_cards(scripts: Iterable[str], own: int, cards: CardSource, limit: int = 4) -> list[SetupCard]:
    """The "filtered" board's cards (BOARD_PROFILES): per filter function of the scripts in play (the
    questioned card's, the earlier events' cards', the target's), a card that passes it (filter_stand_ins;
    `limit` in all, not the questioned card `own`) in each player's hand, Deck and Graveyard (an Extra Deck
    monster in the Extra Deck and Graveyard), the first two monsters also face-up in each Monster Zone
    (room is left beside the filler's two). Empty without a cards.cdb (no card is made up)."""
    codes: list[int] = []
    for script in scripts:
        # a filter comparing a card's Level with another card's (c:GetLevel()==lv, lv the cost's Level:
        # 「ペンデュラム・アライズ」): its stand-ins are like the monster that other card is on this board, the
        # questioned monster or else the filler (the same Level first; _first_fitting)
        like = cards.data.get(own if cards.kind(own) in _MONSTER_KINDS else FILLER_MONSTER) \
            if script and _LEVEL_OF_ANOTHER.search(script) else None
        codes += filter_stand_ins(script, cards, exclude={own, *codes}, like=like) if script else []
    out: list[SetupCard] = []
    on_field = 0
    for i, code in enumerate(codes[:limit]):
        kind = cards.kind(code)
        piles = {0: ["extra", "grave"] if kind == "extra" else ["hand", "deck", "grave"], 1: ["grave"]}
        if kind in _MONSTER_KINDS and on_field < 2:
            on_field += 1
            piles = {p: [*piles[p], "mzone"] for p in piles}
        out += [SetupCard(ref=f"f{p}-k{i}{pile[0]}", code=code, player=p, location=pile) for p in piles for pile in piles[p]]
    return out


# a count a script asks of a pile (Duel.IsExistingMatchingCard(s.filter,tp,LOCATION_DECK,0,3,nil): three such cards)
_ASKED_COUNT = re.compile(r"IsExisting(?:Matching)?(?:Card|Target)\(\s*[\w.]+\s*,\s*\w+\s*,[^,()]+,[^,()]+,\s*(\d+)\s*,")


def asked_count(scripts: Iterable[str], cap: int = 5) -> int:
    """The largest number of cards the scripts' IsExistingMatchingCard/IsExistingTarget checks ask for (at most
    `cap`): how many copies of a filter's card the piles need."""
    found = [int(n) for s in scripts for n in _ASKED_COUNT.findall(s or "")]
    return min(cap, max(found, default=1))


_FACEUP_EXTRA = re.compile(r"IsFaceup\(\)[^\n]*\n(?:[^\n]*\n){0,12}?[^\n]*LOCATION_EXTRA|LOCATION_EXTRA[^\n]*\n"
                           r"(?:[^\n]*\n){0,12}?[^\n]*IsFaceup\(\)")


def piled_cards(scripts: Iterable[str], own: int, cards: CardSource, limit: int = 3) -> list[SetupCard]:
    """The "filtered piles" board's cards (BOARD_PROFILES): per filter function of the scripts in play (`limit`
    filters, and series_filters'), the first Main Deck monster (else Spell/Trap) and Extra Deck monster of the cards.cdb
    in use that pass it
    (filter_stand_ins; not the questioned card `own`): a Main Deck card twice in its controller's hand, Deck and
    Graveyard, an Extra Deck monster twice in its Extra Deck and once in its Graveyard, each also banished face-up
    once, and once in the other player's Graveyard; none on the field (room for what the effect summons). It
    gives a cost or condition that asks for two such cards, or one in the Extra Deck or among banished cards,
    what the "filtered" board (one of each, monsters on the field) does not; more copies in each pile where a
    script asks for three or more (asked_count); a Pendulum Monster also twice face-up in the Extra Deck where a
    script looks there for a face-up card."""
    scripts = list(scripts)
    codes: list[int] = []
    for script in scripts:
        for traits in (script_filters(script, cards)[:limit] + series_filters(script, cards)) if script else []:
            # a Main Deck monster (else a Spell/Trap), and an Extra Deck monster
            main = _first_fitting(traits, cards, {own, *codes}, lambda kind: kind in ("monster", "pendulum"), None, None)
            if main is None:
                main = _first_fitting(traits, cards, {own, *codes}, lambda kind: kind not in _MONSTER_KINDS, None, None)
            extra = _first_fitting(traits, cards, {own, *codes, main}, lambda kind: kind == "extra", None, None)
            codes += [c for c in (main, extra) if c is not None]
    out: list[SetupCard] = []
    more = max(0, asked_count(scripts) - 2)  # a cost or condition that asks for three or more
    # a Pendulum Monster face-up in the Extra Deck, where a script looks there for a face-up card (「自分のエクストラ
    # デッキから表側表示の「DD」Pモンスター」)
    faceup_extra = any(_FACEUP_EXTRA.search(s or "") for s in scripts)
    for i, code in enumerate(codes):
        piles = ["extra", "extra", "grave"] if cards.kind(code) == "extra" else ["hand", "hand", "deck", "deck",
                                                                               "grave", "grave"]
        piles += [p for p in dict.fromkeys(piles) for _ in range(more)]
        out += [SetupCard(ref=f"f0-j{i}{pile[0]}{n}", code=code, player=0, location=pile)
                for n, pile in enumerate(piles)]
        out += [SetupCard(ref=f"f0-j{i}r", code=code, player=0, location="removed", position="faceup"),
                SetupCard(ref=f"f1-j{i}g", code=code, player=1, location="grave")]
        if faceup_extra and cards.kind(code) == "pendulum":
            out += [SetupCard(ref=f"f0-j{i}x{n}", code=code, player=0, location="extra", position="faceup")
                    for n in range(2)]
    return out


_VARIABLE_SETCARD = r"\b{card}:IsSetCard\(\s*[a-z_]\w*\s*\)"  # an archetype passed as a (lower-case) parameter


def series_filters(script: str, cards: CardSource) -> list[list[tuple[bool, str, list[int]]]]:
    """Filters whose archetype is a parameter (function s.filter(c,e,tp,setcode) … c:IsSetCard(setcode): 「竜呼相打つ」
    looks for a 「竜剣士」 and a 「竜魔王」 Pendulum Monster with one filter): per archetype the script lists
    (s.listed_series), that archetype beside the filter's constant traits (script_filters' form)."""
    listed = _LISTED_SERIES.search(script)
    if not listed:
        return []
    values = setcode_names(cards.script_dirs)
    wanted = [values[n.strip()] for n in listed.group(1).split(",") if n.strip() in values]
    k = load_constants()
    names = {n: v for n, v in k.items() if isinstance(v, int)}
    out: list[list[tuple[bool, str, list[int]]]] = []
    for _, card, body in _FILTER_FN.findall(script):
        if not re.search(_VARIABLE_SETCARD.format(card=re.escape(card)), body):
            continue
        traits = [t for t in _constant_traits(card, body, names) if t[1] != "IsSetCard"]
        out += [[(False, "IsSetCard", [w]), *traits] for w in wanted if [(False, "IsSetCard", [w]), *traits] not in out]
    return out


_FIELD_LOOKUP = re.compile(r"LOCATION_MZONE|LOCATION_ONFIELD")


def piled_on_field(scripts: Iterable[str], own: int, cards: CardSource, room: int = 2) -> list[SetupCard]:
    """The "filtered field" board's field cards: the first `room` Main Deck monsters of piled_cards face-up on
    their controller's field, where a script in play looks on the field (_FIELD_LOOKUP); none otherwise."""
    scripts = list(scripts)
    if not any(_FIELD_LOOKUP.search(s or "") for s in scripts):
        return []
    codes = list(dict.fromkeys(c.code for c in piled_cards(scripts, own, cards) if cards.kind(c.code) in ("monster", "pendulum")))
    return [SetupCard(ref=f"f0-jf{i}", code=code, player=0, location="mzone", position="faceup_attack")
            for i, code in enumerate(codes[:room])]


# ------------------------------------------------------------------ the materials of an Xyz or Link Summon

# Xyz.AddProcedure(c,filter,level,count…) / Link.AddProcedure(c,filter,min[,max]…): the filter (nil, a function of
# the script, or an inline aux.FilterBoolFunction), then the numbers
_MATERIAL_FILTER = r"(aux\.FilterBoolFunction(?:Ex)?\([^()]*\)|[\w.]+)"
_XYZ_PROCEDURE = re.compile(r"Xyz\.AddProcedure\(\s*c\s*,\s*" + _MATERIAL_FILTER + r"\s*,\s*(\d+)\s*,\s*(\d+)")
_LINK_PROCEDURE = re.compile(r"Link\.AddProcedure\(\s*c\s*,\s*" + _MATERIAL_FILTER + r"\s*,\s*(\d+)")


def _material_traits(script: str, filter_text: str, cards: CardSource) -> list[tuple[bool, str, list[int]]] | None:
    """The traits a summon procedure's material filter checks: none for nil, the inline filter's, or those of the
    script's function of that name (script_filters); None where they cannot be read as constants."""
    if filter_text == "nil":
        return []
    if filter_text.startswith("aux."):
        found = script_filters(f"x={filter_text}", cards)
        return found[0] if len(found) == 1 else None
    m = re.fullmatch(r"s\.(\w+)", filter_text)
    fn = re.search(r"function\s+s\." + re.escape(m.group(1)) + r"\(.*?\nend", script, re.S) if m else None
    # (a material check passes the summoned card, the summon type and the player after the value:
    # c:IsSetCard(SET_TELLARKNIGHT,lc,SUMMON_TYPE_XYZ,tp) checks the archetype)
    body = re.sub(r"(Is(?:SetCard|Race|Attribute|Type|Code))\(([^,()]+),\s*\w+\s*,\s*SUMMON_TYPE_\w+\s*,\s*\w+\s*\)",
                  r"\1(\2)", fn.group(0)) if fn else ""
    found = script_filters(body, cards) if fn else []
    return found[0] if len(found) == 1 else None


def summon_materials(code: int, how: str, cards: CardSource) -> list[int]:
    """The materials an Xyz or a Link Summon of the Extra Deck monster `code` takes from the field, read from its
    script's procedure (Xyz.AddProcedure: `count` monsters of its Level; Link.AddProcedure: as many monsters as its
    Link Rating, each counting 1) and filter: a card of the cdb in use passing them (Normal Monsters first:
    no effect of their own), the same one for each. Raises NotCompiled where the script's procedure or filter
    is not read or no card passes it."""
    script = cards.script(code) or ""
    k = load_constants()
    pattern = _XYZ_PROCEDURE if how == "xyz" else _LINK_PROCEDURE if how == "link" else None
    m = pattern.search(script) if pattern else None
    if m is None:
        raise NotCompiled(f"a {how} Summon of {code}: its script's summon procedure is not read")
    traits = _material_traits(script, m.group(1), cards)
    if traits is None:
        raise NotCompiled(f"a {how} Summon of {code}: its material filter ({m.group(1)}) is not read as constants")
    if how == "xyz":
        count = int(m.group(3))
        traits = [*traits, (False, "IsLevel", [int(m.group(2))])]
    else:
        count = int(cards.data[code].get("level") or 0)  # (a Link Monster's Link Rating, where the cdb keeps its Level)
        if not int(m.group(2)) <= count <= 5:
            raise NotCompiled(f"a Link Summon of {code} (Link-{count}, at least {m.group(2)} materials): not compiled")
    traits = [*traits, (False, "IsType", [k["TYPE_MONSTER"]])]
    material = _first_fitting(traits, cards, {code}, lambda kind: kind in ("monster", "pendulum"), None, None)
    if material is None:
        raise NotCompiled(f"no card of the card data passes the {how} material filter of {code}")
    return [material] * count


def faceup_spell_traps(scripts: Iterable[str], own: int, cards: CardSource, room: int = 2) -> list[SetupCard]:
    """Per filter of the scripts in play, the first Continuous Spell/Trap of the cards.cdb in use that passes it, face-up
    in its controller's Spell & Trap Zone, where a script looks on the field (_FIELD_LOOKUP): what a condition asks to be
    on the field (「自分フィールドに「オルターガイスト」カードが存在する場合」) where a monster cannot stand for it (an
    attack declared directly on that player); `room` cards at most, none without a cards.cdb."""
    scripts = list(scripts)
    if not any(re.search(r"LOCATION_ONFIELD|LOCATION_SZONE", s or "") for s in scripts):
        return []
    codes: list[int] = []
    for script in scripts:
        for traits in script_filters(script, cards) if script else []:
            code = _first_fitting(traits, cards, {own, *codes}, lambda kind: kind in ("continuous", "trap-continuous"),
                                  None, None)
            if code is not None:
                codes.append(code)
    return [SetupCard(ref=f"f0-js{i}", code=code, player=0, location="szone", position="faceup")
            for i, code in enumerate(codes[:room])]

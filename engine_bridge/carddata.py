"""Card data for the engine (OCG_CardData: code, alias, setcodes, type, level, attribute, race, atk,
def, lscale, rscale, link_marker) from the shared card database or from a user's cards.cdb.

rulings.cards keeps a readable Card record; the engine needs the raw bit fields, so this module
converts the record's words to the core's TYPE_/RACE_/ATTRIBUTE_/LINK_MARKER_ bits (values from
engine_bridge.constants), and reads a cards.cdb's `datas` table directly for the exact bits.
"""

from __future__ import annotations

import re
import sqlite3
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from engine_bridge.constants import load_constants
from rulings.cards import Card, open_cdb, read_cards_jsonl
from rulings.config import cards_file
from rulings.errors import InputError

# monster_type_line words -> TYPE_ constant names
_MONSTER_KIND_WORDS = {
    "normal": "TYPE_NORMAL", "effect": "TYPE_EFFECT", "fusion": "TYPE_FUSION", "ritual": "TYPE_RITUAL",
    "spirit": "TYPE_SPIRIT", "union": "TYPE_UNION", "gemini": "TYPE_GEMINI", "tuner": "TYPE_TUNER",
    "synchro": "TYPE_SYNCHRO", "token": "TYPE_TOKEN", "flip": "TYPE_FLIP", "toon": "TYPE_TOON", "xyz": "TYPE_XYZ",
    "pendulum": "TYPE_PENDULUM", "link": "TYPE_LINK",
}
_SPELL_TRAP_PROPERTY = {
    "quick-play": "TYPE_QUICKPLAY", "continuous": "TYPE_CONTINUOUS", "equip": "TYPE_EQUIP", "field": "TYPE_FIELD",
    "counter": "TYPE_COUNTER", "ritual": "TYPE_RITUAL",
}
_RACE_ALIASES = {"DIVINEBEAST": "DIVINE"}
_LINK_ARROWS = {
    "bottom-left": "LINK_MARKER_BOTTOM_LEFT", "bottom": "LINK_MARKER_BOTTOM", "bottom-right": "LINK_MARKER_BOTTOM_RIGHT",
    "left": "LINK_MARKER_LEFT", "right": "LINK_MARKER_RIGHT", "top-left": "LINK_MARKER_TOP_LEFT", "top": "LINK_MARKER_TOP",
    "top-right": "LINK_MARKER_TOP_RIGHT",
}


def _race_bits(word: str, constants: dict[str, int]) -> int:
    key = re.sub(r"[^A-Z]", "", word.upper())
    key = _RACE_ALIASES.get(key, key)
    return constants.get(f"RACE_{key}", 0)


# A Trap Monster's text states its monster stats: "Special Summon this card as a Normal Monster
# (Reptile/EARTH/Level 4/ATK 1600/DEF 1800)". The shared database and older cards.cdb files keep
# none of them (ATK 0), and scripts that call AddMonsterAttribute without stats read them here.
_TRAP_MONSTER = re.compile(r"\bSummon (?:this card|it)\b[^.()]*?\bas an? [A-Za-z -]*Monster", re.IGNORECASE)
_STATS = re.compile(r"\(([^()]*\bATK\s*[\d?]+[^()]*)\)")
_STAT_FIELD = re.compile(r"^(Level|Rank|ATK|DEF)\s*(\d+|\?)$", re.IGNORECASE)


def trap_monster_stats(text: str) -> dict | None:
    """{race, attribute, level, attack, defense} a Trap's card text gives it as a monster; None when
    the text makes no monster of the card; InputError when it does but the stats cannot be read."""
    found = _TRAP_MONSTER.search(text or "")
    if not found:
        return None
    stats = _STATS.search(text, found.start())
    if not stats:
        raise InputError(f"the text makes a monster of this Trap but states no (Type/ATTRIBUTE/Level/ATK/DEF): "
                         f"{text[found.start():found.start() + 80]!r}")
    k = load_constants()
    out = {"race": 0, "attribute": 0, "level": 0, "attack": 0, "defense": 0}
    for part in (p.strip() for p in stats.group(1).split("/")):
        field_match = _STAT_FIELD.match(part)
        if field_match:
            key = {"level": "level", "rank": "level", "atk": "attack", "def": "defense"}[field_match.group(1).lower()]
            out[key] = 0 if field_match.group(2) == "?" else int(field_match.group(2))
        elif part.upper() in {"LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}:
            out["attribute"] = k[f"ATTRIBUTE_{part.upper()}"]
        elif not out["race"]:
            out["race"] = _race_bits(re.sub(r"[- ]Type$", "", part), k)
    if (not out["race"] or not out["attribute"]) and "declar" not in text:  # "declaring 1 Type and 1 Attribute"
        raise InputError(f"cannot read the Trap Monster's Type/Attribute from {stats.group(0)!r}")
    return out


def _with_trap_monster_stats(data: dict, text: str, source: str) -> dict:
    """Fill a Trap Monster's monster stats from its text when the card data lacks them; a Trap whose
    text makes a monster of it but cannot be read gets a `problem` (its scenarios refuse to run)."""
    k = load_constants()
    if not data["type"] & k["TYPE_TRAP"] or data.get("attack") or data.get("defense") or data.get("level"):
        return data
    try:
        stats = trap_monster_stats(text)
    except InputError as exc:
        return {**data, "problem": f"card {data['code']} ({data.get('name') or '?'}) in {source}: {exc}"}
    if stats:
        data = {**data, **{key: (str(v) if key == "race" else v) for key, v in stats.items()}}
    return data


def card_data_from_card(card: Card) -> dict:
    """The engine's card data for one Card record (JSON-safe: race as a decimal string)."""
    k = load_constants()
    type_bits = race = attribute = level = 0
    atk = def_ = lscale = rscale = link_marker = 0
    if card.card_type == "Monster":
        type_bits = k["TYPE_MONSTER"]
        words = [w.strip() for w in (card.monster_type_line or "").split("/") if w.strip()]
        for word in words:
            name = _MONSTER_KIND_WORDS.get(word.lower())
            if name:
                type_bits |= k[name]
            elif not race:
                race = _race_bits(word, k)
        if not type_bits & (k["TYPE_NORMAL"] | k["TYPE_EFFECT"]) and not type_bits & k["TYPE_TOKEN"]:
            # extra-deck and ritual monsters without either word are Effect Monsters
            type_bits |= k["TYPE_EFFECT"]
        attribute = k.get(f"ATTRIBUTE_{(card.attribute or '').upper()}", 0)
        if type_bits & k["TYPE_LINK"]:
            level = len(card.link_arrows)
            for arrow in card.link_arrows:
                link_marker |= k.get(_LINK_ARROWS.get(arrow.strip().lower(), ""), 0)
        else:
            level = card.rank if card.rank is not None else (card.level or 0)
        atk = card.atk if card.atk is not None else 0
        def_ = card.def_ if card.def_ is not None and not type_bits & k["TYPE_LINK"] else 0
        if card.pendulum_scale is not None:
            lscale = rscale = card.pendulum_scale
    elif card.card_type in ("Spell", "Trap"):
        type_bits = k["TYPE_SPELL"] if card.card_type == "Spell" else k["TYPE_TRAP"]
        prop = _SPELL_TRAP_PROPERTY.get((card.spell_trap_type or "").lower())
        if prop:
            type_bits |= k[prop]
    else:
        raise InputError(f"card {card.passcode}: unknown card type {card.card_type!r}")
    data = {
        "code": card.passcode, "alias": 0, "setcodes": [], "type": type_bits, "level": level,
        "attribute": attribute, "race": str(race), "attack": atk, "defense": def_,
        "lscale": lscale, "rscale": rscale, "link_marker": link_marker,
        "name": card.names.get("en") or next(iter(card.names.values()), ""),
    }
    return _with_trap_monster_stats(data, card.texts.get("en", ""), "the shared card database")


def card_data_from_jsonl(codes: Iterable[int], path: Path | None = None) -> dict[int, dict]:
    """Card data for the given passcodes from the shared JSONL card database (others are absent)."""
    path = Path(path) if path else cards_file()
    stat = path.stat() if path.exists() else None
    index = _jsonl_index(str(path), stat.st_mtime_ns if stat else 0)
    return {code: dict(index[code]) for code in set(codes) if code in index}


def shared_card_data(script_dirs: Iterable[Path | str] = (), cdb: str | Path | None = None,
                     path: Path | None = None) -> dict[int, dict]:
    """Every card of the shared card database (copies), with the set codes of its series
    (with_series_setcodes) where the scripts in use define the archetype constants."""
    path = Path(path) if path else cards_file()
    stat = path.stat() if path.exists() else None
    index = _jsonl_index(str(path), stat.st_mtime_ns if stat else 0)
    return with_series_setcodes({code: dict(row) for code, row in index.items()}, script_dirs, cdb, path)


@lru_cache(maxsize=2)
def _jsonl_index(path: str, mtime_ns: int) -> dict[int, dict]:
    """Every card of the database converted once per process (a batch reads it once, not per run)."""
    out: dict[int, dict] = {}
    for card in read_cards_jsonl(Path(path)):
        try:
            out[card.passcode] = card_data_from_card(card)
        except InputError:
            continue  # a card type the engine cannot represent: absent, reported as unknown if used
    return out


def card_data_from_cdb(path: Path, codes: Iterable[int] | None = None) -> dict[int, dict]:
    """Card data with the exact bit fields of a YGOPro/EDOPro cards.cdb (`datas` + `texts` tables)."""
    path = Path(path)
    con = open_cdb(path)
    wanted = set(codes) if codes is not None else None
    k = load_constants()
    out: dict[int, dict] = {}
    try:
        rows = con.execute(
            "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
            "COALESCE(t.name, ''), COALESCE(t.desc, '') FROM datas d LEFT JOIN texts t ON t.id = d.id"
        ).fetchall()
        con.close()
    except sqlite3.DatabaseError as exc:
        raise InputError(f"{path}: not a readable cards.cdb ({exc})") from exc
    for code, alias, setcode, type_bits, atk, def_, level, race, attribute, name, desc in rows:
        if wanted is not None and code not in wanted:
            continue
        setcode = int(setcode or 0)
        setcodes = [(setcode >> shift) & 0xFFFF for shift in (0, 16, 32, 48) if (setcode >> shift) & 0xFFFF]
        level = int(level or 0)
        is_link = bool(int(type_bits) & k["TYPE_LINK"])
        out[int(code)] = _with_trap_monster_stats({
            "code": int(code), "alias": int(alias or 0), "setcodes": setcodes, "type": int(type_bits),
            "level": level & 0xFF, "attribute": int(attribute or 0), "race": str(int(race or 0)),
            "attack": int(atk or 0), "defense": 0 if is_link else int(def_ or 0),
            "lscale": (level >> 24) & 0xFF, "rscale": (level >> 16) & 0xFF,
            "link_marker": int(def_ or 0) if is_link else 0, "name": name,
        }, desc, str(path))
    return out


def card_data(codes: Iterable[int], cards: str | Path | None = None,
              script_dirs: Iterable[Path] = ()) -> dict[int, dict]:
    """Card data for the engine: from a cards.cdb when given (its exact bits), and from the shared
    card database for the cards the cdb lacks (an older cdb misses newer cards), with the set codes of
    their series where the scripts in use name them (with_series_setcodes). Every value is
    complete (Trap Monster stats from the card text) or carries a `problem` its scenarios report."""
    codes = set(codes)
    out = card_data_from_cdb(Path(cards), codes) if cards else {}
    missing = codes - set(out)
    if missing:
        out.update(with_series_setcodes(card_data_from_jsonl(missing), script_dirs, cards))
    return out


ARCHETYPE_CONSTANTS = "archetype_setcode_constants.lua"
_SETCODE_LINE = re.compile(r"^\s*(SET_\w+)\s*=\s*(0x[0-9a-fA-F]+|\d+)", re.M)


@lru_cache(maxsize=8)
def _setcode_names(script_dirs: tuple[str, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for directory in script_dirs:
        for folder in (Path(directory), Path(directory).parent):
            path = folder / ARCHETYPE_CONSTANTS
            if path.exists():
                out.update({name: int(value, 0) for name, value in _SETCODE_LINE.findall(
                    path.read_text(encoding="utf-8", errors="replace"))})
    return out


def setcode_names(script_dirs: Iterable[Path | str]) -> dict[str, int]:
    """SET_* name -> archetype code, from the scripts' archetype_setcode_constants.lua (EDOPro's layout:
    beside utility.lua, a parent of the official/ folder); empty where the folders hold none (the pack)."""
    return _setcode_names(tuple(str(d) for d in script_dirs))


def _series_constant(series: str) -> str:
    """The SET_ name a series name would have: 「Six Samurai」 -> SET_SIX_SAMURAI."""
    return "SET_" + re.sub(r"[^A-Z0-9]+", "_", series.upper().replace("'", "")).strip("_")


@lru_cache(maxsize=2)
def _series_index(path: str, mtime_ns: int) -> dict[int, tuple[str, ...]]:
    return {card.passcode: tuple(card.series) for card in read_cards_jsonl(Path(path)) if card.series}


@lru_cache(maxsize=4)
def _series_setcodes(script_dirs: tuple[str, ...], cdb: str, jsonl: str, mtime_ns: int) -> dict[str, int]:
    """Series name -> set code: the archetype constant of the series' name (SET_ + its words), kept only
    where the cards.cdb in use agrees (9 in 10 of the series' cards it holds are of that archetype: the
    database's series are wider than archetypes at times, 「Chaos」, 「Warrior」); series none of whose cards
    the cdb holds (archetypes newer than it) are taken by their name alone."""
    names = _setcode_names(script_dirs)
    index = _series_index(jsonl, mtime_ns)
    held: dict[int, list[int]] = {}
    if cdb:
        try:
            con = open_cdb(Path(cdb))
            rows = con.execute("SELECT id, setcode FROM datas").fetchall()
            con.close()
            held = {int(c): [(int(s or 0) >> k) & 0xFFFF for k in (0, 16, 32, 48)] for c, s in rows}
        except sqlite3.DatabaseError:
            held = {}
    votes: dict[str, list[bool]] = {}
    for code, series in index.items():
        for name in series:
            value = names.get(_series_constant(name))
            if value is not None and code in held:
                votes.setdefault(name, []).append(any(
                    p and (p & 0xFFF) == (value & 0xFFF) and (p & value) == value for p in held[code]))
    out: dict[str, int] = {}
    for series in {s for ss in index.values() for s in ss}:
        value = names.get(_series_constant(series))
        seen = votes.get(series, [])
        if value is not None and (not seen or sum(seen) >= 0.9 * len(seen)):
            out[series] = value
    return out


def with_series_setcodes(data: dict[int, dict], script_dirs: Iterable[Path | str], cdb: str | Path | None = None,
                         path: Path | None = None) -> dict[int, dict]:
    """The shared card database has no set codes (the engine's IsSetCard then fails for every card a cdb
    lacks: 「影六武衆－ハツメ」 is no 「六武衆」): a card without any gets those of its series
    (_series_setcodes) where the scripts in use define the archetype constants."""
    dirs = tuple(str(d) for d in script_dirs)
    if not dirs or not setcode_names(dirs):
        return data
    path = Path(path) if path else cards_file()
    stat = path.stat() if path.exists() else None
    if stat is None:
        return data
    table = _series_setcodes(dirs, str(cdb or ""), str(path), stat.st_mtime_ns)
    index = _series_index(str(path), stat.st_mtime_ns)
    for code, row in data.items():
        if not row.get("setcodes"):
            found = [table[s] for s in index.get(code, ()) if s in table]
            if found:
                row["setcodes"] = list(dict.fromkeys(found))[:4]
                # the database lists a card's series, not every archetype it is of (「ギアギアチェンジ」 is
                # 「ギアギア」 and 「チェンジ」): these set codes may be incomplete (setcodes_complete)
                row["setcodes_from_series"] = True
    return data


def setcodes_complete(row: dict | None) -> bool:
    """Whether a card's set codes are all it has: from a cards.cdb, not guessed from its series (which may
    miss an archetype, so an archetype check the card fails proves nothing)."""
    return bool(row and row.get("setcodes")) and not row.get("setcodes_from_series")


# fields of a card data dict that are for readers, not for the engine's OCG_CardData
NOT_ENGINE_FIELDS = ("name", "problem")


def engine_card(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in NOT_ENGINE_FIELDS}


def is_normal_monster(data: dict) -> bool:
    """Vanilla monsters need no script (the core runs them without one); every other card does."""
    k = load_constants()
    return bool(data["type"] & k["TYPE_MONSTER"]) and bool(data["type"] & k["TYPE_NORMAL"]) \
        and not data["type"] & k["TYPE_PENDULUM"]

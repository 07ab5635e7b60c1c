"""The card catalog: one Card record per card, read from the shared JSONL card database, the
community Chinese names file, or a YGOPro/EDOPro `cards.cdb`.

Every stage that needs card data (linking in pipeline/, import in kb/, card data for the engine in
engine_bridge/) reads it through this module, so names are cleaned the same way everywhere."""

from __future__ import annotations

import re
import sqlite3
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from rulings.errors import InputError
from rulings.jsonl import read_jsonl_numbered

# Cards with neither a passcode nor a fake one get a synthetic key derived from the Konami id,
# above every real passcode (they are 8 digits at most) so the two can never collide.
SYNTHETIC_PASSCODE_BASE = 2_000_000_000
NAME_HASH_PASSCODE_BASE = 3_000_000_000

NAME_LANGS = ("en", "fr", "ja", "zh-CN", "zh-TW", "ko")

# Neo4j stores 64-bit integers, and an indexed string must fit an index key (about 8 KB): a card name
# is a few dozen characters, so anything near that is not a name.
MAX_INT = 2**63 - 1
MAX_NAME_CHARS = 1000

_RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)
_TAG = re.compile(r"<[^>]+>")


def strip_ruby(name: str) -> tuple[str, str | None]:
    """'<ruby>戦<rt>いくさ</rt></ruby>刀' -> ('戦刀', 'いくさ刀'): the base text and its reading."""
    if "<ruby>" not in name:
        return name, None
    base = _TAG.sub("", _RUBY.sub(lambda m: m.group(1), name))
    reading = _TAG.sub("", _RUBY.sub(lambda m: m.group(2), name))
    return base, reading


@dataclass
class Card:
    passcode: int
    passcode_kind: str  # official | fake | synthetic
    konami_id: int | None = None
    names: dict[str, str] = field(default_factory=dict)  # lang -> official name (ruby stripped)
    ja_reading: str | None = None
    community_zh: str | None = None  # the name Chinese community pages use (zh-Hans)
    texts: dict[str, str] = field(default_factory=dict)
    card_type: str | None = None  # Monster | Spell | Trap
    spell_trap_type: str | None = None  # Normal, Quick-Play, Continuous, Counter, Field, Equip, Ritual
    monster_type_line: str | None = None  # "Fiend / Effect"
    attribute: str | None = None
    level: int | None = None
    rank: int | None = None
    link_arrows: list[str] = field(default_factory=list)
    atk: int | None = None
    def_: int | None = None
    pendulum_scale: int | None = None
    series: list[str] = field(default_factory=list)

    @property
    def is_trap_monster(self) -> bool:
        text = self.texts.get("en", "")
        return self.card_type == "Trap" and "Special Summon this card as" in text and "Monster" in text

    def all_names(self) -> Iterator[tuple[str, str, str]]:
        """(text, language, kind) for every name this card is known by."""
        for lang, name in self.names.items():
            if name:
                yield name, lang, "official"
        if self.community_zh:
            yield self.community_zh, "zh-CN", "community"


def _check_range(obj: dict, key: str) -> None:
    """An integer field (or integer string) of a card record must fit Neo4j's 64-bit integers; other
    values ('?' for an unknown ATK) are left to the field's own reader."""
    value = obj.get(key)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value <= MAX_INT:
        raise ValueError(f"{key} {str(value)[:30]} is out of range (at most 2^63-1)")


def card_from_json(obj: dict) -> Card:
    for key in ("password", "fake_password", "konami_id", "atk", "def", "level", "rank", "pendulum_scale"):
        _check_range(obj, key)
    for lang, value in (obj.get("name") or {}).items():
        if isinstance(value, str) and len(value) > MAX_NAME_CHARS:
            raise ValueError(f"name[{lang}] is {len(value):,} characters long (a card name has at most "
                             f"{MAX_NAME_CHARS:,})")
    if obj.get("password"):
        passcode, kind = int(obj["password"]), "official"
    elif obj.get("fake_password"):
        passcode, kind = int(obj["fake_password"]), "fake"
    elif obj.get("konami_id"):
        passcode, kind = SYNTHETIC_PASSCODE_BASE + int(obj["konami_id"]), "synthetic"
    else:
        # A few unreleased/anime cards have no id at all: key them by a hash of their first name.
        first_name = next((v for v in (obj.get("name") or {}).values() if v), None)
        if not first_name:
            raise InputError(f"card record without password, konami_id or any name: {str(obj)[:80]}")
        passcode, kind = NAME_HASH_PASSCODE_BASE + zlib.crc32(first_name.encode("utf-8")) % 1_000_000_000, "synthetic"
    if not 0 < passcode <= MAX_INT:
        raise ValueError(f"passcode {str(passcode)[:30]} is out of range (1 to 2^63-1)")
    names, reading = {}, None
    for lang in NAME_LANGS:
        value = (obj.get("name") or {}).get(lang)
        if value:
            if lang == "ja":
                value, reading = strip_ruby(value)
            names[lang] = value.strip()
    return Card(
        passcode=passcode,
        passcode_kind=kind,
        konami_id=obj.get("konami_id"),
        names=names,
        ja_reading=reading,
        texts={k: v for k, v in (obj.get("text") or {}).items() if v},
        card_type=obj.get("card_type"),
        spell_trap_type=obj.get("property"),
        monster_type_line=obj.get("monster_type_line"),
        attribute=obj.get("attribute"),
        level=obj.get("level"),
        rank=obj.get("rank"),
        link_arrows=list(obj.get("link_arrows") or []),
        atk=obj.get("atk"),
        def_=obj.get("def"),
        pendulum_scale=obj.get("pendulum_scale"),
        series=list(obj.get("series") or []),
    )


def read_cards_jsonl(path: Path, rejected: list[str] | None = None) -> Iterator[Card]:
    """Cards from the shared `cards.jsonl.gz` format. A malformed card record raises InputError naming
    its line, or, given a `rejected` list, is reported there (with its line) and skipped."""
    for lineno, obj in read_jsonl_numbered(path):
        try:
            yield card_from_json(obj)
        except (TypeError, ValueError, AttributeError, InputError) as exc:
            message = f"{path}:{lineno}: card record is malformed ({str(exc)[:200]})"
            if rejected is None:
                raise InputError(message) from exc
            rejected.append(message)


def read_community_names(path: Path, rejected: list[str] | None = None) -> Iterator[tuple[int, str]]:
    """(passcode, community Chinese name) pairs from `zh-community.jsonl.gz`; a malformed record raises
    InputError naming its line, or, given a `rejected` list, is reported there and skipped."""
    for lineno, obj in read_jsonl_numbered(path):
        try:
            if "password" not in obj or "name" not in obj:
                raise ValueError("lacks password or name")
            _check_range(obj, "password")
            passcode, name = int(obj["password"]), str(obj["name"]).strip()
            if not 0 < passcode <= MAX_INT:
                raise ValueError(f"password {str(passcode)[:30]} is out of range (1 to 2^63-1)")
            if len(name) > MAX_NAME_CHARS:
                raise ValueError(f"name is {len(name):,} characters long (a card name has at most {MAX_NAME_CHARS:,})")
        except (TypeError, ValueError) as exc:
            message = f"{path}:{lineno}: community record is malformed ({str(exc)[:200]})"
            if rejected is None:
                raise InputError(message) from exc
            rejected.append(message)
            continue
        if name:
            yield passcode, name


# EDOPro `datas.type` bits (ocgcore constants TYPE_*), enough to classify a card.
_TYPE_MONSTER, _TYPE_SPELL, _TYPE_TRAP = 0x1, 0x2, 0x4
_PROPERTY_BITS = [(0x10000, "Quick-Play"), (0x20000, "Continuous"), (0x40000, "Equip"), (0x80000, "Field"),
                  (0x100000, "Counter"), (0x80, "Ritual")]
_ATTRIBUTES = {0x01: "EARTH", 0x02: "WATER", 0x04: "FIRE", 0x08: "WIND", 0x10: "LIGHT", 0x20: "DARK", 0x40: "DIVINE"}
_LINK = 0x4000000


def open_cdb(path: Path) -> sqlite3.Connection:
    """A read-only connection to a YGOPro/EDOPro `cards.cdb`, after checking that it is SQLite at all."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    with open(path, "rb") as handle:
        if handle.read(16) != b"SQLite format 3\x00":
            raise InputError(f"{path}: not a SQLite database (a cards.cdb starts with 'SQLite format 3')")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def read_cdb(path: Path) -> Iterator[Card]:
    """Cards from a YGOPro/EDOPro `cards.cdb` (SQLite tables `datas` and `texts`)."""
    con = open_cdb(path)
    try:
        rows = con.execute(
            "SELECT d.id, d.type, d.atk, d.def, d.level, d.attribute, t.name, t.desc "
            "FROM datas d JOIN texts t ON t.id = d.id"
        ).fetchall()
    except sqlite3.DatabaseError as exc:
        raise InputError(f"{path}: not a readable cards.cdb ({exc})") from exc
    lang = "en"  # a cdb holds one language; the caller may relabel
    for code, type_bits, atk, def_, level, attribute, name, desc in rows:
        if type_bits & _TYPE_MONSTER:
            card_type = "Monster"
        elif type_bits & _TYPE_SPELL:
            card_type = "Spell"
        elif type_bits & _TYPE_TRAP:
            card_type = "Trap"
        else:
            card_type = None
        prop = next((label for bit, label in _PROPERTY_BITS if type_bits & bit), None)
        if card_type in ("Spell", "Trap") and prop is None:
            prop = "Normal"
        is_link = bool(type_bits & _LINK)
        yield Card(
            passcode=int(code),
            passcode_kind="official",
            names={lang: name},
            texts={lang: desc or ""},
            card_type=card_type,
            spell_trap_type=prop if card_type != "Monster" else None,
            attribute=_ATTRIBUTES.get(attribute),
            level=(level & 0xFF) if card_type == "Monster" and not is_link else None,
            atk=atk if card_type == "Monster" else None,
            def_=def_ if card_type == "Monster" and not is_link else None,
            pendulum_scale=((level >> 24) & 0xFF) or None if card_type == "Monster" else None,
        )
    con.close()


def load_catalog(cards_path: Path, community_path: Path | None = None) -> dict[int, Card]:
    """All cards by passcode, with community names attached where known."""
    catalog = {card.passcode: card for card in read_cards_jsonl(cards_path)}
    if community_path is not None and Path(community_path).exists():
        for passcode, name in read_community_names(community_path):
            if passcode in catalog:
                catalog[passcode].community_zh = name
    return catalog

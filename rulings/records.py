"""The records the stages hand to each other, in one place: what the crawl stage gives the NLP stage
(RawPage), what the NLP stage gives the graph stage (PageDoc: a page's Ruling records, each with its
Mentions and its Frame), and what the engine stage runs (Scenario). They are pydantic models, so the
one definition here gives

- validation: a record is checked where it is made or read (`from_json`, `Scenario.from_data`), and a
  bad one gives a one-line reason naming the field (`problem`);
- the JSONL form: `to_json` / `from_json` carry the record type and its version (`record`, `v`); a
  reader refuses a newer version and still reads the older ones it knows;
- the JSON Schema that documents the formats: `json_schema()` (`rulings records schema`).

Versions: RawPage 1. PageDoc 3: 2 added `Ruling.frame` (what the ruling says as data, pipeline.frames),
3 added `Ruling.display` (the clean text shown to users) and `Mention.place` (text | note | heading);
older records still read (no frame; display falls back to the text; mentions are in the text).
Scenario: `format` 1 (see engine_bridge/SCENARIOS.md)."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Annotated, Any, Callable, ClassVar, Iterator, Literal, TypeVar, get_args

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictInt,
                      ValidationError, field_validator, model_validator)
from pydantic.json_schema import SkipJsonSchema, models_json_schema
from typing_extensions import TypedDict

from rulings.errors import InputError
from rulings.jsonl import read_jsonl_numbered

RAW_PAGE_VERSION = 1
PAGE_DOC_VERSION = 3

R = TypeVar("R", bound="VersionedRecord")


def problem(exc: ValidationError | ValueError) -> str:
    """A validation failure as one line: 'rulings.2.date: '17/3/24' is not an ISO date (YYYY-MM-DD)'
    (the first error, and how many more there are)."""
    if not isinstance(exc, ValidationError):
        return " ".join(str(exc).split())
    errors = exc.errors(include_url=False)
    first = errors[0]
    where = ".".join(str(part) for part in first["loc"])
    message = first["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    if first["type"] == "missing":
        message = "missing"
    elif first["type"] == "extra_forbidden":
        message = "unknown field"
    # 'setup.cards is empty', 'date: '17/3/24' is not an ISO date', 'url: missing or empty'
    text = (f"{where} {message}" if message.startswith(("is ", "must ")) else f"{where}: {message}") if where else message
    if len(errors) > 1:
        text += f" (+{len(errors) - 1} more)"
    return " ".join(text.split())


def _filled(value: str) -> str:
    if not value.strip():
        raise ValueError("missing or empty")
    return value


_ISO_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


def _iso_date(value: str) -> str:
    if not _ISO_DATE.match(value):
        raise ValueError(f"{value!r} is not an ISO date (YYYY-MM-DD)")
    return value


Filled = Annotated[str, AfterValidator(_filled)]  # a string with something in it
IsoDate = Annotated[str, AfterValidator(_iso_date)]  # 2017, 2017-03 or 2017-03-24
TopicKey = Annotated[str, Field(min_length=1)]


class Record(BaseModel):
    """A part of a record: unknown fields are refused (a misspelt field is an error, not lost data)."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class VersionedRecord(Record):
    """A record that stands alone on a JSONL line, as `{...fields, "record": NAME, "v": VERSION}`."""

    RECORD: ClassVar[str]
    VERSION: ClassVar[int]

    def to_json(self) -> dict:
        data = self.model_dump(mode="json")
        data["record"] = self.RECORD
        data["v"] = self.VERSION
        return data

    @classmethod
    def fields_of(cls, data: dict) -> dict:
        """The record's fields from its JSON line: the `record` and `v` header checked and removed
        (ValueError for another record type or a newer version than this code reads)."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("record", cls.RECORD) != cls.RECORD:
            raise ValueError(f"record type {data.get('record')!r}, expected {cls.RECORD!r}")
        version = data.get("v", 1)
        if not isinstance(version, int) or version > cls.VERSION:
            raise ValueError(f"{cls.RECORD} version {version!r} is newer than this tool reads ({cls.VERSION})")
        return {k: v for k, v in data.items() if k not in ("record", "v")}

    @classmethod
    def from_json(cls: type[R], data: dict, rejected: Callable[[str], None] | None = None) -> R:
        """The record of a JSON line (pydantic.ValidationError, a ValueError, when it is not one).
        `rejected`: where a record that can lose a bad part and keep the rest (PageDoc: a ruling)
        reports that part."""
        return cls.model_validate(cls.fields_of(data))

    @classmethod
    def read_jsonl(cls: type[R], path: Path, rejected: Callable[[str], None] | None = None) -> Iterator[R]:
        """The records of a JSONL file. Without `rejected` a bad line raises InputError naming the
        file, line and reason; with it, the line's one-line reason goes there and the rest is read."""
        for lineno, obj in read_jsonl_numbered(Path(path), rejected=rejected):
            try:
                yield cls.from_json(obj, rejected)
            except ValueError as exc:
                reason = f"{path}:{lineno}: not a {cls.RECORD} ({problem(exc)[:200]})"
                if rejected is None:
                    raise InputError(reason) from None
                rejected(reason)


# ------------------------------------------------------------------------------ crawl -> NLP


class Heading(Record):
    level: int
    """1 = page title level"""
    text: str
    offset: int
    """character offset of the heading line in RawPage.text"""


class PageRecord(VersionedRecord):
    """What a page's records (RawPage, PageDoc) say of the page itself."""

    url: Filled
    """http(s) URL, or file:// URL for offline ingest; Q&A: the Konami FAQ URL of the fid"""
    source_id: Filled
    """ocg-rule-docs | konami-faq | jp-expert | jp-wiki | zh-forum | fr-wiki | fr-articles | seed"""
    content_hash: str
    """sha256 hex of the raw bytes; the key of the raw blob in the store (a page being stored gets it
    from the store)"""
    language: str
    """zh-Hans | zh-Hant | ja | fr | en (the page's; the NLP stage decides per block)"""
    title: str = ""
    fetched_at: str = ""
    """ISO 8601 UTC"""
    problems: list[str] = Field(default_factory=list)
    """non-fatal issues found while decoding, parsing or reading it"""


class RawPage(PageRecord):
    """What the crawl stage hands to the NLP stage: one fetched (or offline) page."""

    RECORD: ClassVar[str] = "RawPage"
    VERSION: ClassVar[int] = RAW_PAGE_VERSION

    text: str
    """decoded main text, boilerplate removed; headings kept as their own lines"""
    headings: list[Heading] = Field(default_factory=list)
    """in text order"""
    format: str = "html"
    """html | text | rst | markdown | qa-json"""
    declared_encoding: str | None = None
    detected_encoding: str | None = None
    replacement_chars: int = 0
    """U+FFFD count after decoding"""
    status: int = 200
    etag: str | None = None
    last_modified: str | None = None
    content_type: str | None = None
    outlinks: list[str] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)
    """format-specific: Q&A fid, tags, mentionedCards, ..."""


# ------------------------------------------------------------------------------ NLP -> graph


class Mention(Record):
    surface: str
    """the text as written on the page"""
    start: int
    """character offset into Ruling.text (the original, not the normalized text); for a mention in a note
    or heading (place), into RawPage.text"""
    end: int
    """the end offset, like start"""
    passcode: StrictInt | None
    """None: an unlinked mention (unknown name)"""
    confidence: Annotated[float, Field(ge=0, le=1)]
    """how sure the linker is, 0..1"""
    matched_name: str | None = None
    """the catalog name that matched"""
    matched_lang: str | None = None
    """en | fr | ja | zh-CN | zh-TW"""
    matched_kind: str | None = None
    """official | community | mined"""
    kind: str = "card"
    """card | series"""
    role: str | None = None
    """acting | affected | condition | None"""
    place: str = "text"
    """v3: text | note | heading (where on the page the ruling names the card)"""

    @model_validator(mode="after")
    def _span(self) -> "Mention":
        if self.start > self.end:
            raise ValueError(f"mention {self.surface!r}: bad span {self.start}..{self.end}")
        return self


class Repair(Record):
    original: str
    """'咒文度'"""
    repaired: str
    """'咒文速度'"""
    offset: int
    """in the page text"""
    rule: str
    """which glossary entry fired"""


class FrameCard(Record):
    ref: str
    """c1, c2 … (the events and the question name cards by it)"""
    name: str
    """the name as the ruling writes it"""
    passcode: int | None = None
    controller: str | None = None
    """self | opponent (the asker is "self")"""
    location: str | None = None
    """hand | mzone | emzone (an Extra Monster Zone) | szone | fzone | pzone | field | grave | removed | deck | extra"""
    position: str | None = None
    """faceup | facedown | faceup_attack | faceup_defense | facedown_defense | …"""
    state: list[str] = Field(default_factory=list)
    """applied | equipped | present | set_this_turn …"""
    copies: int | None = None
    """how many of the card the situation has, where it says more than one (「X」が2体存在する)"""
    owner: str | None = None
    """self | opponent: whose card it is, where the ruling says its original owner is not the player who
    controls it (元々の持ち主が相手の「X」が自分フィールドにて…)"""
    described: list[str] = Field(default_factory=list)
    """for a card the ruling describes instead of naming it (「リンクモンスター」「ランク1のモンスター」): its
    traits (link, xyz, token, normal, rank=1, level=4, atk<=1800, attribute=WIND, race=INSECT …); the
    compiler picks a card that has them"""
    equipped_to: str | None = None
    """FrameCard.ref of the monster this card is equipped to, as an Equip Card (「A」の装備カードとなっている「B」)"""
    applied_to: str | None = None
    """FrameCard.ref of the card the ruling says this card's effect is applied to (「X」（の効果）が適用されている「Q」,
    「X」の効果を受けている「Q」): a targeting X activated before the question targets Q"""


class FrameAct(Record):
    """A card's action the frame names: an event before the question, or the one the question asks about."""

    card: str | None = None
    """FrameCard.ref of the card that acts (for is_destroyed: the card affected)"""
    actor: str | None = None
    """self | opponent | None (the card's controller)"""
    effect: int | None = None
    """which of the card's effects: ① = 1"""
    effect_text: str | None = None
    """the 『』 quoted effect text"""
    targets: list[str] = Field(default_factory=list)
    """FrameCard.refs of its targets"""


class FrameEvent(FrameAct):
    action: str
    """activate | summon | special_summon | flip_summon | set | attack | destroy | send_to_grave | banish | leave (a
    card left a zone between an activation and its resolution: note "leaves the grave" …, or a face-up monster was
    turned face-down there: FLIPPED_DOWN_NOTE) | phase (of no card: the
    phase of the turn the question is asked in, note main2 | end | FOE_TURN)"""
    chained_to: str | None = None
    note: str | None = None
    described: str | None = None
    """the words an activation's effect is described by (「攻撃力をアップする」モンスター効果, 「自身をリリースして」
    発動した): which of the card's effects it is"""
    declared: str | None = None
    """FrameCard.ref of the card whose name the activation declares (「X」を宣言して発動した「禁止令」)"""


# FrameEvent notes the frame reader writes and the compiler reads: a card moved by the activation before it (「G」の効果に
# よって「X」をドローした / 除外された), and the questioned card sent to the Graveyard from the hand or the Deck first
MOVED_BY_NOTE = "by the activation before it"
# a monster whose summon the activation after it negated (「X」のエクシーズ召喚が「G」によって無効になった場合): the
# summon's kind in the note (NEGATED_SUMMON_NOTES: xyz, link, pendulum, synchro, fusion, ritual, normal)
NEGATED_SUMMON_NOTES = {how: f"its {how} summon negated by the activation after it"
                        for how in ("xyz", "link", "pendulum", "synchro", "fusion", "ritual", "normal", "special")}
# the activation that negates the summon before it
NEGATES_SUMMON_NOTE = "negates the summon before it"
# a card activated first and destroyed by the activation chained to it (「A」のカードの発動にチェーンした「G」で破壊され
# 墓地へ送られた場合 / 「A」の効果の発動にチェーンして「G」が発動し、自身が破壊された場合): the destroy event's note
DESTROYED_IN_CHAIN_NOTE = "destroyed by the activation chained to its own"
SENT_NOTE = "sent to the Graveyard from the hand or Deck"
# 「X」と植物族モンスターが同時に破壊された場合: X destroyed together with a monster the ruling describes (FrameEvent.targets)
DESTROYED_TOGETHER_NOTE = "destroyed together with the described monster"
# a Trap Card the ruling says is treated as a monster (モンスターカード扱いの「X」): its own activation, which Special
# Summons it as a Trap Monster, played before the question
TRAP_MONSTER_NOTE = "its activation makes it a monster"
# a leave event: the face-up monster an activation targets was turned face-down before it resolved (対象のモンスターが
# 裏側守備表示になっている場合): it is no longer the face-up card the effect applies to
FLIPPED_DOWN_NOTE = "turned face-down in the mzone"
# a FrameCard.state: a monster in the Graveyard (or banished) that got there without being properly Summoned (正規の手順で
# 特殊召喚されていない): the rules may keep it from being Special Summoned from there (SetupCard.properly_summoned)
NOT_PROPERLY_SUMMONED = "not properly summoned"
# a FrameEvent note: an attack of a battle the ruling names without saying which of the two monsters attacks (「X」と「Y」が
# 戦闘を行う場合): the compiler plays it both ways
BATTLES_NOTE = "battles (either attacks)"
# a named monster attacked by one of the other player's the ruling does not name (「X」が攻撃された時に「Y」を発動した場合)
ATTACKED_NOTE = "is attacked by an unnamed monster"
# a FrameEvent note: the Tribute Summon (アドバンス召喚) of the event's card with the monsters its targets Tributed, named or
# described (「T」をリリースして「X」をアドバンス召喚した場合 / 「T」をリリースしてアドバンス召喚した「X」の効果 / 裏側表示の「A」と
# 名のつくモンスターをリリースして…)
TRIBUTE_SUMMON_NOTE = "tribute summoned with its target monsters"
# a FrameEvent note: a monster the ruling describes, not names, Summoned (相手が恐竜族モンスターを召喚・特殊召喚した場合 /
# 自分の墓地の恐竜族モンスターが相手の「死者蘇生」の効果によって特殊召喚された時): the question's trigger answers it
DESCRIBED_SUMMON_NOTE = "a described monster summoned"
# a FrameCard.state of the questioned card the situation has several copies of (「X」が2体存在する場合、…それぞれの効果を
# 発動できますか): each copy activated in one chain, the question asked of the last one
EACH_COPY = "each copy activated in one chain"
# a FrameCard.state: an Xyz Monster that has Xyz Materials (エクシーズ素材を持っている「X」): set up with them (an Xyz
# Monster the set-up places in the Monster Zone has two)
HAS_XYZ_MATERIALS = "has Xyz Materials"
# a `phase` FrameEvent note: the question is asked in the other player's turn (相手ターンに、自分は「X」を発動できますか)
FOE_TURN = "in the other player's turn"
# a FrameCard.state: the card whose effect moved another card to the field of the player who does not own it
# (「G」によってコントロールが相手に移っている「X」 / 「G」の効果によってコントロールを得た「X」): X is set up there
# (FrameCard.owner), G is not played
CONTROL_TAKER = "gave a card to the other player"


class FrameQuestion(FrameAct):
    kind: str
    """can_activate | can_target | can_summon | can_set | can_attack | is_destroyed | applies | what_happens"""
    text: str = ""
    """the words it was read from"""
    effect_kind: str | None = None
    """monster | pendulum | None"""
    how: str | None = None
    """the summon named (特殊召喚 …)"""


class FrameZone(Record):
    """A zone the situation states as empty, full or holding some cards, with no card named in it:
    「自分フィールドにモンスターが存在しない場合」「相手のデッキが0枚の時」「モンスターゾーンに空きがない場合」."""

    controller: str | None = None
    """self | opponent | both (お互い) | None (the ruling does not say)"""
    location: str
    """field | mzone | szone | pzone | grave | removed | deck | extra | hand"""
    what: str = "card"
    """card | monster | faceup_monster | faceup_attack_monster | spell_trap: which cards the count is of"""
    count: str
    """none | some | full | N (exactly) | <N (fewer than N)"""
    described: list[str] = Field(default_factory=list)
    """traits of the counted monsters where the ruling says which (「アンデット族モンスター」: race=ZOMBIE), as FrameCard.described"""
    text: str = ""
    """the words it was read from"""


class Frame(Record):
    """What a ruling says as data (pipeline.frames): the situation, the events, the question, the answer."""

    language: str = ""
    cards: list[FrameCard] = Field(default_factory=list)
    """the situation"""
    zones: list[FrameZone] = Field(default_factory=list)
    """the situation's zones stated empty, full or counted (no card named in them)"""
    events: list[FrameEvent] = Field(default_factory=list)
    """in order"""
    question: FrameQuestion | None = None
    answer: str | None = None
    """yes | no | outcome"""
    outcome: str | None = None
    """the answer's first sentence, when it is an outcome"""
    fates: dict[str, str] = Field(default_factory=dict)
    """card ref -> destroyed | survives | banished | grave | hand | deck: what the answer says becomes of it"""
    applied: dict[str, bool] = Field(default_factory=dict)
    """card ref -> whether the answer says the processing of that card's activated effect is applied (true:
    「…の効果処理は通常通り適用されます」, false: 「…効果処理は適用されません」 / 「処理は何も行いません」)"""
    stats: dict[str, dict[str, int]] = Field(default_factory=dict)
    """card ref -> {attack: N, defense: N}: the ATK/DEF the answer says a monster has once the events resolved"""
    lp: dict[str, int] = Field(default_factory=dict)
    """self | opponent -> the change of that player's LP the answer says the events make (-1000: 1000 damage taken;
    +500: 500 LP gained), self being the player who asks"""
    damaged: dict[str, bool] = Field(default_factory=dict)
    """self | opponent -> whether the answer says that player takes damage, the amount unsaid (「お互いのプレイヤーが
    戦闘ダメージを受ける事になります」, 「…受けるのは相手ではなく、自分となります」): read only where `lp` is not"""
    summons: dict[str, bool] = Field(default_factory=dict)
    """card ref -> whether the answer says the resolution of that card's activated effect Special Summons a monster
    (true: 「…が特殊召喚されます」, false: 「特殊召喚は行えません」 / 「対象のモンスターは特殊召喚されず」)"""
    to_hand: dict[str, bool] = Field(default_factory=dict)
    """card ref -> whether the answer says the resolution of that card's activated effect adds a card to (or returns
    one to) a hand (false: 「…を手札に加える事はできません」 / 『このカードを手札に加え』の処理を行いません)"""
    requires: list[str] = Field(default_factory=list)
    """the preconditions a "yes" answer states beside it (「…発動する事はできます。ただし、…状態でなければ発動する事は
    できません」): a set-up that does not show the yes may not meet them, so a refusal there is no verdict"""
    unread: list[str] = Field(default_factory=list)
    """the parts that could not be read, and why"""


class Ruling(Record):
    id: Filled
    """stable: derived from the page and the normalized text"""
    text: Filled
    """original text of the ruling (as on the page)"""
    normalized: str
    """after normalization (folded width, pinyin removed, repairs, zh-Hans)"""
    language: Filled
    """zh-Hans | zh-Hant | ja | fr | en"""
    section: list[str] = Field(default_factory=list)
    """heading path"""
    start: int = 0
    """character offset into RawPage.text"""
    end: int = 0
    """the end offset into RawPage.text"""
    date: IsoDate | None = None
    """ISO date 2017-03-24"""
    kind: str = "ruling"
    """rule (general) | ruling (specific) | qa | supplement (a card's 補足情報) | list (a heading's rule over
    the cards listed under it: meta["items"] holds the items' page spans)"""
    polarity: str | None = None
    """can | cannot | is | is_not"""
    action: str | None = None
    """activate | target | destroy | negate | special_summon | banish | chain | ..."""
    topics: list[TopicKey] = Field(default_factory=list)
    """topic keys from pipeline.topics"""
    mentions: list[Mention] = Field(default_factory=list)
    examples: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    example_of: str | None = None
    """id of the ruling this one illustrates, if it is an example"""
    meta: dict[str, Any] = Field(default_factory=dict)
    """e.g. Q&A fid, question/answer split"""
    frame: Frame | None = None
    """v2: what the ruling says as data (pipeline.frames)"""
    display: str = ""
    """v3: clean text to show (markup and pinyin removed, the page's own script)"""


class StoredMention(Mention):
    """A mention as the graph keeps it: linked, with the catalog name of its card."""

    name: str | None = None
    """the card's catalog name"""


def _json_value(value: Any) -> Any:
    """The graph keeps nested values (frame, meta) as JSON text."""
    return json.loads(value) if isinstance(value, str) else value


class StoredRuling(Ruling):
    """A ruling where it stands: the Ruling record (its `text` is the display text where there is one)
    with its page, its source, whether it is the current version, and what it cites and is cited by.
    kb.queries returns rulings in this shape (its RETURN clause is made from these fields), and scenario
    generation reads it (engine_bridge.templates); a PageDoc's ruling becomes one with `at_page`."""

    mentions: list[StoredMention] = Field(default_factory=list)  # type: ignore[assignment]
    current: bool = True
    """False: a superseded version (the graph's history)"""
    source: str = ""
    """the page's source id"""
    url: str = ""
    """the page's url"""
    page_hash: str | None = None
    """the page version it belongs to"""
    cites: list[dict[str, Any]] = Field(default_factory=list)
    """the Q&As and cards it cites"""
    cited_by: list[dict[str, Any]] = Field(default_factory=list)
    """the rulings citing it"""

    _frame_json = field_validator("frame", "meta", mode="before")(_json_value)

    @model_validator(mode="before")
    @classmethod
    def _shown(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("display"):
            data = {**data, "text": data["display"]}
        return data

    @classmethod
    def at_page(cls, ruling: Ruling, doc: "PageDoc") -> "StoredRuling":
        """A PageDoc's ruling as it stands on its page."""
        return cls.model_validate({**ruling.model_dump(), "url": doc.url, "source": doc.source_id,
                                   "page_hash": doc.content_hash})


class MinedAlias(Record):
    name: str
    """'內置式機槍'"""
    language: str
    """zh-Hant"""
    passcode: int
    evidence: str
    """the text the pair was found in"""


class PageDoc(PageRecord):
    """What the NLP stage hands to the graph stage: one page and its rulings (loaded in one transaction)."""

    RECORD: ClassVar[str] = "PageDoc"
    VERSION: ClassVar[int] = PAGE_DOC_VERSION

    content_hash: Filled
    """sha256 hex of the raw bytes of the page version the rulings were read from"""
    rulings: list[Ruling] = Field(default_factory=list)
    aliases: list[MinedAlias] = Field(default_factory=list)
    repairs: list[Repair] = Field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict, rejected: Callable[[str], None] | None = None) -> "PageDoc":  # type: ignore[override]
        """The page of a JSON line. With `rejected`, a ruling that is not valid is left out and its
        reason ('<url> ruling <id>: <field>: <what>') goes there: one bad ruling does not lose its page."""
        if rejected is None:
            return super().from_json(data)
        fields = cls.fields_of(data)
        rulings = fields.pop("rulings", [])
        doc = cls.model_validate(fields)
        if not isinstance(rulings, list):
            raise ValueError("rulings: not a list")
        for raw in rulings:
            try:
                doc.rulings.append(Ruling.model_validate(raw))
            except ValidationError as exc:
                given = raw.get("id") if isinstance(raw, dict) else None
                rejected(f"{doc.url} ruling {given or '?'}: {problem(exc)}")
        return doc


# ------------------------------------------------------------------------------ engine scenarios
# The scenario format (engine_bridge/SCENARIOS.md): one ruling turned into a duel situation, a few
# actions, and what the rules engine must show afterwards. Files are read by engine_bridge.scenario.

FORMAT_VERSION: Literal[1] = 1

# Rule eras by date (OCG): Master Rule 4 ("New Master Rule") started 2017-03-25, Master Rule 5
# (April 2020 revision: trap monsters no longer keep a Spell & Trap zone) on 2020-04-01.
MR4_START = dt.date(2017, 3, 25)
MR5_START = dt.date(2020, 4, 1)

Rule = Literal["MR3", "MR4", "MR5"]
Location = Literal["deck", "hand", "mzone", "szone", "grave", "removed", "extra", "fzone", "pzone"]
Position = Literal["faceup_attack", "facedown_attack", "faceup_defense", "facedown_defense", "faceup", "facedown"]
Phase = Literal["main1", "battle", "main2"]
StepAction = Literal["activate", "chain", "pass", "summon", "set", "special_summon", "attack", "phase"]
StepPhase = Literal["battle", "main2", "end"]
Face = Literal["up", "down"]
Kind = Literal["ruling", "control"]

RULES: tuple[str, ...] = get_args(Rule)
LOCATIONS: tuple[str, ...] = get_args(Location)
FIELD_LOCATIONS = ("mzone", "szone", "fzone", "pzone")
POSITIONS: tuple[str, ...] = get_args(Position)
PHASES: tuple[str, ...] = get_args(Phase)
STEP_ACTIONS: tuple[str, ...] = get_args(StepAction)
STEP_PHASES: tuple[str, ...] = get_args(StepPhase)
# the chain windows of a battle, in order: the attack declaration, then the Damage Step's (its start, before
# damage calculation, during damage calculation, its end)
BattleWindow = Literal["attack_declaration", "damage_step_start", "before_damage_calculation", "damage_calculation",
                       "damage_step_end"]
BATTLE_WINDOWS: tuple[str, ...] = get_args(BattleWindow)
KINDS: tuple[str, ...] = get_args(Kind)

_ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


def rule_for_date(date: dt.date | str | None) -> str:
    """The Master Rule in force on a ruling's date; no date means the current rule (MR5)."""
    if date is None or date == "":
        return "MR5"
    if isinstance(date, str):
        try:
            date = dt.date.fromisoformat(date[:10])
        except ValueError as exc:
            raise InputError(f"ruling date {date!r} is not an ISO date (YYYY-MM-DD)") from exc
    if isinstance(date, dt.datetime):
        date = date.date()
    if date < MR4_START:
        return "MR3"
    if date < MR5_START:
        return "MR4"
    return "MR5"


def _choice(allowed: tuple[str, ...]) -> BeforeValidator:
    """A choice written in any case ('MZONE', ' mzone'); the message lists the choices."""

    def check(value: Any) -> str:
        text = str(value).strip().lower() if value is not None else ""
        if text not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}; got {value!r}")
        return text

    return BeforeValidator(check)


def _integer(value: Any) -> int:
    """An integer, or a string of one (decimal or 0x hex); never a boolean."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value), 0)
    except (TypeError, ValueError):
        raise ValueError(f"must be an integer, got {value!r}") from None


def _player(value: Any) -> int:
    player = _integer(value)
    if player not in (0, 1):
        raise ValueError(f"must be 0 or 1, got {value!r}")
    return player


def _ref(value: Any) -> str:
    ref = str(value)
    if not _ID.match(ref):
        raise ValueError(f"{ref!r} must match [a-z0-9][a-z0-9._-]*")
    return ref


def _as_list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _strings(value: Any) -> list[str]:
    return [str(v) for v in _as_list(value)]


def _lp_pair(value: Any) -> Any:
    if isinstance(value, dict):
        value = [value.get(0, value.get("0")), value.get(1, value.get("1"))]
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"must be two numbers [player 0, player 1], got {value!r}")
    return list(value)


def _some(value: list) -> list:
    if not value:
        raise ValueError("is empty")
    return value


def _text(value: Any) -> str:
    return str(value or "")


Int = Annotated[int, BeforeValidator(_integer)]
Player = Annotated[Literal[0, 1], BeforeValidator(_player)]
Ref = Annotated[str, BeforeValidator(_ref)]
Refs = Annotated[list[str], BeforeValidator(_strings, json_schema_input_type=str | list[str])]  # one ref or a list
Text = Annotated[str, BeforeValidator(_text)]  # None or missing is ""
LP = Annotated[list[Int], BeforeValidator(_lp_pair)]


class RulingRef(Record):
    """The scenario's header: the ruling it checks, where it comes from."""

    text: Text = ""
    source_url: Text = ""
    date: str | None = None
    """ISO date: since when the ruling holds (not its rule era)"""
    language: Text = ""

    @field_validator("date", mode="before")
    @classmethod
    def _date(cls, value: Any) -> str | None:
        if isinstance(value, (dt.date, dt.datetime)):
            value = value.isoformat()[:10]
        if not value:
            return None
        try:
            rule_for_date(str(value))  # a date must at least be one
        except InputError as exc:
            raise ValueError(str(exc)) from None
        return str(value)


class SetupCard(Record):
    ref: Ref
    code: Int
    player: Player
    location: Annotated[Location, _choice(LOCATIONS)]
    name: Text = ""
    """for readers only"""
    sequence: Int | None = None
    position: Annotated[Position, _choice(POSITIONS)] | None = None
    """default: faceup_attack in mzone, facedown in szone, faceup elsewhere"""
    set_this_turn: Annotated[bool, BeforeValidator(bool)] = False
    owner: Player | None = None
    """the card's owner, where it is not `player` (its controller): a card on the field of the player who does
    not own it goes to its owner's Graveyard, hand or Deck when it leaves (default: `player`)"""
    properly_summoned: Annotated[bool, BeforeValidator(bool)] = False
    """a monster in the Graveyard or banished that was properly Summoned before it got there (an Extra Deck
    monster Summoned by its own procedure): one whose revival the rules limit (正規の手順) can be Special Summoned
    from there; a monster placed in the Monster Zone always counts as properly Summoned"""
    equipped_to: Ref | None = None
    """the ref of the monster (in a Monster Zone) this card, face-up in the Spell & Trap Zone, is equipped to
    (EDOPro's Debug.PreEquip): an Equip Card, or a monster treated as one"""

    @model_validator(mode="after")
    def _on_field(self) -> "SetupCard":
        if self.set_this_turn and self.location not in FIELD_LOCATIONS:
            raise ValueError(f"card {self.ref!r}: set_this_turn only applies to cards on the field")
        if self.equipped_to is not None and (self.location != "szone" or self.position == "facedown"):
            raise ValueError(f"card {self.ref!r}: equipped_to only applies to a face-up card in the Spell & Trap Zone")
        if self.properly_summoned and self.location not in ("grave", "removed"):
            raise ValueError(f"card {self.ref!r}: properly_summoned only applies in the grave or removed "
                             f"(a monster in the Monster Zone counts as properly Summoned)")
        if self.location not in FIELD_LOCATIONS and self.position in ("faceup_defense", "facedown_defense",
                                                                       "facedown_attack"):
            raise ValueError(f"card {self.ref!r}: position {self.position} only applies on the field")
        return self

    @property
    def effective_position(self) -> str:
        if self.position:
            return self.position
        if self.location == "mzone":
            return "faceup_attack"
        if self.location == "szone":
            return "facedown"
        return "faceup"


class Setup(Record):
    lp: LP = Field(default_factory=lambda: [8000, 8000])
    turn_player: Player = 0
    """whose turn it is (the engine side is mapped so it plays first)"""
    phase: Annotated[Phase, _choice(PHASES)] = "main1"
    cards: Annotated[list[SetupCard], BeforeValidator(_as_list), AfterValidator(_some),
                     Field(json_schema_extra={"minItems": 1})]

    @model_validator(mode="after")
    def _unique_refs(self) -> "Setup":
        refs = [c.ref for c in self.cards]
        repeated = sorted({r for r in refs if refs.count(r) > 1})
        if repeated:
            raise ValueError(f"setup.cards repeats ref(s) {', '.join(repeated)}")
        monsters = {c.ref for c in self.cards if c.location == "mzone"}
        for c in self.cards:
            if c.equipped_to is not None and c.equipped_to not in monsters:
                raise ValueError(f"card {c.ref!r}: equipped_to {c.equipped_to!r} is no card in a Monster Zone")
        return self

    def card(self, ref: str) -> SetupCard:
        for card in self.cards:
            if card.ref == ref:
                return card
        raise KeyError(ref)


class StepExpect(TypedDict, total=False):
    """What the engine must show during a step."""

    __pydantic_config__ = ConfigDict(extra="forbid", use_attribute_docstrings=True)  # type: ignore[misc]
    offered: StrictBool
    """the action is offered"""
    target_selectable: dict[str, StrictBool]
    """card ref -> can it be chosen as a target"""
    selectable: dict[str, StrictBool]
    """card ref -> can it be chosen at another card prompt"""


class Step(Record):
    """One action. In a file: `{activate: ref, target: ref}`, `pass`, `{phase: battle}` … (the action is
    the key); in code: Step(action="activate", card="mst", target=["trap"])."""

    action: StepAction
    card: str | None = None
    """the ref acted with (None for pass / phase)"""
    phase: Annotated[StepPhase, _choice(STEP_PHASES)] | None = None
    """for action 'phase'"""
    target: Refs = Field(default_factory=list)
    """target prompt answers (activate/chain/attack)"""
    select: Refs = Field(default_factory=list)
    """other card prompts (special_summon, costs)"""
    position: Annotated[Position, _choice(POSITIONS)] | None = None
    """summon / set position"""
    answer: StrictBool | None = None
    """yes/no prompts during this step"""
    expect: StepExpect = Field(default_factory=lambda: StepExpect())
    """offered, target_selectable, selectable"""
    effect: Int | None = None
    """which of the card's effects: n of EDOPro's aux.Stringid(code, n)"""
    after: Refs = Field(default_factory=list)
    """a chain step: answered in the first chain window after these cards left where they were (the field, or the
    pile they started in: a draw, a card banished from the Deck; the event it
    responds to), not in the windows before (an attack declaration, the destroying card's activation)"""
    window: Annotated[BattleWindow, _choice(BATTLE_WINDOWS)] | None = None
    """a chain step: answered in this chain window of the Battle Phase (the event the engine's window is
    for), not in the windows before it"""
    note: Text = ""
    """a hand-written remark (not written back)"""

    @model_validator(mode="before")
    @classmethod
    def _from_file(cls, data: Any) -> Any:
        """The file form ({activate: mst, ...} or 'pass') as fields."""
        if isinstance(data, str):
            data = {data: None}
        if not isinstance(data, dict):
            raise ValueError(f"must be an action mapping or 'pass', got {data!r}")
        if "action" in data:
            return data
        actions = [key for key in data if key in STEP_ACTIONS]
        if len(actions) != 1:
            raise ValueError(f"must name exactly one action of {', '.join(STEP_ACTIONS)}; got {sorted(data)}")
        action = actions[0]
        fields = {k: v for k, v in data.items() if k != action}
        fields["action"] = action
        if fields.get("expect") is None:
            fields.pop("expect", None)
        if action == "phase":
            fields["phase"] = data[action]
        elif action == "pass":
            if data[action] not in (None, True):
                raise ValueError("'pass' takes no value")
        else:
            card = _as_list(data[action])
            if not card or card[0] is None:
                raise ValueError(f"({action}) needs a card ref")
            fields["card"] = str(card[0])
        return fields

    @model_validator(mode="after")
    def _effect(self) -> "Step":
        if self.effect is not None and (not 0 <= self.effect < 1 << 20 or self.action not in ("activate", "chain")):
            raise ValueError("effect must be a Stringid index 0..1048575 of an activate/chain step")
        return self

    def refs(self) -> Iterator[tuple[str, str]]:
        """(what, ref) for every card ref the step names."""
        if self.card is not None:
            yield "card", self.card
        yield from (("target", r) for r in self.target)
        yield from (("select", r) for r in self.select)
        for key in ("target_selectable", "selectable"):
            yield from ((f"expect.{key}", r) for r in self.expect.get(key) or {})  # type: ignore[attr-defined]

    def describe(self) -> str:
        if self.action == "phase":
            return f"phase {self.phase}"
        if self.action == "pass":
            return "pass"
        text = f"{self.action} {self.card}"
        if self.effect is not None:
            text += f" (effect {self.effect})"
        if self.target:
            text += f" -> {', '.join(self.target)}"
        return text

    def to_data(self) -> dict[str, Any] | str:
        """The file form."""
        if self.action == "pass" and not self.expect:
            return "pass"
        out: dict[str, Any] = {self.action: self.phase if self.action == "phase" else self.card}
        if self.target:
            out["target"] = self.target if len(self.target) > 1 else self.target[0]
        if self.select:
            out["select"] = self.select
        if self.position:
            out["position"] = self.position
        if self.answer is not None:
            out["answer"] = self.answer
        if self.effect is not None:
            out["effect"] = self.effect
        if self.after:
            out["after"] = self.after
        if self.window:
            out["window"] = self.window
        if self.expect:
            out["expect"] = dict(self.expect)
        return out

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict:
        """The file form: 'pass', or a mapping whose one action key names the card (or the phase)."""
        fields = handler(core_schema)
        fields = handler.resolve_ref_schema(fields)
        props = {k: v for k, v in fields["properties"].items() if k not in ("action", "card", "phase")}
        actions: dict[str, Any] = {a: {"type": "string", "description": "the card ref acted with"} for a in STEP_ACTIONS}
        actions["phase"] = fields["properties"]["phase"]["anyOf"][0]
        actions["pass"] = {"type": ["null", "boolean"]}
        return {"description": cls.__doc__, "anyOf": [
            {"const": "pass"},
            {"type": "object", "properties": {**actions, **props}, "additionalProperties": False,
             "oneOf": [{"required": [a]} for a in STEP_ACTIONS]}]}


class CardExpect(TypedDict, total=False):
    """Where a card must be at the end (a bare location name is {location: name})."""

    __pydantic_config__ = ConfigDict(extra="forbid", use_attribute_docstrings=True)  # type: ignore[misc]
    location: Annotated[Location, _choice(LOCATIONS)]
    position: Annotated[Position, _choice(POSITIONS)]
    face: Annotated[Face, _choice(("up", "down"))]
    player: Player
    sequence: Int
    attack: Int
    """a monster's ATK in the Monster Zone"""
    defense: Int
    """a monster's DEF in the Monster Zone"""


def _card_expect(value: Any) -> Any:
    return {"location": value} if isinstance(value, str) else value


def _refs_or_none(value: Any) -> Any:
    return None if value is None else _strings(value)


OptionalRefs = Annotated[list[str] | None, BeforeValidator(_refs_or_none, json_schema_input_type=str | list[str] | None)]


class Expect(Record):
    cards: dict[str, Annotated[CardExpect, BeforeValidator(_card_expect, json_schema_input_type=CardExpect | Location)]] = \
        Field(default_factory=dict)
    lp: LP | None = None
    chain: OptionalRefs = None
    """refs of the links of the last chain built, link 1 first"""
    resolved: OptionalRefs = None
    """refs in the order their chain links resolved"""

    @field_validator("cards", mode="before")
    @classmethod
    def _cards(cls, value: Any) -> Any:
        return value or {}


def _or_empty(value: Any) -> Any:
    return {} if value is None else value


class Scenario(Record):
    """One engine scenario: a ruling turned into a setup, steps and expectations."""

    format: Literal[1] = FORMAT_VERSION
    """FORMAT_VERSION; files with another version are refused"""
    id: Ref
    """unique across the files loaded together"""
    title: str = ""
    """default: the id"""
    topic: Text = "general"
    """summary tables group by it"""
    kind: Annotated[Kind, _choice(KINDS)] = "ruling"
    """ruling | control (same situation without the condition)"""
    control_for: str | None = None
    """a control names the ruling scenario it mirrors"""
    template: Text = "hand-written"
    """the generator template that produced it"""
    ruling_ids: Refs = Field(default_factory=list)
    """the Ruling records it checks"""
    ruling: Annotated[RulingRef, BeforeValidator(_or_empty)] = Field(default_factory=RulingRef)
    rule: Rule = "MR5"
    """the Master Rule it runs under; default today's rule (engine_bridge.era)"""
    rule_basis: str = ""
    """what decided the rule era"""
    setup: Setup
    steps: Annotated[list[Step], BeforeValidator(_as_list)] = Field(default_factory=list)
    expect: Annotated[Expect, BeforeValidator(_or_empty)] = Field(default_factory=Expect)
    note: Text = ""
    """a hand-written remark"""
    notes: Annotated[dict[str, Any], BeforeValidator(_or_empty)] = Field(default_factory=dict)
    """the generator's record: clause, stand-ins …"""
    source_file: SkipJsonSchema[str] = Field(default="", exclude=True)
    """where it was loaded from (not the format)"""

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"a scenario must be a mapping, got {type(data).__name__}")
        data = dict(data)
        version = data.get("format", FORMAT_VERSION)
        if version != FORMAT_VERSION and str(version) != str(FORMAT_VERSION):
            raise ValueError(f"scenario format {version!r} is not supported (this version reads format {FORMAT_VERSION})")
        data["format"] = FORMAT_VERSION
        if data.get("setup") is not None and not isinstance(data["setup"], (dict, Setup)):
            raise ValueError("setup must be a mapping with lp, turn_player, phase, cards")
        # a ruling in force today runs under today's rule; its date only says since when (engine_bridge.era)
        if not data.get("rule_basis"):
            data["rule_basis"] = "" if data.get("rule") else "no rule given: today's rule"
        rule = str(data.get("rule") or RULES[-1]).strip().upper()
        if rule not in RULES:
            raise ValueError(f"rule must be one of {', '.join(RULES)}; got {data.get('rule')!r}")
        data["rule"] = rule
        data["title"] = str(data.get("title") or data.get("id") or "")
        data["control_for"] = str(data["control_for"]) if data.get("control_for") else None
        return data

    @model_validator(mode="after")
    def _refs_known(self) -> "Scenario":
        refs = {c.ref for c in self.setup.cards}
        for index, step in enumerate(self.steps):
            for what, ref in step.refs():
                if ref not in refs:
                    raise ValueError(f"steps.{index} ({step.action}) {what} names unknown card ref {ref!r}")
        named = [("expect.cards", r) for r in self.expect.cards]
        named += [("expect.chain", r) for r in self.expect.chain or []]
        named += [("expect.resolved", r) for r in self.expect.resolved or []]
        for what, ref in named:
            if ref not in refs:
                raise ValueError(f"{what} names unknown card ref {ref!r}")
        if not self.steps and not self.expect.cards and self.expect.lp is None:
            raise ValueError("has neither steps nor expectations: nothing to check")
        return self

    @classmethod
    def from_data(cls, raw: Any, source: str = "<data>") -> "Scenario":
        """A scenario from its file form; InputError '<source>: scenario <id>: <field>: <what>' if it is not one."""
        given = raw.get("id") if isinstance(raw, dict) else None
        try:
            scenario = cls.model_validate(raw)
        except ValidationError as exc:
            where = source + (f": scenario {str(given)!r}" if given is not None and not _bad_id(exc) else "")
            raise InputError(f"{where}: {problem(exc)}") from None
        scenario.source_file = source
        return scenario

    def codes(self) -> list[int]:
        return sorted({card.code for card in self.setup.cards})

    def to_dict(self) -> dict[str, Any]:
        """The canonical file form (what dump_scenarios writes and load_scenarios reads back)."""
        data = self.model_dump(exclude_defaults=False)
        for card in data["setup"]["cards"]:
            for key, unset in (("name", ""), ("sequence", None), ("position", None), ("set_this_turn", False), ("owner", None),
                               ("properly_summoned", False)):
                if card[key] is unset or card[key] == unset:
                    del card[key]
        data["steps"] = [step.to_data() for step in self.steps]
        data["expect"] = {k: v for k, v in data["expect"].items() if v not in (None, {}, [])}
        for key in ("control_for", "rule_basis", "note", "notes"):
            if not data[key]:
                del data[key]
        return data


def _bad_id(exc: ValidationError) -> bool:
    return any(e["loc"][:1] == ("id",) for e in exc.errors())


# ------------------------------------------------------------------------------ the JSON Schema


def json_schema() -> dict:
    """The JSON Schema (2020-12) of the records: `$defs` holds every record and part; `anyOf` says
    what a JSONL line between stages may hold (RawPage, PageDoc) and `$defs.ScenarioFile` what a
    scenario file may hold (a Scenario, a list of them, or {scenarios: [...]})."""
    documented: tuple[type[BaseModel], ...] = (*LINE_RECORDS, Scenario)
    models: list[tuple[type[BaseModel], Literal["validation"]]] = [(m, "validation") for m in documented]
    refs, schema = models_json_schema(models, title="ygo-rulings records", ref_template="#/$defs/{model}")
    for model in LINE_RECORDS:
        definition = schema["$defs"][model.__name__]
        definition["properties"]["record"] = {"const": model.RECORD, "description": "the record type"}
        definition["properties"]["v"] = {"type": "integer", "minimum": 1, "maximum": model.VERSION,
                                         "description": "the record's version (older ones still read)"}
    scenario = refs[(Scenario, "validation")]
    schema["$defs"]["ScenarioFile"] = {"description": "a scenario file (YAML or JSON)", "anyOf": [
        scenario, {"type": "array", "items": scenario},
        {"type": "object", "properties": {"scenarios": {"type": "array", "items": scenario}},
         "required": ["scenarios"]}]}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["description"] = (__doc__ or "").split("\n\n")[0]
    schema["anyOf"] = [refs[(m, "validation")] for m in LINE_RECORDS]
    return schema


LINE_RECORDS: tuple[type[VersionedRecord], ...] = (RawPage, PageDoc)

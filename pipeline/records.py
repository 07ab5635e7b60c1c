"""What the NLP stage hands to the graph stage: one PageDoc per page (record "PageDoc", schema 1),
holding that page's rulings. One PageDoc is loaded in one Neo4j transaction.

Schema 2 adds `Ruling.frame` (what the ruling says as data, pipeline.frames); schema-1 records still
read (their rulings have no frame).
Schema 3 adds `Ruling.display` (the clean text shown to users) and `Mention.place` (text | note |
heading); older records still read (display falls back to the text, mentions are in the text)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

PAGE_DOC_VERSION = 3


@dataclass
class Mention:
    surface: str  # the text as written on the page
    start: int  # character offsets into Ruling.text (the original, not the normalized text); for a
    end: int  # mention in a note or heading (place), offsets into RawPage.text
    passcode: int | None  # None: an unlinked mention (unknown name)
    confidence: float  # 0..1
    matched_name: str | None = None  # the catalog name that matched
    matched_lang: str | None = None  # en | fr | ja | zh-CN | zh-TW
    matched_kind: str | None = None  # official | community | mined
    kind: str = "card"  # card | series
    role: str | None = None  # acting | affected | condition | None
    place: str = "text"  # schema 3: text | note | heading (where on the page the ruling names the card)


@dataclass
class Repair:
    original: str  # '咒文度'
    repaired: str  # '咒文速度'
    offset: int  # in the page text
    rule: str  # which glossary entry fired


@dataclass
class FrameCard:
    ref: str  # c1, c2 … (the events and the question name cards by it)
    name: str  # the name as the ruling writes it
    passcode: int | None = None
    controller: str | None = None  # self | opponent (the asker is "self")
    location: str | None = None  # hand | mzone | szone | fzone | pzone | field | grave | removed | deck | extra
    position: str | None = None  # faceup | facedown | faceup_attack | faceup_defense | facedown_defense | …
    state: list[str] = field(default_factory=list)  # applied | equipped | present | set_this_turn …


@dataclass
class FrameEvent:
    action: str  # activate | summon | special_summon | flip_summon | set | attack | destroy | send_to_grave | banish
    card: str | None = None  # FrameCard.ref
    actor: str | None = None  # self | opponent | None (the card's controller)
    effect: int | None = None  # ① = 1
    effect_text: str | None = None  # the 『』 quoted effect text
    targets: list[str] = field(default_factory=list)
    chained_to: str | None = None
    note: str | None = None


@dataclass
class FrameQuestion:
    kind: str  # can_activate | can_target | can_summon | can_set | can_attack | is_destroyed | applies | what_happens
    text: str = ""  # the words it was read from
    card: str | None = None  # FrameCard.ref of the card acting (or affected, for is_destroyed)
    actor: str | None = None
    effect: int | None = None
    effect_kind: str | None = None  # monster | pendulum | None
    effect_text: str | None = None
    targets: list[str] = field(default_factory=list)
    how: str | None = None  # the summon named (特殊召喚 …)


@dataclass
class Frame:
    language: str = ""
    cards: list[FrameCard] = field(default_factory=list)  # the situation
    events: list[FrameEvent] = field(default_factory=list)  # in order
    question: FrameQuestion | None = None
    answer: str | None = None  # yes | no | outcome
    outcome: str | None = None  # the answer's first sentence, when it is an outcome
    fates: dict[str, str] = field(default_factory=dict)  # card ref -> destroyed | survives | banished | grave | hand | deck
    unread: list[str] = field(default_factory=list)  # the parts that could not be read, and why

    @classmethod
    def from_dict(cls, data: dict | None) -> "Frame | None":
        if not data:
            return None
        data = dict(data)
        data["cards"] = [FrameCard(**c) for c in data.get("cards", [])]
        data["events"] = [FrameEvent(**e) for e in data.get("events", [])]
        data["question"] = FrameQuestion(**data["question"]) if data.get("question") else None
        return cls(**data)


@dataclass
class Ruling:
    id: str  # stable: derived from source_id and the normalized text
    text: str  # original text of the ruling (as on the page)
    normalized: str  # after normalization (folded width, pinyin removed, repairs, zh-Hans)
    language: str  # zh-Hans | zh-Hant | ja | fr | en
    section: list[str] = field(default_factory=list)  # heading path
    start: int = 0  # character offsets into RawPage.text
    end: int = 0
    date: str | None = None  # ISO date 2017-03-24
    kind: str = "ruling"  # rule (general) | ruling (specific) | qa | supplement (a card's 補足情報) | list (a
    # heading's rule over the cards listed under it: meta["items"] holds the items' page spans)
    polarity: str | None = None  # can | cannot | is | is_not
    action: str | None = None  # activate | target | destroy | negate | special_summon | banish | chain | ...
    topics: list[str] = field(default_factory=list)  # topic keys from pipeline.topics
    mentions: list[Mention] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    example_of: str | None = None  # id of the ruling this one illustrates, if it is an example
    meta: dict[str, Any] = field(default_factory=dict)  # e.g. Q&A fid, question/answer split
    frame: Frame | None = None  # schema 2: what the ruling says as data (pipeline.frames)
    display: str = ""  # schema 3: clean text to show (markup and pinyin removed, the page's own script)


@dataclass
class MinedAlias:
    name: str  # '內置式機槍'
    language: str  # zh-Hant
    passcode: int
    evidence: str  # the text the pair was found in


@dataclass
class PageDoc:
    url: str
    source_id: str
    content_hash: str
    language: str
    title: str = ""
    fetched_at: str = ""
    rulings: list[Ruling] = field(default_factory=list)
    aliases: list[MinedAlias] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        data = asdict(self)
        data["record"] = "PageDoc"
        data["v"] = PAGE_DOC_VERSION
        return data

    @classmethod
    def from_json(cls, data: dict) -> "PageDoc":
        data = {k: v for k, v in data.items() if k not in ("record", "v")}
        rulings = []
        for r in data.get("rulings", []):
            r = dict(r)
            r["mentions"] = [Mention(**m) for m in r.get("mentions", [])]
            r["frame"] = Frame.from_dict(r.get("frame"))
            rulings.append(Ruling(**r))
        data["rulings"] = rulings
        data["aliases"] = [MinedAlias(**a) for a in data.get("aliases", [])]
        data["repairs"] = [Repair(**r) for r in data.get("repairs", [])]
        return cls(**data)

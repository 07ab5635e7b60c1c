"""RawPage: what the crawl stage hands to the NLP stage (record "RawPage", schema version 1)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

RAW_PAGE_VERSION = 1


@dataclass
class Heading:
    level: int  # 1 = page title level
    text: str
    offset: int  # character offset of the heading line in RawPage.text


@dataclass
class RawPage:
    url: str  # http(s) URL, or file:// URL for offline ingest; Q&A: the Konami FAQ URL of the fid
    source_id: str  # ocg-rule-docs | konami-faq | jp-expert | jp-wiki | zh-forum | fr-wiki | fr-articles | seed
    language: str  # zh-Hans | zh-Hant | ja | fr | en (page-level guess; NLP decides per block)
    content_hash: str  # sha256 hex of the raw bytes; the key of the raw blob in the store
    text: str  # decoded main text, boilerplate removed; headings kept as their own lines
    title: str = ""
    headings: list[Heading] = field(default_factory=list)  # in text order
    format: str = "html"  # html | text | rst | markdown | qa-json
    declared_encoding: str | None = None
    detected_encoding: str | None = None
    replacement_chars: int = 0  # U+FFFD count after decoding
    fetched_at: str = ""  # ISO 8601 UTC
    status: int = 200
    etag: str | None = None
    last_modified: str | None = None
    content_type: str | None = None
    outlinks: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)  # format-specific: Q&A fid, tags, mentionedCards, ...
    problems: list[str] = field(default_factory=list)  # non-fatal issues found while decoding/parsing

    def to_json(self) -> dict:
        data = asdict(self)
        data["record"] = "RawPage"
        data["v"] = RAW_PAGE_VERSION
        return data

    @classmethod
    def from_json(cls, data: dict) -> "RawPage":
        data = {k: v for k, v in data.items() if k not in ("record", "v")}
        data["headings"] = [Heading(**h) for h in data.get("headings", [])]
        return cls(**data)

"""What spiders yield: a fetched page, a 304 (unchanged), or a per-page failure with its reason."""

from __future__ import annotations

from dataclasses import dataclass

from rulings.records import RawPage


@dataclass
class FetchedPage:
    page: RawPage
    raw: bytes


@dataclass
class NotModified:
    url: str
    source_id: str


@dataclass
class FetchFailed:
    url: str
    source_id: str
    reason: str

"""Ruling semantics from cue words (pipeline/data/semantics.yaml): polarity (can / cannot / is /
is_not), the action the ruling is about, general rule vs specific ruling, and the role of each card
mention (acting / affected / condition) by a positional heuristic."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import yaml

from pipeline.normalize import DATA_DIR
from rulings.text import language_family

_QUOTED_NAME = re.compile(r"[「『][^「」『』\n]{1,60}[」』]|[“\"][^“”\"\n]{1,40}[”\"]")
_SENTENCE_END = re.compile(r"[。！？!?]|\.(?:\s|$)")


@lru_cache(maxsize=2)
def load_cues(path: str | None = None) -> dict:
    return yaml.safe_load(Path(path or DATA_DIR / "semantics.yaml").read_text(encoding="utf-8"))


@lru_cache(maxsize=16)
def _cue_pattern(section: str, family: str) -> tuple[re.Pattern, dict] | None:
    table = (load_cues().get(section) or {}).get(family) or {}
    label_of = {}
    for label, cues in table.items():
        for cue in cues or []:
            label_of.setdefault(str(cue).lower(), label)
    if not label_of:
        return None
    # Longest first, so at one position 不能 wins over 能 and "ne peut pas" over "peut".
    alternatives = sorted(label_of, key=len, reverse=True)
    if family in ("fr", "en"):
        body = "|".join(re.escape(c) for c in alternatives)
        return re.compile(rf"(?<![\w'])(?:{body})"), label_of
    return re.compile("|".join(re.escape(c) for c in alternatives)), label_of


def _first_clause(text: str) -> str:
    m = _SENTENCE_END.search(text)
    return text[: m.end()] if m else text


def polarity(text: str, language: str) -> str | None:
    """Japanese puts the predicate last: take the last cue of the first sentence; elsewhere the first.
    Modal cues win over copulas in the same scope (semantics.yaml `polarity_copulas`)."""
    family = language_family(language)
    compiled = _cue_pattern("polarity", family)
    if compiled is None:
        return None
    pattern, label_of = compiled
    # Quoted card names are not predicates (「できる」 could be in a name).
    body = _QUOTED_NAME.sub(lambda m: " " * len(m.group(0)), text.lower())
    sentence = _first_clause(body)
    hits = list(pattern.finditer(sentence)) or list(pattern.finditer(body))
    if not hits:
        return None
    copulas = {str(c).lower() for c in (load_cues().get("polarity_copulas") or {}).get(family) or []}
    modal = [h for h in hits if h.group(0) not in copulas]
    hits = modal or hits  # a modal cue (可以/不能/peut) says more than a copula (是/est) beside it
    hit = hits[-1] if family == "ja" else hits[0]
    return label_of[hit.group(0)]


def actions(text: str, language: str) -> list[str]:
    """Every action named in the text, most specific first (in text order), generic ones last."""
    compiled = _cue_pattern("actions", language_family(language))
    if compiled is None:
        return []
    pattern, label_of = compiled
    body = _QUOTED_NAME.sub(lambda m: " " * len(m.group(0)), text.lower())
    ordered: list[str] = []
    for m in pattern.finditer(body):
        label = label_of[m.group(0)]
        if label not in ordered:
            ordered.append(label)
    generic = set(load_cues().get("generic_actions") or [])
    return [a for a in ordered if a not in generic] + [a for a in ordered if a in generic]


def primary_action(text: str, language: str) -> str | None:
    found = actions(text, language)
    return found[0] if found else None


def ruling_kind(text: str, has_mentions: bool) -> str:
    """A ruling about named cards is a specific ruling; otherwise it states a general rule."""
    return "ruling" if has_mentions or _QUOTED_NAME.search(text) else "rule"


@dataclass
class _RoleCues:
    window: int
    affected_after: list
    condition_after: list
    acting_before: list
    affected_before: list


def _role_cues(language: str) -> _RoleCues:
    roles = load_cues().get("roles") or {}
    table = roles.get(language_family(language)) or {}
    return _RoleCues(int(roles.get("window", 6)), table.get("affected_after") or [], table.get("condition_after") or [],
                     table.get("acting_before") or [], table.get("affected_before") or [])


def mention_roles(text: str, spans: Sequence[tuple[int, int]], language: str) -> list[str | None]:
    """One role per mention span (offsets into `text`, the normalized ruling text).

    condition: the card's presence/application is the situation (「X」效果适用中, 「X」が存在);
    affected: a cue right after it says it is targeted/destroyed/negated, or 以/把 stands before it;
    acting: it is being activated (发动「X」), or it is the first card and nothing else applies."""
    cues = _role_cues(language)
    roles: list[str | None] = []
    for index, (start, end) in enumerate(spans):
        after = text[end:end + cues.window]
        before = text[max(0, start - cues.window):start]
        if any(after.startswith(c) or after.lstrip("」』").startswith(c) for c in cues.condition_after):
            roles.append("condition")
        elif any(c in after[: len(c) + 2] for c in cues.affected_after):
            roles.append("affected")
        elif any(before.rstrip("「『").endswith(c) for c in cues.acting_before):
            roles.append("acting")
        elif any(before.rstrip("「『").endswith(c) for c in cues.affected_before):
            roles.append("affected")
        elif index == 0:
            roles.append("acting")
        else:
            roles.append(None)
    return roles

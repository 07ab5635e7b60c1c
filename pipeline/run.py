"""The NLP stage: RawPage -> PageDoc. Segments each page (pipeline.segment), normalizes every ruling
with an offset map back to the page (pipeline.normalize), decides its language, links card mentions
(pipeline.cardlink, batched with nlp.pipe), then dates, topics and semantics.

A bad page never stops the stage: whatever goes wrong is recorded in PageDoc.problems."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator

from crawlers.records import RawPage
from pipeline.language import is_chinese, segment_language
from pipeline.normalize import Normalized, fold_width, normalize, page_has_conversion_damage, to_simplified
from pipeline.records import Mention, PageDoc, Ruling
from pipeline.segment import Segment, segment_page
from pipeline.semantics import mention_roles, polarity, primary_action, actions, ruling_kind
from pipeline.topics import assign_topics, topics_for_qa_tags
from rulings.jsonl import write_jsonl

ID_LENGTH = 16


def ruling_id(source_id: str, normalized: str) -> str:
    """Stable across re-runs: the same source and the same normalized text give the same id."""
    digest = hashlib.sha1(f"{source_id}\n{' '.join(normalized.split())}".encode("utf-8")).hexdigest()
    return digest[:ID_LENGTH]


def default_linker():
    from pipeline.cardlink import CardLinker

    return CardLinker.default()


@dataclass
class _Draft:
    segment: Segment
    norm: Normalized  # clean text of the segment; offsets are page offsets
    language: str
    matching: str  # the clean text in Simplified for Chinese (same length as norm.text)
    section: list[str]
    notes: list[str] = field(default_factory=list)
    side_repairs: list = field(default_factory=list)  # repairs made in the headings and notes


def _matching_text(text: str, language: str) -> str:
    return to_simplified(text) if is_chinese(language) else text


def _clean(text: str, fmt: str, damaged: bool = False, base: int | None = None) -> tuple[str, list]:
    """A heading or note, normalized like ruling text: the same glossary repairs (咒文度 -> 咒文速度)
    on a damaged page; repairs are returned with page offsets when `base` (the text's page offset)
    is known, else not recorded."""
    norm = normalize(text, fmt=fmt, damaged=damaged, base=base or 0)
    return " ".join(norm.text.split()), (norm.repairs if base is not None else [])


def _drafts(page: RawPage, segments: list[Segment], damaged: bool) -> list[_Draft]:
    drafts = []
    text, fmt = page.text, page.format
    for seg in segments:
        norm = normalize(text[seg.start:seg.end], fmt=fmt, damaged=damaged, base=seg.start)
        language = segment_language(norm.text, page.language)
        side_repairs, section, notes = [], [], []
        for h in seg.section:
            at = text.rfind(h, 0, seg.start + 1)  # a heading is written above its rulings
            cleaned, repairs = _clean(h, fmt, damaged, at if at >= 0 else None)
            section.append(cleaned)
            side_repairs += repairs
        for s, e in seg.notes:
            cleaned, repairs = _clean(text[s:e], fmt, damaged, s)
            notes.append(cleaned)
            side_repairs += repairs
        drafts.append(_Draft(seg, norm, language, _matching_text(norm.text, language), section,
                             [_matching_text(n, language) for n in notes], side_repairs))
    return drafts


def _page_language(drafts: list[_Draft], default: str) -> str:
    weights = Counter()
    for d in drafts:
        weights[d.language] += len(d.norm.text)
    return weights.most_common(1)[0][0] if weights else default


def _mentions_on_page(draft: _Draft, found: list[Mention], page_text: str) -> list[Mention]:
    """Mention offsets from the matching text -> offsets into Ruling.text (the original)."""
    seg_start = draft.segment.start
    spans = [(m.start, m.end) for m in found]
    roles = mention_roles(draft.matching, spans, draft.language)
    out = []
    for m, role in zip(found, roles):
        if not (0 <= m.start < m.end <= len(draft.norm.text)):
            continue
        s, e = draft.norm.source_span(m.start, m.end)
        out.append(replace(m, surface=page_text[s:e], start=s - seg_start, end=e - seg_start, role=role))
    return out


def _ruling(page: RawPage, draft: _Draft, mentions: list[Mention], featured: list = ()) -> Ruling:
    seg = draft.segment
    normalized = draft.matching.strip()
    qa = seg.kind == "qa"
    meta = dict(seg.meta)
    semantic_text = normalized
    if qa and meta.get("answer"):
        semantic_text = _matching_text(normalize(str(meta["answer"]), damaged=False).text, draft.language)
    found_actions = actions(semantic_text, draft.language) or actions(normalized, draft.language)
    if found_actions:
        meta["actions"] = found_actions
    topics = assign_topics(normalized, [_matching_text(h, draft.language) for h in draft.section], draft.language,
                           featured)
    if qa:
        topics += [t for t in topics_for_qa_tags(meta.get("tags") or []) if t not in topics]
    from pipeline.frames import frame_for

    return Ruling(
        id=ruling_id(page.source_id, normalized),
        text=page.text[seg.start:seg.end],
        normalized=normalized,
        language=draft.language,
        section=draft.section,
        start=seg.start,
        end=seg.end,
        date=seg.date,
        kind="qa" if qa else "supplement" if seg.kind == "supplement" else ruling_kind(
            normalized, any(m.passcode is not None for m in mentions)),
        polarity=polarity(semantic_text, draft.language),
        action=found_actions[0] if found_actions else primary_action(normalized, draft.language),
        topics=topics,
        mentions=mentions,
        notes=draft.notes,
        meta=meta,
        frame=frame_for(normalized, draft.language, mentions, meta if qa else None),
    )


def process_page(page: RawPage, linker=None) -> PageDoc:
    return next(process_pages([page], linker=linker))


def process_pages(pages: Iterable[RawPage], linker=None) -> Iterator[PageDoc]:
    """One PageDoc per page, in input order. linker None: the default catalog's linker, built once."""
    for page in pages:
        doc = PageDoc(url=page.url, source_id=page.source_id, content_hash=page.content_hash,
                      language=page.language, title=page.title, fetched_at=page.fetched_at,
                      problems=list(page.problems or []))
        try:
            if linker is None:
                linker = default_linker()
            _fill(doc, page, linker)
        except Exception as exc:  # a bad page is recorded, never fatal to the run
            doc.problems.append(f"NLP failed: {type(exc).__name__}: {str(exc)[:200]}")
        yield doc


def _fill(doc: PageDoc, page: RawPage, linker) -> None:
    text = page.text or ""
    if not text.strip():
        doc.problems.append("empty page: no text to segment")
        return
    bad_chars = text.count("\ufffd")
    if bad_chars:
        doc.problems.append(f"{bad_chars} replacement characters (U+FFFD) in the text; mentions near them may be missed")
    segments = segment_page(page)
    if not segments:
        doc.problems.append("no rulings found on the page")
        return
    # judged on the raw (width-folded) text: a normalized text would already have the sure repairs applied
    damaged = page_has_conversion_damage(fold_width(text))
    drafts = _drafts(page, segments, damaged)
    doc.language = _page_language(drafts, page.language)
    seen_repairs = set()
    for d in drafts:
        for repair in d.norm.repairs + d.side_repairs:  # headings repeat on every ruling under them
            if (repair.offset, repair.rule) not in seen_repairs:
                seen_repairs.add((repair.offset, repair.rule))
                doc.repairs.append(repair)
    doc.repairs.sort(key=lambda r: r.offset)

    # Aliases first (「中文名/日本語名」 pairs), so this page's own aliases already link. They go into
    # a view of the linker for this page only: the shared linker is never changed mid-batch, so a
    # page's records do not depend on the other pages of its batch.
    try:
        from pipeline.aliases import mine_aliases

        for d in drafts:
            if is_chinese(d.language):
                doc.aliases.extend(mine_aliases(d.norm.text, d.language, linker))
        if doc.aliases and hasattr(linker, "with_aliases"):
            linker = linker.with_aliases(doc.aliases)
    except Exception as exc:
        doc.problems.append(f"alias mining failed: {type(exc).__name__}: {str(exc)[:200]}")

    # The nearest heading of each ruling is linked too: the cards it names are what the rulings
    # under it are about (a Q&A's title), which gives the card-kind topics.
    heads = list(dict.fromkeys((_matching_text(d.section[-1], d.language), d.language) for d in drafts if d.section))
    try:
        found = linker.link_many([(d.matching, d.language) for d in drafts] + heads)
    except Exception as exc:
        doc.problems.append(f"card linking failed: {type(exc).__name__}: {str(exc)[:200]}")
        found = [[] for _ in drafts] + [[] for _ in heads]
    in_heading = {head: [m.passcode for m in ms if m.passcode is not None and m.kind == "card"]
                  for head, ms in zip(heads, found[len(drafts):])}
    found = found[:len(drafts)]
    kinds = getattr(linker, "kinds", None) or {}

    def featured(d: _Draft, mentions: list[Mention]) -> list:
        key = (_matching_text(d.section[-1], d.language), d.language) if d.section else None
        passcodes = in_heading.get(key) or [m.passcode for m in mentions if m.passcode is not None
                                            and m.kind == "card"][:1]
        return [kinds[p] for p in dict.fromkeys(passcodes) if p in kinds]

    rulings: list[Ruling] = []
    seen: Counter = Counter()
    for d, mentions in zip(drafts, found):
        ruling = _ruling(page, d, _mentions_on_page(d, mentions, text), featured(d, mentions))
        seen[ruling.id] += 1
        if seen[ruling.id] > 1:  # the same sentence twice on one page: keep both, ids stay unique
            ruling.id = f"{ruling.id}-{seen[ruling.id]}"
        rulings.append(ruling)
    for d, ruling in zip(drafts, rulings):
        parent = d.segment.example_of
        if parent is not None and 0 <= parent < len(rulings) and rulings[parent] is not ruling:
            ruling.example_of = rulings[parent].id
            rulings[parent].examples.append(ruling.normalized)
    doc.rulings = rulings
    if len(rulings) == 0:
        doc.problems.append("no rulings found on the page")


def process_store(store, out_path: Path, only_new: bool = False, linker=None) -> int:
    """PageDocs for the pages of a crawlers.store.RawStore (only_new: those the last run found new or
    changed) written as versioned JSONL; returns how many were written."""
    pages = store.run_pages() if only_new else store.pages()
    return write_jsonl(Path(out_path), process_pages(pages, linker=linker))

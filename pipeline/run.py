"""The NLP stage: RawPage -> PageDoc. Segments each page (pipeline.segment), normalizes every ruling
with an offset map back to the page (pipeline.normalize), decides its language, links card mentions
(pipeline.cardlink, batched with nlp.pipe), then dates, topics and semantics.

A bad page never stops the stage: whatever goes wrong is recorded in PageDoc.problems."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from rulings.records import RawPage
from pipeline.language import is_chinese, segment_language
from pipeline.normalize import Normalized, display_text, normalize, page_has_conversion_damage
from rulings.records import Mention, PageDoc, Ruling
from pipeline.segment import Segment, segment_page, structure_lists
from pipeline.semantics import mention_roles, polarity, primary_action, actions, ruling_kind
from pipeline.topics import assign_topics, topics_for_qa_tags
from rulings.jsonl import write_jsonl
from rulings.text import fold_width, to_simplified_same_length

ID_LENGTH = 16


def ruling_id(source_id: str, normalized: str, page: str = "") -> str:
    """Stable across re-runs: the same source, page and normalized text give the same id. The page is
    part of it: two pages of one source stating the same ruling are two rulings, each with its own
    provenance (url, section, offsets) and its own history, not one node the last page overwrites."""
    key = f"{source_id}\n{' '.join(normalized.split())}" + (f"\n{page}" if page else "")
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()
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
    # the nearest heading and the notes, normalized with page offsets (None: the heading's place on
    # the page is unknown): their card mentions are linked too, with their place recorded
    heading: Normalized | None = None
    note_norms: list[Normalized] = field(default_factory=list)


def _matching_text(text: str, language: str) -> str:
    return to_simplified_same_length(text) if is_chinese(language) else text


def _drafts(page: RawPage, segments: list[Segment], damaged: bool) -> list[_Draft]:
    drafts = []
    text, fmt = page.text, page.format
    for seg in segments:
        norm = normalize(text[seg.start:seg.end], fmt=fmt, damaged=damaged, base=seg.start)
        language = segment_language(norm.text, page.language)
        side_repairs, section, notes, note_norms, heading = [], [], [], [], None
        for h in seg.section:
            at = text.rfind(h, 0, seg.start + 1)  # a heading is written above its rulings
            head = normalize(h, fmt=fmt, damaged=damaged, base=max(at, 0))
            section.append(" ".join(head.text.split()))
            side_repairs += head.repairs if at >= 0 else []
            heading = head if at >= 0 else None
        for s, e in seg.notes:
            note = normalize(text[s:e], fmt=fmt, damaged=damaged, base=s)
            notes.append(" ".join(note.text.split()))
            note_norms.append(note)
            side_repairs += note.repairs
        drafts.append(_Draft(seg, norm, language, _matching_text(norm.text, language), section,
                             [_matching_text(n, language) for n in notes], side_repairs, heading, note_norms))
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
        out.append(m.model_copy(update={"surface": page_text[s:e], "start": s - seg_start, "end": e - seg_start, "role": role}))
    return out


def _list_mentions(draft: _Draft, mentions: list[Mention], page_text: str, linker) -> list[Mention]:
    """A list ruling's items are card names as a whole (short ones too: 激流葬, 突風, 援軍): each item
    is linked as one name, offsets into Ruling.text; other mentions (in its heading) are kept."""
    seg_start = draft.segment.start
    out = list(mentions)
    for s, e in draft.segment.meta.get("items") or []:
        item = page_text[s:e]
        lead = len(item) - len(item.lstrip(" \t\u3000□◇◆・･※"))
        name = item[lead:].rstrip()
        found = linker.link_name(name, draft.language) if name else None
        if found is None:
            continue
        start, end = s - seg_start + lead, s - seg_start + lead + len(name)
        out = [m for m in out if m.end <= start or m.start >= end]
        out.append(found.model_copy(update={"surface": name, "start": start, "end": end, "role": None}))
    return sorted(out, key=lambda m: m.start)


def _mentions_placed(norm: Normalized, found: list[Mention], page_text: str, place: str) -> list[Mention]:
    """Mentions found in a note or heading (linked on its clean text) with offsets into the page."""
    out = []
    for m in found:
        if 0 <= m.start < m.end <= len(norm.text):
            s, e = norm.source_span(m.start, m.end)
            out.append(m.model_copy(update={"surface": page_text[s:e], "start": s, "end": e, "role": None, "place": place}))
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
    # a Konami Q&A's database date tells the topic model how Konami tagged at the time
    topics = assign_topics(normalized, [_matching_text(h, draft.language) for h in draft.section], draft.language,
                           featured, seg.date if qa else None)
    if qa:
        topics += [t for t in topics_for_qa_tags(meta.get("tags") or []) if t not in topics]
    return Ruling(
        id=ruling_id(page.source_id, normalized, page.url),
        text=page.text[seg.start:seg.end],
        normalized=normalized,
        language=draft.language,
        section=draft.section,
        start=seg.start,
        end=seg.end,
        date=seg.date,
        kind="qa" if qa else seg.kind if seg.kind in ("supplement", "list") else ruling_kind(
            normalized, any(m.passcode is not None for m in mentions)),
        polarity=polarity(semantic_text, draft.language),
        action=found_actions[0] if found_actions else primary_action(normalized, draft.language),
        topics=topics,
        mentions=mentions,
        notes=draft.notes,
        meta=meta,
        display=" ".join(draft.norm.text.split()),
    )


def _frame(ruling: Ruling):
    """The ruling's frame, read once all its mentions are in (a Q&A's title names cards that are linked
    as heading mentions: a frame read before them finds those names unlinked). The frame names cards as
    shown to users: surfaces without markup or pinyin."""
    from pipeline.frames import frame_for

    return frame_for(ruling.normalized, ruling.language,
                     [m.model_copy(update={"surface": display_text(m.surface)}) for m in ruling.mentions],
                     ruling.meta if ruling.kind == "qa" else None)


def process_page(page: RawPage, linker=None) -> PageDoc:
    return next(process_pages([page], linker=linker))


def process_pages(pages: Iterable[RawPage], linker=None) -> Iterator[PageDoc]:
    """One PageDoc per page, in input order. linker None: the default catalog's linker, built once."""
    for page in pages:
        doc = PageDoc(url=page.url, source_id=page.source_id, content_hash=page.content_hash,
                      language=page.language, title=display_text(page.title or "", page.format),
                      fetched_at=page.fetched_at,
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
    if hasattr(linker, "link_name"):  # list pages: heading-carrying list rulings, fragments as headings
        segments = structure_lists(page, segments, lambda name: linker.link_name(name, page.language) is not None)
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
    # Notes and the nearest heading are linked as well (on their clean text); their mentions join
    # the ruling's with place "note" / "heading" and page offsets. A heading is linked once.
    placed_heads = list(dict.fromkeys((d.heading.offsets[0], d.language) for d in drafts if d.heading is not None))
    head_norm = {(d.heading.offsets[0], d.language): d.heading for d in drafts if d.heading is not None}
    notes = [(i, k) for i, d in enumerate(drafts) for k in range(len(d.note_norms))]
    items = ([(d.matching, d.language) for d in drafts] + heads
             + [(_matching_text(head_norm[key].text, key[1]), key[1]) for key in placed_heads]
             + [(_matching_text(drafts[i].note_norms[k].text, drafts[i].language), drafts[i].language) for i, k in notes])
    try:
        found = linker.link_many(items)
    except Exception as exc:
        doc.problems.append(f"card linking failed: {type(exc).__name__}: {str(exc)[:200]}")
        found = [[] for _ in items]
    n, h = len(drafts), len(heads)
    in_heading = {head: [m.passcode for m in ms if m.passcode is not None and m.kind == "card"]
                  for head, ms in zip(heads, found[n:n + h])}
    heading_mentions = {key: _mentions_placed(head_norm[key], ms, text, "heading")
                        for key, ms in zip(placed_heads, found[n + h:n + h + len(placed_heads)])}
    note_mentions: dict[int, list[Mention]] = {}
    for (i, k), ms in zip(notes, found[n + h + len(placed_heads):]):
        note_mentions.setdefault(i, []).extend(_mentions_placed(drafts[i].note_norms[k], ms, text, "note"))
    found = found[:n]
    kinds = getattr(linker, "kinds", None) or {}

    def featured(d: _Draft, mentions: list[Mention]) -> list:
        key = (_matching_text(d.section[-1], d.language), d.language) if d.section else None
        passcodes = in_heading.get(key) or [m.passcode for m in mentions if m.passcode is not None
                                            and m.kind == "card"][:1]
        return [kinds[p] for p in dict.fromkeys(passcodes) if p in kinds]

    rulings: list[Ruling] = []
    seen: Counter = Counter()
    for i, (d, mentions) in enumerate(zip(drafts, found)):
        on_page = _mentions_on_page(d, mentions, text)
        if d.segment.kind == "list":
            on_page = _list_mentions(d, on_page, text, linker)
        ruling = _ruling(page, d, on_page, featured(d, on_page))
        ruling.mentions += note_mentions.get(i, [])
        if d.heading is not None:
            ruling.mentions += heading_mentions.get((d.heading.offsets[0], d.language), [])
        ruling.frame = _frame(ruling)
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

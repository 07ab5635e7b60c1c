"""Evaluation of card linking (and Q&A topic agreement) on the shared development sets.

ja  Konami Q&A (corpus/konami-faq/qa-dev.jsonl.gz): per Q&A, the set of cards linked in
    title + question + answer against `mentionedCards`, compared as Konami ids (linked passcodes ->
    `konami_id` via cards.jsonl.gz; alternate artworks share one Konami id).
zh  Rules docs (corpus/ocg-rule-docs/**.rst): 「`name`_」 marks a card. The markup is stripped to
    「name」 before linking (the linker never sees the backticks); gold spans resolve to passcodes by
    an exact `rulings.text.fold_name` lookup of community then official names; gold names that do not
    resolve are left out, and predictions on them are neither right nor wrong.
fr  French articles (corpus/fr-rulings/*.md): *italic* spans name cards (or quote card text). All
    asterisks are stripped before linking. Gold = italic spans whose text is a card name (fold_name
    lookup of fr/en names) or a short reference made of whole words of exactly one card named in
    italics earlier in the article (*Tireur* after *Tireur de l'Atlantide*). Other italics (card
    text, conjunctions such as *et si vous le faites*) are not gold.

zh-page  The same rules docs through the whole NLP stage (segmentation, normalization, linking of
    ruling text, notes and headings): every card mention of the page's PageDoc, placed on the page,
    against the gold spans on the raw RST (each page span counted once).

zh and fr are scored on spans: a linked card mention is right when it overlaps a gold span with the
same passcode. Scores are micro-averaged. Series mentions and unlinked mentions are not scored.
"""

from __future__ import annotations

import bisect
import gzip
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

from pipeline.cardlink import CardLinker
from rulings.cards import Card
from rulings.errors import InputError
from rulings.text import fold_name


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    items: int = 0
    notes: dict = field(default_factory=dict)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(precision=round(self.precision, 4), recall=round(self.recall, 4), f1=round(self.f1, 4))
        return d


# ------------------------------------------------------------------------------------------------ ja

def read_qa(path: Path, limit: int | None = None) -> list[dict]:
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such Q&A file")
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for n, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}: line {n} is not JSON ({exc.msg})") from exc
            if limit and len(out) >= limit:
                break
    return out


def qa_text(qa: dict) -> str:
    return "\n".join(qa.get(k) or "" for k in ("title", "question", "answer"))


def eval_qa(linker: CardLinker, catalog: dict[int, Card], qas: list[dict]) -> Score:
    # Compared as Konami ids: alternate artworks (two passcodes, one Konami id) are one card to the gold.
    konami_of = {c.passcode: c.konami_id for c in catalog.values() if c.konami_id is not None}
    known = set(konami_of.values())
    score = Score()
    unmapped = 0
    results = linker.link_many((qa_text(q), "ja") for q in qas)
    for qa, mentions in zip(qas, results):
        gold = set()
        for kid in qa.get("mentionedCards") or []:
            if kid in known:
                gold.add(kid)
            else:
                unmapped += 1
        predicted = {konami_of.get(m.passcode, -m.passcode) for m in mentions
                     if m.passcode is not None and m.kind == "card"}
        score.tp += len(gold & predicted)
        score.fp += len(predicted - gold)
        score.fn += len(gold - predicted)
        score.items += 1
    score.notes["gold_ids_without_card"] = unmapped
    return score


# ------------------------------------------------------------------------------------------------ zh

_RST_CARD = re.compile(r"「`([^`]+?)`_」")


def strip_rst_cards(raw: str) -> tuple[str, list[tuple[int, int, str]]]:
    """「`name`_」 -> 「name」; returns the stripped text and the gold (start, end, name) spans in it."""
    out, gold, last = [], [], 0
    pos = 0
    for m in _RST_CARD.finditer(raw):
        out.append(raw[last:m.start()])
        pos += m.start() - last
        name = m.group(1)
        out.append("「" + name + "」")
        gold.append((pos + 1, pos + 1 + len(name), name))
        pos += len(name) + 2
        last = m.end()
    out.append(raw[last:])
    return "".join(out), gold


def _name_index(catalog: dict[int, Card], langs: Iterable[str], community: bool) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for card in catalog.values():
        names = [card.names[lang] for lang in langs if card.names.get(lang)]
        if community and card.community_zh:
            names.insert(0, card.community_zh)
        for name in names:
            key = fold_name(name)
            if card.passcode not in index.setdefault(key, []):
                index[key].append(card.passcode)
    return index


def _same_card(catalog: dict[int, Card]):
    """passcode -> a key equal for alternate artworks of one card (their shared Konami id)."""
    def key(passcode: int | None):
        card = catalog.get(passcode) if passcode is not None else None
        return ("konami", card.konami_id) if card is not None and card.konami_id is not None else passcode
    return key


def _spans_score(score: Score, mentions, gold: list[tuple[int, int, int | None]], same=lambda p: p) -> None:
    matched = set()
    gold = [(s, e, same(p) if p is not None else None) for s, e, p in gold]
    for m in mentions:
        if m.passcode is None or m.kind != "card":
            continue
        overlapping = [i for i, (s, e, _) in enumerate(gold) if m.start < e and s < m.end]
        if not overlapping:
            score.fp += 1
            continue
        if all(gold[i][2] is None for i in overlapping):
            continue  # a gold name the catalog does not know: neither right nor wrong
        hit = [i for i in overlapping if gold[i][2] == same(m.passcode)]
        if hit:
            if hit[0] not in matched:
                score.tp += 1
                matched.add(hit[0])
        else:
            score.fp += 1
    score.fn += sum(1 for i, g in enumerate(gold) if g[2] is not None and i not in matched)


def _marked_files_score(linker: CardLinker, catalog: dict[int, Card], paths: list[Path], language: str,
                        gold_of, left_out: str) -> Score:
    """Linking scored on files whose markup names the cards: gold_of(file text) gives the plain text,
    the gold spans (start, end, passcode) and how many marked names it left out (noted as `left_out`)."""
    score, missed = Score(), 0
    for path in paths:
        text, gold, left = gold_of(Path(path).read_text(encoding="utf-8"))
        _spans_score(score, linker.link(text, language), gold, _same_card(catalog))
        score.items += 1
        missed += left
    score.notes[left_out] = missed
    return score


def eval_rule_docs(linker: CardLinker, catalog: dict[int, Card], paths: list[Path]) -> Score:
    community = _name_index(catalog, ("zh-CN", "zh-TW"), community=True)

    def gold_of(raw: str):
        text, spans = strip_rst_cards(raw)
        gold = [(s, e, (community.get(fold_name(name)) or [None])[0]) for s, e, name in spans]
        return text, gold, sum(passcode is None for _, _, passcode in gold)

    return _marked_files_score(linker, catalog, paths, "zh-Hans", gold_of, "gold_unresolved")


def page_mentions(doc) -> list:
    """Every card mention of a PageDoc with offsets into the page (RawPage.text), each page span once:
    text mentions are offsets into their ruling, note and heading mentions already page offsets."""

    seen, out = set(), []
    for r in doc.rulings:
        for m in r.mentions:
            start, end = (m.start, m.end) if getattr(m, "place", "text") != "text" else (r.start + m.start, r.start + m.end)
            if (start, end, m.passcode) not in seen:
                seen.add((start, end, m.passcode))
                out.append(m.model_copy(update={"start": start, "end": end}))
    return out


def eval_rule_docs_pages(linker: CardLinker, catalog: dict[int, Card], paths: list[Path]) -> Score:
    """zh-page: the rules docs through the whole stage (pipeline.run.process_pages), scored on the
    raw page: gold = the name inside each 「`name`_」."""
    from crawlers.offline import read_paths
    from pipeline.run import process_pages

    community = _name_index(catalog, ("zh-CN", "zh-TW"), community=True)
    score = Score()
    unresolved = 0
    pages = [page for page, _ in read_paths([str(p) for p in paths])]
    for page, doc in zip(pages, process_pages(pages, linker=linker)):
        gold = []
        for m in _RST_CARD.finditer(page.text):
            passcodes = community.get(fold_name(m.group(1))) or []
            unresolved += not passcodes
            gold.append((m.start(1), m.end(1), passcodes[0] if passcodes else None))
        _spans_score(score, page_mentions(doc), gold, _same_card(catalog))
        score.items += 1
        if doc.problems:
            score.notes.setdefault("problems", []).append(doc.problems[0][:80])
    score.notes["gold_unresolved"] = unresolved
    return score


# ------------------------------------------------------------------------------------------------ fr

_ITALIC = re.compile(r"(?<![*\w])\*(?!\*|\s)([^*\n]+?)(?<!\s)\*(?!\*)")
_HTML_ITALIC = re.compile(r"<i>([^<\n]+?)</i>")
_STRAIGHT_QUOTED = re.compile(r"(?<![\w\"])\"([^\"\n]{1,60})\"(?![\w\"])")
_MARKUP = re.compile(r"\*+|<[^>\n]+>")


def strip_markdown_italics(raw: str) -> tuple[str, list[tuple[int, int, str, str]]]:
    """Remove asterisks and HTML tags; returns the text and the (start, end, text) in it of each span
    the article marks as a possible name: Markdown *italics*, HTML <i>…</i>, and "…" (the card-text
    convention for card names inside quoted card text)."""
    marked = [(m.start(1), m.end(1), m.group(1), "italic") for m in _ITALIC.finditer(raw)]
    marked += [(m.start(1), m.end(1), m.group(1), "italic") for m in _HTML_ITALIC.finditer(raw)]
    marked += [(m.start(1), m.end(1), m.group(1), "quoted") for m in _STRAIGHT_QUOTED.finditer(raw)]
    removed = [(m.start(), m.end()) for m in _MARKUP.finditer(raw)]
    starts = [s for s, _ in removed]
    cumulative, total = [], 0
    for s, e in removed:
        total += e - s
        cumulative.append(total)

    def shift(i: int) -> int:
        k = bisect.bisect_left(starts, i)  # markup tokens that start before i
        return i - (cumulative[k - 1] if k else 0)

    text = _MARKUP.sub("", raw)
    spans = []
    for s, _e, t, how in sorted(marked):
        if _MARKUP.search(t):
            continue  # a span holding markup (a whole formatted sentence) is no name
        spans.append((shift(s), shift(s) + len(t), t, how))
    return text, spans


def fr_gold(catalog: dict[int, Card], italics: list[tuple[int, int, str, str]],
            index: dict[str, list[int]] | None = None) -> tuple[list[tuple[int, int, int]], int]:
    index = index or _name_index(catalog, ("fr", "en"), community=False)
    gold, seen_words, other = [], [], 0
    for s, e, t, how in italics:
        passcodes = index.get(fold_name(t))
        if passcodes:
            gold.append((s, e, passcodes[0]))
            card = catalog[passcodes[0]]
            words = {fold_name(w) for name in (card.names.get("fr"), card.names.get("en")) if name
                     for w in re.split(r"[\s,:]+", name) if w}
            seen_words.append((passcodes[0], words))
            continue
        words = [fold_name(w) for w in t.split()]
        hits = {p for p, ws in seen_words if words and all(w in ws for w in words)}
        # Short references only from italics: quoted card text names series ("Yang Zing"), not cards.
        if how == "italic" and len(hits) == 1 and len(t.split()) <= 3:
            gold.append((s, e, hits.pop()))
        else:
            other += 1
    return gold, other


def eval_fr(linker: CardLinker, catalog: dict[int, Card], paths: list[Path]) -> Score:
    index = _name_index(catalog, ("fr", "en"), community=False)

    def gold_of(raw: str):
        text, italics = strip_markdown_italics(raw)
        return (text, *fr_gold(catalog, italics, index))

    # Names inside whole-sentence <i> answer blocks are unmarked, so linking them counts as a false
    # positive here although most are right: precision is a lower bound.
    return _marked_files_score(linker, catalog, paths, "fr", gold_of, "italics_not_card_names")


# -------------------------------------------------------------------------------------------- topics

def qa_split(qa: dict) -> str:
    """'dev' (even fid: cue lists and card-kind rows were tuned on these) or 'heldout' (odd fid)."""
    return "dev" if int(qa.get("fid") or 0) % 2 == 0 else "heldout"


def featured_cards(linker: CardLinker, catalog: dict[int, Card], qas: list[dict]) -> list[list[Card]]:
    """Per Q&A, the cards it is about as the pipeline sees them: those linked in its title (the
    Q&A page's heading), else the first card linked in its question."""
    titles = linker.link_many((q.get("title") or "", "ja") for q in qas)
    questions = linker.link_many(((q.get("question") or "", "ja") for q in qas))
    out = []
    for in_title, in_question in zip(titles, questions):
        found = [m.passcode for m in in_title if m.passcode is not None and m.kind == "card"]
        if not found:
            found = [m.passcode for m in in_question if m.passcode is not None and m.kind == "card"][:1]
        out.append([catalog[p] for p in dict.fromkeys(found) if p in catalog])
    return out


def mentioned_cards(catalog: dict[int, Card], qas: list[dict]) -> list[list[Card]]:
    """Per Q&A, the cards of its `mentionedCards` (Konami ids), as a Q&A page's segment carries them:
    the cards the topic model was trained with."""
    by_kid = {c.konami_id: c for c in catalog.values() if c.konami_id is not None}
    return [[by_kid[k] for k in dict.fromkeys(q.get("mentionedCards") or []) if k in by_kid] for q in qas]


def _prf(tp: int, fp: int, fn: int) -> list[float]:
    p, r = (tp / (tp + fp) if tp + fp else 0.0), (tp / (tp + fn) if tp + fn else 0.0)
    return [round(p, 3), round(r, 3), round(2 * p * r / (p + r) if p + r else 0.0, 3)]


def eval_qa_topics(qas: list[dict], cards: list[list[Card]] | None = None) -> dict[str, Score]:
    """Topics assigned from the Q&A (title as heading, question + answer as text, the featured cards)
    against the topics its Konami tags map to, per split. Scored only on the topics a tag can map to:
    the tags never say "targeting" or "zones", so those assignments are neither right nor wrong here
    (notes.all_topics keeps the unrestricted micro figure). Notes: macro F1 over those topics and
    per-topic [tp, fp, fn]."""
    from pipeline.topic_model import get_model, qa_date
    from pipeline.topics import assign_topics, load_topics, topics_for_qa_tags

    taggable = {k for k, t in load_topics().items() if t.qa_tags}
    cards = cards if cards is not None else [[] for _ in qas]
    scores = {"dev": Score(), "heldout": Score()}
    every = {"dev": Score(), "heldout": Score()}
    per_topic: dict[str, dict[str, list[int]]] = {"dev": {}, "heldout": {}}
    for qa, featured in zip(qas, cards):
        split = qa_split(qa)
        gold = set(topics_for_qa_tags(qa.get("tags") or []))
        text = "\n".join(qa.get(k) or "" for k in ("question", "answer"))
        predicted = set(assign_topics(text, [qa.get("title") or ""], "ja", featured, qa_date(qa)))
        for score, pred in ((every[split], predicted), (scores[split], predicted & taggable)):
            score.tp += len(gold & pred)
            score.fp += len(pred - gold)
            score.fn += len(gold - pred)
            score.items += 1
        for key in gold | (predicted & taggable):
            counts = per_topic[split].setdefault(key, [0, 0, 0])
            counts[0 if key in gold and key in predicted else 1 if key in predicted else 2] += 1
    for split, score in scores.items():
        f1s = []
        for key in sorted(taggable):
            f1s.append(_prf(*per_topic[split].get(key, [0, 0, 0]))[2])
        score.notes["macro_f1"] = round(sum(f1s) / len(f1s), 4) if f1s else 0.0
        model = get_model()
        score.notes["source"] = f"model {model.path}" if model is not None else "cue lists"
        score.notes["all_topics"] = {k: v for k, v in every[split].as_dict().items()
                                     if k in ("precision", "recall", "f1")}
        worst = sorted(per_topic[split].items(), key=lambda kv: -(kv[1][1] + kv[1][2]))
        score.notes["per_topic_tp_fp_fn"] = dict(worst)
        score.notes["per_topic_p_r_f1"] = {k: _prf(*v) for k, v in sorted(per_topic[split].items())}
    return scores


# ------------------------------------------------------------------------------------------- running

def main_eval(sets: Iterable[str] = ("ja", "zh", "fr", "topics"), limit: int | None = None,
              linker: CardLinker | None = None, catalog: dict[int, Card] | None = None,
              shared: Path | None = None) -> dict[str, dict]:
    """Run the evaluations; returns {set: {precision, recall, f1, tp, fp, fn, items, notes}}.
    `limit` keeps the first N items of each set (Q&As, documents)."""
    from rulings import config
    from rulings.cards import load_catalog

    shared = Path(shared) if shared else config.shared_dir()
    if catalog is None:
        catalog = load_catalog(config.cards_file(), config.community_names_file())
    if linker is None:
        linker = CardLinker.from_catalog(catalog)
    corpus = shared / "corpus"
    report: dict[str, dict] = {}
    sets = list(sets)
    unknown = set(sets) - {"ja", "zh", "zh-page", "fr", "topics"}
    if unknown:
        raise InputError(f"unknown evaluation set(s) {sorted(unknown)} (have: ja, zh, zh-page, fr, topics)")
    qas = None
    if "ja" in sets or "topics" in sets:
        qas = read_qa(corpus / "konami-faq" / "qa-dev.jsonl.gz", limit)
    if "ja" in sets:
        report["ja"] = eval_qa(linker, catalog, qas).as_dict()
    if "zh" in sets:
        paths = sorted((corpus / "ocg-rule-docs").rglob("*.rst"))[:limit]
        report["zh"] = eval_rule_docs(linker, catalog, paths).as_dict()
    if "zh-page" in sets:
        paths = sorted((corpus / "ocg-rule-docs").rglob("*.rst"))[:limit]
        report["zh-page"] = eval_rule_docs_pages(linker, catalog, paths).as_dict()
    if "fr" in sets:
        paths = sorted((corpus / "fr-rulings").glob("*.md"))[:limit]
        report["fr"] = eval_fr(linker, catalog, paths).as_dict()
    if "topics" in sets:
        # The Q&A's own mentionedCards (Konami ids) give the card kinds, as on a Q&A page's segment;
        # where a Q&A has none, the cards linked in its title/question.
        mentioned, linked = mentioned_cards(catalog, qas), featured_cards(linker, catalog, qas)
        topic_scores = eval_qa_topics(qas, [m or f for m, f in zip(mentioned, linked)])
        report["topics"] = topic_scores["heldout"].as_dict()
        report["topics-dev"] = topic_scores["dev"].as_dict()
    return report


def format_report(report: dict[str, dict]) -> str:
    lines = [f"{'set':8} {'P':>7} {'R':>7} {'F1':>7} {'tp':>6} {'fp':>6} {'fn':>6} {'items':>6}  notes"]
    for name, r in report.items():
        lines.append(f"{name:8} {r['precision']:7.4f} {r['recall']:7.4f} {r['f1']:7.4f} {r['tp']:6d} {r['fp']:6d} "
                     f"{r['fn']:6d} {r['items']:6d}  {json.dumps(r['notes'], ensure_ascii=False)}")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(format_report(main_eval(sys.argv[1:] or ("ja", "zh", "fr", "topics"))))

"""Card-mention linking: find card (and series) names in a ruling's text and link them to passcodes.

Two sources of candidates:
1. Quoted spans: 「」『』“”«» and Markdown *italics*. Rulings quote card names almost always, so an
   exact (folded) lookup of the quoted text is the strongest evidence; a quoted name that is no card
   stays an unlinked mention (passcode None), and a quoted series name (「剑斗兽」怪兽, 「HERO」) becomes a
   series mention.
2. A gazetteer over every card name: official en/fr/ja/zh-CN/zh-TW, the community Chinese names and
   mined aliases, matched with a character-level Aho-Corasick automaton (pyahocorasick) over folded
   text. Matching is on characters, not tokens, because jieba and Sudachi often split a card name
   across token boundaries (内置式|机枪, サイクロ|ン) or glue it to the next word (旋風的); the matches are
   then aligned back to spaCy spans with `doc.char_span(..., alignment_mode="expand")` and stored in
   `doc.spans["cards"]`, while the Mention keeps the exact character offsets.

Folding (the same function for names and text, character by character so offsets map back):
NFKC (full/half width), lower case, Latin accents removed, middle dots/spaces/dashes/apostrophes
removed, Traditional -> Simplified with OpenCC. So 「旋風」 (zh-Hant) finds the community name 旋风.

Ambiguity: short unquoted names are common words (旋风 "whirlwind", "Trappe"), so names under a
length threshold are accepted only inside quotes; overlapping matches keep the longest; when one
folded name belongs to several cards, the name whose language matches the block language wins
(community names first on Chinese pages, which use them), then official passcodes over fake ones.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import ahocorasick

from pipeline.nlp_models import base_language, get_nlp
from rulings.records import MinedAlias, Mention
from rulings.cards import Card
from rulings.errors import RulingsError
from rulings.jsonl import atomic_write
from rulings.text import PINYIN_AFTER_HAN, fold_lookup, fold_lookup_char

# --------------------------------------------------------------------------------------------- folding

@lru_cache(maxsize=100_000)
def _fold_word(word: str) -> str:
    return fold_lookup(word)


def pinyin_mask(text: str) -> set[int]:
    """The offsets of the pinyin annotations written after Chinese characters (旋風(fēng)): no part of any name."""
    return {i for m in PINYIN_AFTER_HAN.finditer(text) for i in range(m.start(), m.end())}


def fold_with_map(text: str, skip: set[int] | None = None) -> tuple[str, list[int]]:
    """Folded text and, for each folded character, the index of the original character it came from.
    Characters in `skip` (pinyin annotations) are left out."""
    out: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        if skip and i in skip:
            continue
        piece = fold_lookup_char(ch)
        if piece:
            out.append(piece)
            index.extend([i] * len(piece))
    return "".join(out), index


def _is_cjk(ch: str) -> bool:
    return ch >= "\u2e80"  # CJK radicals onwards: kana, hanzi, hangul, full-width forms


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() and not _is_cjk(ch)


# ------------------------------------------------------------------------------------------ the index

# Language of the text block -> catalog name languages in order of preference.
_LANG_PREF = {
    "zh-Hans": ("community", "zh-CN", "zh-TW", "mined", "ja", "en", "fr"),
    "zh-Hant": ("community", "zh-TW", "zh-CN", "mined", "ja", "en", "fr"),
    "ja": ("ja", "mined", "en", "zh-CN", "zh-TW", "community", "fr"),
    "fr": ("fr", "en", "mined", "ja", "zh-CN", "zh-TW", "community"),
    "en": ("en", "fr", "mined", "ja", "zh-CN", "zh-TW", "community"),
}
_KIND_RANK = {"official": 0, "fake": 1, "synthetic": 2}

# A quoted name followed by one of these is a series ("「剑斗兽」怪兽", "「HERO」モンスター").
_SERIES_SUFFIX = re.compile(
    r"\s*(?:怪兽|怪獸|モンスター|カード|と名のついた|卡|魔法|陷阱|罠|系列|字段|"
    r"monsters?\b|cards?\b|Spells?\b|Traps?\b|archetype|monstres?\b|cartes?\b|archétype)",
    re.IGNORECASE,
)
# French puts the word first: 1 monstre "Abysses Ardents", 1 carte « Enfernité ».
_SERIES_PREFIX = re.compile(r"\b(?:monstres?|cartes?|Magies?|Pièges?|archétypes?|archetypes?)\s*[«\"“]\s*$",
                            re.IGNORECASE)
# ... and lists them: les archétypes "Chevaliers Fantômes" et "Paléozoïque".
_SERIES_LIST_PREFIX = re.compile(r"\b(?:archétypes?|archetypes?|séries?)\s*(?:[«\"“][^«»\"“”\n]{1,40}[»\"”]\s*(?:,|et|ou|and|or)\s*)+"
                                 r"[«\"“]\s*$", re.IGNORECASE)
_SERIES_IN_TEXT = re.compile(r"(?:「([^」\n]{1,30})」|\"([^\"\n]{1,40})\"|“([^”\n]{1,40})”|«\s?([^»\n]{1,40}?)\s?»)"
                             r"(?=\s*(?:怪兽|モンスター|カード|と名のついた|卡|魔法|陷阱| monster| card| Spell| Trap))")


@dataclass(frozen=True)
class NameEntry:
    passcode: int
    name: str  # as in the catalog
    lang: str  # en | fr | ja | zh-CN | zh-TW | community | mined
    kind: str  # official | community | mined
    passcode_kind: str  # official | fake | synthetic

    @property
    def record_lang(self) -> str:
        return "zh-CN" if self.lang in ("community", "mined") else self.lang


def _min_unquoted_len(folded: str) -> int:
    """Folded length a name needs to be trusted outside quotes (shorter ones are common words)."""
    return 4 if any(_is_cjk(c) for c in folded) else 8


@dataclass
class _Candidate:
    start: int
    end: int
    entries: list[NameEntry] | None
    quoted: bool
    series: bool = False


# Bumped when the pickled index changes shape: an older cache file is then simply not found.
_INDEX_VERSION = "v2"


@dataclass(frozen=True)
class CardKind:
    card_type: str | None  # Monster | Spell | Trap
    monster_type_line: str | None  # "Dragon / Xyz / Effect"


class CardLinker:
    """Links card names in text to passcodes. Build with `from_catalog` or `default()`."""

    _default: "CardLinker | None" = None
    _default_lock = threading.Lock()

    def __init__(self, names: dict[str, list[NameEntry]], series: set[str], catalog_size: int = 0,
                 prose_words: set[str] | None = None, kinds: dict[int, CardKind] | None = None):
        self.names = names  # folded name -> entries
        # passcode -> card type and monster type line: what topics need of a linked card
        self.kinds = kinds or {}
        self.series = series  # folded series names
        self.catalog_size = catalog_size
        # One-word Latin names that card texts use as ordinary words outside quotes ("Invocation");
        # other one-word names ("Polymérisation", "Tragoedia") may be matched unquoted.
        self.prose_words = prose_words or set()
        self._automaton = None
        self._lock = threading.Lock()

    # ------------------------------------------------------------------------------ building

    @classmethod
    def from_catalog(cls, catalog: dict[int, Card], cache_dir: Path | None = None,
                     cache_key: str | None = None) -> "CardLinker":
        """Index every name of every card. With cache_dir and cache_key (e.g. the cards file hash),
        the folded index is pickled there and reused."""
        if cache_dir is not None and cache_key:
            path = Path(cache_dir) / f"link_index_{_INDEX_VERSION}_{cache_key}.pickle"
            if path.exists():
                try:
                    names, series, size, prose, kinds = pickle.loads(path.read_bytes())
                    return cls(names, series, size, prose, kinds)
                except Exception:  # a stale or truncated cache is rebuilt, never trusted
                    pass
        names: dict[str, list[NameEntry]] = {}
        series: set[str] = set()
        canonical = _canonical_passcodes(catalog)
        for card in catalog.values():
            passcode = canonical.get(card.passcode, card.passcode)
            for text, lang, kind in card.all_names():
                entry = NameEntry(passcode, text, "community" if kind == "community" else lang, kind,
                                  catalog[passcode].passcode_kind)
                key = fold_lookup(text)
                if key and entry not in names.get(key, ()):
                    names.setdefault(key, []).append(entry)
            for text, lang in _mixed_prefix_variants(card):
                entry = NameEntry(passcode, text, lang, "community" if lang == "community" else "official",
                                  catalog[passcode].passcode_kind)
                key = fold_lookup(text)
                if key and entry not in names.get(key, ()):
                    names.setdefault(key, []).append(entry)
            for s in card.series:
                series.add(fold_lookup(s))
            for lang in ("ja", "zh-CN", "en"):
                for m in _SERIES_IN_TEXT.finditer(card.texts.get(lang, "")):
                    s = next(g for g in m.groups() if g)
                    series.add(fold_lookup(s))
        series.discard("")
        prose = _prose_words(catalog, names)
        kinds = {card.passcode: CardKind(card.card_type, card.monster_type_line) for card in catalog.values()}
        linker = cls(names, series, len(catalog), prose, kinds)
        if cache_dir is not None and cache_key:
            try:
                atomic_write(Path(cache_dir) / f"link_index_{_INDEX_VERSION}_{cache_key}.pickle",
                             pickle.dumps((names, series, len(catalog), prose, kinds), protocol=pickle.HIGHEST_PROTOCOL))
            except (OSError, RulingsError):
                pass  # the cache is an optimisation only
        return linker

    @classmethod
    def default(cls) -> "CardLinker":
        """The linker over the configured card catalog, built once per process (index cached on disk
        in the data directory, keyed by the hash of the cards and community files)."""
        with cls._default_lock:
            if cls._default is None:
                from rulings import config
                from rulings.cards import load_catalog

                cards, community = config.cards_file(), config.community_names_file()
                key = _files_key([cards, community])
                cache_dir = config.data_home() / "cache"
                path = cache_dir / f"link_index_{_INDEX_VERSION}_{key}.pickle"
                catalog = {} if path.exists() else load_catalog(cards, community)
                cls._default = cls.from_catalog(catalog, cache_dir=cache_dir, cache_key=key)
            return cls._default

    def add_aliases(self, aliases: Iterable[MinedAlias]) -> int:
        """Index mined aliases (MinedAlias.name -> passcode); returns how many were new."""
        added = 0
        with self._lock:
            for alias in aliases:
                key = fold_lookup(alias.name)
                if not key:
                    continue
                entries = self.names.setdefault(key, [])
                if any(e.passcode == alias.passcode for e in entries):
                    continue
                entries.append(NameEntry(alias.passcode, alias.name, "mined", "mined", "official"))
                added += 1
            if added:
                self._automaton = None
        return added

    def with_aliases(self, aliases: Iterable[MinedAlias]) -> "CardLinker":
        """A linker that also knows `aliases`, leaving this one untouched (so a page's mentions never
        depend on which other pages were processed before it). It shares this linker's index and
        automaton; names the index lacks go into a small automaton of their own."""
        view = copy.copy(self)
        view.names = dict(self.names)
        view._lock = threading.Lock()
        extra = []
        for alias in aliases:
            key = fold_lookup(alias.name)
            entries = view.names.get(key, [])
            if not key or any(e.passcode == alias.passcode for e in entries):
                continue
            if key not in self.names and key not in extra:
                extra.append(key)
            view.names[key] = entries + [NameEntry(alias.passcode, alias.name, "mined", "mined", "official")]
        if view.names.keys() == self.names.keys() and not extra:
            view._automaton = self.automaton()
            return view
        base = self.automaton()
        auto = ahocorasick.Automaton()
        for key in extra:
            if len(key) >= 2:
                auto.add_word(key, key)
        auto.make_automaton()
        view._automaton = _ChainedAutomaton(base, auto if len(auto) else None)
        return view

    def automaton(self):
        with self._lock:
            if self._automaton is None:
                auto = ahocorasick.Automaton()
                for key in self.names:
                    if len(key) >= 2:
                        auto.add_word(key, key)
                auto.make_automaton()
                self._automaton = auto
            return self._automaton

    def chinese_names(self) -> list[str]:
        return [e.name for entries in self.names.values() for e in entries
                if e.lang in ("zh-CN", "zh-TW", "community", "mined")]

    # ------------------------------------------------------------------------------ linking

    def link(self, text: str, language: str) -> list[Mention]:
        """Mentions in `text` (offsets into it), in text order."""
        return self.link_many([(text, language)])[0]

    def link_many(self, items: Iterable[tuple[str, str]], use_spacy: bool = True) -> list[list[Mention]]:
        """Link many (text, language) pairs; texts are tokenized in batches with nlp.pipe per language
        and each mention is stored on its doc as a spaCy span (doc.spans["cards"])."""
        items = list(items)
        results: list[list[Mention]] = [self._link_text(text, language) for text, language in items]
        if use_spacy:
            by_lang: dict[str, list[int]] = {}
            for i, (_, language) in enumerate(items):
                by_lang.setdefault(base_language(language), []).append(i)
            for base, indexes in by_lang.items():
                nlp = get_nlp(base)
                docs = nlp.pipe((items[i][0] for i in indexes), disable=list(nlp.pipe_names), batch_size=64)
                for i, doc in zip(indexes, docs):
                    results[i] = self._align(doc, results[i], base)
        return results

    def link_docs(self, items: Iterable[tuple[str, str]]):
        """Like link_many, but returns the spaCy docs with doc.spans["cards"] set."""
        items = list(items)
        docs = []
        for text, language in items:
            nlp = get_nlp(language)
            doc = nlp.make_doc(text)
            mentions = self._align(doc, self._link_text(text, language), base_language(language))
            doc.user_data["mentions"] = mentions
            docs.append(doc)
        return docs

    def link_name(self, text: str, language: str) -> Mention | None:
        """`text` read as one whole card name, as if quoted (a list item 「□激流葬」: short names,
        which the gazetteer trusts only inside quotes, count here); None when it names no card."""
        found = [m for m in self._link_text(f"「{text}」", language) if m.passcode is not None and m.kind == "card"]
        if len(found) != 1 or (found[0].start, found[0].end) != (1, len(text) + 1):
            return None
        return found[0].model_copy(update={"start": 0, "end": len(text)})

    def _align(self, doc, mentions: list[Mention], base: str) -> list[Mention]:
        spans, kept = [], []
        for m in mentions:
            if base in ("fr", "en") and m.passcode is not None and m.confidence < 0.9:
                # Unquoted Latin matches must sit on token boundaries ("Trappe" inside "Trappes" is no name).
                if doc.char_span(m.start, m.end, alignment_mode="strict") is None:
                    continue
            span = doc.char_span(m.start, m.end, label=m.kind, alignment_mode="expand")
            if span is not None:
                spans.append(span)
            kept.append(m)
        doc.spans["cards"] = spans
        return kept

    # The core: plain Python over characters, no spaCy needed.
    def _link_text(self, text: str, language: str) -> list[Mention]:
        if language not in _LANG_PREF:
            base_language(language)  # raises InputError for an unknown language
            language = {"zh": "zh-Hans"}.get(language, language)
        quoted = [c for c in self._quoted_candidates(text, language) if not _is_rules_term(text, c)]
        taken = [(c.start, c.end) for c in quoted if c.entries or c.series]
        unquoted = [c for c in self._gazetteer_candidates(text, language, taken, quoted)
                    if not _is_rules_term(text, c)]
        mentions: list[Mention] = []
        linked_here: list[NameEntry] = []
        for cand in sorted(quoted + unquoted, key=lambda c: c.start):
            if cand.series:
                mentions.append(Mention(surface=text[cand.start:cand.end], start=cand.start, end=cand.end, passcode=None,
                                        confidence=0.9, matched_name=text[cand.start:cand.end], kind="series"))
                continue
            if cand.entries:
                entry, confidence = self._choose(cand.entries, language)
                if not cand.quoted:
                    confidence *= 0.85
                linked_here.append(entry)
                mentions.append(Mention(surface=text[cand.start:cand.end], start=cand.start, end=cand.end,
                                        passcode=entry.passcode, confidence=round(confidence, 3), matched_name=entry.name,
                                        matched_lang=entry.record_lang, matched_kind=entry.kind))
            else:
                mentions.append(Mention(surface=text[cand.start:cand.end], start=cand.start, end=cand.end, passcode=None,
                                        confidence=0.3))
        if language in ("fr", "en"):
            mentions = self._latin_short_references(text, mentions)
        # Short references to a card named earlier on the same text (*Tireur* after *Tireur de
        # l'Atlantide*, 「施里特」 after 「影灵衣术士 施里特」).
        for m in mentions:
            if m.passcode is None and m.kind == "card":
                ref = self._short_reference(m.surface, linked_here)
                if ref is not None:
                    m.passcode, m.confidence = ref.passcode, 0.6
                    m.matched_name, m.matched_lang, m.matched_kind = ref.name, ref.record_lang, ref.kind
        return mentions

    def _choose(self, entries: list[NameEntry], language: str) -> tuple[NameEntry, float]:
        pref = _LANG_PREF[language]

        def rank(e: NameEntry):
            return (pref.index(e.lang) if e.lang in pref else len(pref), _KIND_RANK.get(e.passcode_kind, 3),
                    e.passcode)

        ordered = sorted(entries, key=rank)
        best = ordered[0]
        rivals = {e.passcode for e in ordered if rank(e)[:2] == rank(best)[:2]}
        confidence = 0.97 if len(rivals) == 1 else 0.6
        if best.lang not in (pref[0], pref[1]):
            confidence -= 0.1
        return best, confidence

    def _latin_word_df(self) -> dict[str, int]:
        """How many cards have each word in their fr/en names: a rare word ("Bixi", "Pulsar") can stand
        for its card, a common one ("Dragon", "Main") cannot."""
        if getattr(self, "_word_df", None) is None:
            per_word: dict[str, set[int]] = {}
            for entries in self.names.values():
                for e in entries:
                    if e.lang in ("fr", "en"):
                        for w in _LATIN_WORD_SPLIT.split(e.name):
                            if w:
                                per_word.setdefault(fold_lookup(w), set()).add(e.passcode)
            self._word_df = {w: len(p) for w, p in per_word.items()}
            self._latin_by_passcode: dict[int, list[str]] = {}
            for entries in self.names.values():
                for e in entries:
                    if e.lang in ("fr", "en"):
                        self._latin_by_passcode.setdefault(e.passcode, []).append(e.name)
        return self._word_df

    def _latin_short_references(self, text: str, mentions: list[Mention]) -> list[Mention]:
        """Unquoted short forms of cards linked in the same text: the head before a comma ("Bixi" for
        "Bixi, Eau du Yang Zing") or a run of capitalised words of the name holding a rare word
        ("Dragon Pulsar", "Tireur"). A form shared by two linked cards is skipped."""
        linked = [m for m in mentions if m.passcode is not None and m.kind == "card"]
        if not linked:
            return mentions
        df = self._latin_word_df()
        forms: dict[str, set[int]] = {}
        heads: set[str] = set()
        for passcode in {m.passcode for m in linked}:
            for name in self._latin_by_passcode.get(passcode, []):
                words = [w for w in _LATIN_WORD_SPLIT.split(name) if w]
                if "," in name:
                    heads.add(name.split(",")[0].strip())
                    forms.setdefault(name.split(",")[0].strip(), set()).add(passcode)
                # Runs from the first word ("Dragon Pulsar", "Tireur") or one very rare word anywhere
                # ("Valkyrus"); runs from the middle are mostly series epithets ("Abysses Ardents").
                for i in range(len(words)):
                    for j in range(i + 1, min(i + 3, len(words)) + 1):
                        run = words[i:j]
                        if j - i == len(words) or not all(w[0].isupper() or w[0].isdigit() for w in run):
                            continue
                        if i == 0 and any(df.get(fold_lookup(w), 99) <= _RARE_WORD_CARDS for w in run):
                            forms.setdefault(" ".join(run), set()).add(passcode)
                        elif j == i + 1 and df.get(fold_lookup(run[0]), 99) <= _VERY_RARE_WORD_CARDS:
                            forms.setdefault(run[0], set()).add(passcode)
        busy = bytearray(len(text))
        for m in mentions:
            busy[m.start:m.end] = b"\x01" * (m.end - m.start)
        extra = []
        for form, passcodes in sorted(forms.items(), key=lambda f: -len(f[0])):
            if len(passcodes) != 1 or len(form) < 3 or (fold_lookup(form) in self.series and form not in heads):
                continue
            passcode = next(iter(passcodes))
            for hit in re.finditer(r"(?<!\w)" + re.escape(form) + r"(?!\w)", text):
                s, e = hit.span()
                if any(busy[s:e]):
                    continue
                busy[s:e] = b"\x01" * (e - s)
                extra.append(Mention(surface=form, start=s, end=e, passcode=passcode, confidence=0.6, matched_name=form,
                                     matched_lang=None, matched_kind="short"))
        return sorted(mentions + extra, key=lambda m: m.start)

    def _short_reference(self, surface: str, linked: list[NameEntry]) -> NameEntry | None:
        key = fold_lookup(surface)
        if len(key) < 2:
            return None
        words = surface.split()
        hits = {}
        for e in {e.passcode: e for e in linked}.values():  # one entry per card: texts repeat names
            name_key = _fold_word(e.name)
            if key == name_key or key not in name_key:
                continue
            # Latin: the reference must be whole words of the name; CJK: a prefix or suffix of the name.
            if any(_is_cjk(c) for c in key):
                ok = name_key.startswith(key) or name_key.endswith(key)
            else:
                name_words = [fold_lookup(w) for w in re.split(r"[\s,:]+", e.name)]
                ok = all(fold_lookup(w) in name_words for w in words)
            if ok:
                hits.setdefault(e.passcode, e)
        return next(iter(hits.values())) if len(hits) == 1 else None

    # Quoted spans ------------------------------------------------------------------------------

    _QUOTES = [
        re.compile(r"「([^「」\n]{1,60})」"),
        # Names that contain quotes themselves: 「魔界台本「魔王の降臨」」, 「炎舞－「天権」」.
        re.compile(r"「((?:[^「」\n]|「[^「」\n]{1,30}」){1,60})」"),
        re.compile(r"『([^『』\n]{1,60})』"),
        re.compile(r"“([^“”\n]{1,60})”"),
        re.compile(r"«\s?([^«»\n]{1,60}?)\s?»"),
        re.compile(r"(?<![\w\"])\"([^\"\n]{1,60})\"(?![\w\"])"),
        re.compile(r"(?<![*\w])\*(?!\*|\s)([^*\n]{1,80}?)(?<!\s)\*(?!\*)"),
    ]

    def _quoted_candidates(self, text: str, language: str) -> list[_Candidate]:
        out: list[_Candidate] = []
        for pattern in self._QUOTES:
            for m in pattern.finditer(text):
                start, end = m.span(1)
                out.extend(self._resolve_quoted(text, start, end))
        out.sort(key=lambda c: (c.start, -(c.end - c.start)))
        kept, last_end = [], -1
        for c in out:  # nested quotes: keep the outer one only when it resolved, else the inner ones
            if c.start >= last_end:
                kept.append(c)
                last_end = c.end
            elif kept and not (kept[-1].entries or kept[-1].series) and (c.entries or c.series):
                kept[-1] = c
                last_end = c.end
        return kept

    def _resolve_quoted(self, text: str, start: int, end: int) -> list[_Candidate]:
        inner = text[start:end]
        key = fold_lookup(PINYIN_AFTER_HAN.sub("", inner))
        if not key:
            return []
        follows_series_word = (bool(_SERIES_SUFFIX.match(text, end + 1))
                               or bool(_SERIES_PREFIX.search(text[max(0, start - 14):start]))
                               or bool(_SERIES_LIST_PREFIX.search(text[max(0, start - 160):start])))
        entries = self.names.get(key)
        if key in self.series and (follows_series_word or not entries):
            return [_Candidate(start, end, None, True, series=True)]
        if entries:
            return [_Candidate(start, end, entries, True)]
        if follows_series_word and _looks_like_name(inner):
            return [_Candidate(start, end, None, True, series=True)]
        parts = re.split(r"\s*[/／]\s*", inner)
        if len(parts) == 2:  # 「內置式機槍/仕込みマシンガン」: two names of one card (see pipeline.aliases)
            found = []
            offset = start
            for part in parts:
                p_start = text.index(part, offset)
                p_end = p_start + len(part)
                offset = p_end
                p_entries = self.names.get(fold_lookup(part))
                if p_entries:
                    found.append(_Candidate(p_start, p_end, p_entries, True))
            if found:
                return found
        if _looks_like_name(PINYIN_AFTER_HAN.sub("", inner)):
            return [_Candidate(start, end, None, True)]
        return []

    # The gazetteer -----------------------------------------------------------------------------

    def _gazetteer_candidates(self, text: str, language: str, taken: list[tuple[int, int]],
                              quoted: list[_Candidate]) -> list[_Candidate]:
        folded, index = fold_with_map(text, pinyin_mask(text) if language.startswith("zh") else None)
        if not folded:
            return []
        busy = bytearray(len(text))
        for s, e in taken:
            busy[s:e] = b"\x01" * (e - s)
        # Unlinked quoted spans are also off limits: their content was judged as a whole (a quoted
        # unknown name must not be re-read as a shorter card name inside it).
        for c in quoted:
            busy[c.start:c.end] = b"\x01" * (c.end - c.start)
        found: list[tuple[int, int, str]] = []
        automaton = self.automaton()
        if automaton.kind != ahocorasick.AHOCORASICK:
            return []  # an empty index (no names): nothing to match
        for end_f, key in automaton.iter(folded):
            if len(key) < _min_unquoted_len(key):
                continue
            start_f = end_f - len(key) + 1
            start, end = index[start_f], index[end_f] + 1
            if any(busy[start:end]):
                continue
            latin = not any(_is_cjk(c) for c in key)
            if latin:
                if not re.search(r"\s", text[start:end]) and key in self.prose_words:
                    continue  # a one-word Latin name card texts use as a word ("Invocation") is prose here
                if (start > 0 and _is_word_char(text[start - 1])) or (end < len(text) and _is_word_char(text[end])):
                    continue
                if not text[start].isupper() and not text[start].isdigit():
                    continue  # Latin card names are written capitalised; lower case is ordinary prose
            found.append((start, end, key))
        # Longest first, then leftmost; drop overlaps.
        found.sort(key=lambda f: (-(f[1] - f[0]), f[0]))
        chosen: list[_Candidate] = []
        for start, end, key in found:
            if any(busy[start:end]):
                continue
            busy[start:end] = b"\x01" * (end - start)
            chosen.append(_Candidate(start, end, self.names[key], False))
        return chosen


class _ChainedAutomaton:
    """A shared automaton plus a small one of extra keys, matched as one (CardLinker.with_aliases)."""

    kind = ahocorasick.AHOCORASICK

    def __init__(self, base, extra):
        self.base, self.extra = base, extra

    def iter(self, text: str):
        if self.base.kind == ahocorasick.AHOCORASICK:
            yield from self.base.iter(text)
        if self.extra is not None:
            yield from self.extra.iter(text)


@lru_cache(maxsize=1)
def rules_terms() -> frozenset[str]:
    """Folded game vocabulary (pipeline/data/rules_terms.yaml) that must not be read as a card name."""
    import yaml

    from pipeline.normalize import DATA_DIR

    data = yaml.safe_load((DATA_DIR / "rules_terms.yaml").read_text(encoding="utf-8"))
    return frozenset(fold_lookup(str(t)) for terms in (data.get("terms") or {}).values() for t in terms or ())


# Words right before or after a span that make it a card: 「X」的效果, 「X」を発動, la carte "X".
_CARD_AFTER = re.compile(r"[」』\"”»]?\s*(?:的效果|的発動|的发动|这张卡|這張卡|の効果|の発動|を発動|効果|效果|卡)")
_CARD_BEFORE = re.compile(r"(?:发动|發動|発動|la carte|carte|the card|card)\s*[「『\"“«]?\s*$", re.I)


def _is_rules_term(text: str, cand: "_Candidate") -> bool:
    """A candidate whose span is exactly a rules term (灵摆刻度, ペンデュラムスケール) and whose context
    does not name a card: the Pendulum Scale of the rules, not the card 「灵摆刻度」."""
    if cand.series or fold_lookup(text[cand.start:cand.end]) not in rules_terms():
        return False
    if _CARD_AFTER.match(text, cand.end) or _CARD_BEFORE.search(text[max(0, cand.start - 12):cand.start]):
        return False
    return True


_LATIN_WORD_SPLIT = re.compile(r"[\s,:]+")
_RARE_WORD_CARDS = 15  # a word in the names of at most this many cards is distinctive
_VERY_RARE_WORD_CARDS = 5

_NOT_NAME = re.compile(r"[。，、？！；：,.;:?!()（）\n]|^[○◯〇×＊*]+|○○")


def _looks_like_name(inner: str) -> bool:
    """Whether unresolved quoted text could be a card name (not a quoted sentence or placeholder)."""
    s = inner.strip()
    if not s or len(s) > 40 or _NOT_NAME.search(s):
        return False
    if s.isascii() or s[0].isalpha() and not any(_is_cjk(c) for c in s):
        words = s.split()
        return 0 < len(words) <= 6 and (s[0].isupper() or s[0].isdigit())
    return True


_QUOTED_IN_CARD_TEXT = re.compile(r"\"[^\"]*\"|«[^»]*»|“[^”]*”")
_PROSE_MIN_COUNT = 3


def _prose_words(catalog: dict[int, Card], names: dict[str, list[NameEntry]]) -> set[str]:
    """Folded one-word fr/en card names that occur unquoted in fr/en card texts at least a few times:
    there they are rules vocabulary ("Invocation", "Cimetière"), so unquoted they are not trusted."""
    single = {key for key, entries in names.items()
              if any(e.lang in ("fr", "en") and not re.search(r"\s", e.name) for e in entries)}
    counts: dict[str, int] = {}
    for card in catalog.values():
        for lang in ("fr", "en"):
            body = _QUOTED_IN_CARD_TEXT.sub(" ", card.texts.get(lang, ""))
            for word in re.findall(r"[^\W\d_][\w'’-]*", body):
                key = _fold_word(word)
                if key in single:
                    counts[key] = counts.get(key, 0) + 1
    return {key for key, n in counts.items() if n >= _PROSE_MIN_COUNT}


_LATIN_PREFIX = re.compile(r"^[A-Za-z][A-Za-z0-9・·\-/]*")


def _mixed_prefix_variants(card: Card) -> list[tuple[str, str]]:
    """Chinese pages often keep the Japanese Latin-letter series prefix and translate the rest:
    「E·HERO 天空侠」 for 元素英雄 天空侠 (ja Ｅ・ＨＥＲＯ エアーマン), 「EM 国王熊精」 for 娱乐伙伴 国王熊精.
    Returns (variant, language) for each Chinese name written 'prefix rest' with a Han prefix."""
    ja = unicodedata.normalize("NFKC", card.names.get("ja", ""))
    m = _LATIN_PREFIX.match(ja)
    if not m or len(m.group(0)) < 2:
        return []
    prefix = m.group(0).rstrip("・·-/")
    out = []
    chinese = [(card.community_zh, "community"), (card.names.get("zh-CN"), "zh-CN"), (card.names.get("zh-TW"), "zh-TW")]
    for name, lang in chinese:
        if not name or " " not in name.strip():
            continue
        head, rest = name.strip().split(" ", 1)
        if head and all(_is_cjk(c) or c in "－-·・" for c in head) and rest:
            out.append((f"{prefix} {rest}", lang))
    return out


def _canonical_passcodes(catalog: dict[int, Card]) -> dict[int, int]:
    """Alternate artworks share one Konami id (ブラック・マジシャン: 46986414 and 36996508): map every
    passcode to one of them, so a name is one card, not an ambiguity. The canonical passcode is the
    one the community names file knows (the one Chinese pages and YGOPro use), else the smallest."""
    groups: dict[int, list[Card]] = {}
    for card in catalog.values():
        if card.konami_id is not None:
            groups.setdefault(card.konami_id, []).append(card)
    mapping = {}
    for cards in groups.values():
        if len(cards) > 1:
            best = min(cards, key=lambda c: (c.community_zh is None, _KIND_RANK.get(c.passcode_kind, 3), c.passcode))
            for card in cards:
                mapping[card.passcode] = best.passcode
    return mapping


def _files_key(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        path = Path(path)
        if path.exists():
            stat = path.stat()
            digest.update(f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    digest.update(b"link-index-v5")
    return digest.hexdigest()[:16]

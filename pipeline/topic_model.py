"""Japanese ruling topics from a trained bag-of-words classifier.

A spaCy `textcat_multilabel` (spacy.TextCatBOW.v3, no tok2vec; configuration in
pipeline/data/topic_textcat.cfg) trained on the Konami Q&As of even fid, labels being the topics
their tags map to (pipeline/data/topics.yaml `qa_tags`), by pipeline/topic_training.py
(`make topic-model`). Its input is a set of words (`tokens`): the project's Japanese tokenization
(pipeline.nlp_models) of heading + text and its bigrams, plus card words from the real card data of
the cards the text is about (`card_tokens`): each card's kinds (KIND_xyz, KIND_trap-counter,
KIND_nomi ...) crossed with the role the card plays in the text (TF_: named first in the heading,
TEFF_: 「X」の効果 there, ONE_: the only card, NEW_: the newest card by Konami id ...), and rule words
of the cards' own texts and names. Most Konami tags name the kind of the one card a Q&A is about; the
roles tell which card that is, and a second textcat_multilabel (label SUBJECT) scores each card on
them (`subject_rows`); a card-kind topic's score is blended with its best card's (`blend`, weight
chosen on the folds). The Q&A's date gives DATE_ words and crosses the title's words (TE_, TC_:
`title_era_tokens`), because what Konami tags changed over time. The model is the cross-validation
fold models, several seeds per fold (their scores averaged); the best-scoring topic is always taken,
further ones when their score reaches the topic's own threshold, chosen on the folds' out-of-fold
scores inside the even half (never on odd fids).

The NLP stage uses the model for Japanese when it is built (pipeline.topics) and falls back to the
cue lists otherwise, with a warning. Odd fids stay held out for `rulings nlp eval --set topics`.
"""

from __future__ import annotations

import json
import logging
import os
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from pipeline.card_kinds import card_kind_topic_keys, card_kind_topics
from rulings.errors import InputError

log = logging.getLogger(__name__)

CONFIG = Path(__file__).resolve().parent / "data" / "topic_textcat.cfg"
MODEL_ENV = "RULINGS_TOPIC_MODEL"
THRESHOLDS = "thresholds.json"


def load_config(path: Path | str = CONFIG):
    from thinc.api import Config

    try:
        return Config().from_disk(path)
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable topic model config ({exc})") from exc


def default_model_dir() -> Path:
    from rulings.config import REPO_ROOT

    return Path(os.environ.get(MODEL_ENV) or REPO_ROOT / "build" / "topic-model")


# ------------------------------------------------------------------------------------------ features

# Monster type line words that say what kind of card it is (the Types, Dragon, Warrior ..., are left out).
_KIND_WORDS = ("Normal", "Effect", "Gemini", "Spirit", "Union", "Toon", "Flip", "Tuner", "Token",
               "Fusion", "Synchro", "Xyz", "Link", "Ritual", "Pendulum")
_EXTRA = {"Fusion", "Synchro", "Xyz", "Link", "Ritual", "Pendulum"}
# A monster that cannot be Normal Summoned (Konami's 特殊召喚モンスター), or only Special Summoned one way.
_NOMI = re.compile(r"通常召喚できな|通常召喚できず")
_SS_ONLY = re.compile(r"でしか特殊召喚できな|でのみ(?:EXデッキから)?特殊召喚でき")
# Rule words in a card's own text or name (a Spell that Fusion Summons is about Fusion).
_CARD_WORDS = {"融合": "fusion", "シンクロ": "synchro", "エクシーズ": "xyz", "リンク": "link", "儀式": "ritual",
               "ペンデュラム": "pendulum", "トークン": "token", "通常モンスター": "normal", "チェーン": "chain",
               "ダメージステップ": "damage-step", "ダメージ計算": "damage-calc", "特殊召喚": "special-summon",
               "デュアル": "gemini", "スピリット": "spirit", "ユニオン": "union", "トゥーン": "toon",
               "リバース": "flip", "罠カード": "trap-card", "魔法カード": "spell-card", "カウンター": "counter",
               "戦闘": "battle", "無効": "negate", "装備": "equip"}
# Where the text names a card: 「X」の効果 (EFF), 「X」の適用中 (BG: what applies around the question),
# 「X」を発動 / 「X」は…発動 (ACT), 「X」は/が (SUBJ), 「X」を (OBJ), 「X」の『…』 (QUOTE), 「X」を…召喚 (SUMM).
_ROLE_AFTER = (("EFF", re.compile(r"の(?:モンスター|ペンデュラム)?効果")),
               ("BG", re.compile(r"の(?:適用中|効果が適用|効果の適用中|効果を受け)|.{0,5}適用中")),
               ("ACT", re.compile(r"(?:を|の)発動|は.{0,8}発動")),
               ("SUBJ", re.compile(r"[はが]")),
               ("OBJ", re.compile(r"を")),
               ("QUOTE", re.compile(r"の『")),
               ("SUMM", re.compile(r"を.{0,4}召喚")))
# Roles whose card also gives its card-text words (CT_/CN_ tokens).
_WORD_ROLES = {"T", "TF", "TONLY", "MOST", "TEFF", "TACT", "QQUOTE", "ONE"}


def _kind_word(value: str) -> str:
    return "KIND_" + value.strip().lower().replace(" ", "-")


def card_kinds(card) -> list[str]:
    """KIND_* words of one card from its real card data: KIND_monster + the kind words of its monster
    type line (KIND_xyz, KIND_tuner ...; not its Type), KIND_main for a Main Deck monster, KIND_nomi
    when it cannot be Normal Summoned, KIND_ss-only when it is Special Summoned only one way;
    KIND_spell / KIND_trap + the property (KIND_spell-quick-play, KIND_trap-counter ...)."""
    kind = getattr(card, "card_type", None)
    if kind == "Monster":
        line = [w.strip() for w in (getattr(card, "monster_type_line", None) or "").split("/")]
        out = ["monster"] + [w.lower() for w in line if w in _KIND_WORDS]
        if not set(line) & _EXTRA:
            out.append("main")
        text = unicodedata.normalize("NFKC", (getattr(card, "texts", None) or {}).get("ja") or "")
        if _NOMI.search(text):
            out.append("nomi")
        if _SS_ONLY.search(text):
            out.append("ss-only")
    elif kind in ("Spell", "Trap"):
        out = [kind.lower()]
        prop = getattr(card, "spell_trap_type", None)
        if prop:
            out.append(f"{kind.lower()}-{prop.strip().lower().replace(' ', '-')}")
    else:
        return []
    return [_kind_word(k) for k in out]


def kind_tokens(cards: Iterable) -> list[str]:
    """The KIND_* words of all the cards (card_kinds), each once."""
    return list(dict.fromkeys(k for card in cards for k in card_kinds(card)))


def card_words(card) -> list[str]:
    """CT_* for the rule words of a card's Japanese text, CN_* for those of its name."""
    text = unicodedata.normalize("NFKC", (getattr(card, "texts", None) or {}).get("ja") or "")
    name = _card_name(card)
    return ([f"CT_{v}" for k, v in _CARD_WORDS.items() if k in text]
            + [f"CN_{v}" for k, v in _CARD_WORDS.items() if k in name])


def _card_name(card) -> str:
    return unicodedata.normalize("NFKC", (getattr(card, "names", None) or {}).get("ja") or "")


def card_roles(heading: str, text: str, cards: list) -> list[set[str]]:
    """Per card, where heading (a Q&A's title) and text name it: T (in the heading), TF / TL (named
    first / last there), TONLY (the heading's only card), T*/Q* + a _ROLE_AFTER role (how the heading /
    the text names it first), MENT (named in the text), MOST (the most named card), ONE (the only card),
    NEW / NEW2 / OLD (the newest, second newest and oldest card by Konami id, i.e. by release: a ruling
    is mostly written about a new card meeting older ones; on the even-fid Q&As with a card-kind tag
    the newest card's kind is a gold topic in 719 of 937, the oldest's in 467)."""
    heading = unicodedata.normalize("NFKC", heading or "")
    text = unicodedata.normalize("NFKC", text or "")
    quoted = [f"「{n}」" if n else "" for n in map(_card_name, cards)]
    roles: list[set[str]] = [set() for _ in cards]
    in_heading = sorted((heading.find(k), i) for i, k in enumerate(quoted) if k and k in heading)
    if in_heading:
        roles[in_heading[0][1]].add("TF")
        roles[in_heading[-1][1]].add("TL")
        if len(in_heading) == 1:
            roles[in_heading[0][1]].add("TONLY")
        for _, i in in_heading:
            roles[i].add("T")
    for i, k in enumerate(quoted):
        if not k:
            continue
        for prefix, where in (("T", heading), ("Q", text)):
            at = where.find(k)
            if at < 0:
                continue
            after = where[at + len(k):at + len(k) + 12]
            roles[i].update(prefix + role for role, pattern in _ROLE_AFTER if pattern.match(after))
        if k in text:
            roles[i].add("MENT")
    if len(cards) == 1:
        roles[0].add("ONE")
    counts = [heading.count(k) + text.count(k) if k else 0 for k in quoted]
    if counts and max(counts) > 0:
        roles[counts.index(max(counts))].add("MOST")
    by_age = sorted((kid, i) for i, kid in enumerate(getattr(c, "konami_id", None) for c in cards) if kid is not None)
    if by_age:
        roles[by_age[-1][1]].add("NEW")
    if len(by_age) > 1:
        roles[by_age[-2][1]].add("NEW2")
        roles[by_age[0][1]].add("OLD")
    return roles


def card_tokens(heading: str, text: str, cards: Iterable = ()) -> list[str]:
    """The card words of a text: ANY_<kind> for every card's kinds, <role>_<kind> for each role the
    card plays (card_roles), and ANY_/<role>_ + CT_/CN_ words from the cards' own texts and names for
    the cards the text is about. A Konami Q&A's tags mostly name the kind of the card it is about, which
    is one of its cards: the roles tell which."""
    cards = list(cards)
    out: list[str] = []
    for card, roles in zip(cards, card_roles(heading, text, cards)):
        for kind in card_kinds(card):
            out += ["ANY_" + kind] + [f"{role}_{kind}" for role in sorted(roles)]
        for word in card_words(card):
            out += ["ANY_" + word] + [f"{role}_{word}" for role in sorted(roles & _WORD_ROLES)]
    return list(dict.fromkeys(out))


_DATE = re.compile(r"(\d{4})-(\d{2})")


def date_tokens(date: str | None) -> list[str]:
    """DATE_* words of a Konami Q&A's database date (ISO): its year, its month, and one GE word per
    year from 2018 up to it (later years are few: they share their weights). Konami's tagging changed
    over time (even fids: of the Q&As whose text says チェーン, 2017-03 ones carry the チェーン tag
    in 122 of 180, 2022 ones in 10 of 48, none of the 28 from 2023 on), which no word of the text tells.
    A ruling that is not a Q&A has no such date: no DATE_ word."""
    m = _DATE.match(date or "")
    if not m:
        return []
    year = int(m.group(1))
    return ([f"DATE_Y{year}", f"DATE_M{year}-{m.group(2)}"]
            + [f"DATE_GE{y}" for y in range(2018, min(year, 2030) + 1)])


def date_era(date: str | None) -> str | None:
    """The era of Konami's tagging a (Q&A) date falls in: B up to 2017-03 (the database's first Q&As,
    2 or 3 tags on 103 of the 714 even-fid ones of 2017-03), E from 2017-04 to 2021, L from 2022 on
    (one tag; チェーン given far less often: of the even-fid Q&As whose title says チェーン, 68 of 72
    carry it up to 2017-03, 7 of 28 from 2022 on); None without a date."""
    m = _DATE.match(date or "")
    if not m:
        return None
    return "B" if m.group(0) <= "2017-03" else "E" if int(m.group(1)) < 2022 else "L"


# a word of content (kanji, katakana, Latin letters): not a particle, a digit or punctuation
_CONTENT = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ffA-Za-z]")


def title_era_tokens(heading: str, text: str, date: str | None = None) -> list[str]:
    """The title's words crossed with the date's era (date_era): TE_<era>&<word> for the content words
    of the heading with its quoted card names blanked (the title says what a Q&A is about, and what
    Konami tags for it changed over time: a bag of words cannot cross a word with the date itself), and
    the chain words TC_: whether the heading says チェーン and how often the text does (0-3+), alone and
    with the era. Without a date (a ruling that is not a Q&A) only TC_T0 / TC_T1."""
    from pipeline.nlp_models import get_nlp

    heading = unicodedata.normalize("NFKC", heading or "")
    text = unicodedata.normalize("NFKC", text or "")
    in_title = int("チェーン" in heading)
    era = date_era(date)
    if era is None:
        return [f"TC_T{in_title}"]
    n = min(text.count("チェーン"), 3)
    out = [f"TC_T{in_title}", f"TC_T{in_title}@{era}", f"TC_N{n}@{era}", f"TC_T{in_title}N{n}@{era}"]
    blanked = re.sub(r"「[^」]*」", "「」", heading).strip()
    words = [t.text for t in get_nlp("ja").make_doc(blanked) if not t.is_space] if blanked else []
    return out + [f"TE_{era}&{w}" for w in dict.fromkeys(words) if _CONTENT.search(w)]


def tokens(heading: str, text: str, cards: Iterable = (), kind_repeat: int = 1,
           date: str | None = None) -> list[str]:
    """The classifier's input words, each once (a set of words: a long answer repeating a word does not
    outweigh the cards): the Japanese tokens of heading and text (NFKC) and their bigrams (a|b), then
    the card words (card_tokens), repeated `kind_repeat` times, then the date words (date_tokens) and
    the title's words crossed with the date's era (title_era_tokens)."""
    from pipeline.nlp_models import get_nlp

    nlp = get_nlp("ja")
    words: list[str] = []
    for part in (unicodedata.normalize("NFKC", heading or "").strip(), unicodedata.normalize("NFKC", text or "").strip()):
        if part:
            words += [t.text for t in nlp.make_doc(part) if not t.is_space]
    grams = list(dict.fromkeys(words + [f"{a}|{b}" for a, b in zip(words, words[1:])]))
    return (grams + card_tokens(heading, text, cards) * max(1, kind_repeat) + date_tokens(date)
            + title_era_tokens(heading, text, date))


def qa_text(qa: dict) -> tuple[str, str]:
    """A Konami Q&A as the NLP stage sees it: (heading = its title, text = question + answer)."""
    return qa.get("title") or "", "\n".join(qa.get(k) or "" for k in ("question", "answer"))


def qa_date(qa: dict) -> str | None:
    """A Konami Q&A's databaseDate as ISO (as the NLP stage dates its segment), or None."""
    from pipeline.dates import parse_date

    return parse_date(qa.get("databaseDate"))


def qa_tokens(qa: dict, cards: Iterable = (), kind_repeat: int = 1) -> list[str]:
    return tokens(*qa_text(qa), cards, kind_repeat, qa_date(qa))


# ------------------------------------------------------------------------------------ subject cards

SUBJECT = "subject"


def subject_rows(heading: str, text: str, cards: Iterable = (), date: str | None = None
                 ) -> list[tuple[str, list[str]]]:
    """Per card with a card-kind topic (pipeline.card_kinds.card_kind_topics), that topic and the words
    telling whether it is the card the text is about (the card whose kind Konami's tag names): the
    roles it plays (card_roles), how often heading and text name it, how many cards there are and
    the Q&A's date words (date_tokens), alone and crossed with the card's kinds (card_kinds). The subject model (a second
    textcat_multilabel with the one label SUBJECT) scores each card on these; a Q&A's card-kind topic
    scores are blended with the best score of a card of that kind (TopicModel.scores)."""
    cards = list(cards)
    heading_n = unicodedata.normalize("NFKC", heading or "")
    text_n = unicodedata.normalize("NFKC", text or "")
    rows = []
    for card, roles in zip(cards, card_roles(heading, text, cards)):
        topics = card_kind_topics([card])
        if not topics:
            continue
        quoted = f"「{_card_name(card)}」"
        words = sorted(roles) + [f"HCNT{min(heading_n.count(quoted), 2)}", f"CNT{min(text_n.count(quoted), 4)}",
                                 f"NCARDS{min(len(cards), 4)}"] + date_tokens(date)
        kinds = card_kinds(card)
        rows.append((topics[0], words + kinds + [f"{w}&{k}" for w in words for k in kinds]))
    return rows


def blend(cats: dict[str, float], subject: list[tuple[str, float]], weight: float) -> dict[str, float]:
    """Card-kind topic scores blended with the subject model's: weight * the textcat score +
    (1 - weight) * the best subject score of a card of that kind (0 without one); `subject` is
    (card-kind topic, subject score) per card. Topics no card kind gives (chain) keep their score."""
    if weight >= 1.0:
        return dict(cats)
    best: dict[str, float] = {}
    for topic, score in subject:
        best[topic] = max(best.get(topic, 0.0), score)
    kinds = card_kind_topic_keys()
    return {k: (weight * v + (1 - weight) * best.get(k, 0.0)) if k in kinds else v for k, v in cats.items()}


def as_doc(nlp, words: list[str]):
    from spacy.tokens import Doc

    return Doc(nlp.vocab, words=words or ["EMPTY"])


def best_topic(cats: dict[str, float]) -> str | None:
    return max(cats, key=lambda k: (cats[k], k)) if cats else None


def decide(cats: dict[str, float], thresholds: dict[str, float]) -> list[str]:
    """The best-scoring topic, plus every other topic whose score reaches its threshold."""
    top = best_topic(cats)
    return [k for k, v in cats.items() if k == top or v >= thresholds.get(k, 0.5)]


# --------------------------------------------------------------------------------------------- using

class TopicModel:
    def __init__(self, path: Path):
        import spacy

        self.path = Path(path)
        meta = json.loads((self.path / THRESHOLDS).read_text(encoding="utf-8"))
        self.labels: list[str] = list(meta["labels"])
        self.thresholds: dict[str, float] = {k: float(v) for k, v in meta["thresholds"].items()}
        self.kind_repeat = int(meta.get("kind_repeat") or 1)
        self.blend = float(meta.get("blend", 1.0))
        # the cross-validation fold models (one per fold and seed) whose scores chose the thresholds;
        # their mean is the score. subject-*: the subject-card models (subject_rows), when blended.
        self.folds = [spacy.load(d) for d in sorted((self.path / "nlp").glob("fold-*"))]
        if not self.folds:
            raise InputError(f"{self.path / 'nlp'}: no fold-* models")
        self.subject = [spacy.load(d) for d in sorted((self.path / "nlp").glob("subject-*"))] if self.blend < 1 else []
        if self.blend < 1 and not self.subject:
            raise InputError(f"{self.path / 'nlp'}: blend {self.blend} but no subject-* models")
        self.nlp = self.folds[0]

    def scores(self, heading: str, text: str, cards: Iterable = (), date: str | None = None) -> dict[str, float]:
        cards = list(cards)
        words = tokens(heading, text, cards, self.kind_repeat, date)
        total: dict[str, float] = {}
        for nlp in self.folds:
            for k, v in nlp(as_doc(nlp, words)).cats.items():
                total[k] = total.get(k, 0.0) + v / len(self.folds)
        if not self.subject:
            return total
        rows = subject_rows(heading, text, cards, date)
        subject = [(topic, sum(nlp(as_doc(nlp, w)).cats[SUBJECT] for nlp in self.subject) / len(self.subject))
                   for topic, w in rows]
        return blend(total, subject, self.blend)

    def predict(self, heading: str, text: str, cards: Iterable = (), date: str | None = None) -> list[str]:
        chosen = set(decide(self.scores(heading, text, cards, date), self.thresholds))
        return [k for k in self.labels if k in chosen]


@lru_cache(maxsize=4)
def _load(path: str) -> TopicModel | None:
    p = Path(path)
    if not (p / THRESHOLDS).is_file() or not (p / "nlp").is_dir():
        log.warning("Japanese topics: no trained model at %s (make topic-model builds it); using the cue lists", p)
        return None
    try:
        model = TopicModel(p)
    except Exception as exc:  # a damaged model directory: say so once and use the cue lists
        log.warning("Japanese topics: model at %s unreadable (%s: %s); using the cue lists", p,
                    type(exc).__name__, str(exc)[:200])
        return None
    log.info("Japanese topics: textcat model at %s (%d topics)", p, len(model.labels))
    return model


def get_model(path: Path | str | None = None) -> TopicModel | None:
    """The trained model (cached), or None when it is not built (a warning is logged once)."""
    return _load(str(Path(path) if path else default_model_dir()))

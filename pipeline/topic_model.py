"""Japanese ruling topics from a trained bag-of-words classifier.

A spaCy `textcat_multilabel` (spacy.TextCatBOW.v3, unigrams + bigrams, no tok2vec; configuration in
pipeline/data/topic_textcat.cfg) trained on the Konami Q&As of even fid, labels being the topics
their tags map to (pipeline/data/topics.yaml `qa_tags`), by pipeline/topic_training.py
(`make topic-model`). Its input is the project's Japanese tokenization (pipeline.nlp_models) of
heading + text, plus KIND_* tokens for the kinds of the cards the text is about (KIND_xyz, KIND_trap,
KIND_quick-play, ...). The best-scoring topic is always taken, further ones when their score reaches
the topic's own threshold, chosen on out-of-fold scores inside the even half (never on odd fids).

The NLP stage uses the model for Japanese when it is built (pipeline.topics) and falls back to the
cue lists otherwise, with a warning. Odd fids stay held out for `rulings nlp eval --set topics`.
"""

from __future__ import annotations

import json
import logging
import os
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Iterable

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

def _kind_word(value: str) -> str:
    return "KIND_" + value.strip().lower().replace(" ", "-")


def kind_tokens(cards: Iterable) -> list[str]:
    """KIND_* tokens for the cards' card type, monster type line words and Spell/Trap property
    (anything with card_type, monster_type_line and spell_trap_type: rulings.cards.Card)."""
    out: list[str] = []
    for card in cards:
        words = [getattr(card, "card_type", None), getattr(card, "spell_trap_type", None),
                 *(getattr(card, "monster_type_line", None) or "").split("/")]
        for word in words:
            if word and word.strip():
                token = _kind_word(word)
                if token not in out:
                    out.append(token)
    return out


def _card_name(card) -> str:
    return unicodedata.normalize("NFKC", (getattr(card, "names", None) or {}).get("ja") or "")


def tokens(heading: str, text: str, cards: Iterable = (), kind_repeat: int = 1) -> list[str]:
    """The classifier's input words: Japanese tokens of heading and text (NFKC), KIND_* tokens of all
    the cards, and, for the cards the heading names, H_KIND_* (any), F_KIND_* (first named) and
    L_KIND_* (last named), Q_KIND_* for the card whose effect text is quoted last (「name」の『…』)
    and ONE_KIND_* when there is a single card: a Konami Q&A's tags mostly name the kind of the card
    it is about, which is one of its cards. The card words are repeated `kind_repeat` times (a
    bag of words counts them: this weighs them against the many text words)."""
    from pipeline.nlp_models import get_nlp

    nlp = get_nlp("ja")
    heading = unicodedata.normalize("NFKC", heading or "").strip()
    words = []
    for part in (heading, unicodedata.normalize("NFKC", text or "").strip()):
        if part:
            words += [t.text for t in nlp.make_doc(part) if not t.is_space]
    cards = list(cards)
    named = sorted(((heading.find(n), i) for i, n in enumerate(map(_card_name, cards)) if n and n in heading))
    in_heading = [cards[i] for _, i in named]
    kinds = kind_tokens(cards)
    kinds += ["H_" + k for k in kind_tokens(in_heading)]
    if in_heading:
        kinds += ["F_" + k for k in kind_tokens(in_heading[:1])] + ["L_" + k for k in kind_tokens(in_heading[-1:])]
    # The card whose effect text the question quotes (「name」の『effect』), and a lone card.
    text = unicodedata.normalize("NFKC", text or "")
    quoted = sorted((text.rfind(f"{n}」の『"), i) for i, n in enumerate(map(_card_name, cards)) if n and f"{n}」の『" in text)
    if quoted:
        kinds += ["Q_" + k for k in kind_tokens([cards[quoted[-1][1]]])]
    if len(cards) == 1:
        kinds += ["ONE_" + k for k in kind_tokens(cards)]
    return words + kinds * max(1, kind_repeat)


def qa_tokens(qa: dict, cards: Iterable = (), kind_repeat: int = 1) -> list[str]:
    text = "\n".join(qa.get(k) or "" for k in ("question", "answer"))
    return tokens(qa.get("title") or "", text, cards, kind_repeat)

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
        self.nlp = spacy.load(self.path / "nlp")

    def scores(self, words: list[str]) -> dict[str, float]:
        return dict(self.nlp(as_doc(self.nlp, words)).cats)

    def predict(self, heading: str, text: str, cards: Iterable = ()) -> list[str]:
        chosen = set(decide(self.scores(tokens(heading, text, cards, self.kind_repeat)), self.thresholds))
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

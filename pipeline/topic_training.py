"""Training the Japanese topic model (pipeline/topic_model.py) on the even-fid Konami Q&As:

    python -m pipeline.topic_training train [--out build/topic-model] [--limit N]

(`make topic-model`). Deterministic (the config's seed). Each topic's threshold is chosen on the
out-of-fold scores of `folds` cross-validation folds inside the even half; the fold models are the
model (their scores averaged), written with the thresholds. Odd fids are never read.
"""

from __future__ import annotations

import gzip
import json
import logging
import random
import re
import shutil
import unicodedata
from pathlib import Path
from typing import Iterable

from pipeline.card_kinds import card_kind_topic_keys
from pipeline.topic_model import (CONFIG, MODEL_ENV, SUBJECT, THRESHOLDS, as_doc, best_topic, blend, decide,
                                  default_model_dir, load_config, qa_date, qa_text, qa_tokens,
                                  subject_rows)
from pipeline.topics import card_kind_topics, load_topics, topics_for_qa_tags
from rulings.errors import InputError


def _blank(cfg, labels: Iterable[str]):
    import spacy

    nlp = spacy.blank(cfg["nlp"]["lang"])
    comp = dict(cfg["components"]["textcat_multilabel"])
    comp.pop("factory", None)
    textcat = nlp.add_pipe("textcat_multilabel", config=comp)
    for label in labels:
        textcat.add_label(label)  # type: ignore[attr-defined]
    return nlp


def _fit(cfg, labels: list[str], data: list[tuple[list[str], set[str]]], seed: int | None = None):
    """A model trained on (words, gold topics) rows, deterministically (the config's seed, or `seed`)."""
    from spacy.training import Example
    from spacy.util import fix_random_seed, minibatch
    from thinc.api import Adam

    train = cfg["training"]
    seed = int(train["seed"]) if seed is None else seed
    fix_random_seed(seed)
    nlp = _blank(cfg, labels)
    examples = [Example.from_dict(as_doc(nlp, words), {"cats": {k: float(k in gold) for k in labels}})
                for words, gold in data]
    nlp.initialize(lambda: examples)
    # Adam with an L2 penalty in the gradient: far more words than Q&As to learn them from
    optimizer = Adam(float(train["learn_rate"]), L2=float(train.get("l2", 0.0)), L2_is_weight_decay=False)
    rng = random.Random(seed)
    for _ in range(int(train["epochs"])):
        order = examples[:]
        rng.shuffle(order)
        for batch in minibatch(order, size=int(train["batch_size"])):
            nlp.update(batch, sgd=optimizer, drop=float(train["dropout"]))
    return nlp


def _scores(nlp, rows: list[list[str]]) -> list[dict[str, float]]:
    return [dict(doc.cats) for doc in nlp.pipe(as_doc(nlp, words) for words in rows)]


def _mean_scores(models: list, rows: list[list[str]]) -> list[dict[str, float]]:
    """The models' scores of each row, averaged."""
    out: list[dict[str, float]] = [{} for _ in rows]
    for model in models:
        for total, cats in zip(out, _scores(model, rows)):
            for k, v in cats.items():
                total[k] = total.get(k, 0.0) + v / len(models)
    return out


def _thresholds(oof: list[dict[str, float]], gold: list[set[str]], labels: list[str], beta: float):
    """Each topic's threshold chosen on out-of-fold scores (F-beta), with its P/R/F1 there."""
    top = [best_topic(cats) for cats in oof]
    thresholds, cv = {}, {}
    for label in labels:
        # The best-scoring topic is always taken (every Q&A has a tag), so a threshold only decides
        # the further topics of a text.
        pairs = [(1.0 if top[i] == label else oof[i].get(label, 0.0), label in gold[i]) for i in range(len(gold))]
        thresholds[label], cv[label] = _best_threshold(pairs, beta)
    return thresholds, cv


def _micro(predicted: list[list[str]], gold: list[set[str]]) -> list[float]:
    tp = sum(len(set(p) & g) for p, g in zip(predicted, gold))
    fp = sum(len(set(p) - g) for p, g in zip(predicted, gold))
    fn = sum(len(g - set(p)) for p, g in zip(predicted, gold))
    p, r = (tp / (tp + fp) if tp + fp else 0.0), (tp / (tp + fn) if tp + fn else 0.0)
    return [round(p, 3), round(r, 3), round(2 * p * r / (p + r) if p + r else 0.0, 3)]


def _best_threshold(scored: list[tuple[float, bool]], beta: float) -> tuple[float, list[float]]:
    """The threshold maximizing F-beta over (score, gold) pairs; with its P, R, F1."""
    best = (-1.0, 0.5, [0.0, 0.0, 0.0])
    positives = sum(1 for _, g in scored if g)
    for step in range(5, 96):
        t = step / 100
        tp = sum(1 for s, g in scored if s >= t and g)
        fp = sum(1 for s, g in scored if s >= t and not g)
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / positives if positives else 0.0
        fb = (1 + beta ** 2) * p * r / (beta ** 2 * p + r) if p + r else 0.0
        if fb > best[0] + 1e-9:
            f1 = 2 * p * r / (p + r) if p + r else 0.0
            best = (fb, t, [round(p, 3), round(r, 3), round(f1, 3)])
    return best[1], best[2]


# ------------------------------------------------------------------------------------------ training

def read_qas(path: Path) -> list[dict]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable Q&A JSONL.gz ({exc})") from exc


def cards_by_konami_id(path: Path) -> dict:
    from rulings.cards import card_from_json

    out = {}
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                obj = json.loads(line)
                if obj.get("konami_id"):
                    try:
                        out[int(obj["konami_id"])] = card_from_json(obj)
                    except (ValueError, InputError):
                        continue
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable card catalog ({exc})") from exc
    return out


def qa_cards(qa: dict, by_kid: dict) -> list:
    return [by_kid[k] for k in qa.get("mentionedCards") or [] if k in by_kid]


def train(qa_path: Path, cards_path: Path, out_dir: Path, config: Path = CONFIG,
          limit: int | None = None, parity: int = 0) -> dict:
    """Train on the Q&As whose fid % 2 == parity (even by default), choose thresholds by k-fold
    cross-validation inside them, write the model + thresholds to out_dir. Returns the summary."""
    cfg = load_config(config)
    labels = [k for k, t in load_topics().items() if t.qa_tags]
    qas = [q for q in read_qas(qa_path) if int(q.get("fid") or 0) % 2 == parity]
    qas.sort(key=lambda q: int(q.get("fid") or 0))
    if limit:
        qas = qas[:limit]
    if not qas:
        raise InputError(f"{qa_path}: no Q&As with fid % 2 == {parity} to train on")
    by_kid = cards_by_konami_id(cards_path)
    repeat = int(cfg["features"]["kind_repeat"])
    train_cfg = cfg["training"]
    data, subjects = [], []
    for q in qas:
        cards, gold = qa_cards(q, by_kid), set(topics_for_qa_tags(q.get("tags") or []))
        data.append((qa_tokens(q, cards, repeat), gold))
        # the subject model's rows: each card with a kind topic, positive when that topic is a gold one
        subjects.append([(topic, words, topic in gold) for topic, words in subject_rows(*qa_text(q), cards, qa_date(q))])
    folds = max(2, int(train_cfg["folds"]))
    # several seeds per fold: one BOW model's decisions move with its seed (micro F1 0.684-0.709 on
    # the even folds for seeds 17-19); their mean is steadier
    seeds = [int(train_cfg["seed"]) + j for j in range(max(1, int(train_cfg.get("seeds", 1))))]
    oof: list[dict[str, float]] = [{} for _ in data]
    oof_subject: list[list[tuple[str, float]]] = [[] for _ in data]
    models: list[tuple[str, object]] = []
    for k in range(folds):
        held = [i for i in range(len(data)) if i % folds == k]
        train_rows = [d for i, d in enumerate(data) if i % folds != k]
        fold = [_fit(cfg, labels, train_rows, seed) for seed in seeds]
        subject_train = [(w, {SUBJECT} if positive else set()) for i, rows in enumerate(subjects) if i % folds != k
                         for _, w, positive in rows]
        subject = [_fit(cfg, [SUBJECT], subject_train, seed) for seed in seeds] if subject_train else []
        models += [(f"fold-{k}-{j}", m) for j, m in enumerate(fold)]
        models += [(f"subject-{k}-{j}", m) for j, m in enumerate(subject)]
        for i, cats in zip(held, _mean_scores(fold, [data[i][0] for i in held])):
            oof[i] = cats
        for i in held:
            rows = subjects[i]
            scored = _mean_scores(subject, [w for _, w, _ in rows]) if subject and rows else []
            oof_subject[i] = [(topic, cats[SUBJECT]) for (topic, _, _), cats in zip(rows, scored)]
    beta = float(train_cfg["beta"])
    gold = [d[1] for d in data]
    # the weight of the textcat's card-kind scores against the subject model's, chosen on the folds
    by_weight = {}
    for weight in [float(w) for w in train_cfg.get("blend", [1.0])]:
        blended = [blend(cats, subject, weight) for cats, subject in zip(oof, oof_subject)]
        thresholds, cv = _thresholds(blended, gold, labels, beta)
        by_weight[weight] = (_micro([decide(c, thresholds) for c in blended], gold), thresholds, cv)
    weight = max(by_weight, key=lambda w: (by_weight[w][0][2], w))
    summary_cv, thresholds, cv = by_weight[weight]
    # The model is the fold models, their scores averaged: the thresholds were chosen on their scores
    # (a model refit on the whole half scores on another scale: with the L2 penalty its thresholds
    # let through 212 wrong topics on the very Q&As it was trained on).
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out_dir / "nlp", ignore_errors=True)
    (out_dir / "nlp").mkdir()
    for name, model in models:
        if weight < 1.0 or name.startswith("fold-"):
            model.to_disk(out_dir / "nlp" / name)
    summary = {"labels": labels, "thresholds": thresholds, "cv_p_r_f1": cv, "cv_micro_p_r_f1": summary_cv,
               "blend": weight, "cv_micro_by_blend": {str(w): v[0] for w, v in by_weight.items()},
               "trained_on": len(data), "parity": parity, "kind_repeat": repeat, "seeds": seeds,
               "config": str(config)}
    (out_dir / THRESHOLDS).write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    # the out-of-fold scores the thresholds were chosen on (even fids only), to study the errors
    blended = [blend(cats, subject, weight) for cats, subject in zip(oof, oof_subject)]
    with gzip.open(out_dir / "oof.jsonl.gz", "wt", encoding="utf-8") as fh:
        for q, cats, g in zip(qas, blended, gold):
            fh.write(json.dumps({"fid": q.get("fid"), "gold": sorted(g), "scores": cats}, ensure_ascii=False) + "\n")
    return summary


# ------------------------------------------------------------------------ how consistent the tags are

def _trigrams(qa: dict) -> set[str]:
    """Character trigrams of a Q&A's title + question with the quoted card names blanked: the wording
    of the question whichever cards it is about."""
    text = re.sub(r"「[^」]*」", "「」", unicodedata.normalize("NFKC", (qa.get("title") or "") + (qa.get("question") or "")))
    return {text[i:i + 3] for i in range(len(text) - 2)}


def label_agreement(qas: list[dict], by_kid: dict, similar: float = 0.5) -> dict:
    """How consistently Konami's tags follow what a Q&A shows, measured on the given Q&As (a ceiling
    for any classifier of them; `python -m pipeline.topic_training agreement` runs it on the even half):
    - one_kind: the Q&As all of whose cards give one card-kind topic (pipeline.card_kinds.card_kind_topics):
      per topic [Q&As, those whose gold topics include it];
    - kind_cover: of the Q&As with a gold card-kind topic, [Q&As, those where some card gives it];
    - near_duplicates: pairs of Q&As whose title + question (card names blanked) share at least
      `similar` of their character trigrams (Jaccard) and whose cards give the same kind topics:
      [pairs, pairs with identical gold topics]."""
    kinds = card_kind_topic_keys()
    rows = []
    for q in qas:
        cards = qa_cards(q, by_kid)
        rows.append((set(topics_for_qa_tags(q.get("tags") or [])), tuple(sorted(card_kind_topics(cards))), _trigrams(q)))
    one_kind: dict[str, list[int]] = {}
    cover = [0, 0]
    for gold, card_topics, _ in rows:
        if len(card_topics) == 1:
            counts = one_kind.setdefault(card_topics[0], [0, 0])
            counts[0] += 1
            counts[1] += card_topics[0] in gold
        if gold & kinds:
            cover[0] += 1
            cover[1] += bool(gold & kinds & set(card_topics))
    pairs = [0, 0]
    for i, (gold_a, kinds_a, grams_a) in enumerate(rows):
        for gold_b, kinds_b, grams_b in rows[i + 1:]:
            if kinds_a == kinds_b and grams_a and len(grams_a & grams_b) >= similar * len(grams_a | grams_b):
                pairs[0] += 1
                pairs[1] += gold_a == gold_b
    total = [sum(v[0] for v in one_kind.values()), sum(v[1] for v in one_kind.values())]
    return {"qas": len(rows), "one_kind": dict(sorted(one_kind.items(), key=lambda kv: -kv[1][0])),
            "one_kind_total": total, "kind_cover": cover, "near_duplicates": pairs}


def main(argv: list[str] | None = None) -> int:
    import argparse

    from rulings import config as rconfig

    parser = argparse.ArgumentParser(prog="python -m pipeline.topic_training")
    sub = parser.add_subparsers(dest="command", required=True)
    tr = sub.add_parser("train", help="train the Japanese topic model on the even-fid Konami Q&As")
    tr.add_argument("--qa", type=Path, default=None, help="Q&A JSONL.gz (default: shared konami-faq/qa-dev)")
    tr.add_argument("--cards", type=Path, default=None, help="cards.jsonl.gz (default: shared data)")
    tr.add_argument("--out", type=Path, default=None, help=f"model directory (default: ${MODEL_ENV} or build/topic-model)")
    tr.add_argument("--config", type=Path, default=CONFIG)
    tr.add_argument("--limit", type=int, default=None, help="train on the first N even-fid Q&As only")
    ag = sub.add_parser("agreement", help="how consistently the even-fid Q&As' tags follow their cards and wording")
    ag.add_argument("--qa", type=Path, default=None, help="Q&A JSONL.gz (default: shared konami-faq/qa-dev)")
    ag.add_argument("--cards", type=Path, default=None, help="cards.jsonl.gz (default: shared data)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    qa = args.qa or rconfig.shared_dir() / "corpus" / "konami-faq" / "qa-dev.jsonl.gz"
    if args.command == "agreement":
        try:
            even = [q for q in read_qas(qa) if int(q.get("fid") or 0) % 2 == 0]
            print(json.dumps(label_agreement(even, cards_by_konami_id(args.cards or rconfig.cards_file())),
                             ensure_ascii=False))
        except InputError as exc:
            parser.exit(2, f"error: {exc}\n")
        return 0
    try:
        summary = train(qa, args.cards or rconfig.cards_file(), args.out or default_model_dir(), args.config,
                        args.limit)
    except InputError as exc:
        parser.exit(2, f"error: {exc}\n")
    print(json.dumps({k: summary[k] for k in ("trained_on", "blend", "cv_micro_by_blend", "cv_micro_p_r_f1", "cv_p_r_f1")},
                     ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""NLP stage throughput: characters per second per language for the whole stage (segmentation,
normalization, linking, semantics) and for spaCy tokenization alone on the same ruling texts, their
ratio, and peak memory. Pages: the shared seeds, rule docs, French articles and 300 Konami Q&As."""

from __future__ import annotations

import gzip
import itertools
import resource
import tempfile
import time
from collections import defaultdict
from pathlib import Path


def _pages():
    from crawlers.offline import read_paths
    from rulings import config

    corpus = config.shared_dir() / "corpus"
    paths = [corpus / "seeds", corpus / "ocg-rule-docs", corpus / "fr-rulings"]
    pages = [p for p, _ in read_paths([str(p) for p in paths])]
    with gzip.open(corpus / "konami-faq" / "qa-dev.jsonl.gz", "rb") as handle:
        lines = list(itertools.islice(handle, 300))
    with tempfile.TemporaryDirectory() as tmp:
        qa = Path(tmp) / "qa.jsonl"
        qa.write_bytes(b"".join(lines))
        pages += [p for p, _ in read_paths([str(qa)])]
    return pages


def main() -> dict:
    from pipeline.cardlink import CardLinker
    from pipeline.nlp_models import get_nlp
    from pipeline.run import process_pages

    pages = _pages()
    linker = CardLinker.default()
    list(process_pages(pages[:2], linker=linker))  # warm up: spaCy models, jieba dictionary

    by_lang = defaultdict(list)
    for page in pages:
        by_lang[page.language].append(page)
    figures: dict = {"pages": len(pages)}
    for language, group in sorted(by_lang.items()):
        chars = sum(len(p.text) for p in group)
        started = time.perf_counter()
        docs = list(process_pages(group, linker=linker))
        stage = time.perf_counter() - started
        texts = [r.normalized for d in docs for r in d.rulings]
        nlp = get_nlp(language)
        started = time.perf_counter()
        for _ in nlp.pipe(texts, disable=list(nlp.pipe_names), batch_size=64):
            pass
        tokens = time.perf_counter() - started
        token_chars = sum(len(t) for t in texts)
        figures[language] = {
            "pages": len(group),
            "rulings": len(texts),
            "stage_chars_per_s": round(chars / stage) if stage else None,
            "tokenize_chars_per_s": round(token_chars / tokens) if tokens else None,
            "stage_over_tokenize_time": round(stage / tokens, 1) if tokens else None,
        }
    figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(main(), ensure_ascii=False, indent=1))

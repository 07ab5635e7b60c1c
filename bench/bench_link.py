"""Card-linking benchmark: index build time, throughput per language, peak memory.

`python -m bench link`. Texts are the shared dev corpora (ja Q&A, zh rules docs, fr articles, the
zh-Hant seed page). Throughput is measured twice: the character-level linker alone, and through
`link_many` (which also tokenizes every text with the language's spaCy pipeline)."""

from __future__ import annotations

import resource
import time
from pathlib import Path


def _texts(shared: Path) -> dict[str, list[str]]:
    from pipeline.eval import qa_text, read_qa, strip_markdown_italics, strip_rst_cards

    corpus = shared / "corpus"
    ja = [qa_text(q) for q in read_qa(corpus / "konami-faq" / "qa-dev.jsonl.gz", 600)]
    zh_hans = [strip_rst_cards(p.read_text(encoding="utf-8"))[0] for p in sorted((corpus / "ocg-rule-docs").rglob("*.rst"))]
    zh_hant = [p.read_text(encoding="utf-8") for p in sorted((corpus / "seeds").glob("000_*.txt"))] * 5
    fr = [strip_markdown_italics(p.read_text(encoding="utf-8"))[0] for p in sorted((corpus / "fr-rulings").glob("*.md"))]
    return {"ja": ja, "zh-Hans": zh_hans, "zh-Hant": zh_hant, "fr": fr}


def main() -> dict:
    from pipeline.cardlink import CardLinker
    from rulings import config
    from rulings.cards import load_catalog

    figures: dict = {}
    started = time.perf_counter()
    catalog = load_catalog(config.cards_file(), config.community_names_file())
    figures["catalog_load_s"] = round(time.perf_counter() - started, 3)

    started = time.perf_counter()
    linker = CardLinker.from_catalog(catalog)
    figures["index_build_s"] = round(time.perf_counter() - started, 3)
    started = time.perf_counter()
    linker.automaton()
    figures["automaton_build_s"] = round(time.perf_counter() - started, 3)
    figures["names_indexed"] = len(linker.names)

    linker._latin_word_df()  # built lazily on the first fr/en text; a one-time cost, not throughput
    for language, texts in _texts(config.shared_dir()).items():
        chars = sum(map(len, texts))
        started = time.perf_counter()
        mentions = sum(len(linker.link_many([(t, language)], use_spacy=False)[0]) for t in texts)
        core = time.perf_counter() - started
        linker.link_many([(texts[0], language)])  # load the spaCy pipeline outside the timing
        started = time.perf_counter()
        linker.link_many((t, language) for t in texts)
        with_spacy = time.perf_counter() - started
        figures[language] = {
            "texts": len(texts), "chars": chars, "mentions": mentions,
            "chars_per_s": round(chars / core), "mentions_per_s": round(mentions / core),
            "chars_per_s_with_spacy": round(chars / with_spacy), "mentions_per_s_with_spacy": round(mentions / with_spacy),
        }
    figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(main(), ensure_ascii=False, indent=1))

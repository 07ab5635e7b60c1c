"""Offline ingest of every saved format in the shared corpora, checked field by field."""

from __future__ import annotations

import gzip
import json

import pytest

from crawlers.offline import FAQ_URL, ingest_to_store, read_paths
from crawlers.store import RawStore, sha256_hex
from rulings.config import shared_dir
from rulings.errors import InputError

CORPUS = shared_dir() / "corpus"


def _one(path):
    errors = []
    pages = list(read_paths([path], errors=errors))
    assert errors == []
    assert len(pages) == 1
    return pages[0]


def _seed(prefix):
    return next((CORPUS / "seeds").glob(prefix + "_*.txt"))


def test_seeds_get_language_source_and_verbatim_text():
    expected = {"000": ("zh-Hant", "zh-forum"), "001": ("fr", "fr-wiki"), "002": ("ja", "jp-expert"),
                "003": ("zh-Hans", "zh-forum"), "004": ("zh-Hans", "ocg-rule-docs")}
    for prefix, (language, source) in expected.items():
        path = _seed(prefix)
        page, raw = _one(path)
        assert (page.language, page.source_id, page.format) == (language, source, "text"), prefix
        assert raw == path.read_bytes()
        assert page.content_hash == sha256_hex(raw)
        assert page.text == raw.decode("utf-8")  # seeds are kept verbatim for the NLP stage
        assert page.url == path.resolve().as_uri()
        for heading in page.headings:
            assert page.text[heading.offset:heading.offset + len(heading.text)] == heading.text


def test_seed_heading_residue_becomes_headings():
    page, _ = _one(_seed("004"))
    assert page.title == "诱发类效果"
    assert [h.text for h in page.headings[:3]] == ["诱发类效果", "前言", "怪兽的诱发效果"]
    assert page.headings[0].level == 1 and page.headings[1].level == 2
    french, _ = _one(_seed("001"))
    assert [h.text for h in french.headings][:3] == ["Règles", "Plein-Pièges", "Demi-Pièges"]
    expert, _ = _one(_seed("002"))
    assert "▼罠カード" in [h.text for h in expert.headings]
    assert "┏チェーン１" in expert.text


def test_rst_keeps_card_markup_and_section_structure():
    path = CORPUS / "ocg-rule-docs" / "c02" / "优先权.rst"
    page, raw = _one(path)
    assert page.format == "rst" and page.source_id == "ocg-rule-docs" and page.language == "zh-Hans"
    assert "「`黑洞`_」" in page.text  # gold card mention markup survives
    assert page.title == "优先权"
    levels = [(h.level, h.text) for h in page.headings]
    assert levels[:3] == [(1, "优先权"), (2, "什么是优先权"), (2, "发动卡的优先权")]
    assert (3, "特定阶段·步骤的优先权转移") in levels
    for heading in page.headings:
        assert page.text[heading.offset:heading.offset + len(heading.text)] == heading.text


def test_markdown_keeps_italics_and_headings():
    page, _ = _one(CORPUS / "fr-rulings" / "02_Ciblage.md")
    assert (page.source_id, page.language, page.format) == ("fr-articles", "fr", "markdown")
    assert "*Force de Miroir*" in page.text
    assert page.title == "Démystification de rulings — 2. Ciblage"
    assert (2, "Bases du ciblage") in [(h.level, h.text) for h in page.headings]


def test_qa_jsonl_gives_one_page_per_question_with_faq_url():
    path = CORPUS / "konami-faq" / "qa-dev.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        first = json.loads(handle.readline())
        total = 1 + sum(1 for line in handle if line.strip())
    errors = []
    pages = list(read_paths([path], errors=errors))
    assert errors == [] and len(pages) == total
    page, raw = pages[0]
    assert page.url == FAQ_URL.format(fid=first["fid"])
    assert page.url == f"https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid={first['fid']}"
    assert json.loads(raw) == first
    assert page.meta["mentionedCards"] == first["mentionedCards"]
    assert page.meta["tags"] == first["tags"] and page.meta["databaseDate"] == first["databaseDate"]
    assert page.title == first["title"] and page.language == "ja" and page.source_id == "konami-faq"
    assert first["question"] in page.text and first["answer"] in page.text
    assert [h.text for h in page.headings] == [first["title"], "質問", "回答"]
    for heading in page.headings:
        assert page.text[heading.offset:heading.offset + len(heading.text)] == heading.text


def test_saved_html_in_big5_with_mediawiki_chrome(tmp_path):
    html = ('<html><head><meta charset="big5"><title>陷阱怪獸 - 維基</title></head><body>'
            '<div class="mw-parser-output"><h1>陷阱怪獸的相關規則</h1>'
            '<h2>規則<span class="mw-editsection">[編輯]</span></h2>'
            '<p>這類全部是永續陷阱卡，<a href="/wiki/心變">「心變」</a>。</p></div></body></html>')
    path = tmp_path / "page.html"
    path.write_bytes(html.encode("big5"))
    page, _ = _one(path)
    assert page.detected_encoding == "big5hkscs" and page.declared_encoding == "big5hkscs"
    assert page.language == "zh-Hant"
    assert page.title == "陷阱怪獸的相關規則"
    assert [(h.level, h.text) for h in page.headings] == [(1, "陷阱怪獸的相關規則"), (2, "規則")]
    assert "[編輯]" not in page.text and "「心變」" in page.text


def test_bad_files_are_reported_and_ingest_goes_on(tmp_path):
    (tmp_path / "a.txt").write_text("Les Monstres Piège sont des cartes Piège.", encoding="utf-8")
    (tmp_path / "scan.html").write_bytes(b"%PDF-1.4 binary")
    (tmp_path / "qa.jsonl").write_text('{"fid": 7, "title": "t", "question": "q", "answer": "a"}\n'
                                       '{"fid": 8, "title": "broken\n'
                                       '{"fid": 9, "question": "q"}\n', encoding="utf-8")
    store = RawStore(tmp_path / "store")
    result = ingest_to_store([tmp_path / "a.txt", tmp_path / "scan.html", tmp_path / "qa.jsonl"], store)
    assert (result["new"], result["failed"]) == (2, 3)
    reasons = dict(result["errors"])
    assert "application/pdf" in reasons[(tmp_path / "scan.html").resolve().as_uri()]
    assert "missing title, answer" in reasons[(tmp_path / "qa.jsonl").resolve().as_uri() + "#line=3"]
    assert store.get(FAQ_URL.format(fid=7)).text == "t\n質問\nq\n回答\na"
    with pytest.raises(InputError, match="no such file"):
        list(read_paths([tmp_path / "missing.md"]))


def test_reingest_is_unchanged_and_a_change_is_detected(tmp_path):
    article = tmp_path / "art.md"
    article.write_text("# Titre\n\nUn effet de *Trou Noir* détruit les monstres.\n", encoding="utf-8")
    store = RawStore(tmp_path / "store")
    assert ingest_to_store([article], store)["new"] == 1
    second = ingest_to_store([article], store)
    assert (second["new"], second["changed"], second["unchanged"]) == (0, 0, 1)
    assert list(store.run_pages()) == []
    article.write_text("# Titre\n\nUn effet de *Raigeki* détruit les monstres.\n", encoding="utf-8")
    third = ingest_to_store([article], store)
    assert third["changed"] == 1
    changed = list(store.run_pages())
    assert [p.url for p in changed] == [article.resolve().as_uri()] and "*Raigeki*" in changed[0].text
    assert store.blob(changed[0].content_hash) == article.read_bytes()


def test_source_override(tmp_path):
    page, _ = next(read_paths([_seed("003")], source="zh-forum"))
    assert page.source_id == "zh-forum"
    with pytest.raises(InputError, match="unknown source"):
        list(read_paths([_seed("003")], source="nope"))

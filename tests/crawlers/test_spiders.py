"""Each spider crawls its local fixture site (real Scrapy, real HTTP on 127.0.0.1) into a RawStore."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import lxml.html

from crawlers.konami import CARD_FAQ_URL, FAQ_URL
from crawlers.store import RawStore, sha256_hex
from tests.fixtures.sites.generate import DOCS_PREFIX, canonical_path, konami_faq_site
from tests.fixtures.sites.server import change, serve


def _pages(tmp_path):
    return {p.url: p for p in RawStore(tmp_path / "raw").pages()}


def _check_offsets(page):
    for heading in page.headings:
        assert page.text[heading.offset:heading.offset + len(heading.text)] == heading.text, page.url


def test_ocg_rule_docs_toctree_crawl_and_incremental_recrawl(site_server, crawl, tmp_path):
    server = site_server("ocg-rule-docs")  # the real furo build
    first = crawl("ocg-rule-docs", server.start_url)
    site = server.site
    assert first["new"] == len(site.expected) - 1 > 1  # all but 前言.html, which no page links
    pages = _pages(tmp_path)
    for path in site.expected:
        if server.url(path) not in pages:
            continue
        page = pages[server.url(path)]
        h1 = lxml.html.document_fromstring(site.resources[path].body).cssselect("article[role=main] h1")[0]
        assert page.title == h1.text_content().strip("¶ \n") and page.language == "zh-Hans"
        assert page.headings[0].level == 1 and page.headings[0].text == page.title
        assert "¶" not in page.text and page.detected_encoding == "utf-8"
        assert page.etag and page.last_modified and page.content_type.startswith("text/html")
        assert page.content_hash == sha256_hex(RawStore(tmp_path / "raw").blob(page.content_hash))
        _check_offsets(page)
    priority_path = DOCS_PREFIX + "c02/" + quote("优先权") + ".html"
    priority = pages[server.url(priority_path)]
    assert "「黑洞」" in priority.text
    assert server.url(DOCS_PREFIX + "c02/" + quote("连锁基础") + ".html") in priority.outlinks
    assert not any("_sources" in p or "_static" in p for p in server.fetched())

    # Unchanged site: every page answers 304, nothing new is stored.
    server.reset_log()
    second = crawl("ocg-rule-docs", server.start_url)
    assert (second["new"], second["changed"], second["unchanged"]) == (0, 0, first["new"])
    assert server.fetched(200) == [] and len(server.fetched(304)) == first["new"]
    assert list(RawStore(tmp_path / "raw").run_pages()) == []

    # One page edited: detected as changed, and only it flows on.
    new_body = site.resources[priority_path].body.replace("优先权是用来确定".encode(), "优先权是用于确定".encode())
    change(site, priority_path, new_body)
    third = crawl("ocg-rule-docs", server.start_url)
    assert (third["changed"], third["new"]) == (1, 0)
    flowing = list(RawStore(tmp_path / "raw").run_pages())
    assert [p.url for p in flowing] == [server.url(priority_path)] and "优先权是用于确定" in flowing[0].text


def test_konami_faq_card_list_reaches_every_qa_and_the_supplement(site_server, crawl, tmp_path):
    server = site_server("konami-faq")  # card 5533's list: rows without <a href>, only input.link_value
    site = server.site
    summary = crawl("konami-faq", server.start_url)
    assert summary["new"] == len(site.expected) + 1 and summary["failed"] == 0  # every Q&A + the supplement
    assert all("request_locale=ja" in path for path in server.fetched())
    assert not any("cid=" in p and "cid=5533" not in p for p in server.fetched())  # only the start card's lists
    pages = _pages(tmp_path)
    for path, qa in site.expected.items():
        page = pages[FAQ_URL.format(fid=qa["fid"])]  # stored under the canonical FAQ URL
        assert canonical_path(urlsplit(page.meta["fetched_url"]).path + "?" + urlsplit(page.meta["fetched_url"]).query) == path
        assert page.title == qa["title"] and page.language == "ja"
        assert page.meta["fid"] == qa["fid"] and page.meta["databaseDate"] == qa["databaseDate"]
        assert page.meta["tags"] == qa["tags"]
        assert page.meta["question"] == qa["question"].strip() and page.meta["answer"] == qa["answer"].strip()
        assert set(page.meta["mentionedCards"]) <= set(qa["mentionedCards"]) and 5533 in page.meta["mentionedCards"]
        assert [h.text for h in page.headings] == [qa["title"], "質問", "回答"]
        _check_offsets(page)
    supplement = pages[CARD_FAQ_URL.format(cid=5533)]
    assert supplement.title == site.facts["card"]["name"] == "王家の眠る谷－ネクロバレー"
    assert supplement.meta["supplements"][0]["date"] == "2024-01-25"
    assert "■チェーンブロックの作られない効果です。" in supplement.text and "補足情報" in supplement.text
    # Konami sends Last-Modified only: the re-crawl is conditional on If-Modified-Since.
    again = crawl("konami-faq", server.start_url)
    assert (again["new"], again["unchanged"]) == (0, len(site.expected) + 1)


def test_konami_faq_list_pages_of_100(shared_dir, crawl, tmp_path):
    """120 Q&As: the list has two pages at rp=100, and the second one is found from 「全120件」."""
    server = serve(konami_faq_site(shared_dir, count=120))
    try:
        summary = crawl("konami-faq", server.start_url)
        lists = [p for p in server.fetched() if "ope=4" in p]
        assert len(lists) == 2 and all("rp=100" in p for p in lists) and any("page=2" in p for p in lists)
        assert summary["new"] == 121 and summary["failed"] == 0
    finally:
        server.stop()


def test_jp_expert_shift_jis_and_wrong_header(site_server, crawl, tmp_path):
    server = site_server("jp-expert")
    summary = crawl("jp-expert", server.start_url)
    assert (summary["new"], summary["failed"]) == (4, 0)  # rule/, index.html, the two trap pages
    assert not any(p.startswith("/moon/other/") for p in server.fetched())  # another user's folder
    pages = _pages(tmp_path)
    (normal_path, normal_facts), (chain_path, chain_facts) = server.site.expected.items()
    normal = pages[server.url(normal_path)]
    assert normal.detected_encoding == "cp932" and normal.declared_encoding == "cp932"
    assert normal.title == "通常罠カード基本" and normal.language == "ja" and normal.replacement_chars == 0
    for line in normal_facts["lines"]:
        assert line.strip() in normal.text
    assert "■サイドデッキ" not in normal.text and "●ルール用語辞典" not in normal.text  # the repeated menu
    chain = pages[server.url(chain_path)]
    assert chain.declared_encoding == "euc_jp" and chain.detected_encoding == "cp932"
    assert chain.title == "チェーンの基本①" and any("EUC" in p.upper() or "euc_jp" in p for p in chain.problems)
    assert any(line.startswith("┗") for line in chain.text.split("\n")) or "□" in chain.text


def test_jp_wiki_euc_jp_with_nec_characters(site_server, crawl, tmp_path):
    server = site_server("jp-wiki")
    summary = crawl("jp-wiki", server.start_url)
    assert (summary["new"], summary["failed"]) == (3, 0)  # FrontPage, チェーン, 《ＢＦ－疾風のゲイル》
    path = next(iter(server.site.expected))
    page = _pages(tmp_path)[server.url(path)]
    assert page.title == "チェーン" and page.replacement_chars == 0
    assert [(h.level, h.text) for h in page.headings] == [(1, "チェーン"), (2, "①チェーンの組み方"), (2, "②チェーンの処理")]
    assert "㈱" in page.text and "†" not in page.text and "編集" not in page.text
    assert "- スペルスピード２以上の効果でチェーンできる。" in page.text
    assert not any("cmd=" in p for p in server.fetched())
    assert "カードの種類" not in page.text and "Link:" not in page.text  # MenuBar and related links dropped
    _check_offsets(page)
    gale_path, gale = list(server.site.expected.items())[1]
    card = _pages(tmp_path)[server.url(gale_path)]
    assert card.headings[1].text == gale["heading"]  # <rb> kept, <rt>/<rp> readings dropped
    assert "ブラックフェザー" not in card.text and gale["pre"] in card.text
    _check_offsets(card)


def test_ourocg_store_json_leads_to_card_pages_read_from_templates(site_server, crawl, tmp_path):
    server = site_server("ourocg")  # crawled by the zh-forum spider
    summary = crawl("zh-forum", server.start_url)
    assert summary["failed"] == 0 and summary["new"] == 2 + len(server.site.expected)  # home, list, cards
    pages = _pages(tmp_path)
    for path, facts in server.site.expected.items():
        page = pages[server.url(path)]  # reached only through window.__STORE__'s hash_ids
        assert page.meta["layout"] == "ourocg" and facts["name"] in page.text and facts["effect"] in page.text
        assert "首页" not in page.text and "卡片列表" not in page.text
        _check_offsets(page)


def test_zh_forum_charsets_pagination_and_bad_pages(site_server, crawl, tmp_path):
    server = site_server("zh-forum")
    summary = crawl("zh-forum", server.start_url)
    pages = _pages(tmp_path)
    hant = pages[server.url("/thread-1016-1-1.html")]
    facts = server.site.expected["/thread-1016-1-1.html"]
    assert hant.language == "zh-Hant" and hant.detected_encoding == "big5hkscs" and hant.title == facts["title"]
    assert all(p in hant.text for p in facts["paragraphs"])
    assert server.url("/thread-1016-2-1.html") in pages  # reached through the pager only
    hans = pages[server.url("/thread-2001-1-1.html")]
    assert hans.language == "zh-Hans" and hans.detected_encoding == "gb18030" and "喆" in hans.text
    assert hans.declared_encoding == "gb18030"  # gb2312 read as GB18030

    undecodable = pages[server.url("/bad/undecodable.html")]
    assert undecodable.replacement_chars >= 3 and undecodable.problems
    wrong = pages[server.url("/bad/wrong-charset.html")]
    assert wrong.detected_encoding == "utf-8" and "速攻魔法可以在对方回合发动。" in wrong.text
    assert any("is wrong" in p for p in wrong.problems)
    truncated = pages[server.url("/bad/truncated.html")]
    assert "连锁的处理顺序是逆序的。" in truncated.text and any("truncated" in p for p in truncated.problems)
    assert pages[server.url("/bad/flaky.html")].title == "服务器恢复了"  # 500, retried, then 200

    errors = dict(summary["errors"])
    expected_failures = {"/bad/scan.html": "application/pdf", "/bad/logo.html": "image/png",
                         "/bad/huge.html": "too large", "/bad/loop-a.html": "redirect loop",
                         "/bad/missing.html": "HTTP 404", "/bad/gone.html": "HTTP 410",
                         "/bad/down.html": "HTTP 503", "/bad/dataloss.html": "truncated"}
    for path, reason in expected_failures.items():
        assert reason in errors[server.url(path)], (path, errors.get(server.url(path)))
    assert summary["failed"] == len(expected_failures)
    assert summary["new"] == len(pages)
    for path in expected_failures:
        assert server.url(path) not in pages  # the store never holds a failed page
    store = RawStore(tmp_path / "raw")
    assert not list(store.path.rglob("*.tmp"))
    failed = [e for e in store.run_log() if e["outcome"] == "failed"]
    assert {e["url"] for e in failed} == {server.url(p) for p in expected_failures}


def test_fr_wiki_mediawiki_article_links_only(site_server, crawl, tmp_path):
    server = site_server("fr-wiki")
    summary = crawl("fr-wiki", server.start_url)
    assert (summary["new"], summary["failed"]) == (3, 0)  # Monstre Piège, Trou Noir, Card_Rulings:Trou_Noir
    path = "/wiki/" + quote("Monstre_Piège")
    page = _pages(tmp_path)[server.url(path)]
    facts = server.site.expected[path]
    assert page.title == "Monstre Piège" and page.language == "fr"
    assert [h.text for h in page.headings] == ["Monstre Piège"] + [s for s, _ in facts["sections"]]
    assert "modifier" not in page.text and "[]" not in page.text and "Sommaire" not in page.text
    assert facts["intro"][0] in page.text
    assert not any("Sp%C3%A9cial" in p or "action=" in p for p in server.fetched())
    assert "Cartes Magie" not in page.text  # div.navbox dropped
    _check_offsets(page)
    rulings_path, ruling_facts = list(server.site.expected.items())[1]
    rulings = _pages(tmp_path)[server.url(rulings_path)]  # the Card_Rulings: namespace is followed
    assert all(f"- {r}" in rulings.text for r in ruling_facts["rulings"])
    assert "[1]" not in rulings.text and "Démystifier" not in rulings.text and "Cartes Magie" not in rulings.text


def test_max_pages_and_crawl_list(site_server, crawl, tmp_path):
    server = site_server("ocg-rule-docs")
    summary = crawl("ocg-rule-docs", server.start_url, "--max-pages", "2")
    assert summary["new"] == 2
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "app", "crawl", "list"], capture_output=True, text=True,
                         check=True).stdout
    assert all(name in out for name in ("ocg-rule-docs", "konami-faq", "jp-expert", "jp-wiki", "zh-forum", "fr-wiki"))
    bad = subprocess.run([sys.executable, "-m", "app", "crawl", "nope", "--start-url", server.start_url,
                          "--store", str(tmp_path / "raw")], capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_konami_faq_offline_and_crawled_qa_are_one_entry(site_server, crawl, tmp_path):
    """A fid ingested from the Q&A mirror and then crawled is one store entry (the canonical FAQ URL),
    and the crawled copy's Last-Modified still makes the next crawl conditional."""
    import json

    from crawlers.offline import ingest_to_store

    server = site_server("konami-faq")
    path, qa = next(iter(server.site.expected.items()))
    mirror = tmp_path / "qa.jsonl"
    mirror.write_text(json.dumps(qa, ensure_ascii=False) + "\n", encoding="utf-8")
    store = RawStore(tmp_path / "raw")
    assert ingest_to_store([mirror], store)["new"] == 1
    canonical = FAQ_URL.format(fid=qa["fid"])
    assert store.get(canonical).format == "qa-json" and store.get(canonical).last_modified is None

    summary = crawl("konami-faq", server.start_url)
    count = len(server.site.expected) + 1  # the Q&As and the card's supplement
    assert (summary["new"], summary["changed"], summary["failed"]) == (count - 1, 1, 0)
    assert len(store) == count  # the ingested fid was not stored a second time under the fetched URL
    assert [p.url for p in store.pages()].count(canonical) == 1
    crawled = store.get(canonical)
    fetched = urlsplit(crawled.meta["fetched_url"])
    assert crawled.format == "html" and canonical_path(f"{fetched.path}?{fetched.query}") == path
    assert crawled.meta["fid"] == qa["fid"] and crawled.last_modified
    assert crawled.meta["question"] == qa["question"].strip()

    server.reset_log()
    again = crawl("konami-faq", server.start_url)
    assert (again["new"], again["changed"], again["unchanged"]) == (0, 0, count)
    qa_paths = set(server.site.expected)
    answered = {canonical_path(p) for p in server.fetched(304)}
    assert qa_paths <= answered and not qa_paths & {canonical_path(p) for p in server.fetched(200)}
    assert len(store) == count
    # The run log names the store key, so "unchanged" lines match the records they are about.
    unchanged = {e["url"] for e in store.run_log() if e["outcome"] == "unchanged"}
    assert unchanged == {FAQ_URL.format(fid=q["fid"]) for q in server.site.expected.values()} | {
        CARD_FAQ_URL.format(cid=5533)}


def test_zh_charsets_wrong_declarations_and_extension_characters(site_server, crawl, tmp_path):
    server = site_server("zh-charsets")
    summary = crawl("zh-forum", server.start_url)
    assert (summary["new"], summary["failed"]) == (1 + len(server.site.expected), 0)
    pages = _pages(tmp_path)
    facts = server.site.expected

    # Header AND <meta> both wrong, legacy bytes: the declarations are overruled, the text reads cleanly.
    gbk = pages[server.url("/both-wrong-gbk.html")]
    assert gbk.declared_encoding == "cp1252" and gbk.detected_encoding == "gb18030"
    assert gbk.title == facts["/both-wrong-gbk.html"]["title"] and gbk.language == "zh-Hans"
    assert all(p in gbk.text for p in facts["/both-wrong-gbk.html"]["paragraphs"]) and gbk.replacement_chars == 0
    assert any("charset conflict" in p for p in gbk.problems)
    assert any("does not fit the bytes; decoded as gb18030" in p for p in gbk.problems)
    # Header AND <meta> both wrong, UTF-8 bytes.
    utf8 = pages[server.url("/both-wrong-utf8.html")]
    assert utf8.detected_encoding == "utf-8" and utf8.replacement_chars == 0
    assert all(p in utf8.text for p in facts["/both-wrong-utf8.html"]["paragraphs"])
    assert any("is wrong: the bytes are valid UTF-8" in p for p in utf8.problems)

    # Big5 with HKSCS characters and a CP950 euro: both kept; only the truly undecodable pair is U+FFFD.
    hk = pages[server.url("/hk-big5.html")]
    assert hk.detected_encoding == "big5hkscs" and hk.language == "zh-Hant"
    before = facts["/hk-big5.html"]["before"]
    assert before in hk.text and "嘅" in hk.text and "㗎" in hk.text and "€" in hk.text
    end_before = hk.text.index(before) + len(before)
    bad = hk.text[end_before:hk.text.index(facts["/hk-big5.html"]["after"], end_before)]
    assert bad and set(bad) == {"\ufffd"}  # the 80 80 pair, and nothing else, became replacements
    assert hk.replacement_chars == hk.text.count("\ufffd") == len(bad)
    assert any("outside big5hkscs decoded as cp950" in p for p in hk.problems)

    # Declared GB2312, bytes with GBK- and GB18030-only characters: read as GB18030, nothing lost.
    gb = pages[server.url("/gb2312-gb18030.html")]
    assert gb.declared_encoding == "gb18030" and gb.detected_encoding == "gb18030" and gb.replacement_chars == 0
    assert all(p in gb.text for p in facts["/gb2312-gb18030.html"]["paragraphs"]) and "𠮷" in gb.text

"""The ruling sources by id: the one table `rulings crawl list`, the offline readers and the spider map
agree on (kept free of Scrapy so the offline readers stay light)."""

CRAWLED = {
    "ocg-rule-docs": "ocg-rule docs (zh-Hans, Sphinx / Read-the-Docs rules book)",
    "konami-faq": "Konami OCG FAQ (ja): per-card Q&A lists and Q&A pages",
    "jp-expert": "Japanese expert-rule static pages (Shift_JIS)",
    "jp-wiki": "Japanese PukiWiki rule pages (EUC-JP, yugioh-wiki style)",
    "zh-forum": "Chinese forum / wiki pages (zh-Hant Big5 or UTF-8, zh-Hans GB18030)",
    "fr-wiki": "French MediaWiki / Fandom pages",
}
# sources read only from files (the French articles corpus has no site to crawl)
SOURCES = (*CRAWLED, "fr-articles")

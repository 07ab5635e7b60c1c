"""Crawl-stage throughput: (1) parse throughput (decode + extract + language) over every fixture site's
pages in process; (2) a real Scrapy crawl of the zh-forum + ocg-rule-docs fixture sites on 127.0.0.1
with throttling off. Figures: pages/s and MB/s."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _parse_throughput(rounds: int = 20) -> dict:
    from crawlers.encoding import decode_page
    from crawlers.extract import extract
    from rulings.text import detect_language
    from rulings.config import shared_dir
    from tests.fixtures.sites.generate import BUILDERS, build_site

    layouts = {"ocg-rule-docs": "sphinx", "jp-wiki": "pukiwiki", "fr-wiki": "mediawiki", "konami-faq": "konami-faq"}
    docs = []
    for name in BUILDERS:
        for res in build_site(name, shared_dir()).resources.values():
            if res.body and res.status == 200 and res.content_type.startswith("text/html") and not res.behaviour:
                docs.append((res.body, res.content_type, layouts.get(name, "generic")))
    started = time.perf_counter()
    total = 0
    for _ in range(rounds):
        for body, content_type, layout in docs:
            decoded = decode_page(body, content_type)
            page = extract(decoded.text, "http://127.0.0.1/x.html", layout)
            detect_language(page.text)
            total += len(body)
    elapsed = time.perf_counter() - started
    n = rounds * len(docs)
    return {"parse_pages": n, "parse_pages_per_s": round(n / elapsed, 1), "parse_mb_per_s": round(total / elapsed / 1e6, 2)}


def _crawl_throughput() -> dict:
    from rulings.config import shared_dir
    from tests.fixtures.sites.generate import build_site
    from tests.fixtures.sites.server import serve

    figures = {}
    for name in ("ocg-rule-docs", "konami-faq"):
        server = serve(build_site(name, shared_dir()) if name != "konami-faq" else _big_faq(shared_dir()))
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "RULINGS_HOME": home, "PYTHONPATH": str(REPO)}
            started = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "app", "crawl", name, "--start-url", server.start_url,
                                   "--store", f"{home}/raw", "--fast", "--json"], capture_output=True, text=True,
                                  env=env, cwd=REPO, check=True)
            elapsed = time.perf_counter() - started
        summary = json.loads(proc.stdout.strip().splitlines()[-1])
        fetched = sum(1 for _, p, s in server.hits if s == 200)
        size = sum(len(r.body or b"") for r in server.site.resources.values())
        server.stop()
        figures[f"crawl_{name}_pages"] = summary["new"]
        figures[f"crawl_{name}_pages_per_s"] = round(fetched / elapsed, 1)  # includes process start-up
        figures[f"crawl_{name}_mb_per_s"] = round(size / elapsed / 1e6, 3)
    return figures


def _big_faq(shared):
    from tests.fixtures.sites.generate import konami_faq_site

    return konami_faq_site(shared, count=200)


def main() -> dict:
    sys.path.insert(0, str(REPO))
    return {**_parse_throughput(), **_crawl_throughput()}


if __name__ == "__main__":
    print(main())

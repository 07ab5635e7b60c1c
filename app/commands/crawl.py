"""`rulings crawl SOURCE`: crawl one ruling source into the raw page store and print the counts."""

from __future__ import annotations

import json

import click

from crawlers.sources import CRAWLED


@click.command("crawl", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("source", metavar="SOURCE")
@click.option("--start-url", help="Start here instead of the real site (e.g. a local mirror).")
@click.option("--max-pages", type=click.IntRange(min=1), help="Stop following links after N pages.")
@click.option("--store", "store_dir", type=click.Path(file_okay=False), help="Raw page store (default: data dir/raw).")
@click.option("-s", "--set", "overrides", multiple=True, metavar="KEY=VALUE", help="Override a Scrapy setting.")
@click.option("--fast", is_flag=True, help="No throttling or delays: only for local mirrors you own.")
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
def crawl(source, start_url, max_pages, store_dir, overrides, fast, as_json):
    """Crawl SOURCE into the raw page store; re-crawls are conditional (ETag / If-Modified-Since) and
    only new or changed pages flow on to the NLP stage. `rulings crawl list` lists the sources.
    Ctrl-C stops gracefully (exit 130); running the same command again resumes the crawl.

    \b
    Sources:
      ocg-rule-docs  konami-faq  jp-expert  jp-wiki  zh-forum  fr-wiki
    \b
    Example:
      rulings crawl list
      rulings crawl ocg-rule-docs --max-pages 50
      rulings crawl fr-wiki --start-url http://127.0.0.1:8000/wiki/Monstre_Piège --fast
    """
    if source == "list":
        for name, text in CRAWLED.items():
            click.echo(f"{name:14} {text}")
        return
    from crawlers.run import parse_overrides, run_crawl

    summary = run_crawl(source, start_url=start_url, max_pages=max_pages, store_dir=store_dir,
                        overrides=parse_overrides(list(overrides)), fast=fast)
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
    else:
        click.echo(f"{source}: {summary['new']} new, {summary['changed']} changed, {summary['unchanged']} unchanged, "
                   f"{summary['failed']} failed (run {summary['run']}, spider {summary['closed']})")
        for url, reason in summary["errors"]:
            click.echo(f"  failed {url}: {reason}")
    if summary["closed"] == "shutdown":
        # Interrupted is not done: exit like an interrupted command so `crawl && next-stage` stops here.
        click.echo("crawl interrupted: re-run the same command to resume", err=True)
        raise SystemExit(130)

"""ocg-rule docs (zh-Hans): a Sphinx / Read-the-Docs book. The toctree and prev/next links lead through
every chapter; `¶` header links and the sidebar are dropped by the sphinx layout."""

from crawlers.spiders.base import RulingSpider


class OcgRuleDocsSpider(RulingSpider):
    name = "ocg-rule-docs"
    default_start_url = "https://ocg-rule.readthedocs.io/zh-cn/latest/"
    layout = "sphinx"
    language = "zh-Hans"
    follow = (r"\.html(?:$|\?)", r"/$")
    deny = (r"/_(?:static|sources|images|downloads)/", r"/(?:genindex|search|py-modindex)\.html", r"\?highlight=")

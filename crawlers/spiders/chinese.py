"""Chinese forum and wiki pages, zh-Hant (Big5 or UTF-8) and zh-Hans (GB2312/GBK read as GB18030):
thread pages with `page=N` pagination; the page language is decided from the text."""

from crawlers.spiders.base import RulingSpider


class ZhForumSpider(RulingSpider):
    name = "zh-forum"
    default_start_url = "https://www.ourocg.cn/"
    layout = "generic"
    language = "zh-Hans"
    follow = (r"\.(?:s?html?|php|asp)(?:$|\?)", r"/$", r"[?&]page=\d+", r"/thread-\d+")

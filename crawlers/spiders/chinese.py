"""Chinese forum and wiki pages, zh-Hant (Big5 or UTF-8) and zh-Hans (GB2312/GBK read as GB18030):
thread pages with `page=N` pagination; the page language is decided from the text.

ourocg.cn is a Vue app: its pages carry a `window.__STORE__ = {...}` JSON (list and search pages: the
cards, each with the hash_id of its page /card/<hash_id>) and render values from <template> elements.
Such a page is read with the ourocg layout (templates kept) and its store's cards are followed. The
markup as other public scrapers read it: `html.xpath('//script[2]')` -> `window.__STORE__ = `,
`json_map['cards'][0]['hash_id']`, `'https://www.ourocg.cn/card/' + hash_id`, the name and effect in
`div[@class='val …']/template[2]` (a public scraper found with find_string "window.__STORE__", id
28627853812); the store's card fields ({"id", "hash_id", "password", "name", "type_st", …}) as another
one (id 39921046877) quotes them."""

import json
import re
from urllib.parse import urlsplit

from crawlers.spiders.base import RulingSpider

_CARD_PAGE = re.compile(r"/card/[A-Za-z0-9]+$")  # a card's page, /card/<hash_id>
_STORE = re.compile(rb"window\.__STORE__\s*=\s*(\{.*?\})\s*;?\s*</script>", re.S)


def store_cards(body: bytes) -> list[dict]:
    """The cards of a page's window.__STORE__ JSON ([] when there is none or it does not parse)."""
    m = _STORE.search(body)
    if not m:
        return []
    try:
        data = json.loads(m.group(1))
    except ValueError:
        return []
    cards = data.get("cards") if isinstance(data, dict) else None
    return [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []


class ZhForumSpider(RulingSpider):
    name = "zh-forum"
    default_start_url = "https://www.ourocg.cn/"
    layout = "generic"
    language = "zh-Hans"
    follow = (r"\.(?:s?html?|php|asp)(?:$|\?)", r"/$", r"[?&]page=\d+", r"/thread-\d+", r"/card/[A-Za-z0-9]+$",
              r"/card/list-\d+/\d+$")

    def layout_of(self, response) -> str:
        parts = urlsplit(response.url)
        ourocg = ((parts.hostname or "").endswith("ourocg.cn") or _CARD_PAGE.search(parts.path)
                  or b"window.__STORE__" in response.body)
        return "ourocg" if ourocg else self.layout

    def more_links(self, response, selector) -> list[str]:
        return [response.urljoin(f"/card/{c['hash_id']}") for c in store_cards(response.body)
                if re.fullmatch(r"[A-Za-z0-9]+", str(c.get("hash_id") or ""))]

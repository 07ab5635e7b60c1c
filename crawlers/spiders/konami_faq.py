"""Konami OCG FAQ (ja): a card's Q&A list (`ope=4&cid=N`) leads to its Q&A pages (`ope=5&fid=N`)
through the `input.link_value` of each `div.t_row` (the rows have no <a href>), and to its further list
pages (`page=N&rp=100`, counted from 「全N件」). Every request carries `request_locale=ja` (the site
answers in the session's language otherwise). Markup: crawlers/konami.py.

Each Q&A page becomes one RawPage shaped like the offline mirror (title, 質問, 回答; meta: fid,
databaseDate, tags, mentionedCards), stored under the canonical FAQ URL of its fid whatever extra
query the link carried, so one fid is one store entry; the fetched URL stays in meta["fetched_url"].
A card's first list page becomes the card's supplement page (補足情報, meta["supplements"]) stored
under the card's FAQ URL; a card without a supplement stores nothing. Only the start card's lists are
followed unless the setting KONAMI_FOLLOW_CARDS is true (`--set KONAMI_FOLLOW_CARDS=1`): then the
lists of the cards its Q&As link are crawled too."""

from parsel import Selector
from w3lib.url import add_or_replace_parameter, url_query_cleaner

from crawlers import konami
from crawlers.spiders.base import RulingSpider


class KonamiFaqSpider(RulingSpider):
    name = "konami-faq"
    default_start_url = "https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=4&cid=5533&request_locale=ja"
    layout = "konami-faq"
    language = "ja"
    follow = (r"faq_search\.action\?.*\bope=[45]\b",)
    deny = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.start_cid = konami.faq_cid(self.start_url)

    def request(self, url: str):
        url = add_or_replace_parameter(url, "request_locale", "ja")
        if konami.faq_cid(url) is not None:
            url = add_or_replace_parameter(url, "rp", str(konami.PAGE_SIZE))
        return super().request(url)

    def store_url(self, url):
        fid, cid = konami.faq_fid(url), konami.faq_cid(url)
        if fid is not None:
            return konami.FAQ_URL.format(fid=fid)
        if cid is not None:
            page = konami.query(url).get("page", "1")
            base = konami.CARD_FAQ_URL.format(cid=cid)
            return base if page in ("", "1") else f"{base}&page={page}"
        return url_query_cleaner(url, ["request_locale"], remove=True)

    def should_follow(self, url: str) -> bool:
        cid = konami.faq_cid(url)
        if cid is not None and cid != self.start_cid and not self._follow_cards():
            return False
        return super().should_follow(url)

    def _follow_cards(self) -> bool:
        settings = getattr(self, "settings", None)
        return bool(settings and settings.getbool("KONAMI_FOLLOW_CARDS"))

    def more_links(self, response, selector: Selector | None) -> list[str]:
        cid = konami.faq_cid(response.url)
        if selector is None or cid is None:
            return []
        listing = konami.parse_card_list(selector, response.url)
        links = list(listing["qa_urls"])
        count = konami.list_page_count(listing["total"])
        numbers = range(2, count + 1) if count else [n for n in listing["pages"] if n > 1]
        links += [add_or_replace_parameter(response.url, "page", str(n)) for n in numbers]
        return [response.urljoin(link) for link in links]

    def refine(self, page, response, selector):
        fid, cid = konami.faq_fid(response.url), konami.faq_cid(response.url)
        page.meta["fetched_url"] = response.url
        if selector is None:
            return page if fid is not None else None
        if fid is not None:
            return konami.fill_qa_page(page, selector, response.url)
        if cid is not None and konami.query(response.url).get("page", "1") in ("", "1"):
            return konami.fill_supplement_page(page, selector, response.url)
        return None  # further list pages: only their links matter


"""Japanese rule sites: a static expert-rule site in Shift_JIS (□◇■ bullets, ┏┃┗ chain diagrams kept
as lines) and a PukiWiki in EUC-JP (yugioh-wiki style; edit/diff/backup actions are not followed)."""

from urllib.parse import urlsplit

from crawlers.spiders.base import RulingSpider


class JpExpertSpider(RulingSpider):
    """「遊戯王OCGエキスパートルールHP」 on a shared host (home.att.ne.jp/moon/puppiy/): only pages
    under the start URL's folder are followed, and the chapter menu every page repeats is dropped
    (layout "expert")."""

    name = "jp-expert"
    default_start_url = "http://home.att.ne.jp/moon/puppiy/rule/"
    layout = "expert"
    language = "ja"
    follow = (r"\.s?html?(?:$|\?)", r"/$")

    def should_follow(self, url: str) -> bool:
        folder = urlsplit(self.start_url).path.rsplit("/", 1)[0] + "/"
        return urlsplit(url).path.startswith(folder) and super().should_follow(url)


class JpWikiSpider(RulingSpider):
    name = "jp-wiki"
    default_start_url = "https://yugioh-wiki.net/index.php"
    layout = "pukiwiki"
    language = "ja"
    follow = (r"index\.php\?[^=&]+$", r"index\.php$", r"/\?[^=&]+$")
    deny = (r"[?&](?:cmd|plugin)=", r"\.(?:png|jpe?g|gif|css|js)$")

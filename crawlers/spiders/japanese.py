"""Japanese rule sites: a static expert-rule site in Shift_JIS (□◇■ bullets, ┏┃┗ chain diagrams kept
as lines) and a PukiWiki in EUC-JP (yugioh-wiki style; edit/diff/backup actions are not followed)."""

from crawlers.spiders.base import RulingSpider


class JpExpertSpider(RulingSpider):
    name = "jp-expert"
    default_start_url = "http://yugioh-expert-rule.example.jp/"  # placeholder: pass --start-url
    layout = "generic"
    language = "ja"
    follow = (r"\.s?html?(?:$|\?)", r"/$")


class JpWikiSpider(RulingSpider):
    name = "jp-wiki"
    default_start_url = "https://yugioh-wiki.net/index.php"
    layout = "pukiwiki"
    language = "ja"
    follow = (r"index\.php\?[^=&]+$", r"index\.php$", r"/\?[^=&]+$")
    deny = (r"[?&](?:cmd|plugin)=", r"\.(?:png|jpe?g|gif|css|js)$")

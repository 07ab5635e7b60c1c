"""One spider per ruling source; `SPIDERS` maps source id (crawlers/sources.py) -> spider class."""

from crawlers.spiders.chinese import ZhForumSpider
from crawlers.spiders.french import FrWikiSpider
from crawlers.spiders.japanese import JpExpertSpider, JpWikiSpider
from crawlers.spiders.konami_faq import KonamiFaqSpider
from crawlers.spiders.ocg_rule_docs import OcgRuleDocsSpider

SPIDERS = {cls.name: cls for cls in (OcgRuleDocsSpider, KonamiFaqSpider, JpExpertSpider, JpWikiSpider,
                                      ZhForumSpider, FrWikiSpider)}

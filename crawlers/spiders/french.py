"""French MediaWiki / Fandom pages: only article links (/wiki/Title, no namespace such as Spécial: or
Fichier:), `[modifier]` edit links dropped by the mediawiki layout."""

from crawlers.spiders.base import RulingSpider


class FrWikiSpider(RulingSpider):
    name = "fr-wiki"
    default_start_url = "https://yugioh.fandom.com/fr/wiki/Monstre_Pi%C3%A8ge"
    layout = "mediawiki"
    language = "fr"
    follow = (r"/wiki/[^:?#]+$",)
    deny = (r"[?&](?:action|oldid|diff|veaction)=", r"/wiki/[^/?#]*%3A", r"/wiki/[^/?#]*:")

"""French MediaWiki / Fandom pages: article links (/wiki/Title) and the ruling pages Yugipedia keeps in
the Card_Rulings namespace (/wiki/Card_Rulings:Title); other namespaces (Spécial:, Fichier:, …) are not
followed; `[modifier]` edit links and navigation boxes are dropped by the mediawiki layout."""

from crawlers.spiders.base import RulingSpider

_RULINGS_NS = r"Card_Rulings(?::|%3A)"


class FrWikiSpider(RulingSpider):
    name = "fr-wiki"
    default_start_url = "https://yugioh.fandom.com/fr/wiki/Monstre_Pi%C3%A8ge"
    layout = "mediawiki"
    language = "fr"
    follow = (r"/wiki/[^:?#]+$", rf"/wiki/{_RULINGS_NS}[^:?#]+$")
    deny = (r"[?&](?:action|oldid|diff|veaction)=", rf"/wiki/(?!{_RULINGS_NS})[^/?#]*(?:%3A|:)")

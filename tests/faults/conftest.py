"""The fault suite reuses the fixtures of the stage suites (fixture sites and crawls, the engine driver,
a graph holding some cards)."""

from tests.crawlers.conftest import crawl, crawl_command, site_server  # noqa: F401
from tests.engine.conftest import engine_driver, user_scripts  # noqa: F401
from tests.kb.conftest import card_graph  # noqa: F401

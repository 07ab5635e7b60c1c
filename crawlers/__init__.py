"""Stage 1: Scrapy spiders and offline readers that turn ruling pages into RawPage records kept in a
durable, content-addressed store."""

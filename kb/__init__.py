"""Stage 3: the Neo4j knowledge graph: the local server, the schema, ingest and queries."""

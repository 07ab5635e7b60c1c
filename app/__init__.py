"""The application layer: the `rulings` command (one module per command group in `app.commands`)
and the orchestration that chains stages (ingest, demo). Nothing below this package imports it."""

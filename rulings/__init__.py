"""Shared plumbing for the ygo-rulings stages: configuration, errors, versioned JSONL records,
the card catalog and the `rulings` command line."""

__version__ = "0.1.0"

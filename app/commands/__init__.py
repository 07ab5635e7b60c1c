"""Click command groups, one module per group; `app.cli` loads them lazily by name."""

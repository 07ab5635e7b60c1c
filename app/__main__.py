"""`python -m app`: the same as the `rulings` command."""

from app.cli import main

main()

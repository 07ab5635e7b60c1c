"""Stage 2: spaCy-based NLP that turns RawPage records into structured, card-linked rulings."""

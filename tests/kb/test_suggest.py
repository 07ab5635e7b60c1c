"""Suggestions for an unknown card name typed in Chinese or Japanese with one character wrong: the right
card comes first, among hundreds of real cards whose names share characters with the typo."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from kb import queries
from rulings.errors import InputError
from rulings.text import fold_name
from tests.kb.conftest import import_some_cards

pytestmark = pytest.mark.neo4j

# Every character of the typos below: the graph gets every real card with one of them in a name, so
# the right card competes with many (「银河气旋」, 「凤凰」, 「魅影骑士团 影佑」, 「幻影骑士团 墓盾」...).
SHARED_CHARS = set("旋风凤幻影骑士团祐佑サイクロソン")


@pytest.fixture
def crowded_graph(graph, catalog):
    driver, database = graph
    passcodes = [p for p, card in catalog.items()
                 if any(SHARED_CHARS & set(fold_name(text)) for text, _, _ in card.all_names())]
    assert len(passcodes) > 500
    import_some_cards(driver, database, catalog, passcodes)
    return driver, database


@pytest.mark.parametrize("typo, meant", [
    ("旋凤", "旋风"),  # 2 characters, no bigram in common with the real name
    ("幻影骑士团 影祐", "幻影骑士团影佑"),  # Simplified, 祐 for 佑
    ("幻影騎士團 影祐", "幻影骑士团影佑"),  # Traditional
    ("サイクロソ", "サイクロン"),  # ソ for ン
])
def test_a_one_character_typo_suggests_the_card_first(crowded_graph, typo, meant):
    driver, database = crowded_graph
    suggestions = queries.suggest_names(driver, typo, database)
    assert suggestions and fold_name(suggestions[0]) == meant, suggestions
    with pytest.raises(InputError, match="did you mean"):
        queries.resolve_card(driver, typo, database)


def test_a_part_of_a_name_suggests_the_names_containing_it(crowded_graph):
    driver, database = crowded_graph
    suggestions = queries.suggest_names(driver, "影佑", database)
    assert {fold_name(s) for s in suggestions[:2]} == {"幻影骑士团影佑", "魅影骑士团影佑"}, suggestions


def test_query_card_with_a_cjk_typo_names_the_card_in_its_one_line_error(crowded_graph):
    proc = subprocess.run([sys.executable, "-m", "app", "query", "card", "旋凤"], capture_output=True,
                          text=True, env=dict(os.environ), timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, (proc.stdout, proc.stderr)
    first = re.search(r"did you mean '([^']+)'", proc.stderr)
    assert first and fold_name(first.group(1)) == "旋风", proc.stderr


def test_name_pieces_are_cjk_characters_and_latin_trigrams():
    assert queries.name_pieces(fold_name("幻影騎士團 影祐")) == ["幻", "影", "骑", "士", "团", "祐"]
    assert queries.name_pieces(fold_name("Mystical Typoon")) == ["mys", "yst", "sti", "tic", "ica", "cal", "alt",
                                                                 "lty", "typ", "ypo", "poo", "oon"]
    assert queries.name_pieces(fold_name("E・HERO")) == ["ehe", "her", "ero"]
    assert queries.name_pieces(fold_name("No.39 希望皇")) == ["希", "望", "皇", "no.", "o.3", ".39"]

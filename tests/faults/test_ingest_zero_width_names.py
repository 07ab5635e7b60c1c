"""Attack: zero-width characters (U+200B, U+200D, U+FEFF) and soft hyphens (U+00AD) inside card names,
as pages copied from rich editors carry them. They are invisible, so the name reads right, but they
broke linking (the mention stayed unlinked) and lookups (`query card` found nothing). Real NLP stage
(card linker over the shared card database) and real Neo4j."""

from __future__ import annotations

import pytest

from crawlers.offline import read_paths
from kb.graph import find_cards_by_name
from pipeline.run import process_pages

MST = 5318639


def test_ingest_zero_width_and_soft_hyphen_inside_names_still_link(tmp_path, default_linker):
    page = tmp_path / "page.txt"
    page.write_text("「旋\u200b風」可以破壞對方場上蓋放的「王\u00ad宮的\u200d通告」。\n"
                    "「サイ\u00adクロン」の効果で、セットされた魔法カードを破壊できますか？\n", encoding="utf-8")
    ((raw, _),) = list(read_paths([page]))
    (doc,) = list(process_pages([raw]))
    linked = {m.surface: m.passcode for r in doc.rulings for m in r.mentions}
    assert MST in linked.values(), linked
    assert 51452091 in linked.values(), linked  # 王宮的通告 / Royal Decree
    assert sum(1 for p in linked.values() if p == MST) >= 2, linked  # 旋風 and サイクロン
    for r in doc.rulings:
        assert not any(c in r.normalized for c in "\u200b\u200d\u00ad\ufeff"), r.normalized


@pytest.mark.neo4j
def test_query_card_name_with_zero_width_characters_finds_the_card(card_graph):
    driver, database = card_graph
    for name in ("旋\u200b風", "\ufeffサイクロン", "Typhon d'Es\u00adpace Mys\u200btique", "Mystical\u200d Space Typhoon"):
        assert [c["passcode"] for c in find_cards_by_name(driver, name, database)] == [MST], name

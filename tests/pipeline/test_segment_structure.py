"""RST rulings dated with a link to their Konami FAQ source: `17/3/24 <url>`__."""

from __future__ import annotations

from crawlers.offline import read_paths
from pipeline.run import process_pages


def test_dated_links_stay_with_their_ruling_as_its_source(shared_dir, linker):
    rst = shared_dir / "corpus" / "ocg-rule-docs" / "c02" / "怪兽的效果分类.rst"
    doc = next(process_pages((page for page, _ in read_paths([rst])), linker=linker))
    # no ruling is a bare link target left over from the date split
    assert not [r.text for r in doc.rulings if r.text.lstrip().startswith("<http")]
    assert {r.language for r in doc.rulings} <= {"zh-Hans", "ja"}
    shinkage = next(r for r in doc.rulings if "舍金纳迦" in r.text and "伤害计算后不能发动" in r.text)
    assert shinkage.date == "2014-09-04"
    assert shinkage.meta["source_url"].endswith("fid=13562&keyword=&tag=-1")
    assert not shinkage.normalized.rstrip().endswith(("`", "\\"))
    # two dated sources in one sentence: the first piece keeps the first link, the second the second
    jibaku = [r for r in doc.rulings if "fid=8335" in r.meta.get("source_url", "")]
    assert len(jibaku) == 1 and "地缚神" in jibaku[0].text


def test_example_headers_and_nested_directives_are_structure_not_rulings(shared_dir, linker):
    rst = shared_dir / "corpus" / "ocg-rule-docs" / "c02" / "怪兽的效果分类.rst"
    doc = next(process_pages((page for page, _ in read_paths([rst])), linker=linker))
    texts = [r.text.strip() for r in doc.rulings]
    assert "例：" not in texts and not [t for t in texts if t.startswith(".. ")]
    by_id = {r.id: r for r in doc.rulings}
    # the line after "| 例：" illustrates the ruling above the header
    zombie = next(r for r in doc.rulings if "僵尸之主" in r.text)
    assert "已经发动的起动效果" in by_id[zombie.example_of].text
    # an indented ".. attention::" inside a list item keeps its body as notes of the ruling above
    notes = [note for r in doc.rulings for note in r.notes]
    assert any("改变怪兽表示形式的永续效果适用中" in note for note in notes)
    assert not [note for note in notes if note.lstrip().startswith("|")]


def test_wiki_edit_residue_headings_nest(shared_dir, linker):
    # seed 001 (French Fandom page flattened to text): Règles[] / Plein-Pièges[] ... Demi-Pièges[]
    seed = next((shared_dir / "corpus" / "seeds").glob("001_*.txt"))
    doc = next(process_pages((page for page, _ in read_paths([seed])), linker=linker))
    sections = {tuple(r.section) for r in doc.rulings}
    assert ("Règles", "Plein-Pièges") in sections and ("Règles", "Demi-Pièges") in sections
    assert not [s for s in sections if s and s[0] != "Règles"]

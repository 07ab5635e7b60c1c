"""Attack: inputs that used to vanish without a word. An empty file and an HTML page with no text, a
subfolder that cannot be listed (its path is longer than PATH_MAX, so even root gets ENAMETOOLONG;
Path.rglob skipped it silently) and a file deleted after the folder was listed but before it was
read. Each must produce its own message while the rest is ingested. Real offline reader and NLP stage."""

from __future__ import annotations

import os
import shutil

from crawlers.offline import VANISHED, read_paths
from rulings.config import REPO_ROOT
from app.ingest import run_ingest

SEED = next((REPO_ROOT / "rulings" / "sample").glob("000_*.txt"))


def _too_long_folder(root) -> str:
    """A folder nested so deep that its path exceeds PATH_MAX (4096): listing it fails. Built with
    directory descriptors, since no single path to it can be given."""
    name = "d" * 200
    fd = os.open(root, os.O_RDONLY)
    try:
        for _ in range(25):
            os.mkdir(name, dir_fd=fd)
            child = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = child
        with open(os.open("lost.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as out:
            out.write(SEED.read_text(encoding="utf-8"))
    finally:
        os.close(fd)
    return name


def test_ingest_empty_pages_and_unlistable_subfolder_each_get_a_message(tmp_path, monkeypatch, default_linker):
    monkeypatch.setenv("RULINGS_HOME", str(tmp_path / "home"))
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")
    (folder / "blank.html").write_text("<html><head><title>x</title></head><body>  </body></html>", encoding="utf-8")
    shutil.copy(SEED, folder / "seed.txt")
    deep = _too_long_folder(folder)
    lines: list[str] = []

    summary = run_ingest([folder], to_graph=False, out=tmp_path / "docs.jsonl",
                         echo=lambda message="", err=False: lines.append(str(message)))

    text = "\n".join(lines)
    assert summary["raw"]["new"] == 3 and summary["nlp"]["pages_without_rulings"] == 2, text
    assert f"no rulings from {(folder / 'empty.txt').as_uri()}: file has no text" in text
    assert f"no rulings from {(folder / 'blank.html').as_uri()}: " in text
    assert f"skipped {(folder / deep).as_uri()}" in text and "cannot read folder: File name too long" in text
    assert f"no rulings from {(folder / 'seed.txt').as_uri()}" not in text


def test_ingest_file_deleted_after_listing_is_reported_as_vanished(tmp_path):
    for name in ("a.txt", "b.txt", "c.txt"):
        shutil.copy(SEED, tmp_path / name)
    errors: list = []
    pages = read_paths([tmp_path], errors=errors)
    first, _ = next(pages)  # the folder is listed now
    (tmp_path / "b.txt").unlink()
    rest = [page.url for page, _ in pages]
    assert first.url == (tmp_path / "a.txt").as_uri() and rest == [(tmp_path / "c.txt").as_uri()]
    assert errors == [((tmp_path / "b.txt").as_uri(), VANISHED)]

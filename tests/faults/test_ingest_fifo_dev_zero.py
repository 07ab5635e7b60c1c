"""Attack: `rulings ingest` of a FIFO (a read that blocks forever), of /dev/zero (a read that never ends;
its st_size is 0, so a size check on stat alone lets it through) and of a .json.gz that inflates past
the 50 MB limit. Named on the command line: refused at once with a one-line error. Inside a folder:
that file's error, the other files read. Real CLI subprocesses (memory-capped, so the unfixed reader
fails fast instead of exhausting the machine)."""

from __future__ import annotations

import gzip
import os
import resource
import shutil
import subprocess
import sys

from crawlers.offline import MAX_FILE_BYTES, ingest_to_store
from crawlers.store import RawStore
from rulings.config import REPO_ROOT


def _capped():
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def _ingest(tmp_path, target):
    return subprocess.run([sys.executable, "-m", "app", "ingest", str(target), "--no-graph"],
                          capture_output=True, text=True, timeout=60, cwd=REPO_ROOT, preexec_fn=_capped,
                          env={**os.environ, "RULINGS_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO_ROOT)})


def test_ingest_fifo_and_dev_zero_on_the_command_line_are_refused_with_one_line(tmp_path):
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    for target, kind in ((fifo, "a FIFO"), ("/dev/zero", "a character device")):
        proc = _ingest(tmp_path, target)
        assert proc.returncode == 2
        assert proc.stderr == f"error: {target}: not a regular file ({kind}); ingest reads regular files and folders\n"


def test_ingest_folder_with_fifo_and_gzip_bomb_reports_them_and_reads_the_rest(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    os.mkfifo(folder / "a-fifo.html")
    bomb = folder / "b-bomb.json.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as out:
        out.write(b"[" + b" " * (MAX_FILE_BYTES + 1024) + b"]")
    seed = shutil.copy(next((REPO_ROOT / "rulings" / "sample").glob("000_*.txt")), folder / "c-seed.txt")

    result = ingest_to_store([folder], RawStore(tmp_path / "raw"))

    assert dict(result["errors"]) == {(folder / "a-fifo.html").as_uri(): "not a regular file (a FIFO)",
                                      bomb.as_uri(): "over the 50 MB limit"}
    assert [p.url for p in RawStore(tmp_path / "raw").pages()] == [folder.joinpath("c-seed.txt").as_uri()]
    assert seed.exists()

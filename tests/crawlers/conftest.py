"""Fixture sites served on 127.0.0.1 and a helper that runs `rulings crawl` in a subprocess (Twisted's
reactor cannot be restarted inside one pytest process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rulings.config import REPO_ROOT, shared_dir
from tests.fixtures.sites.generate import build_site
from tests.fixtures.sites.server import serve


@pytest.fixture
def site_server():
    servers = []

    def start(name: str):
        server = serve(build_site(name, shared_dir()))
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def crawl_command(tmp_path):
    """crawl_command(source, start_url, *args) -> (argv, env) of `rulings crawl` with the raw store in
    tmp_path/'raw' and RULINGS_HOME (where the resumable job state lives) in tmp_path/'home'."""
    env = {**os.environ, "RULINGS_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO_ROOT)}

    def command(source: str, start_url: str, *args: str, store=None):
        store = store or tmp_path / "raw"
        return [sys.executable, "-m", "app", "crawl", source, "--start-url", start_url, "--store",
                str(store), "--fast", "--json", *args], env

    return command


@pytest.fixture
def crawl(crawl_command):
    """crawl(source, start_url, *args) -> summary dict; the raw store is tmp_path/'raw'."""

    def run(source: str, start_url: str, *args: str, store=None):
        cmd, env = crawl_command(source, start_url, *args, store=store)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=REPO_ROOT, timeout=180)
        assert proc.returncode == 0, f"crawl failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr[-4000:]}"
        return json.loads(proc.stdout.strip().splitlines()[-1])

    return run

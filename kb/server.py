"""The local Neo4j server that the project starts itself.

Neo4j Community 5.26 is taken from Maven Central as jars (the server tarball is not published
there) and run by a small launcher (kb/neo4j_launcher) that switches the Bolt connector on.
Layout under the data directory:

    <data_home>/neo4j/            database home (data/, logs/)
    <data_home>/neo4j/password    generated password, mode 0600
    <data_home>/neo4j/server.json port and pid of the running server
    <data_home>/neo4j/run/ready   written by the launcher once Bolt answers with our password
    <cache>/neo4j-launcher-<v>/   the built launcher and its jars (shared by every data home)
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from rulings import config
from rulings.errors import RulingsError, ServiceError

NEO4J_VERSION = "5.26.30"
LAUNCHER_SOURCE = Path(__file__).parent / "neo4j_launcher"
LAUNCHER_MAIN = "RulingsNeo4j"


def launcher_dir() -> Path:
    env = os.environ.get("RULINGS_NEO4J_DIST")
    base = Path(env) if env else Path(platformdirs.user_cache_dir("ygo-rulings"))
    return base / f"neo4j-launcher-{NEO4J_VERSION}"


def _pid_alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child of this process still answers kill(0); it is not a server.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return True


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class ServerStatus:
    running: bool
    port: int | None
    pid: int | None
    home: Path

    @property
    def uri(self) -> str | None:
        return f"bolt://127.0.0.1:{self.port}" if self.port else None


class LocalNeo4j:
    """Start, stop and inspect one local Neo4j instance rooted in a data directory."""

    def __init__(self, home: Path | None = None):
        self.home = Path(home) if home else config.data_home() / "neo4j"
        self.state_file = self.home / "server.json"
        self.password_file = self.home / "password"
        self.ready_file = self.home / "run" / "ready"
        self.log_file = self.home / "logs" / "launcher.log"

    # -- installation -----------------------------------------------------------------------
    def is_installed(self) -> bool:
        dist = launcher_dir()
        return (dist / "classes" / f"{LAUNCHER_MAIN}.class").exists() and any((dist / "lib").glob("neo4j-*.jar"))

    def install(self, *, quiet: bool = True) -> Path:
        """Fetch the Neo4j jars from Maven Central and compile the launcher (once per machine)."""
        dist = launcher_dir()
        if self.is_installed():
            return dist
        mvn = shutil.which("mvn")
        if not mvn:
            raise ServiceError("Maven (mvn) is not installed: it is needed once to fetch Neo4j from Maven Central")
        if not shutil.which("java"):
            raise ServiceError("Java is not installed: Neo4j 5.26 needs Java 17 or 21")
        dist.parent.mkdir(parents=True, exist_ok=True)
        staging = dist.with_name(dist.name + f".tmp{os.getpid()}")
        cmd = [mvn, "-B", "-f", str(LAUNCHER_SOURCE / "pom.xml"), f"-Dlauncher.out={staging}", "package"]
        if quiet:
            cmd.insert(1, "-q")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            errors = [l for l in proc.stdout.splitlines() + proc.stderr.splitlines() if "ERROR" in l]
            shutil.rmtree(staging, ignore_errors=True)
            raise ServiceError(f"building the Neo4j launcher failed: {(errors or ['mvn exited ' + str(proc.returncode)])[0]}")
        if dist.exists():  # another process finished first
            shutil.rmtree(staging, ignore_errors=True)
        else:
            os.replace(staging, dist)
        return dist

    # -- state ------------------------------------------------------------------------------
    def password(self) -> str:
        if not self.password_file.exists():
            self.home.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_urlsafe(24) + "\n")
        os.chmod(self.password_file, 0o600)
        return self.password_file.read_text().strip()

    def _read_state(self) -> dict:
        try:
            return json.loads(self.state_file.read_text())
        except (OSError, ValueError):
            return {}

    def status(self) -> ServerStatus:
        state = self._read_state()
        pid, port = state.get("pid"), state.get("port")
        running = _pid_alive(pid) and self.ready_file.exists()
        return ServerStatus(running=running, port=port if running else state.get("port"), pid=pid if running else None, home=self.home)

    # -- lifecycle --------------------------------------------------------------------------
    def start(self, *, port: int | None = None, timeout: float = 180.0, heap: str | None = None) -> tuple[ServerStatus, bool]:
        """Start the server and wait until it answers. Returns (status, started_now)."""
        current = self.status()
        if current.running:
            return current, False
        state = self._read_state()
        if _pid_alive(state.get("pid")):
            # A launcher from an earlier start is still coming up (or hung): do not start a second one.
            return self._wait_ready(state["pid"], state["port"], timeout), False
        if port is not None and port_in_use(port):
            raise ServiceError(f"port {port} on 127.0.0.1 is already in use: choose another with --port")
        port = port or state.get("port") or free_port()
        if port_in_use(port):
            port = free_port()
        dist = self.install()
        password = self.password()
        (self.home / "logs").mkdir(parents=True, exist_ok=True)
        self.ready_file.unlink(missing_ok=True)
        heap = heap or os.environ.get("RULINGS_NEO4J_HEAP", "1g")
        cmd = [
            shutil.which("java") or "java", f"-Xmx{heap}", "-XX:+UseG1GC", "-Dfile.encoding=UTF-8",
            "-cp", f"{dist / 'classes'}{os.pathsep}{dist / 'lib' / '*'}", LAUNCHER_MAIN,
            str(self.home), str(port), str(self.password_file), os.environ.get("RULINGS_NEO4J_PAGECACHE", "256m"),
        ]
        with open(self.log_file, "ab") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True, cwd=self.home)
        self.state_file.write_text(json.dumps({"pid": proc.pid, "port": port, "password_file": str(self.password_file)}))
        return self._wait_ready(proc.pid, port, timeout, proc=proc), True

    def _wait_ready(self, pid: int, port: int, timeout: float, proc: subprocess.Popen | None = None) -> ServerStatus:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.ready_file.exists() and _pid_alive(pid):
                return ServerStatus(running=True, port=port, pid=pid, home=self.home)
            if proc is not None and proc.poll() is not None or not _pid_alive(pid):
                raise ServiceError(f"Neo4j exited during start-up: {self._last_error_line()} (log: {self.log_file})")
            time.sleep(0.2)
        raise ServiceError(f"Neo4j did not become ready within {timeout:.0f}s (log: {self.log_file})")

    def _last_error_line(self) -> str:
        try:
            lines = [l for l in self.log_file.read_text(errors="replace").splitlines() if l.strip()]
        except OSError:
            return "no log"
        for line in reversed(lines):
            if any(word in line for word in ("Exception", "Error", "error", "rulings-neo4j:")):
                return line.strip()[:300]
        return lines[-1].strip()[:300] if lines else "no output"

    def stop(self, *, timeout: float = 60.0) -> bool:
        """Stop the server cleanly (SIGTERM, then SIGKILL after timeout). Returns False if it was not running."""
        state = self._read_state()
        pid = state.get("pid")
        if not _pid_alive(pid):
            self.ready_file.unlink(missing_ok=True)
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and _pid_alive(pid):
            time.sleep(0.2)
        if _pid_alive(pid):
            os.kill(pid, signal.SIGKILL)
        self.ready_file.unlink(missing_ok=True)
        self.state_file.write_text(json.dumps({"port": state.get("port")}))
        return True

    def logs(self, lines: int = 50) -> str:
        out = []
        for path in (self.log_file, self.home / "logs" / "debug.log"):
            if path.exists():
                text = path.read_text(errors="replace").splitlines()[-lines:]
                out.append(f"==> {path} <==\n" + "\n".join(text))
        if not out:
            raise RulingsError(f"no Neo4j logs yet under {self.home / 'logs'}")
        return "\n".join(out)

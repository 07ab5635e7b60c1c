"""The local Neo4j server that the project starts itself.

Neo4j Community 5.26 is taken from Maven Central as jars (the server tarball is not published
there) and run by a small launcher (kb/neo4j_launcher) that switches the Bolt connector on.
Layout under the data directory:

    <data_home>/neo4j/            database home (data/, logs/)
    <data_home>/neo4j/password    generated password, mode 0600
    <data_home>/neo4j/server.json port and pid of the running server
    <data_home>/neo4j/run/ready   written by the launcher once Bolt answers with our password
    <data_home>/neo4j/run/health  "ok", or why the database panicked (disk full...), by the launcher
    <data_home>/neo4j/import/     the only folder LOAD CSV could read (empty; file URLs are off anyway)
    <data_home>/neo4j/start.lock  held while a `start` brings the server up (concurrent starts wait)
    <cache>/neo4j-launcher-<v>/   the Neo4j jars (lib/) and the launcher compiled per source version
                                  (classes-<digest>/), shared by every data home

Everything under the home is created owner-only (umask 077): the store, the logs, the password.
A recorded pid is trusted only when that process is our launcher's Java with this home on its
command line, so a pid reused by the OS after a crash is never signalled.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
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
import psutil

from rulings import config
from rulings.errors import RulingsError, ServiceError
from rulings.jsonl import atomic_file

NEO4J_VERSION = "5.26.30"
LAUNCHER_SOURCE = Path(__file__).parent / "neo4j_launcher"
LAUNCHER_MAIN = "RulingsNeo4j"
LAUNCHER_JAVA = LAUNCHER_SOURCE / "src" / "main" / "java" / f"{LAUNCHER_MAIN}.java"
# Below this much free space where the store lives, a start would only panic again (and a panicked
# start retries recovery at full CPU): refuse it with a message naming the path instead.
MIN_FREE_BYTES = 64 * 1024 * 1024


def launcher_dir() -> Path:
    env = os.environ.get("RULINGS_NEO4J_DIST")
    base = Path(env) if env else Path(platformdirs.user_cache_dir("ygo-rulings"))
    return base / f"neo4j-launcher-{NEO4J_VERSION}"


def launcher_classes() -> Path:
    """The launcher compiled from the current source: a changed launcher never reuses old classes."""
    digest = hashlib.sha256(LAUNCHER_JAVA.read_bytes()).hexdigest()[:12]
    return launcher_dir() / f"classes-{digest}"


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

    problem: str | None = None  # why a live server is unhealthy (the database panicked...)

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
        self.health_file = self.home / "run" / "health"
        self.lock_file = self.home / "start.lock"
        self.log_file = self.home / "logs" / "launcher.log"

    # -- installation -----------------------------------------------------------------------
    def is_installed(self) -> bool:
        dist = launcher_dir()
        return (launcher_classes() / f"{LAUNCHER_MAIN}.class").exists() and any((dist / "lib").glob("neo4j-*.jar"))

    def install(self, *, quiet: bool = True) -> Path:
        """Fetch the Neo4j jars from Maven Central and compile the launcher (once per machine)."""
        dist = launcher_dir()
        if self.is_installed():
            return dist
        if not any((dist / "lib").glob("neo4j-*.jar")):
            self._fetch_jars(dist, quiet=quiet)
        self._compile_launcher(dist)
        return dist

    def _compile_launcher(self, dist: Path) -> None:
        javac = shutil.which("javac")
        if not javac:
            raise ServiceError("javac is not installed: Neo4j's launcher needs a JDK 17 or 21 to be compiled")
        target = launcher_classes()
        staging = target.with_name(target.name + f".tmp{os.getpid()}")
        proc = subprocess.run([javac, "-d", str(staging), "-cp", str(dist / "lib" / "*"), str(LAUNCHER_JAVA)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            shutil.rmtree(staging, ignore_errors=True)
            first = (proc.stderr.strip().splitlines() or [f"javac exited {proc.returncode}"])[0]
            raise ServiceError(f"compiling the Neo4j launcher {LAUNCHER_JAVA} failed: {first}")
        try:
            os.replace(staging, target)
        except OSError:
            if not target.exists():
                raise
        finally:  # another process finished first: its classes are the same
            shutil.rmtree(staging, ignore_errors=True)

    def _fetch_jars(self, dist: Path, *, quiet: bool) -> None:
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
            errors = [line for line in proc.stdout.splitlines() + proc.stderr.splitlines() if "ERROR" in line]
            shutil.rmtree(staging, ignore_errors=True)
            raise ServiceError(f"building the Neo4j launcher failed: {(errors or ['mvn exited ' + str(proc.returncode)])[0]}")
        if dist.exists():  # another process finished first
            shutil.rmtree(staging, ignore_errors=True)
        else:
            os.replace(staging, dist)

    # -- state ------------------------------------------------------------------------------
    def _make_home(self) -> None:
        """The home and everything already in it: owner-only (a store from an older version included)."""
        self.home.mkdir(parents=True, exist_ok=True)
        for root, dirs, files in os.walk(self.home):
            for name in dirs + files:
                path = os.path.join(root, name)
                if not os.path.islink(path):
                    mode = os.stat(path).st_mode
                    if mode & 0o077:
                        os.chmod(path, mode & ~0o077)
        os.chmod(self.home, 0o700)

    def password(self) -> str:
        if not self.password_file.exists():
            self.home.mkdir(parents=True, exist_ok=True)
            os.chmod(self.home, 0o700)
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

    def _write_state(self, state: dict) -> None:
        try:
            with atomic_file(self.state_file, "w") as handle:  # owner-only, like the rest of the home
                handle.write(json.dumps(state))
        except (OSError, RulingsError) as exc:
            cause = exc if isinstance(exc, OSError) else exc.__cause__
            if getattr(cause, "errno", None) != errno.ENOSPC or "pid" in state:
                reason = getattr(cause, "strerror", None) or exc
                raise ServiceError(f"{self.state_file}: cannot write the server record ({reason})") from exc
            # Disk full while stopping: a record without a pid is what removing it says too.
            self.state_file.unlink(missing_ok=True)

    def is_ours(self, pid: int | None) -> bool:
        """Is pid our launcher's Java serving this home? A bare pid proves nothing: after a crash the OS
        may give it to any other process."""
        if not _pid_alive(pid):
            return False
        try:
            cmdline = psutil.Process(pid).cmdline()
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            return False
        if LAUNCHER_MAIN not in cmdline or not cmdline or "java" not in os.path.basename(cmdline[0]):
            return False
        args = cmdline[cmdline.index(LAUNCHER_MAIN) + 1:]
        return bool(args) and os.path.realpath(args[0]) == os.path.realpath(self.home)

    def _recorded_pid(self) -> int | None:
        """The recorded server pid if it is still our server; a stale record is cleared (port kept)."""
        state = self._read_state()
        pid = state.get("pid")
        if pid is None:
            return None
        if self.is_ours(pid):
            return pid
        self._write_state({k: v for k, v in state.items() if k != "pid"})
        self.ready_file.unlink(missing_ok=True)
        return None

    def _panic(self) -> str | None:
        """Why the running database panicked, from the launcher's health file; None while healthy."""
        try:
            text = " ".join(self.health_file.read_text(errors="replace").split())
        except OSError:
            return None
        if text in ("", "ok"):
            return None
        free = shutil.disk_usage(self.home).free
        return text[:300] + (f"; {free // (1024 * 1024)} MB free on the disk of {self.home}" if free < MIN_FREE_BYTES else "")

    def status(self) -> ServerStatus:
        state = self._read_state()
        pid, port = self._recorded_pid(), state.get("port")
        panic = self._panic() if pid else None
        running = pid is not None and self.ready_file.exists() and panic is None
        problem = None
        if panic:
            problem = f"unhealthy: {panic} (stop it, free space or fix the cause, start again)"
        return ServerStatus(running=running, port=port, pid=pid, home=self.home, problem=problem)

    # -- lifecycle --------------------------------------------------------------------------
    def _start_lock(self, timeout: float):
        """An exclusive lock held while one `start` brings the server up: a concurrent start waits for
        it, then finds the server running instead of launching a second one on the same store."""
        self.home.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise ServiceError(f"another `rulings neo4j start` holds {self.lock_file} for over {timeout:.0f}s") from None
                time.sleep(0.2)

    def start(self, *, port: int | None = None, timeout: float = 180.0, heap: str | None = None) -> tuple[ServerStatus, bool]:
        """Start the server and wait until it answers. Returns (status, started_now)."""
        lock = self._start_lock(timeout + 30)
        try:
            return self._start_locked(port=port, timeout=timeout, heap=heap)
        finally:
            os.close(lock)  # releases the flock

    def _start_locked(self, *, port: int | None, timeout: float, heap: str | None) -> tuple[ServerStatus, bool]:
        current = self.status()
        if current.running:
            return current, False
        if current.problem:
            raise ServiceError(f"Neo4j (pid {current.pid}) is {current.problem}; `rulings neo4j stop` first")
        state = self._read_state()
        if current.pid is not None:
            # A launcher from an earlier start is still coming up (or hung): do not start a second one.
            return self._wait_ready(current.pid, state["port"], timeout), False
        if port is not None and port_in_use(port):
            raise ServiceError(f"port {port} on 127.0.0.1 is already in use: choose another with --port")
        port = port or state.get("port") or free_port()
        if port_in_use(port):
            port = free_port()
        self._make_home()
        free = shutil.disk_usage(self.home).free
        if free < MIN_FREE_BYTES:
            raise ServiceError(f"{self.home}: only {free // (1024 * 1024)} MB free on its disk; Neo4j needs at "
                               f"least {MIN_FREE_BYTES // (1024 * 1024)} MB: free space, then start again")
        dist = self.install()
        self.password()  # created (0600) before the launcher reads it
        (self.home / "logs").mkdir(mode=0o700, exist_ok=True)
        self.ready_file.unlink(missing_ok=True)
        self.health_file.unlink(missing_ok=True)
        heap = heap or os.environ.get("RULINGS_NEO4J_HEAP", "1g")
        cmd = [
            shutil.which("java") or "java", f"-Xmx{heap}", "-XX:+UseG1GC", "-Dfile.encoding=UTF-8",
            "-cp", f"{launcher_classes()}{os.pathsep}{dist / 'lib' / '*'}", LAUNCHER_MAIN,
            str(self.home.absolute()), str(port), str(self.password_file.absolute()), os.environ.get("RULINGS_NEO4J_PAGECACHE", "256m"),
        ]
        with open(self.log_file, "ab") as log:
            os.chmod(self.log_file, 0o600)
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True, cwd=self.home, umask=0o077)
        try:
            self._write_state({"pid": proc.pid, "port": port, "password_file": str(self.password_file)})
        except ServiceError:
            proc.kill()  # never leave a server that no record points to
            proc.wait()
            raise
        return self._wait_ready(proc.pid, port, timeout, proc=proc), True

    def _wait_ready(self, pid: int, port: int, timeout: float, proc: subprocess.Popen | None = None) -> ServerStatus:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            panic = self._panic()
            if panic:
                raise ServiceError(f"Neo4j failed during start-up: {panic} (log: {self.log_file}); "
                                   f"`rulings neo4j stop`, fix the cause, start again")
            if self.ready_file.exists() and _pid_alive(pid):
                return ServerStatus(running=True, port=port, pid=pid, home=self.home)
            if proc is not None and proc.poll() is not None or not _pid_alive(pid):
                raise ServiceError(f"Neo4j exited during start-up: {self._last_error_line()} (log: {self.log_file})")
            time.sleep(0.2)
        raise ServiceError(f"Neo4j did not become ready within {timeout:.0f}s (log: {self.log_file})")

    def _last_error_line(self) -> str:
        try:
            lines = [line for line in self.log_file.read_text(errors="replace").splitlines() if line.strip()]
        except OSError:
            return "no log"
        for line in reversed(lines):
            if any(word in line for word in ("Exception", "Error", "error", "rulings-neo4j:")):
                return line.strip()[:300]
        return lines[-1].strip()[:300] if lines else "no output"

    def stop(self, *, timeout: float = 60.0) -> bool:
        """Stop the server cleanly (SIGTERM, then SIGKILL after timeout). Returns False if it was not
        running. Only a process that is our Java serving this home is ever signalled."""
        pid = self._recorded_pid()
        if pid is None:
            self.ready_file.unlink(missing_ok=True)
            return False
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and _pid_alive(pid):
            time.sleep(0.2)
        if _pid_alive(pid) and self.is_ours(pid):
            os.kill(pid, signal.SIGKILL)
        self.ready_file.unlink(missing_ok=True)
        self._write_state({"port": self._read_state().get("port")})
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

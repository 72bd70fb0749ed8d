"""The venue server's own Redis: its shared cache when the organiser has set none.

`make serve` runs several gunicorn processes that must share one cache (the computed
standings, the answers kept for polling phones, the locks that let one process make what the
others wait for). Without Redis the venue settings share a file cache, whose every write lists
its folder and, past 300 entries, deletes a third of it at random (Django's FileBasedCache):
at the end of a round that throws away the shared answers and the locks just when a thousand
phones poll. When Debian's `redis-server` is installed (apt-get install redis-server),
`manage.py serve` starts one of its own instead: on a unix socket in the data folder (no port,
nobody else on the machine or the network can reach it), in memory only (nothing saved), and
stopped with the server: with its process group (Ctrl-C, the service manager), and by a
watchdog when the server's own process goes away. VENUE_REDIS=0 keeps the file cache.

This module is also the watchdog (`python -m ops.private_redis --parent PID --redis PID`): it
imports nothing of Django, so it costs a few megabytes beside the server.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

# A cache, not a store: bounded, least recently used keys go first when it is full.
MAX_MEMORY = "256mb"


def redis_server_path() -> str | None:
    """Debian's redis-server when installed and not turned off (VENUE_REDIS=0)."""
    if os.environ.get("VENUE_REDIS", "1").strip() == "0":
        return None
    return shutil.which("redis-server")


def _answers(socket_path: Path) -> bool:
    import redis  # noqa: PLC0415 - only the server process asks, never the watchdog

    try:
        return bool(redis.Redis(unix_socket_path=str(socket_path), socket_timeout=0.5).ping())
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError):
        return False


def private_redis_start(
    *, server: str, data_dir: Path, wait_s: float = 10.0
) -> tuple[subprocess.Popen, str]:
    """Start redis-server on a socket under `data_dir`; (its process, the cache URL) once it
    answers. Raises RuntimeError naming its log when it does not."""
    folder = Path(data_dir) / "redis"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    socket_path = folder / "redis.sock"
    socket_path.unlink(missing_ok=True)  # left by a server that was killed
    log = folder / "redis.log"
    argv = [
        server,
        "--port", "0",  # no TCP: the socket only
        "--unixsocket", str(socket_path),
        "--unixsocketperm", "700",
        "--save", "",
        "--appendonly", "no",
        "--dir", str(folder),
        "--maxmemory", MAX_MEMORY,
        "--maxmemory-policy", "allkeys-lru",
        "--logfile", str(log),
        "--daemonize", "no",
    ]  # fmt: skip
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)  # noqa: S603
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        if socket_path.exists() and _answers(socket_path):
            return process, f"unix://{socket_path}?db=0"
        time.sleep(0.05)
    private_redis_stop(process)
    raise RuntimeError(f"redis-server did not start (see {log})")


def private_redis_stop(process: subprocess.Popen | int, *, wait_s: float = 10.0) -> None:
    """Stop it (SIGTERM, then SIGKILL after wait_s); a process already gone is fine."""
    pid = process if isinstance(process, int) else process.pid
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if not _alive(pid, process):
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return


def _alive(pid: int, process=None) -> bool:
    if isinstance(process, subprocess.Popen):
        return process.poll() is None
    try:
        # Our child reaped by us is gone; another's is asked with signal 0.
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def watchdog_argv(python: str, *, parent: int, redis_pid: int) -> list[str]:
    return [python, "-m", "ops.private_redis", "--parent", str(parent), "--redis", str(redis_pid)]


def watch(*, parent: int, redis_pid: int, every_s: float = 0.5) -> None:
    """Stop Redis once `parent` (the server) is gone. Ctrl-C reaches the whole process group:
    the watchdog leaves it to the server and Redis, and stops Redis only after the server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while os.getppid() == parent and _alive(parent):
        time.sleep(every_s)
    private_redis_stop(redis_pid)


def main() -> None:
    parser = argparse.ArgumentParser(description="Stop the server's Redis when the server stops.")
    parser.add_argument("--parent", type=int, required=True)
    parser.add_argument("--redis", type=int, required=True)
    args = parser.parse_args()
    watch(parent=args.parent, redis_pid=args.redis)


if __name__ == "__main__":
    main()

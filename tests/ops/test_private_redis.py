"""`manage.py serve` with no cache configured starts a Redis of its own when Debian's
redis-server is installed (ops/private_redis.py), on a socket in the data folder, and it stops
with the server: when only the server's own process is stopped, the watchdog stops it.

Without redis-server these tests skip (the server then keeps the file cache)."""

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ops.test_serve_command import ROOT, _free_port, _get

pytestmark = [
    pytest.mark.skipif(
        shutil.which("redis-server") is None,
        reason="no redis-server (apt-get install redis-server)",
    ),
    pytest.mark.own_database,  # its server's SQLite file: once, in the SQLite pass
]


def _running(pid: int) -> bool:
    """Alive and not a zombie left for a parent that does not reap (a container's init)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in {"Z", "X"}


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _running(pid):
            return True
        time.sleep(0.1)
    return False


def _processes_naming(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if text in cmdline and _running(int(entry.name)):
                found.append(int(entry.name))
    return found


def test_private_redis_answers_on_its_socket_and_stops_once_the_server_is_gone(tmp_path):
    import redis

    from ops.private_redis import private_redis_start, private_redis_stop, watchdog_argv

    process, url = private_redis_start(server=shutil.which("redis-server"), data_dir=tmp_path)
    try:
        assert url == f"unix://{tmp_path / 'redis' / 'redis.sock'}?db=0"
        client = redis.Redis.from_url(url)
        assert client.ping()
        assert client.config_get("port")["port"] == "0"  # no TCP port: the socket only
        # A stand-in for the server: it starts the watchdog as serve does, then waits.
        stand_in = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import os, subprocess, sys, time\n"
                f"argv = {watchdog_argv(sys.executable, parent=0, redis_pid=process.pid)!r}\n"
                "argv[argv.index('--parent') + 1] = str(os.getpid())\n"
                "subprocess.Popen(argv)\n"
                "time.sleep(60)\n",
            ],
            cwd=ROOT,
        )
        time.sleep(1.5)  # the watchdog is watching
        assert process.poll() is None
        stand_in.kill()
        stand_in.wait(timeout=10)
        process.wait(timeout=10)  # stopped by the watchdog, not by this test
    finally:
        private_redis_stop(process)


def test_serve_starts_its_own_redis_and_it_stops_with_the_server(tmp_path):
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "CELERY_BROKER_URL", "CACHE_URL"}
    }
    env.pop("VENUE_REDIS", None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.venue",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DATA_DIR=str(tmp_path / "var"),
        STATIC_ROOT=str(tmp_path / "static"),
        ACCESS_LOG="/dev/null",
    )
    log = (tmp_path / "serve.log").open("w")
    command = [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", "2", "--threads", "2"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    socket_path = tmp_path / "var" / "redis" / "redis.sock"
    try:
        health = None
        for _ in range(240):  # migrate, collectstatic and boot, on a busy machine
            if server.poll() is not None:
                break
            try:
                health = _get(f"http://127.0.0.1:{port}/health/")
                break
            except OSError:
                time.sleep(0.5)
        banner = (tmp_path / "serve.log").read_text()
        assert health is not None, banner
        assert json.loads(health[2])["cache"] == "ok", health  # Redis, and it answers
        assert f"Shared cache: its own Redis ({socket_path})" in banner
        (redis_pid,) = _processes_naming(str(socket_path))
        # Only the server's own process is stopped (gunicorn's master, as `kill PID` would):
        # the watchdog stops Redis, which nothing else would.
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        assert _gone_within(redis_pid, 15), "the server's Redis outlived it"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()

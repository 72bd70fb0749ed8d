"""`manage.py serve` (what `make serve` runs) starts gunicorn that serves pages, static files
and the health check with DEBUG off; it is stopped by its process id."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

# Its server runs on a SQLite file of its own: once, in the SQLite pass (tests/conftest.py).
pytestmark = pytest.mark.own_database

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    return _free_ports(1)[0]


def _free_ports(count: int) -> list[int]:
    """`count` distinct free ports: the sockets stay bound until all are chosen (one port
    asked for twice in a row may come back twice)."""
    socks = [socket.socket() for _ in range(count)]
    try:
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in socks]
    finally:
        for sock in socks:
            sock.close()


def _get(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - loopback
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def test_serve_runs_the_production_server(tmp_path):
    port, push = _free_ports(2)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "CELERY_BROKER_URL"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.venue",
        # Its own throwaway database, whatever database the suite itself runs on.
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DATA_DIR=str(tmp_path / "var"),
        STATIC_ROOT=str(tmp_path / "static"),
        ACCESS_LOG=str(tmp_path / "access.log"),
    )
    log = (tmp_path / "serve.log").open("w")
    command = [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", "2", "--threads", "2", "--push-port", str(push)]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):  # at most ~120 s for migrate, collectstatic and boot (busy machine)
            if server.poll() is not None:
                break
            try:
                status, _, body = _get(f"{base}/health/")
            except OSError:
                time.sleep(0.5)
                continue
            break
        banner = (tmp_path / "serve.log").read_text()
        assert server.poll() is None, banner
        assert status == 200, body
        assert b'"database": "ok"' in body
        assert "Strategium venue server" in banner
        assert f"http://127.0.0.1:{port}/" in banner

        status, _, page = _get(f"{base}/")
        assert status == 200
        css = re.search(rb'href="(/static/css/app\.[0-9a-f]+\.css)"', page)
        assert css, "the stylesheet is served under a hashed name"
        status, headers, content = _get(base + css.group(1).decode())
        assert status == 200
        assert b".card" in content
        assert "immutable" in headers["Cache-Control"]

        status, _, missing = _get(f"{base}/no-such-page/")
        assert status == 404
        assert b"Page not found" in missing
        assert (tmp_path / "var" / "secret_key").exists()

        # A player's key never reaches the access log or the server's own output.
        key = "k" * 43
        assert _get(f"{base}/p/{key}/")[0] == 404
        time.sleep(0.5)
        access = (tmp_path / "access.log").read_text()
        assert "GET /p/…/ HTTP/1.1" in access
        assert key not in access
        assert key not in (tmp_path / "serve.log").read_text()

        # The push server beside it (game clocks' streams) serves streams only.
        assert f"port {push}" in banner
        for _ in range(120):  # it boots Django beside the workers
            try:
                status, headers, body = _get(f"http://127.0.0.1:{push}/")
            except OSError:
                time.sleep(0.5)
                continue
            break
        assert (status, body) == (404, b"Not a stream.")
        status, headers, body = _get(f"http://127.0.0.1:{push}/api/games/999999/clock/stream/")
        assert status == 404
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    # It stops with the server.
    for _ in range(40):
        try:
            socket.create_connection(("127.0.0.1", push), timeout=1).close()
        except OSError:
            break
        time.sleep(0.25)
    else:
        raise AssertionError("the push server outlived the server")


def test_serve_with_nothing_set_takes_the_venue_settings(tmp_path):
    """`manage.py serve` alone is `make serve`: the venue settings (its file cache, its kept
    secret key), not the debug settings every other command defaults to."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SETTINGS_MODULE", "SECRET_KEY", "ALLOWED_HOSTS", "DEBUG"}
    }
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DATA_DIR=str(tmp_path / "var"),
        STATIC_ROOT=str(tmp_path / "static"),
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "serve", "--dry-run", "--port", "8765"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Strategium venue server" in done.stdout
    assert "gunicorn config.wsgi:application --bind 0.0.0.0:8765" in done.stdout
    assert (tmp_path / "var" / "secret_key").exists()  # the venue settings made it

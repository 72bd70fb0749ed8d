"""A laptop that dies mid-round (issue 33 item 3): `manage.py serve` (what `make serve` runs)
with BACKUP_DIR keeps the database there; the server is killed (SIGKILL) and its database
deleted; `manage.py restore` on a fresh database path brings back every result confirmed more
than 10 s before the kill, and every player's private link works on a new server.

A backup folder that cannot be written never stops result entry: the server answers, the
failure is logged and reported."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from contextlib import closing

import pytest

from ops.backup.status import STATUS_FILE
from tests.ops.backup.served import (
    booting,
    build_event,
    manage,
    play,
    request,
    server_env,
    start,
    stop,
)

# Its server runs on a SQLite file of its own: once, in the SQLite pass (tests/conftest.py).
pytestmark = pytest.mark.own_database

PORTS = (8721, 8722, 8723)  # this helper's own ports
PROMISE_S = 10.0


def _results(database) -> dict[int, tuple[int, int, str]]:
    with closing(sqlite3.connect(database)) as conn:
        rows = conn.execute(
            "SELECT game_id, vp_a, vp_b, status FROM tournament_result WHERE is_current"
        ).fetchall()
    return {game: (a, b, status) for game, a, b, status in rows}


def test_a_killed_server_comes_back_from_its_backup_with_every_link(tmp_path):
    booting["s"] = 0.0
    started = time.monotonic()
    static = tmp_path / "static"
    first = tmp_path / "laptop"
    first.mkdir()
    stick = tmp_path / "stick"
    stick.mkdir()
    env = server_env(first, first / "db.sqlite3", static, BACKUP_DIR=str(stick))
    event = build_event(env, 12)
    games = event["games"]
    server = start(env, PORTS[0], first / "serve.log")
    confirmed: dict[int, tuple[int, int, float]] = {}
    try:
        base = f"http://127.0.0.1:{PORTS[0]}"
        for i, game in enumerate(games[:4]):
            play(base, game, 60 + i, 40)
            confirmed[game["id"]] = (60 + i, 40, time.monotonic())
        # Poll until the promise's 10 s have passed since the last of these confirmations.
        while time.monotonic() < confirmed[games[3]["id"]][2] + PROMISE_S:
            time.sleep(0.2)
        play(base, games[4], 55, 55)  # mid-round, a moment before the laptop dies
        killed_at = time.monotonic()
        stop(server, signal.SIGKILL)
    finally:
        stop(server, signal.SIGKILL)
    assert all(at <= killed_at - PROMISE_S for _, _, at in confirmed.values())
    (first / "db.sqlite3").unlink()

    second = tmp_path / "spare"
    second.mkdir()
    env2 = server_env(second, second / "db.sqlite3", static)
    restored = manage(env2, "restore", "--from", str(stick))
    assert restored.returncode == 0, restored.stderr
    assert "1 events, 12 players" in restored.stdout, restored.stdout
    assert "backup made" in restored.stdout

    results = _results(second / "db.sqlite3")
    for game_id, (vp_a, vp_b, _) in confirmed.items():
        assert results[game_id] == (vp_a, vp_b, "confirmed")
    server2 = start(env2, PORTS[1], second / "serve.log")
    try:
        base = f"http://127.0.0.1:{PORTS[1]}"
        for name, key in event["keys"].items():
            status, page = request(f"{base}/p/{key}/")
            assert status == 200, name
            assert name.encode() in page
        # The keys work in the API as they did: the round goes on where it stopped.
        play(base, games[5], 70, 30)
        assert _results(second / "db.sqlite3")[games[5]["id"]] == (70, 30, "confirmed")
    finally:
        stop(server2)
    # Bounded apart from building the event and the servers' start-up (the machine's load).
    assert time.monotonic() - started - booting["s"] < 60


def test_an_unwritable_backup_folder_never_stops_result_entry(tmp_path):
    static = tmp_path / "static"
    machine = tmp_path / "laptop"
    machine.mkdir()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the stick should be")
    env = server_env(machine, machine / "db.sqlite3", static, BACKUP_DIR=str(blocker / "backups"))
    event = build_event(env, 4)
    server = start(env, PORTS[2], machine / "serve.log")
    try:
        base = f"http://127.0.0.1:{PORTS[2]}"
        for game in event["games"]:
            play(base, game, 65, 45)
        status_file = machine / "var" / STATUS_FILE
        deadline = time.monotonic() + 15
        status = None
        while time.monotonic() < deadline:
            if status_file.exists():
                status = json.loads(status_file.read_text())
                if status.get("error"):
                    break
            time.sleep(0.2)
        assert status, "the backup loop reports"
        assert status["error"]["kind"] == "missing", status
        assert status["last_copy_at"] is None
        assert request(f"{base}/health/")[0] == 200
    finally:
        stop(server)
    results = _results(machine / "db.sqlite3")
    assert {r[2] for r in results.values()} == {"confirmed"}
    assert len(results) == 2
    assert "backup into" in (machine / "serve.log").read_text()

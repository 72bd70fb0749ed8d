"""`manage.py restore` (`make restore FROM=<folder>`): refuses to replace a database that holds
data without --force (FORCE=1), and then brings back the backup as it was: same ids and keys."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing

import pytest

from tests.ops.backup.served import build_event, manage, server_env

# Its server runs on a SQLite file of its own: once, in the SQLite pass (tests/conftest.py).
pytestmark = pytest.mark.own_database


def _read(database, sql: str) -> list[tuple]:
    with closing(sqlite3.connect(database)) as conn:
        return conn.execute(sql).fetchall()


def test_restore_refuses_to_overwrite_unless_forced_then_brings_back_the_same_keys(tmp_path):
    laptop, spare, stick = tmp_path / "laptop", tmp_path / "spare", tmp_path / "stick"
    for folder in (laptop, spare, stick):
        folder.mkdir()
    env = server_env(laptop, laptop / "db.sqlite3", tmp_path / "static", BACKUP_DIR=str(stick))
    event = build_event(env, 4)
    made = manage(env, "backup", "--once")
    assert made.returncode == 0, made.stderr

    # The spare laptop already serves another event.
    shutil.copy(laptop / "db.sqlite3", spare / "db.sqlite3")
    with closing(sqlite3.connect(spare / "db.sqlite3")) as conn:
        conn.execute("UPDATE tournament_event SET name = 'Other GT'")
        conn.execute("UPDATE tournament_player SET private_key = 'x' || id")
        conn.commit()
    env2 = server_env(spare, spare / "db.sqlite3", tmp_path / "static")
    refused = manage(env2, "restore", "--from", str(stick))
    assert refused.returncode != 0
    assert "already holds 1 event(s) and 1 account(s)" in refused.stderr
    assert "FORCE=1" in refused.stderr
    assert _read(spare / "db.sqlite3", "SELECT name FROM tournament_event") == [("Other GT",)]

    forced = manage(env2, "restore", "--from", str(stick), "--force")
    assert forced.returncode == 0, forced.stderr
    assert "1 events, 4 players, 0 results (0 confirmed)" in forced.stdout
    assert _read(spare / "db.sqlite3", "SELECT name FROM tournament_event") == [("Backup GT",)]
    keys = dict(_read(spare / "db.sqlite3", "SELECT name, private_key FROM tournament_player"))
    assert keys == event["keys"]


def test_restore_from_a_folder_without_backups_says_so(tmp_path):
    empty = tmp_path / "stick"
    empty.mkdir()
    env = server_env(tmp_path, tmp_path / "db.sqlite3", tmp_path / "static")
    out = manage(env, "restore", "--from", str(empty))
    assert out.returncode != 0
    assert "holds no Strategium backup" in out.stderr
    assert not (tmp_path / "db.sqlite3").exists()

"""One generation: written whole and verified, described by its manifest, found again; the
loop copies after a change and reports a failing folder without raising (ops/backup_*)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta

import pytest

from ops.backup import loop as backup_loop
from ops.backup.copy import BackupError, backup_newest_verified, backup_prune, backup_write
from ops.backup.loop import BackupLoop, failure_kind
from ops.backup.status import status_read

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


@pytest.fixture
def live(tmp_path):
    """A small database standing for the served one: two applied migrations, one event."""
    path = tmp_path / "live.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(
            """
            CREATE TABLE django_migrations (app TEXT, name TEXT);
            INSERT INTO django_migrations VALUES ('tournament', '0001_initial'),
                                                 ('ops', '0001_initial');
            CREATE TABLE tournament_event (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO tournament_event (name) VALUES ('Backup GT');
            """
        )
        conn.commit()
    return path


def _event_names(path) -> list[str]:
    with closing(sqlite3.connect(path)) as conn:
        return [r[0] for r in conn.execute("SELECT name FROM tournament_event ORDER BY id")]


def test_a_generation_is_the_database_with_a_manifest_that_describes_it(live, tmp_path):
    folder = tmp_path / "stick"
    folder.mkdir()
    generation = backup_write(source=live, folder=folder, app_version="v1-3-g1", now=NOW)
    assert generation.path.name == "strategium-20261128T120000.000000Z"
    assert [p.name for p in folder.iterdir()] == [generation.path.name]  # no temporary left
    assert _event_names(generation.database) == ["Backup GT"]
    manifest = json.loads((generation.path / "manifest.json").read_text())
    assert manifest["format"] == "strategium-backup/1"
    assert manifest["made_at"] == "2026-11-28T12:00:00+00:00"
    assert manifest["app_version"] == "v1-3-g1"
    assert manifest["database"]["engine"] == "sqlite"
    assert manifest["migrations"] == {"ops": ["0001_initial"], "tournament": ["0001_initial"]}
    assert manifest["counts"]["events"] == 1
    assert manifest["counts"]["players"] is None  # no such table in this database
    assert manifest["verified"] == {"check": "quick_check", "result": "ok"}


def test_restore_takes_the_newest_generation_that_still_verifies(live, tmp_path):
    folder = tmp_path / "stick"
    folder.mkdir()
    older = backup_write(source=live, folder=folder, app_version="v1", now=NOW)
    with closing(sqlite3.connect(live)) as conn:
        conn.execute("INSERT INTO tournament_event (name) VALUES ('Second GT')")
        conn.commit()
    newer = backup_write(source=live, folder=folder, app_version="v1", now=NOW + timedelta(1))
    assert backup_newest_verified(folder=folder).path == newer.path
    with newer.database.open("r+b") as f:  # a stick that lost a few bytes
        f.seek(200)
        f.write(b"\xff" * 16)
    assert backup_newest_verified(folder=folder).path == older.path
    (older.path / "manifest.json").write_text("{")
    with pytest.raises(BackupError) as none:
        backup_newest_verified(folder=folder)
    assert "damaged" in str(none.value)
    assert "no readable manifest" in str(none.value)


def test_pruning_keeps_the_policys_generations_and_removes_dead_temporaries(live, tmp_path):
    folder = tmp_path / "stick"
    folder.mkdir()
    for minutes in range(0, 40, 1):
        backup_write(
            source=live, folder=folder, app_version="v1", now=NOW + timedelta(minutes=minutes)
        )
    dead = folder / ".tmp-strategium-20261128T110000.000000Z"
    dead.mkdir()
    backup_prune(folder=folder, now=NOW + timedelta(minutes=40))
    left = sorted(p.name for p in folder.iterdir())
    # The last five (12:35-12:39) and the first of each 10 minutes (12:00, 12:10, 12:20, 12:30).
    stamps = [n.removeprefix("strategium-20261128T")[:4] for n in left]
    assert stamps == ["1200", "1210", "1220", "1230", "1235", "1236", "1237", "1238", "1239"]


def test_failures_are_told_in_kinds(tmp_path):
    import errno

    assert failure_kind(OSError(errno.ENOSPC, "No space left on device")) == "full"
    assert failure_kind(OSError(errno.ENOENT, "gone")) == "missing"
    assert failure_kind(OSError(errno.EROFS, "read-only")) == "denied"
    assert failure_kind(BackupError("quick_check")) == "check"


def test_the_loop_copies_after_a_change_and_only_then(live, tmp_path, monkeypatch):
    monkeypatch.setattr(backup_loop, "MIN_GAP_S", 0.0)
    folder = tmp_path / "stick"
    folder.mkdir()
    status = tmp_path / "var" / "backup-status.json"
    loop = BackupLoop(source=live, folder=folder, status=status, app_version="v1")
    loop.step()  # the first copy, at start
    assert len(list(folder.iterdir())) == 1
    loop.step()
    assert len(list(folder.iterdir())) == 1  # nothing changed: no copy
    with closing(sqlite3.connect(live)) as conn:
        conn.execute("INSERT INTO tournament_event (name) VALUES ('Second GT')")
        conn.commit()
    loop.step()
    assert len(list(folder.iterdir())) == 2
    newest = backup_newest_verified(folder=folder)
    assert _event_names(newest.database) == ["Backup GT", "Second GT"]
    report = status_read(status)
    assert report["generation"] == newest.path.name
    assert report["error"] is None
    assert report["pending_since"] is None


def test_a_folder_that_cannot_be_written_is_reported_not_raised(live, tmp_path, monkeypatch):
    monkeypatch.setattr(backup_loop, "MIN_GAP_S", 0.0)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    status = tmp_path / "var" / "backup-status.json"
    loop = BackupLoop(source=live, folder=blocker / "stick", status=status, app_version="v1")
    loop.step()
    loop.step()
    report = status_read(status)
    assert report["error"]["kind"] == "missing"
    assert report["last_copy_at"] is None
    assert report["pending_since"] is not None


def test_a_second_loop_on_the_same_data_stops_at_once(live, tmp_path):
    import fcntl

    from ops.backup.loop import backup_forever

    folder = tmp_path / "stick"
    folder.mkdir()
    status = tmp_path / "var" / "backup-status.json"
    status.parent.mkdir()
    with (tmp_path / "var" / "backup-status.json.lock").open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the first loop
        backup_forever(source=live, folder=folder, status=status, app_version="v1", parent=None)
    assert not any(folder.iterdir())
    assert not status.exists()

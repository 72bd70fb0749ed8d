"""One backup generation of the SQLite database: written, verified, described, found again.

A generation is a folder `strategium-<UTC time>/` in the backup folder holding `db.sqlite3` and
`manifest.json`. It is written as `.tmp-<name>/` and renamed when complete and verified, so a
folder with the final name is never half-written, whatever happens to the machine or the stick.

The database is copied with SQLite's online backup API, first into memory (the live file is
read-locked only for that, milliseconds for an event's database), then from memory to the
backup folder (a slow USB stick then holds no lock the web processes wait for).

No media files are copied: MEDIA_ROOT holds only print bundles (tournament.PrintJob), which are
made again from the database; CSV and event files that organisers upload are read, not kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ops.backup.policy import generation_name, generation_time, generations_kept

FORMAT = "strategium-backup/1"
DB_FILE = "db.sqlite3"
MANIFEST = "manifest.json"
TMP_PREFIX = ".tmp-"
# A temporary folder this old was left by a copy that died (a killed process, a pulled stick).
STALE_TMP = timedelta(minutes=10)


class BackupError(Exception):
    """A backup that cannot be written or used; the message says why."""


@dataclass(frozen=True)
class Generation:
    path: Path
    made_at: datetime
    manifest: dict

    @property
    def database(self) -> Path:
        return self.path / DB_FILE


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def quick_check(path: Path) -> str:
    """SQLite's quick_check of the file at `path`: "ok" or what it found."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    return "; ".join(str(r[0]) for r in rows)


def _migrations(conn: sqlite3.Connection) -> dict[str, list[str]]:
    applied: dict[str, list[str]] = {}
    for app, name in conn.execute("SELECT app, name FROM django_migrations ORDER BY app, name"):
        applied.setdefault(app, []).append(name)
    return applied


def _count(conn: sqlite3.Connection, sql: str) -> int | None:
    try:
        return conn.execute(sql).fetchone()[0]
    except sqlite3.Error:  # a table this version does not have yet
        return None


def _counts(conn: sqlite3.Connection) -> dict[str, int | None]:
    # By table name, as the file holds them: ops sits below the apps and imports none.
    return {
        "events": _count(conn, "SELECT COUNT(*) FROM tournament_event"),
        "players": _count(conn, "SELECT COUNT(*) FROM tournament_player"),
        "results": _count(conn, "SELECT COUNT(*) FROM tournament_result WHERE is_current"),
        "confirmed": _count(
            conn,
            "SELECT COUNT(*) FROM tournament_result WHERE is_current AND status = 'confirmed'",
        ),
    }


def database_counts(database: Path) -> dict[str, int | None]:
    """What a SQLite database file holds: events, players, current and confirmed results."""
    with closing(sqlite3.connect(database)) as conn:
        return _counts(conn)


def backup_write(
    *, source: Path, folder: Path, app_version: str, now: datetime | None = None
) -> Generation:
    """Copy the database at `source` into a new verified generation in `folder`.

    Raises OSError (full, unplugged, not writable) or BackupError (the copy did not verify);
    nothing half-written is left under a generation's name either way."""
    made_at = now or datetime.now(UTC)
    name = generation_name(made_at)
    tmp = folder / f"{TMP_PREFIX}{name}"
    tmp.mkdir()
    try:
        with closing(sqlite3.connect(":memory:")) as memory:
            with closing(sqlite3.connect(source, timeout=20)) as live:
                live.backup(memory)
            with closing(sqlite3.connect(tmp / DB_FILE)) as copy:
                memory.backup(copy)
            migrations = _migrations(memory)
            counts = _counts(memory)
        _fsync(tmp / DB_FILE)
        found = quick_check(tmp / DB_FILE)
        if found != "ok":
            raise BackupError(f"the copy failed SQLite's quick_check: {found}")
        manifest = {
            "format": FORMAT,
            "made_at": made_at.isoformat(),
            "app_version": app_version,
            "database": {
                "engine": "sqlite",
                "sqlite_version": sqlite3.sqlite_version,
                "file": DB_FILE,
                "bytes": (tmp / DB_FILE).stat().st_size,
                "sha256": _sha256(tmp / DB_FILE),
            },
            "migrations": migrations,
            "counts": counts,
            "verified": {"check": "quick_check", "result": found},
        }
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True))
        _fsync(tmp / MANIFEST)
        final = folder / name
        tmp.rename(final)
        _fsync(folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Generation(path=final, made_at=made_at, manifest=manifest)


def _generations(folder: Path) -> list[tuple[datetime, Path]]:
    found = []
    for entry in folder.iterdir():
        made_at = generation_time(entry.name)
        if made_at is not None and entry.is_dir():
            found.append((made_at, entry))
    return sorted(found)


def backup_prune(*, folder: Path, now: datetime) -> int:
    """Delete the generations the policy does not keep, and dead temporary folders; how many."""
    found = _generations(folder)
    kept = generations_kept([t for t, _ in found], now=now)
    gone = 0
    for made_at, path in found:
        if made_at not in kept:
            shutil.rmtree(path, ignore_errors=True)
            gone += 1
    for entry in folder.iterdir():
        made_at = generation_time(entry.name.removeprefix(TMP_PREFIX))
        if entry.name.startswith(TMP_PREFIX) and made_at and now - made_at > STALE_TMP:
            shutil.rmtree(entry, ignore_errors=True)
    return gone


def _flaw(path: Path) -> tuple[dict, str]:
    """The generation's manifest, and what makes it unusable ("" when nothing)."""
    try:
        manifest = json.loads((path / MANIFEST).read_text())
    except (OSError, ValueError) as exc:
        return {}, f"no readable manifest ({exc})"
    database = path / DB_FILE
    if manifest.get("format") != FORMAT:
        flaw = f"an unknown format {manifest.get('format')!r}"
    elif manifest.get("verified", {}).get("result") != "ok":
        flaw = "not verified when written"
    elif not database.is_file():
        flaw = f"no {DB_FILE}"
    elif _sha256(database) != manifest["database"]["sha256"]:
        flaw = "its database differs from what the manifest says (damaged)"
    else:
        found = quick_check(database)
        flaw = "" if found == "ok" else f"its database fails SQLite's quick_check: {found}"
    return manifest, flaw


def backup_newest_verified(*, folder: Path) -> Generation:
    """The newest generation in `folder` whose manifest, checksum and quick_check all hold."""
    if not folder.is_dir():
        raise BackupError(f"{folder} is not a folder that can be read")
    skipped = []
    for made_at, path in reversed(_generations(folder)):
        manifest, flaw = _flaw(path)
        if not flaw:
            return Generation(path=path, made_at=made_at, manifest=manifest)
        skipped.append(f"{path.name}: {flaw}")
    if not skipped:
        raise BackupError(f"{folder} holds no Strategium backup (strategium-<time> folders)")
    raise BackupError("no usable backup in " + str(folder) + ":\n  " + "\n  ".join(skipped))

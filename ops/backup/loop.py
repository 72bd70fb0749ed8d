"""The backup loop `manage.py serve` runs beside gunicorn when BACKUP_DIR is set (SQLite only).

One process, started once by the server (never by a worker), and a lock file in DATA_DIR so that
a second server on the same data never runs a second loop. It watches the database's
`PRAGMA data_version` (it moves when any other connection commits) twice a second and, after a
change, copies at most every MIN_GAP_S seconds: a confirmed result is in the backup within
POLL_S + MIN_GAP_S + the copy's own time (a few seconds; 10 s promised).

Every failure (a full or unplugged stick, a share gone) is logged and written to the status
file the organiser's dashboard reads; it never reaches the web processes, and the loop tries
again at the next change or heartbeat.
"""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import sqlite3
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from ops.backup.copy import BackupError, backup_prune, backup_write
from ops.backup.policy import copy_due
from ops.backup.status import status_write

log = logging.getLogger(__name__)

POLL_S = 0.5
MIN_GAP_S = 2.0
# The status file is written at least this often, so the dashboard knows the loop is alive.
HEARTBEAT_S = 5.0

_FULL = {errno.ENOSPC, errno.EDQUOT}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


def failure_kind(exc: BaseException) -> str:
    """What went wrong, in the few kinds the organiser is told about."""
    if isinstance(exc, BackupError):
        return "check"
    if isinstance(exc, OSError):
        if exc.errno in _FULL:
            return "full"
        if exc.errno in _DENIED:
            return "denied"
        return "missing"  # ENOENT, ENODEV, EIO, ENOTDIR...: the stick or share is gone
    if isinstance(exc, sqlite3.Error) and "full" in str(exc).lower():
        return "full"
    return "other"


class BackupLoop:
    """The loop's state; `step` does one look (and maybe one copy), for the tests to drive."""

    def __init__(self, *, source: Path, folder: Path, status: Path, app_version: str):
        self.source, self.folder, self.status = source, folder, status
        self.app_version = app_version
        self.watch: sqlite3.Connection | None = None
        self.version: int | None = None
        self.changed = True  # a first copy at start: the folder may hold an older event
        self.pending_since: datetime | None = None
        self.last_copy: float | None = None
        self.last_copy_at: datetime | None = None
        self.generation: str | None = None
        self.error: dict | None = None
        self.written = 0.0

    def _data_version(self) -> int:
        if self.watch is None:
            self.watch = sqlite3.connect(self.source, timeout=20, check_same_thread=False)
        # fetchall, not fetchone: the statement runs to its end and lets its read lock go at
        # once; a statement left open keeps a shared lock that a writer's commit waits for.
        return self.watch.execute("PRAGMA data_version").fetchall()[0][0]

    def step(self) -> None:
        now = datetime.now(UTC)
        tick = time.monotonic()
        version = self._data_version()
        if version != self.version:
            self.version = version
            self.changed = True
        if self.changed and self.pending_since is None:
            self.pending_since = now
        copied = False
        if copy_due(changed=self.changed, last_copy=self.last_copy, now=tick, min_gap=MIN_GAP_S):
            self.last_copy = tick
            self.changed = False  # a commit during the copy moves data_version again
            copied = self._copy(now)
        elif self.error is None and not self.folder.is_dir():
            # No change to copy, but the stick was pulled: say so before the next result, and
            # copy again as soon as it is back.
            self._failed(OSError(errno.ENOENT, "the backup folder is gone", str(self.folder)))
            self.changed = True
        if copied or tick - self.written >= HEARTBEAT_S:
            self._report()

    def _copy(self, now: datetime) -> bool:
        started = time.monotonic()
        try:
            generation = backup_write(
                source=self.source, folder=self.folder, app_version=self.app_version, now=now
            )
            backup_prune(folder=self.folder, now=now)
        except (OSError, sqlite3.Error, BackupError) as exc:
            self.changed = True  # try again after the gap
            self._failed(exc)
            return True
        self.generation = generation.path.name
        log.debug("backed up into %s in %.2f s", generation.path, time.monotonic() - started)
        self.last_copy_at = now
        self.pending_since = None
        self.error = None
        return True

    def _failed(self, exc: BaseException) -> None:
        kind = failure_kind(exc)
        if self.error is None or self.error["kind"] != kind:
            log.error("backup into %s failed (%s): %s", self.folder, kind, exc)
        since = self.error["since"] if self.error else datetime.now(UTC).isoformat()
        self.error = {"kind": kind, "detail": str(exc), "since": since}

    def _report(self) -> None:
        self.written = time.monotonic()
        try:
            status_write(
                self.status,
                folder=str(self.folder),
                last_copy_at=self.last_copy_at,
                generation=self.generation,
                pending_since=self.pending_since,
                error=self.error,
            )
        except OSError:
            log.exception("the backup status file %s cannot be written", self.status)


def backup_forever(
    *, source: Path, folder: Path, status: Path, app_version: str, parent: int | None
) -> None:
    """Run the loop until the server that started it is gone (its process id changes)."""
    lock_path = status.with_name(status.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning("another backup loop already runs for %s: this one stops", lock_path)
            return
        loop = BackupLoop(source=source, folder=folder, status=status, app_version=app_version)
        try:
            while parent is None or os.getppid() == parent:
                started = time.monotonic()
                try:
                    loop.step()
                except sqlite3.Error:  # the database itself: a moment's lock, a moved file
                    log.exception("the backup loop cannot read %s", source)
                    if loop.watch is not None:
                        loop.watch.close()
                    loop.watch = None
                time.sleep(max(0.0, POLL_S - (time.monotonic() - started)))
        finally:
            if loop.watch is not None:
                with closing(loop.watch):
                    pass

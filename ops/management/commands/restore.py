"""`manage.py restore --from <folder>` (`make restore FROM=<folder>`): bring back the newest
verified backup `make serve` made there, as it was: the same ids, private links, keys and
tokens, so every printed QR code works against this machine once players open its address.

It refuses to replace a database that holds events or accounts unless --force (FORCE=1), checks
the backup (manifest, checksum, SQLite's quick_check) before touching anything, copies it with
SQLite's backup API into a temporary file renamed into place, runs the migrations when the
backup is older than this code, and gives the database a new installation id, so nothing a
cache kept for another copy of it is ever shown.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections
from django.db.migrations.loader import MigrationLoader
from django.utils import timezone

from ops.backup.copy import BackupError, backup_newest_verified, database_counts
from ops.backup.status import backup_uses_sqlite


def _rows(path: Path, table: str) -> int:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        try:
            return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]  # noqa: S608
        except sqlite3.Error:  # no such table: a new, unmigrated file
            return 0


def _held(path: Path) -> tuple[int, int]:
    """How many events and accounts the database at `path` holds (0, 0 when none or empty)."""
    if not path.exists() or path.stat().st_size == 0:
        return 0, 0
    return _rows(path, "tournament_event"), _rows(path, "auth_user")


def _unknown_migrations(manifest: dict) -> list[str]:
    """Migrations the backup has that this code does not: it was made by newer code."""
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    return sorted(
        f"{app}.{name}"
        for app, names in manifest.get("migrations", {}).items()
        for name in names
        if (app, name) not in known
    )


class Command(BaseCommand):
    help = "Restore the newest verified backup from a folder `make serve` backed up into."

    def add_arguments(self, parser):
        parser.add_argument("--from", dest="folder", required=True, help="The backup folder.")
        parser.add_argument(
            "--force", action="store_true", help="Replace a database that holds data."
        )

    def handle(self, *args, folder, force, **options):
        if not backup_uses_sqlite():
            raise CommandError(
                "DATABASE_URL names PostgreSQL: restore it with PostgreSQL's own tools "
                "(docs/deploy.md, 'Backups on PostgreSQL')."
            )
        target = Path(settings.DATABASES["default"]["NAME"])
        events, accounts = _held(target)
        if (events or accounts) and not force:
            raise CommandError(
                f"{target} already holds {events} event(s) and {accounts} account(s). "
                "Restoring replaces all of it: run again with FORCE=1 (make restore) or --force "
                "if that is what you want."
            )
        try:
            generation = backup_newest_verified(folder=Path(folder))
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        newer = _unknown_migrations(generation.manifest)
        if newer:
            raise CommandError(
                f"The backup was made by a newer Strategium ({generation.manifest['app_version']})"
                f": update this copy (git pull) and restore again. Unknown: {', '.join(newer)}"
            )
        connections.close_all()
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.restoring")
        tmp.unlink(missing_ok=True)
        with (
            closing(sqlite3.connect(generation.database)) as source,
            closing(sqlite3.connect(tmp)) as copy,
        ):
            source.backup(copy)
        for leftover in ("-journal", "-wal", "-shm"):  # the replaced database's, now meaningless
            Path(f"{target}{leftover}").unlink(missing_ok=True)
        os.replace(tmp, target)
        call_command("migrate", interactive=False, verbosity=0)
        call_command("installation_renew", verbosity=0)
        made_at = datetime.fromisoformat(generation.manifest["made_at"])
        self._report(generation.path, made_at, target)
        connection.close()

    def _report(self, path: Path, made_at: datetime, target: Path) -> None:
        counts = database_counts(target)
        local = timezone.localtime(made_at)
        out = self.stdout
        out.write(self.style.SUCCESS(f"Restored {path}"))
        out.write(f"  backup made {local:%Y-%m-%d %H:%M:%S %Z} (UTC {made_at:%H:%M:%S})")
        out.write(
            f"  {counts['events']} events, {counts['players']} players, "
            f"{counts['results']} results ({counts['confirmed']} confirmed)"
        )
        out.write(
            "  Next: `make serve` with the same PORT as before, then show this machine's new "
            "address on the big screen; every printed QR code and link works once players "
            "open it."
        )

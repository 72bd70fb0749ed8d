"""`manage.py backup`: keep a verified copy of the SQLite database in BACKUP_DIR, never more than
10 s behind (ops/backup/loop.py). `manage.py serve` starts it beside gunicorn when BACKUP_DIR is
set; it stops when the server that started it is gone. `--once` makes one copy and stops."""

from __future__ import annotations

import signal
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from ops.backup.copy import backup_prune, backup_write
from ops.backup.loop import backup_forever
from ops.backup.status import backup_uses_sqlite, status_path


def app_version() -> str:
    """The code's version as git names it (a clone of the project), else "unknown"."""
    try:
        out = subprocess.run(
            ["git", "describe", "--always", "--dirty"],  # noqa: S607 - git from PATH
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() or "unknown"


class Command(BaseCommand):
    help = "Back the SQLite database up into BACKUP_DIR whenever it changes (run by `serve`)."

    def add_arguments(self, parser):
        parser.add_argument("--parent", type=int, help="Stop when this process is gone.")
        parser.add_argument("--once", action="store_true", help="One copy, then stop.")

    def handle(self, *args, parent=None, once=False, **options):
        if not settings.BACKUP_DIR:
            raise CommandError("BACKUP_DIR is not set: name the folder to back up into.")
        if not backup_uses_sqlite():
            raise CommandError(
                "BACKUP_DIR is for the SQLite database; back PostgreSQL up with its own tools "
                "(docs/deploy.md)."
            )
        source = Path(settings.DATABASES["default"]["NAME"])
        folder = Path(settings.BACKUP_DIR)
        if once:
            now = datetime.now(UTC)
            generation = backup_write(
                source=source, folder=folder, app_version=app_version(), now=now
            )
            backup_prune(folder=folder, now=now)
            self.stdout.write(f"Backed up into {generation.path}")
            return
        # Stopped with the server (Ctrl-C at the venue, a TERM to the process group): at once;
        # a copy cut short leaves only a temporary folder, removed later.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        backup_forever(
            source=source,
            folder=folder,
            status=status_path(),
            app_version=app_version(),
            parent=parent,
        )

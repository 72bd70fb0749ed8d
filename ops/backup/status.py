"""The backup's state as the organiser's dashboard shows it.

The backup loop (ops/backup/loop.py) writes a small JSON status file in DATA_DIR, on the
laptop's own disk (so an unplugged stick can still be reported); the dashboard reads it at each
load. Nothing here touches the backup folder itself.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

STATUS_FILE = "backup-status.json"
# Older than this, a change not yet copied (or a silent loop) is worth a warning.
STALE = timedelta(minutes=1)


def status_path() -> Path:
    return Path(settings.DATA_DIR) / STATUS_FILE


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at else None


def status_write(
    path: Path,
    *,
    folder: str,
    last_copy_at: datetime | None,
    generation: str | None,
    pending_since: datetime | None,
    error: dict | None,
) -> None:
    """Replace the status file at once (readers never see half of it)."""
    data = {
        "folder": folder,
        "last_copy_at": _iso(last_copy_at),
        "generation": generation,
        "pending_since": _iso(pending_since),
        "heartbeat_at": datetime.now(UTC).isoformat(),
        "error": error,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".backup-status-")
    with os.fdopen(fd, "w") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def status_read(path: Path | None = None) -> dict | None:
    try:
        return json.loads((path or status_path()).read_text())
    except (OSError, ValueError):
        return None


def _when(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def ago(seconds: float) -> str:
    """ "12 s ago", "3 min ago", "2 h ago"."""
    n = max(0, int(seconds))
    if n < 60:
        return ngettext("%(n)d s ago", "%(n)d s ago", n) % {"n": n}
    if n < 3600:
        return ngettext("%(n)d min ago", "%(n)d min ago", n // 60) % {"n": n // 60}
    return ngettext("%(n)d h ago", "%(n)d h ago", n // 3600) % {"n": n // 3600}


def _reason(error: dict, folder: str) -> str:
    kind = error.get("kind")
    if kind == "full":
        return _("the backup folder %(folder)s is full: free some space or use another stick.") % {
            "folder": folder
        }
    if kind == "missing":
        return _(
            "the backup folder %(folder)s cannot be reached: is the stick plugged in, or the "
            "share still there?"
        ) % {"folder": folder}
    if kind == "denied":
        return _("this laptop may not write into the backup folder %(folder)s.") % {
            "folder": folder
        }
    if kind == "check":
        return _("the last copy did not pass its check; the next change is copied again.")
    return _("the copy failed (%(detail)s).") % {"detail": error.get("detail", "")}


def backup_uses_sqlite() -> bool:
    return settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")


def backup_summary(*, now: datetime | None = None) -> dict | None:
    """What the dashboard says about the backup, or None when it says nothing.

    With BACKUP_DIR: when the last copy was made and a warning when it is late or failing.
    Without it, under served settings on SQLite: a hint how to start one. On PostgreSQL the
    database's own backup applies (docs/deploy.md): nothing is said."""
    if not backup_uses_sqlite():
        return None
    folder = settings.BACKUP_DIR
    if not folder:
        if not settings.SERVED:
            return None
        return {
            "hint": _(
                "No backup is being made: if this laptop fails, the event is lost. Start the "
                "server with BACKUP_DIR=<a USB stick or a shared folder> make serve."
            )
        }
    now = now or datetime.now(UTC)
    status = status_read()
    if status is None:
        return {
            "folder": folder,
            "warning": _("No backup has been made yet: the backup starts with `make serve`."),
        }
    last = _when(status.get("last_copy_at"))
    pending = _when(status.get("pending_since"))
    heartbeat = _when(status.get("heartbeat_at"))
    summary = {
        "folder": folder,
        "last": last,
        "ago": ago((now - last).total_seconds()) if last else None,
        "warning": None,
    }
    if status.get("error"):
        summary["warning"] = _("The backup is failing: %(reason)s") % {
            "reason": _reason(status["error"], folder)
        }
    elif heartbeat is None or now - heartbeat > STALE:
        summary["warning"] = _(
            "The backup has stopped reporting: restart the server (make serve) to start it again."
        )
    elif last is None or (pending is not None and now - pending > STALE):
        summary["warning"] = _("The latest changes are not in the backup yet.")
    return summary

"""Which database this process serves: its installation id, named in every cache key.

A cache key made of an event's id and revision alone is the same in two databases: after a
database was dropped and recreated (a reset, a restore) a shared Redis served the old event's
standings for the new one. The key therefore begins with the installation id, a random UUID the
database holds (ops.models.Installation).

Read cheaply, never per cache call: the id is read again whenever this process opens a database
connection (with the default CONN_MAX_AGE=0, once a request: one indexed one-row read) and after
`migrate` or `flush`, and kept in memory in between. With persistent connections
(CONN_MAX_AGE > 0), restart the app after recreating or restoring its database.
"""

from __future__ import annotations

import logging
import uuid

from django.db import DEFAULT_DB_ALIAS

log = logging.getLogger(__name__)

UNKNOWN = "unknown"  # the database does not answer: nothing can be computed to cache anyway
_current: str | None = None


def installation_id() -> str:
    """This database's id as 32 hex digits; made when the database has none yet."""
    global _current  # noqa: PLW0603 - one id per process, shared by its threads
    if _current is None:
        try:
            _current = _read(create=True)
        except Exception:  # no database: keys still work, nothing is remembered
            log.debug("installation id unreadable", exc_info=True)
            return UNKNOWN
    return _current


def installation_forget() -> None:
    """Read the id again at the next cache key (a test's simulated reset; a renewal)."""
    global _current  # noqa: PLW0603
    _current = None


def installation_renew() -> str:
    """Give this database a new id, so nothing cached for it before is found again: for a
    database restored from a backup, whose revisions will be numbered again."""
    from ops.models import Installation  # noqa: PLC0415 - models load after apps

    Installation.objects.all().delete()
    installation_forget()
    return Installation.objects.create().id.hex


def _read(*, create: bool) -> str | None:
    from ops.models import Installation  # noqa: PLC0415

    found = Installation.objects.order_by("created_at").values_list("id", flat=True).first()
    if found is None and create:
        found = Installation.objects.create().id
    return found.hex if found else None


def refresh_on_connect(sender, connection, **kwargs) -> None:
    """connection_created: read the id on the new connection (one row, by hand: the ORM would
    ask for a connection while this one is being set up)."""
    global _current  # noqa: PLW0603
    if connection.alias != DEFAULT_DB_ALIAS:
        return
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM ops_installation ORDER BY created_at LIMIT 1")
            row = cursor.fetchone()
    except Exception:  # not migrated yet: read later, at the first key
        _current = None
        return
    _current = uuid.UUID(str(row[0])).hex if row else None


def refresh_after_migrate(sender, **kwargs) -> None:
    """post_migrate (also sent by `flush`): the database may be new; make sure it has an id."""
    global _current  # noqa: PLW0603
    if kwargs.get("using", DEFAULT_DB_ALIAS) != DEFAULT_DB_ALIAS or sender.name != "ops":
        return
    installation_forget()
    try:
        _current = _read(create=True)
    except Exception:
        log.debug("installation id unreadable after migrate", exc_info=True)
        _current = None

"""Is this process able to serve? The database answers a query; the broker, when there is
one, accepts a connection. Read by load balancers and by `make serve`'s own start-up check."""

from __future__ import annotations

from django.conf import settings
from django.db import connection


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return f"unreachable: {exc.__class__.__name__}"
    return "ok"


def _broker() -> str:
    url = settings.CELERY_BROKER_URL
    if not url:
        return "not used (tasks run in-process)"
    from kombu import Connection  # noqa: PLC0415 - only when a broker is configured

    try:
        with Connection(url, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return f"unreachable: {exc.__class__.__name__}"
    return "ok"


def health_check() -> dict:
    """{"status": "ok" | "unavailable", "database": ..., "broker": ...}."""
    checks = {"database": _database(), "broker": _broker()}
    healthy = all(v == "ok" or v.startswith("not used") for v in checks.values())
    return {"status": "ok" if healthy else "unavailable", **checks}

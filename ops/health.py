"""Is this process able to serve? Read by load balancers and by `make serve`'s start-up check.

Only the database is essential: without it nothing can be read or written, so the answer is 503
and a load balancer may send requests elsewhere. The cache (Redis) and the broker are not: with
the cache down pages are computed directly, with the broker down everything but printing works.
Either one down is "degraded", still 200, naming what is down: were it 503, a shared Redis
outage would make a load balancer drop every machine at once.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.db import connection

from ops.cache import ResilientRedisCache

UNREACHABLE = "unreachable"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure is the answer
        return f"{UNREACHABLE}: {exc.__class__.__name__}"
    return "ok"


def _cache() -> str:
    cache = caches["default"]
    if not isinstance(cache, ResilientRedisCache):
        return "not shared (this machine's memory or files)"
    return "ok" if cache.ping() else f"{UNREACHABLE}: pages are computed by each process"


def _broker() -> str:
    url = settings.CELERY_BROKER_URL
    if not url:
        return "not used (tasks run in-process)"
    from kombu import Connection  # noqa: PLC0415 - only when a broker is configured

    try:
        with Connection(url, connect_timeout=1) as conn:
            conn.ensure_connection(max_retries=0, timeout=1)  # one try: no 2 s retry wait
    except Exception as exc:
        return f"{UNREACHABLE}: {exc.__class__.__name__}; printing waits for it"
    return "ok"


def health_check() -> dict:
    """{"status": "ok" | "degraded" | "unavailable", "database", "cache", "broker", "down"}.

    "down" lists what does not answer; "unavailable" (503) only when the database is in it."""
    checks = {"database": _database(), "cache": _cache(), "broker": _broker()}
    down = [name for name, state in checks.items() if state.startswith(UNREACHABLE)]
    if "database" in down:
        status = "unavailable"
    elif down:
        status = "degraded"
    else:
        status = "ok"
    return {"status": status, **checks, "down": down}

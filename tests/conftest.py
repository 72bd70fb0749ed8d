"""Shared fixtures, and the rule that a test needing a service fails when REQUIRE_SERVICES=1."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

import pytest
from hypothesis import settings as hypothesis_settings

# Property tests check what the engines answer, not how fast: on CI's busy 2-core machine one
# example once took 250 ms and failed Hypothesis' 200 ms deadline, then 7 ms when replayed.
hypothesis_settings.register_profile("strategium", deadline=None)
hypothesis_settings.load_profile("strategium")

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname, parsed.port or 6379), timeout=1):
            return True
    except OSError:
        return False


def broker_url() -> str:
    """The Redis the worker tests queue on; under pytest-xdist each test process takes its own
    database number (the base one plus its index), so a Celery worker started by one test never
    takes the tasks of a test running beside it."""
    url = os.environ.get("CELERY_TEST_BROKER_URL") or os.environ.get("CELERY_BROKER_URL", "")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... when parallel
    if not (url.startswith("redis") and worker.startswith("gw")):
        return url
    base, _, number = url.rpartition("/")
    if not number.isdigit():
        base, number = url.rstrip("/"), "0"
    return f"{base}/{int(number) + int(worker[2:])}"


# CI's PostgreSQL pass sets DATABASE_FREE_TESTS=skip: a test that asks for no database and whose
# module neither starts another process nor names a service gives the same answer on any
# database, so it runs once, in the SQLite pass (about a quarter of the suite: the pure engines).
# DATABASE_FREE_TESTS=only runs those alone (a quick check while working on an engine).
_DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}
_SERVICE_WORDS = ("subprocess", "Popen", "DATABASE_URL", "CELERY", "redis", "manage.py")


def _database_free(item, sources: dict) -> bool:
    if item.get_closest_marker("own_database"):
        # Its server runs on a SQLite file of its own: the suite's database changes nothing in
        # its answer, so the PostgreSQL pass drops it like a pure test. Never a quick pure run.
        return sources.setdefault("_mode", "skip") == "skip"
    if item.get_closest_marker("django_db") or _DATABASE_FIXTURES & set(item.fixturenames):
        return False
    if item.get_closest_marker("postgres") or item.get_closest_marker("redis"):
        return False
    path = str(item.path)
    if path not in sources:
        text = item.path.read_text(encoding="utf-8")
        sources[path] = not any(word in text for word in _SERVICE_WORDS)
    return sources[path]


def _select_database_free(config, items, mode: str) -> None:
    sources: dict = {"_mode": mode}
    kept, dropped = [], []
    for item in items:
        free = _database_free(item, sources)
        (dropped if free == (mode == "skip") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def _drop_browser_tests(config, items) -> None:
    # CI's PostgreSQL pass sets BROWSER_TESTS=skip: a browser test checks what a page does in
    # Chromium (layout at 390 px, scripts, the offline worker); what the page reads from the
    # database is checked by the web and API tests, which run in both passes.
    dropped = [item for item in items if item.get_closest_marker("browser")]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if not item.get_closest_marker("browser")]


def pytest_collection_modifyitems(config, items):
    from django.db import connection

    mode = os.environ.get("DATABASE_FREE_TESTS", "")
    if mode in ("skip", "only"):  # "only": the pure tests alone, a quick run while working
        _select_database_free(config, items, mode)
    if os.environ.get("BROWSER_TESTS") == "skip":
        _drop_browser_tests(config, items)

    vendor = connection.vendor
    broker = broker_url()
    for item in items:
        if item.get_closest_marker("postgres") and vendor != "postgresql":
            # Covered by CI's PostgreSQL pass; on SQLite there is nothing to check.
            item.add_marker(pytest.mark.skip(reason="runs in the PostgreSQL pass (DATABASE_URL)"))
        if item.get_closest_marker("redis") and not (broker and _reachable(broker)):
            if REQUIRE_SERVICES:
                item.add_marker(pytest.mark.usefixtures("_fail_missing_broker"))
            else:
                item.add_marker(pytest.mark.skip(reason="no Redis broker (CELERY_TEST_BROKER_URL)"))


@pytest.fixture
def _fail_missing_broker():
    pytest.fail(f"REQUIRE_SERVICES=1 but the Redis broker {broker_url()!r} is unreachable")


@pytest.fixture
def organiser(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("org", password="pw", is_staff=True)


@pytest.fixture
def other_organiser(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("rival", password="pw", is_staff=True)


@pytest.fixture
def org_client(client, organiser):
    """Django's test client, signed in as the organiser (the pages' side of `api`)."""
    client.force_login(organiser)
    return client


@pytest.fixture
def api(organiser):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(organiser)
    return client


@pytest.fixture
def anon(db):
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def event(organiser):
    from tournament.services.events.events import event_create

    return event_create(user=organiser, name="Test GT", rounds=5, seed=1)


def add_players(event, user, count: int, **fields):
    from tournament.services.players.players import player_register

    return [
        player_register(
            event=event,
            user=user,
            name=f"Player {i:03d}",
            faction="Orks",
            club=f"Club {i % 3}",
            **fields,
        )
        for i in range(1, count + 1)
    ]


@pytest.fixture
def players(event, organiser):
    return add_players(event, organiser, 8)


@pytest.fixture
def field(event, organiser):
    """Three players in the event (a small field)."""
    return add_players(event, organiser, 3)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: throttle counts and cached pages do not leak."""
    from django.core.cache import caches

    from tournament.caching.cached import RECENT
    from tournament.caching.store import STORE, _noted

    for cache in caches.all():
        cache.clear()
    RECENT.items.clear()
    _noted.clear()
    # This process's kept public answers too: a test's event reuses an earlier test's id and
    # revision, so an answer kept a moment ago could be given again for another database.
    STORE.clear()
    yield
    for cache in caches.all():
        cache.clear()
    RECENT.items.clear()
    STORE.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test ends in the site's language: a page asked for in German leaves this thread
    German (LocaleMiddleware activates the language and nothing deactivates it), and the next
    test would read German where it expects the default."""
    from django.utils import translation

    yield
    translation.deactivate()

"""With Redis (the cache) unreachable the site works: reads compute, throttling counts per
process, health says "degraded", nothing answers 500. Redis stands at a closed port."""

from __future__ import annotations

import logging
import time

import pytest
from django.test import Client, override_settings

from ops import throttle
from ops.cache import ResilientRedisCache
from tests.conftest import broker_url
from tests.tournament.api.test_results import key_client
from tests.tournament.printing.helpers import played_event

CLOSED = "redis://127.0.0.1:1/0"  # nothing listens on port 1
KEYS = "ops.cache.database_key"
DOWN = {
    "default": {
        "BACKEND": "ops.cache.ResilientRedisCache",
        "LOCATION": CLOSED,
        "KEY_FUNCTION": KEYS,
    },
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "KEY_FUNCTION": KEYS},
}


@pytest.fixture
def down_cache():
    cache = ResilientRedisCache(CLOSED, {"KEY_FUNCTION": KEYS})
    yield cache
    cache.local.clear()
    cache.breaker.down_until = 0.0
    cache.breaker.down = False


def test_every_operation_falls_back_to_this_process(down_cache):
    cache = down_cache
    assert cache.get("missing", "default") == "default"
    cache.set("a", 1)
    assert cache.get("a") == 1
    assert cache.add("b", 5) is True
    assert cache.add("b", 6) is False
    assert cache.incr("b") == 6
    assert cache.get_many(["a", "b", "c"]) == {"a": 1, "b": 6}
    cache.set_many({"c": 3})
    assert cache.has_key("c")
    assert cache.get_or_set("d", lambda: 4) == 4
    cache.delete_many(["a", "b"])
    assert cache.get("a") is None
    with pytest.raises(ValueError, match="never-set"):
        cache.incr("never-set")  # as Redis answers: the throttle relies on it


def test_the_outage_is_logged_once_and_requests_do_not_each_wait(down_cache, caplog):
    caplog.set_level(logging.WARNING, logger="ops.cache")
    started = time.monotonic()
    for i in range(500):
        down_cache.get(f"key-{i}")
    elapsed = time.monotonic() - started
    # Without the breaker each call tries to connect (and retries) before giving up.
    assert elapsed < 2, elapsed
    outages = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(outages) == 1
    secret = ResilientRedisCache("redis://:hunter2@127.0.0.1:1/0", {"KEY_FUNCTION": KEYS})
    assert "hunter2" not in secret.breaker.location
    assert down_cache.is_down


def test_after_the_wait_one_caller_tries_redis_again_not_all(down_cache):
    down_cache.get("x")
    assert down_cache.is_down
    down_cache.breaker.down_until = 0.0  # the wait is over
    tries = [down_cache.breaker.closed() for _ in range(5)]
    assert tries == [True, False, False, False, False]


@pytest.mark.redis
def test_a_reachable_redis_is_used_and_its_return_is_logged(caplog):
    caplog.set_level(logging.WARNING, logger="ops.cache")
    url = broker_url().rsplit("/", 1)[0] + "/12"
    cache = ResilientRedisCache(url, {"KEY_FUNCTION": KEYS})
    other = ResilientRedisCache(url, {"KEY_FUNCTION": KEYS})  # another process's client
    try:
        cache.breaker.failed(OSError("simulated"))
        cache.breaker.down_until = 0.0  # the breaker's wait is over
        cache.set("shared", "yes", 30)
        assert other.get("shared") == "yes"
        assert not cache.is_down
        assert any("answers again" in r.getMessage() for r in caplog.records)
    finally:
        cache.delete("shared")


@pytest.fixture
def played(organiser, event):
    players, round_ = played_event(event, organiser, 9)
    return event, players, round_


@override_settings(CACHES=DOWN)
def test_every_kind_of_request_answers_without_the_cache(client, organiser, played):
    event, players, round_ = played
    a = players[0]
    anon = Client()
    reads = [
        f"/p/{a.private_key}/",
        f"/events/{event.pk}/standings/",
        f"/events/{event.pk}/pairings/",
        f"/events/{event.pk}/screen/",
        f"/api/events/{event.pk}/standings/",
        f"/api/events/{event.pk}/rounds/{round_.number}/",
        f"/api/events/{event.pk}/standings/status/",
    ]
    for url in reads:
        first, again = anon.get(url), anon.get(url)
        assert (url, first.status_code, again.status_code) == (url, 200, 200)
    assert anon.get(f"/api/events/{event.pk}/standings/").json()  # computed, not empty
    # Keyed API calls, pages and sign-in.
    assert key_client(a).get(f"/api/events/{event.pk}/").status_code == 200
    assert (
        anon.post("/accounts/login/", {"username": "org", "password": "wrong"}).status_code == 200
    )
    assert anon.post("/accounts/login/", {"username": "org", "password": "pw"}).status_code == 302
    # Health: still serving, the cache named as down.
    health = anon.get("/health/")
    assert health.status_code == 200
    assert health.json()["status"] == "degraded"
    assert health.json()["down"] == ["cache"]


@override_settings(CACHES=DOWN)
def test_results_are_written_and_counted_without_the_cache(api, organiser, event, players):
    from tests.ops.test_throttle import _paired_games

    game_id, a, b = _paired_games(organiser, event, players)[0]
    entry = {"vp_a": 70, "vp_b": 30}
    assert (
        key_client(a).post(f"/api/games/{game_id}/result/", entry, format="json").status_code == 201
    )
    assert key_client(b).post(f"/api/games/{game_id}/result/confirm/", {}).status_code == 200
    standings = api.get(f"/api/events/{event.pk}/standings/").json()
    assert str(a.name) in str(standings)


@override_settings(CACHES=DOWN)
def test_throttling_falls_back_to_a_per_process_limit(client, players):
    for i in range(throttle.KEYS_PER_CLIENT.limit):
        assert client.get(f"/p/forged-{i}/").status_code == 404
    assert client.get("/p/forged-again/").status_code == 429
    assert client.get(f"/p/{players[0].private_key}/").status_code == 200  # a real key works

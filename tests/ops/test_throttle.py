"""Failed sign-ins and wrong player keys are throttled per client and per account (429)."""

import pytest

from ops import throttle


def _login(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_account_locks_after_ten_failures_even_for_the_right_password(client, organiser):
    for _ in range(throttle.LOGIN_PER_ACCOUNT.limit):
        assert _login(client, "org", "wrong").status_code == 200
    refused = _login(client, "org", "pw")
    assert refused.status_code == 429
    assert "Try again in 15 minutes" in refused.content.decode()
    assert int(refused["Retry-After"]) > 800
    assert "_auth_user_id" not in client.session


def test_other_accounts_from_other_devices_are_not_locked(client, organiser, other_organiser):
    for _ in range(throttle.LOGIN_PER_ACCOUNT.limit):
        _login(client, "org", "wrong")
    other = _login(client.__class__(REMOTE_ADDR="10.0.0.9"), "rival", "pw")
    assert other.status_code == 302


def test_one_device_trying_many_accounts_is_locked(client, organiser):
    for i in range(throttle.LOGIN_PER_CLIENT.limit):
        _login(client, f"guess{i}", "wrong")
    assert _login(client, "org", "pw").status_code == 429


def test_success_clears_the_account_count(client, organiser):
    for _ in range(throttle.LOGIN_PER_ACCOUNT.limit - 1):
        _login(client, "org", "wrong")
    assert _login(client, "org", "pw").status_code == 302
    client.logout()
    assert _login(client, "org", "wrong").status_code == 200
    assert _login(client, "org", "pw").status_code == 302


def test_wrong_player_keys_are_throttled_on_pages_and_api(client, anon, players):
    for i in range(throttle.KEYS_PER_CLIENT.limit):
        assert client.get(f"/p/forged-{i}/").status_code == 404
    page = client.get(f"/p/{players[0].private_key}/")
    assert page.status_code == 429
    assert "wrong links or keys" in page.content.decode()
    api = anon.get("/api/events/", HTTP_AUTHORIZATION=f"Key {players[0].private_key}")
    assert api.status_code == 429
    assert api.json()["error_codes"] == {"detail": ["throttled"]}


def test_forged_api_keys_count_too(anon, players):
    for _ in range(throttle.KEYS_PER_CLIENT.limit):
        assert anon.get("/api/events/", HTTP_AUTHORIZATION="Key forged").status_code == 401
    assert anon.get("/api/events/").status_code == 200  # no key: reading stays open
    assert anon.get("/api/events/", HTTP_AUTHORIZATION="Key forged").status_code == 429


@pytest.mark.redis
def test_counts_are_shared_between_processes_through_redis():
    """Two cache clients on one Redis stand for two web processes on two machines."""
    from django.core.cache.backends.redis import RedisCache

    from tests.conftest import broker_url

    first, second = (RedisCache(broker_url(), {}) for _ in range(2))
    rule = throttle.Rule("test-shared", 3, 60)
    try:
        throttle.cache = first
        throttle.forget(rule, "203.0.113.7")
        for _ in range(3):
            throttle.record_failure(rule, "203.0.113.7")
        throttle.cache = second
        assert throttle.wait_seconds(rule, "203.0.113.7") > 0
        assert throttle.wait_seconds(rule, "203.0.113.8") == 0
    finally:
        throttle.forget(rule, "203.0.113.7")
        from django.core.cache import cache

        throttle.cache = cache

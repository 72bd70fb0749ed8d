"""Failed sign-ins and wrong player keys are throttled per client and per account (429)."""

import pytest
from django.test import Client, override_settings

from ops import throttle
from ops.devices import COOKIE
from tests.tournament.api.test_results import key_client


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


def _sign_out(client):
    """Sign out as a browser does: the test client's logout() would drop every cookie."""
    device = client.cookies[COOKIE].value
    client.logout()
    client.cookies[COOKIE] = device


def test_guesses_from_elsewhere_do_not_lock_the_account_out(organiser):
    """Counted by account and address together: knowing a TO's name is not enough."""
    attacker = Client(REMOTE_ADDR="198.51.100.66")
    for _ in range(throttle.LOGIN_PER_ACCOUNT.limit + 5):
        attacker.post("/accounts/login/", {"username": "org", "password": "wrong"})
    assert _login(attacker, "org", "pw").status_code == 429
    organiser_laptop = Client(REMOTE_ADDR="192.0.2.10")
    assert _login(organiser_laptop, "org", "pw").status_code == 302


def test_a_browser_that_signed_in_before_gets_through_at_a_shared_address(organiser):
    """At the venue the guesser shares the TO's address; the TO's own browser still gets in."""
    laptop = Client(REMOTE_ADDR="10.1.1.1")
    assert _login(laptop, "org", "pw").status_code == 302
    _sign_out(laptop)
    guesser = Client(REMOTE_ADDR="10.1.1.1")
    for _ in range(throttle.LOGIN_PER_CLIENT.limit):
        _login(guesser, "org", "wrong")
    assert _login(guesser, "org", "pw").status_code == 429
    assert _login(Client(REMOTE_ADDR="10.1.1.1"), "org", "pw").status_code == 429  # a new browser
    assert _login(laptop, "org", "pw").status_code == 302
    assert "_auth_user_id" in laptop.session


def test_the_cookie_helps_only_the_account_it_names_and_only_when_signed(
    organiser, other_organiser
):
    laptop = Client(REMOTE_ADDR="10.1.1.1")
    assert _login(laptop, "rival", "pw").status_code == 302
    _sign_out(laptop)
    for _ in range(throttle.LOGIN_PER_ACCOUNT.limit):
        _login(Client(REMOTE_ADDR="10.1.1.1"), "org", "wrong")
    assert _login(laptop, "org", "pw").status_code == 429  # signed in as rival, not as org
    forged = Client(REMOTE_ADDR="10.1.1.1")
    forged.cookies[COOKIE] = laptop.cookies[COOKIE].value.replace(":", ";", 1)
    assert _login(forged, "org", "pw").status_code == 429


def test_a_browser_with_the_cookie_still_has_only_a_few_guesses(organiser):
    laptop = Client(REMOTE_ADDR="10.1.1.1")
    assert _login(laptop, "org", "pw").status_code == 302
    _sign_out(laptop)
    for _ in range(throttle.LOGIN_PER_DEVICE.limit):
        assert _login(laptop, "org", "wrong").status_code == 200
    assert _login(laptop, "org", "pw").status_code == 429
    # ...and its guesses did not lock the account for anyone else.
    assert _login(Client(REMOTE_ADDR="10.1.1.2"), "org", "pw").status_code == 302


def test_a_busy_address_leaves_each_account_its_own_few_tries(organiser, other_organiser):
    """30 failed sign-ins at the venue's address (a prankster trying names) do not lock out a
    judge's first sign-in there: an account that has not failed at the address still gets in.
    The guesser, past the address's limit, gets only a few tries per name."""
    guesser = Client(REMOTE_ADDR="10.1.1.1")
    for i in range(throttle.LOGIN_PER_CLIENT.limit):
        assert _login(guesser, f"guess{i}", "wrong").status_code == 200
    judge = Client(REMOTE_ADDR="10.1.1.1")  # no device cookie: first sign-in at the venue
    assert _login(judge, "org", "pw").status_code == 302
    assert "_auth_user_id" in judge.session
    tries = throttle.LOGIN_WHILE_ADDRESS_FULL.limit
    for _ in range(tries):
        assert _login(guesser, "rival", "wrong").status_code == 200
    assert _login(guesser, "rival", "wrong").status_code == 429
    assert _login(Client(REMOTE_ADDR="10.1.1.1"), "rival", "pw").status_code == 429
    # A name tried before the address filled has only what is left of the fewer tries.
    for _ in range(tries - 1):
        assert _login(guesser, "guess0", "wrong").status_code == 200
    assert _login(guesser, "guess0", "wrong").status_code == 429
    assert _login(Client(REMOTE_ADDR="10.9.9.9"), "rival", "pw").status_code == 302


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
    page = client.get("/p/forged-again/")
    assert page.status_code == 429
    assert "wrong links or keys" in page.content.decode()
    api = anon.get("/api/events/", HTTP_AUTHORIZATION="Key forged-again")
    assert api.status_code == 429
    assert api.json()["error_codes"] == {"detail": ["throttled"]}


def test_forged_api_keys_count_too(anon, players):
    for _ in range(throttle.KEYS_PER_CLIENT.limit):
        assert anon.get("/api/events/", HTTP_AUTHORIZATION="Key forged").status_code == 401
    assert anon.get("/api/events/").status_code == 200  # no key: reading stays open
    assert anon.get("/api/events/", HTTP_AUTHORIZATION="Key forged").status_code == 429


def _paired_games(organiser, event, players):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(organiser)
    ids = [p.pk for p in players]
    pairings = [{"player_a": ids[i], "player_b": ids[i + 1]} for i in range(0, 8, 2)]
    body = api.post(f"/api/events/{event.pk}/rounds/", {"pairings": pairings}, format="json")
    by_id = {p.pk: p for p in players}
    return [(g["id"], by_id[g["player_a"]], by_id[g["player_b"]]) for g in body.json()["games"]]


def test_honest_refusals_with_a_real_key_are_not_counted(organiser, event, players):
    """Confirming one's own entry (403 own_entry) or asking for a game that does not exist
    (404) with a real key are mistakes, not guesses: they never lock the device out."""
    game_id, a, _ = _paired_games(organiser, event, players)[0]
    player = key_client(a)
    entry = {"vp_a": 60, "vp_b": 40}
    assert player.post(f"/api/games/{game_id}/result/", entry, format="json").status_code == 201
    for _ in range(throttle.KEYS_PER_CLIENT.limit + 5):
        own = player.post(f"/api/games/{game_id}/result/confirm/", {})
        assert own.status_code == 403
        assert own.json()["error_codes"]["result"] == ["own_entry"]
        assert player.get("/api/games/999999/result/").status_code == 404
        assert player.get(f"/p/{a.private_key}/games/999999/confirm/").status_code in (404, 405)
    assert player.get(f"/p/{a.private_key}/").status_code == 200


def test_wrong_tracker_tokens_count_on_the_api_too(anon):
    """A tracker's link token is a secret like a player key, on its page and its API."""
    made = anon.post("/api/tracker/", {"mission": "LEV-A"}, format="json")
    assert made.status_code == 201
    token = made.json()["token"]
    for i in range(throttle.KEYS_PER_CLIENT.limit - 1):
        assert anon.get(f"/api/tracker/forged-{i}/").status_code == 404
    assert anon.get(f"/api/tracker/{token}/").status_code == 200
    assert anon.get("/tracker/forged/").status_code == 404
    assert anon.get("/tracker/forged-again/").status_code == 429
    assert anon.get(f"/tracker/{token}/").status_code == 200  # the real token still works


@override_settings(CLIENT_IP_HEADER="HTTP_X_FORWARDED_FOR")
def test_behind_a_proxy_clients_are_counted_by_their_forwarded_address(players):
    """Two phones behind one proxy (same REMOTE_ADDR): one mistyping links locks out only
    itself. The proxy appends the address it saw, so only the last one counts."""
    proxy = "10.0.0.1"
    careless = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.5")
    neighbour = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.6")
    for i in range(throttle.KEYS_PER_CLIENT.limit):
        assert careless.get(f"/p/forged-{i}/").status_code == 404
    assert careless.get("/p/forged-again/").status_code == 429
    assert neighbour.get("/p/forged-again/").status_code == 404
    # A client cannot pick its address: what it sends comes before what the proxy appends.
    spoofing = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.6, 203.0.113.5")
    assert spoofing.get("/p/forged-again/").status_code == 429


def test_real_keys_and_tokens_always_work_behind_a_blocked_address(organiser, event, players):
    """30 bogus links from the venue's address (a prankster, a misprinted QR code) cost only the
    bogus links: every player's page, result entry and tracker link, and the organiser's API
    token, still work there; only wrong keys are answered 429."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    game_id, a, b = _paired_games(organiser, event, players)[0]
    hall = Client(REMOTE_ADDR="10.1.1.1")
    for i in range(throttle.KEYS_PER_CLIENT.limit + 5):
        hall.get(f"/p/forged-{i}/")
    assert hall.get("/p/forged-again/").status_code == 429
    for player in players:
        assert Client(REMOTE_ADDR="10.1.1.1").get(f"/p/{player.private_key}/").status_code == 200
    phone = APIClient(REMOTE_ADDR="10.1.1.1")
    phone.credentials(HTTP_AUTHORIZATION=f"Key {a.private_key}")
    entry = phone.post(f"/api/games/{game_id}/result/", {"vp_a": 60, "vp_b": 40}, format="json")
    assert entry.status_code == 201
    other = APIClient(REMOTE_ADDR="10.1.1.1")
    other.credentials(HTTP_AUTHORIZATION=f"Key {b.private_key}")
    assert other.post(f"/api/games/{game_id}/result/confirm/", {}).status_code == 200
    tracker = APIClient(REMOTE_ADDR="10.1.1.1").post(
        "/api/tracker/", {"mission": "LEV-A"}, format="json"
    )
    token = tracker.json()["token"]
    assert Client(REMOTE_ADDR="10.1.1.1").get(f"/tracker/{token}/").status_code == 200
    organiser_api = APIClient(REMOTE_ADDR="10.1.1.1")
    key = Token.objects.create(user=organiser).key
    organiser_api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert organiser_api.get(f"/api/events/{event.pk}/players/").status_code == 200
    # A wrong one in the same request is still a wrong one.
    assert hall.get(f"/p/{a.private_key}/?key=forged").status_code == 429
    forged_api = APIClient(REMOTE_ADDR="10.1.1.1")
    forged_api.credentials(HTTP_AUTHORIZATION="Token forged")
    assert forged_api.get(f"/api/events/{event.pk}/players/").status_code == 429


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

"""The refresher (tournament/caching/refresh.py) makes the answers the public polls before their
window ends, so that the web processes only give them: while it is alive a web process gives
the last answer until it is STALE_S old instead of making the next; the refresher's answers
hold the newest data; with no refresher, or one that lags, the web processes make them."""

import pytest
from django.core.cache import cache

from tests.helpers import queries
from tests.tournament.caching.conftest import START
from tournament.caching.cached import LAG_S
from tournament.caching.refresh import ALIVE, ASKED, refresh_once
from tournament.caching.replay import STALE_S, STORE
from tournament.services.results.results import result_confirm, result_enter

pytestmark = pytest.mark.django_db


def _confirm_one(played, organiser):
    game = played.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, player=game.player_a)
    result_confirm(game_id=game.pk, player=game.player_b)
    return game


def _wins(response, player_id: int) -> int:
    return {row["player"]: row for row in response.json()}[player_id]["wins"]


def test_with_a_refresher_alive_the_web_process_gives_the_last_answer(
    anon, event, organiser, played, clock
):
    url = f"/api/events/{event.pk}/standings/"
    before = anon.get(url)
    _confirm_one(played, organiser)
    cache.set(ALIVE, 1, 3)
    STORE.clear()
    clock[0] += LAG_S + 0.5
    given, asked = queries(lambda: anon.get(url))
    assert asked == 0
    assert given.content == before.content
    assert cache.get(ASKED)  # noted for the refresher
    clock[0] = START + STALE_S + 0.1  # the refresher lags: made here after all
    fresh, asked = queries(lambda: anon.get(url))
    assert asked > 0
    assert fresh.content != before.content


def test_the_refresher_makes_what_was_asked_for_from_the_newest_data(
    anon, event, organiser, played, clock
):
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    clock[0] += LAG_S + 0.1
    anon.get(url)  # past the window: made again, and noted as asked for
    assert refresh_once() == 0  # the answer just made is within its window
    game = _confirm_one(played, organiser)
    clock[0] += LAG_S - 0.4  # the window ends soon
    assert refresh_once() == 1
    assert cache.get(ALIVE)
    STORE.clear()  # a web process: takes the refresher's answer, with the confirmation
    given, asked = queries(lambda: anon.get(url))
    assert asked == 0
    assert _wins(given, game.player_a_id) == 1


def test_the_refresher_keeps_each_page_apart(anon, event, organiser, played, clock):
    part = f"/events/{event.pk}/standings/"
    api = f"/api/events/{event.pk}/standings/"
    for _ in range(2):
        anon.get(part, HTTP_HX_REQUEST="true")
        anon.get(api)
        clock[0] += LAG_S + 0.1
    anon.get(part, HTTP_HX_REQUEST="true")
    anon.get(api)
    _confirm_one(played, organiser)
    clock[0] += LAG_S
    assert refresh_once() == 2
    STORE.clear()
    page, asked = queries(lambda: anon.get(part, HTTP_HX_REQUEST="true"))
    assert asked == 0
    assert b"<table" in page.content
    assert b"<html" not in page.content.lower()
    assert anon.get(api)["Content-Type"] == "application/json"


def test_an_answer_nobody_asks_for_is_no_longer_made(anon, event, played, clock):
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    clock[0] += LAG_S + 0.1
    anon.get(url)
    cache.delete_many([f"{key}:asked" for key in cache.get(ASKED)])  # 30 s without a poll
    clock[0] += LAG_S
    assert refresh_once() == 0
    assert not cache.get(ASKED)


def test_serve_starts_the_refresher_only_with_a_shared_cache(settings, capsys):
    from django.core.management import call_command

    settings.DEBUG = False
    call_command("serve", "--dry-run")
    assert "refresh_public" not in capsys.readouterr().out
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "ops.cache.ResilientRedisCache", "LOCATION": "redis://x"},
    }
    call_command("serve", "--dry-run")
    assert "refresh_public --parent" in capsys.readouterr().out


@pytest.mark.usefixtures("played", "clock")
def test_only_answers_that_are_kept_are_made_ahead(anon, event):
    """A page that is never given again (the event's API detail) is not the refresher's."""
    assert anon.get(f"/api/events/{event.pk}/").status_code == 200
    assert not cache.get(ASKED)
    anon.get(f"/api/events/{event.pk}/standings/")
    assert len(cache.get(ASKED)) == 1


def test_the_refresher_stops_when_the_server_that_started_it_is_gone(monkeypatch):
    from tournament.caching import refresh as replay_refresh

    rounds = []
    monkeypatch.setattr(replay_refresh, "refresh_once", lambda: rounds.append(1))
    replay_refresh.refresh_forever(parent=-1)  # no process has that id: gone already
    assert rounds == []

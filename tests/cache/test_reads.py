"""The most-read answers are computed once per change, revalidate with ETags, and never go stale.
Their query count does not grow with the event."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import add_players
from tests.printing.helpers import pair_in_order
from tournament.services.results import result_enter

pytestmark = pytest.mark.django_db


def _played(event, organiser, count):
    players = add_players(event, organiser, count)
    round_ = pair_in_order(event, organiser, players)
    return players, round_


def test_standings_api_is_fresh_after_each_confirmed_result(anon, event, organiser):
    _, round_ = _played(event, organiser, 8)
    url = f"/api/events/{event.pk}/standings/"
    before = anon.get(url).json()
    assert all(row["wins"] == 0 for row in before)
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    after = {row["player"]: row for row in anon.get(url).json()}
    assert after[game.player_a_id]["wins"] == 1
    assert after[game.player_b_id]["losses"] == 1


def test_etag_gives_304_until_something_changes(anon, event, organiser):
    _, round_ = _played(event, organiser, 8)
    for url in (
        f"/api/events/{event.pk}/standings/",
        f"/api/events/{event.pk}/standings/status/",
        f"/api/events/{event.pk}/rounds/1/",
    ):
        first = anon.get(url)
        etag = first["ETag"]
        assert first.status_code == 200
        assert first["Cache-Control"] == "no-cache"
        again = anon.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304
        assert again.content == b""
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    changed = anon.get(f"/api/events/{event.pk}/standings/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200


def test_standings_headers_survive_the_cache(anon, event, organiser, players):
    round_ = pair_in_order(event, organiser, players)
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=game.player_a)
    for _ in range(2):  # computed, then from the cache
        response = anon.get(f"/api/events/{event.pk}/standings/")
        assert response["X-Results-Unconfirmed"] == "1"
        assert response["X-Standings-Provisional"] == "0"


def test_provisional_and_published_are_cached_apart(api, event, organiser, players):
    round_ = pair_in_order(event, organiser, players)
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=game.player_a)
    url = f"/api/events/{event.pk}/standings/"
    published = {r["player"]: r["wins"] for r in api.get(url).json()}
    provisional = {r["player"]: r["wins"] for r in api.get(url + "?provisional=1").json()}
    assert published[game.player_a_id] == 0
    assert provisional[game.player_a_id] == 1


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("path", ["standings/", "rounds/1/", "standings/status/"])
def test_query_count_does_not_grow_with_the_event(anon, organiser, path):
    from tournament.services.events import event_create

    counts = []
    for size in (8, 40):
        event = event_create(user=organiser, name=f"GT {size}", rounds=5, seed=1)
        _played(event, organiser, size)
        url = f"/api/events/{event.pk}/{path}"
        miss, hit = _queries(anon, url), _queries(anon, url)
        counts.append((miss, hit))
        assert hit <= 2  # the event (with its revision), and nothing else
    assert counts[0] == counts[1]


def test_public_standings_poll_gets_304_and_the_page_stays_fresh(client, event, organiser):
    _, round_ = _played(event, organiser, 8)
    url = f"/events/{event.pk}/standings/"
    part = client.get(url, HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    same = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"])
    assert same.status_code == 304
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    fresh = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"])
    assert fresh.status_code == 200
    assert "1-0-0" in fresh.content.decode()
    page = client.get(url)
    assert "1-0-0" in page.content.decode()

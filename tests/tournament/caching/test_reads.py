"""The most-read answers are computed once per change, revalidate with ETags, and never go stale.
Their query count does not grow with the event."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


def _played(event, organiser, count):
    players = add_players(event, organiser, count)
    round_ = pair_in_order(event, organiser, players)
    return players, round_


def test_public_standings_trail_by_at_most_5_s_the_organisers_are_exact(
    anon, api, event, organiser, clock
):
    """Deliberately not "fresh at once" for everyone: at the end of a round the public may be
    given the previous standings while newer ones are computed, for at most 5 s, and is told
    as of when; the organisers' standings count a confirmation at once."""
    from tournament.caching.cached import LAG_S, MAX_LAG_S

    assert LAG_S < MAX_LAG_S <= 5
    _, round_ = _played(event, organiser, 8)
    url = f"/api/events/{event.pk}/standings/"
    before = anon.get(url)
    assert all(row["wins"] == 0 for row in before.json())
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)

    def wins(response) -> int:
        return {row["player"]: row for row in response.json()}[game.player_a_id]["wins"]

    clock[0] += 1
    trailing = anon.get(url)
    assert wins(trailing) == 0  # the previous computation, 1 s old
    assert trailing["ETag"] == before["ETag"]
    assert trailing["X-Standings-As-Of"] == "1970-01-12T13:46:40Z"  # when it was read
    exact = api.get(url)  # the organiser
    assert wins(exact) == 1
    assert exact["X-Standings-As-Of"] == "1970-01-12T13:46:41Z"  # now: it holds every change
    result_enter(game_id=game.pk, data={"vp_a": 30, "vp_b": 70}, user=organiser)
    clock[0] += LAG_S + 0.5  # the newest computation is now older than the public may get
    fresh = anon.get(url)
    assert wins(fresh) == 0
    assert {row["player"]: row for row in fresh.json()}[game.player_b_id]["wins"] == 1
    page = anon.get(f"/events/{event.pk}/standings/")
    assert page["X-Standings-As-Of"] == "1970-01-12T13:46:43Z"


def test_public_standings_page_says_as_of_when_it_trails(client, api, event, organiser, clock):
    _, round_ = _played(event, organiser, 8)
    url = f"/events/{event.pk}/standings/"
    assert "As of" not in client.get(url, HTTP_HX_REQUEST="true").content.decode()
    game = round_.games.order_by("table_number").first()
    # The organiser's entry (a signed-in request: nothing kept for the public is given again).
    entered = api.post(f"/api/games/{game.pk}/result/", {"vp_a": 70, "vp_b": 30}, format="json")
    assert entered.status_code in (200, 201)
    clock[0] += 1
    part = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "1-0-0" not in part
    assert "As of " in part  # the time, in the event's zone
    clock[0] += 5
    part = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "1-0-0" in part
    assert "As of" not in part


def test_a_pending_entry_moves_the_counts_not_the_standings(anon, event, organiser, players, clock):
    """An entry awaiting the opponent changes the counts of unconfirmed results (for the
    public within LAG_S, as any public read), but not the published standings: their revision
    and ETag stay, so nothing recomputes them."""
    from tournament.caching.cached import LAG_S
    from tournament.caching.revision import event_revisions
    from tournament.services.results.results import result_confirm

    round_ = pair_in_order(event, organiser, players)
    url = f"/api/events/{event.pk}/standings/"
    first = anon.get(url)
    assert first["X-Results-Unconfirmed"] == "0"
    before = event_revisions(event_id=event.pk)
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=game.player_a)
    after = event_revisions(event_id=event.pk)
    assert after.standings == before.standings
    assert after.event > before.event
    clock[0] += LAG_S + 0.1
    again = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert again["X-Results-Unconfirmed"] == "1"  # fresh on a 304 too
    status = anon.get(f"/api/events/{event.pk}/standings/status/").json()
    assert status["unconfirmed"] == 1
    # A dispute (the opponent's other score) does not move them either; the confirmation does.
    result_enter(game_id=game.pk, data={"vp_a": 40, "vp_b": 60}, player=game.player_b)
    assert event_revisions(event_id=event.pk).standings == before.standings
    clock[0] += LAG_S + 0.1
    assert anon.get(url)["X-Results-Disputed"] == "1"
    result_enter(game_id=game.pk, data={"vp_a": 40, "vp_b": 60}, player=game.player_a)
    result_confirm(game_id=game.pk, player=game.player_b)
    assert event_revisions(event_id=event.pk).standings > before.standings


def test_an_organisers_view_of_the_counts_is_exact(api, anon, event, organiser, clock):
    _, round_ = _played(event, organiser, 8)
    url = f"/api/events/{event.pk}/standings/status/"
    assert anon.get(url).json()["unconfirmed"] == 0
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=game.player_a)
    clock[0] += 1
    assert anon.get(url).json()["unconfirmed"] == 0  # the public's may trail
    assert api.get(url).json()["unconfirmed"] == 1


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
    from tournament.services.events.events import event_create

    counts = []
    for size in (8, 40):
        event = event_create(user=organiser, name=f"GT {size}", rounds=5, seed=1)
        _played(event, organiser, size)
        url = f"/api/events/{event.pk}/{path}"
        miss, hit = _queries(anon, url), _queries(anon, url)
        counts.append((miss, hit))
        assert hit <= 2  # the event (with its revision), and nothing else
    assert counts[0] == counts[1]


def test_public_standings_poll_gets_304_and_the_page_stays_fresh(client, event, organiser, clock):
    _, round_ = _played(event, organiser, 8)
    url = f"/events/{event.pk}/standings/"
    part = client.get(url, HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    same = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"])
    assert same.status_code == 304
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    clock[0] += 5  # within 5 s for the public
    fresh = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"])
    assert fresh.status_code == 200
    assert "1-0-0" in fresh.content.decode()
    page = client.get(url)
    assert "1-0-0" in page.content.decode()

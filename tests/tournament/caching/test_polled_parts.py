"""Every public part a page polls answers conditionally, as the standings part does: the
pairings page's and the event page's live parts give a 304 to their own ETag, a new ETag once a
result is confirmed or a round released, are given again to anonymous pollers without the
framework (tournament/caching/replay.py), never to someone signed in or holding a key, and
compressed for readers that accept gzip; the pages still poll them."""

import gzip

import pytest

from tests.conftest import add_players
from tests.helpers import queries
from tests.tournament.printing.helpers import pair_in_order
from tournament.caching.cached import MAX_LAG_S
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PARTS = [
    ("pairings page's part", "/events/{e}/pairings/?round=1&by=table"),
    ("pairings page's part by name", "/events/{e}/pairings/?round=1&by=name"),
    ("event page's part", "/events/{e}/"),
]
IDS = [p[0] for p in PARTS]


@pytest.fixture(params=[p[1] for p in PARTS], ids=IDS)
def url(request, event):
    return request.param.format(e=event.pk)


@pytest.mark.usefixtures("played")
def test_the_part_answers_304_to_its_own_etag(client, url):
    first = client.get(url, **HTMX)
    assert first.status_code == 200
    assert first["Cache-Control"] == "no-cache"
    assert b"<html" not in first.content.lower()
    same = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert (same.status_code, same.content, same["ETag"]) == (304, b"", first["ETag"])


def test_a_confirmed_result_changes_the_etag(anon, url, played, organiser, clock):
    first = anon.get(url, **HTMX)
    game = played.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    clock[0] += MAX_LAG_S  # what the public is promised: within 5 s
    fresh = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert fresh.status_code == 200
    assert fresh["ETag"] != first["ETag"]
    assert "70–30" in fresh.content.decode()
    assert anon.get(url, HTTP_IF_NONE_MATCH=fresh["ETag"], **HTMX).status_code == 304


def test_releasing_a_round_changes_the_etag(anon, url, event, organiser, clock):
    from tournament.models import Event
    from tournament.services.rounds.release import round_release

    Event.objects.filter(pk=event.pk).update(review_pairings=True)
    event.refresh_from_db()
    pair_in_order(event, organiser, add_players(event, organiser, 8))
    coming = anon.get(url, **HTMX)
    assert "pairings coming" in coming.content.decode()
    assert "Player" not in coming.content.decode().split("Standings")[0]
    round_release(event_id=event.pk, user=organiser, number=1)
    clock[0] += MAX_LAG_S
    released = anon.get(url, HTTP_IF_NONE_MATCH=coming["ETag"], **HTMX)
    assert released.status_code == 200
    assert released["ETag"] != coming["ETag"]
    assert "pairings coming" not in released.content.decode()


@pytest.mark.usefixtures("played", "clock")
def test_an_anonymous_poll_is_answered_again_without_a_query(anon, url):
    first, made = queries(lambda: anon.get(url, **HTMX))
    assert (first.status_code, made > 0) == (200, True)
    again, asked = queries(lambda: anon.get(url, **HTMX))
    assert (again.status_code, asked) == (200, 0)
    assert (again.content, again["ETag"]) == (first.content, first["ETag"])
    same, asked = queries(lambda: anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX))
    assert (same.status_code, asked, same.content) == (304, 0, b"")


@pytest.mark.usefixtures("clock")
def test_signed_in_and_keyed_pollers_are_never_given_a_kept_answer(
    anon, client, url, organiser, played
):
    from tournament.caching.replay import STORE

    anon.get(url, **HTMX)
    client.force_login(organiser)
    _, asked = queries(lambda: client.get(url, **HTMX))
    assert asked > 0
    player = played.games.order_by("table_number").first().player_a
    keyed = {"HTTP_AUTHORIZATION": f"Key {player.private_key}", **HTMX}
    _, asked = queries(lambda: anon.get(url, **keyed))
    assert asked > 0
    STORE.clear()
    client.get(url, **HTMX)
    assert not STORE.items  # a signed-in reader's answer is never kept


@pytest.mark.usefixtures("clock")
def test_the_part_is_compressed_for_readers_that_accept_gzip(anon, url, event, organiser):
    pair_in_order(event, organiser, add_players(event, organiser, 40))
    first = anon.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br", **HTMX)
    assert first["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in first["Vary"]
    plain = anon.get(url, **HTMX)
    assert gzip.decompress(first.content) == plain.content
    assert len(first.content) * 4 < len(plain.content)
    assert first["ETag"] == f"W/{plain['ETag']}"
    from tournament.caching.replay import STORE

    STORE.clear()  # the weak ETag revalidates, replayed or made again by the view
    again = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_ENCODING="gzip", **HTMX)
    assert again.status_code == 304


@pytest.mark.parametrize(
    ("page", "polled"),
    [
        ("/events/{e}/pairings/", 'hx-get="/events/{e}/pairings/?round=1&amp;by=table"'),
        ("/events/{e}/pairings/?by=name", 'hx-get="/events/{e}/pairings/?round=1&amp;by=name"'),
        ("/events/{e}/", 'hx-get="/events/{e}/"'),
    ],
)
@pytest.mark.usefixtures("played")
def test_the_pages_still_poll_their_parts(anon, event, page, polled):
    html = anon.get(page.format(e=event.pk)).content.decode()
    assert '<div id="live"' in html
    assert polled.format(e=event.pk) in html
    assert 'hx-trigger="every 15s" hx-swap="outerHTML"' in html
    assert "/js/poll" in html  # the script that sends the ETag and keeps the part on a 304

"""The public's polls are answered again from this process's last answer while its data is at
most LAG_S old (tournament/caching/replay.py): no query, no view, the same bytes and ETag; never to
a reader with credentials, never past the window, and never after a change made here."""

import pytest

from tests.helpers import queries
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


POLLED = [
    ("standings API", "/api/events/{e}/standings/", {}),
    ("round API", "/api/events/{e}/rounds/1/", {}),
    ("standings page's part", "/events/{e}/standings/", {"HTTP_HX_REQUEST": "true"}),
]


@pytest.mark.usefixtures("played")
@pytest.mark.parametrize(("path", "headers"), [p[1:] for p in POLLED], ids=[p[0] for p in POLLED])
def test_a_poll_within_the_window_is_answered_again_without_a_query(
    anon, event, clock, path, headers
):
    url = path.format(e=event.pk)
    first, made = queries(lambda: anon.get(url, **headers))
    assert first.status_code == 200
    assert made > 0
    clock[0] += 1
    again, asked = queries(lambda: anon.get(url, **headers))
    assert asked == 0
    assert again.status_code == 200
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]
    assert again["Content-Type"] == first["Content-Type"]
    same, asked = queries(lambda: anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers))
    assert (same.status_code, asked, same["ETag"]) == (304, 0, first["ETag"])
    assert not same.content


def test_past_the_window_the_poll_is_made_again(anon, event, played, clock):
    from tournament.caching.cached import LAG_S

    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    clock[0] += LAG_S + 0.01
    _, asked = queries(lambda: anon.get(url))
    assert asked > 0


def test_the_window_counts_from_when_the_data_was_read_not_when_it_was_given(
    anon, event, organiser, played, clock
):
    """A trailing computation 1.5 s old is given again for 0.5 s more, not for LAG_S."""
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)  # computed now
    game = played.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    clock[0] += 1.5
    trailing = anon.get(url)  # the 1.5 s old computation: the data has moved on since
    assert trailing["X-Standings-As-Of"] == "1970-01-12T13:46:40Z"
    clock[0] += 0.4
    _, asked = queries(lambda: anon.get(url))
    assert asked == 0
    clock[0] += 0.2  # 2.1 s after the data was read
    fresh, asked = queries(lambda: anon.get(url))
    assert asked > 0
    rows = {row["player"]: row for row in fresh.json()}
    assert rows[game.player_a_id]["wins"] == 1


@pytest.mark.usefixtures("clock")
def test_a_change_made_here_is_seen_at_once(anon, api, event, played):
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    game = played.games.order_by("table_number").first()
    entered = api.post(f"/api/games/{game.pk}/result/", {"vp_a": 70, "vp_b": 30}, format="json")
    assert entered.status_code in (200, 201)
    _, asked = queries(lambda: anon.get(url))
    assert asked > 0


def test_a_signed_in_write_forgets_every_kept_answer(anon, api, event, played, clock):
    from tournament.caching.replay import STORE

    anon.get(f"/api/events/{event.pk}/standings/")
    assert STORE.items
    api.post(f"/api/events/{event.pk}/standings/", {}, format="json")  # refused: 405
    assert not STORE.items


def test_a_players_entry_leaves_the_public_its_window(anon, event, played, clock):
    """At the end of a round players' entries arrive faster than phones poll: the public is
    given what it was given for the rest of the window, then the confirmed result."""
    from tournament.caching.cached import LAG_S

    url = f"/api/events/{event.pk}/standings/"
    before = anon.get(url)
    game = played.games.order_by("table_number").first()
    for player in (game.player_a, game.player_b):  # entered by one, confirmed by the other
        sent = anon.post(
            f"/api/games/{game.pk}/result/",
            {"vp_a": 70, "vp_b": 30},
            format="json",
            HTTP_AUTHORIZATION=f"Key {player.private_key}",
        )
        assert sent.status_code in (200, 201), sent.content
    clock[0] += LAG_S - 0.5
    kept, asked = queries(lambda: anon.get(url))
    assert asked == 0
    assert kept.content == before.content
    clock[0] += 1
    fresh = anon.get(url)
    assert {row["player"]: row for row in fresh.json()}[game.player_a_id]["wins"] == 1


@pytest.mark.usefixtures("clock")
def test_readers_with_credentials_are_never_given_a_kept_answer(
    anon, client, event, organiser, played
):
    """The organiser signed in (a session) reads exactly; a player's key is never a cache key."""
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    client.force_login(organiser)
    _, asked = queries(lambda: client.get(url))
    assert asked > 0
    player = played.games.order_by("table_number").first().player_a
    _, asked = queries(lambda: anon.get(url, HTTP_AUTHORIZATION=f"Key {player.private_key}"))
    assert asked > 0


@pytest.mark.usefixtures("played", "clock")
def test_a_signed_in_readers_answer_is_never_kept(client, event, organiser):
    from tournament.caching.replay import STORE

    client.force_login(organiser)
    client.get(f"/events/{event.pk}/standings/", HTTP_HX_REQUEST="true")
    assert not STORE.items


def test_answers_are_kept_per_header_that_changes_them(anon, event, played, clock):
    url = f"/events/{event.pk}/standings/"
    part = anon.get(url, HTTP_HX_REQUEST="true")
    page, asked = queries(lambda: anon.get(url))
    assert asked > 0
    assert page.content != part.content
    assert b"<html" in page.content.lower()
    assert b"<html" not in part.content.lower()


def test_a_hidden_event_is_gone_at_once_in_this_process(anon, client, event, organiser, played):
    from tournament.models import Event

    url = f"/api/events/{event.pk}/standings/"
    assert anon.get(url).status_code == 200
    Event.objects.filter(pk=event.pk).update(hidden=True)
    event.refresh_from_db()
    event.save()  # the save moves the revision, which forgets what was kept
    assert anon.get(url).status_code == 404


@pytest.mark.usefixtures("played")
def test_an_old_computation_of_unchanged_data_holds_as_of_now(anon, event, clock):
    """Computed long ago but nothing changed since: the data is current, so it is replayed for
    the whole window after it is given again."""
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    clock[0] += 60
    _, asked = queries(lambda: anon.get(url))  # past the window: made again, from the copy
    assert asked > 0
    clock[0] += 1.5
    _, asked = queries(lambda: anon.get(url))
    assert asked == 0


@pytest.mark.usefixtures("played", "clock")
def test_a_reader_that_accepts_gzip_gets_the_answer_compressed(anon, event):
    import gzip

    url = f"/api/events/{event.pk}/standings/"
    plain = anon.get(url)
    packed, asked = queries(lambda: anon.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br"))
    assert asked == 0
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) * 5 < len(plain.content)
    assert packed["ETag"] == f"W/{plain['ETag']}"
    # Its weak ETag revalidates, replayed or made again by the view.
    same = anon.get(url, HTTP_IF_NONE_MATCH=packed["ETag"], HTTP_ACCEPT_ENCODING="gzip")
    assert same.status_code == 304
    from tournament.caching.replay import STORE

    STORE.clear()
    assert anon.get(url, HTTP_IF_NONE_MATCH=packed["ETag"]).status_code == 304


@pytest.mark.usefixtures("played", "clock")
def test_the_first_reader_gets_it_compressed_too(anon, event):
    import gzip

    url = f"/events/{event.pk}/standings/"
    first = anon.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip"
    assert b"<table" in gzip.decompress(first.content)


@pytest.mark.usefixtures("played", "clock")
def test_an_answer_is_given_again_only_to_readers_of_its_language(anon, event, settings):
    """With two complete languages, a part a German reader was given is not given to an
    English one (nor its ETag matched), while browsers spelling German otherwise share it."""
    settings.LANGUAGES = [("en-gb", "English"), ("de", "Deutsch")]
    url = f"/events/{event.pk}/standings/"
    part = {"HTTP_HX_REQUEST": "true"}
    german = anon.get(url, HTTP_ACCEPT_LANGUAGE="de", **part)
    assert german["Content-Language"] == "de"
    _, asked = queries(lambda: anon.get(url, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9", **part))
    assert asked == 0
    english, asked = queries(lambda: anon.get(url, HTTP_ACCEPT_LANGUAGE="en", **part))
    assert asked > 0
    assert english["Content-Language"] == "en-gb"
    assert english["ETag"] != german["ETag"]
    again = anon.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=german["ETag"], **part)
    assert again.status_code == 200

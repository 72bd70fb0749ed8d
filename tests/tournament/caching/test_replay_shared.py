"""Kept answers shared between the server's processes (tournament/caching/replay.py): a process that
has none of its own takes another's while it is within the window, never one made before a
change; while one process makes the next answer the others give the last one for at most
STALE_S; and a process's own kept answers are given before Django is entered (replay_wsgi)."""

import gzip
import io

import pytest
from django.core.cache import cache

from tests.helpers import queries
from tests.tournament.caching.conftest import START
from tournament.caching.replay import STALE_S, STORE, _key_of, _shared_key, replay_wsgi
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


def _other_process():
    """What a second process sees: the shared cache, none of this process's kept answers."""
    STORE.clear()


@pytest.mark.usefixtures("played")
def test_another_process_takes_the_shared_answer_within_the_window(anon, event, clock):
    url = f"/api/events/{event.pk}/standings/"
    first = anon.get(url)
    _other_process()
    clock[0] += 1
    again, asked = queries(lambda: anon.get(url))
    assert asked == 0
    assert (again.content, again["ETag"]) == (first.content, first["ETag"])
    assert STORE.items  # and keeps it as its own for the rest of the window


def test_a_change_made_anywhere_retires_the_shared_answers(anon, event, organiser, played, clock):
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    game = played.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    event.save()  # an organiser's save: a new generation of kept answers
    _other_process()
    _, asked = queries(lambda: anon.get(url))
    assert asked > 0


def test_while_another_process_makes_the_next_the_last_is_given_for_a_while(
    anon, event, organiser, played, clock
):
    from tournament.caching.cached import LAG_S

    url = f"/api/events/{event.pk}/standings/"
    before = anon.get(url)
    game = played.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    key = _key_of({"REQUEST_METHOD": "GET"}, url, {})
    assert cache.add(f"{_shared_key(key)}:making", 1, 10)  # another process is at it
    _other_process()
    clock[0] += LAG_S + 0.5
    stale, asked = queries(lambda: anon.get(url))
    assert asked == 0
    assert stale.content == before.content
    clock[0] = START + STALE_S + 0.1  # that process is too slow: made here
    fresh, asked = queries(lambda: anon.get(url))
    assert asked > 0
    assert {r["player"]: r for r in fresh.json()}[game.player_a_id]["wins"] == 1


def _environ(path: str, **headers) -> dict:
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.url_scheme": "http",
    }
    environ.update(headers)
    return environ


class _App:
    """The application behind the replay: says whether it was entered."""

    def __init__(self):
        self.called = 0

    def __call__(self, environ, start_response):
        self.called += 1
        start_response("204 No Content", [])
        return [b""]


def _call(app, environ):
    seen = {}

    def start_response(status, headers):
        seen["status"], seen["headers"] = status, dict(headers)

    body = b"".join(app(environ, start_response))
    return seen["status"], seen["headers"], body


@pytest.mark.usefixtures("played", "clock")
def test_a_kept_answer_is_given_before_django_is_entered(anon, event):
    url = f"/api/events/{event.pk}/standings/"
    made = anon.get(url)
    behind = _App()
    app = replay_wsgi(behind)
    status, headers, body = _call(app, _environ(url))
    assert (status, body, behind.called) == ("200 OK", made.content, 0)
    assert headers["ETag"] == made["ETag"]
    assert headers["Content-Length"] == str(len(made.content))
    assert headers["Content-Type"] == "application/json"
    status, headers, body = _call(app, _environ(url, HTTP_IF_NONE_MATCH=made["ETag"]))
    assert (status, body, behind.called) == ("304 Not Modified", b"", 0)
    status, headers, body = _call(app, _environ(url, HTTP_ACCEPT_ENCODING="gzip"))
    assert headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in headers["Vary"]
    assert headers["ETag"] == f"W/{made['ETag']}"
    assert gzip.decompress(body) == made.content


@pytest.mark.usefixtures("played", "clock")
@pytest.mark.parametrize(
    "extra",
    [
        {"HTTP_AUTHORIZATION": "Key abc"},
        {"HTTP_COOKIE": "sessionid=abc"},
        {"REQUEST_METHOD": "HEAD"},
        {"QUERY_STRING": "round=1"},
        {"HTTP_HX_REQUEST": "true"},
    ],
    ids=["a key", "a session", "not a GET", "another query", "another header"],
)
def test_other_requests_go_to_django(anon, event, extra):
    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    behind = _App()
    status, _, _ = _call(replay_wsgi(behind), _environ(url, **extra))
    assert (status, behind.called) == ("204 No Content", 1)


@pytest.mark.usefixtures("played")
def test_past_the_window_the_wsgi_path_goes_to_django(anon, event, clock):
    from tournament.caching.cached import LAG_S

    url = f"/api/events/{event.pk}/standings/"
    anon.get(url)
    clock[0] += LAG_S + 0.01
    behind = _App()
    _call(replay_wsgi(behind), _environ(url))
    assert behind.called == 1


def test_the_served_application_is_wrapped():
    from config import wsgi

    assert wsgi.application.__name__ == "replaying"

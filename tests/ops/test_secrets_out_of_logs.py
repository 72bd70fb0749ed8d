"""Private keys and tracker tokens stay out of every log, and private pages are never stored.

A player's key and a standalone tracker's token are in the path (`/p/<key>/`,
`/tracker/<token>/`, `/api/tracker/<token>/`) or the query (`?key=`): the venue server's access
log (gunicorn, through its logger class) and Django's own request warnings ("Not Found:
/p/<key>/") write them with the key masked. Pages opened with a key or token answer
`Cache-Control: private, no-store`, so no shared cache or browser history keeps them."""

from __future__ import annotations

import io
import logging
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order

pytestmark = pytest.mark.django_db

KEY = "k" * 43
TOKEN = "t" * 32


def _handlers_write_to(stream):
    """Point the handlers the settings configured (root's and Django's) at `stream`."""
    loggers = [logging.getLogger(), *(logging.getLogger(n) for n in ("django", "django.server"))]
    handlers = {h for lg in loggers for h in lg.handlers if isinstance(h, logging.StreamHandler)}
    assert handlers, "the settings configure a stream handler"
    return [(h, h.setStream(stream)) for h in handlers]


def test_djangos_request_warnings_mask_keys_and_tokens(event, organiser):
    players = add_players(event, organiser, 2)
    game = pair_in_order(event, organiser, players).games.first()
    key = players[0].private_key
    out = io.StringIO()
    before = _handlers_write_to(out)
    try:
        client = Client()
        client.get(f"/p/{KEY}/")  # Not Found: /p/<key>/
        client.get(reverse("player-confirm", args=[key, game.pk]))  # Method Not Allowed (GET)
        client.get(f"/tracker/{TOKEN}/")
        client.get(f"/api/tracker/{TOKEN}/")
        client.get(f"/tracker/game/{game.pk}/?key={KEY}")
    finally:
        for handler, stream in before:
            handler.setStream(stream)
    written = out.getvalue()
    assert "Not Found" in written, written
    assert "Method Not Allowed" in written, written
    for secret in (KEY, key, TOKEN):
        assert secret not in written, written
    assert "/p/…/" in written
    assert "/tracker/…/" in written


def test_the_access_log_masks_keys_and_tokens(tmp_path):
    from gunicorn.config import Config

    from ops.gunicorn_log import MaskedLogger

    log = tmp_path / "access.log"
    cfg = Config()
    cfg.set("accesslog", str(log))
    cfg.set("access_log_format", '%(r)s %(U)s %(q)s "%(f)s" %({authorization}i)s')
    logger = MaskedLogger(cfg)
    for uri, referer in (
        (f"/p/{KEY}/games/3/result/", f"http://venue/p/{KEY}/"),
        (f"/tracker/game/4/?key={KEY}", "-"),
        (f"/api/tracker/{TOKEN}/actions/", f"http://venue/tracker/{TOKEN}/"),
    ):
        path, _, query = uri.partition("?")
        environ = {
            "REQUEST_METHOD": "GET",
            "RAW_URI": uri,
            "SERVER_PROTOCOL": "HTTP/1.1",
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "HTTP_REFERER": referer,
        }
        request = SimpleNamespace(headers=[("AUTHORIZATION", f"Key {KEY}")])
        response = SimpleNamespace(status="200 OK", sent=10, headers=[])
        logger.access(response, request, environ, timedelta(milliseconds=5))
    written = log.read_text()
    assert written.count("\n") == 3
    assert KEY not in written, written
    assert TOKEN not in written, written
    assert "/p/…/games/3/result/" in written
    assert "/tracker/game/4/?key=…" in written
    assert "/api/tracker/…/actions/" in written


def test_the_venue_server_logs_through_the_masking_logger():
    from django.core.management import call_command

    out = io.StringIO()
    call_command("serve", "--dry-run", stdout=out)
    assert "--logger-class ops.gunicorn_log.MaskedLogger" in out.getvalue()


def test_private_pages_are_never_stored(event, organiser):
    from tracker.services.trackers import tracker_create, tracker_of_game

    players = add_players(event, organiser, 2)
    game = pair_in_order(event, organiser, players).games.first()
    key = players[0].private_key
    tracker_of_game(game_id=game.pk, user=organiser)
    token = tracker_create().token
    client = Client()
    private = [
        reverse("player-home", args=[key]),
        f"/tracker/game/{game.pk}/?key={key}",
        f"/tracker/{token}/",
        f"/api/tracker/{token}/",
    ]
    for url in private:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "private, no-store", url
    api = client.get(f"/api/games/{game.pk}/tracker/", HTTP_AUTHORIZATION=f"Key {key}")
    assert api.status_code == 200
    assert api["Cache-Control"] == "private, no-store"
    public = client.get(reverse("event-pairings", args=[event.pk]))
    assert "no-store" not in public.get("Cache-Control", "")

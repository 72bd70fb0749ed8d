"""The server's side of issue 33's offline phones: the service worker served at the root with
a scope over every page, which answers a phone may keep (never a signed-in session's, never an
organiser's page, never an htmx fragment), and a confirmation that names the entry it saw."""

from __future__ import annotations

import json

import pytest

from tests.conftest import add_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(organiser):
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Offline GT", rounds=3, seed=1)
    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    return round_.games.get()


def _config(body: str) -> dict:
    first, _, _rest = body.partition("\n")
    assert first.startswith("self.STRATEGIUM = ")
    assert first.endswith(";")
    return json.loads(first.removeprefix("self.STRATEGIUM = ").removesuffix(";"))


def test_the_worker_is_served_from_the_root_with_its_version_and_static_files(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    config = _config(body)
    assert len(config["version"]) == 16
    assert "/static/css/app.css" in config["precache"]
    assert config["outbox"] == "/static/js/outbox.js"
    assert config["catalog"] == "/jsi18n/"
    assert 'addEventListener("fetch"' in body
    policy = response["Content-Security-Policy"]
    assert "worker-src 'self'" in policy


def test_the_version_follows_the_static_files(client, settings, tmp_path):
    from ops.service_worker import worker_script

    before = _config(client.get("/sw.js").content.decode())["version"]
    # Another css file with the same name first in the finders: the version moves with it.
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "app.css").write_text("body { color: red; }")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    from django.contrib.staticfiles import finders

    finders.get_finder.cache_clear()
    worker_script.cache_clear()
    try:
        after = _config(client.get("/sw.js").content.decode())["version"]
    finally:
        settings.STATICFILES_DIRS = settings.STATICFILES_DIRS[1:]
        finders.get_finder.cache_clear()
        worker_script.cache_clear()
    assert after != before


def test_player_pairings_and_standings_pages_may_be_kept_offline(client, game):
    event_id = game.round.event_id
    key = game.player_a.private_key
    for path in (f"/p/{key}/", f"/events/{event_id}/pairings/", f"/events/{event_id}/standings/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["X-Offline-Copy"] == "page", path
    # The player's page stays out of every shared cache all the same.
    assert client.get(f"/p/{key}/")["Cache-Control"] == "private, no-store"


def test_no_fragment_no_organiser_page_and_nothing_a_session_saw_is_kept(client, organiser, game):
    event_id = game.round.event_id
    fragment = client.get(f"/events/{event_id}/pairings/", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    assert "X-Offline-Copy" not in fragment
    assert "X-Offline-Copy" not in client.get(f"/events/{event_id}/")
    client.force_login(organiser)
    for path in (
        f"/manage/events/{event_id}/",
        f"/events/{event_id}/pairings/",
        f"/p/{game.player_a.private_key}/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "X-Offline-Copy" not in response, path


def test_the_pages_load_the_outbox_and_name_the_worker(client, game):
    html = client.get(f"/p/{game.player_a.private_key}/").content.decode()
    assert 'src="/static/js/outbox.js"' in html
    assert 'data-worker="/sw.js"' in html
    assert 'src="/jsi18n/"' in html
    # The forms a phone queues offline keep their fields; the marks are additions.
    assert 'data-outbox="result"' in html
    assert 'name="vp_a"' in html
    assert 'name="vp_b"' in html


def test_the_js_catalog_answers(client):
    response = client.get("/jsi18n/")
    assert response.status_code == 200
    assert "ngettext" in response.content.decode()


def _entered(game, by, vp_a, vp_b):
    from tournament.services.results.results import result_enter

    return result_enter(game_id=game.pk, data={"vp_a": vp_a, "vp_b": vp_b}, player=by)[0]


def test_a_confirmation_of_an_entry_changed_since_is_refused(client, game):
    from tournament.models import AuditEntry, Result

    first = _entered(game, game.player_a, 70, 50)
    _entered(game, game.player_a, 72, 50)  # A corrects the entry before B's confirmation
    key = game.player_b.private_key
    response = client.post(
        f"/p/{key}/games/{game.pk}/confirm/", {"version": first.version}, follow=True
    )
    assert response.status_code == 200
    assert "changed after you saw it" in response.content.decode()
    current = Result.objects.get(game=game, is_current=True)
    assert (current.vp_a, current.status) == (72, "pending")
    assert not AuditEntry.objects.filter(action="result_confirm").exists()
    # The page now offers the new entry, with its own version, to confirm.
    assert f'name="version" value="{current.version}"' in response.content.decode()
    client.post(f"/p/{key}/games/{game.pk}/confirm/", {"version": current.version})
    current.refresh_from_db()
    assert current.status == "confirmed"


def test_a_confirmation_without_a_version_confirms_as_before(client, game):
    from tournament.models import Result

    _entered(game, game.player_a, 70, 50)
    client.post(f"/p/{game.player_b.private_key}/games/{game.pk}/confirm/")
    assert Result.objects.get(game=game, is_current=True).status == "confirmed"

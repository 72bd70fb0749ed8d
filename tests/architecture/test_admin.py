"""The admin works for organisers and shows each only the events they run."""

import pytest

from tests.conftest import add_players
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db

PAGES = ["event", "player", "round", "game", "result", "table", "auditentry"]


@pytest.fixture
def two_events(organiser, other_organiser):
    mine = event_create(user=organiser, name="Mine", rounds=3, seed=1)
    theirs = event_create(user=other_organiser, name="Theirs", rounds=3, seed=2)
    add_players(mine, organiser, 2)
    add_players(theirs, other_organiser, 2)
    return mine, theirs


@pytest.mark.parametrize("model", PAGES)
def test_changelists_load_with_search(client, organiser, two_events, model):
    client.force_login(organiser)
    response = client.get(f"/admin/tournament/{model}/?q=a")
    assert response.status_code == 200


def test_organiser_sees_only_their_events(client, organiser, two_events):
    mine, theirs = two_events
    client.force_login(organiser)
    html = client.get("/admin/tournament/event/").content.decode()
    assert "Mine" in html
    assert "Theirs" not in html
    other_player = theirs.players.first()
    assert client.get(f"/admin/tournament/player/{other_player.pk}/change/").status_code in (
        302,
        403,
        404,
    )
    own = mine.players.first()
    assert client.get(f"/admin/tournament/player/{own.pk}/change/").status_code == 200


def test_standings_fields_are_read_only(client, organiser, two_events):
    mine, _ = two_events
    player = mine.players.first()
    client.force_login(organiser)
    html = client.get(f"/admin/tournament/player/{player.pk}/change/").content.decode()
    assert 'name="dropped"' not in html
    assert 'name="name"' in html
    assert client.get("/admin/tournament/result/add/").status_code == 403


def test_superuser_sees_everything(client, two_events):
    from django.contrib.auth import get_user_model

    boss = get_user_model().objects.create_superuser("boss", password="pw")
    client.force_login(boss)
    html = client.get("/admin/tournament/event/").content.decode()
    assert "Mine" in html
    assert "Theirs" in html


@pytest.fixture
def hidden_rival_event(other_organiser):
    """Another organiser's hidden event with a paired round, a result and tables: its name
    must appear nowhere on this organiser's admin pages, filters included."""
    from tournament.models import Table
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    theirs = event_create(
        user=other_organiser, name="Zanzibar Secret", rounds=7, seed=3, hidden=True
    )
    a, b = (
        player_register(event=theirs, user=other_organiser, name=name, faction="Zanzibar Legion")
        for name in ("Zed One", "Zed Two")
    )
    round_create(
        event_id=theirs.pk, user=other_organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    game = theirs.rounds.get().games.get()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=other_organiser)
    Table.objects.create(event=theirs, number=9, label="Zanzibar Table", terrain_layout=97)
    return theirs


def _changelists(client) -> list[str]:
    from django.contrib import admin

    urls = []
    for model in admin.site._registry:
        meta = model._meta
        response = client.get(f"/admin/{meta.app_label}/{meta.model_name}/")
        if response.status_code == 200:
            urls.append(response.content.decode())
        else:
            # The admin answers 404 for a model the account may not see at all.
            assert response.status_code in (403, 404), (meta.label, response.status_code)
    return urls


def test_no_changelist_names_another_organisers_event(
    client, organiser, two_events, hidden_rival_event
):
    """The list filters (by event, by round number, ...) offer only the organiser's own events'
    values: Django's related-field filter lists every event unless told otherwise."""
    client.force_login(organiser)
    pages = _changelists(client)
    assert len(pages) >= 7
    for html in pages:
        for leak in ("Zanzibar", "Theirs", "terrain_layout__exact=97"):
            assert leak not in html
    # The filters still offer the organiser's own events (a filter shows from two choices).
    second = event_create(user=organiser, name="Mine Too", rounds=3, seed=4)
    add_players(second, organiser, 1)
    html = client.get("/admin/tournament/player/").content.decode()
    assert f"event__id__exact={two_events[0].pk}" in html
    assert f"event__id__exact={second.pk}" in html


def test_filter_values_come_from_the_organisers_own_rows(
    client, organiser, two_events, hidden_rival_event
):
    """No filter lists a value only another event has: their round numbers (only they have
    paired a round), their faction."""
    from tournament.services.rounds.rounds import round_create

    client.force_login(organiser)
    html = client.get("/admin/tournament/game/").content.decode()
    assert "round__number=" not in html
    assert "Zanzibar Legion" not in client.get("/admin/tournament/player/").content.decode()
    a, b = two_events[0].players.order_by("pk")
    round_create(
        event_id=two_events[0].pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    html = client.get("/admin/tournament/game/").content.decode()
    assert "round__number=1" in html


def test_tracked_games_admin_is_for_superusers(client, organiser):
    """Tracked games carry their share tokens and belong to no organiser: the admin keeps them
    to superusers (an organiser account holds no model permissions)."""
    client.force_login(organiser)
    assert client.get("/admin/tracker/trackedgame/").status_code in (403, 404)
    assert "trackedgame" not in client.get("/admin/").content.decode()


def test_the_admins_player_form_checks_names_as_every_other_path(client, organiser, two_events):
    from django.forms.models import model_to_dict

    mine, _ = two_events
    first, second = mine.players.order_by("pk")
    client.force_login(organiser)
    url = f"/admin/tournament/player/{second.pk}/change/"
    # The change form's fields as saved: unset and false ones are not posted, as by a browser.
    data = {k: v for k, v in model_to_dict(second).items() if v not in (None, False)}
    for name, message in (
        (first.name.upper(), f"A player called {first.name} is already in this event."),
        ("evil\u202egpj.exe", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\u200b", "Must hold a visible character"),
    ):
        response = client.post(url, {**data, "name": name})
        assert response.status_code == 200
        assert message in response.content.decode()
    second.refresh_from_db()
    assert second.name == "Player 002"
    assert client.post(url, {**data, "name": "Łukasz\u200b Ø"}).status_code == 302
    second.refresh_from_db()
    assert (second.name, second.name_key) == ("Łukasz Ø", "łukasz ø")

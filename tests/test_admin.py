"""The admin works for organisers and shows each only the events they run."""

import pytest

from tests.conftest import add_players
from tournament.services.events import event_create

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

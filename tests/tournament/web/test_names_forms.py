"""Names on the organiser's and the public pages, posted as a browser sends them: the add-player
form, the player's page, the CSV import, public sign-up, and the team pages (enter, rename, add
a member, import). Each refusal sits on the form and names the rule; nothing changes."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from teams.models.teams import Team
from teams.services.teams import team_create, team_member_add
from tests.tournament.web.browser_form import form_data
from tournament.models import Player
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_register, players_absent

pytestmark = pytest.mark.django_db

ZOE = "Zoë Ártemis"
RLO = "\u202e"


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _post(client, url, button, **fields):
    data = form_data(_page(client, url), button)
    data.update(fields)
    response = client.post(url, data)
    return response, html.unescape(response.content.decode())


@pytest.fixture
def zoe(event, organiser):
    return player_register(event=event, user=organiser, name=ZOE)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ZOË ÁRTEMIS", f"A player called {ZOE} is already registered"),
        ("zoë ártemis", f"A player called {ZOE} is already registered"),
        ("\u200b\u200b", "Must hold a visible character"),
        (f"evil{RLO}gpj.exe", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ],
)
def test_the_add_player_form_refuses_taken_and_unsafe_names(org_client, event, zoe, name, message):
    url = reverse("manage-event", args=[event.pk])
    data = form_data(_page(org_client, url), "Add player")
    data["name"] = name
    response = org_client.post(reverse("manage-player-add", args=[event.pk]), data)
    assert response.status_code == 400
    assert message in html.unescape(response.content.decode())
    assert list(event.players.values_list("name", flat=True)) == [ZOE]


def test_the_player_page_refuses_another_players_name_and_round_trips(org_client, event, zoe):
    other = player_register(event=event, user=event.staff.first(), name="Łukasz Øster")
    url = reverse("manage-player", args=[event.pk, other.pk])
    response, page = _post(org_client, url, "Save", name="ZOË ÁRTEMIS")
    assert response.status_code == 200
    assert f"A player called {ZOE} is already registered" in page
    other.refresh_from_db()
    assert other.name == "Łukasz Øster"
    response, page = _post(org_client, url, "Save", name=f"evil{RLO}gpj.exe")
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in page
    response, page = _post(org_client, url, "Save", name="\u200b")
    assert "Must hold a visible character" in page
    other.refresh_from_db()
    assert other.name == "Łukasz Øster"
    # Saved unchanged, the page changes nothing (the name posted back is the stored one).
    response, _ = _post(org_client, url, "Save")
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.name == "Łukasz Øster"


def test_the_csv_import_names_each_rows_name_problem_and_the_long_list(org_client, event, zoe):
    url = reverse("manage-import", args=[event.pk])
    text = (
        "name,faction,army_list\n"
        "ZOË ÁRTEMIS,Orks,\n"
        f"evil{RLO}gpj.exe,Orks,\n"
        "\u200b,Orks,\n"
        "Åsa,Orks,\n"
        "ÅSA,Orks,\n"
        f"Long,Orks,{'x' * 20_000}\n"
    )
    page = html.unescape(org_client.post(url, {"text": text, "preview": "1"}).content.decode())
    assert f"name: {ZOE} is already registered in this event." in page
    assert "name: must not hold a text-direction control character (U+202E" in page
    assert "name: must hold a visible character" in page
    assert "name: repeats line 5." in page
    assert "army_list: must be at most 10,000 characters (this list has 20,000)." in page
    page = html.unescape(org_client.post(url, {"text": text, "confirm": "1"}).content.decode())
    assert "5 row(s) have problems; line 2:" in page
    assert list(event.players.values_list("name", flat=True)) == [ZOE]
    # The long list alone still names its line.
    only = f"name,army_list\nLong,{'x' * 20_000}\n"
    page = html.unescape(org_client.post(url, {"text": only, "confirm": "1"}).content.decode())
    assert "line 2: army_list: must be at most 10,000 characters" in page
    assert not event.players.filter(name="Long").exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ZOË ÁRTEMIS", f"A player called {ZOE} is already registered"),
        ("zoë ártemis", f"A player called {ZOE} is already registered"),
        (f"evil{RLO}gpj.exe", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ],
)
def test_public_sign_up_refuses_taken_and_unsafe_names(event, organiser, zoe, name, message):
    event_update(event=event, user=organiser, changes={"registration_open": True})
    url = reverse("event-signup", args=[event.pk])
    response, page = _post(Client(), url, "Sign up", name=name, faction="Orks")
    assert response.status_code in (400, 409)
    field = page[page.index("<span>Your name</span>") :]
    assert message in field[: field.index("</label>")]
    assert Player.objects.count() == 1


@pytest.fixture
def team_event(organiser):
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    team = team_create(event=event, user=organiser, name="Søren's Ørks")
    team_member_add(team=team, user=organiser, name=ZOE, faction="Orks")
    return event


def test_the_team_pages_refuse_taken_and_unsafe_names(org_client, team_event, organiser):
    teams_url = reverse("manage-teams", args=[team_event.pk])
    data = form_data(_page(org_client, teams_url), "Enter team")
    data["name"] = "SØREN'S ØRKS"
    response = org_client.post(reverse("manage-team-add", args=[team_event.pk]), data)
    page = html.unescape(response.content.decode())
    assert "A team called Søren's Ørks is already entered" in page
    data["name"] = f"Li{RLO}ons"
    response = org_client.post(reverse("manage-team-add", args=[team_event.pk]), data)
    assert "U+202E" in html.unescape(response.content.decode())
    assert Team.objects.filter(event=team_event).count() == 1

    lions = team_create(event=team_event, user=organiser, name="Lions")
    url = reverse("manage-team", args=[team_event.pk, lions.pk])
    response, page = _post(org_client, url, "Save", name="søren's ørks")
    assert response.status_code == 400
    assert "A team called Søren's Ørks is already entered" in page
    lions.refresh_from_db()
    assert lions.name == "Lions"

    data = form_data(_page(org_client, url), "Add to Lions")
    data.update(name="ZOË ÁRTEMIS", faction="Necrons")
    response = org_client.post(
        reverse("manage-team-member-add", args=[team_event.pk, lions.pk]), data
    )
    assert response.status_code == 400
    assert f"A player called {ZOE} is already registered" in html.unescape(
        response.content.decode()
    )
    assert not lions.members.exists()


def test_the_team_import_page_names_the_line(org_client, team_event):
    url = reverse("manage-teams-import", args=[team_event.pk])
    text = f"team,name,faction\nLions,Ann,Orks\nLions,ZOË ÁRTEMIS,Necrons\nL{RLO}x,Bo,Orks\n"
    # The page previews first (nothing imported until every line is fine): refused there.
    response, page = _post(org_client, url, "Preview import", text=text)
    assert response.status_code == 400
    assert f"Line 3: name: A player called {ZOE} is already registered" in page
    text = "Lions,Ann,Orks\nL\u202ex,Bo,Orks\n"
    response, page = _post(org_client, url, "Preview import", text=text)
    assert "Line 2: team: Must not hold a text-direction control character (U+202E" in page
    assert list(Team.objects.filter(event=team_event).values_list("name", flat=True)) == [
        "Søren's Ørks"
    ]


SORTED = ["Adam", "Åsa", "Émilie", "Łukasz", "Oskar", "Zoë"]


def _order(page: str, names: list[str]) -> list[str]:
    return sorted(names, key=page.index)


def test_the_players_lists_sort_as_people_read_names(org_client, client, event, organiser):
    for name in ("Zoë", "Łukasz", "Oskar", "Émilie", "Åsa", "Adam"):
        player_register(event=event, user=organiser, name=name)
    dashboard = _page(org_client, reverse("manage-event", args=[event.pk]))
    assert _order(dashboard, SORTED) == SORTED
    public = _page(client, reverse("event", args=[event.pk]))
    assert _order(public[public.index("<h2>Players") :], SORTED) == SORTED
    absent = [p.name for p in players_absent(event=event)]
    assert absent == SORTED

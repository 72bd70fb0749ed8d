"""Names through the API (players, sign-up, teams, their members and the team CSV import): a
name needs a visible character, may not hold text-direction controls, and is unique per event
after Unicode case folding, with the refusal naming the player or team already there."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from teams.models.teams import Team
from teams.services.teams import team_create
from tournament.models import Player
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db

ZOE = "Zoë Ártemis"
RLO = "\u202e"
SPOOF = f"evil{RLO}gpj.exe"


def _players(event, api, body):
    return api.post(f"/api/events/{event.pk}/players/", body, format="json")


@pytest.fixture
def zoe(event, organiser):
    return player_register(event=event, user=organiser, name=ZOE)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\u200b\u200b", "blank"),
        ("\u2060", "blank"),
        (SPOOF, "bad_character"),
        ("A\x07", "bad_character"),
    ],
)
def test_a_name_without_a_visible_character_or_with_controls_is_400(api, event, name, code):
    response = _players(event, api, {"name": name})
    assert response.status_code == 400, response.json()
    assert response.json()["error_codes"] == {"name": [code]}
    assert not Player.objects.filter(event=event).exists()


def test_the_refusal_names_the_direction_control(api, event):
    message = _players(event, api, {"name": SPOOF}).json()["name"][0]
    assert "U+202E" in message
    assert "RIGHT-TO-LEFT OVERRIDE" in message


@pytest.mark.parametrize("name", ["ZOË ÁRTEMIS", "zoë ártemis", "Zoe\u0308 A\u0301rtemis", ZOE])
def test_a_name_differing_only_in_case_or_form_is_409_naming_the_player(api, event, zoe, name):
    response = _players(event, api, {"name": name})
    assert response.status_code == 409, response.json()
    assert response.json()["error_codes"] == {"name": ["duplicate"]}
    assert ZOE in response.json()["name"][0]
    assert Player.objects.filter(event=event).count() == 1


def test_accents_still_make_another_name(api, event, zoe):
    assert _players(event, api, {"name": "Zoe Artemis"}).status_code == 201


def test_invisible_characters_are_dropped_and_do_not_make_another_name(api, event, zoe):
    response = _players(event, api, {"name": "Zoë\u200b Ártemis"})
    assert response.status_code == 409
    response = _players(event, api, {"name": "Ada\u200b Lovelace\ufeff"})
    assert response.status_code == 201
    assert response.json()["name"] == "Ada Lovelace"


def test_renaming_onto_another_players_name_is_409_and_a_spoof_is_400(api, event, zoe, organiser):
    other = player_register(event=event, user=organiser, name="Kim")
    url = f"/api/events/{event.pk}/players/{other.pk}/"
    response = api.patch(url, {"name": "ZOË ÁRTEMIS"}, format="json")
    assert response.status_code == 409
    assert ZOE in response.json()["name"][0]
    response = api.patch(url, {"name": SPOOF}, format="json")
    assert response.json()["error_codes"] == {"name": ["bad_character"]}
    # A player may change the case of their own name.
    assert api.patch(url, {"name": "KIM"}, format="json").status_code == 200
    other.refresh_from_db()
    assert other.name == "KIM"


def test_an_army_list_over_the_cap_is_400(api, event):
    response = _players(event, api, {"name": "Ann", "army_list": "x" * 10_001})
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"army_list": ["max_length"]}
    assert _players(event, api, {"name": "Ann", "army_list": "x" * 10_000}).status_code == 201


@pytest.fixture
def open_event(api, event):
    response = api.patch(f"/api/events/{event.pk}/", {"registration_open": True}, format="json")
    assert response.status_code == 200
    return event


def _sign(anon, event, name):
    return anon.post(
        f"/api/events/{event.pk}/signup/", {"name": name, "faction": "Necrons"}, format="json"
    )


@pytest.mark.parametrize(("name", "code"), [("\u200b", "blank"), (SPOOF, "bad_character")])
def test_sign_up_refuses_invisible_and_spoofing_names(anon, open_event, name, code):
    response = _sign(anon, open_event, name)
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"name": [code]}
    assert not Player.objects.exists()


@pytest.mark.parametrize("name", ["ZOË ÁRTEMIS", "zoë ártemis"])
def test_sign_up_refuses_a_name_taken_in_another_case(anon, open_event, zoe, name):
    response = _sign(anon, open_event, name)
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"name": ["duplicate"]}
    assert ZOE in response.json()["name"][0]
    assert Player.objects.count() == 1


def test_the_database_holds_names_apart_whatever_the_path(event, zoe):
    """The unique key is in the database: a write that skips the services is refused too, on
    SQLite (whose NOCASE folds ASCII only) and PostgreSQL alike."""
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(event=event, name="ZOË ÁRTEMIS")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.bulk_create([Player(event=event, name="zoë ártemis", private_key="k1")])
    Player.objects.bulk_create([Player(event=event, name="Ana", private_key="k2")])
    assert Player.objects.get(name="Ana").name_key == "ana"


@pytest.fixture
def team_event(organiser):
    return event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)


TEAM = "Søren's Ørks"


def test_team_names_follow_the_same_rules(api, team_event, organiser):
    team_create(event=team_event, user=organiser, name=TEAM)
    url = f"/api/events/{team_event.pk}/teams/"
    response = api.post(url, {"name": "SØREN'S ØRKS"}, format="json")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"name": ["duplicate"]}
    assert TEAM in response.json()["name"][0]
    for name, code in (("\u200b", "blank"), (SPOOF, "bad_character")):
        response = api.post(url, {"name": name}, format="json")
        assert response.status_code == 400
        assert response.json()["error_codes"] == {"name": [code]}
    assert Team.objects.filter(event=team_event).count() == 1


def test_renaming_a_team_onto_another_is_409(api, team_event, organiser):
    team_create(event=team_event, user=organiser, name=TEAM)
    other = team_create(event=team_event, user=organiser, name="Lions")
    url = f"/api/events/{team_event.pk}/teams/{other.pk}/"
    response = api.patch(url, {"name": "søren's ørks"}, format="json")
    assert response.status_code == 409
    assert TEAM in response.json()["name"][0]
    response = api.patch(url, {"name": f"Li{RLO}ons"}, format="json")
    assert response.json()["error_codes"] == {"name": ["bad_character"]}


def test_team_members_follow_the_player_rules(api, team_event, organiser):
    team = team_create(event=team_event, user=organiser, name="Lions")
    url = f"/api/events/{team_event.pk}/teams/{team.pk}/members/"
    assert api.post(url, {"name": ZOE, "faction": "Orks"}, format="json").status_code == 201
    response = api.post(url, {"name": "ZOË ÁRTEMIS", "faction": "Necrons"}, format="json")
    assert response.status_code == 409
    assert ZOE in response.json()["name"][0]
    response = api.post(url, {"name": SPOOF, "faction": "Necrons"}, format="json")
    assert response.json()["error_codes"] == {"name": ["bad_character"]}


def test_team_csv_import_names_the_line_of_a_bad_or_taken_name(api, team_event, organiser):
    team_create(event=team_event, user=organiser, name=TEAM)
    url = f"/api/events/{team_event.pk}/teams/import/"
    text = f"team,name,faction\nLions,Ann,Orks\nLions,B{RLO}ob,Necrons\n"
    response = api.post(url, {"csv": text}, format="json")
    assert response.status_code == 400
    assert "Line 3" in response.json()["file"][0]
    assert "U+202E" in response.json()["file"][0]
    # "SØREN'S ØRKS" is the team already entered: its players join it, no second team.
    response = api.post(url, {"csv": "SØREN'S ØRKS,Cy,Orks\n"}, format="json")
    assert response.status_code == 201, response.json()
    assert list(Team.objects.filter(event=team_event).values_list("name", flat=True)) == [TEAM]
    response = api.post(url, {"csv": "Lions,Di,Orks\nLIONS,CY,Necrons\n"}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error_codes"] == {"file": ["duplicate"]}
    assert "Line 2" in response.json()["file"][0]
    assert "Cy" in response.json()["file"][0]

"""The Lists page's two actions through the API: overrule a problem of the checks (and take the
overrule back), and record what the list states in place of what is recorded. The same
permissions and the same services as the page: logged, undoable, and a refusal changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from rosters.models.armylists import ArmyList
from rosters.services.armylists import army_list_submit
from tests.conftest import add_players
from tests.cross.roles.conftest import snapshot
from tournament.models import AuditEntry, Player
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_update
from tournament.services.events.staff import staff_add

pytestmark = pytest.mark.django_db

LISTS = Path(__file__).parent / "lists"
NECRONS = (LISTS / "gw_app_10th_necrons.txt").read_text()
ORKS = (LISTS / "gw_app_11th_orks.txt").read_text()


@pytest.fixture
def judge(event, organiser):
    user = get_user_model().objects.create_user("judy", password="pw")
    staff_add(event=event, user=organiser, username="judy", role="judge")
    return user


def _as(user=None, key: str | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    if key is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Key {key}")
    return client


def _url(player, action: str = "") -> str:
    return f"/api/events/{player.event_id}/players/{player.pk}/list/{action}"


def _state() -> dict:
    return {**snapshot(), "ArmyList": list(ArmyList.objects.order_by("pk").values())}


def _codes(response) -> dict:
    return response.json()["error_codes"]


def _incursion_list(event, organiser, player):
    """A 10th-edition list over an Incursion's points: `points-over` among its errors."""
    event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=player, text=NECRONS, by_player=True)
    return Player.objects.get(pk=player.pk)


def _overruled(client, player) -> dict:
    problems = client.get(_url(player)).json()["problems"]
    return {p["code"]: p["overruled"] for p in problems if p["overruled"] is not None}


# Overrules -------------------------------------------------------------------------------------


def test_an_organiser_overrules_a_problem_logged_and_undoable(event, organiser, field):
    ana = _incursion_list(event, organiser, field[0])
    client = _as(organiser)
    response = client.post(
        _url(ana, "overrule/"), {"code": "points-over", "comment": "Agreed at the desk"}
    )
    assert response.status_code == 200, response.content
    body = response.json()
    # The answer is the list as GET gives it, the overrule in place.
    assert body == client.get(_url(ana)).json()
    assert _overruled(client, ana) == {"points-over": "Agreed at the desk"}
    entry = AuditEntry.objects.get(action="army_list_overrule")
    assert entry.after == {"list_overrules": {"points-over": "Agreed at the desk"}}
    assert entry.actor_user == organiser
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert _overruled(client, ana) == {}


def test_an_empty_comment_takes_the_overrule_back_as_the_page_does(event, organiser, field):
    ana = _incursion_list(event, organiser, field[0])
    client = _as(organiser)
    client.post(_url(ana, "overrule/"), {"code": "points-over", "comment": "Fine"})
    response = client.post(_url(ana, "overrule/"), {"code": "points-over", "comment": ""})
    assert response.status_code == 200, response.content
    assert {p["code"]: p["overruled"] for p in response.json()["problems"]}["points-over"] is None
    assert Player.objects.get(pk=ana.pk).list_overrules == {}
    withdrawn = AuditEntry.objects.filter(action="army_list_overrule").latest("pk")
    assert (withdrawn.before, withdrawn.after) == (
        {"list_overrules": {"points-over": "Fine"}},
        {"list_overrules": {}},
    )
    audit_undo(entry_id=withdrawn.pk, user=organiser, confirm=True)
    assert Player.objects.get(pk=ana.pk).list_overrules == {"points-over": "Fine"}


def test_the_same_overrule_again_changes_nothing(event, organiser, field):
    ana = _incursion_list(event, organiser, field[0])
    client = _as(organiser)
    body = {"code": "points-over", "comment": "Fine"}
    client.post(_url(ana, "overrule/"), body)
    before = _state()
    assert client.post(_url(ana, "overrule/"), body).status_code == 200
    assert _state() == before


def test_a_judge_overrules_too(event, organiser, judge, field):
    ana = _incursion_list(event, organiser, field[0])
    response = _as(judge).post(_url(ana, "overrule/"), {"code": "points-over", "comment": "Ok"})
    assert response.status_code == 200, response.content
    assert Player.objects.get(pk=ana.pk).list_overrules == {"points-over": "Ok"}


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ({"code": "no-such-check", "comment": "x"}, {"code": ["not_found"]}),
        # Taking back an overrule there is not: a reason is what was missing.
        ({"code": "points-over", "comment": ""}, {"comment": ["required"]}),
        ({"code": "points-over"}, {"comment": ["required"]}),
        ({"comment": "x"}, {"code": ["required"]}),
        ({"code": 7, "comment": "x"}, {"code": ["invalid"]}),
        ({"code": "points-over", "comment": ["x"]}, {"comment": ["invalid"]}),
        ({"code": "", "comment": "x"}, {"code": ["blank"]}),
        ({"code": "x" * 61, "comment": "x"}, {"code": ["max_length"]}),
        ({"code": "points-over", "comment": "x" * 2001}, {"comment": ["max_length"]}),
        ({"code": "points-over", "comment": "x", "reason": "y"}, {"reason": ["unknown_field"]}),
    ],
)
def test_a_refused_overrule_names_the_field_and_changes_nothing(
    event, organiser, field, body, codes
):
    ana = _incursion_list(event, organiser, field[0])
    before = _state()
    response = _as(organiser).post(_url(ana, "overrule/"), body, format="json")
    assert response.status_code == 400, response.content
    assert _codes(response) == codes
    assert _state() == before


def test_an_overrule_before_any_list_is_a_conflict(event, organiser, field):
    before = _state()
    response = _as(organiser).post(_url(field[1], "overrule/"), {"code": "x", "comment": "y"})
    assert response.status_code == 409
    assert _codes(response) == {"army_list": ["no_list"]}
    assert _state() == before


def test_only_the_events_staff_overrule(event, organiser, other_organiser, field):
    ana = _incursion_list(event, organiser, field[0])
    body = {"code": "points-over", "comment": "Mine"}
    before = _state()
    assert _as().post(_url(ana, "overrule/"), body).status_code == 401
    own_key = _as(key=ana.private_key).post(_url(ana, "overrule/"), body)
    assert own_key.status_code == 403
    assert _codes(own_key) == {"event": ["not_staff"]}
    assert _as(other_organiser).post(_url(ana, "overrule/"), body).status_code == 403
    assert _state() == before
    # A hidden event is not there for anyone but its own.
    event_update(event=event, user=organiser, changes={"hidden": True})
    before = _state()
    assert _as(other_organiser).post(_url(ana, "overrule/"), body).status_code == 404
    assert _as().post(_url(ana, "overrule/"), body).status_code == 404
    assert _state() == before


def test_a_player_of_another_event_is_not_found(event, organiser, field):
    from tournament.services.events.events import event_create

    other = event_create(user=organiser, name="Other GT", rounds=3, seed=1)
    (stranger,) = add_players(other, organiser, 1)
    url = f"/api/events/{event.pk}/players/{stranger.pk}/list/overrule/"
    assert _as(organiser).post(url, {"code": "x", "comment": "y"}).status_code == 404
    url = f"/api/events/{event.pk}/players/{stranger.pk}/list/recorded/"
    assert _as(organiser).post(url, {"field": "faction"}).status_code == 404


# "Use the list's" --------------------------------------------------------------------------------


def _orks(event, organiser, **recorded):
    from tournament.services.players.players import player_register

    ana = player_register(event=event, user=organiser, name="Ana", **recorded)
    army_list_submit(player=ana, text=ORKS, by_player=True)
    return Player.objects.get(pk=ana.pk)


def test_an_organiser_records_the_lists_faction_logged_and_undoable(eleventh, organiser):
    # Detachments recorded as the list has them (else the list fills them, on a line of its
    # own): only faction and disposition differ.
    ana = _orks(
        eleventh, organiser, faction="Necrons", disposition="disruption", detachments=["War Horde"]
    )
    client = _as(organiser)
    assert [m["field"] for m in client.get(_url(ana)).json()["recorded_mismatch"]] == [
        "faction",
        "disposition",
    ]
    response = client.post(_url(ana, "recorded/"), {"field": "faction"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body == client.get(_url(ana)).json()
    assert body["faction"] == "Orks"
    assert body["recorded_mismatch"] == [
        {"field": "disposition", "recorded": "Disruption", "list": "Take and Hold"}
    ]
    assert Player.objects.get(pk=ana.pk).faction == "Orks"
    entry = AuditEntry.objects.get(action="army_list_recorded")
    assert (entry.before, entry.after, entry.actor_user) == (
        {"faction": "Necrons"},
        {"faction": "Orks"},
        organiser,
    )
    client.post(_url(ana, "recorded/"), {"field": "disposition"})
    assert Player.objects.get(pk=ana.pk).disposition == "take-and-hold"
    assert client.get(_url(ana)).json()["recorded_mismatch"] == []
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert Player.objects.get(pk=ana.pk).faction == "Necrons"


def test_recording_what_already_agrees_changes_nothing(eleventh, organiser):
    ana = _orks(eleventh, organiser, faction="Orks")
    before = _state()
    response = _as(organiser).post(_url(ana, "recorded/"), {"field": "faction"})
    assert response.status_code == 200
    assert _state() == before


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ({"field": "colour"}, {"field": ["invalid_choice"]}),
        ({"field": 1}, {"field": ["invalid_choice"]}),
        ({"field": ["faction"]}, {"field": ["invalid_choice"]}),
        ({}, {"field": ["required"]}),
        ({"field": "faction", "value": "Orks"}, {"value": ["unknown_field"]}),
    ],
)
def test_a_refused_recording_names_the_field_and_changes_nothing(eleventh, organiser, body, codes):
    ana = _orks(eleventh, organiser, faction="Necrons")
    before = _state()
    response = _as(organiser).post(_url(ana, "recorded/"), body, format="json")
    assert response.status_code == 400, response.content
    assert _codes(response) == codes
    assert _state() == before


def test_a_field_the_list_does_not_state_is_a_conflict(event, organiser, field):
    # Not an 11th-edition event: the list states no disposition to take.
    ana = _incursion_list(event, organiser, field[0])
    before = _state()
    response = _as(organiser).post(_url(ana, "recorded/"), {"field": "disposition"})
    assert response.status_code == 409
    assert _codes(response) == {"disposition": ["not_in_list"]}
    assert _state() == before


def test_only_the_events_organisers_record_from_the_list(
    eleventh, organiser, other_organiser, judge
):
    ana = _orks(eleventh, organiser, faction="Necrons")
    body = {"field": "faction"}
    before = _state()
    assert _as().post(_url(ana, "recorded/"), body).status_code == 401
    own_key = _as(key=ana.private_key).post(_url(ana, "recorded/"), body)
    assert own_key.status_code == 403
    by_judge = _as(judge).post(_url(ana, "recorded/"), body)
    assert by_judge.status_code == 403
    assert _codes(by_judge) == {"event": ["not_organiser"]}
    assert _as(other_organiser).post(_url(ana, "recorded/"), body).status_code == 403
    assert _state() == before
    event_update(event=eleventh, user=organiser, changes={"hidden": True})
    before = _state()
    assert _as(other_organiser).post(_url(ana, "recorded/"), body).status_code == 404
    assert _state() == before


def test_an_organiser_records_the_lists_detachments(eleventh, organiser):
    ana = _orks(
        eleventh, organiser, faction="Orks", disposition="take-and-hold", detachments=["Dread Mob"]
    )
    client = _as(organiser)
    assert client.get(_url(ana)).json()["recorded_mismatch"] == [
        {"field": "detachments", "recorded": "Dread Mob", "list": "War Horde"}
    ]
    response = client.post(_url(ana, "recorded/"), {"field": "detachments"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["recorded_mismatch"] == []
    assert Player.objects.get(pk=ana.pk).detachments == ["War Horde"]
    entry = AuditEntry.objects.get(action="army_list_recorded")
    assert (entry.before, entry.after) == (
        {"detachments": ["Dread Mob"]},
        {"detachments": ["War Horde"]},
    )
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert Player.objects.get(pk=ana.pk).detachments == ["Dread Mob"]

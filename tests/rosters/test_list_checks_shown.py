"""The muster checks where they show: the list API carries the parsed roster and the problems,
the player's page shows them as soon as the list is pasted, and the staff's Lists page gives
each list's verdict beside their own review, with a filter by problem code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse
from rest_framework.test import APIClient

from rosters.services.armylists import army_list_submit
from rosters.services.checking import roster_check_event
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

NECRONS = (Path(__file__).parent / "lists" / "gw_app_10th_necrons.txt").read_text()


def _api(player):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client.get(f"/api/events/{player.event_id}/players/{player.pk}/list/")


def test_the_list_api_carries_the_roster_and_the_problems(event, organiser, field):
    event = event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    body = _api(field[0]).json()
    oracle = roster_check_event(event=event, text=NECRONS)
    assert body["roster"] == oracle.roster.as_dict()
    assert len(body["roster"]["units"]) == 12
    assert body["problems"] == [{**p.as_dict(), "overruled": None} for p in oracle.problems]
    codes = {p["code"] for p in body["problems"]}
    assert {"points-over", "battle-size"} <= codes
    assert body["rules"] == {
        "edition": "10th",
        "data_version": oracle.data_version,
        "checked": True,
        "passes": False,
    }


def test_no_list_reads_as_no_roster_and_no_problems(event, field):
    body = _api(field[1]).json()
    assert (body["roster"], body["problems"], body["rules"]) == (None, [], None)


def test_the_players_page_shows_the_problems_as_soon_as_the_list_is_pasted(
    client, event, organiser, field
):
    event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    page = client.get(reverse("player-home", args=[field[0].private_key])).content.decode()
    assert "The checks found problems in your list" in page
    over = next(p for p in roster_check_event(event=event, text=NECRONS).problems)
    assert over.message.replace("'", "&#x27;") in page


def test_the_lists_page_gives_the_verdict_and_filters_by_problem(client, event, organiser, field):
    event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    client.force_login(organiser)
    url = reverse("manage-lists", args=[event.pk])
    page = client.get(url).content.decode()
    assert "problems</span>" in page
    assert "?status=&amp;problem=points-over" in page
    filtered = client.get(url, {"problem": "points-over"}).content.decode()
    assert f'id="list-{field[0].pk}"' in filtered
    assert f'id="list-{field[1].pk}"' not in filtered
    every = client.get(url, {"problem": "no-such-code"}).content.decode()
    assert f'id="list-{field[1].pk}"' in every  # an unknown code filters nothing out


def _incursion_list(event, organiser, player):
    event = event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=player, text=NECRONS, by_player=True)
    return event


def _errors(event) -> set[str]:
    return {
        p.code
        for p in roster_check_event(event=event, text=NECRONS).problems
        if p.severity == "error"
    }


def test_staff_overrule_each_failing_check_with_a_reason_logged_and_undoable(
    event, organiser, field
):
    from rosters.services.armylists import army_list_overrule
    from tournament.models import AuditEntry, Player
    from tournament.services.audit.log import audit_undo

    event = _incursion_list(event, organiser, field[0])
    errors = sorted(_errors(event))
    assert errors
    for code in errors:
        army_list_overrule(player=field[0], user=organiser, code=code, comment="Agreed by TO")
    body = _api(field[0]).json()
    assert body["rules"]["passes"] is True
    assert {
        p["code"]: p["overruled"] for p in body["problems"] if p["severity"] == "error"
    } == dict.fromkeys(errors, "Agreed by TO")
    entry = AuditEntry.objects.filter(action="army_list_overrule").latest("pk")
    assert entry.after == {"list_overrules": dict.fromkeys(errors, "Agreed by TO")}
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert errors[-1] not in Player.objects.get(pk=field[0].pk).list_overrules
    assert _api(field[0]).json()["rules"]["passes"] is False


def test_an_overrule_names_a_problem_the_list_has_and_says_why(event, organiser, field):
    from common.errors import Invalid
    from rosters.services.armylists import army_list_overrule

    _incursion_list(event, organiser, field[0])
    with pytest.raises(Invalid) as exc:
        army_list_overrule(player=field[0], user=organiser, code="no-such-code", comment="x")
    assert exc.value.codes == {"code": ["not_found"]}
    with pytest.raises(Invalid) as exc:
        army_list_overrule(player=field[0], user=organiser, code="points-over", comment="")
    assert exc.value.codes == {"comment": ["required"]}


def test_a_new_list_clears_the_overrules(event, organiser, field):
    from rosters.services.armylists import army_list_overrule
    from tournament.models import Player

    _incursion_list(event, organiser, field[0])
    army_list_overrule(player=field[0], user=organiser, code="points-over", comment="Fine")
    army_list_submit(player=field[0], text=NECRONS + "\n", by_player=True)  # same text
    assert Player.objects.get(pk=field[0].pk).list_overrules == {"points-over": "Fine"}
    army_list_submit(player=field[0], text=NECRONS.replace("Necrons", "Necrons "), by_player=True)
    assert Player.objects.get(pk=field[0].pk).list_overrules == {}


def test_the_lists_page_overrules_a_check(client, event, organiser, field):
    from tournament.models import Player

    _incursion_list(event, organiser, field[0])
    client.force_login(organiser)
    url = reverse("manage-list-overrule", args=[event.pk, field[0].pk])
    response = client.post(url, {"code": "points-over", "comment": "Agreed at the desk"})
    assert response.status_code == 302
    assert Player.objects.get(pk=field[0].pk).list_overrules == {
        "points-over": "Agreed at the desk"
    }
    page = client.get(reverse("manage-lists", args=[event.pk])).content.decode()
    assert "The organisers overruled this check: Agreed at the desk" in page
    client.post(url, {"code": "points-over", "comment": ""})
    assert Player.objects.get(pk=field[0].pk).list_overrules == {}


def test_overrules_travel_in_the_event_document(event, organiser, field):
    from exchange.services.export import event_export
    from exchange.services.importing.write import event_import
    from rosters.services.armylists import army_list_overrule
    from tournament.models import Player

    _incursion_list(event, organiser, field[0])
    army_list_overrule(player=field[0], user=organiser, code="points-over", comment="Fine")
    document = event_export(event=event, user=organiser)
    row = next(p for p in document["players"] if p["name"] == field[0].name)
    assert row["list_overrules"] == {"points-over": "Fine"}
    raw = json.dumps(document, cls=DjangoJSONEncoder).encode()
    copy = event_import(raw=raw, as_admin=True, link_accounts=True).event
    assert Player.objects.get(event=copy, name=field[0].name).list_overrules == {
        "points-over": "Fine"
    }

    # The copy's keys are new (the original's are taken on this instance); the rest is equal.
    def plain(players):
        return [{k: v for k, v in p.items() if k != "private_key"} for p in players]

    assert plain(event_export(event=copy, user=organiser)["players"]) == plain(document["players"])


def test_the_event_pins_the_rules_data_and_a_change_is_logged(event, organiser, field):
    from common.errors import Invalid
    from rosters.data import dataset_versions
    from tournament.models import AuditEntry

    version = dataset_versions()[0]
    event = event_update(event=event, user=organiser, changes={"list_data_version": version})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    assert _api(field[0]).json()["rules"]["data_version"] == version
    entry = AuditEntry.objects.filter(action="event_update").latest("pk")
    assert entry.after == {"list_data_version": version}
    with pytest.raises(Invalid) as exc:
        event_update(event=event, user=organiser, changes={"list_data_version": "1999-old"})
    assert exc.value.codes == {"list_data_version": ["unknown_dataset"]}
    assert version in str(exc.value)

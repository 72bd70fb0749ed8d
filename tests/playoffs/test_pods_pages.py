"""The organiser's pods page: forms that round-trip as a browser posts them (saving unchanged
changes nothing), the same services as the API; pods on the public standings and pairings."""

from __future__ import annotations

import pytest
from django.test import Client

from playoffs.models import PodSplit
from playoffs.services.pods.pods import pods_view
from tests.playoffs.conftest import swiss_event, swiss_round
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Game

pytestmark = pytest.mark.django_db


def _url(event, part: str = "") -> str:
    return f"/manage/events/{event.pk}/pods/{part}"


def _page(org_client, event) -> str:
    response = org_client.get(_url(event))
    assert response.status_code == 200
    return response.content.decode()


def test_form_pods_on_the_page_then_save_unchanged_changes_nothing(org_client, organiser):
    event = swiss_event(organiser, players=16, rounds=4, played=1)
    data = form_data(_page(org_client, event), "Form the pods")
    data.update(count="2", last_round="3")
    assert org_client.post(_url(event, "make/"), data).status_code == 302
    split = PodSplit.objects.get(event=event)
    assert (split.method, split.first_round, split.last_round) == ("standings", 2, 3)
    before = [list(p) for p in split.pods]
    data = form_data(_page(org_client, event), "Save the pods")
    assert org_client.post(_url(event, "save/"), data).status_code == 302
    split.refresh_from_db()
    assert split.pods == before
    assert not AuditEntry.objects.filter(event=event, action="pods_adjust").exists()
    # A move, as the page posts it: logged with names.
    moved = before[1][0]
    data[f"pod_{moved}"] = "1"
    assert org_client.post(_url(event, "save/"), data).status_code == 302
    split.refresh_from_db()
    assert moved in split.pods[0]
    assert len(split.pods[0]) == 9
    entry = AuditEntry.objects.get(event=event, action="pods_adjust")
    assert event.players.get(pk=moved).name in str(entry.after["names"])


def test_bad_forms_say_what_is_wrong_and_change_nothing(org_client, organiser):
    event = swiss_event(organiser, players=8, rounds=3, played=1)
    data = form_data(_page(org_client, event), "Form the pods")
    data.update(count="5", last_round="3")
    response = org_client.post(_url(event, "make/"), data)
    assert response.status_code == 400
    assert "fill at most 4 pods" in response.content.decode()
    assert not PodSplit.objects.filter(event=event).exists()
    data.update(count="2", last_round="3")
    org_client.post(_url(event, "make/"), data)
    data = form_data(_page(org_client, event), "Save the pods")
    for name in [k for k in data if k.startswith("pod_")]:
        data[name] = "1"  # everyone in pod 1: pod 2 empty
    response = org_client.post(_url(event, "save/"), data)
    assert response.status_code == 400
    assert "non-empty" in response.content.decode()
    assert len(PodSplit.objects.get(event=event).pods[1]) == 4


def test_pods_on_public_standings_and_pairings_then_cut_from_the_page(org_client, organiser):
    event = swiss_event(organiser, players=8, rounds=3, played=1)
    org_client.post(
        _url(event, "make/"),
        {**form_data(_page(org_client, event), "Form the pods"), "count": "2", "last_round": "3"},
    )
    swiss_round(event, organiser, 2)
    split = PodSplit.objects.get(event=event)
    pod_of = {p: i for i, pod in enumerate(split.pods) for p in pod}
    games = Game.objects.filter(round__event=event, round__number=2)
    assert all(pod_of[g.player_a_id] == pod_of[g.player_b_id] for g in games)
    public = Client()
    standings = public.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Standings by pod" in standings
    assert "Pod 1" in standings
    assert "Pod 2" in standings
    pairings = public.get(f"/events/{event.pk}/pairings/?round=2").content.decode()
    assert "Round 2 pairs inside the pods" in pairings
    swiss_round(event, organiser, 3)
    data = form_data(_page(org_client, event), "Make the cut")
    assert data["cut"] == "per_pod"
    response = org_client.post(_url(event, "cut/"), data)
    assert response.status_code == 302, response.content.decode()
    assert len(event.playoff.seeds) == 4
    view = pods_view(event=event)
    assert set(event.playoff.seeds[:2]) == {pod["players"][0]["player"] for pod in view["pods"]}
    assert "The play-offs" in _page(org_client, event)


def test_the_organiser_lists_their_own_pods_by_name(org_client, organiser):
    event = swiss_event(organiser, players=6, rounds=3, played=1)
    names = list(event.players.order_by("name").values_list("name", flat=True))
    data = form_data(_page(org_client, event), "Form the pods")
    data.update(method="organiser", last_round="2", count="")
    data["lists"] = f"{names[0]}, {names[1]}, Nobody Here\n{', '.join(names[2:])}"
    response = org_client.post(_url(event, "make/"), data)
    assert response.status_code == 400
    assert "No player of this event called: Nobody Here." in response.content.decode()
    data["lists"] = f"{names[0]}, {names[1]}\n{', '.join(names[2:5])}"
    response = org_client.post(_url(event, "make/"), data)
    assert response.status_code == 400
    assert f"In no pod: {names[5]}." in response.content.decode()
    assert not PodSplit.objects.filter(event=event).exists()
    data["lists"] = f"{names[0].upper()}, {names[1]}\n{', '.join(names[2:])}"
    assert org_client.post(_url(event, "make/"), data).status_code == 302
    split = PodSplit.objects.get(event=event)
    named = dict(event.players.values_list("pk", "name"))
    assert split.method == "organiser"
    assert [[named[p] for p in pod] for pod in split.pods] == [names[:2], names[2:]]

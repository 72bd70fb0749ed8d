"""People's pages and API: a person's events, record and results as the public pages of those
events show them; the organiser's review, merge, split and undo through the forms as a browser
posts them."""

from __future__ import annotations

import pytest
from django.test import Client

from people.models import Person, PersonChange, PersonLink
from tests.series.helpers import finished_event
from tests.tournament.web.browser_form import form_data

pytestmark = pytest.mark.django_db

ANA = ("Ana Lima", "ana@x.org")
BEN = ("Ben Ode", "ben@x.org")


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_persons_page_shows_their_public_events_only(organiser, other_organiser):
    _, (ana, _) = finished_event(organiser, "Spring GT", [ANA, BEN])
    finished_event(organiser, "Secret GT", [("Ana L.", "ana@x.org"), BEN], hidden=True)
    person = ana.person_link.person
    assert person.links.count() == 2  # matched by address across both events
    data = _client().get(f"/api/people/{person.pk}/").json()
    assert data["name"] == "Ana Lima"
    assert [e["event_name"] for e in data["events"]] == ["Spring GT"]
    assert data["record"] == {"events": 1, "wins": 1, "draws": 0, "losses": 0}
    assert data["events"][0]["games"] == [
        {"round": 1, "opponent": "Ben Ode", "result": "win", "vp": 70, "opponent_vp": 50}
    ]
    assert data["events"][0]["place"] == 1
    assert "ana@x.org" not in str(data)
    staff = _client(organiser).get(f"/api/people/{person.pk}/").json()
    assert [e["event_name"] for e in staff["events"]] == ["Spring GT", "Secret GT"]
    assert staff["name"] == "Ana L."  # the name of the latest event the asker sees
    page = _client(other_organiser).get(f"/people/{person.pk}/")
    assert page.status_code == 200
    assert "Spring GT" in page.content.decode()
    assert "Secret GT" not in page.content.decode()


def test_a_person_with_only_hidden_events_is_not_found_by_others(organiser, other_organiser):
    _, (dee, _) = finished_event(organiser, "Secret GT", [("Dee", ""), ("Eve", "")], hidden=True)
    pid = dee.person_link.person_id
    for client in (_client(), _client(other_organiser)):
        assert client.get(f"/api/people/{pid}/").status_code == 404
        assert client.get(f"/people/{pid}/").status_code == 404
    assert _client(organiser).get(f"/people/{pid}/").status_code == 200


def test_the_organiser_merges_a_suggestion_splits_it_and_undoes_through_the_forms(organiser):
    finished_event(organiser, "Spring GT", [("Zoë Smith", ""), BEN])
    finished_event(organiser, "Autumn GT", [("zoe smith", ""), ("Ben Ode", "ben@x.org")])
    client = _client(organiser)
    review = client.get("/manage/people/")
    assert review.status_code == 200
    html = review.content.decode()
    assert "Zoë Smith" in html
    assert "Ben Ode" not in html  # one person already (same address): nothing to suggest
    people = Person.objects.count()
    merge = form_data(html, "Same person as Zoë Smith (Spring GT): merge")
    response = client.post("/manage/people/merge/", merge)
    assert response.status_code == 302
    assert Person.objects.count() == people - 1
    zoe = Person.objects.get(pk=int(merge["keep"]))
    assert zoe.links.count() == 2
    page = client.get(f"/manage/people/{zoe.pk}/").content.decode()
    split = form_data(page, "Not the same person: split zoe smith (Autumn GT) off")
    assert client.post("/manage/people/split/", split).status_code == 302
    assert zoe.links.count() == 1
    assert Person.objects.count() == people
    page = client.get(f"/manage/people/{zoe.pk}/").content.decode()
    assert "zoe smith (Autumn GT) split off Zoë Smith" in page
    undo = form_data(page, "Undo")  # the split is the one change that can still be undone
    assert client.post("/manage/people/undo/", undo).status_code == 302
    assert zoe.links.count() == 2
    assert Person.objects.count() == people - 1
    assert list(PersonChange.objects.order_by("pk").values_list("action", "undone")) == [
        ("merge", False),
        ("split", True),
        ("undo", False),
    ]


def test_people_pages_are_for_organisers(organiser):
    from django.contrib.auth import get_user_model

    nobody = get_user_model().objects.create_user("nobody", password="pw")
    assert _client().get("/manage/people/").status_code == 302
    assert _client(nobody).get("/manage/people/").status_code == 403
    _, (ana, ben) = finished_event(organiser, "Spring GT", [ANA, BEN])
    refused = _client(nobody).post(
        "/manage/people/merge/",
        {"keep": ana.person_link.person_id, "other": ben.person_link.person_id},
    )
    assert refused.status_code == 403
    assert Person.objects.count() == 2


def test_the_players_own_page_links_to_their_results_across_events(organiser):
    _, (ana, _) = finished_event(organiser, "Spring GT", [ANA, BEN])
    page = _client().get(f"/p/{ana.private_key}/")
    assert f"/people/{ana.person_link.person_id}/" in page.content.decode()


def test_another_organiser_cannot_merge_split_or_undo_people_of_hidden_events(
    organiser, other_organiser
):
    _, (dee, _eve) = finished_event(organiser, "Secret GT", [("Dee", ""), ("Eve", "")], hidden=True)
    _, (fay, _) = finished_event(other_organiser, "Open GT", [("Fay", ""), ("Gus", "")])
    client = _client(other_organiser)
    hidden, theirs = dee.person_link.person_id, fay.person_link.person_id
    before = sorted(PersonLink.objects.values_list("player_id", "person_id"))
    assert (
        client.post("/manage/people/merge/", {"keep": theirs, "other": hidden}).status_code == 404
    )
    assert client.post("/manage/people/split/", {"player": dee.pk}).status_code == 404
    assert sorted(PersonLink.objects.values_list("player_id", "person_id")) == before

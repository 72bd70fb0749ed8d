"""The organiser's seeding form on the play-offs page: the same service as the API's PATCH
(logged), round-trips unchanged, names players in its errors, gone once play starts."""

from __future__ import annotations

import pytest

from playoffs.services.playoffs import playoff_advance, playoff_create
from tests.playoffs.conftest import swiss_event
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def cut(organiser):
    event = swiss_event(organiser, players=6, rounds=2)
    playoff_create(event_id=event.pk, user=organiser, format="single", size=4)
    return event


def _page(org_client, event) -> str:
    return org_client.get(f"/manage/events/{event.pk}/playoffs/").content.decode()


def _url(event) -> str:
    return f"/manage/events/{event.pk}/playoffs/seeds/"


def test_posting_the_form_unchanged_changes_nothing(cut, org_client):
    before = list(cut.playoff.seeds)
    data = form_data(_page(org_client, cut), "Save the seeds")
    assert [data[f"seed_{i}"] for i in range(1, 5)] == [str(p) for p in before]
    assert org_client.post(_url(cut), data).status_code == 302
    cut.playoff.refresh_from_db()
    assert cut.playoff.seeds == before
    assert cut.playoff.seeding == "standings"
    assert not AuditEntry.objects.filter(event=cut, action="playoff_seeding").exists()


def test_swapping_two_seeds_saves_through_the_service_and_is_logged(cut, org_client):
    seeds = list(cut.playoff.seeds)
    data = form_data(_page(org_client, cut), "Save the seeds")
    data["seed_1"], data["seed_2"] = str(seeds[1]), str(seeds[0])
    assert org_client.post(_url(cut), data).status_code == 302
    cut.playoff.refresh_from_db()
    assert cut.playoff.seeds == [seeds[1], seeds[0], *seeds[2:]]
    assert cut.playoff.seeding == "organiser"
    entry = AuditEntry.objects.get(event=cut, action="playoff_seeding")
    assert entry.before["seeds"] == seeds
    names = cut.players.in_bulk(seeds)
    page = _page(org_client, cut)
    assert f'<option value="{seeds[1]}" selected>{names[seeds[1]].name}</option>' in page


def test_a_player_on_two_seeds_is_refused_by_name(cut, org_client):
    seeds = list(cut.playoff.seeds)
    data = form_data(_page(org_client, cut), "Save the seeds")
    data["seed_3"] = str(seeds[0])
    refused = org_client.post(_url(cut), data)
    assert refused.status_code == 400
    name = cut.players.get(pk=seeds[0]).name
    assert f"{name} already holds seed 1" in refused.content.decode()
    assert f">{seeds[0]} already" not in refused.content.decode()
    cut.playoff.refresh_from_db()
    assert cut.playoff.seeds == seeds


def test_no_seed_form_once_the_first_knockout_round_is_paired(cut, org_client, organiser):
    data = form_data(_page(org_client, cut), "Save the seeds")
    playoff_advance(event_id=cut.pk, user=organiser)
    assert "Save the seeds" not in _page(org_client, cut)
    seeds = list(cut.playoff.seeds)
    data["seed_1"], data["seed_2"] = data["seed_2"], data["seed_1"]
    assert org_client.post(_url(cut), data).status_code == 302
    cut.playoff.refresh_from_db()
    assert cut.playoff.seeds == seeds

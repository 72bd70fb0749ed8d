"""People stay within what each organiser runs (issue 32): a player links only to people of
the events their organisers run or staff, so an address or a circuit number known elsewhere is
never revealed; merges and splits touch only people wholly in the asker's events; log words
and names come from events the reader may see; one name a person everywhere; suggestions fold
letters as Find my table does."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from common.errors import NotFound
from people.engine.matching import PersonRecord, person_suggestions
from people.models import Person, PersonChange, PersonLink
from people.services.people import (
    person_change_undo,
    person_link_player,
    person_merge,
    person_split,
)
from series.services.series import series_create, series_event_add
from series.services.table import series_table_read
from tests.series.helpers import finished_event
from tournament.models import EventStaff, StaffRole
from tournament.services.events.events import event_create
from tournament.services.events.staff import staff_add
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_an_address_known_in_another_organisers_hidden_event_links_to_no_one(
    organiser, other_organiser
):
    _, (dee, _) = finished_event(
        organiser, "Secret GT", [("Dee Ray", "dee@x.org"), ("Eve", "")], hidden=True
    )
    theirs = event_create(user=other_organiser, name="Open GT", rounds=3, seed=1)
    probe = player_register(event=theirs, user=other_organiser, name="Probe", email="DEE@x.org")
    assert probe.person_link.person_id != dee.person_link.person_id
    assert probe.person_link.how == "new"
    # The probe's own private page links a person of its own, not an old one.
    page = _client().get(f"/p/{probe.private_key}/").content.decode()
    assert f"/people/{dee.person_link.person_id}/" not in page
    # Nor does a circuit's number reach a person of someone else's events.
    Person.objects.filter(pk=dee.person_link.person_id).update(external_ids={"itc": "77"})
    other = player_register(event=theirs, user=other_organiser, name="Other")
    PersonLink.objects.filter(player=other).delete()
    link = person_link_player(player=other, external_ids={"itc": "77"})
    assert link.person_id != dee.person_link.person_id
    assert link.how == "new"


def test_an_address_links_across_the_events_an_organiser_runs_or_staffs(organiser, other_organiser):
    first = event_create(user=organiser, name="Spring GT", rounds=3, seed=1)
    ana = player_register(event=first, user=organiser, name="Ana", email="ana@x.org")
    second = event_create(user=organiser, name="Autumn GT", rounds=3, seed=1, hidden=True)
    again = player_register(event=second, user=organiser, name="Ana", email="ana@x.org")
    assert again.person_link.person_id == ana.person_link.person_id
    # The rival judges at the organiser's Spring GT: their own event's players may be the
    # people of an event they staff.
    EventStaff.objects.create(event=first, user=other_organiser, role=StaffRole.JUDGE)
    theirs = event_create(user=other_organiser, name="Open GT", rounds=3, seed=1)
    hers = player_register(event=theirs, user=other_organiser, name="Ana", email="ana@x.org")
    assert hers.person_link.person_id == ana.person_link.person_id


def test_naming_someone_an_organiser_of_your_event_does_not_reach_their_people(
    organiser, other_organiser
):
    hidden = [("Dee Ray", "dee@x.org"), ("Eve", "")]
    _, (dee, _) = finished_event(organiser, "Secret GT", hidden, hidden=True)
    theirs = event_create(user=other_organiser, name="Open GT", rounds=3, seed=1)
    staff_add(event=theirs, user=other_organiser, username="org", role="organiser")
    probe = player_register(event=theirs, user=other_organiser, name="Probe", email="dee@x.org")
    assert probe.person_link.person_id != dee.person_link.person_id


def test_another_organiser_cannot_merge_or_split_people_of_public_events(
    organiser, other_organiser
):
    _, (ana, ben) = finished_event(organiser, "Spring GT", [("Ana", "ana@x.org"), ("Ben", "")])
    finished_event(organiser, "Autumn GT", [("Ana", "ana@x.org"), ("Cy", "")])
    before = sorted(PersonLink.objects.values_list("player_id", "person_id"))
    # Judging at one of those events makes no difference: only organising does.
    EventStaff.objects.create(event=ana.event, user=other_organiser, role=StaffRole.JUDGE)
    with pytest.raises(NotFound):
        person_merge(
            user=other_organiser,
            keep_id=ana.person_link.person_id,
            other_id=ben.person_link.person_id,
        )
    with pytest.raises(NotFound):
        person_split(user=other_organiser, player_id=ana.pk)
    assert sorted(PersonLink.objects.values_list("player_id", "person_id")) == before


def test_a_merge_never_writes_a_hidden_players_name_into_a_log_another_organiser_reads(
    organiser, other_organiser
):
    boss = get_user_model().objects.create_superuser("boss", password="pw")
    secret = [("Dee Ray", ""), ("Eve", "")]
    _, (dee, _) = finished_event(organiser, "Secret GT", secret, hidden=True)
    _, (fay, _) = finished_event(other_organiser, "Open GT", [("Fay", ""), ("Gus", "")])
    fay_id = fay.person_link.person_id
    # A superuser joins them by mistake, then takes it back: Fay is the rival's alone again.
    person_merge(user=boss, keep_id=fay_id, other_id=dee.person_link.person_id)
    person_split(user=boss, player_id=dee.pk)
    page = _client(other_organiser).get(f"/manage/people/{fay_id}/")
    assert page.status_code == 200
    assert "Dee" not in page.content.decode()
    assert "Secret GT" not in page.content.decode()
    assert "Dee" in _client(boss).get(f"/manage/people/{fay_id}/").content.decode()


def test_undo_of_another_organisers_change_is_no_such_change(organiser, other_organiser):
    finished_event(organiser, "Spring GT", [("Zoë Smith", ""), ("Ben", "")])
    _, (zoe2, _) = finished_event(organiser, "Autumn GT", [("zoe smith", ""), ("Cy", "")])
    keep = PersonLink.objects.get(player__name="Zoë Smith").person_id
    person_merge(user=organiser, keep_id=keep, other_id=zoe2.person_link.person_id)
    change = PersonChange.objects.get()
    with pytest.raises(NotFound):
        person_change_undo(user=other_organiser, change_id=change.pk)
    assert not PersonChange.objects.get(pk=change.pk).undone


def test_suggestions_fold_letters_as_find_my_table_does(organiser):
    names = ["Łukasz Żółć", "Lukasz Zolc", "Søren"]
    people = [PersonRecord(i, name) for i, name in enumerate(names, start=1)]
    assert person_suggestions(people, "Łukasz Żółć") == [1, 2]
    assert person_suggestions(people, "soren") == [3]
    finished_event(organiser, "Spring GT", [("Łukasz Żółć", ""), ("Ben", "")])
    finished_event(organiser, "Autumn GT", [("Lukasz Zolc", ""), ("Cy", "")])
    review = _client(organiser).get("/manage/people/").content.decode()
    assert "Lukasz Zolc" in review
    assert "Łukasz Żółć" in review


def test_the_name_prefers_the_newest_spelling_but_never_all_capitals():
    from people.engine.matching import person_name  # new in issue 32

    assert person_name(["Ana Lima", "Ana Lima-Sousa", "ANA LIMA-SOUSA"]) == "Ana Lima-Sousa"
    assert person_name(["ana lima", "Ana Lima"]) == "Ana Lima"
    assert person_name(["BEN", "BEN ODE"]) == "BEN ODE"  # capitals only: the newest
    assert person_name(["李雷", "Li Lei"]) == "Li Lei"


def test_the_person_page_and_the_series_table_give_one_name(organiser):
    spellings = ["Ana Lima", "Ana Lima-Sousa", "ANA LIMA-SOUSA"]
    series = series_create(user=organiser, fields={"name": "League", "placing_points": ["3"]})
    for day, name in enumerate(spellings, start=1):
        event, _ = finished_event(organiser, f"GT {day}", [(name, "ana@x.org"), ("Ben", "")])
        event.start_date = datetime.date(2026, 1, day)
        event.save(update_fields=["start_date"])
        series_event_add(user=organiser, series_id=series.pk, event_id=event.pk)
    person = PersonLink.objects.filter(player__name__in=spellings).first().person_id
    assert Person.objects.get(pk=person).links.count() == 3
    page = _client().get(f"/api/people/{person}/").json()
    table = series_table_read(series=series, user=None)
    row = next(r for r in table["rows"] if r["person"] == person)
    assert page["name"] == row["name"] == "Ana Lima-Sousa"


def test_merged_players_stop_reading_linked_as_a_new_person(organiser):
    finished_event(organiser, "Spring GT", [("Zoë Smith", ""), ("Ben", "")])
    _, (zoe2, _) = finished_event(organiser, "Autumn GT", [("zoe smith", ""), ("Cy", "")])
    keep = PersonLink.objects.get(player__name="Zoë Smith").person_id
    person_merge(user=organiser, keep_id=keep, other_id=zoe2.person_link.person_id)
    zoe2.refresh_from_db()
    assert zoe2.person_link.how == "merged"
    page = _client(organiser).get(f"/manage/people/{keep}/").content.decode()
    assert 'zoe smith at Autumn GT <span class="sub">(linked as a new person)' not in page
    assert 'zoe smith at Autumn GT <span class="sub">(merged by an organiser)' in page
    # Undone, the player reads as it did before the merge.
    person_change_undo(user=organiser, change_id=PersonChange.objects.get().pk)
    zoe2.refresh_from_db()
    assert zoe2.person_link.how == "new"

"""People in the event document: imported players are linked to people (by number or address,
else new ones), their people's numbers travel in an optional `people` section, and an export
of the import gives the same document."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from people.models import Person, PersonLink
from tests.exchange.helpers import export, without_stamp
from tests.exchange.test_refusals import _refused, _resealed
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db


@pytest.fixture
def numbered(organiser):
    event = event_create(user=organiser, name="Spring GT", rounds=3, seed=1)
    ana = player_register(event=event, user=organiser, name="Ana Lima", email="ana@x.org")
    player_register(event=event, user=organiser, name="Ben Ode")
    Person.objects.filter(pk=ana.person_link.person_id).update(external_ids={"ntr": "1234"})
    return event


def test_numbers_travel_and_imported_players_are_linked(numbered):
    document = export(numbered)
    assert list(document["people"].values()) == [{"external_ids": {"ntr": "1234"}}]
    people = Person.objects.count()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    links = PersonLink.objects.filter(player__event=report.event).select_related("person")
    by_name = {link.player.name: link for link in links}
    assert set(by_name) == {"Ana Lima", "Ben Ode"}
    assert by_name["Ana Lima"].how == "external_id"  # the same person as in Spring GT
    assert by_name["Ana Lima"].person.links.count() == 2
    assert by_name["Ben Ode"].how == "new"  # no number, no address: a person of his own
    assert Person.objects.count() == people + 1
    assert export(report.event)["people"] == document["people"]


def test_numbers_make_a_new_person_on_an_instance_that_does_not_know_them(numbered):
    document = export(numbered)
    numbered.delete()
    Person.objects.all().delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    ana = report.event.players.get(name="Ana Lima").person_link.person
    assert ana.external_ids == {"ntr": "1234"}
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_an_event_without_numbers_has_no_people_section(organiser):
    event = event_create(user=organiser, name="Plain GT", rounds=3, seed=1)
    player_register(event=event, user=organiser, name="Cy Tran")
    assert "people" not in export(event)


def test_a_bad_people_section_is_refused_whole_with_its_place(numbered):
    document = export(numbered)
    key = next(iter(document["people"]))
    document["people"][key] = {"external_ids": {"ntr": 1234}}
    assert f"people.{key}.external_ids.ntr" in _refused(_resealed(document), "invalid_file")
    document["people"] = {"nobody": {"external_ids": {}}}
    assert "people.nobody" in _refused(_resealed(document), "invalid_file")

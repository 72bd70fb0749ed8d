"""A round's mission chosen by name from a table pack's list: every name of 8th, 7th edition
and Only War gives a code of that mission, reproducibly; a name not in the list is refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.errors import Invalid
from missions.engine.generator import mission_from_code
from missions.services.missions import mission_code_named, mission_names
from tests.conftest import add_players
from tournament.services.events.events import event_create
from tournament.services.rounds.rounds import round_create


@pytest.mark.parametrize(
    ("pack", "count"),
    # Seed 000 lines 2157-3008 (8th: six Eternal War, six Maelstrom of War missions), the 7th
    # edition's two D6 tables (SCO) and seed 003's three Only War Primary Objectives.
    [("eighth", 12), ("seventh", 12), ("only_war", 3)],
)
def test_every_name_of_the_pack_gives_a_code_of_that_mission(pack, count):
    names = mission_names(pack)
    assert len(names) == count
    for entry in names:
        code = mission_code_named(pack, entry["key"], after=41)
        mission = mission_from_code(code)
        assert (mission.pack.key, mission.mission.key) == (pack, entry["key"])
        assert mission.mission.name == entry["name"]
        assert code == mission_code_named(pack, entry["key"], after=41)


def test_a_name_not_in_the_packs_list_is_refused_naming_the_list():
    with pytest.raises(Invalid) as err:
        mission_code_named("seventh", "no_mercy", after=0)  # an 8th edition mission
    assert err.value.codes == {"mission": ["unknown_mission"]}
    assert "Purge the Alien" in str(err.value.messages)
    assert mission_names("leviathan") == []


@pytest.mark.django_db
def test_an_only_war_round_chosen_by_name_shows_its_later_roll(client, organiser):
    # Seed 003 around line 1741: Ancient Relic's marker that stays is selected at the start
    # of the first battle round, so the Rounds page leaves it to the table.
    org_client = client
    org_client.force_login(organiser)
    event = event_create(user=organiser, name="Only War night", rounds=2, mission_pack="only_war")
    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser)
    url = reverse("manage-round-mission", args=[event.pk, 1])
    org_client.post(url, {"mission_name": "ancient_relic"})
    code = event.rounds.get(number=1).mission_code
    assert mission_from_code(code).mission.key == "ancient_relic"
    html = org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert 'data-testid="later-rolls"' in html
    assert f'href="/missions/{code}/#later"' in html


@pytest.mark.django_db
def test_a_leviathan_round_is_not_chosen_by_name(organiser):
    from tournament.services.rounds.mission import round_choose_mission

    event = event_create(user=organiser, name="Pool GT", rounds=2, mission_pack="leviathan")
    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser)
    before = event.rounds.get(number=1).mission_code
    with pytest.raises(Invalid) as err:
        round_choose_mission(event_id=event.pk, user=organiser, number=1, mission_name="the_relic")
    assert err.value.codes == {"mission": ["has_pool"]}
    assert event.rounds.get(number=1).mission_code == before
    assert not event.audit.filter(action="round_mission").exists()

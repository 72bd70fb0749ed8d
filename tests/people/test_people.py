"""People across events (issue 25): matching players to people by e-mail or external id,
suggestions by name, merges and splits by an organiser (logged)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.errors import Forbidden, Invalid
from people.engine.matching import (
    PersonRecord,
    email_key,
    merged_external_ids,
    person_match,
    person_suggestions,
)
from people.models import Person, PersonChange, PersonLink
from people.services.people import person_link_player, person_merge, person_split, person_suggest
from tests.conftest import add_players
from tournament.engine.names import name_fold
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register

EMAILS = st.sampled_from(["", "ana@x.org", "ANA@x.org ", "ben@y.net", "cy@z.io"])
IDS = st.dictionaries(st.sampled_from(["itc", "ntr"]), st.sampled_from(["1", "2", "3"]))
PEOPLE = st.lists(
    st.builds(
        lambda i, e, ids: PersonRecord(i, f"P{i}", e, ids),
        st.integers(1, 50),
        EMAILS,
        IDS,
    ),
    max_size=8,
    unique_by=lambda p: p.id,
)


@given(PEOPLE, EMAILS, IDS)
def test_match_is_by_id_then_address_and_never_depends_on_order(people, email, ids):
    found = person_match(people, email=email, external_ids=ids)
    assert found == person_match(list(reversed(people)), email=email, external_ids=ids)
    by_id = [p.id for p in people if set(ids.items()) & set(p.external_ids.items())]
    by_mail = [p.id for p in people if email_key(email) and email_key(p.email) == email_key(email)]
    assert found == (min(by_id) if by_id else min(by_mail) if by_mail else None)


@given(st.text(max_size=20))
def test_names_only_suggest_and_fold_case_and_accents(name):
    people = [PersonRecord(1, name), PersonRecord(2, name.upper()), PersonRecord(3, "Zoë  Smith")]
    assert person_match(people) is None  # a name alone never matches
    if name_fold(name):
        assert 1 in person_suggestions(people, name)
    assert person_suggestions(people, "zoe smith") == [3]


@given(IDS, IDS)
def test_merged_ids_keep_the_kept_persons_number_on_a_clash(keep, other):
    ids, clashes = merged_external_ids(keep, other)
    assert {k: ids[k] for k in keep} == keep
    assert set(ids) == set(keep) | set(other)
    assert clashes == sorted(k for k in other if k in keep and keep[k] != other[k])


@pytest.mark.django_db
def test_players_of_two_events_with_one_address_are_one_person(organiser):
    first = event_create(user=organiser, name="Spring GT", rounds=3, seed=1)
    second = event_create(user=organiser, name="Autumn GT", rounds=3, seed=1)
    a = player_register(event=first, user=organiser, name="Ana Lima", email="ana@x.org")
    b = player_register(event=second, user=organiser, name="Ana Lima", email=" ANA@x.org")
    c = player_register(event=second, user=organiser, name="Ana Lima 2")
    assert a.person_link.person == b.person_link.person
    assert b.person_link.how == "email"
    assert c.person_link.person != a.person_link.person
    assert c.person_link.how == "new"


@pytest.mark.django_db
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ids=st.lists(st.sampled_from(["1", "2", "3"]), min_size=1, max_size=6))
def test_an_external_id_links_the_same_person_whatever_the_name(organiser, ids):
    event = event_create(user=organiser, name=f"GT {len(ids)}", rounds=3, seed=1)
    players = add_players(event, organiser, len(ids))
    for player in players:
        PersonLink.objects.filter(player=player).delete()
    links = [
        person_link_player(player=p, external_ids={"ntr": n})
        for p, n in zip(players, ids, strict=True)
    ]
    by_number = {}
    for link, number in zip(links, ids, strict=True):
        by_number.setdefault(number, set()).add(link.person_id)
    assert all(len(people) == 1 for people in by_number.values())
    assert len({next(iter(p)) for p in by_number.values()}) == len(by_number)
    Person.objects.all().delete()


@pytest.mark.django_db
def test_merge_and_split_are_logged_and_keep_every_player(organiser):
    first = event_create(user=organiser, name="Spring GT", rounds=3, seed=1)
    second = event_create(user=organiser, name="Autumn GT", rounds=3, seed=1)
    a = player_register(event=first, user=organiser, name="Zoë Smith")
    b = player_register(event=second, user=organiser, name="zoe smith")
    pa, pb = a.person_link.person, b.person_link.person
    assert pa != pb  # a name alone never links
    assert person_suggest(user=organiser, person=pa) == [pb]
    Person.objects.filter(pk=pa.pk).update(external_ids={"ntr": "7"})
    Person.objects.filter(pk=pb.pk).update(external_ids={"ntr": "8", "itc": "1"})
    kept = person_merge(user=organiser, keep_id=pa.pk, other_id=pb.pk)
    assert sorted(kept.links.values_list("player_id", flat=True)) == sorted([a.pk, b.pk])
    assert kept.external_ids == {"ntr": "7", "itc": "1"}
    assert not Person.objects.filter(pk=pb.pk).exists()
    merge = PersonChange.objects.get(action="merge")
    assert merge.user == organiser
    assert merge.words == "zoe smith merged into Zoë Smith (kept Zoë Smith's ntr number)"
    assert merge.before["other"]["players"] == [b.pk]
    new = person_split(user=organiser, player_id=b.pk)
    assert new.links.get().player == b
    assert PersonChange.objects.get(action="split").words == (
        "zoe smith (Autumn GT) split off Zoë Smith"
    )
    with pytest.raises(Invalid):
        person_split(user=organiser, player_id=b.pk)  # the only player of their person
    with pytest.raises(Invalid):
        person_merge(user=organiser, keep_id=new.pk, other_id=new.pk)


@pytest.mark.django_db
def test_only_organisers_merge(organiser):
    from django.contrib.auth import get_user_model

    nobody = get_user_model().objects.create_user("nobody", password="pw")
    event = event_create(user=organiser, name="Spring GT", rounds=3, seed=1)
    a, b = add_players(event, organiser, 2)
    before = PersonLink.objects.count()
    with pytest.raises(Forbidden):
        person_merge(user=nobody, keep_id=a.person_link.person_id, other_id=b.person_link.person_id)
    assert PersonLink.objects.count() == before
    assert Person.objects.count() == 2

"""Merging two people then undoing it gives back the same people (which players are one
person, with their addresses and numbers); splitting then undoing likewise. Hypothesis picks
the people, their numbers and which two are merged."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from people.models import Person, PersonChange, PersonLink
from people.services.people import person_change_undo, person_merge, person_split
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register

IDS = st.dictionaries(st.sampled_from(["itc", "ntr"]), st.sampled_from(["1", "2"]), max_size=2)


def _people() -> set[tuple]:
    """Each person as (their players, address, numbers): ids of people left out."""
    out = set()
    for person in Person.objects.all():
        players = frozenset(
            PersonLink.objects.filter(person=person).values_list("player_id", flat=True)
        )
        out.add((players, person.email, tuple(sorted((person.external_ids or {}).items()))))
    return out


@pytest.mark.django_db
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    mails=st.lists(st.sampled_from(["", "a@x.org", "b@x.org", "c@x.org"]), min_size=3, max_size=5),
    numbers=st.lists(IDS, min_size=3, max_size=5),
    pick=st.tuples(st.integers(0, 10), st.integers(0, 10)),
)
def test_merge_or_split_then_undo_gives_back_the_same_people(organiser, mails, numbers, pick):
    Person.objects.all().delete()
    event = event_create(user=organiser, name="GT", rounds=3, seed=1)
    players = [
        player_register(event=event, user=organiser, name=f"P{i}", email=mail)
        for i, mail in enumerate(mails)
    ]
    for player, ids in zip(players, numbers, strict=False):
        Person.objects.filter(pk=player.person_link.person_id).update(external_ids=ids)
    before = _people()
    people = sorted(Person.objects.values_list("pk", flat=True))
    keep, other = people[pick[0] % len(people)], people[pick[1] % len(people)]
    if keep != other:
        person_merge(user=organiser, keep_id=keep, other_id=other)
        assert len(_people()) == len(before) - 1
        assert PersonLink.objects.filter(person_id=keep).count() >= 2
        person_change_undo(user=organiser, change_id=PersonChange.objects.get(action="merge").pk)
        assert _people() == before
    owner = dict(PersonLink.objects.values_list("player_id", "person_id"))
    shared = [p for p in players if list(owner.values()).count(owner[p.pk]) > 1]
    if shared:
        person_split(user=organiser, player_id=shared[0].pk)
        assert len(_people()) == len(before) + 1
        person_change_undo(user=organiser, change_id=PersonChange.objects.get(action="split").pk)
        assert _people() == before
    event.delete()
    PersonChange.objects.all().delete()

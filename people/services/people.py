"""People across events: linking players, suggestions by name, merges and splits.

Players are linked when saved (hooks.py): by an external id or the e-mail address when one
matches a person, else to a new person of their own. Names only suggest (`person_suggest`);
an organiser merges two people who are one, or splits a player off a person (both logged).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from people.engine.matching import (
    PersonRecord,
    merged_external_ids,
    person_match,
    person_suggestions,
)
from people.models import Person, PersonChange, PersonLink
from tournament.errors import Forbidden, Invalid, NotFound
from tournament.services.access import user_can_create_events


def _candidates(*, email: str, external_ids: dict) -> list[PersonRecord]:
    """The people the address or an id could name, read narrowly (one query), for the
    engine to choose among."""
    wanted = Q(pk__in=[])
    if email.strip():
        wanted |= Q(email__iexact=email.strip())
    for system, number in external_ids.items():
        wanted |= Q(**{f"external_ids__{system}": number})
    rows = Person.objects.filter(wanted).values_list("pk", "display_name", "email", "external_ids")
    return [PersonRecord(pk, name, mail or "", ids or {}) for pk, name, mail, ids in rows]


@transaction.atomic
def person_link_player(*, player, external_ids: dict | None = None) -> PersonLink:
    """The player's person: kept if linked already, else the one an external id or the
    address names, else a new person with the player's name and address."""
    existing = PersonLink.objects.filter(player=player).select_related("person").first()
    if existing is not None:
        return existing
    ids = {str(k): str(v).strip() for k, v in (external_ids or {}).items() if str(v).strip()}
    email = player.email or ""
    people = _candidates(email=email, external_ids=ids)
    found = person_match(people, external_ids=ids)
    how = "external_id"
    if found is None:
        found, how = person_match(people, email=email), "email"
    if found is not None:
        return PersonLink.objects.create(person_id=found, player=player, how=how)
    person = Person.objects.create(display_name=player.name, email=email, external_ids=ids)
    return PersonLink.objects.create(person=person, player=player, how="new")


def person_suggest(*, person: Person) -> list[Person]:
    """Other people with the same name once folded: candidates for a merge, never merged by
    themselves."""
    # An organiser's question, not a hot path: every name is folded by the engine.
    rows = Person.objects.values_list("pk", "display_name")
    records = [PersonRecord(pk, name) for pk, name in rows]
    ids = [i for i in person_suggestions(records, person.display_name) if i != person.pk]
    return list(Person.objects.filter(pk__in=ids).order_by("pk"))


def _require(user) -> None:
    if not user_can_create_events(user):
        raise Forbidden("user", "not_organiser", "Only organisers may merge or split people.")


@transaction.atomic
def person_merge(*, user, keep_id: int, other_id: int) -> Person:
    """`other`'s players become `keep`'s; their ids join (a clash keeps `keep`'s); `other` goes.
    Logged with both people's names and players."""
    _require(user)
    if keep_id == other_id:
        raise Invalid("other", "same_person", "A person cannot be merged with themselves.")
    people = {
        p.pk: p for p in Person.objects.select_for_update().filter(pk__in=[keep_id, other_id])
    }
    if keep_id not in people or other_id not in people:
        raise NotFound("person", "not_found", "No such person.")
    keep, other = people[keep_id], people[other_id]
    before = {
        "keep": _snapshot(keep),
        "other": _snapshot(other),
    }
    ids, clashes = merged_external_ids(keep.external_ids or {}, other.external_ids or {})
    keep.external_ids = ids
    if not keep.email and other.email:
        keep.email = other.email
    keep.save(update_fields=["external_ids", "email"])
    PersonLink.objects.filter(person=other).update(person=keep)
    words = f"{other.display_name} merged into {keep.display_name}"
    if clashes:
        words += f" (kept {keep.display_name}'s {', '.join(clashes)} number)"
    other.delete()
    PersonChange.objects.create(
        action="merge", person=keep, words=words, before=before, after=_snapshot(keep), user=user
    )
    return keep


@transaction.atomic
def person_split(*, user, player_id: int) -> Person:
    """The player leaves their person for a new person of their own (name and address from
    the player). Logged."""
    _require(user)
    link = (
        PersonLink.objects.select_for_update()
        .select_related("person", "player", "player__event")
        .filter(player_id=player_id)
        .first()
    )
    if link is None:
        raise NotFound("player", "not_linked", "That player is not linked to a person.")
    old = link.person
    if old.links.count() == 1:
        raise Invalid(
            "player", "only_player", f"{link.player.name} is {old.display_name}'s only player."
        )
    before = _snapshot(old)
    player = link.player
    new = Person.objects.create(display_name=player.name, email=player.email or "")
    link.person, link.how = new, "organiser"
    link.save(update_fields=["person", "how"])
    words = f"{player.name} ({player.event.name}) split off {old.display_name}"
    PersonChange.objects.create(
        action="split", person=new, words=words, before=before, after=_snapshot(new), user=user
    )
    return new


def _snapshot(person: Person) -> dict:
    return {
        "name": person.display_name,
        "email": person.email,
        "external_ids": dict(person.external_ids or {}),
        "players": sorted(person.links.values_list("player_id", flat=True)),
    }

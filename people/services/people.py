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
from tournament.errors import Conflict, Forbidden, Invalid, NotFound
from tournament.services.access import (
    event_hidden_from,
    events_visible_to,
    user_can_create_events,
)


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
    if (
        keep_id not in people
        or other_id not in people
        or not _all_visible(user, [keep_id, other_id])
    ):
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
    if link is None or event_hidden_from(user, link.player.event):
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


def _all_visible(user, person_ids: list[int]) -> bool:
    """Every one of these people has an event `user` may see (else, for them, no such person)."""
    visible = events_visible_to(user).values("pk")
    seen = PersonLink.objects.filter(person_id__in=person_ids, player__event__in=visible)
    return set(seen.values_list("person_id", flat=True)) >= set(person_ids)


def _snapshot(person: Person) -> dict:
    return {
        "id": person.pk,
        "name": person.display_name,
        "email": person.email,
        "external_ids": dict(person.external_ids or {}),
        "players": sorted(person.links.values_list("player_id", flat=True)),
    }


def _undo_blocker(change: PersonChange) -> str:
    """Why this change cannot be taken back now ("" when it can): only while nothing has
    moved since, so the undo restores exactly the before it logged."""
    if change.undone:
        return "It has been undone already."
    if change.action == "merge":
        keep = Person.objects.filter(pk=change.before["keep"]["id"]).first()
        if keep is None or _snapshot(keep) != change.after:
            return "The merged person has changed since."
        return ""
    if change.action == "split":
        old = Person.objects.filter(pk=change.before["id"]).first()
        new = Person.objects.filter(pk=change.after["id"]).first()
        if old is None or new is None or _snapshot(new) != change.after:
            return "The people have changed since."
        return ""
    return "Only merges and splits can be undone."


def person_change_undo_blocker(*, change: PersonChange) -> str:
    return _undo_blocker(change)


@transaction.atomic
def person_change_undo(*, user, change_id: int) -> PersonChange:
    """Take a merge or a split back, while nothing has moved since (logged as an undo)."""
    _require(user)
    change = PersonChange.objects.select_for_update().filter(pk=change_id).first()
    ids = _change_people(change) if change else []
    if change is None or not ids or not _all_visible(user, ids):
        raise NotFound("change", "not_found", "No such change.")
    blocker = _undo_blocker(change)
    if blocker:
        raise Conflict("change", "not_undoable", f"{change.words}: cannot be undone. {blocker}")
    if change.action == "merge":
        keep = Person.objects.select_for_update().get(pk=change.before["keep"]["id"])
        was, other = change.before["keep"], change.before["other"]
        back = Person.objects.create(
            display_name=other["name"], email=other["email"], external_ids=other["external_ids"]
        )
        PersonLink.objects.filter(person=keep, player_id__in=other["players"]).update(person=back)
        keep.email, keep.external_ids = was["email"], was["external_ids"]
        keep.save(update_fields=["email", "external_ids"])
        person, words = keep, f"Undone: {change.words}"
    else:
        old = Person.objects.select_for_update().get(pk=change.before["id"])
        new = Person.objects.get(pk=change.after["id"])
        PersonLink.objects.filter(person=new).update(person=old)
        new.delete()
        person, words = old, f"Undone: {change.words}"
    change.undone = True
    change.save(update_fields=["undone"])
    return PersonChange.objects.create(
        action="undo",
        person=person,
        words=words,
        before=change.after,
        after=_snapshot(person),
        user=user,
    )


def _change_people(change: PersonChange) -> list[int]:
    """The people a change is about who still exist (to check the asker may see them)."""
    if change.action == "merge":
        ids = [change.before["keep"]["id"]]
    elif change.action == "split":
        ids = [change.before["id"], change.after["id"]]
    else:
        return []
    return list(Person.objects.filter(pk__in=ids).values_list("pk", flat=True))

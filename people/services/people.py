"""People across events: linking players, suggestions by name, merges and splits.

Players are linked when saved (hooks.py): by an external id or the e-mail address when one
matches a person of the events the player's organisers run or staff (never anyone else's: an
address known elsewhere must not show), else to a new person of their own. Names only suggest
(`person_suggest`); an organiser merges two people who are one, or splits a player off a person
(both logged), only for people whose every player is in events they organise (`people_managed_by`;
a superuser's are everyone).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Forbidden, Invalid, NotFound
from people.engine.matching import (
    PersonRecord,
    merged_external_ids,
    person_match,
    person_name,
    person_suggestions,
)
from people.models import Person, PersonChange, PersonLink
from tournament.models import Event, EventStaff, StaffRole
from tournament.services.events.access import user_can_create_events

NO_PERSON = gettext_lazy("No such person.")


def _link_scope(event, *, everywhere: bool = False) -> QuerySet[Event]:
    """The events whose people a new player of `event` may be: the event itself and every
    event on whose staff all of its organisers are (a superuser is on every event's). All of
    them, not any: an organiser who names someone else a co-organiser of their event must not
    reach that person's people. `everywhere`: a trusted import (a superuser's or the
    operator's) links across the server."""
    if everywhere:
        return Event.objects.all()
    organisers = EventStaff.objects.filter(event_id=event.pk, role=StaffRole.ORGANISER)
    rows = list(organisers.values_list("user_id", "user__is_superuser"))
    if not rows:
        return Event.objects.filter(pk=event.pk)
    shared = Event.objects.all()
    for user_id, superuser in rows:
        if not superuser:
            shared = shared.filter(
                Exists(EventStaff.objects.filter(event=OuterRef("pk"), user_id=user_id))
            )
    return Event.objects.filter(Q(pk=event.pk) | Q(pk__in=shared.values("pk")))


def _candidates(
    *, event, email: str, external_ids: dict, everywhere: bool = False
) -> list[PersonRecord]:
    """The people of `event`'s scope the address or an id could name, read narrowly (one
    query), for the engine to choose among."""
    wanted = Q(pk__in=[])
    if email.strip():
        wanted |= Q(email__iexact=email.strip())
    for system, number in external_ids.items():
        wanted |= Q(**{f"external_ids__{system}": number})
    near = PersonLink.objects.filter(
        person=OuterRef("pk"),
        player__event__in=_link_scope(event, everywhere=everywhere).values("pk"),
    )
    rows = Person.objects.filter(wanted).filter(Exists(near))
    rows = rows.values_list("pk", "display_name", "email", "external_ids")
    return [PersonRecord(pk, name, mail or "", ids or {}) for pk, name, mail, ids in rows]


def events_organised_by(user) -> QuerySet[Event]:
    """The events `user` organises (every event for a superuser)."""
    if user is None or not user.is_authenticated:
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(
        Exists(EventStaff.objects.filter(event=OuterRef("pk"), user=user, role="organiser"))
    )


def people_managed_by(user) -> QuerySet[Person]:
    """The people an organiser may merge, split and is offered as suggestions: those whose
    every player is in an event they organise (everyone for a superuser). A person who also
    played in anyone else's events is not theirs to change."""
    if not user_can_create_events(user):
        return Person.objects.none()
    if user.is_superuser:
        return Person.objects.all()
    mine = events_organised_by(user).values("pk")
    inside = PersonLink.objects.filter(person=OuterRef("pk"), player__event__in=mine)
    outside = PersonLink.objects.filter(person=OuterRef("pk")).exclude(player__event__in=mine)
    return Person.objects.filter(Exists(inside)).exclude(Exists(outside))


def _ordered(links: QuerySet[PersonLink]) -> QuerySet[PersonLink]:
    """Oldest event first, as a person's name is chosen from them."""
    return links.order_by("player__event__start_date", "player__event__created_at", "player_id")


def person_name_of(person: Person) -> str:
    """The person's name from all their players (for the people an asker manages, every
    player is in an event the asker may see)."""
    names = _ordered(person.links.all()).values_list("player__name", flat=True)
    return person_name(list(names)) or person.display_name


def _rename(person: Person) -> None:
    """Keep the stored name the one the person goes by, after their players change."""
    name = person_name_of(person)
    if name != person.display_name:
        person.display_name = name
        person.save(update_fields=["display_name"])


@transaction.atomic
def person_link_player(
    *, player, external_ids: dict | None = None, everywhere: bool = False
) -> PersonLink:
    """The player's person: kept if linked already, else the one an external id or the
    address names among the people of the events the player's organisers run or staff
    (`everywhere`: of the whole server, for a trusted import), else a new person with the
    player's name and address."""
    existing = PersonLink.objects.filter(player=player).select_related("person").first()
    if existing is not None:
        return existing
    ids = {str(k): str(v).strip() for k, v in (external_ids or {}).items() if str(v).strip()}
    email = player.email or ""
    people = _candidates(event=player.event, email=email, external_ids=ids, everywhere=everywhere)
    found = person_match(people, external_ids=ids)
    how = "external_id"
    if found is None:
        found, how = person_match(people, email=email), "email"
    if found is not None:
        return PersonLink.objects.create(person_id=found, player=player, how=how)
    person = Person.objects.create(display_name=player.name, email=email, external_ids=ids)
    return PersonLink.objects.create(person=person, player=player, how="new")


def person_suggest(*, user, person: Person) -> list[Person]:
    """Other people the organiser manages with the same name once folded: candidates for a
    merge, never merged by themselves."""
    # An organiser's question, not a hot path: every name is folded by the engine.
    rows = people_managed_by(user).values_list("pk", "display_name")
    records = [PersonRecord(pk, name) for pk, name in rows]
    ids = [i for i in person_suggestions(records, person.display_name) if i != person.pk]
    return list(Person.objects.filter(pk__in=ids).order_by("pk"))


def _require(user) -> None:
    if not user_can_create_events(user):
        raise Forbidden(
            "user", "not_organiser", gettext("Only organisers may merge or split people.")
        )


@transaction.atomic
def person_merge(*, user, keep_id: int, other_id: int) -> Person:
    """`other`'s players become `keep`'s; their ids join (a clash keeps `keep`'s); `other` goes.
    Logged with both people's names and players."""
    _require(user)
    if keep_id == other_id:
        raise Invalid("other", "same_person", gettext("A person cannot be merged with themselves."))
    people = {
        p.pk: p for p in Person.objects.select_for_update().filter(pk__in=[keep_id, other_id])
    }
    if not _all_managed(user, [keep_id, other_id]) or len(people) != 2:
        raise NotFound("person", "not_found", NO_PERSON)
    keep, other = people[keep_id], people[other_id]
    # Both people's players are all in the asker's events: the words name no one else's.
    keep_name, other_name = person_name_of(keep), person_name_of(other)
    moved = other.links.all()
    before = {
        "keep": _snapshot(keep),
        "other": _snapshot(other),
        # How each player of `other` was linked, for the undo to give back.
        "how": {str(pk): how for pk, how in moved.values_list("player_id", "how")},
    }
    ids, clashes = merged_external_ids(keep.external_ids or {}, other.external_ids or {})
    keep.external_ids = ids
    if not keep.email and other.email:
        keep.email = other.email
    keep.save(update_fields=["external_ids", "email"])
    # Their players are this person now by the organiser's word, not "a new person".
    moved.update(person=keep, how="merged")
    words = f"{other_name} merged into {keep_name}"
    if clashes:
        words += f" (kept {keep_name}'s {', '.join(clashes)} number)"
    other.delete()
    _rename(keep)
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
    if link is None or not _all_managed(user, [link.person_id]):
        raise NotFound("player", "not_linked", gettext("That player is not linked to a person."))
    old = link.person
    old_name = person_name_of(old)
    if old.links.count() == 1:
        raise Invalid(
            "player",
            "only_player",
            gettext("%(name)s is %(old_name)s's only player.")
            % {"name": link.player.name, "old_name": old_name},
        )
    before = _snapshot(old)
    player = link.player
    new = Person.objects.create(display_name=player.name, email=player.email or "")
    link.person, link.how = new, "organiser"
    link.save(update_fields=["person", "how"])
    # The person left behind by the name they go by now.
    _rename(old)
    words = f"{player.name} ({player.event.name}) split off {person_name_of(old)}"
    PersonChange.objects.create(
        action="split", person=new, words=words, before=before, after=_snapshot(new), user=user
    )
    return new


def _all_managed(user, person_ids: list[int]) -> bool:
    """Every one of these people is the asker's to change (else, for them, no such person)."""
    found = people_managed_by(user).filter(pk__in=person_ids).values_list("pk", flat=True)
    return set(found) >= set(person_ids)


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
    if change is None or not ids or not _all_managed(user, ids):
        raise NotFound("change", "not_found", gettext("No such change."))
    blocker = _undo_blocker(change)
    if blocker:
        raise Conflict(
            "change",
            "not_undoable",
            gettext("%(words)s: cannot be undone. %(blocker)s")
            % {"words": change.words, "blocker": blocker},
        )
    if change.action == "merge":
        keep = Person.objects.select_for_update().get(pk=change.before["keep"]["id"])
        was, other = change.before["keep"], change.before["other"]
        back = Person.objects.create(
            display_name=other["name"], email=other["email"], external_ids=other["external_ids"]
        )
        back_links = PersonLink.objects.filter(person=keep, player_id__in=other["players"])
        back_links.update(person=back)
        # Each player is linked as it was before the merge (a merge logged before the
        # merge kept how its players were linked leaves them as they are).
        for player_id, how in (change.before.get("how") or {}).items():
            PersonLink.objects.filter(person=back, player_id=int(player_id)).update(how=how)
        keep.email, keep.external_ids = was["email"], was["external_ids"]
        keep.save(update_fields=["email", "external_ids"])
        _rename(back)
        _rename(keep)
        person, words = keep, f"Undone: {change.words}"
    else:
        old = Person.objects.select_for_update().get(pk=change.before["id"])
        new = Person.objects.get(pk=change.after["id"])
        PersonLink.objects.filter(person=new).update(person=old)
        new.delete()
        _rename(old)
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

"""A person erased (issue 36, privacy by design): in every event they played, each of their
players is renamed to a tombstone ("Erased player 3", unique in its event), and their e-mail,
club, nickname and the personal text other apps keep beside them (PLAYER_ERASERS: the army
list) are blanked; the event's free texts that name them (penalty reasons, announcements,
swap reasons, judges' notes) name the tombstone instead. Games, results, penalties and every
other row stay as they are, so everyone else's standings, tie-breaks and opponents' metrics do
not move. The audit log and the people log keep no copy of what was erased: their entries are
scrubbed, and the erasure itself is logged without the values it erased. It cannot be undone.

Allowed for a superuser, or an organiser of every event the person played
(`people_managed_by`), as merges and splits are."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from common.errors import NotFound
from people.models import Person, PersonChange, PersonLink
from people.services.people import people_managed_by
from tournament.caching.revision import event_revision_bump
from tournament.engine.names import name_key, names_replaced
from tournament.extensions import EVENT_TEXT_SCRUBBERS, PLAYER_ERASERS
from tournament.models import Announcement, AuditEntry, Penalty, Player, RoundRecord
from tournament.services.audit.log import audit_record
from tournament.services.audit.words import audit_words_register

TOMBSTONE = "Erased player {n}"
# Keys of logged rows that hold a person's own text, blanked in entries about the player.
PERSONAL_KEYS = (
    "email",
    "club",
    "nickname",
    "army_list",
    "list_comment",
    "list_overrules",
    "reason_private",
)
ERASED_PERSON = "Erased person"


def _tombstone(player: Player) -> str:
    """The first "Erased player <n>" no other player of the event goes by."""
    taken = set(
        Player.objects.filter(event_id=player.event_id)
        .exclude(pk=player.pk)
        .values_list("name_key", flat=True)
    )
    n = 1
    while name_key(TOMBSTONE.format(n=n)) in taken:
        n += 1
    return TOMBSTONE.format(n=n)


def _scrub(value, *, names: dict[str, str], texts: set[str], emails: set[str], mine: bool):
    """`value` (a logged before/after) with the erased name replaced by its tombstone, the
    erased addresses and texts blanked (also inside longer strings for addresses), and, in an
    entry about the player (`mine`) or a row naming them, their personal keys blanked."""
    if isinstance(value, str):
        if value in names:
            return names[value]
        if value in texts or value in emails:
            return ""
        for mail in emails:
            value = value.replace(mail, "")
        return names_replaced(value, names)
    if isinstance(value, list):
        return [_scrub(v, names=names, texts=texts, emails=emails, mine=mine) for v in value]
    if isinstance(value, dict):
        theirs = mine or value.get("name") in names
        out = {}
        for key, item in value.items():
            new_key = names.get(key, key) if isinstance(key, str) else key
            if theirs and key in PERSONAL_KEYS and item:
                out[new_key] = {} if isinstance(item, dict) else ""
            else:
                out[new_key] = _scrub(item, names=names, texts=texts, emails=emails, mine=mine)
        return out
    return value


def _scrub_log(player: Player, *, names: dict[str, str], texts: set, emails: set):
    entries = AuditEntry.objects.filter(event_id=player.event_id).exclude(
        before__isnull=True, after__isnull=True
    )
    target = f"player:{player.pk}"
    changed = []
    for entry in entries.only("pk", "before", "after", "target", "actor_label"):
        mine = entry.target == target
        before = _scrub(entry.before, names=names, texts=texts, emails=emails, mine=mine)
        after = _scrub(entry.after, names=names, texts=texts, emails=emails, mine=mine)
        if before != entry.before or after != entry.after:
            entry.before, entry.after = before, after
            changed.append(entry)
    AuditEntry.objects.bulk_update(changed, ["before", "after"])


def _scrub_people_log(person: Person, *, names: dict[str, str], emails: set[str]) -> None:
    """The people log (merges, splits) keeps names and addresses in its words and snapshots."""
    ids = {person.pk}
    for change in PersonChange.objects.all():
        text = f"{change.words}{change.before}{change.after}"
        if not any(n in text for n in names) and not any(e in text for e in emails):
            continue
        words = change.words
        for old, new in sorted(names.items(), key=lambda kv: -len(kv[0])):
            words = words.replace(old, new)
        for mail in emails:
            words = words.replace(mail, "")
        change.words = words
        change.before = _scrub(change.before, names=names, texts=set(), emails=emails, mine=False)
        change.after = _scrub(change.after, names=names, texts=set(), emails=emails, mine=False)
        if change.person_id in ids:
            change.before = _snapshot_blank(change.before)
            change.after = _snapshot_blank(change.after)
        change.save(update_fields=["words", "before", "after"])


def _snapshot_blank(snapshot):
    if isinstance(snapshot, dict) and "external_ids" in snapshot:
        return {**snapshot, "email": "", "external_ids": {}}
    return snapshot


def _scrub_texts(event_id: int, *, names: dict[str, str], emails: set[str]) -> None:
    """The event's free texts (penalty reasons, announcements, swap reasons in the pairing
    records, and those other apps keep: EVENT_TEXT_SCRUBBERS) with the erased names replaced by
    the tombstone and the addresses taken out: staff write names in them in passing."""

    def scrub(text: str) -> str:
        for mail in emails:
            text = text.replace(mail, "")
        return names_replaced(text, names)

    for model, field in ((Penalty, "reason"), (Announcement, "text")):
        for row in model.objects.filter(event_id=event_id).only("pk", field):
            new = scrub(getattr(row, field))
            if new != getattr(row, field):
                setattr(row, field, new)
                row.save(update_fields=[field])
    for record in RoundRecord.objects.filter(round__event_id=event_id):
        swaps = record.data.get("swaps") or []
        for swap in swaps:
            swap["reason"] = scrub(swap.get("reason") or "")
        if swaps:
            record.save(update_fields=["data"])
    for hook in EVENT_TEXT_SCRUBBERS:
        hook(event_id, scrub)


def person_erase_check(*, person_id: int, user) -> None:
    """NotFound unless `user` may erase this person (for anyone else, and anyone not signed
    in, the person does not exist): asked before anything else of the request is read."""
    if not people_managed_by(user).filter(pk=person_id).exists():
        raise NotFound("person", "not_found", gettext("No such person."))


@transaction.atomic
def person_erase(*, person_id: int, user) -> dict:
    """Erase the person in every event they played. Returns {"person": id, "players": how
    many, "names": [each tombstone]}. NotFound for anyone who may not (as a person who does
    not exist)."""
    person = Person.objects.select_for_update().filter(pk=person_id).first()
    if person is None or not people_managed_by(user).filter(pk=person_id).exists():
        raise NotFound("person", "not_found", gettext("No such person."))
    links = PersonLink.objects.filter(person=person).select_related("player")
    players = [link.player for link in links.order_by("player_id")]
    old_names = {p.name for p in players} | {person.display_name}
    emails = {e for e in {person.email, *(p.email for p in players)} if e}
    tombstones = []
    for linked in players:
        player = Player.objects.select_for_update().get(pk=linked.pk)
        old_name, nickname = player.name, player.nickname
        # The club stays out of `texts`: other players share it; it goes from the entries
        # about this player only.
        texts = {t for hook in PLAYER_ERASERS for t in hook(player) if t}
        tombstone = _tombstone(player)
        player.name, player.email, player.club, player.nickname = tombstone, "", "", ""
        player.save(update_fields=["name", "name_key", "email", "club", "nickname"])
        names = dict.fromkeys({old_name, nickname, person.display_name} - {""}, tombstone)
        _scrub_texts(player.event_id, names=names, emails=emails)
        # The log's copies first, then the erasure itself, logged without the erased values.
        _scrub_log(player, names=names, texts=texts, emails=emails)
        audit_record(
            event=player.event,
            action="player_erase",
            target=f"player:{player.pk}",
            user=user,
            before=None,
            after={"name": tombstone, "erased": ["name", "email", "club", "army_list"]},
        )
        event_revision_bump(event_id=player.event_id)
        tombstones.append(tombstone)
    names = dict.fromkeys(old_names, tombstones[0] if tombstones else ERASED_PERSON)
    _scrub_people_log(person, names=names, emails=emails)
    person.display_name = tombstones[0] if tombstones else ERASED_PERSON
    person.email, person.external_ids = "", {}
    person.save(update_fields=["display_name", "email", "external_ids"])
    return {"person": person.pk, "players": len(players), "names": tombstones}


def _erase_words(entry) -> str:
    name = (entry.after or {}).get("name") or gettext("A player")
    return gettext("%(name)s: erased (name, e-mail, club and army list); cannot be undone") % {
        "name": name
    }


def erase_words_register() -> None:
    audit_words_register("player_erase", gettext_lazy("Person erased"), _erase_words)

"""The faction, Force Disposition and detachments recorded for a player, taken from their army
list when it states them: filled in when nothing is recorded yet, and otherwise left alone and
shown to the staff as a mismatch they settle with one click ("use the list's"). All are logged
as `army_list_recorded` and undoable. A faction is only taken when the list's names map to one
of the project's factions (tournament.data.factions) and to no other; detachments are compared as
names in any order and case, and stored as the event's rules data spells those it knows."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from missions.eleventh.matrix import DISPOSITION_NAMES
from missions.pack.registry import get_pack
from rosters.data import UnknownDataset, rules_data
from rosters.engine.checks import disposition_id
from rosters.engine.checks.detachments import disposition_granted
from rosters.engine.roster import Roster
from rosters.services.detachments import (
    detachments_clean,
    detachments_same,
    detachments_spelled,
    detachments_words,
)
from rosters.services.rows import list_row, list_row_save
from rosters.services.rules import army_list_rules
from tournament.data.factions import faction_known
from tournament.models import Event, Player
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_edit_check, audit_restore, audit_restores
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable

FIELDS = ("faction", "disposition", "detachments")
LABELS = {"faction": "Faction", "disposition": "Force Disposition", "detachments": "Detachments"}
# "The caller has not read the list's checks": they are read here (None means no list).
_UNREAD = object()


def player_detachments_spelled(player: Player, names: list[str]) -> list[str]:
    """The names as stored for `player`: spelled as their event's rules data spells the
    detachments of their faction (the list's and the organiser's alike)."""
    return detachments_spelled(names, event=player.event, faction=player.faction)


def _faction(written: str | None) -> str | None:
    """The project's name for the list's faction: the whole line, or else the one faction its
    levels ("Imperium - Adeptus Astartes - Blood Angels") name; None when none or several."""
    if not written:
        return None
    whole = faction_known(written)
    if whole:
        return whole
    named = {faction_known(part) for part in written.split(" - ")} - {None}
    return named.pop() if len(named) == 1 else None


def _detachments(written: tuple[str, ...]) -> list[str] | None:
    """The list's detachments as a player records them (one named twice counted once); None
    when it names none, or more than any army takes (the checks say so; the staff decide)."""
    names: dict[str, str] = {}
    for name in written:
        names.setdefault(" ".join(name.split()).casefold(), name)
    try:
        return detachments_clean(list(names.values())) or None
    except Invalid:
        return None


def list_recorded_from(roster: Roster, *, eleventh: bool) -> dict:
    """What the list states, in the values a player records: {"faction": name,
    "disposition": id (11th-edition events only, when the list names exactly one),
    "detachments": [name, ...] (as the list spells them)}."""
    found: dict = {}
    faction = _faction(roster.faction)
    if faction:
        found["faction"] = faction
    if eleventh and len(roster.dispositions) == 1:
        ident = disposition_id(roster.dispositions[0])
        if ident:
            found["disposition"] = ident
    detachments = _detachments(roster.detachments)
    if detachments:
        found["detachments"] = detachments
    return found


def _is_eleventh(event: Event) -> bool:
    return get_pack(event.mission_pack).edition == "11th"


def _stated(player: Player, rules=_UNREAD) -> dict:
    if rules is _UNREAD:
        rules = army_list_rules(player=player)
    if rules is None:
        return {}
    eleventh = _is_eleventh(player.event)
    found = list_recorded_from(rules.roster, eleventh=eleventh)
    if eleventh and "disposition" not in found and not rules.roster.dispositions:
        # A list naming no disposition takes the one its detachments grant when they grant
        # exactly one (the checks read it so): recorded, so pairing does not ask for it.
        try:
            data = rules_data(rules.data_version) if rules.data_version else None
        except UnknownDataset:
            data = None
        granted = disposition_granted(rules.roster, data) if data is not None else None
        if granted:
            found["disposition"] = granted
    return found


def _same(field: str, recorded, stated) -> bool:
    if field == "faction":
        return (faction_known(recorded) or recorded) == stated
    if field == "detachments":
        return detachments_same(recorded, stated)
    return recorded == stated


def _words(field: str, value) -> str:
    if field == "detachments":
        return detachments_words(value)
    return DISPOSITION_NAMES.get(value, value) if field == "disposition" else value


def recorded_mismatch(player: Player, rules=_UNREAD) -> list[dict]:
    """Each recorded field that the list states otherwise: {"field", "recorded", "list"} in
    the words people see (an empty recorded field is filled, not a mismatch). `rules`: the
    list's checks when the caller has them (army_list_rules)."""
    stated = _stated(player, rules)
    return [
        {
            "field": field,
            "recorded": _words(field, getattr(player, field)),
            "list": _words(field, stated[field]),
        }
        for field in FIELDS
        if field in stated
        and getattr(player, field)
        and not _same(field, getattr(player, field), stated[field])
    ]


def _write(player: Player, values: dict, *, user=None, by_player: bool = False) -> dict:
    """Record `values`; the detachments (kept beside the list, in the rosters app) after the
    faction, so they are spelled as the rules data of the faction just recorded spells them.
    Returns what was stored, as logged."""
    before = {field: getattr(player, field) for field in values}
    own = {field: value for field, value in values.items() if field != "detachments"}
    for field, value in own.items():
        setattr(player, field, value)
    if own:
        player.save(update_fields=list(own))
    after = dict(values)
    if "detachments" in values:
        row = list_row(player)
        row.detachments = after["detachments"] = player_detachments_spelled(
            player, values["detachments"]
        )
        list_row_save(player, row)
    audit_record(
        event=player.event,
        action="army_list_recorded",
        target=f"player:{player.pk}",
        user=user,
        player=player if by_player else None,
        before=before,
        after=after,
    )
    return after


def list_recorded_fill(*, player: Player, user=None, by_player: bool = False) -> dict:
    """Fill the player's empty faction, disposition and detachments from their list (called
    as it is sent, inside its transaction); what was filled, as stored."""
    stated = _stated(player)
    empty = {f: v for f, v in stated.items() if not getattr(player, f)}
    return _write(player, empty, user=user, by_player=by_player) if empty else {}


@transaction.atomic
def list_recorded_use(*, player: Player, user, field) -> Player:
    """Record what the list states for `field` ("faction", "disposition" or "detachments")
    in place of what is recorded (organisers). Nothing changes when they already agree
    (detachments: the same names in any order and case)."""
    require_organiser(user, player.event)
    if field not in FIELDS:
        raise Invalid(
            "field", "invalid_choice", gettext("Must be faction, disposition or detachments.")
        )
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event_require_writable(player.event)
    stated = _stated(player)
    if field not in stated:
        raise Conflict(
            field,
            "not_in_list",
            gettext("%(name)s's list states no %(lower)s.")
            % {"name": player.name, "lower": LABELS[field].lower()},
        )
    recorded = getattr(player, field)
    if field == "detachments" and recorded and detachments_same(recorded, stated[field]):
        return player
    if recorded != stated[field]:
        _write(player, {field: stated[field]}, user=user)
    return player


audit_restores("army_list_recorded", "player", FIELDS)


@undo_check("army_list_recorded")
def _check_undo(entry) -> list[str]:
    audit_edit_check(entry, lambda player: player.name)
    return []


@undoable("army_list_recorded")
def _undo(entry) -> None:
    audit_restore(entry)

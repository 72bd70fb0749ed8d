"""Registering players, check-in, drops and late entries."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from common.errors import Conflict, Invalid
from tournament.data.factions import faction_canonical, faction_known
from tournament.extensions import PLAYER_UPDATE_CHECKS
from tournament.models import Event, Game, Player, PlayerStatus
from tournament.models.player import new_private_key
from tournament.services.audit.log import (
    audit_changes,
    audit_record,
    rounds_paired_after,
    undo_check,
    undoable,
)
from tournament.services.audit.targets import (
    audit_edit_check,
    audit_restore,
    audit_restores,
    logged_value,
    target_id,
)
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.events.extra_fields import (
    extra_clean,
    extra_editable,
    extra_logged,
    extra_read,
    extra_split,
    extra_write,
)
from tournament.services.players.names import (
    name_checked,
    name_clash,
    name_holder,
    nickname_checked,
    nickname_free,
    players_by_name,
    text_checked,
)
from tournament.services.players.registration import email_clean, registration_move_up
from tournament.services.results import rowsql
from tournament.services.rounds.eleventh import disposition_allowed, disposition_clean

TEXT_FIELDS = {"name": 120, "faction": 120, "club": 120}
BOOL_FIELDS = ("battle_ready", "checked_in", "dropped")
# Other apps' fields (rosters: `army_list`) are editable beside these (extra_fields.py).
EDITABLE = (*TEXT_FIELDS, "email", *BOOL_FIELDS, "fixed_table", "first_round")
EDITABLE += ("disposition", "nickname")
# Every field the organiser edits is logged and undoable: the standings and pairings read
# some (drops, late entries, Battle Ready, fixed tables), and the rest are what people see.
LOGGED = (*EDITABLE, "dropped_after_round")
# What a deleted player is recreated from when the delete is undone (their link included,
# so a QR code already handed out works again).
RECREATED = (*EDITABLE, "dropped_after_round", "private_key")


def player_warnings(player: Player) -> list[dict]:
    """What the organiser may want to check about an entry the service accepted."""
    if player.faction and faction_known(player.faction) is None:
        message = f"{player.faction} is not in the faction list; kept as typed."
        return [{"field": "faction", "code": "unknown_faction", "message": message}]
    return []


def player_by_key(*, key: str) -> Player | None:
    """The player whose private key this is, with their event; None for an unknown key.

    Every result a player sends is authenticated by this, so it is one hand-written statement
    (rowsql) rather than the ORM's, which would also sort by the player's default ordering."""
    sql = (
        f"SELECT {rowsql.columns(Player, 'p')}, {rowsql.columns(Event, 'e')} "  # noqa: S608 - names from the models
        f"FROM {rowsql.table(Player)} p JOIN {rowsql.table(Event)} e ON e.id = p.event_id "
        "WHERE p.private_key = %s"
    )
    found = rowsql.fetch((Player, Event), sql, [key])
    if found is None:
        return None
    player, event = found[1]
    player.event = event
    return player


def _clean(data: dict) -> dict:
    unknown = sorted(set(data) - {*EDITABLE, *extra_editable("player")})
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not a player field."))
    clean = dict(data)
    if "name" in clean:
        clean["name"] = name_checked(clean["name"], limit=TEXT_FIELDS["name"])
    for field, limit in TEXT_FIELDS.items():
        if field in clean and field != "name":
            value = text_checked(clean[field], field=field)
            if len(value) > limit:
                raise Invalid(
                    field,
                    "max_length",
                    gettext("Must be at most %(limit)s characters.") % {"limit": limit},
                )
            # One spelling per faction ("Tau Empire" is T'au Empire); unknown stays as typed.
            clean[field] = faction_canonical(value) if field == "faction" else value
    for field in BOOL_FIELDS:
        if field in clean and not isinstance(clean[field], bool):
            raise Invalid(field, "invalid", gettext("Must be true or false."))
    _check_numbers(clean)
    clean = extra_clean("player", clean)
    if "email" in clean:
        clean["email"] = email_clean(clean["email"])
    if "disposition" in clean:
        clean["disposition"] = disposition_clean(clean["disposition"])
    if "nickname" in clean:
        clean["nickname"] = nickname_checked(clean["nickname"])
    return clean


def _check_numbers(clean: dict) -> None:
    for field in ("fixed_table", "first_round"):
        value = clean.get(field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise Invalid(field, "invalid", gettext("Must be a whole number."))
        if value is not None and value < 1:
            raise Invalid(field, "min_value", gettext("Must be at least 1."))


def _snapshot(player: Player, fields) -> dict:
    extras = extra_read("player", player) if set(fields) & set(extra_logged("player")) else {}
    return {f: extras[f] if f in extras else getattr(player, f) for f in fields}


def _name_free(event: Event, name: str, player: Player | None = None) -> None:
    """Refuse a name another player of the event holds, in any case or character form."""
    holder = name_holder(Player.objects.filter(event=event), name, exclude=player)
    if holder is not None:
        raise name_clash(name, holder)


def _clash_after_race(event: Event, name: str) -> Conflict:
    # Another request took the name between the check and the write.
    holder = name_holder(Player.objects.filter(event=event), name)
    if holder is not None:
        return name_clash(name, holder)
    return Conflict("name", "duplicate", gettext("A player with this name is already registered."))


@transaction.atomic
def player_register(*, event: Event, user, name: str, **fields) -> Player:
    """Add an entrant. After round 1 is paired it is a late entry: missed rounds are losses."""
    require_organiser(user, event)
    clean = _clean({"name": name, **fields})
    event_require_writable(Event.objects.select_for_update().get(pk=event.pk))
    disposition_allowed(event, clean.get("disposition", ""))
    paired = event.rounds.count()
    clean.setdefault("first_round", paired + 1)
    _name_free(event, clean["name"])
    nickname_free(Player.objects.filter(event=event), clean.get("nickname", ""))
    own, theirs = extra_split("player", clean)
    try:
        with transaction.atomic():
            player = Player.objects.create(event=event, **own)
    except IntegrityError as exc:
        raise _clash_after_race(event, clean["name"]) from exc
    extra_write("player", player, theirs, fresh=True)
    audit_record(
        event=event,
        action="player_register",
        target=f"player:{player.pk}",
        user=user,
        after={"name": player.name, "first_round": player.first_round},
    )
    return player


@transaction.atomic
def player_update(*, player: Player, user, changes: dict) -> Player:
    """Edit a player. Dropping records the round after which they left; undrop clears it."""
    require_organiser(user, player.event)
    clean = _clean(changes)
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event_require_writable(player.event)
    if "name" in clean:
        _name_free(player.event, clean["name"], player)
    if clean.get("nickname"):
        nickname_free(
            Player.objects.filter(event_id=player.event_id), clean["nickname"], exclude=player
        )
    if clean.get("disposition") != player.disposition:
        # The organiser may change it after the lock too (logged below).
        disposition_allowed(player.event, clean.get("disposition", ""))
    for check in PLAYER_UPDATE_CHECKS:
        check(player, clean)
    if "dropped" in clean and clean["dropped"] != player.dropped:
        clean["dropped_after_round"] = player.event.rounds.count() if clean["dropped"] else None
    before = _snapshot(player, clean)
    own, theirs = extra_split("player", clean)
    for key, value in own.items():
        setattr(player, key, value)
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError as exc:
        raise _clash_after_race(player.event, player.name) from exc
    # Logged as stored: another app may store a value as the row's other fields say (rosters:
    # a detachment spelled as the rules data of the player's faction spells it).
    clean.update(extra_write("player", player, theirs))
    audit_changes(
        event=player.event,
        action="player_update",
        target=f"player:{player.pk}",
        user=user,
        before=before,
        after=clean,
        fields=(*LOGGED, *extra_logged("player")),
    )
    return player


audit_restores("player_update", "player", LOGGED, extras=True)


@undo_check("player_update")
def _check_player_update(entry) -> list[str]:
    player = audit_edit_check(entry, lambda p: p.name)
    old_name = entry.before.get("name")
    if isinstance(old_name, str):
        holder = name_holder(
            Player.objects.filter(event_id=player.event_id), old_name, exclude=player
        )
        if holder is not None:
            raise Conflict(
                "entry",
                "name_taken",
                gettext("Another player is now called %(name)s; rename them first.")
                % {"name": holder.name},
            )
    if not {"dropped", "first_round"} & set(entry.after):
        return []
    return [
        f"Round {n} was paired after this change to {player.name}; its pairings stay as they are."
        for n in rounds_paired_after(entry)
    ]


@undoable("player_update")
def _undo_player_update(entry) -> None:
    audit_restore(entry)


@transaction.atomic
def player_nickname_set(*, player: Player, nickname) -> Player:
    """The player's own nickname, from their private page (issue 36): the name the public reads
    when the event shows nicknames. Checked as names are, unique in the event; logged."""
    value = nickname_checked(nickname)
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event_require_writable(player.event)
    if value == player.nickname:
        return player
    nickname_free(Player.objects.filter(event_id=player.event_id), value, exclude=player)
    before = player.nickname
    player.nickname = value
    player.save(update_fields=["nickname"])
    audit_record(
        event=player.event,
        action="player_nickname",
        target=f"player:{player.pk}",
        player=player,
        before={"nickname": before},
        after={"nickname": value},
    )
    return player


audit_restores("player_nickname", "player", ("nickname",))


@undo_check("player_nickname")
def _check_player_nickname(entry) -> list[str]:
    audit_edit_check(entry, lambda p: p.name)
    return []


@undoable("player_nickname")
def _undo_player_nickname(entry) -> None:
    audit_restore(entry)


def player_games_count(player: Player) -> int:
    """Games of any round the player sits in, byes included."""
    return Game.objects.filter(Q(player_a=player) | Q(player_b=player)).count()


@transaction.atomic
def player_delete(*, player: Player, user) -> None:
    """Remove an entry made by mistake. Only a player with no game in any round (byes count)
    may go; one who has played is dropped instead, so the opponents' records stay whole."""
    require_organiser(user, player.event)
    event = Event.objects.select_for_update().get(pk=player.event_id)
    event_require_writable(event)
    player = Player.objects.select_for_update().filter(pk=player.pk).first()
    if player is None:
        raise Conflict("player", "gone", gettext("This player has already been removed."))
    games = player_games_count(player)
    if games:
        raise Conflict(
            "player",
            "player_has_games",
            # ngettext: an English plural suffix glued on cannot be translated.
            ngettext(
                "%(name)s has %(games)s game in the pairings and cannot be deleted; "
                "drop them instead.",
                "%(name)s has %(games)s games in the pairings and cannot be deleted; "
                "drop them instead.",
                games,
            )
            % {"name": player.name, "games": games},
        )
    before = {"id": player.pk, **_snapshot(player, (*RECREATED, *extra_editable("player")))}
    player.delete()
    audit_record(
        event=event,
        action="player_delete",
        target=f"player:{before['id']}",
        user=user,
        before=before,
    )
    # A place taken by the deleted entry goes to the first player waiting for one.
    registration_move_up(event=event)


def _recreated(entry) -> dict:
    """The deleted player's logged fields as the model holds them; only the fields a deletion
    logs, under the id its target names."""
    before = entry.before
    if not isinstance(before, dict) or before.get("id") != target_id(entry, "player"):
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record whom it deleted.")
        )
    values = {"id": before["id"]}
    for name in (*RECREATED, *extra_editable("player")):
        if name in before:
            try:
                values[name] = logged_value(Player, name, before[name])
            except ValueError:
                raise Conflict(
                    "entry", "not_undoable", gettext("This entry does not record whom it deleted.")
                ) from None
    if not isinstance(values.get("name"), str) or not values["name"].strip():
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record whom it deleted.")
        )
    return values


@undo_check("player_delete")
def _check_player_delete(entry) -> list[str]:
    before = _recreated(entry)
    name = before["name"]
    if Player.objects.filter(pk=before["id"]).exists():
        raise Conflict(
            "entry",
            "already_back",
            gettext("%(name)s is already back in the event.") % {"name": name},
        )
    holder = name_holder(Player.objects.filter(event_id=entry.event_id), name)
    if holder is not None:
        raise Conflict(
            "entry",
            "name_taken",
            gettext("Another player is now called %(name)s; rename them first.")
            % {"name": holder.name},
        )
    return [
        f"Round {n} was paired after {name} was deleted; they return without a game in it."
        for n in rounds_paired_after(entry)
    ]


@undoable("player_delete")
def _undo_player_delete(entry) -> None:
    # The same id, so the log's older entries about this player name them again.
    values = _recreated(entry)
    if Player.objects.filter(private_key=values.get("private_key")).exists():
        values["private_key"] = new_private_key()  # a key is never shared
    own, theirs = extra_split("player", values)
    player = Player.objects.create(event_id=entry.event_id, **own)
    extra_write("player", player, theirs, fresh=True)


def players_absent(*, event: Event, round_number: int | None = None) -> list[Player]:
    """Players expected at the tables of a round (the next one unless given) who have not
    checked in: not dropped, and already entered by that round (late entries included)."""
    number = round_number if round_number is not None else event.rounds.count() + 1
    return players_by_name(
        event.players.filter(
            status=PlayerStatus.APPROVED, dropped=False, checked_in=False, first_round__lte=number
        )
    )


def _bulk_entry(players: list[Player]) -> dict:
    return {"player_ids": [p.pk for p in players], "names": [p.name for p in players]}


def _absent_update(*, event: Event, user, action: str, before: dict, after) -> list:
    """Set after(event) on every player the next round expects who has not checked in, in
    one logged, undoable step; nobody to change changes and logs nothing. `after` is read
    under the event's lock."""
    require_organiser(user, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    event_require_writable(event)
    absent = players_absent(event=event)
    if not absent:
        return []
    after = after(event)
    Player.objects.filter(pk__in=[p.pk for p in absent]).update(**after)
    audit_record(
        event=event,
        action=action,
        target=f"event:{event.pk}",
        user=user,
        before={**_bulk_entry(absent), **before},
        after={**_bulk_entry(absent), **after},
    )
    return absent


@transaction.atomic
def players_check_in_all(*, event: Event, user) -> list[Player]:
    """Check in every player the next round expects; one audit entry, undoable."""
    return _absent_update(
        event=event,
        user=user,
        action="players_check_in",
        before={"checked_in": False},
        after=lambda event: {"checked_in": True},
    )


@transaction.atomic
def players_drop_absent(*, event: Event, user) -> list[Player]:
    """Drop every player the next round expects who has not checked in; one audit entry."""
    return _absent_update(
        event=event,
        user=user,
        action="players_drop_absent",
        before={"dropped": False},
        after=lambda event: {"dropped": True, "dropped_after_round": event.rounds.count()},
    )


@undo_check("players_check_in")
@undo_check("players_drop_absent")
def _check_absent_update(entry) -> list[str]:
    ids = (entry.before or {}).get("player_ids")
    if not isinstance(ids, list) or not all(type(i) is int for i in ids):
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record whom it changed.")
        )
    return []


@undoable("players_check_in")
def _undo_players_check_in(entry) -> None:
    Player.objects.filter(event_id=entry.event_id, pk__in=entry.before["player_ids"]).update(
        checked_in=False
    )


@undoable("players_drop_absent")
def _undo_players_drop_absent(entry) -> None:
    Player.objects.filter(event_id=entry.event_id, pk__in=entry.before["player_ids"]).update(
        dropped=False, dropped_after_round=None
    )

"""Export of a whole event as one JSON document (docs/export-format.md); import is in
importing/ (check.py, then write.py). Apps built on events add their
sections through exchange/extensions.py (the tracker's tracked games, teams, play-offs).

The document names every object by a key of its own ("p-3", "g-12", "r-2", "a-1", "e-40") and
every account by its username, never by a database id, so it can be imported into any
instance. Keys follow the database's order of creation, so exporting an imported event again
gives the same document.
"""

from __future__ import annotations

import hashlib
import json

from django.contrib.auth import get_user_model
from django.utils import timezone

from exchange.extensions import EXCHANGE_EXTENSIONS, player_derived_dump
from exchange.services import fields
from exchange.services.refs import map_payload, map_target
from tournament.models import (
    Announcement,
    AuditEntry,
    Event,
    EventStaff,
    Game,
    PaintingScore,
    Player,
    Result,
    SportsVote,
)
from tournament.services.documents.exports import file_slug
from tournament.services.events.access import require_organiser
from tournament.services.events.extra_fields import extra_read, extra_related

FORMAT = "strategium-event"
VERSION = 1


def canonical_bytes(document: dict) -> bytes:
    """The checksummed content: everything but the checksum, keys sorted, no spaces."""
    body = {k: v for k, v in document.items() if k != "sha256"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def checksum(document: dict) -> str:
    return hashlib.sha256(canonical_bytes(document)).hexdigest()


class _Keys:
    """Database ids -> document keys, with "gone" keys for rows no longer in the event."""

    def __init__(self, event: Event) -> None:
        self.players = {
            pk: f"p-{n}"
            for n, pk in enumerate(event.players.order_by("id").values_list("id", flat=True), 1)
        }
        games = Game.objects.filter(round__event=event).order_by("round__number", "id")
        self.games = {pk: f"g-{n}" for n, pk in enumerate(games.values_list("id", flat=True), 1)}
        self.rounds = {pk: f"r-{number}" for pk, number in event.rounds.values_list("id", "number")}
        announcements = event.announcements.order_by("id").values_list("id", flat=True)
        self.announcements = {pk: f"a-{n}" for n, pk in enumerate(announcements, 1)}
        penalties = event.penalties.order_by("id").values_list("id", flat=True)
        self.penalties = {pk: f"pen-{n}" for n, pk in enumerate(penalties, 1)}
        entries = event.audit.order_by("id").values_list("id", flat=True)
        self.audit = {pk: f"e-{n}" for n, pk in enumerate(entries, 1)}
        self.users: dict[int, str] = {}
        self.gone: dict[tuple[str, str], str] = {}
        # Rows of apps built on events (teams), by kind: their audit targets become keys too.
        self.extra: dict[str, dict] = {}
        for extension in EXCHANGE_EXTENSIONS:
            self.extra.update(extension.keys(event))

    def user(self, user_id) -> str | None:
        if user_id is None:
            return None
        if user_id not in self.users:
            name = (
                get_user_model()
                .objects.filter(pk=user_id)
                .values_list("username", flat=True)
                .first()
            )
            self.users[user_id] = name
        return self.users[user_id]

    def player(self, player_id) -> str | None:
        return None if player_id is None else self.players[player_id]

    def ref(self, kind: str, ident):
        """Any id an audit entry or tracker action names, as a document reference."""
        if kind == "event":
            return ""  # the event of the file itself
        if ident is None or ident == "":
            return ident
        if kind == "user":
            if str(ident).startswith("@"):
                return str(ident)[1:]  # a name an imported file gave, not an account here
            name = self.user(int(ident)) if str(ident).isdigit() else None
            if name is not None:
                return name
        else:
            table = {
                "player": self.players,
                "game": self.games,
                "round": self.rounds,
                "announcement": self.announcements,
                "audit": self.audit,
                "penalty": self.penalties,
                **self.extra,
            }.get(kind, {})
            if str(ident).isdigit() and int(ident) in table:
                return table[int(ident)]
        # Consistent within the file: the same deleted row has the same gone key everywhere.
        return self.gone.setdefault((kind, str(ident)), f"~{len(self.gone) + 1}")


def _player(player: Player, keys: _Keys) -> dict:
    extras = extra_read("player", player)
    return {
        "key": keys.players[player.pk],
        **fields.dump_fields(fields.player_specs(), player, extras),
        **player_derived_dump(player),
    }


def _recorded(result: Result) -> dict:
    """The game record's keys that hold something (optional keys: absent is not recorded)."""
    record = fields.dump_fields(fields.RESULT_RECORD, result)
    return {key: value for key, value in record.items() if value is not None}


def _clock_times(result: Result) -> dict:
    """The game clock's keys, only for a game that had a clock."""
    if result.time_used_a is None and result.time_used_b is None and not result.timed_out:
        return {}
    return fields.dump_fields(fields.RESULT_CLOCK, result)


def _result(result: Result, keys: _Keys) -> dict:
    return {
        **fields.dump_fields(fields.RESULT, result),
        **{
            k: v
            for k, v in fields.dump_fields(fields.RESULT_RECORD, result).items()
            if v is not None
        },
        **_clock_times(result),
        # An account, else the name an imported file gave (importing/write.py keeps it as text).
        "entered_by_user": keys.user(result.entered_by_user_id) or result.entered_by_label or None,
        "entered_by_player": _kept_player(result.entered_by_player_id, keys),
        "confirmed_by_user": (
            keys.user(result.confirmed_by_user_id) or result.confirmed_by_label or None
        ),
        "confirmed_by_player": _kept_player(result.confirmed_by_player_id, keys),
    }


def _kept_player(player_id, keys: _Keys) -> str | None:
    # A result entered by a player later removed from another event cannot happen (players
    # with games are never deleted), but a foreign id must not leak into the file.
    return keys.players.get(player_id) if player_id is not None else None


def _game(game: Game, results: list[Result], keys: _Keys) -> dict:
    return {
        "key": keys.games[game.pk],
        **fields.dump_fields(fields.GAME, game),
        # Written only when staff gave the table more time: other files stay as they were.
        **(fields.dump_fields(fields.GAME_EXTENDED, game) if game.extra_minutes else {}),
        "player_a": keys.player(game.player_a_id),
        "player_b": keys.player(game.player_b_id),
        "attacker": keys.player(game.attacker_id),
        "results": [_result(r, keys) for r in sorted(results, key=lambda r: r.version)],
    }


def _rounds(event: Event, keys: _Keys) -> list[dict]:
    results: dict[int, list[Result]] = {}
    for result in Result.objects.filter(game__round__event=event).order_by("game_id", "version"):
        results.setdefault(result.game_id, []).append(result)
    games: dict[int, list[Game]] = {}
    for game in Game.objects.filter(round__event=event).order_by("round__number", "id"):
        games.setdefault(game.round_id, []).append(game)
    return [
        {
            "key": keys.rounds[round_.pk],
            **fields.dump_fields(fields.ROUND, round_),
            "games": [_game(g, results.get(g.pk, []), keys) for g in games.get(round_.pk, [])],
        }
        for round_ in event.rounds.order_by("number")
    ]


def _staff(row: EventStaff, keys: _Keys) -> dict:
    return {
        "username": row.user.get_username(),
        **fields.dump_fields(fields.STAFF, row),
        "added_by": keys.user(row.added_by_id),
    }


def _announcement(row: Announcement, keys: _Keys) -> dict:
    return {
        "key": keys.announcements[row.pk],
        **fields.dump_fields(fields.ANNOUNCEMENT, row),
        "created_by": keys.user(row.created_by_id),
        **{
            name: value
            for name, value in fields.dump_fields(fields.ANNOUNCEMENT_ENDS, row).items()
            if value is not None
        },
    }


def _original_actions(entries: list[AuditEntry]) -> dict[int, str]:
    """Each entry's action, and for an undo its original's: that says which ids it holds."""
    by_id = {e.pk: e for e in entries}
    out = {}
    for entry in entries:
        action = entry.action
        if action == "undo":
            _, _, ident = entry.target.partition(":")
            original = by_id.get(int(ident)) if ident.isdigit() else None
            action = original.action if original else action
        out[entry.pk] = action
    return out


def _audit(entries: list[AuditEntry], keys: _Keys) -> list[dict]:
    actions = _original_actions(entries)
    out = []
    for entry in entries:
        action = actions[entry.pk]
        row = fields.dump_fields(fields.AUDIT, entry)
        row["before"] = map_payload(action, entry.before, keys.ref)
        row["after"] = map_payload(action, entry.after, keys.ref)
        out.append(
            {
                "key": keys.audit[entry.pk],
                **row,
                "target": map_target(entry.action, entry.target, keys.ref),
                "actor_user": keys.user(entry.actor_user_id) or entry.actor_label or None,
                "actor_player": _kept_player(entry.actor_player_id, keys),
                "undone_by": keys.user(entry.undone_by_id) or entry.undone_by_label or None,
            }
        )
    return out


def _awards(event: Event, keys: _Keys) -> dict:
    """Painting scores and sportsmanship votes (tournament/services/standings/awards.py)."""
    painting = PaintingScore.objects.filter(player__event=event).order_by("player_id")
    votes = SportsVote.objects.filter(game__round__event=event).order_by("game_id", "voter_id")
    return {
        "painting": [
            {
                "player": keys.player(row.player_id),
                **fields.dump_fields(fields.PAINTING, row),
                "entered_by": keys.user(row.entered_by_id),
            }
            for row in painting
        ],
        "votes": [
            {
                "game": keys.games[row.game_id],
                "voter": keys.player(row.voter_id),
                "opponent": keys.player(row.opponent_id),
                **fields.dump_fields(fields.VOTE, row),
            }
            for row in votes
        ],
    }


def _penalties(event: Event, keys: _Keys) -> list[dict]:
    return [
        {
            "key": keys.penalties[row.pk],
            "player": keys.player(row.player_id),
            **fields.dump_fields(
                fields.PENALTY,
                row,
                {"round": row.round_number},
            ),
            "given_by": keys.user(row.given_by_id),
        }
        for row in event.penalties.order_by("id")
    ]


def event_export_document(*, event: Event) -> dict:
    """The whole event as the document of docs/export-format.md, checksum included."""
    keys = _Keys(event)
    staff = EventStaff.objects.filter(event=event).select_related("user").order_by("added_at", "id")
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "event": fields.dump_fields(fields.event_specs(), event, extra_read("event", event)),
        "staff": [_staff(row, keys) for row in staff],
        "players": [
            _player(p, keys)
            for p in event.players.order_by("id").select_related(*extra_related("player"))
        ],
        "tables": [fields.dump_fields(fields.TABLE, t) for t in event.tables.order_by("number")],
        "rounds": _rounds(event, keys),
        "announcements": [_announcement(a, keys) for a in event.announcements.order_by("id")],
        "awards": _awards(event, keys),
        "audit": _audit(list(event.audit.order_by("id")), keys),
    }
    if keys.penalties:
        # Optional (issue 35): files of events without penalties are as before.
        document["penalties"] = _penalties(event, keys)
    for extension in EXCHANGE_EXTENSIONS:
        document.update(extension.dump(event, keys))
    document["sha256"] = checksum(document)
    return document


def event_export(*, event: Event, user) -> dict:
    """The document, for an organiser of the event."""
    require_organiser(user, event)
    return event_export_document(event=event)


def export_filename(event: Event) -> str:
    """A file name from the event's name, safe in a Content-Disposition header."""
    # Letters kept ("Łódź"), as the CSV names keep them (services/exports.py file_slug).
    return f"{file_slug(event.name, 'event')}.strategium.json"

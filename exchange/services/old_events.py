"""Events played before Strategium, brought in from another app's file: a Best Coast Pairings
event's JSON (engine/bcp.py) or a plain CSV of rounds (engine/rounds_csv.py).

The file is read into an OldEvent and checked whole (every result by the chosen pack's scoring
rules, as a form would be), then written as an event document (docs/export-format.md) that the
event import writes in one transaction: the new event starts hidden with sign-up closed, like
any import, its results confirmed, its standings computed from them. A bad file is refused
whole (Invalid on `file`, code `invalid_file`) naming the row and column or the JSON path.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Forbidden, Invalid
from exchange.engine.bcp import bcp_read
from exchange.engine.old_events import OldEvent, OldEventError, old_event_check, player_rounds
from exchange.engine.rounds_csv import rounds_csv_read
from exchange.services import fields
from exchange.services.export import FORMAT, VERSION, checksum
from exchange.services.importing.write import ImportReport, event_import
from missions.pack.registry import pack_keys
from missions.scoring.rules import SCORING, clean_result, scoring_rules
from tournament.models import (
    Event,
    EventStatus,
    Game,
    Player,
    Result,
    ResultSource,
    ResultStatus,
    Round,
    RoundStatus,
)
from tournament.models.player import new_private_key
from tournament.services.events.access import user_can_create_events

FIELD = fields.FIELD
DEFAULT_PACK = "leviathan"
METHOD = "imported"  # Round.method: paired elsewhere


def _refused(exc: OldEventError) -> Invalid:
    return Invalid(
        FIELD,
        "invalid_file",
        gettext("%(place)s: %(message)s") % {"place": exc.place, "message": exc.message},
    )


def _results(old: OldEvent, pack: str) -> list[dict]:
    """Each game's result, cleaned by the pack's rules; the first wrong one refuses the file
    naming its place."""
    rules = scoring_rules(pack)
    bye_vp = Event().bye_vp  # a bye the file gives no VP scores the event's bye VP
    out = []
    for game in old.games:
        data = dict(game.result)
        if game.b is None and data.get("vp_a") is None:
            data["vp_a"] = bye_vp
        try:
            out.append(clean_result(data, bye=game.b is None, rules=rules))
        except Invalid as exc:
            name, ((_, message), *_) = next(iter(exc.errors.items()))
            place = game.places.get(name) or game.places.get("vp_a") or game.place
            raise Invalid(
                FIELD,
                "invalid_file",
                gettext("%(place)s: %(message)s") % {"place": place, "message": message},
            ) from None
    return out


def _options(name: str, date, pack: str, old: OldEvent) -> tuple[str, dt.date | None]:
    if pack not in pack_keys() or pack not in SCORING:
        raise Invalid(
            "mission_pack",
            "unknown_pack",
            gettext("Must be one of %(join)s.") % {"join": ", ".join(pack_keys())},
        )
    name = " ".join((name or old.name or "").split())
    if not name:
        raise Invalid("name", "no_name", gettext("Give the event a name (the file names none)."))
    if len(name) > Event._meta.get_field("name").max_length:
        raise Invalid("name", "too_long", gettext("At most 200 characters."))
    if date is None and old.start_date:
        try:
            date = dt.date.fromisoformat(old.start_date)
        except ValueError:
            raise Invalid(
                FIELD,
                "invalid_file",
                gettext("%(date_place)s: '%(start_date)s' is not a date.")
                % {"date_place": old.date_place, "start_date": old.start_date},
            ) from None
    return name, date


def _document(old: OldEvent, *, name: str, date, pack: str, username: str) -> dict:
    """The event document of an old event: every field as a new row of it would hold."""
    now = timezone.now()
    rounds = max(g.round for g in old.games)
    event = Event(
        name=name,
        start_date=date,
        end_date=date,
        planned_rounds=rounds,
        mission_pack=pack,
        status=EventStatus.FINISHED,
        created_at=now,
    )
    keys = {key: f"p-{n}" for n, key in enumerate(old.players, 1)}
    joined = player_rounds(old)
    players = []
    for key, player in old.players.items():
        first, dropped = joined[key]
        row = Player(
            name=player.name,
            faction=player.faction,
            club=player.club,
            dropped=dropped is not None,
            dropped_after_round=dropped,
            first_round=first,
            private_key=new_private_key(),
            created_at=now,
        )
        players.append({"key": keys[key], **fields.dump_fields(fields.PLAYER, row)})
    results = _results(old, pack)
    by_round: dict[int, list] = {}
    for game, result in zip(old.games, results, strict=True):
        by_round.setdefault(game.round, []).append((game, result))
    documented, n = [], 0
    for number in range(1, rounds + 1):
        games = []
        # Tables in order, byes last (as the pairing engine lays a round out).
        played = sorted(by_round[number], key=lambda gr: (gr[0].b is None, gr[0].table or 0))
        for game, result in played:
            n += 1
            games.append(_game(n, game, result, keys=keys, now=now, username=username))
        round_ = Round(number=number, status=RoundStatus.COMPLETE, method=METHOD, created_at=now)
        documented.append(
            {"key": f"r-{number}", **fields.dump_fields(fields.ROUND, round_), "games": games}
        )
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": now.isoformat(),
        "event": fields.dump_fields(fields.EVENT, event),
        "staff": [],
        "players": players,
        "tables": [],
        "rounds": documented,
        "announcements": [],
        "awards": {"painting": [], "votes": []},
        "audit": [],
    }
    document["sha256"] = checksum(document)
    return document


def _game(n: int, game, result: dict, *, keys: dict, now, username: str) -> dict:
    bye = game.b is None
    row = Result(
        version=1,
        is_current=True,
        status=ResultStatus.CONFIRMED,
        source=ResultSource.BYE if bye else ResultSource.ORGANISER,
        entered_at=now,
        confirmed_at=None if bye else now,
        **{k: v for k, v in result.items() if k in {s.name for s in fields.RESULT}},
    )
    record = {
        k: v for k, v in fields.dump_fields(fields.RESULT_RECORD, row).items() if v is not None
    }
    entry = {
        **fields.dump_fields(fields.RESULT, row),
        **record,
        "entered_by_user": None if bye else username,
        "entered_by_player": None,
        "confirmed_by_user": None if bye else username,
        "confirmed_by_player": None,
    }
    return {
        "key": f"g-{n}",
        **fields.dump_fields(fields.GAME, Game(table_number=game.table)),
        "player_a": keys[game.a],
        "player_b": None if bye else keys[game.b],
        "attacker": None,
        "results": [entry],
    }


def _import(old_reader, *, user, name: str, date, mission_pack: str) -> ImportReport:
    if not user_can_create_events(user):
        raise Forbidden(
            "user", "not_organiser", gettext("Only organiser accounts may import events.")
        )
    try:
        old = old_reader()
        old_event_check(old)
    except OldEventError as exc:
        raise _refused(exc) from None
    name, date = _options(name, date, mission_pack, old)
    document = _document(old, name=name, date=date, pack=mission_pack, username=user.get_username())
    report = event_import(raw=document, user=user)
    # Every key of the document was made just now: none is "renewed".
    report.new_keys = []
    return report


def event_import_bcp(
    *, user, data, name: str = "", date: dt.date | None = None, mission_pack: str = DEFAULT_PACK
) -> ImportReport:
    """A new event from a Best Coast Pairings event's JSON (parsed); `name` and `date` default
    to the file's event."""
    return _import(
        lambda: bcp_read(data), user=user, name=name, date=date, mission_pack=mission_pack
    )


def event_import_rounds_csv(
    *, user, text: str, name: str, date: dt.date | None = None, mission_pack: str = DEFAULT_PACK
) -> ImportReport:
    """A new event from a CSV of its rounds (engine/rounds_csv.py)."""
    return _import(
        lambda: rounds_csv_read(text), user=user, name=name, date=date, mission_pack=mission_pack
    )

"""Import of an event document (docs/export-format.md) as a new event.

Two phases: the whole file is read and checked first (format, version, checksum, every field,
every reference, every duplicate), naming the first problem by its place in the file
("rounds[2].games[5].player_b: no player 'p-17' in this file"); only then is anything written,
in one transaction, so a refused file leaves the instance exactly as it was.

A file speaks for nobody here: its audit entries become history that cannot be undone, the
accounts it names become names (only the importing account is linked, unless a superuser
chooses to link them all), and its private keys are kept only for a trusted importer (a
superuser or the command line), so an import cannot tell anyone which keys exist here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import DatabaseError, IntegrityError, transaction

from common.errors import Forbidden, Invalid
from exchange.engine.bcp import bcp_shaped
from exchange.extensions import (
    EXCHANGE_EXTENSIONS,
    extension_kinds,
    extension_sections,
    player_derived_check,
)
from exchange.services import fields
from exchange.services.export import FORMAT, VERSION, checksum
from exchange.services.fields import bad
from exchange.services.refs import TARGET_KINDS, map_payload, map_target
from exchange.services.scan import MAX_DEPTH, document_scan, too_deep_at
from missions.pack.registry import pack_keys
from missions.services.missions import is_classic, mission_check_code
from tournament.caching.revision import event_revision_bump
from tournament.engine.scoring.eleventh import record_parts, refuse_record
from tournament.engine.scoring.rules import SCORING
from tournament.localtime import zone_is_known
from tournament.models import (
    Announcement,
    AuditEntry,
    Event,
    EventStaff,
    Game,
    PaintingScore,
    Player,
    Result,
    Round,
    SportsVote,
    StaffRole,
    Table,
)
from tournament.models.event import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from tournament.models.player import new_private_key
from tournament.services.events.access import user_can_create_events
from tournament.services.events.extra_fields import extra_split, extra_write
from tournament.services.players.players import player_warnings
from tournament.services.rounds.eleventh import table_layouts_clean
from tournament.services.standings.standings import metric_names, owr_floor_clean

SECTIONS = ("event", "staff", "players", "tables", "rounds", "announcements", "audit")
# Sections a file may leave out (older exports) and the header's own keys.
OPTIONAL_SECTIONS = ("awards",)
HEADER = ("format", "version", "exported_at", "sha256")


@dataclass
class ImportReport:
    event: Event
    skipped_staff: list[str] = field(default_factory=list)
    missing_accounts: list[str] = field(default_factory=list)
    new_keys: list[str] = field(default_factory=list)
    new_tokens: int = 0
    warnings: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "id": self.event.pk,
            "name": self.event.name,
            "hidden": self.event.hidden,
            "registration_open": self.event.registration_open,
            "warnings": self.warnings,
            "skipped_staff": self.skipped_staff,
            "missing_accounts": self.missing_accounts,
            "new_keys": self.new_keys,
            "new_tracker_links": self.new_tokens,
        }

    def lines(self) -> list[str]:
        out = [
            f"Imported “{self.event.name}” as event {self.event.pk}.",
            "It is hidden, with sign-up closed: check it, then show it and open sign-up in its "
            "settings.",
        ]
        out += [w["message"] for w in self.warnings]
        if self.skipped_staff:
            out.append("Staff in the file not made staff here: " + ", ".join(self.skipped_staff))
        others = sorted(set(self.missing_accounts) - set(self.skipped_staff))
        if others:
            out.append("Accounts named in the file, kept as names: " + ", ".join(others))
        if self.new_keys:
            out.append("New private keys (hand out their new links): " + ", ".join(self.new_keys))
        if self.new_tokens:
            out.append(f"{self.new_tokens} tracker link(s) were renewed.")
        return out


# Reading ---------------------------------------------------------------------------------------


def document_parse(raw) -> dict:
    """The JSON object of an uploaded file (bytes or text), or Invalid saying why not."""
    if isinstance(raw, dict):
        document_scan(raw)
        return raw
    if not isinstance(raw, (str, bytes)):
        raise _not_event(raw)  # parsed JSON that is no object (a list, a number)
    try:
        if isinstance(raw, bytes):
            raw = raw.decode("utf-8")
        document = json.loads(raw)
    except UnicodeDecodeError:
        raise Invalid(fields.FIELD, "not_json", "The file is not UTF-8 text.") from None
    except RecursionError:
        # Too deep for the parser itself: the place is found in the text (only now: rare).
        raise bad(too_deep_at(raw), f"nested more than {MAX_DEPTH} levels deep.") from None
    except json.JSONDecodeError as exc:
        raise Invalid(
            fields.FIELD,
            "not_json",
            "The file is not a complete JSON document (it breaks off or is damaged at "
            f"line {exc.lineno}, column {exc.colno}).",
        ) from None
    if not isinstance(document, dict):
        raise _not_event(document)
    document_scan(document)
    return document


def _not_event(document) -> Invalid:
    """Not an event document; a BCP file is pointed to the reader that takes it."""
    message = "The file is not a Strategium event export."
    if bcp_shaped(document):
        message += (
            " It looks like a Best Coast Pairings file: bring it in with Import an event › "
            "“Bring in an event played elsewhere” (POST /api/events/import/bcp/)."
        )
    return Invalid(fields.FIELD, "not_event", message)


def _check_header(document: dict) -> None:
    if document.get("format") != FORMAT:
        raise _not_event(document)
    version = document.get("version")
    if version != VERSION:
        raise Invalid(
            fields.FIELD,
            "wrong_version",
            f"The file is format version {version}; this instance reads version {VERSION}.",
        )
    if not isinstance(document.get("sha256"), str):
        raise Invalid(fields.FIELD, "no_checksum", "The file has no checksum (sha256).")
    if document["sha256"] != checksum(document):
        raise Invalid(
            fields.FIELD,
            "checksum_mismatch",
            "The file's checksum does not match its content: it was changed or damaged "
            "after export.",
        )
    for section in SECTIONS:
        if section not in document:
            raise bad(section, "missing.")
    # A section nobody reads would be dropped while the import reports success.
    known = {*HEADER, *SECTIONS, *OPTIONAL_SECTIONS, *extension_sections()}
    for section in document:
        if section not in known:
            raise bad(section, "not a section of an event document.")


def key_ref(data: dict, name: str, path: str, known, what: str, *, null: bool = True):
    value = data.get(name)
    if value is None and null and name in data:
        return None
    if value not in known:
        shown = "nothing" if value is None else f"'{value}'"
        raise bad(f"{path}.{name}", f"no {what} {shown} in this file.")
    return value


# An account's username is at most this long (Django's); a name kept as text likewise.
USERNAME_MAX = 150


def _user_ref(data: dict, name: str, path: str, names: set) -> str | None:
    value = data.get(name)
    if value is not None and not isinstance(value, str):
        raise bad(f"{path}.{name}", "must be a username or empty.")
    if value and len(value) > USERNAME_MAX:
        raise bad(f"{path}.{name}", f"must be a username (at most {USERNAME_MAX} characters).")
    if value:
        names.add(value)
    return value


@dataclass
class _Plan:
    """The checked content of a file, ready to write."""

    event: dict
    staff: list = field(default_factory=list)
    players: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    rounds: list = field(default_factory=list)
    announcements: list = field(default_factory=list)
    painting: list = field(default_factory=list)
    votes: list = field(default_factory=list)
    audit: list = field(default_factory=list)
    usernames: set = field(default_factory=set)
    # Each registered extension's checked plan (exchange_ext.py), by its name.
    extensions: dict = field(default_factory=dict)


def _read_players(document: dict, plan: _Plan) -> set:
    keys, names, private = set(), {}, set()
    for i, data in enumerate(fields.as_list(document["players"], "players")):
        path = f"players[{i}]"
        key = fields.unique_key(data, path, keys, "player")
        values = fields.load_fields(fields.player_specs(), data, path)
        # Keys computed from the rest (a list's checks): checked, never kept (exchange_ext).
        player_derived_check(data, values, path)
        values["name"] = fields.name_value(values["name"], f"{path}.name", names, "player")
        if values["private_key"] in private:
            raise bad(f"{path}.private_key", "the same key as another player.")
        private.add(values["private_key"])
        plan.players.append((key, values))
    return keys


def _read_record(row: dict, where: str, pack: str) -> dict:
    """A result's 11th-edition game record, checked by the pack's scoring rules (the rounds
    add up to the parts they sit beside); absent keys read as not recorded."""
    record = fields.load_fields(fields.RESULT_RECORD, row, where)
    if not any(value is not None for value in record.values()):
        return record
    errors: dict = {}
    if SCORING[pack].game_record:
        record_parts({**row, **record}, errors)
    else:
        refuse_record(record, errors, SCORING[pack].name)
    for name, ((_code, message), *_) in errors.items():
        raise bad(f"{where}.{name}", message)
    return record


def _read_results(data: dict, path: str, players: set, plan: _Plan) -> list:
    results, versions, current = [], set(), 0
    for j, row in enumerate(fields.as_list(data.get("results"), f"{path}.results")):
        where = f"{path}.results[{j}]"
        values = fields.load_fields(fields.RESULT, row, where)
        values.update(_read_record(row, where, plan.event["mission_pack"]))
        if values["version"] in versions:
            raise bad(f"{where}.version", f"a second version {values['version']}.")
        versions.add(values["version"])
        current += values["is_current"]
        if current > 1:
            raise bad(f"{where}.is_current", "a second current version of this game.")
        refs = {
            "entered_by_player": key_ref(row, "entered_by_player", where, players, "player"),
            "confirmed_by_player": key_ref(row, "confirmed_by_player", where, players, "player"),
            "entered_by_user": _user_ref(row, "entered_by_user", where, plan.usernames),
            "confirmed_by_user": _user_ref(row, "confirmed_by_user", where, plan.usernames),
        }
        results.append((values, refs))
    return results


def _read_game(data: dict, path: str, players: set, seen: dict, plan: _Plan) -> tuple:
    values = fields.load_fields(fields.GAME, data, path)
    a = key_ref(data, "player_a", path, players, "player", null=False)
    b = key_ref(data, "player_b", path, players, "player")
    attacker = key_ref(data, "attacker", path, players, "player")
    if a == b:
        raise bad(f"{path}.player_b", "the same player as player_a.")
    if attacker is not None and attacker not in (a, b):
        raise bad(f"{path}.attacker", f"'{attacker}' does not play in this game.")
    for side, player in (("player_a", a), ("player_b", b)):
        if player is not None and player in seen["players"]:
            raise bad(f"{path}.{side}", f"'{player}' already plays in this round.")
        seen["players"].add(player)
    table = values["table_number"]
    if table is not None and table in seen["tables"]:
        raise bad(f"{path}.table_number", f"a second game at table {table} in this round.")
    seen["tables"].add(table)
    refs = {"player_a": a, "player_b": b, "attacker": attacker}
    return values, refs, _read_results(data, path, players, plan)


def _read_rounds(document: dict, plan: _Plan, players: set) -> set:
    keys, game_keys, numbers = set(), set(), set()
    for i, data in enumerate(fields.as_list(document["rounds"], "rounds")):
        path = f"rounds[{i}]"
        key = fields.unique_key(data, path, keys, "round")
        values = fields.load_fields(fields.ROUND, data, path)
        _check_round_mission(plan.event["mission_pack"], values["mission_code"], path)
        if values["number"] in numbers:
            raise bad(f"{path}.number", f"a second round {values['number']}.")
        numbers.add(values["number"])
        games, seen = [], {"players": set(), "tables": set()}
        for j, game in enumerate(fields.as_list(data.get("games"), f"{path}.games")):
            where = f"{path}.games[{j}]"
            game_key = fields.unique_key(game, where, game_keys, "game")
            games.append((game_key, *_read_game(game, where, players, seen, plan)))
        plan.rounds.append((key, values, games))
    plan.round_keys = keys
    return game_keys


def _read_small_sections(document: dict, plan: _Plan) -> set:
    usernames = set()
    for i, data in enumerate(fields.as_list(document["staff"], "staff")):
        path = f"staff[{i}]"
        values = fields.load_fields(fields.STAFF, data, path)
        name = data.get("username")
        if not isinstance(name, str) or not name or len(name) > USERNAME_MAX:
            raise bad(f"{path}.username", "must be a username.")
        if name in usernames:
            raise bad(f"{path}.username", f"{name} is on the staff twice.")
        usernames.add(name)
        added_by = _user_ref(data, "added_by", path, plan.usernames)
        plan.staff.append((name, values, added_by))
    plan.usernames |= usernames
    tables = set()
    for i, data in enumerate(fields.as_list(document["tables"], "tables")):
        values = fields.load_fields(fields.TABLE, data, f"tables[{i}]")
        if values["number"] in tables:
            raise bad(f"tables[{i}].number", f"a second table {values['number']}.")
        tables.add(values["number"])
        plan.tables.append(values)
    keys = set()
    for i, data in enumerate(fields.as_list(document["announcements"], "announcements")):
        path = f"announcements[{i}]"
        key = fields.unique_key(data, path, keys, "announcement")
        values = fields.load_fields(fields.ANNOUNCEMENT, data, path)
        values |= fields.load_fields(fields.ANNOUNCEMENT_ENDS, data, path)
        if values["until_round"] is not None and values["until_round"] < 1:
            raise fields.bad(f"{path}.until_round", "must be a round number (1 or more).")
        plan.announcements.append(
            (key, values, _user_ref(data, "created_by", path, plan.usernames))
        )
    return keys


def _read_awards(document: dict, plan: _Plan, players: set, games: set) -> None:
    """Painting scores and votes; a file written before awards existed has none."""
    awards = document.get("awards", {"painting": [], "votes": []})
    if not isinstance(awards, dict):
        raise bad("awards", "must be an object with painting and votes.")

    def ref(data: dict, name: str, path: str, known: set, what: str) -> str:
        value = data.get(name)
        if value not in known:
            raise bad(f"{path}.{name}", f"no {what} '{value}' in this file.")
        return value

    scored = set()
    for i, data in enumerate(fields.as_list(awards.get("painting", []), "awards.painting")):
        path = f"awards.painting[{i}]"
        player = ref(data, "player", path, players, "player")
        if player in scored:
            raise bad(f"{path}.player", f"a second painting score for '{player}'.")
        scored.add(player)
        values = fields.load_fields(fields.PAINTING, data, path)
        by = _user_ref(data, "entered_by", path, plan.usernames)
        plan.painting.append((player, values, by))
    cast = set()
    for i, data in enumerate(fields.as_list(awards.get("votes", []), "awards.votes")):
        path = f"awards.votes[{i}]"
        game = ref(data, "game", path, games, "game")
        voter = ref(data, "voter", path, players, "player")
        opponent = ref(data, "opponent", path, players, "player")
        if (game, voter) in cast or voter == opponent:
            raise bad(f"{path}.voter", f"'{voter}' votes once per game, not for themselves.")
        cast.add((game, voter))
        plan.votes.append((game, voter, opponent, fields.load_fields(fields.VOTE, data, path)))


def _write_awards(plan: _Plan, ids: _Ids) -> None:
    players = ids.kinds["player"]
    painting = [
        (
            PaintingScore(
                player_id=players[key], score=values["score"], entered_by_id=ids.users.get(by)
            ),
            values,
        )
        for key, values, by in plan.painting
    ]
    PaintingScore.objects.bulk_create([row for row, _ in painting])
    restamp(PaintingScore, painting, entered_at=True)
    votes = [
        (
            SportsVote(
                game_id=ids.kinds["game"][game],
                voter_id=players[voter],
                opponent_id=players[opponent],
                favourite=values["favourite"],
            ),
            values,
        )
        for game, voter, opponent, values in plan.votes
    ]
    SportsVote.objects.bulk_create([row for row, _ in votes])
    restamp(SportsVote, votes, cast_at=True)


def refs_checker(known: dict, path: str, gone: set):
    """A reader of references inside audit entries: a key of the file, or a gone key."""

    def check(ref_kind: str, value):
        if ref_kind == "event":
            return value
        if value is None or (ref_kind == "user" and isinstance(value, str)):
            return value
        if isinstance(value, str) and value.startswith("~"):
            gone.add((ref_kind, value))
            return value
        if ref_kind == "audit" and value in known["audit_so_far"]:
            return value
        if ref_kind != "audit" and value in known.get(ref_kind, ()):
            return value
        raise bad(path, f"no {ref_kind} '{value}' in this file.")

    return check


def _read_audit(document: dict, plan: _Plan, known: dict) -> None:
    keys: set = set()
    actions: dict[str, str] = {}
    known["audit_so_far"] = keys
    for i, data in enumerate(fields.as_list(document["audit"], "audit")):
        path = f"audit[{i}]"
        values = fields.load_fields(fields.AUDIT, data, path)
        target = data.get("target")
        if not isinstance(target, str):
            raise bad(f"{path}.target", "must be text.")
        action = values["action"]
        if action == "undo":
            original = target.partition(":")[2]
            action = actions.get(original, action)
        gone: set = set()
        # Check every reference now; the writer maps them with the same functions.
        map_target(values["action"], target, refs_checker(known, f"{path}.target", gone))
        for side in ("before", "after"):
            map_payload(action, values[side], refs_checker(known, f"{path}.{side}", gone))
        kind, _, named = target.partition(":")
        if kind == "user" and named and not named.startswith("~"):
            # An account named only as a staff entry's target is named like any other: linked
            # when the import links accounts, else kept as a name (and reported missing).
            plan.usernames.add(named)
        key = fields.unique_key(data, path, keys, "audit entry")
        actions[key] = action
        refs = {
            "target": target,
            "payload_action": action,
            "actor_user": _user_ref(data, "actor_user", path, plan.usernames),
            "actor_player": key_ref(data, "actor_player", path, known["player"], "player"),
            "undone_by": _user_ref(data, "undone_by", path, plan.usernames),
        }
        plan.audit.append((key, values, refs, gone))


def _check_event(event: dict) -> None:
    """What the pages need to show the event: a known zone, known metrics."""
    if not 1 <= event["planned_rounds"] <= 30:
        raise bad("event.planned_rounds", "must be between 1 and 30.")
    if not TEAM_SIZE_MIN <= event["team_size"] <= TEAM_SIZE_MAX:
        raise bad("event.team_size", f"must be between {TEAM_SIZE_MIN} and {TEAM_SIZE_MAX}.")
    if not zone_is_known(event["time_zone"]):
        raise bad("event.time_zone", f"'{event['time_zone']}' is not a known time zone.")
    tiebreaks, known = event["tiebreaks"], metric_names()
    if not isinstance(tiebreaks, list) or any(name not in known for name in tiebreaks):
        raise bad("event.tiebreaks", f"must list metrics from {', '.join(sorted(known))}.")
    try:
        # Written exactly as the settings store it, so the file exports back the same.
        floor_ok = owr_floor_clean(event["owr_floor"]) == event["owr_floor"]
    except Invalid:
        floor_ok = False
    if not floor_ok:
        raise bad(
            "event.owr_floor",
            'must be a fraction from 0 to 1 in lowest terms, like "1/3", or a decimal like "0.33".',
        )
    if not isinstance(event["mission_order"], list):
        raise bad("event.mission_order", "must be a list of mission codes.")
    try:
        event["table_layouts"] = table_layouts_clean(event["table_layouts"])
    except Invalid as exc:
        raise bad("event.table_layouts", "must map table numbers to A, B or C.") from exc
    if event["mission_pack"] not in pack_keys() or event["mission_pack"] not in SCORING:
        raise bad(
            "event.mission_pack",
            f"'{event['mission_pack']}' is not one of {', '.join(pack_keys())}.",
        )


def _check_round_mission(pack: str, code: str, path: str) -> None:
    """A classic pack's round holds a generated mission code of that pack (a card pack's may
    hold a pool letter or a generator code, as organisers could always choose)."""
    if not code or not is_classic(pack):
        return
    try:
        mission_check_code(pack, code)
    except Invalid as exc:
        raise bad(
            f"{path}.mission_code", f"'{code}' is not a mission of the event's pack."
        ) from exc


def document_check(document: dict) -> _Plan:
    """The checked plan of a document; Invalid naming the first problem otherwise."""
    _check_header(document)
    plan = _Plan(event=fields.load_fields(fields.event_specs(), document["event"], "event"))
    _check_event(plan.event)
    players = _read_players(document, plan)
    games = _read_rounds(document, plan, players)
    announcements = _read_small_sections(document, plan)
    _read_awards(document, plan, players, games)
    known = {
        "player": players,
        "game": games,
        "round": plan.round_keys,
        "announcement": announcements,
    }
    _read_extensions(document, plan, known)
    _read_audit(document, plan, known)
    return plan


def _read_extensions(document: dict, plan: _Plan, known: dict) -> None:
    """The sections of apps built on events; their keys may be named by audit targets."""
    context = {
        **known,
        "event": plan.event,
        "usernames": plan.usernames,
        "round_of_game": {
            game_key: round_key
            for round_key, _, round_games in plan.rounds
            for game_key, *_ in round_games
        },
        "result_versions": {
            game_key: {values["version"] for values, _ in results}
            for _, _, round_games in plan.rounds
            for game_key, _, _, results in round_games
        },
    }
    for extension in EXCHANGE_EXTENSIONS:
        checked, kinds = extension.read(document, context)
        plan.extensions[extension.name] = checked
        known.update(kinds)
        # A later extension may name an earlier one's rows (a team bracket names teams).
        context.update(kinds)


# Writing ---------------------------------------------------------------------------------------


class _Ids:
    """Document keys -> ids of the rows just written."""

    def __init__(self, event_id: int, users: dict, *, trusted: bool, report) -> None:
        self.event_id = event_id
        # What an extension tells the importer (renewed tracker links), and the written
        # results by (game key, version), which extensions' rows may point at.
        self.report = report
        self.results: dict[tuple[str, int], int] = {}
        # username -> id of an account on this instance, for the accounts the import links;
        # every other username stays a name (a label, or an id no account has).
        self.users = users
        self.trusted = trusted
        self.kinds: dict[str, dict] = {
            kind: {} for kind in (*TARGET_KINDS, *sorted(extension_kinds()))
        }
        self.gone: dict[tuple[str, str], int] = {}

    def ref(self, kind: str, value):
        if kind == "event":
            return self.event_id
        if value is None or value == "":
            return value
        if (kind, value) in self.gone:
            return self.gone[(kind, value)]
        if kind == "user" and not str(value).startswith("~"):
            # An account the import does not link stays a name ("user:@judy"), never an id.
            return self.users.get(value) or f"@{value}"
        if str(value).startswith("~"):
            # A row gone before the export: an id no row has, like a deleted one.
            return self.gone.setdefault((kind, value), -(len(self.gone) + 1))
        return self.kinds[kind][value]


def _fresh_player_ids(event: Event, count: int) -> list[int]:
    """Ids no player of this instance has or will get: an undo of a deleted player
    recreates it under its logged id, which must not collide with anyone."""
    if not count:
        return []
    made = Player.objects.bulk_create(
        [Player(event=event, name=f"~{n}", private_key=new_private_key()) for n in range(count)]
    )
    ids = [p.pk for p in made]
    Player.objects.filter(pk__in=ids).delete()
    return ids


def restamp(model, rows: list, **stamps) -> None:
    """Put the file's times back: creation sets auto_now_add fields to now."""
    for obj, values in rows:
        for name in stamps:
            setattr(obj, name, values[name])
    model.objects.bulk_update([obj for obj, _ in rows], list(stamps), batch_size=500)


def _write_players(event: Event, plan: _Plan, ids: _Ids, report: ImportReport) -> None:
    # Keys are kept only for a trusted importer: one that kept the free keys and renewed the
    # taken ones would learn which keys exist on this instance.
    taken = set(
        Player.objects.filter(
            private_key__in=[v["private_key"] for _, v in plan.players]
        ).values_list("private_key", flat=True)
        if ids.trusted
        else (v["private_key"] for _, v in plan.players)
    )
    rows, theirs = [], []
    for _, values in plan.players:
        data, extras = extra_split("player", values)
        if data["private_key"] in taken:
            data["private_key"] = new_private_key()
            report.new_keys.append(data["name"])
        rows.append((Player(event=event, **data), values))
        theirs.append(extras)
    made = Player.objects.bulk_create([p for p, _ in rows], batch_size=500)
    restamp(Player, rows, created_at=True)
    # What the players API says of an unknown faction, here for each player it concerns.
    for player in made:
        report.warnings += [
            {**w, "message": f"{player.name}: {w['message']}"} for w in player_warnings(player)
        ]
    for player, extras in zip(made, theirs, strict=True):
        extra_write("player", player, extras, restore=True)
    ids.kinds["player"] = {key: p.pk for (key, _), p in zip(plan.players, made, strict=True)}


def _write_rounds(event: Event, plan: _Plan, ids: _Ids) -> dict:
    rounds = [(Round(event=event, **values), values) for _, values, _ in plan.rounds]
    Round.objects.bulk_create([r for r, _ in rounds])
    restamp(Round, rounds, created_at=True)
    ids.kinds["round"] = {
        key: r.pk for (key, _, _), (r, _) in zip(plan.rounds, rounds, strict=True)
    }
    player = ids.kinds["player"]
    games = []
    for (round_, _), (_, _, round_games) in zip(rounds, plan.rounds, strict=True):
        for game_key, values, refs, _ in round_games:
            game = Game(
                round=round_,
                **values,
                player_a_id=player[refs["player_a"]],
                player_b_id=player.get(refs["player_b"]),
                attacker_id=player.get(refs["attacker"]),
            )
            games.append((game_key, game))
    Game.objects.bulk_create([g for _, g in games], batch_size=500)
    ids.kinds["game"] = {key: g.pk for key, g in games}
    return _write_results(plan, ids)


def _write_results(plan: _Plan, ids: _Ids) -> dict:
    player, game_ids = ids.kinds["player"], ids.kinds["game"]
    rows = []
    for _, _, round_games in plan.rounds:
        for game_key, _, _, results in round_games:
            for values, refs in results:
                result = Result(
                    game_id=game_ids[game_key],
                    **values,
                    entered_by_player_id=player.get(refs["entered_by_player"]),
                    confirmed_by_player_id=player.get(refs["confirmed_by_player"]),
                    entered_by_user_id=ids.users.get(refs["entered_by_user"]),
                    confirmed_by_user_id=ids.users.get(refs["confirmed_by_user"]),
                    entered_by_label=_label(refs["entered_by_user"], ids),
                    confirmed_by_label=_label(refs["confirmed_by_user"], ids),
                )
                rows.append(((game_key, values["version"]), result, values))
    Result.objects.bulk_create([r for _, r, _ in rows], batch_size=500)
    restamp(Result, [(r, v) for _, r, v in rows], entered_at=True)
    return {key: r.pk for key, r, _ in rows}


def _write_staff(event: Event, plan: _Plan, ids: _Ids, user, report: ImportReport) -> None:
    rows = []
    for name, values, added_by in plan.staff:
        # Only linked accounts (the importer's own, or all when a superuser links them):
        # a file cannot make anyone else staff of an event.
        if name not in ids.users:
            report.skipped_staff.append(name)
            continue
        rows.append(
            EventStaff(
                event=event, user_id=ids.users[name], added_by_id=ids.users.get(added_by), **values
            )
        )
    EventStaff.objects.bulk_create(rows)
    if user is not None:
        # The importer runs the imported event, whatever the file made them.
        EventStaff.objects.update_or_create(
            event=event,
            user=user,
            defaults={"role": StaffRole.ORGANISER},
            create_defaults={"role": StaffRole.ORGANISER, "added_by": user},
        )


def _write_announcements(event: Event, plan: _Plan, ids: _Ids) -> None:
    rows = [
        (
            Announcement(
                event=event,
                text=values["text"],
                created_by_id=ids.users.get(by),
                ends_at=values["ends_at"],
                until_round=values["until_round"],
            ),
            values,
        )
        for _, values, by in plan.announcements
    ]
    Announcement.objects.bulk_create([a for a, _ in rows])
    restamp(Announcement, rows, created_at=True)
    ids.kinds["announcement"] = {
        key: a.pk for (key, _, _), (a, _) in zip(plan.announcements, rows, strict=True)
    }


def _label(username: str | None, ids: _Ids) -> str:
    """A username the import does not link, kept as a name; empty for a linked one."""
    return "" if not username or username in ids.users else username


def _write_audit(event: Event, plan: _Plan, ids: _Ids) -> None:
    rows = []
    for _, values, refs, _ in plan.audit:
        action = refs["payload_action"]
        entry = AuditEntry(
            event=event,
            action=values["action"],
            target="",
            actor_user_id=ids.users.get(refs["actor_user"]),
            actor_label=_label(refs["actor_user"], ids),
            actor_player_id=ids.kinds["player"].get(refs["actor_player"]),
            before=map_payload(action, values["before"], ids.ref),
            after=map_payload(action, values["after"], ids.ref),
            undone_at=values["undone_at"],
            undone_by_id=ids.users.get(refs["undone_by"]),
            undone_by_label=_label(refs["undone_by"], ids),
            # History, not instructions: nothing here wrote it, so it is never undone.
            imported=True,
        )
        rows.append((entry, values))
    AuditEntry.objects.bulk_create([e for e, _ in rows], batch_size=500)
    ids.kinds["audit"] = {
        key: e.pk for (key, _, _, _), (e, _) in zip(plan.audit, rows, strict=True)
    }
    # Targets last: an undo names its original entry, whose id exists only now.
    for (entry, values), (_, _, refs, _) in zip(rows, plan.audit, strict=True):
        entry.target = map_target(values["action"], refs["target"], ids.ref)
        entry.created_at = values["created_at"]
    AuditEntry.objects.bulk_update([e for e, _ in rows], ["target", "created_at"], batch_size=500)


def _gone_ids(event: Event, plan: _Plan, ids: _Ids) -> None:
    gone = sorted({ref for *_, refs in plan.audit for ref in refs}, key=lambda r: (r[0], r[1]))
    players = [ref for ref in gone if ref[0] == "player"]
    for ref, pk in zip(players, _fresh_player_ids(event, len(players)), strict=True):
        ids.gone[ref] = pk
    for n, ref in enumerate(r for r in gone if r[0] != "player"):
        # Rows other than players are never recreated under their old id: any id no row has.
        ids.gone[ref] = -(n + 1)


def _write(plan: _Plan, user, users: dict, *, trusted: bool, place: list) -> ImportReport:
    """Write the checked plan; `place` holds the section being written (for a refusal)."""
    place[:] = ["event"]
    name_in_use = Event.objects.filter(name__iexact=plan.event["name"]).exists()
    # A copy must not go public, or take sign-ups, before its organiser has looked at it.
    own, theirs = extra_split("event", plan.event)
    event = Event.objects.create(**{**own, "hidden": True, "registration_open": False})
    extra_write("event", event, theirs, restore=True)
    Event.objects.filter(pk=event.pk).update(created_at=plan.event["created_at"])
    event.created_at = plan.event["created_at"]
    report = ImportReport(event=event)
    report.missing_accounts = sorted(plan.usernames - set(users))
    if name_in_use:
        message = (
            f"Another event is already called “{event.name}”: rename this one in its settings."
        )
        report.warnings.append({"field": "name", "code": "name_in_use", "message": message})
    ids = _Ids(event.pk, users, trusted=trusted, report=report)
    place[:] = ["staff"]
    _write_staff(event, plan, ids, user, report)
    place[:] = ["players"]
    _write_players(event, plan, ids, report)
    place[:] = ["tables"]
    Table.objects.bulk_create([Table(event=event, **values) for values in plan.tables])
    place[:] = ["rounds"]
    ids.results = _write_rounds(event, plan, ids)
    place[:] = ["announcements"]
    _write_announcements(event, plan, ids)
    place[:] = ["awards"]
    _write_awards(plan, ids)
    place[:] = ["audit"]
    # Before the extensions: a tracker action may name a player the log names as gone, and
    # both must get the same id so the export names them by the same gone key again.
    _gone_ids(event, plan, ids)
    for extension in EXCHANGE_EXTENSIONS:
        place[:] = [extension.name]
        extension.write(event, plan.extensions[extension.name], ids)
    place[:] = ["audit"]
    _write_audit(event, plan, ids)
    # Rows made in bulk send no signals: one change marks the new event's pages.
    event_revision_bump(event_id=event.pk)
    return report


def _linked(plan: _Plan, user, link_accounts: bool) -> dict:
    """username -> account id of the accounts the import links: the importer's own when the
    file names it, or every existing one when a superuser (or the operator) chooses to."""
    if link_accounts:
        accounts = get_user_model().objects.filter(username__in=plan.usernames)
        return dict(accounts.values_list("username", "id"))
    if user is not None and user.is_authenticated and user.get_username() in plan.usernames:
        return {user.get_username(): user.pk}
    return {}


def event_import(
    *, raw, user=None, as_admin: bool = False, link_accounts: bool = False
) -> ImportReport:
    """A new event from an export document. `user` (who may create events, unless the
    command line imports `as_admin`) becomes an organiser of it. The file is refused whole
    (Invalid, nothing written) when anything in it is wrong.

    The file speaks for nobody: the accounts it names stay names unless `link_accounts`,
    which only a superuser or the command line may choose; its log is history, never undone;
    its private keys and tracker links are kept (where free) only for those trusted importers.
    """
    if not as_admin and not user_can_create_events(user):
        raise Forbidden("user", "not_organiser", "Only organiser accounts may import events.")
    trusted = as_admin or bool(user is not None and user.is_superuser)
    if link_accounts and not trusted:
        raise Forbidden(
            "link_accounts",
            "not_superuser",
            "Only a superuser may link the accounts a file names to this instance's accounts.",
        )
    plan = document_check(document_parse(raw))
    users = _linked(plan, user, link_accounts)
    place = ["event"]
    try:
        with transaction.atomic():
            return _write(plan, user, users, trusted=trusted, place=place)
    except (IntegrityError, DatabaseError):
        # The database's own words (rows, SQL) are not the file's: name the section.
        raise Invalid(
            fields.FIELD,
            "inconsistent",
            f"{place[0]}: the file's content breaks a rule of the database (for example two "
            "rows that must differ); nothing was imported.",
        ) from None

"""Reading and checking an event document (docs/export-format.md), the import's first phase.

The whole file is read and checked (format, version, checksum, every field, every reference,
every duplicate) before anything is written, naming the first problem by its place in the file
("rounds[2].games[5].player_b: no player 'p-17' in this file"). The checked content is a Plan,
which write.py writes in one transaction, so a refused file leaves the instance as it was.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext

from common.errors import Invalid
from exchange.engine.bcp import bcp_shaped
from exchange.extensions import EXCHANGE_EXTENSIONS, extension_sections, player_derived_check
from exchange.services import fields
from exchange.services.export import FORMAT, VERSION, checksum
from exchange.services.fields import bad
from exchange.services.importing.plan import Plan
from exchange.services.refs import map_payload, map_target
from exchange.services.scan import MAX_DEPTH, document_scan, too_deep_at
from missions.pack.registry import pack_keys
from missions.scoring.eleventh import record_parts, refuse_record
from missions.scoring.rules import SCORING
from missions.services.missions import is_classic, mission_check_code
from tournament.localtime import zone_is_known
from tournament.models.event import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from tournament.services.events.language import language_choices, language_is_offered
from tournament.services.rounds.eleventh import table_layouts_clean
from tournament.services.standings.standings import metric_names, owr_floor_clean

SECTIONS = ("event", "staff", "players", "tables", "rounds", "announcements", "audit")
# Sections a file may leave out (older exports) and the header's own keys.
OPTIONAL_SECTIONS = ("awards", "penalties")
HEADER = ("format", "version", "exported_at", "sha256")


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
        raise Invalid(fields.FIELD, "not_json", gettext("The file is not UTF-8 text.")) from None
    except RecursionError:
        # Too deep for the parser itself: the place is found in the text (only now: rare).
        raise bad(too_deep_at(raw), f"nested more than {MAX_DEPTH} levels deep.") from None
    except json.JSONDecodeError as exc:
        raise Invalid(
            fields.FIELD,
            "not_json",
            gettext(
                "The file is not a complete JSON document (it breaks off or "
                "is damaged at line %(lineno)s, column %(colno)s)."
            )
            % {"lineno": exc.lineno, "colno": exc.colno},
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
            gettext(
                "The file is format version %(version)s; this instance reads version %(VERSION)s."
            )
            % {"version": version, "VERSION": VERSION},
        )
    if not isinstance(document.get("sha256"), str):
        raise Invalid(fields.FIELD, "no_checksum", gettext("The file has no checksum (sha256)."))
    if document["sha256"] != checksum(document):
        raise Invalid(
            fields.FIELD,
            "checksum_mismatch",
            gettext(
                "The file's checksum does not match its content: it was changed or damaged "
                "after export."
            ),
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


def user_ref(data: dict, name: str, path: str, names: set) -> str | None:
    value = data.get(name)
    if value is not None and not isinstance(value, str):
        raise bad(f"{path}.{name}", "must be a username or empty.")
    if value and len(value) > USERNAME_MAX:
        raise bad(f"{path}.{name}", f"must be a username (at most {USERNAME_MAX} characters).")
    if value:
        names.add(value)
    return value


def _read_players(document: dict, plan: Plan) -> set:
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


def _read_clock(row: dict, where: str) -> dict:
    """A result's game clock times (optional keys: absent, the game had no clock)."""
    values = fields.load_fields(fields.RESULT_CLOCK, row, where)
    for name in ("time_used_a", "time_used_b"):
        if values[name] is not None and values[name] < 0:
            raise bad(f"{where}.{name}", "a time used cannot be negative.")
    return values


def _read_results(data: dict, path: str, players: set, plan: Plan) -> list:
    results, versions, current = [], set(), 0
    for j, row in enumerate(fields.as_list(data.get("results"), f"{path}.results")):
        where = f"{path}.results[{j}]"
        values = fields.load_fields(fields.RESULT, row, where)
        values.update(_read_record(row, where, plan.event["mission_pack"]))
        values.update(_read_clock(row, where))
        if values["version"] in versions:
            raise bad(f"{where}.version", f"a second version {values['version']}.")
        versions.add(values["version"])
        current += values["is_current"]
        if current > 1:
            raise bad(f"{where}.is_current", "a second current version of this game.")
        refs = {
            "entered_by_player": key_ref(row, "entered_by_player", where, players, "player"),
            "confirmed_by_player": key_ref(row, "confirmed_by_player", where, players, "player"),
            "entered_by_user": user_ref(row, "entered_by_user", where, plan.usernames),
            "confirmed_by_user": user_ref(row, "confirmed_by_user", where, plan.usernames),
        }
        results.append((values, refs))
    return results


def _read_game(data: dict, path: str, players: set, seen: dict, plan: Plan) -> tuple:
    values = fields.load_fields(fields.GAME, data, path)
    values |= fields.load_fields(fields.GAME_EXTENDED, data, path)
    if not 0 <= values["extra_minutes"] <= 32767:
        raise bad(f"{path}.extra_minutes", "must be a number of minutes (0 or more).")
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


def _read_rounds(document: dict, plan: Plan, players: set) -> set:
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


def _read_small_sections(document: dict, plan: Plan) -> set:
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
        added_by = user_ref(data, "added_by", path, plan.usernames)
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
        plan.announcements.append((key, values, user_ref(data, "created_by", path, plan.usernames)))
    return keys


def _read_awards(document: dict, plan: Plan, players: set, games: set) -> None:
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
        by = user_ref(data, "entered_by", path, plan.usernames)
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


def _read_penalties(document: dict, plan: Plan, players: set) -> set:
    """Penalties and cards (issue 35); a file written before them has none."""
    keys: set = set()
    rounds = len(plan.rounds)
    for i, data in enumerate(fields.as_list(document.get("penalties", []), "penalties")):
        path = f"penalties[{i}]"
        key = fields.unique_key(data, path, keys, "penalty")
        player = key_ref(data, "player", path, players, "player", null=False)
        values = fields.load_fields(fields.PENALTY, data, path)
        if not 1 <= values["round"] <= max(rounds, 1):
            raise bad(f"{path}.round", f"must be a round of the file (1 to {max(rounds, 1)}).")
        vp_penalty = values["kind"] == "vp_penalty"
        if (vp_penalty and not 1 <= values["vp"] <= 999) or (not vp_penalty and values["vp"]):
            raise bad(f"{path}.vp", "must be 1 to 999 for a vp_penalty, else 0.")
        by = user_ref(data, "given_by", path, plan.usernames)
        plan.penalties.append((key, player, values, by))
    return keys


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


def _read_audit(document: dict, plan: Plan, known: dict) -> None:
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
            "actor_user": user_ref(data, "actor_user", path, plan.usernames),
            "actor_player": key_ref(data, "actor_player", path, known["player"], "player"),
            "undone_by": user_ref(data, "undone_by", path, plan.usernames),
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
    if not language_is_offered(event["language"]):
        # Refused rather than changed: an import restores the event as it was written.
        offered = ", ".join(code for code, _ in language_choices())
        raise bad(
            "event.language",
            f"'{event['language']}' is not a language of this site ({offered}); set it to one "
            "of them in the file, or import where that language is offered.",
        )
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


def document_check(document: dict) -> Plan:
    """The checked plan of a document; Invalid naming the first problem otherwise."""
    _check_header(document)
    plan = Plan(event=fields.load_fields(fields.event_specs(), document["event"], "event"))
    _check_event(plan.event)
    players = _read_players(document, plan)
    games = _read_rounds(document, plan, players)
    announcements = _read_small_sections(document, plan)
    _read_awards(document, plan, players, games)
    penalties = _read_penalties(document, plan, players)
    known = {
        "player": players,
        "game": games,
        "round": plan.round_keys,
        "announcement": announcements,
        "penalty": penalties,
    }
    _read_extensions(document, plan, known)
    _read_audit(document, plan, known)
    return plan


def _read_extensions(document: dict, plan: Plan, known: dict) -> None:
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

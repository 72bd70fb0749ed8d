"""A team event's own rows in the event document (docs/export-format.md, "Team events"):
teams with captain and members, the team scoring and ritual settings, team rounds with their
matches, each match's games and its pairing ritual. Registered with the exchange app's export
and import at start-up (hooks.py); neither the exchange nor the tournament app imports this one.

Players, games, rounds and accounts are named by the file's own keys and usernames, never by
database ids: inside a ritual's state and log too, so the ritual reads the same after import.
"""

from __future__ import annotations

from types import SimpleNamespace

from common.errors import Invalid
from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services import fields
from exchange.services.fields import bad
from teams.engine.ritual import VARIANTS
from teams.models.ritual import RitualSetting, TeamMatchRitual
from teams.models.teams import Team, TeamMatch, TeamMatchGame, TeamMember, TeamRound, TeamScoring
from teams.services.scoring import FIELDS as SCORING_FIELDS
from teams.services.scoring import _clean as scoring_clean
from tournament.models.event import EventKind

TEAM = fields._specs(
    ("name", "str"),
    ("dropped", "bool"),
    ("dropped_after_round", "int", True),
    ("first_round", "int"),
    ("created_at", "datetime"),
)
TEAM_ROUND = fields._specs(
    ("number", "int"),
    ("seed", "int", True),
    ("pairing_cost", "json"),
    ("created_at", "datetime"),
)
MATCH = fields._specs(
    ("number", "int"),
    ("first_table", "int", True),
    ("players_paired_by", "str", False, ("", "ritual", "organiser")),
    ("players_paired_at", "datetime", True),
)
RITUAL = fields._specs(
    ("variant", "str", False, tuple(VARIANTS)),
    ("started_at", "datetime"),
    ("finished_at", "datetime", True),
)
SECTIONS = ("teams", "team_scoring", "ritual_setting", "team_rounds")


# Ritual state and log: where players (and accounts) sit ----------------------------------------


def _deep(value, player):
    """A choice: one player, a list of players, or nothing yet."""
    if isinstance(value, list):
        return [player(v) for v in value]
    return None if value is None else player(value)


def map_state(state: dict, player) -> dict:
    """A copy of an engine state (teams/engine/ritual.py) with each player put through
    player(value)."""
    out = dict(state)
    for name in ("teams", "pool", "pending"):
        out[name] = {side: _deep(v, player) for side, v in state[name].items()}
    out["current"] = {
        step: {side: _deep(v, player) for side, v in sides.items()}
        for step, sides in state["current"].items()
    }
    out["games"] = [{**g, "a": player(g["a"]), "b": player(g["b"])} for g in state["games"]]
    out["history"] = [
        {**h, **{side: _deep(h[side], player) for side in ("a", "b") if side in h}}
        for h in state["history"]
    ]
    return out


def map_log(log: list, player, user) -> list:
    out = []
    for row in log:
        action = dict(row["action"])
        for name in ("player", "players"):
            if name in action:
                action[name] = _deep(action[name], player)
        out.append({**row, "action": action, "user": user(row.get("user"))})
    return out


# Export ----------------------------------------------------------------------------------------


def _keys(event) -> dict:
    teams = Team.objects.filter(event=event).order_by("id").values_list("id", flat=True)
    rounds = TeamRound.objects.filter(event=event).values_list("id", "number")
    matches = (
        TeamMatch.objects.filter(team_round__event=event)
        .order_by("team_round__number", "number")
        .values_list("id", flat=True)
    )
    return {
        "team": {pk: f"t-{n}" for n, pk in enumerate(teams, 1)},
        "teamround": {pk: f"tr-{number}" for pk, number in rounds},
        "teammatch": {pk: f"m-{n}" for n, pk in enumerate(matches, 1)},
    }


def _dump_ritual(ritual: TeamMatchRitual, keys) -> dict:
    return {
        **fields.dump_fields(RITUAL, ritual),
        "started_by": keys.user(ritual.started_by_id),
        "state": map_state(ritual.state, keys.player),
        "log": map_log(ritual.log, keys.player, keys.user),
    }


def _dump(event, keys) -> dict:
    teams = list(Team.objects.filter(event=event).order_by("id"))
    setting = RitualSetting.objects.filter(event=event).first()
    scoring = TeamScoring.objects.filter(event=event).first()
    if event.kind != EventKind.TEAM and not teams:
        return {}
    members: dict[int, list[int]] = {}
    for team_id, player_id in TeamMember.objects.filter(team__event=event).values_list(
        "team_id", "player_id"
    ):
        members.setdefault(team_id, []).append(player_id)
    team_keys, match_keys = keys.extra["team"], keys.extra["teammatch"]
    games: dict[int, list[int]] = {}
    for match_id, game_id in TeamMatchGame.objects.filter(
        match__team_round__event=event
    ).values_list("match_id", "game_id"):
        games.setdefault(match_id, []).append(game_id)
    rituals = {
        r.match_id: r for r in TeamMatchRitual.objects.filter(match__team_round__event=event)
    }
    matches: dict[int, list[TeamMatch]] = {}
    for match in TeamMatch.objects.filter(team_round__event=event).order_by("number"):
        matches.setdefault(match.team_round_id, []).append(match)
    return {
        "teams": [
            {
                "key": team_keys[team.pk],
                **fields.dump_fields(TEAM, team),
                "captain": keys.player(team.captain_id),
                # Members by the file's player order, so the list does not depend on names.
                "members": sorted(
                    (keys.players[p] for p in members.get(team.pk, [])),
                    key=lambda k: int(k[2:]),
                ),
            }
            for team in teams
        ],
        "team_scoring": None
        if scoring is None
        else {name: getattr(scoring, name) for name in SCORING_FIELDS},
        "ritual_setting": None if setting is None else {"variant": setting.variant},
        "team_rounds": [
            {
                "key": keys.extra["teamround"][team_round.pk],
                **fields.dump_fields(TEAM_ROUND, team_round),
                "round": keys.rounds[team_round.round_id],
                "matches": [
                    {
                        "key": match_keys[m.pk],
                        **fields.dump_fields(MATCH, m),
                        "team_a": team_keys[m.team_a_id],
                        "team_b": team_keys.get(m.team_b_id),
                        "paired_by_user": keys.user(m.paired_by_user_id),
                        "games": sorted(
                            (keys.games[g] for g in games.get(m.pk, [])),
                            key=lambda k: int(k[2:]),
                        ),
                        "ritual": _dump_ritual(rituals[m.pk], keys) if m.pk in rituals else None,
                    }
                    for m in matches.get(team_round.pk, [])
                ],
            }
            for team_round in TeamRound.objects.filter(event=event).order_by("number")
        ],
    }


# Import: checks --------------------------------------------------------------------------------


def _object(data, path: str) -> dict:
    if not isinstance(data, dict):
        raise bad(path, "must be an object.")
    return data


def _ref(value, path: str, known, what: str, *, null: bool = False):
    if value is None and null:
        return None
    if not isinstance(value, str) or value not in known:
        shown = "nothing" if value is None else f"'{value}'"
        raise bad(path, f"no {what} {shown} in this file.")
    return value


def _username(value, path: str, usernames: set):
    if value is not None and not isinstance(value, str):
        raise bad(path, "must be a username or empty.")
    if value:
        usernames.add(value)
    return value


def _read_teams(document: dict, known: dict, size: int) -> list:
    teams, keys, names, taken = [], set(), {}, {}
    for i, item in enumerate(fields.as_list(document.get("teams", []), "teams")):
        path = f"teams[{i}]"
        data = _object(item, path)
        key = fields.unique_key(data, path, keys, "team")
        values = fields.load_fields(TEAM, data, path)
        values["name"] = fields.name_value(values["name"], f"{path}.name", names, "team")
        members = []
        for j, player in enumerate(fields.as_list(data.get("members"), f"{path}.members")):
            where = f"{path}.members[{j}]"
            _ref(player, where, known["player"], "player")
            if player in taken:
                raise bad(where, f"'{player}' is already in team '{taken[player]}'.")
            taken[player] = key
            members.append(player)
        if len(members) > size:
            raise bad(f"{path}.members", f"{len(members)} players; the team size is {size}.")
        captain = _ref(data.get("captain"), f"{path}.captain", known["player"], "player", null=True)
        if captain is not None and captain not in members:
            raise bad(f"{path}.captain", f"'{captain}' is not a member of this team.")
        teams.append((key, values, captain, members))
    return teams


def _read_settings(document: dict, size: int) -> tuple:
    scoring = document.get("team_scoring")
    if scoring is not None:
        scoring = _object(scoring, "team_scoring")
        unknown = sorted(set(scoring) - set(SCORING_FIELDS))
        if unknown:
            raise bad(f"team_scoring.{unknown[0]}", "not a team scoring setting.")
        try:
            scoring = scoring_clean(SimpleNamespace(team_size=size), scoring)
        except Invalid as exc:
            field = next(iter(exc.codes), "")
            raise bad(f"team_scoring.{field}", exc.messages[field][0]) from None
        scoring = {name: scoring.get(name) for name in SCORING_FIELDS}
    setting = document.get("ritual_setting")
    if setting is not None:
        setting = _object(setting, "ritual_setting")
        variant = setting.get("variant")
        if variant not in VARIANTS:
            raise bad("ritual_setting.variant", f"'{variant}' is not one of {', '.join(VARIANTS)}.")
        setting = variant
    return scoring, setting


def _read_ritual(data, path: str, known: dict, usernames: set, match_players: set) -> tuple:
    data = _object(data, path)
    values = fields.load_fields(RITUAL, data, path)

    def player(where):
        def check(value):
            if not isinstance(value, str) or value not in match_players:
                raise bad(where, f"no player '{value}' of this match's teams in this file.")
            return value

        return check

    state = data.get("state")
    try:
        map_state(_object(state, f"{path}.state"), player(f"{path}.state"))
    except (KeyError, TypeError, AttributeError):
        raise bad(f"{path}.state", "is not a pairing ritual's state.") from None
    log = fields.as_list(data.get("log"), f"{path}.log")
    try:
        map_log(log, player(f"{path}.log"), lambda u: _username(u, f"{path}.log", usernames))
    except (KeyError, TypeError, AttributeError):
        raise bad(f"{path}.log", "is not a pairing ritual's log.") from None
    started_by = _username(data.get("started_by"), f"{path}.started_by", usernames)
    return values, state, log, started_by


def _read_sides(match: dict, where: str, team_keys: set, playing: set) -> tuple:
    a = _ref(match.get("team_a"), f"{where}.team_a", team_keys, "team")
    b = _ref(match.get("team_b"), f"{where}.team_b", team_keys, "team", null=True)
    if a == b:
        raise bad(f"{where}.team_b", "the same team as team_a.")
    for side, team in (("team_a", a), ("team_b", b)):
        if team is not None and team in playing:
            raise bad(f"{where}.{side}", f"team '{team}' already plays in this round.")
        playing.add(team)
    return a, b


def _read_games(match: dict, where: str, known: dict, round_key: str, used: tuple) -> list:
    """A match's games: games of its round's file, each in one match at most."""
    match_key, used_games = used
    games = []
    for n, game in enumerate(fields.as_list(match.get("games"), f"{where}.games")):
        place = f"{where}.games[{n}]"
        _ref(game, place, known["game"], "game")
        if known["round_of_game"][game] != round_key:
            raise bad(place, f"game '{game}' is not a game of round '{round_key}'.")
        if game in used_games:
            raise bad(place, f"game '{game}' is already in match '{used_games[game]}'.")
        used_games[game] = match_key
        games.append(game)
    return games


def _read_rounds(document: dict, known: dict, teams: list) -> tuple[list, set, set]:
    members = {key: set(players) for key, _, _, players in teams}
    team_keys = set(members)
    rounds, keys, numbers, used_rounds, match_keys, used_games = [], set(), set(), set(), set(), {}
    for i, item in enumerate(fields.as_list(document.get("team_rounds", []), "team_rounds")):
        path = f"team_rounds[{i}]"
        data = _object(item, path)
        key = fields.unique_key(data, path, keys, "team round")
        values = fields.load_fields(TEAM_ROUND, data, path)
        if values["number"] in numbers:
            raise bad(f"{path}.number", f"a second team round {values['number']}.")
        numbers.add(values["number"])
        round_key = _ref(data.get("round"), f"{path}.round", known["round"], "round")
        if round_key in used_rounds:
            raise bad(f"{path}.round", f"round '{round_key}' belongs to another team round.")
        used_rounds.add(round_key)
        matches, match_numbers, playing = [], set(), set()
        for j, item_match in enumerate(fields.as_list(data.get("matches"), f"{path}.matches")):
            where = f"{path}.matches[{j}]"
            match = _object(item_match, where)
            match_key = fields.unique_key(match, where, match_keys, "team match")
            m_values = fields.load_fields(MATCH, match, where)
            if m_values["number"] in match_numbers:
                raise bad(f"{where}.number", f"a second match {m_values['number']} in this round.")
            match_numbers.add(m_values["number"])
            a, b = _read_sides(match, where, team_keys, playing)
            games = _read_games(match, where, known, round_key, (match_key, used_games))
            by = _username(
                match.get("paired_by_user"), f"{where}.paired_by_user", known["usernames"]
            )
            ritual = match.get("ritual")
            if ritual is not None:
                if b is None:
                    raise bad(f"{where}.ritual", "a bye has no pairing ritual.")
                ritual = _read_ritual(
                    ritual, f"{where}.ritual", known, known["usernames"], members[a] | members[b]
                )
            matches.append((match_key, m_values, a, b, games, by, ritual))
        rounds.append((key, values, round_key, matches))
    return rounds, keys, match_keys


def _read(document: dict, known: dict) -> tuple:
    present = [name for name in SECTIONS if document.get(name) not in (None, [])]
    event = known["event"]
    if present and event["kind"] != EventKind.TEAM:
        raise bad(present[0], "only a team event (event.kind 'team') has teams.")
    size = event["team_size"]
    teams = _read_teams(document, known, size)
    scoring, variant = _read_settings(document, size)
    rounds, round_keys, match_keys = _read_rounds(document, known, teams)
    plan = {"teams": teams, "scoring": scoring, "variant": variant, "rounds": rounds}
    kinds = {
        "team": {key for key, *_ in teams},
        "teamround": round_keys,
        "teammatch": match_keys,
    }
    return plan, kinds


# Import: writing -------------------------------------------------------------------------------


def _restamp(model, rows: list, *names: str) -> None:
    """Put the file's times back: creation sets auto_now_add fields to now."""
    for obj, values in rows:
        for name in names:
            setattr(obj, name, values[name])
    if rows:
        model.objects.bulk_update([obj for obj, _ in rows], list(names), batch_size=500)


def _write(event, plan: dict, ids) -> None:
    players, users = ids.kinds["player"], ids.users
    teams = [
        (
            Team(
                event=event,
                captain_id=players.get(captain),
                **{k: v for k, v in values.items() if k != "created_at"},
            ),
            values,
        )
        for _, values, captain, _ in plan["teams"]
    ]
    Team.objects.bulk_create([t for t, _ in teams])
    _restamp(Team, teams, "created_at")
    team_ids = {key: t.pk for (key, *_), (t, _) in zip(plan["teams"], teams, strict=True)}
    ids.kinds["team"] = team_ids
    TeamMember.objects.bulk_create(
        TeamMember(team_id=team_ids[key], player_id=players[p])
        for key, _, _, members in plan["teams"]
        for p in members
    )
    if plan["scoring"] is not None:
        TeamScoring.objects.create(event=event, **plan["scoring"])
    if plan["variant"] is not None:
        RitualSetting.objects.create(event=event, variant=plan["variant"])
    rounds = [
        (
            TeamRound(
                event=event,
                round_id=ids.kinds["round"][round_key],
                **{k: v for k, v in values.items() if k != "created_at"},
            ),
            values,
        )
        for _, values, round_key, _ in plan["rounds"]
    ]
    TeamRound.objects.bulk_create([r for r, _ in rounds])
    _restamp(TeamRound, rounds, "created_at")
    ids.kinds["teamround"] = {
        key: r.pk for (key, *_), (r, _) in zip(plan["rounds"], rounds, strict=True)
    }
    matches = []
    for (team_round, _), (_, _, _, round_matches) in zip(rounds, plan["rounds"], strict=True):
        for key, values, a, b, games, by, ritual in round_matches:
            match = TeamMatch(
                team_round=team_round,
                team_a_id=team_ids[a],
                team_b_id=team_ids.get(b),
                paired_by_user_id=users.get(by),
                **values,
            )
            matches.append((key, match, games, ritual))
    TeamMatch.objects.bulk_create([m for _, m, _, _ in matches])
    ids.kinds["teammatch"] = {key: m.pk for key, m, _, _ in matches}
    game_ids = ids.kinds["game"]
    TeamMatchGame.objects.bulk_create(
        TeamMatchGame(match=m, game_id=game_ids[g]) for _, m, games, _ in matches for g in games
    )
    rituals = [
        (
            TeamMatchRitual(
                match=m,
                variant=values["variant"],
                state=map_state(state, players.__getitem__),
                # An account missing here: the entry keeps "by organiser" without the account.
                log=map_log(log, players.__getitem__, lambda u: users.get(u) if u else None),
                finished_at=values["finished_at"],
                started_by_id=users.get(started_by),
            ),
            values,
        )
        for _, m, _, ritual in matches
        if ritual is not None
        for values, state, log, started_by in [ritual]
    ]
    TeamMatchRitual.objects.bulk_create([r for r, _ in rituals])
    _restamp(TeamMatchRitual, rituals, "started_at")


EXTENSION = ExchangeExtension(
    name="teams",
    keys=_keys,
    dump=_dump,
    read=_read,
    write=_write,
    target_kinds={
        "team": "team",
        "teamround": "teamround",
        "teammatch": "teammatch",
        "team_match": "teammatch",
    },
    # A deleted team's entry names it by its name: there is no row left to name by key.
    targets_as_is=frozenset({"team_delete"}),
    # The captain before and after a change is a player id (restored by an undo).
    player_id_keys={"team_update": ("captain",)},
    sections=SECTIONS,
)


def register() -> None:
    exchange_extension_register(EXTENSION)

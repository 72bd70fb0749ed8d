"""An event's data as Best Coast Pairings serves it (docs/export-format.md, "Old events"): the
pairings of every round, each with both players, their factions and each player's game (result
and points), and optionally the players list and the event; or the per-player file organisers
download, each player with their games in round order and the ids of their opponents.

BCP publishes no export format; its pages read JSON from its API, and the shape below is the
one public scripts that keep those answers read (cited in docs/export-format.md). Two
generations are accepted:

- newer: a pairing's `player1`/`player2` hold `user: {firstName, lastName}` (or `firstName`,
  `lastName`, or `name`), `faction` (text or `{name}`) and beside them `player1Game` /
  `player2Game`: `{result: 2 win, 1 draw, 0 loss, points: VP}`;
- older: the player holds `army` (text or `{name}`), `parentArmy` and `game: {gameResult,
  gamePoints}`.

A pairing without a second player is a bye. The file may be the list of pairings itself, or an
object with `pairings` (or the API's `data` / `active`), `players` (their `dropped` and
faction, joined by id or name) and `event` (`name`, `eventDate` / `startDate` / `dates.start`).

The per-player file is a list of players (bare, or under `players`, `data` or `active`), each
with an id, a name, `army` / `faction`, `dropped`, `opponentIds` and `games` (`gameResult`,
`gamePoints`; a game's `round` where given, else the games are rounds 1, 2, ... in order), one
opponent id per game and null for a bye. `placing` and `numWins` are BCP's own standings and
are not read: the standings are computed here. Each game is written in both players' entries;
the two must name each other in the same round and agree on who won.

Pure: `bcp_read` gives an OldEvent or raises OldEventError naming the JSON path.
"""

from __future__ import annotations

from dataclasses import dataclass

from exchange.engine.old_events import (
    OldEvent,
    OldEventError,
    OldGame,
    first_known_faction,
    text_value,
    whole,
)

PAIRING_KEYS = ("pairings", "data", "active")
VP_LIMIT = 1000  # far above any pack's total: the pack's own cap is checked on import
RESULT_WORDS = {2: "win", 1: "draw", 0: "loss"}


def _obj(value, place: str) -> dict:
    if not isinstance(value, dict):
        raise OldEventError(place, "must be an object.")
    return value


def _name_of(player: dict, place: str):
    user = player.get("user")
    source, at = player, place
    if isinstance(user, dict) and (user.get("firstName") or user.get("lastName")):
        source, at = user, f"{place}.user"
    first, last = source.get("firstName"), source.get("lastName")
    if first or last:
        for key, value in (("firstName", first), ("lastName", last)):
            if value is not None and not isinstance(value, str):
                raise OldEventError(f"{at}.{key}", "must be text.")
        return " ".join(p for p in (first, last) if p), f"{at}.firstName"
    if player.get("name"):
        return player["name"], f"{place}.name"
    raise OldEventError(place, "names no player (user.firstName, firstName or name).")


def _named(value, place: str):
    """A faction or army: text, or an object with its name."""
    if isinstance(value, dict):
        return value.get("name"), f"{place}.name"
    return value, place


def _faction(player: dict, place: str) -> str:
    candidates = [
        _named(player.get(key), f"{place}.{key}")
        for key in ("faction", "army", "parentFaction", "parentArmy")
    ]
    for value, at in candidates:
        if value is not None and not isinstance(value, str):
            raise OldEventError(at, "must be text.")
    return first_known_faction(candidates)


def _ident(player: dict, place: str):
    for key in ("id", "objectId", "_id", "playerId"):
        value = player.get(key)
        if value is not None and value != "":
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise OldEventError(f"{place}.{key}", "must be text or a number.")
            return str(value)
    return None


def _game_of(pairing: dict, side: str, place: str) -> tuple[dict, str]:
    """The side's game object and its path: `player1Game`, else `player1.game`."""
    game = pairing.get(f"{side}Game")
    if isinstance(game, dict):
        return game, f"{place}.{side}Game"
    player = pairing.get(side)
    if isinstance(player, dict) and isinstance(player.get("game"), dict):
        return player["game"], f"{place}.{side}.game"
    raise OldEventError(f"{place}.{side}Game", "missing: the game's result and points.")


def _points(game: dict, at: str) -> tuple[int, str]:
    key = "points" if "points" in game else "gamePoints"
    return whole(game.get(key), f"{at}.{key}", high=VP_LIMIT), f"{at}.{key}"


def _result_code(game: dict, at: str):
    key = "result" if "result" in game else "gameResult"
    value = game.get(key)
    if value is None:
        return None, f"{at}.{key}"
    if not isinstance(value, int) or isinstance(value, bool) or value not in RESULT_WORDS:
        raise OldEventError(f"{at}.{key}", "must be 2 (win), 1 (draw) or 0 (loss).")
    return value, f"{at}.{key}"


def _roster(data: dict, path: str) -> tuple[dict, dict]:
    """The players list: by id and by name, each (faction, dropped)."""
    by_id, by_name = {}, {}
    players = data.get("players")
    if players is None:
        return by_id, by_name
    if not isinstance(players, list):
        raise OldEventError(f"{path}players", "must be a list.")
    for i, raw in enumerate(players):
        place = f"{path}players[{i}]"
        player = _obj(raw, place)
        dropped = player.get("dropped", False)
        if not isinstance(dropped, bool):
            raise OldEventError(f"{place}.dropped", "must be true or false.")
        entry = (_faction(player, place), dropped)
        ident = _ident(player, place)
        if ident is not None:
            by_id[ident] = entry
        name, _ = _name_of(player, place)
        if isinstance(name, str):
            by_name[" ".join(name.split()).casefold()] = entry
    return by_id, by_name


EXPECTED = (
    "holds no pairings or players: expected BCP's pairings (a list of pairings, each with "
    "round, player1, player2 and their games, or an object with pairings, data or active "
    "holding them) or its players (a list of players, bare or under players, data or active, "
    "each with id, games and opponentIds)"
)


SCALARS = ((bool, "true or false"), ((int, float), "a number"), (str, "text"))


def _kind(value) -> str:
    """What a JSON value is, in words, for a refusal that says what was found."""
    if value is None:
        return "null"
    scalar = next((word for kind, word in SCALARS if isinstance(value, kind)), None)
    if scalar is not None:
        return scalar
    if isinstance(value, dict):
        keys = ", ".join(sorted(str(k) for k in value)[:8])
        return f"an object with {keys}" if keys else "an empty object"
    if not value:
        return "an empty list"
    first = value[0]
    if isinstance(first, dict):
        keys = ", ".join(sorted(str(k) for k in first)[:8])
        return f"a list whose first item has {keys}" if keys else "a list of empty objects"
    kind = _kind(first)
    return f"a list of {'numbers' if kind == 'a number' else kind}"


def _unreadable(data) -> OldEventError:
    return OldEventError("the file", f"{EXPECTED}; found {_kind(data)}.")


def _is_pairing(item) -> bool:
    return isinstance(item, dict) and ("player1" in item or "round" in item)


def _is_player(item) -> bool:
    return isinstance(item, dict) and ("games" in item or "opponentIds" in item)


def bcp_shaped(data) -> bool:
    """Whether a parsed JSON value looks like one of BCP's files (its pairings or its players),
    so that another reader can say where to bring it in."""
    if _player_entries(data) is not None:
        return True
    if isinstance(data, list):
        return bool(data) and _is_pairing(data[0])
    return isinstance(data, dict) and "pairings" in data


def _pairings(data) -> tuple[list, str]:
    if isinstance(data, list):
        if data and not _is_pairing(data[0]):
            raise _unreadable(data)
        return data, ""
    if not isinstance(data, dict):
        raise _unreadable(data)
    for key in PAIRING_KEYS:
        if key in data:
            if not isinstance(data[key], list):
                raise OldEventError(key, "must be a list of pairings.")
            return data[key], key
    raise _unreadable(data)


def _player_entries(data) -> tuple[list, str] | None:
    """The per-player file's players and their path, or None for the pairings' shapes."""
    if isinstance(data, list):
        return (data, "") if data and _is_player(data[0]) else None
    if not isinstance(data, dict) or "pairings" in data:
        return None
    for key in ("players", *PAIRING_KEYS):
        value = data.get(key)
        if isinstance(value, list) and value and _is_player(value[0]):
            return value, key
    return None


def _event_meta(data, event: OldEvent) -> None:
    if not isinstance(data, dict) or data.get("event") is None:
        return
    meta = _obj(data["event"], "event")
    event.name = text_value(meta.get("name"), "event.name")
    dates = meta.get("dates") if isinstance(meta.get("dates"), dict) else {}
    for value, at in (
        (meta.get("eventDate"), "event.eventDate"),
        (meta.get("startDate"), "event.startDate"),
        (dates.get("start"), "event.dates.start"),
    ):
        if value:
            if not isinstance(value, str) or len(value) < 10:
                raise OldEventError(at, "must be a date (YYYY-MM-DD...).")
            event.start_date = value[:10]
            event.date_place = at
            return


class _Reader:
    def __init__(self, data) -> None:
        self.event = OldEvent()
        self.idents: dict[str, str] = {}
        _event_meta(data, self.event)
        self.pairings, key = _pairings(data)
        self.prefix = key
        self.by_id, self.by_name = _roster(data, "") if isinstance(data, dict) else ({}, {})

    def side(self, pairing: dict, side: str, place: str) -> str:
        player = _obj(pairing.get(side), f"{place}.{side}")
        at = f"{place}.{side}"
        name, name_at = _name_of(player, at)
        ident = _ident(player, at)
        faction = _faction(player, at)
        listed = self.by_id.get(ident) if ident else None
        if listed is None and isinstance(name, str):
            listed = self.by_name.get(" ".join(name.split()).casefold())
        if listed is not None:
            faction = faction or listed[0]
        key = self.event.player(
            name,
            place=name_at,
            faction=faction,
            ident=ident,
            idents=self.idents,
            at={"faction": f"{at}.faction"},
        )
        if listed is not None and listed[1]:
            self.event.players[key].dropped = True
        return key

    def game(self, i: int, raw) -> OldGame:
        place = f"{self.prefix}[{i}]"
        pairing = _obj(raw, place)
        number = whole(pairing.get("round"), f"{place}.round", low=1)
        table = whole(pairing.get("table"), f"{place}.table", low=1, empty=True)
        a = self.side(pairing, "player1", place)
        bye = not pairing.get("player2")
        b = None if bye else self.side(pairing, "player2", place)
        game_a, at_a = _game_of(pairing, "player1", place)
        vp_a, vp_a_at = _points(game_a, at_a)
        result, places = {"vp_a": vp_a}, {"vp_a": vp_a_at, "round": f"{place}.round"}
        places["table"] = f"{place}.table"
        code_a, code_at = _result_code(game_a, at_a)
        if not bye:
            game_b, at_b = _game_of(pairing, "player2", place)
            result["vp_b"], places["vp_b"] = _points(game_b, at_b)
            code_b, _ = _result_code(game_b, at_b)
            if (code_a, code_b) not in SAID and None not in (code_a, code_b):
                raise OldEventError(code_at, "the two players' results disagree.")
            _said_outcome(result, places, (code_a, code_b), code_at)
        return OldGame(number, table, a, b, result, places, place)


# Both players' result codes (2 win, 1 draw, 0 loss) and the outcome they make together.
SAID = {(2, 0): "a_wins", (0, 2): "b_wins", (1, 1): "draw"}


def _said_outcome(result: dict, places: dict, codes: tuple, at: str) -> None:
    """Where both players' results are given and differ from what the VP make, keep them as the
    file says (the import refuses it unless the pack allows it)."""
    said = SAID.get(codes)
    if said is not None and said != _by_vp(result["vp_a"], result["vp_b"]):
        result["outcome"] = said
        places["outcome"] = at


def _by_vp(vp_a: int, vp_b: int) -> str:
    return "a_wins" if vp_a > vp_b else "b_wins" if vp_b > vp_a else "draw"


@dataclass
class _Entry:
    """One game as one player's entry writes it."""

    key: str  # the player's name key
    opponent: str | None  # the opponent's id; None for a bye
    vp: int
    code: int | None
    at: str  # the game's path
    opponent_at: str  # the opponent id's path


class _PlayersReader:
    """The per-player file: every player first (ids and names), then each round's games."""

    def __init__(self, players: list, prefix: str) -> None:
        self.event = OldEvent()
        self.prefix = prefix
        self.names: dict[str, str] = {}  # id -> name key
        self.entries: dict[tuple[int, str], _Entry] = {}  # (round, id) -> entry
        idents: dict[str, str] = {}
        raw_games = []
        for i, raw in enumerate(players):
            place = f"{prefix}[{i}]"
            player = _obj(raw, place)
            ident = _ident(player, place)
            if ident is None:
                raise OldEventError(place, "has no id (its opponents name players by id).")
            if ident in self.names:
                raise OldEventError(place, f"a second player with the id '{ident}'.")
            name, name_at = _name_of(player, place)
            key = self.event.player(
                name,
                place=name_at,
                faction=_faction(player, place),
                ident=ident,
                idents=idents,
                at={"faction": f"{place}.army"},
            )
            dropped = player.get("dropped", False)
            if not isinstance(dropped, bool):
                raise OldEventError(f"{place}.dropped", "must be true or false.")
            self.event.players[key].dropped = dropped
            self.names[ident] = key
            raw_games.append((ident, key, player, place))
        for ident, key, player, place in raw_games:
            self._games(ident, key, player, place)

    def _games(self, ident: str, key: str, player: dict, place: str) -> None:
        games, opponents = player.get("games"), player.get("opponentIds")
        if not isinstance(games, list):
            raise OldEventError(f"{place}.games", "must be a list of games.")
        if not isinstance(opponents, list):
            raise OldEventError(f"{place}.opponentIds", "must be a list of ids (null for a bye).")
        if len(opponents) != len(games):
            raise OldEventError(
                f"{place}.opponentIds",
                f"{len(opponents)} opponents for {len(games)} games (one id per game, "
                "null for a bye).",
            )
        for n, (raw, given) in enumerate(zip(games, opponents, strict=True)):
            at, opponent_at = f"{place}.games[{n}]", f"{place}.opponentIds[{n}]"
            game = _obj(raw, at)
            number = whole(game.get("round", n + 1), f"{at}.round", low=1)
            opponent = self._opponent(given, ident, opponent_at)
            if (number, ident) in self.entries:
                raise OldEventError(f"{at}.round", f"a second game in round {number}.")
            vp, _ = _points(game, at)
            code, _ = _result_code(game, at)
            self.entries[(number, ident)] = _Entry(key, opponent, vp, code, at, opponent_at)

    def _opponent(self, given, ident: str, at: str) -> str | None:
        """The opponent's id as text; None for a bye (null or empty)."""
        if given is None or given == "":
            return None
        if not isinstance(given, (str, int)) or isinstance(given, bool):
            raise OldEventError(at, "must be text or a number.")
        if str(given) not in self.names:
            raise OldEventError(at, f"no player in the file has the id '{given}'.")
        if str(given) == ident:
            raise OldEventError(at, "a player cannot play themselves.")
        return str(given)

    def _name(self, ident: str) -> str:
        return self.event.players[self.names[ident]].name

    def game(self, number: int, ident: str, mine: _Entry) -> OldGame | None:
        """The game of this entry, once: from the first of its two players' entries."""
        places = {"round": f"{mine.at}.round", "vp_a": f"{mine.at}.gamePoints"}
        if mine.opponent is None:
            return OldGame(number, None, mine.key, None, {"vp_a": mine.vp}, places, mine.at)
        theirs = self.entries.get((number, mine.opponent))
        if theirs is None or theirs.opponent != ident:
            against = (
                f"against {self._name(theirs.opponent)}"
                if theirs is not None and theirs.opponent
                else "a bye"
                if theirs is not None
                else "not played"
            )
            where = f" ({theirs.opponent_at})" if theirs is not None else ""
            raise OldEventError(
                mine.opponent_at,
                f"{self._name(ident)} met {self._name(mine.opponent)} in round {number}, but "
                f"{self._name(mine.opponent)}'s round {number}{where} was {against}.",
            )
        if self._first_seen(theirs, mine):
            return None  # written from the opponent's entry
        codes = (mine.code, theirs.code)
        if codes not in SAID and None not in codes:
            # Named from the opponent's entry, the later one, where the refusal points.
            verb = {2: "won", 0: "lost", 1: "drew"}
            said = (
                f"both say they {verb[theirs.code]}"
                if mine.code == theirs.code
                else f"say they {verb[theirs.code]} and {verb[mine.code]}"
            )
            raise OldEventError(
                f"{theirs.at}.gameResult",
                f"{self._name(mine.opponent)} and {self._name(ident)} {said} round {number}.",
            )
        result = {"vp_a": mine.vp, "vp_b": theirs.vp}
        places["vp_b"] = f"{theirs.at}.gamePoints"
        _said_outcome(result, places, codes, f"{mine.at}.gameResult")
        return OldGame(number, None, mine.key, theirs.key, result, places, mine.at)

    def _first_seen(self, theirs: _Entry, mine: _Entry) -> bool:
        return self._order[theirs.at] < self._order[mine.at]

    def read(self) -> OldEvent:
        self._order = {e.at: n for n, e in enumerate(self.entries.values())}
        for (number, ident), entry in sorted(
            self.entries.items(), key=lambda item: (item[0][0], self._order[item[1].at])
        ):
            game = self.game(number, ident, entry)
            if game is not None:
                self.event.games.append(game)
        return self.event


def bcp_read(data) -> OldEvent:
    """The event of a BCP file's parsed JSON value."""
    found = _player_entries(data)
    if found is not None:
        event = _PlayersReader(*found).read()
        _event_meta(data, event)
        return event
    reader = _Reader(data)
    for i, raw in enumerate(reader.pairings):
        reader.event.games.append(reader.game(i, raw))
    return reader.event

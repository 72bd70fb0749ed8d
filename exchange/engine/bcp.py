"""An event's data as Best Coast Pairings' web app serves it (docs/export-format.md, "Old
events"): the pairings of every round, each with both players, their factions and each
player's game (result and points), and optionally the players list and the event.

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

Pure: `bcp_read` gives an OldEvent or raises OldEventError naming the JSON path.
"""

from __future__ import annotations

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


def _pairings(data) -> tuple[list, str]:
    if isinstance(data, list):
        return data, ""
    data = _obj(data, "the file")
    for key in PAIRING_KEYS:
        if key in data:
            if not isinstance(data[key], list):
                raise OldEventError(key, "must be a list of pairings.")
            return data[key], key
    raise OldEventError("the file", f"holds no pairings (a list, or {', '.join(PAIRING_KEYS)}).")


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
            said = {(2, 0): "a_wins", (0, 2): "b_wins", (1, 1): "draw"}
            if code_a is not None and code_b is not None:
                if (code_a, code_b) not in said:
                    raise OldEventError(code_at, "the two players' results disagree.")
                by_vp = _by_vp(result["vp_a"], result["vp_b"])
                if said[(code_a, code_b)] != by_vp:
                    # Kept as the file says: the import refuses it unless the pack allows it.
                    result["outcome"] = said[(code_a, code_b)]
                    places["outcome"] = code_at
        return OldGame(number, table, a, b, result, places, place)


def _by_vp(vp_a: int, vp_b: int) -> str:
    return "a_wins" if vp_a > vp_b else "b_wins" if vp_b > vp_a else "draw"


def bcp_read(data) -> OldEvent:
    """The event of a BCP file's parsed JSON value."""
    reader = _Reader(data)
    for i, raw in enumerate(reader.pairings):
        reader.event.games.append(reader.game(i, raw))
    return reader.event

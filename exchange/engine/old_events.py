"""An event played elsewhere, as read from another app's file (bcp.py, rounds_csv.py): its
players and each round's games with their scores, every item remembering its place in the file
so that a refusal names it ("row 7, vp_b", "pairings[3].player2.faction").

Pure: no Django. The readers fill an OldEvent; `old_event_check` then refuses what no event can
hold (a player twice in a round, two games at one table, a round missing between two others),
and `player_rounds` says when each player joined and dropped, from the rounds they played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from common.errors import RuleError
from tournament.data.factions import faction_canonical, faction_known
from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean, name_key, text_clean

NAME_LIMIT = 120  # tournament.Player.name, faction and club
ROUNDS_MAX = 30  # tournament.Event.planned_rounds


class OldEventError(RuleError):
    """The file is refused: `place` says where (a row and column, or a JSON path), and is the
    field of the one engine-error base (the services refuse it as `invalid_file`)."""

    def __init__(self, place: str, message: str) -> None:
        super().__init__("invalid_file", message, field=place)
        self.place = place

    def __str__(self) -> str:
        return f"{self.place}: {self.message}"


@dataclass
class OldPlayer:
    name: str
    faction: str = ""
    club: str = ""
    # Said by the file (BCP's players list); else worked out from the rounds played.
    dropped: bool = False
    place: str = ""
    # Where the faction and club were first given, for a refusal naming both places.
    given_at: dict = field(default_factory=dict)


@dataclass
class OldGame:
    round: int
    table: int | None
    a: str  # name key of player A
    b: str | None  # None: a bye
    # The result as a form would send it: vp_a, vp_b and, where the file says so, outcome.
    result: dict = field(default_factory=dict)
    # Where each result field sits in the file, and the game itself.
    places: dict = field(default_factory=dict)
    place: str = ""


@dataclass
class OldEvent:
    name: str = ""
    start_date: str | None = None  # ISO date
    date_place: str = "date"
    players: dict[str, OldPlayer] = field(default_factory=dict)  # by name key, file order
    games: list[OldGame] = field(default_factory=list)

    def player(
        self, name, *, place: str, faction="", club="", ident=None, idents=None, at=None
    ) -> str:
        """The key of the player called `name` (added on first sight); `ident` (another app's
        id) tells two players apart who share a name, and joins a player named twice; `at`
        holds the places of the faction and club ({"faction": ..., "club": ...})."""
        at = at or {}
        if not isinstance(name, str):
            raise OldEventError(place, "must be the player's name (text).")
        try:
            clean = name_clean(name, limit=NAME_LIMIT)
        except EngineError as exc:
            raise OldEventError(place, exc.message) from None
        key = name_key(clean)
        if idents is not None and ident is not None:
            known = idents.setdefault(ident, key)
            if known != key:
                key = known  # the same entry under another spelling: the first one counts
            elif any(k == key and i != ident for i, k in idents.items()):
                raise OldEventError(place, f"a second player called {clean}.")
        player = self.players.get(key)
        if player is None:
            player = self.players[key] = OldPlayer(name=clean, place=place)
        player.faction = _merged(player, "faction", faction, at.get("faction", place))
        player.club = _merged(player, "club", club, at.get("club", place))
        return key


def text_value(value, place: str) -> str:
    """Optional text of at most NAME_LIMIT characters, spaces tidied."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise OldEventError(place, "must be text.")
    try:
        # The one text check (engine/names.py), as every text field has it.
        tidy = text_clean(value, field=place)
    except EngineError as exc:
        raise OldEventError(place, exc.message) from None
    if len(tidy) > NAME_LIMIT:
        raise OldEventError(place, f"at most {NAME_LIMIT} characters.")
    return tidy


def faction_value(value, place: str) -> str:
    return faction_canonical(text_value(value, place))


def first_known_faction(values: list[tuple[object, str]]) -> str:
    """The first of several candidate names (a sub-faction, then its parent) that the faction
    list knows; else the first one given, as typed."""
    given = [(v, p) for v, p in values if v not in (None, "")]
    for value, place in given:
        if isinstance(value, str) and faction_known(value):
            return faction_value(value, place)
    return faction_value(given[0][0], given[0][1]) if given else ""


def _merged(player: OldPlayer, attr: str, value: str, place: str) -> str:
    held = getattr(player, attr)
    if value and held and value != held:
        where = player.given_at[attr]
        raise OldEventError(place, f"{player.name} is {held} in {where}, not {value}.")
    if value and not held:
        player.given_at[attr] = place
    return held or value


def whole(value, place: str, *, low: int = 0, high: int | None = None, empty=False):
    """A whole number (int, or text of digits); None for empty when `empty` is allowed."""
    if value is None or value == "":
        if empty:
            return None
        raise OldEventError(place, "missing.")
    if isinstance(value, bool):
        raise OldEventError(place, "must be a whole number.")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int):
        raise OldEventError(place, "must be a whole number.")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise OldEventError(place, f"must be a whole number {bound}.")
    return value


def old_event_check(event: OldEvent) -> None:
    """Refuse what no event can hold, naming the later of two clashing places."""
    if not event.games:
        raise OldEventError("the file", "holds no games.")
    seen: dict[tuple[int, str], str] = {}
    tables: dict[tuple[int, int], str] = {}
    for game in event.games:
        if game.round > ROUNDS_MAX:
            raise OldEventError(game.places.get("round", game.place), f"at most {ROUNDS_MAX}.")
        for key in (game.a, game.b):
            if key is None:
                continue
            if (game.round, key) in seen:
                name = event.players[key].name
                raise OldEventError(
                    game.place,
                    f"{name} already plays in round {game.round} ({seen[(game.round, key)]}).",
                )
            seen[(game.round, key)] = game.place
        if game.a == game.b:
            raise OldEventError(game.place, "a player cannot play themselves.")
        if game.table is not None:
            where = tables.setdefault((game.round, game.table), game.place)
            if where != game.place:
                raise OldEventError(
                    game.places.get("table", game.place),
                    f"a second game at table {game.table} in round {game.round} ({where}).",
                )
    rounds = sorted({g.round for g in event.games})
    for number in range(1, rounds[-1] + 1):
        if number not in rounds:
            raise OldEventError(
                "the file", f"has games in round {rounds[-1]} but none in round {number}."
            )


def player_rounds(event: OldEvent) -> dict[str, tuple[int, int | None]]:
    """Each player's (first round, dropped after round or None): the rounds they played, the
    last round of the event ending no one's event; a player the file says dropped drops after
    their last game."""
    last_round = max(g.round for g in event.games)
    played: dict[str, list[int]] = {key: [] for key in event.players}
    for game in event.games:
        for key in (game.a, game.b):
            if key is not None:
                played[key].append(game.round)
    out = {}
    for key, player in event.players.items():
        rounds = played[key]  # players come from the games: every one has played
        last = max(rounds)
        dropped = last if (player.dropped or last < last_round) else None
        out[key] = (min(rounds), dropped)
    return out

"""The open feed's document built from plain values: pure Python, no Django.

The services read an event into the dataclasses below; `feed_document` maps them to the
published JSON (docs/feed.schema.json describes it). Its rules, stated once:

- Players appear by a pseudonymous id (feed.engine.signing.player_pseudonym), never by an
  internal id. A player whose answer on publishing their results is no appears without a name,
  list or detachments; their faction, disposition and games stay (the event's factions page
  shows them already, without names).
- A list (and its detachments) appears only when the event publishes lists to everyone and
  its player answered yes to publishing it.
- Only settled data: a game's result is there once confirmed (a bye at once); a round still
  awaiting results says `"provisional": true`. Rounds under the organiser's review are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FORMAT = "strategium-feed"
VERSION = 1

LICENCES = {
    "cc-by-4.0": {
        "id": "CC-BY-4.0",
        "name": "Creative Commons Attribution 4.0 International",
        "url": "https://creativecommons.org/licenses/by/4.0/",
    },
    "odbl-1.0": {
        "id": "ODbL-1.0",
        "name": "Open Database License 1.0",
        "url": "https://opendatacommons.org/licenses/odbl/1-0/",
    },
}


@dataclass(frozen=True)
class FeedPlayer:
    id: int
    feed_id: str
    name: str  # as the public reads it (the event's public names)
    faction: str
    disposition: str = ""
    detachments: tuple[str, ...] = ()
    list_text: str = ""
    dropped: bool = False
    dropped_after_round: int | None = None
    results_withheld: bool = False  # answered no to publishing their results
    list_consent: bool = False  # answered yes to publishing their list


@dataclass(frozen=True)
class FeedResult:
    vp_a: int
    vp_b: int | None
    outcome: str  # "a", "b" or "draw"
    rounds_a: list | None = None
    rounds_b: list | None = None
    attacker: str | None = None  # "a" or "b"
    first_turn: str | None = None
    secondaries_a: str | None = None  # "fixed" or "tactical"
    secondaries_b: str | None = None
    penalty_vp_a: int = 0
    penalty_vp_b: int = 0


@dataclass(frozen=True)
class FeedGame:
    table: int | None
    player_a: int
    player_b: int | None
    result: FeedResult | None
    # 11th edition (Game.eleventh): dispositions, each side's primary and the layout.
    eleventh: dict | None = None


@dataclass(frozen=True)
class FeedRound:
    number: int
    stage: str  # "swiss" or "playoff"
    complete: bool
    mission: str = ""
    games: list[FeedGame] = field(default_factory=list)


@dataclass(frozen=True)
class FeedEvent:
    id: int
    name: str
    licence: str
    mission_pack: str
    kind: str
    status: str
    planned_rounds: int
    bye_vp: int
    points_limit: int
    start_date: str | None = None  # ISO dates
    end_date: str | None = None
    lists_published: bool = False  # locked and published to everyone


def _player(player: FeedPlayer, lists_published: bool) -> dict:
    named = not player.results_withheld
    listed = named and lists_published and player.list_consent and bool(player.list_text)
    return {
        "id": player.feed_id,
        "name": player.name if named else None,
        "faction": player.faction,
        "disposition": player.disposition or None,
        "detachments": list(player.detachments) if listed else None,
        "list": player.list_text if listed else None,
        "dropped": player.dropped,
        "dropped_after_round": player.dropped_after_round if player.dropped else None,
    }


def _result(result: FeedResult | None, bye: bool) -> dict | None:
    if result is None:
        return None
    return {
        "vp_a": result.vp_a,
        "vp_b": None if bye else result.vp_b,
        "outcome": "a" if bye else result.outcome,
        "penalty_vp_a": result.penalty_vp_a,
        "penalty_vp_b": 0 if bye else result.penalty_vp_b,
        "battle_rounds_a": result.rounds_a,
        "battle_rounds_b": None if bye else result.rounds_b,
    }


def _eleventh(game: FeedGame) -> dict | None:
    """The 11th-edition metadata of a game with two players; None for other packs."""
    if game.player_b is None or game.eleventh is None:
        return None
    known = game.eleventh
    result = game.result
    return {
        "dispositions": list(known.get("dispositions") or [None, None]),
        "primary_a": known.get("primary_a"),
        "primary_b": known.get("primary_b"),
        "layout": known.get("layout"),
        "attacker": result.attacker if result else None,
        "first_turn": result.first_turn if result else None,
        "secondaries_a": result.secondaries_a if result else None,
        "secondaries_b": result.secondaries_b if result else None,
    }


def _game(game: FeedGame, ids: dict[int, str]) -> dict:
    bye = game.player_b is None
    return {
        "table": game.table,
        "player_a": ids[game.player_a],
        "player_b": None if bye else ids[game.player_b],
        "bye": bye,
        "result": _result(game.result, bye),
        "eleventh": _eleventh(game),
    }


def feed_summary(event: FeedEvent) -> dict:
    """The event as the feed's list shows it."""
    return {
        "id": event.id,
        "name": event.name,
        "start_date": event.start_date,
        "end_date": event.end_date,
        "mission_pack": event.mission_pack,
        "kind": event.kind,
        "status": event.status,
        "licence": dict(LICENCES[event.licence]),
    }


def feed_document(
    event: FeedEvent, players: list[FeedPlayer], rounds: list[FeedRound], *, as_of: str
) -> dict:
    """The event's feed document. Games whose players are not among `players` are left out
    (a withdrawn sign-up), as the statistics leave them out."""
    if event.licence not in LICENCES:
        raise ValueError(f"no feed without a licence (got {event.licence!r})")
    ids = {p.id: p.feed_id for p in players}
    out_rounds = []
    for round_ in sorted(rounds, key=lambda r: r.number):
        games = [
            _game(g, ids)
            for g in round_.games
            if g.player_a in ids and (g.player_b is None or g.player_b in ids)
        ]
        out_rounds.append(
            {
                "number": round_.number,
                "stage": round_.stage,
                "complete": round_.complete,
                "provisional": not round_.complete,
                "mission": round_.mission or None,
                "games": games,
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "as_of": as_of,
        "licence": dict(LICENCES[event.licence]),
        "event": {
            **feed_summary(event),
            "planned_rounds": event.planned_rounds,
            "bye_vp": event.bye_vp,
            "points_limit": event.points_limit,
            "lists_published": event.lists_published,
        },
        "players": [_player(p, event.lists_published) for p in players],
        "rounds": out_rounds,
    }

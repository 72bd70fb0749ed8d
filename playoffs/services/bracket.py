"""Reading an event's play-offs: the bracket resolved from its knockout games' results, and
the final placings (the bracket decides its players' places, the Swiss the rest)."""

from __future__ import annotations

from playoffs.engine import ABSENT, bracket_build, bracket_state, knockout_winner, placings
from playoffs.engine.bracket import MatchState
from playoffs.models import Playoff, PlayoffGame
from playoffs.services.team_bracket import team_bracket_results, team_names
from tournament.models import Player, Result, ResultStatus


def playoff_matches(playoff: Playoff):
    qualifier = (playoff.qualifier_from, playoff.qualifier_to) if playoff.qualifier_from else None
    shadow = (playoff.shadow_from, playoff.shadow_to) if playoff.shadow_from else None
    return bracket_build(
        playoff.format,
        playoff.size,
        qualifier=qualifier,
        shadow=shadow,
        reset=playoff.grand_final_reset,
        third_place=playoff.third_place,
    )


def _game_side(slot: PlayoffGame, result: Result | None, seeds: dict[int, int], rule: str):
    """The side ("a"/"b" of the bracket match) a confirmed result sends through, or None.
    The game's player A is the match's side a (advance makes them so)."""
    if result is None or result.status != ResultStatus.CONFIRMED or result.vp_b is None:
        return None
    game = slot.game
    return knockout_winner(
        rule=rule,
        vp_a=result.vp_a,
        vp_b=result.vp_b,
        seed_a=seeds[game.player_a_id],
        seed_b=seeds[game.player_b_id],
        primary_a=result.primary_a,
        primary_b=result.primary_b,
        decided=slot.decided or None,
    )


def playoff_read(playoff: Playoff) -> dict:
    """Everything a page or the API shows: the matches in round order with their players
    (by seed), games, winners; the champion and placings once finished."""
    matches = playoff_matches(playoff)
    seeds = {pid: i + 1 for i, pid in enumerate(playoff.seeds)}
    if playoff.entrants == "teams":
        slots, won, info = team_bracket_results(playoff, seeds)
        return _read(
            playoff, matches, slots=slots, won=won, results={}, seeds=seeds, team_matches=info
        )
    slots = {
        s.match: s
        for s in PlayoffGame.objects.filter(playoff=playoff).select_related("game", "game__round")
    }
    results = {
        r.game_id: r
        for r in Result.objects.filter(
            game__in=[s.game_id for s in slots.values()], is_current=True
        )
    }
    won = {}
    for mid, slot in slots.items():
        side = _game_side(slot, results.get(slot.game_id), seeds, playoff.knockout_tiebreak)
        if side is not None:
            won[mid] = side
    return _read(playoff, matches, slots=slots, won=won, results=results, seeds=seeds)


def knockout_games_decided(event) -> dict[int, int]:
    """Knockout games that ended on equal VP, each with the player the tie rule sent through
    (a hook the tournament's exports call: such a game is a win, not a draw)."""
    playoff = Playoff.objects.filter(event=event, entrants="players").first()
    if playoff is None:
        return {}
    seeds = {pid: i + 1 for i, pid in enumerate(playoff.seeds)}
    slots = list(PlayoffGame.objects.filter(playoff=playoff).select_related("game"))
    results = {
        r.game_id: r
        for r in Result.objects.filter(
            game__in=[s.game_id for s in slots], is_current=True, status=ResultStatus.CONFIRMED
        )
    }
    out = {}
    for slot in slots:
        result = results.get(slot.game_id)
        if result is None or result.vp_a != result.vp_b:
            continue
        side = _game_side(slot, result, seeds, playoff.knockout_tiebreak)
        if side is not None:
            out[slot.game_id] = slot.game.player_a_id if side == "a" else slot.game.player_b_id
    return out


def _read(playoff, matches, *, slots, won, results, seeds, team_matches=None) -> dict:
    states = bracket_state(matches, len(playoff.seeds), won)
    order = placings(states, len(playoff.seeds))
    return {
        "states": states,
        "slots": slots,
        "results": results,
        # A team bracket's matches as pages show them (bracket match id -> team match).
        "team_matches": team_matches or {},
        "seeds": seeds,
        "placings": order,
        "champion": order[0] if order and matches[0].feeds else None,
    }


def state_undecided_games(read: dict) -> list[MatchState]:
    """Matches with a game whose winner is not known yet (no confirmed result, or equal VP
    awaiting the organiser's decision)."""
    return [s for s in read["states"] if s.match.id in read["slots"] and s.winner is None]


def seed_player(playoff: Playoff, seed: int | None) -> int | None:
    if seed in (None, ABSENT):
        return None
    return playoff.seeds[seed - 1]


def names_of(ids) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=[i for i in ids if i]).values_list("pk", "name"))


def entrant_names(playoff: Playoff, ids) -> dict[int, str]:
    """The names of a bracket's seeds: players, or teams in a team event's bracket."""
    if playoff.entrants == "teams":
        return team_names(ids)
    return names_of(ids)

"""Team standings and team matches as the API and pages show them, from the pure engines."""

from __future__ import annotations

from teams.engine.scoring import match_outcome2, match_score
from teams.engine.standings import TEAM_METRICS, TeamEntry, compute_team_standings
from teams.extensions import TEAM_STANDINGS_ROW_HOOKS
from teams.models.teams import Team, TeamMatch, TeamRound
from teams.services.records import MatchState, event_match_states, match_states
from teams.services.scoring import Scoring, team_scoring_get
from tournament.engine import format_points, format_record, json_points
from tournament.models import Event, RoundStage
from tournament.services.rounds.eleventh import game_fields

OUTCOME_WORDS = {2: "won", 1: "drawn", 0: "lost"}


def _metric_json(value):
    return json_points(value) if not isinstance(value, int) else value


def team_standings_compute(*, event: Event, provisional: bool = False) -> dict:
    """Rows best first (shared ranks for ties), and what is still provisional.

    A match counts once every one of its games has a confirmed result (a bye at once);
    `provisional` also counts results awaiting confirmation or disputed (the organiser's view).
    """
    scoring = team_scoring_get(event=event)
    states = event_match_states(event, include_unconfirmed=provisional)
    teams = {t.pk: t for t in Team.objects.filter(event=event)}
    rows = compute_team_standings(
        [
            TeamEntry(id=t.pk, name=t.name, dropped=t.dropped, first_round=t.first_round)
            for t in teams.values()
        ],
        [s.record() for s in states],
        table=scoring.table,
        draw_margin=scoring.draw_margin,
        bye_score=scoring.bye_score,
        tiebreaks=scoring.tiebreaks,
    )
    unfinished = [s for s in states if not s.match.is_bye and not s.complete]
    out = []
    for row in rows:
        team = teams[row.team_id]
        out.append(
            {
                "rank": row.rank,
                "tied": row.tied,
                "team": team.pk,
                "name": team.name,
                "dropped": team.dropped,
                "mp": json_points(row.mp),
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "played": row.played,
                "record": format_record(row.wins, row.draws, row.losses),
                "game_points": row.game_points,
                "vp": row.vp,
                "tiebreak_values": [_metric_json(row.metrics[n]) for n in scoring.tiebreaks],
                "display": {
                    "mp": format_points(row.mp),
                    **{n: format_points(row.metrics[n]) for n in scoring.tiebreaks},
                },
            }
        )
    if TEAM_STANDINGS_ROW_HOOKS and event.rounds.exclude(stage=RoundStage.SWISS).exists():
        for hook in TEAM_STANDINGS_ROW_HOOKS:
            hook(event, out)
    return {
        "tiebreaks": list(scoring.tiebreaks),
        "tiebreak_labels": [TEAM_METRICS[n] for n in scoring.tiebreaks],
        "provisional": provisional,
        "unfinished_matches": [
            {
                "round": s.match.team_round.number,
                "match": s.match.pk,
                "teams": [s.match.team_a.name, s.match.team_b.name],
                "games": len(s.game_ids),
                "confirmed": s.confirmed,
                "players_paired": s.paired,
            }
            for s in unfinished
        ],
        "rows": out,
    }


def _game_rows(state: MatchState, scoring: Scoring) -> list[dict]:
    rows = []
    links = state.match.match_games.select_related("game__player_a", "game__player_b")
    for link in links.order_by("game__table_number"):
        game = link.game
        score = state.scores.get(game.pk)
        points = score.points(scoring.table) if score else None
        rows.append(
            {
                "game": game.pk,
                "table": game.table_number,
                "player_a": {"id": game.player_a_id, "name": game.player_a.name},
                "player_b": {"id": game.player_b_id, "name": game.player_b.name},
                "status": state.statuses.get(game.pk) or "missing",
                "vp_a": score[0] if score else None,
                "vp_b": score[1] if score else None,
                "points_a": points[0] if points else None,
                "points_b": points[1] if points else None,
                # 11th edition: each player's own primary and the layout (null otherwise).
                **game_fields(game),
                # Pages only (the API's fields are game_fields): where a table whose matchup
                # has no layout in the data is set up from.
                "layout_card": (game.eleventh or {}).get("layout_card"),
            }
        )
    return rows


def team_match_data(state: MatchState, scoring: Scoring) -> dict:
    """One match: its teams, tables, games with the points each gives, and its score so far
    (counting results; `complete` once every game has one)."""
    m = state.match
    data = {
        "id": m.pk,
        "round": m.team_round.number,
        "number": m.number,
        "team_a": {"id": m.team_a_id, "name": m.team_a.name},
        "team_b": {"id": m.team_b_id, "name": m.team_b.name} if m.team_b_id else None,
        "bye": m.is_bye,
        "tables": (
            [m.first_table, m.first_table + scoring.team_size - 1] if m.first_table else None
        ),
        "players_paired": state.paired,
        "players_paired_by": m.players_paired_by or None,
        "games": _game_rows(state, scoring) if state.paired else [],
        "complete": state.complete or m.is_bye,
    }
    if m.is_bye:
        data.update(score_a=scoring.bye_score, score_b=None, outcome="bye")
        return data
    score_a, score_b = match_score(list(state.scores.values()), scoring.table)
    data.update(score_a=score_a, score_b=score_b)
    data["outcome"] = (
        OUTCOME_WORDS[match_outcome2(score_a, score_b, scoring.draw_margin)[0]]
        if state.complete
        else None
    )
    return data


def team_round_data(*, team_round: TeamRound, provisional: bool = False) -> dict:
    scoring = team_scoring_get(event=team_round.event)
    matches = TeamMatch.objects.filter(team_round=team_round).select_related(
        "team_round", "team_a", "team_b"
    )
    states = match_states(matches.order_by("number"), include_unconfirmed=provisional)
    return {
        "number": team_round.number,
        "round": team_round.round.number,
        "seed": team_round.seed,
        "pairing_cost": team_round.pairing_cost,
        "mission_code": team_round.round.mission_code,
        # "playoff": a knockout round of the play-offs (never counted in the team standings).
        "stage": team_round.round.stage,
        "matches": [team_match_data(s, scoring) for s in states],
    }


def team_match_view(*, match: TeamMatch, provisional: bool = False) -> dict:
    scoring = team_scoring_get(event=match.team_round.event)
    (state,) = match_states([match], include_unconfirmed=provisional)
    return team_match_data(state, scoring)

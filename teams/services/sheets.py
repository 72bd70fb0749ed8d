"""A team event's results as one row per team, for ranking circuits and spreadsheets
(docs/exports.md lists the columns). Public like the team standings: a match counts once every
one of its games has a confirmed result (a bye at once)."""

from __future__ import annotations

from teams.engine.scoring import match_outcome2, match_score
from teams.models.teams import Team, TeamMember, TeamRound
from teams.services.records import event_match_states
from teams.services.scoring import team_scoring_get
from teams.services.standings import team_standings_compute
from tournament.models import Event
from tournament.services.players.public import public_names_of

TEAM_SHEET_HEAD = ("place", "team_id", "team", "members")
TEAM_ROUND_PARTS = ("opponent", "result", "score", "score_against")
TEAM_SHEET_TAIL = (
    "played",
    "wins",
    "draws",
    "losses",
    "byes",
    "mp",
    "game_points",
    "vp",
    "dropped",
)
# As in the player sheet: letters, so no value reads as a date or a number.
TEAM_RESULT_LETTERS = {2: "W", 1: "D", 0: "L"}


def team_sheet_columns(rounds: int) -> list[str]:
    per_round = [f"round_{n}_{part}" for n in range(1, rounds + 1) for part in TEAM_ROUND_PARTS]
    return [*TEAM_SHEET_HEAD, *per_round, *TEAM_SHEET_TAIL]


def _rounds_by_team(event: Event, bye_score: int, table, draw_margin: int) -> dict:
    names = dict(Team.objects.filter(event=event).values_list("pk", "name"))
    out: dict[int, dict[int, dict]] = {}
    for state in event_match_states(event):
        m = state.match
        number = m.team_round.number
        if m.is_bye:
            out.setdefault(m.team_a_id, {})[number] = {
                "opponent": "Bye",
                "result": "BYE",
                "score": bye_score,
                "score_against": None,
            }
            continue
        a, b = match_score(list(state.scores.values()), table) if state.complete else (None, None)
        got = match_outcome2(a, b, draw_margin) if state.complete else (None, None)
        for me, them, mine, theirs, doubled in (
            (m.team_a_id, m.team_b_id, a, b, got[0]),
            (m.team_b_id, m.team_a_id, b, a, got[1]),
        ):
            out.setdefault(me, {})[number] = {
                "opponent": names[them],
                "result": TEAM_RESULT_LETTERS.get(doubled, ""),
                "score": mine,
                "score_against": theirs,
            }
    return out


def team_sheet_export(*, event: Event, public: bool = False) -> tuple[list[str], list[dict]]:
    """One row per team, best first: place, team, its members' names ("; " between them), each
    round's opponent, result (W, D, L, BYE) and team score for and against, then the totals."""
    rounds = TeamRound.objects.filter(event=event).count()
    scoring = team_scoring_get(event=event)
    standings = team_standings_compute(event=event)["rows"]
    by_round = _rounds_by_team(event, scoring.bye_score, scoring.table, scoring.draw_margin)
    members: dict[int, list[str]] = {}
    # `public`: the members by the event's public names (issue 36).
    shown = public_names_of(event) if public else None
    for team_id, player_id, name in TeamMember.objects.filter(team__event=event).values_list(
        "team_id", "player_id", "player__name"
    ):
        members.setdefault(team_id, []).append(shown[player_id] if shown else name)
    rows = []
    for row in standings:
        flat = {
            "place": row["rank"],
            "team_id": row["team"],
            "team": row["name"],
            "members": "; ".join(members.get(row["team"], [])),
            **{c: row[c] for c in TEAM_SHEET_TAIL},
        }
        for number in range(1, rounds + 1):
            cells = by_round.get(row["team"], {}).get(number, {})
            for part in TEAM_ROUND_PARTS:
                flat[f"round_{number}_{part}"] = cells.get(part)
        rows.append(flat)
    return team_sheet_columns(rounds), rows

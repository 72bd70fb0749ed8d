"""A team event's bracket: teams seeded from the team standings, each knockout match a team
match (its players paired by the captains' ritual or the organiser, as in the Swiss) in a
team round of stage "playoff" that never counts in the team standings. A drawn match is
decided by the event's team tie rule (playoffs/engine/team_tiebreak.py)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from common.errors import Invalid
from playoffs.engine.team_tiebreak import TEAM_KNOCKOUT_TIEBREAKS, team_knockout_winner
from playoffs.models import Playoff, PlayoffTeamMatch
from teams.engine.scoring import match_score
from teams.models.teams import Team, TeamMatch, TeamMember, TeamRound
from teams.services.records import event_match_states, match_states
from teams.services.scoring import team_scoring_get
from teams.services.standings import team_standings_compute
from tournament.models import Event, Result, ResultStatus, Round, RoundStage
from tournament.services.audit.log import audit_record
from tournament.services.rounds.rounds import round_mission_for


def team_of_player(player_id: int) -> int | None:
    return TeamMember.objects.filter(player_id=player_id).values_list("team_id", flat=True).first()


def team_choices(event: Event) -> list[tuple[int, str]]:
    """The event's teams still in, by name: the seeding form's choices."""
    return list(
        Team.objects.filter(event=event, dropped=False).order_by("name").values_list("pk", "name")
    )


def team_names(ids) -> dict[int, str]:
    return dict(Team.objects.filter(pk__in=[i for i in ids if i]).values_list("pk", "name"))


def team_swiss_complete(event: Event) -> str | None:
    """Why the team Swiss is not finished, in words; None when it is."""
    played = event.team_rounds.filter(round__stage=RoundStage.SWISS).count()
    open_matches = [s for s in event_match_states(event) if not s.match.is_bye and not s.complete]
    if open_matches:
        m = open_matches[0].match
        return gettext("Team round %(number)s is not finished (%(a)s v %(b)s).") % {
            "number": m.team_round.number,
            "a": m.team_a,
            "b": m.team_b,
        }
    if played < event.planned_rounds:
        return ngettext(
            "Only %(played)s of the %(planned)s planned team rounds is played.",
            "Only %(played)s of the %(planned)s planned team rounds are played.",
            played,
        ) % {"played": played, "planned": event.planned_rounds}
    return None


def team_standings_order(event: Event) -> list[dict]:
    """The team standings' rows still in, best first."""
    return [r for r in team_standings_compute(event=event)["rows"] if not r["dropped"]]


def team_seeds_cut(event: Event, needed: int) -> list[int]:
    rows = team_standings_order(event)
    if len(rows) < needed:
        raise Invalid(
            "size",
            "too_few_teams",
            gettext("The cut needs %(needed)s teams; %(rows_count)s play.")
            % {"needed": needed, "rows_count": len(rows)},
        )
    return [r["team"] for r in rows[:needed]]


def team_seeds_check(event: Event, seeds: list[int]) -> None:
    known = set(
        Team.objects.filter(event=event, pk__in=seeds, dropped=False).values_list("pk", flat=True)
    )
    if any(s not in known for s in seeds):
        raise Invalid(
            "seeds",
            "unknown_team",
            gettext("Every seed must be a team of this event, not dropped."),
        )


def team_tiebreak_check(rule: str) -> None:
    if rule not in TEAM_KNOCKOUT_TIEBREAKS:
        raise Invalid(
            "knockout_tiebreak",
            "invalid_choice",
            gettext("A team bracket takes one of: %(join)s.")
            % {"join": ", ".join(TEAM_KNOCKOUT_TIEBREAKS)},
        )


def _primaries(game_ids) -> dict[int, tuple[int, int]]:
    rows = Result.objects.filter(
        game_id__in=game_ids, is_current=True, status=ResultStatus.CONFIRMED
    ).values_list("game_id", "primary_a", "primary_b")
    return {g: (a or 0, b or 0) for g, a, b in rows}


def team_bracket_results(playoff: Playoff, seeds: dict[int, int]) -> tuple[dict, dict, dict]:
    """(slots, won, info): each played bracket match's link, the side ("a"/"b") its finished
    team match sends through, and its match as pages show it (score, tables, state)."""
    slots = {
        s.match: s
        for s in PlayoffTeamMatch.objects.filter(playoff=playoff).select_related(
            "team_match__team_round__round", "team_match__team_a", "team_match__team_b"
        )
    }
    scoring = team_scoring_get(event=playoff.event)
    states = {s.match.pk: s for s in match_states([s.team_match for s in slots.values()])}
    primaries = _primaries([g for s in states.values() for g in s.game_ids])
    won, info = {}, {}
    for mid, slot in slots.items():
        match = slot.team_match
        state = states[match.pk]
        score_a, score_b = match_score(list(state.scores.values()), scoring.table)
        first = match.first_table
        info[mid] = {
            "id": match.pk,
            "round": match.team_round.number,
            "tables": [first, first + scoring.team_size - 1] if first else None,
            "players_paired": state.paired,
            "complete": state.complete,
            "score_a": score_a if state.scores else None,
            "score_b": score_b if state.scores else None,
        }
        if not state.complete:
            continue
        side = team_knockout_winner(
            rule=playoff.knockout_tiebreak,
            score_a=score_a,
            score_b=score_b,
            draw_margin=scoring.draw_margin,
            seed_a=seeds[match.team_a_id],
            seed_b=seeds[match.team_b_id],
            vp_a=sum(s.vp_a for s in state.scores.values()),
            vp_b=sum(s.vp_b for s in state.scores.values()),
            primary_a=sum(primaries.get(g, (0, 0))[0] for g in state.game_ids),
            primary_b=sum(primaries.get(g, (0, 0))[1] for g in state.game_ids),
            decided=slot.decided or None,
        )
        info[mid]["drawn"] = abs(score_a - score_b) <= scoring.draw_margin
        if side is not None:
            won[mid] = side
    return slots, won, info


def team_knockout_round_pair(*, playoff: Playoff, event: Event, todo, user) -> Round:
    """One knockout round of team matches: a tournament round of stage "playoff" with its
    team round, a team match per bracket match (team A the bracket's side a) at a block of
    tables; the players are paired per match afterwards, as in the Swiss. Logged as a team
    round, so its undo (while no result is in) takes the bracket's matches with it."""
    number = event.rounds.count() + 1
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=RoundStage.PLAYOFF,
        method="playoff",
        mission_code=round_mission_for(event=event, number=number),
    )
    team_round = TeamRound.objects.create(event=event, number=number, round=round_)
    seeds = playoff.seeds
    matches = TeamMatch.objects.bulk_create(
        TeamMatch(
            team_round=team_round,
            number=i,
            team_a_id=seeds[s.seed_a - 1],
            team_b_id=seeds[s.seed_b - 1],
            first_table=(i - 1) * event.team_size + 1,
        )
        for i, s in enumerate(todo, start=1)
    )
    PlayoffTeamMatch.objects.bulk_create(
        PlayoffTeamMatch(playoff=playoff, match=s.match.id, team_match=m)
        for s, m in zip(todo, matches, strict=True)
    )
    names = team_names(seeds)
    audit_record(
        event=event,
        action="team_round_create",
        target=f"teamround:{team_round.pk}",
        user=user,
        after={
            "number": number,
            "seed": None,
            "stage": "playoff",
            "matches": [[names[m.team_a_id], names[m.team_b_id]] for m in matches],
        },
    )
    return round_


def team_slot_for_decision(playoff: Playoff, match_id: int) -> PlayoffTeamMatch | None:
    return (
        PlayoffTeamMatch.objects.select_related("team_match__team_a", "team_match__team_b")
        .filter(playoff=playoff, team_match_id=match_id)
        .first()
    )


def team_placings_rest(event: Event, rows: list[dict] | None = None) -> list[tuple[int, str]]:
    """Every team by the team standings (id, name), for the places below the bracket."""
    if rows is None:
        rows = team_standings_compute(event=event)["rows"]
    return [(r["team"], r["name"]) for r in rows]

"""Gather a team round for print (team pairings, the ritual record, team scoresheets)."""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Invalid, NotFound
from teams.engine import ritual as ritual_engine
from teams.engine.scoring import GAME_POINTS, match_outcome2
from teams.models.ritual import TeamMatchRitual
from teams.models.teams import TeamMatch, TeamRound
from teams.printing.data import TeamGameLine, TeamMatchPrint, TeamRoundPrint
from teams.printing.documents import DOCUMENTS, render_team
from teams.services.records import MatchState, match_states
from teams.services.ritual import ritual_words
from teams.services.scoring import team_scoring_get
from tournament.models import Event, Result, ResultStatus
from tournament.services.documents.printing import event_info, round_print_note
from tournament.services.events.language import event_language

TEAM_KINDS = tuple(DOCUMENTS)


def _bands(table) -> tuple[tuple[str, str], ...]:
    lines, low = [], 0
    for i, band in enumerate(table):
        # The last band scores every larger difference too (game_score), even when closed.
        last = i == len(table) - 1
        span = f"{low}–{band.up_to}" if band.up_to is not None and not last else f"{low} or more"
        lines.append((span, f"{band.points}–{GAME_POINTS - band.points}"))
        low = (band.up_to or 0) + 1
    return tuple(lines)


def _confirmed(game_ids: list[int]) -> dict[int, Result]:
    # The current result, as the standings read it (an undone result's newer version is not).
    current = Result.objects.filter(
        game_id__in=game_ids, is_current=True, status=ResultStatus.CONFIRMED
    )
    return {r.game_id: r for r in current}


def _match_print(
    match: TeamMatch, scoring, ritual: TeamMatchRitual | None, state: MatchState
) -> TeamMatchPrint:
    games = [mg.game for mg in match.match_games.select_related("game__player_a", "game__player_b")]
    games.sort(key=lambda g: (g.table_number or 0, g.pk))
    results = _confirmed([g.pk for g in games])
    lines, sums = [], [0, 0]
    for g in games:
        r = results.get(g.pk)
        # The points as the standings count them (penalties given included, issue 35).
        counted = state.scores.get(g.pk) if r and r.vp_b is not None else None
        score = counted.points(scoring.table) if counted else None
        if score:
            sums[0] += score[0]
            sums[1] += score[1]
        eleventh = g.eleventh or {}
        lines.append(
            TeamGameLine(
                table=g.table_number,
                a_name=g.player_a.name,
                a_faction=g.player_a.faction,
                b_name=g.player_b.name if g.player_b_id else "",
                b_faction=g.player_b.faction if g.player_b_id else "",
                vp_a=r.vp_a if r else None,
                vp_b=r.vp_b if r else None,
                score_a=score[0] if score else None,
                score_b=score[1] if score else None,
                primary_a=eleventh.get("primary_a") or "",
                primary_b=eleventh.get("primary_b") or "",
                layout=eleventh.get("layout") or "",
                layout_card=eleventh.get("layout_card") or "",
            )
        )
    complete = bool(games) and len(results) == len(games)
    outcome = ""
    if complete and match.team_b_id:
        twice = match_outcome2(sums[0], sums[1], scoring.draw_margin)
        outcome = {
            (2, 0): f"{match.team_a.name} wins",
            (0, 2): f"{match.team_b.name} wins",
            (1, 1): "Draw",
        }[twice]
    tables = [g.table_number for g in games if g.table_number]
    if tables:
        tables_text = (
            f"Tables {min(tables)}–{max(tables)}" if len(tables) > 1 else f"Table {tables[0]}"
        )
    elif match.first_table:
        tables_text = f"From table {match.first_table}"
    else:
        tables_text = ""
    return TeamMatchPrint(
        number=match.number,
        team_a=match.team_a.name,
        team_b=match.team_b.name if match.team_b_id else None,
        tables=tables_text,
        games=tuple(lines),
        ritual=tuple(ritual_words(match, ritual.state)) if ritual else (),
        ritual_variant=ritual_engine.VARIANTS[ritual.variant]["label"] if ritual else "",
        ritual_done=bool(ritual and ritual_engine.is_done(ritual.state)),
        total_a=sums[0] if complete else None,
        total_b=sums[1] if complete else None,
        outcome=outcome,
    )


def team_print_data(*, event: Event, round_number: int) -> TeamRoundPrint:
    team_round = TeamRound.objects.filter(event=event, number=round_number).first()
    if team_round is None:
        raise NotFound(
            "round",
            "not_found",
            gettext("%(name)s has no team round %(round_number)s.")
            % {"name": event.name, "round_number": round_number},
        )
    scoring = team_scoring_get(event=event)
    matches = list(team_round.matches.select_related("team_a", "team_b").order_by("number"))
    rituals = {
        r.match_id: r for r in TeamMatchRitual.objects.filter(match__in=[m.pk for m in matches])
    }
    states = {s.match.pk: s for s in match_states(matches)}
    return TeamRoundPrint(
        event=event_info(event),
        round_number=round_number,
        team_size=scoring.team_size,
        matches=tuple(_match_print(m, scoring, rituals.get(m.pk), states[m.pk]) for m in matches),
        score_bands=_bands(scoring.table),
        draw_margin=scoring.draw_margin,
        note=round_print_note(event=event, round_=team_round.round),
    )


def team_print_document(*, event: Event, kind: str, round_number: int) -> bytes:
    if kind not in DOCUMENTS:
        raise Invalid(
            "kind",
            "invalid_choice",
            gettext("Print one of %(join)s.") % {"join": ", ".join(TEAM_KINDS)},
        )
    # Paper for the hall: in the event's language, whoever asks.
    with event_language(event):
        return render_team(kind, team_print_data(event=event, round_number=round_number))

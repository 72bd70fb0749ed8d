"""Pairing team rounds by team Swiss, and undoing the latest while nothing was played in it."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict
from teams.engine.pairing import pair_team_round
from teams.models.teams import Team, TeamMatch, TeamRound
from teams.services.common import team_event_lock
from teams.services.records import event_match_states, event_team_entries
from teams.services.scoring import team_scoring_get
from tournament.models import Event, Result, ResultSource, Round, RoundStage
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, audit_target_kind
from tournament.services.events.status import event_signup_close_at_round_1
from tournament.services.rounds.eleventh import check_dispositions, round_layout_clean
from tournament.services.rounds.rounds import seed_check


def _previous_complete(event: Event, number: int) -> None:
    """Pairing on matches not yet finished would pair on a score nobody agreed to."""
    open_matches = [
        s
        for s in event_match_states(event, before_round=number)
        if not s.match.is_bye and not s.complete
    ]
    if not open_matches:
        return
    names = ", ".join(
        f"{s.match.team_a.name} v {s.match.team_b.name}"
        + (
            " (players not paired)"
            if not s.paired
            else f" ({s.confirmed} of {len(s.game_ids)} results confirmed)"
        )
        for s in open_matches[:5]
    )
    more = f" and {len(open_matches) - 5} more" if len(open_matches) > 5 else ""
    raise Conflict(
        "team_round",
        "results_missing",
        gettext(
            "Team round %(value)s is not finished: %(names)s%(more)s. "
            "Finish those matches, or force the pairing."
        )
        % {"value": number - 1, "names": names, "more": more},
    )


def _teams_full(event: Event, number: int) -> None:
    short = [
        t
        for t in Team.objects.filter(event=event, dropped=False, first_round__lte=number)
        .prefetch_related("members")
        .order_by("name")
        if t.members.count() != event.team_size
    ]
    if short:
        listed = ", ".join(f"{t.name} ({t.members.count()})" for t in short)
        raise Conflict(
            "teams",
            "team_not_full",
            gettext("Every team needs %(team_size)s players before pairing: %(listed)s.")
            % {"team_size": event.team_size, "listed": listed},
        )


def team_round_create(
    *, event_id: int, user, seed: int | None = None, force: bool = False, layout=None
) -> TeamRound:
    """Pair the next team round: its matches (one team may get a bye) and the tournament round
    their individual games will be added to, each match's when its players are paired."""
    with transaction.atomic():
        event = team_event_lock(event_id=event_id, user=user)
        if event.rounds.exclude(stage=RoundStage.SWISS).exists():
            raise Conflict(
                "team_round",
                "playoffs_started",
                gettext("The play-offs have started: pair their next knockout round instead."),
            )
        number = event.team_rounds.count() + 1
        if number > event.planned_rounds:
            raise Conflict(
                "team_round",
                "all_rounds_paired",
                gettext(
                    "All %(planned_rounds)s planned rounds are paired; raise the planned rounds."
                )
                % {"planned_rounds": event.planned_rounds},
            )
        if Round.objects.filter(event=event, number=number).exists():
            raise Conflict(
                "team_round",
                "round_exists",
                gettext("Round %(number)s is already paired.") % {"number": number},
            )
        if not force:
            _previous_complete(event, number)
        _teams_full(event, number)
        # 11th edition: every member needs a disposition (forcing pairs them anyway), and the
        # per_round layout policy names the round's letter now.
        check_dispositions(event, number, force)
        layout = round_layout_clean(event, layout)
        seed_check(seed)
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        scoring = team_scoring_get(event=event)
        teams = event_team_entries(event)
        active = [t for t in teams if not t.dropped and t.first_round <= number]
        if len(active) < 2:
            raise Conflict(
                "teams", "too_few_teams", gettext("At least two teams are needed to pair.")
            )
        pairs, cost = pair_team_round(
            teams,
            [s.record() for s in event_match_states(event, before_round=number)],
            round_number=number,
            seed=seed,
            table=scoring.table,
            draw_margin=scoring.draw_margin,
            total_rounds=event.planned_rounds,
        )
        order = event.mission_order or []
        round_ = Round.objects.create(
            event=event,
            number=number,
            seed=seed,
            method="team",
            mission_code=order[(number - 1) % len(order)] if order else "",
            layout=layout,
        )
        rematches, gap_sq, path = cost
        team_round = TeamRound.objects.create(
            event=event,
            number=number,
            round=round_,
            seed=seed,
            pairing_cost={"rematches": rematches, "record_gap_sq": gap_sq, "path_distance": path},
        )
        names = {t.id: t.name for t in teams}
        TeamMatch.objects.bulk_create(
            TeamMatch(
                team_round=team_round,
                number=p.number,
                team_a_id=p.team_a,
                team_b_id=p.team_b,
                first_table=None if p.team_b is None else (p.number - 1) * event.team_size + 1,
            )
            for p in pairs
        )
        audit_record(
            event=event,
            action="team_round_create",
            target=f"teamround:{team_round.pk}",
            user=user,
            after={
                "number": number,
                "seed": seed,
                "matches": [[names[p.team_a], names.get(p.team_b)] for p in pairs],
            },
        )
        if number == 1:
            event_signup_close_at_round_1(event=event, user=user)
        return team_round


audit_target_kind("teamround", TeamRound, "event_id")


def _logged_team_round(entry) -> TeamRound:
    number = (entry.after or {}).get("number", "?")
    team_round = audit_target(
        entry, "teamround", gone=f"Team round {number} has already been removed."
    )
    later = team_round.event.team_rounds.filter(number__gt=team_round.number).first()
    if later is not None:
        raise Conflict(
            "entry",
            "not_latest",
            gettext(
                "Only the latest team round can be undone: round %(number)s "
                "was paired after round %(number2)s; undo it first."
            )
            % {"number": later.number, "number2": number},
        )
    played = Result.objects.filter(game__round=team_round.round).exclude(source=ResultSource.BYE)
    if played.exists():
        raise Conflict(
            "entry",
            "has_results",
            gettext("Team round %(number)s has results; undo or correct them before its pairings.")
            % {"number": number},
        )
    return team_round


@undo_check("team_round_create")
def _check_team_round_create(entry) -> list[str]:
    team_round = _logged_team_round(entry)
    paired = sum(1 for m in team_round.matches.all() if m.players_paired_at)
    if paired:
        return [
            f"The players of {paired} match{'es' if paired != 1 else ''} are paired; "
            "their pairings go with the round."
        ]
    return []


@undoable("team_round_create")
def _undo_team_round_create(entry) -> None:
    Event.objects.select_for_update().get(pk=entry.event_id)
    team_round = _logged_team_round(entry)
    round_ = team_round.round
    # Matches hold their teams by a protected key: they go first, then the round and games.
    team_round.matches.all().delete()
    team_round.delete()
    Result.objects.filter(game__round=round_).delete()
    round_.games.all().delete()
    round_.delete()

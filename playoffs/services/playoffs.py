"""Running the play-offs: the cut from the Swiss standings, the seeding the organiser may
adjust before the first knockout round, pairing each knockout round, and the organiser's
decision on equal VP under the `organiser` tie rule. Every change is logged."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, ngettext

from common.errors import Conflict, Invalid, NotFound
from playoffs.engine import FORMATS, KNOCKOUT_TIEBREAKS
from playoffs.models import Playoff, PlayoffGame, PlayoffTeamMatch
from playoffs.services import team_bracket
from playoffs.services.bracket import (
    entrant_names,
    names_of,
    playoff_matches,
    playoff_read,
    seed_player,
    state_undecided_games,
)
from tournament.models import Event, Game, Round, RoundStage
from tournament.services.audit.log import audit_record
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.results.progress import standings_status
from tournament.services.results.results import round_refresh_status
from tournament.services.rounds.eleventh import games_fill
from tournament.services.rounds.rounds import round_mission_for
from tournament.services.standings.standings import standings_compute

SEEDINGS = ("standings", "organiser")


def _locked_event(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    return event


def playoff_of(event: Event) -> Playoff:
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        raise NotFound(
            "playoffs",
            "not_found",
            gettext("%(name)s has no play-offs yet.") % {"name": event.name},
        )
    return playoff


def _field_needed(fmt, size, qualifier, shadow) -> int:
    if fmt == "shadow":
        return shadow[1] if shadow else size
    return max([size, *(qualifier[1:] if qualifier else ()), *(shadow[1:] if shadow else ())])


def _check_shape(fmt, size, qualifier, shadow, reset, *, third_place=False) -> None:
    from playoffs.engine import bracket_build  # noqa: PLC0415 - the engine's own checks
    from playoffs.engine.formats import FormatError  # noqa: PLC0415

    if fmt not in FORMATS:
        raise Invalid(
            "format",
            "invalid_choice",
            gettext("Must be one of: %(join)s.") % {"join": ", ".join(FORMATS)},
        )
    try:
        bracket_build(
            fmt, size, qualifier=qualifier, shadow=shadow, reset=reset, third_place=third_place
        )
    except FormatError as exc:
        # The format's own sentence, on the setting it names, in the reader's language.
        raise Invalid(exc.field or "size", "invalid", exc.message) from exc


def _swiss_complete(event: Event) -> str | None:
    """Why the Swiss is not finished, in words; None when it is."""
    status = standings_status(event=event)
    played = len(status.rounds)
    if status.in_play is not None:
        return gettext("Round %(number)s still lacks confirmed results.") % {
            "number": status.in_play.number
        }
    if played < event.planned_rounds:
        return ngettext(
            "Only %(played)s of the %(planned)s planned Swiss rounds is played.",
            "Only %(played)s of the %(planned)s planned Swiss rounds are played.",
            played,
        ) % {"played": played, "planned": event.planned_rounds}
    return None


def _check_seeds(event: Event, seeds, needed: int) -> list[int]:
    # A team event seeds teams, a singles event players: each sentence whole, in each language.
    if not isinstance(seeds, list) or any(
        isinstance(s, bool) or not isinstance(s, int) for s in seeds
    ):
        message = (
            gettext("Must be a list of team ids, best seed first.")
            if event.is_team
            else gettext("Must be a list of player ids, best seed first.")
        )
        raise Invalid("seeds", "invalid", message)
    if len(set(seeds)) != len(seeds):
        message = (
            gettext("A team can hold one seed only.")
            if event.is_team
            else gettext("A player can hold one seed only.")
        )
        raise Invalid("seeds", "duplicate", message)
    if len(seeds) != needed:
        if event.is_team:
            message = ngettext(
                "The bracket needs exactly %(needed)s team.",
                "The bracket needs exactly %(needed)s teams.",
                needed,
            )
        else:
            message = ngettext(
                "The bracket needs exactly %(needed)s player.",
                "The bracket needs exactly %(needed)s players.",
                needed,
            )
        raise Invalid("seeds", "count", message % {"needed": needed})
    if event.is_team:
        team_bracket.team_seeds_check(event, seeds)
        return seeds
    known = set(event.players.filter(pk__in=seeds, dropped=False).values_list("pk", flat=True))
    unknown = [s for s in seeds if s not in known]
    if unknown:
        raise Invalid(
            "seeds",
            "unknown_player",
            gettext("Every seed must be a player of this event, not dropped."),
        )
    return seeds


def _cut_seeds(event: Event, seeding: str, seeds, needed: int) -> list[int]:
    """The bracket's seeds: the organiser's list, or the top of the standings (the team
    standings in a team event)."""
    if seeding == "organiser":
        if seeds is None:
            raise Invalid("seeds", "required", gettext("The organiser's seeding needs the seeds."))
        return _check_seeds(event, seeds, needed)
    if seeds is not None:
        raise Invalid("seeds", "not_taken", gettext('Seeds are given with seeding "organiser".'))
    if event.is_team:
        return team_bracket.team_seeds_cut(event, needed)
    rows = [r for r in standings_compute(event=event) if not r["dropped"]]
    if len(rows) < needed:
        raise Invalid(
            "size",
            "too_few_players",
            gettext("The cut needs %(needed)s players; %(rows_count)s play.")
            % {"needed": needed, "rows_count": len(rows)},
        )
    return [r["player"] for r in rows[:needed]]


def playoff_create(
    *,
    event_id: int,
    user,
    format: str,
    size: int,
    qualifier: tuple[int, int] | None = None,
    shadow: tuple[int, int] | None = None,
    grand_final_reset: bool = True,
    seeding: str = "standings",
    seeds: list[int] | None = None,
    knockout_tiebreak: str = "higher_seed",
    third_place: bool = False,
    force: bool = False,
) -> Playoff:
    """Cut the field: the top of the Swiss standings (or the organiser's list) seeded into
    the format; a team event's teams from its team standings. 409 while the Swiss is
    incomplete unless forced."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        if Playoff.objects.filter(event=event).exists():
            raise Conflict(
                "playoffs",
                "exists",
                gettext("%(name)s already has its play-offs.") % {"name": event.name},
            )
        if event.is_team:
            team_bracket.team_tiebreak_check(knockout_tiebreak)
        elif knockout_tiebreak not in KNOCKOUT_TIEBREAKS:
            raise Invalid(
                "knockout_tiebreak",
                "invalid_choice",
                gettext("Must be one of: %(join)s.") % {"join": ", ".join(KNOCKOUT_TIEBREAKS)},
            )
        if seeding not in SEEDINGS:
            raise Invalid(
                "seeding",
                "invalid_choice",
                gettext("Must be one of: %(join)s.") % {"join": ", ".join(SEEDINGS)},
            )
        _check_shape(format, size, qualifier, shadow, grand_final_reset, third_place=third_place)
        if not force:
            why = (team_bracket.team_swiss_complete if event.is_team else _swiss_complete)(event)
            if why:
                raise Conflict(
                    "playoffs",
                    "swiss_incomplete",
                    gettext("%(why)s Finish it, or force the cut.") % {"why": why},
                )
        needed = _field_needed(format, size, qualifier, shadow)
        chosen = _cut_seeds(event, seeding, seeds, needed)
        playoff = Playoff.objects.create(
            event=event,
            format=format,
            size=size,
            qualifier_from=qualifier[0] if qualifier else None,
            qualifier_to=qualifier[1] if qualifier else None,
            shadow_from=shadow[0] if shadow else None,
            shadow_to=shadow[1] if shadow else None,
            grand_final_reset=grand_final_reset,
            seeding=seeding,
            knockout_tiebreak=knockout_tiebreak,
            seeds=chosen,
            third_place=third_place,
            entrants="teams" if event.is_team else "players",
            after_round=len(standings_status(event=event).rounds),
        )
        names = entrant_names(playoff, chosen)
        audit_record(
            event=event,
            action="playoff_create",
            target=f"event:{event.pk}",
            user=user,
            after={
                "format": format,
                "size": size,
                "tiebreak": knockout_tiebreak,
                "third_place": third_place,
                "seeds": [names[p] for p in chosen],
            },
        )
        return playoff


def _started(playoff: Playoff) -> bool:
    return (
        PlayoffGame.objects.filter(playoff=playoff).exists()
        or PlayoffTeamMatch.objects.filter(playoff=playoff).exists()
    )


def playoff_reseed(*, event_id: int, user, seeds: list[int]) -> Playoff:
    """The organiser's seeding, before the first knockout round is paired (logged; undone
    from the log while still before it)."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        playoff = playoff_of(event)
        if _started(playoff):
            raise Conflict(
                "seeds",
                "playoffs_started",
                gettext("The first knockout round is paired: seeds are fixed."),
            )
        chosen = _check_seeds(event, seeds, len(playoff.seeds))
        if chosen == playoff.seeds:
            return playoff  # saved unchanged: nothing to log
        before = playoff.seeds
        playoff.seeds, playoff.seeding = chosen, "organiser"
        playoff.save(update_fields=["seeds", "seeding"])
        names = entrant_names(playoff, [*before, *chosen])
        audit_record(
            event=event,
            action="playoff_seeding",
            target=f"event:{event.pk}",
            user=user,
            before={"seeds": before, "names": [names[p] for p in before]},
            after={"seeds": chosen, "names": [names[p] for p in chosen]},
        )
        return playoff


def playoff_advance(*, event_id: int, user) -> Round:
    """Pair the next knockout round: every bracket match of the earliest round still to play
    whose players are known. 409 while a knockout game lacks its winner."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        playoff = playoff_of(event)
        read = playoff_read(playoff)
        waiting = state_undecided_games(read)
        if waiting:
            names = entrant_names(
                playoff, [seed_player(playoff, x) for s in waiting for x in (s.seed_a, s.seed_b)]
            )
            listed = "; ".join(
                f"{names[seed_player(playoff, s.seed_a)]} v {names[seed_player(playoff, s.seed_b)]}"
                for s in waiting
            )
            raise Conflict(
                "playoffs",
                "results_missing",
                f"These knockout {'matches' if event.is_team else 'games'} have no winner yet: "
                f"{listed}. Confirm their results"
                + (" or decide them" if playoff.knockout_tiebreak == "organiser" else "")
                + ".",
            )
        todo = [s for s in read["states"] if s.ready and s.match.id not in read["slots"]]
        if not todo:
            raise Conflict(
                "playoffs", "finished", gettext("The play-offs are finished: nothing to pair.")
            )
        first = min(s.round for s in todo)
        todo = [s for s in todo if s.round == first]
        if playoff.entrants == "teams":
            return team_bracket.team_knockout_round_pair(
                playoff=playoff, event=event, todo=todo, user=user
            )
        number = event.rounds.count() + 1
        round_ = Round.objects.create(
            event=event,
            number=number,
            stage=RoundStage.PLAYOFF,
            method="playoff",
            mission_code=round_mission_for(event=event, number=number),
        )
        tables = sorted(t.number for t in event.tables.all()) or range(1, len(todo) + 1)
        games = [
            Game(
                round=round_,
                table_number=table,
                player_a_id=seed_player(playoff, s.seed_a),
                player_b_id=seed_player(playoff, s.seed_b),
                flags=[{"code": "playoff", "text": s.match.label}],
            )
            for s, table in zip(todo, tables, strict=False)
        ]
        games_fill(event, round_, games)
        games = Game.objects.bulk_create(games)
        PlayoffGame.objects.bulk_create(
            PlayoffGame(playoff=playoff, match=s.match.id, game=g)
            for s, g in zip(todo, games, strict=True)
        )
        round_refresh_status(round_)
        names = names_of([g.player_a_id for g in games] + [g.player_b_id for g in games])
        # Logged as any round's pairing: its undo (round_create) removes it while no result
        # is entered, and the bracket's games go with it.
        audit_record(
            event=event,
            action="round_create",
            target=f"round:{round_.pk}",
            user=user,
            after={
                "number": number,
                "method": "playoff",
                "seed": None,
                "games": len(games),
                "released": True,
                "pairs": [[names[g.player_a_id], names[g.player_b_id]] for g in games],
            },
        )
        return round_


def playoff_decide(
    *, event_id: int, user, winner: int, game_id: int | None = None, match_id: int | None = None
):
    """The organiser's call on a knockout game drawn on VP (a team bracket's drawn team
    match, `match_id`), under the `organiser` rule."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        playoff = playoff_of(event)
        if playoff.knockout_tiebreak != "organiser":
            raise Conflict(
                "winner",
                "not_organiser_rule",
                gettext("This event's tie rule decides equal games itself."),
            )
        if playoff.entrants == "teams":
            if match_id is None:
                raise Invalid("match", "required", gettext("Name the knockout team match."))
            slot = team_bracket.team_slot_for_decision(playoff, match_id)
            if slot is None:
                raise NotFound(
                    "match", "not_found", gettext("No such knockout team match in this event.")
                )
            sides, target = slot.team_match, f"teammatch:{slot.team_match_id}"
            a, b = sides.team_a, sides.team_b
        else:
            if game_id is None:
                raise Invalid("game", "required", gettext("Name the knockout game."))
            slot = (
                PlayoffGame.objects.select_related("game__player_a", "game__player_b")
                .filter(playoff=playoff, game_id=game_id)
                .first()
            )
            if slot is None:
                raise NotFound("game", "not_found", gettext("No such knockout game in this event."))
            a, b, target = slot.game.player_a, slot.game.player_b, f"game:{slot.game_id}"
        if winner not in (a.pk, b.pk):
            raise Invalid(
                "winner",
                "not_in_game",
                gettext("The winner must be %(name)s or %(name2)s.")
                % {"name": a.name, "name2": b.name},
            )
        side = "a" if winner == a.pk else "b"
        before = slot.decided
        if before == side:
            return slot
        slot.decided = side
        slot.save(update_fields=["decided"])
        audit_record(
            event=event,
            action="playoff_decide",
            target=target,
            user=user,
            before={"winner": before},
            after={
                "winner": side,
                "name": (a if side == "a" else b).name,
                "game": f"{a.name} v {b.name}",
            },
        )
        return slot


def playoff_delete(*, event_id: int, user) -> None:
    """Take the cut back before its first knockout round is paired."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        playoff = playoff_of(event)
        if _started(playoff):
            raise Conflict(
                "playoffs",
                "playoffs_started",
                gettext("Undo its knockout rounds first (latest first)."),
            )
        audit_record(
            event=event,
            action="playoff_delete",
            target=f"event:{event.pk}",
            user=user,
            before={"format": playoff.format, "size": playoff.size},
        )
        playoff.delete()


__all__ = [
    "playoff_advance",
    "playoff_create",
    "playoff_decide",
    "playoff_delete",
    "playoff_matches",
    "playoff_of",
    "playoff_read",
    "playoff_reseed",
]

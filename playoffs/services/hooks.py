"""What the play-offs register with the tournament app at start-up (playoffs.apps): final
places on the standings rows, the knockout rule on round printouts, audit words, undo
handlers and the export section."""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Conflict
from playoffs.engine.team_tiebreak import TEAM_KNOCKOUT_TIEBREAKS
from playoffs.engine.tiebreak import KNOCKOUT_TIEBREAKS
from playoffs.models import Playoff, PlayoffGame, PlayoffTeamMatch
from playoffs.services.bracket import playoff_matches
from teams.extensions import TEAM_STANDINGS_ROW_HOOKS
from tournament.extensions import (
    DECIDED_GAME_HOOKS,
    ROUND_NAME_HOOKS,
    ROUND_NOTE_HOOKS,
    STANDINGS_ROW_HOOKS,
)
from tournament.models import RoundStage
from tournament.services.audit.log import undo_check, undoable
from tournament.services.audit.words import audit_words_register


def _create_words(entry) -> str:
    a = entry.after or {}
    fmt = {"single": "single elimination", "double": "double elimination"}.get(
        a.get("format"), a.get("format", "")
    )
    third = ", third-place match" if a.get("third_place") else ""
    return (
        f"Play-offs cut: top {a.get('size')} ({fmt}{third}); seeds {', '.join(a.get('seeds', []))}"
    )


def _seeding_words(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    return (
        f"Play-off seeds: {', '.join(before.get('names', []))} → "
        f"{', '.join(after.get('names', []))}"
    )


def _decide_words(entry) -> str:
    a = entry.after or {}
    return f"{a.get('game', '')}: {a.get('name', '')} goes through (organiser's decision)"


def _delete_words(entry) -> str:
    return "Play-offs taken back before their first knockout round"


def _unstarted(entry) -> Playoff:
    playoff = Playoff.objects.filter(event_id=entry.event_id).first()
    if playoff is None:
        raise Conflict("entry", "gone", gettext("The play-offs have already been taken back."))
    if playoff.games.exists() or playoff.team_matches.exists():
        raise Conflict(
            "entry",
            "playoffs_started",
            gettext("The first knockout round is paired: undo it first."),
        )
    return playoff


@undo_check("playoff_seeding")
def _check_seeding(entry) -> list[str]:
    playoff = _unstarted(entry)
    if playoff.seeds != (entry.after or {}).get("seeds"):
        raise Conflict(
            "entry", "changed", gettext("The seeds have changed since: undo that first.")
        )
    return []


@undoable("playoff_seeding")
def _undo_seeding(entry) -> None:
    playoff = _unstarted(entry)
    before = (entry.before or {}).get("seeds")
    if not isinstance(before, list) or sorted(before) != sorted(playoff.seeds):
        raise Conflict("entry", "changed", gettext("The logged seeds no longer fit the bracket."))
    playoff.seeds = before
    playoff.save(update_fields=["seeds"])


@undo_check("playoff_create")
def _check_create(entry) -> list[str]:
    _unstarted(entry)
    return []


@undoable("playoff_create")
def _undo_create(entry) -> None:
    _unstarted(entry).delete()


def playoff_round_note(event, round_) -> str:
    """A knockout round's sheets and packs say what decides a game ending on equal VP (the
    organiser's rule, in words)."""
    playoff = Playoff.objects.filter(event=event).only("knockout_tiebreak", "entrants").first()
    if playoff is None or round_.stage != RoundStage.PLAYOFF:
        return ""
    if playoff.entrants == "teams":
        # Team scoresheets and packs read this through the same hook (teams printing).
        return f"Knockout match. {TEAM_KNOCKOUT_TIEBREAKS[playoff.knockout_tiebreak]}"
    return f"Knockout game. {KNOCKOUT_TIEBREAKS[playoff.knockout_tiebreak]}"


def playoff_round_name(event, round_) -> dict | None:
    """A knockout round's stage in words (a hook the tournament app calls for rounds after
    the Swiss): its matches' labels in bracket order ("Semi-final", "Final · Third-place
    match"), and the seeds of a players' bracket."""
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None or round_.stage != RoundStage.PLAYOFF:
        return None
    if playoff.entrants == "teams":
        played = PlayoffTeamMatch.objects.filter(
            playoff=playoff, team_match__team_round__round=round_
        )
        seeds = {}
    else:
        played = PlayoffGame.objects.filter(playoff=playoff, game__round=round_)
        seeds = {pid: i + 1 for i, pid in enumerate(playoff.seeds)}
    ids = set(played.values_list("match", flat=True))
    labels = []
    for match in playoff_matches(playoff):
        if match.id in ids and match.label not in labels:
            labels.append(match.label)
    if not labels:
        return None
    return {"name": " · ".join(labels), "seeds": seeds}


def register() -> None:
    from playoffs.services import exchange  # noqa: PLC0415
    from playoffs.services.bracket import knockout_games_decided  # noqa: PLC0415
    from playoffs.services.placings import (  # noqa: PLC0415
        standings_final_place,
        team_standings_final_place,
    )

    STANDINGS_ROW_HOOKS.register(standings_final_place)
    TEAM_STANDINGS_ROW_HOOKS.register(team_standings_final_place)
    DECIDED_GAME_HOOKS.register(knockout_games_decided)
    ROUND_NAME_HOOKS.register(playoff_round_name)
    ROUND_NOTE_HOOKS.register(playoff_round_note)
    audit_words_register("playoff_create", "Play-offs cut", _create_words)
    audit_words_register("playoff_seeding", "Play-off seeds changed", _seeding_words)
    audit_words_register("playoff_decide", "Knockout game decided", _decide_words)
    audit_words_register("playoff_delete", "Play-offs taken back", _delete_words)
    exchange.register()

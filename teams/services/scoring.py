"""An event's team scoring settings: the game score table, the match draw margin, the bye's
score and the team tie-breaks. Stored only once the organiser changes a default."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from teams.engine.scoring import (
    DEFAULT_DRAW_MARGIN,
    GAME_POINTS,
    WTC_TABLE,
    Band,
    narrowest_win,
    table_data,
    table_from_data,
)
from teams.engine.standings import DEFAULT_TEAM_TIEBREAKS, check_team_tiebreaks
from teams.models.teams import TeamScoring
from teams.services.common import team_event_lock
from tournament.engine.errors import EngineError
from tournament.models import Event
from tournament.services.audit.log import audit_record, undo_check, undoable


@dataclass(frozen=True)
class Scoring:
    table: tuple[Band, ...]
    custom_table: bool
    draw_margin: int
    bye_score: int
    tiebreaks: tuple[str, ...]
    team_size: int

    def as_dict(self) -> dict:
        return {
            "score_table": table_data(self.table),
            "custom_table": self.custom_table,
            "draw_margin": self.draw_margin,
            "bye_score": self.bye_score,
            "tiebreaks": list(self.tiebreaks),
            "team_size": self.team_size,
            "match_points_total": GAME_POINTS * self.team_size,
        }


def team_scoring_get(*, event: Event) -> Scoring:
    row = TeamScoring.objects.filter(event=event).first()
    margin = DEFAULT_DRAW_MARGIN if row is None or row.draw_margin is None else row.draw_margin
    bye = None if row is None else row.bye_score
    custom = row is not None and row.score_table is not None
    return Scoring(
        table=table_from_data(row.score_table) if custom else WTC_TABLE,
        custom_table=custom,
        draw_margin=margin,
        bye_score=narrowest_win(event.team_size, margin) if bye is None else bye,
        tiebreaks=tuple(row.tiebreaks) if row and row.tiebreaks else DEFAULT_TEAM_TIEBREAKS,
        team_size=event.team_size,
    )


FIELDS = ("score_table", "draw_margin", "bye_score", "tiebreaks")


def _engine(call, *args):
    try:
        return call(*args)
    except EngineError as exc:
        raise Invalid.from_rule(exc) from exc


def _clean(event: Event, changes: dict) -> dict:
    unknown = sorted(set(changes) - set(FIELDS))
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not a team scoring setting."))
    clean = {}
    top = GAME_POINTS * event.team_size
    if "score_table" in changes:
        data = changes["score_table"]
        clean["score_table"] = None if data is None else table_data(_engine(table_from_data, data))
    for field in ("draw_margin", "bye_score"):
        if field in changes:
            value = changes[field]
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top
            ):
                raise Invalid(
                    field,
                    "range",
                    gettext("Must be a whole number from 0 to %(top)s or null.") % {"top": top},
                )
            clean[field] = value
    if "tiebreaks" in changes:
        value = changes["tiebreaks"]
        clean["tiebreaks"] = None if value is None else _engine(check_team_tiebreaks, value)
    return clean


@transaction.atomic
def team_scoring_update(*, event: Event, user, changes: dict) -> Scoring:
    """Change the team scoring (null puts a setting back to its default); logged, undoable."""
    event = team_event_lock(event_id=event.pk, user=user)
    clean = _clean(event, changes)
    row, _ = TeamScoring.objects.select_for_update().get_or_create(event=event)
    before = {k: getattr(row, k) for k in clean}
    changed = {k: v for k, v in clean.items() if before[k] != v}
    if changed:
        for key, value in changed.items():
            setattr(row, key, value)
        row.save()
        audit_record(
            event=event,
            action="team_scoring",
            target=f"event:{event.pk}",
            user=user,
            before={k: before[k] for k in changed},
            after=changed,
        )
    return team_scoring_get(event=event)


def _logged_scoring(entry, side: str) -> dict:
    """`before` or `after` of a team scoring change, checked by the settings' own rules."""
    values = getattr(entry, side)
    if not isinstance(values, dict) or not values or set(values) != set(entry.after or {}):
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record a scoring change.")
        )
    try:
        return _clean(Event.objects.get(pk=entry.event_id), values)
    except Invalid:
        raise Conflict(
            "entry", "not_undoable", gettext("This entry does not record a scoring change.")
        ) from None


@undo_check("team_scoring")
def _check_team_scoring(entry) -> list[str]:
    row = TeamScoring.objects.filter(event_id=entry.event_id).first()
    _logged_scoring(entry, "before")
    for key, value in _logged_scoring(entry, "after").items():
        if getattr(row, key, None) != value:
            raise Conflict(
                "entry",
                "superseded",
                gettext("The team scoring was changed again after this; undo that first."),
            )
    return []


@undoable("team_scoring")
def _undo_team_scoring(entry) -> None:
    row = TeamScoring.objects.select_for_update().get(event_id=entry.event_id)
    values = _logged_scoring(entry, "before")
    for key, value in values.items():
        setattr(row, key, value)
    row.save(update_fields=list(values))

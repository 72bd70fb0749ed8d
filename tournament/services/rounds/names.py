"""A round's name as players and the wall read it: "Round 3", or for a round after the Swiss
the stage the app that pairs it gives ("Quarter-final"), with the seeds its players carry.

Apps whose rounds follow the Swiss (the play-offs) register a hook at start-up (their
ready()): called with the event and a round that is not a Swiss one, it returns
{"name": str, "seeds": {player id: seed}} or None. The tournament app never imports them.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tournament.extensions import ROUND_NAME_HOOKS
from tournament.models import Event, RoundStage


def _stage(event: Event, round_) -> dict | None:
    if round_ is None or round_.stage == RoundStage.SWISS:
        return None
    for hook in ROUND_NAME_HOOKS:
        found = hook(event, round_)
        if found and found.get("name"):
            return found
    return None


def round_title(*, event: Event, round_) -> str:
    """ "Round 3", or the stage of a round after the Swiss ("Semi-final")."""
    found = _stage(event, round_)
    return found["name"] if found else gettext("Round %(number)s") % {"number": round_.number}


def round_stage_name(*, event: Event, round_) -> str:
    """The stage's name of a round after the Swiss ("Quarter-final"), or "" for a Swiss one."""
    found = _stage(event, round_)
    return found["name"] if found else ""


def round_seeds(*, event: Event, round_) -> dict[int, int]:
    """{player id: seed} for a knockout round's players; {} for a Swiss round."""
    found = _stage(event, round_)
    return dict(found.get("seeds") or {}) if found else {}

"""A table pack's round mission chosen by name from the pack's list (8th, 7th edition, Only
War): the organiser's Rounds page offers the names; the API keeps taking codes."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Invalid, NotFound
from missions.engine.generator import mission_from_code
from missions.pack.errors import MissionError
from missions.services.missions import is_classic, mission_code_named
from tournament.models import Event, Round
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.rounds.rounds import round_set_mission


def round_mission_key(round_: Round) -> str:
    """The key of the mission a table pack's round plays ("" when it has none we know)."""
    try:
        return mission_from_code(round_.mission_code).mission.key if round_.mission_code else ""
    except MissionError:
        return ""


def round_choose_mission(*, event_id: int, user, number: int, mission_name: str) -> Round:
    """Round `number` plays the pack's mission `mission_name` (a key of `mission_names`).
    A round already playing it keeps its code (a form saved unchanged changes nothing);
    otherwise it gets a code of that mission, the next one after its own (logged like a
    code change, by `round_set_mission`)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise NotFound("event", "not_found", gettext("No such event."))
        require_organiser(user, event)
        event_require_writable(event)
        if not is_classic(event.mission_pack):
            raise Invalid(
                "mission",
                "has_pool",
                gettext(
                    "Only an 8th edition, 7th edition or Only War round's mission is chosen "
                    "by name."
                ),
            )
        round_ = event.rounds.filter(number=number).first()
        if round_ is None:
            raise NotFound(
                "round",
                "not_found",
                gettext("Round %(number)s is not paired.") % {"number": number},
            )
        if mission_name == round_mission_key(round_):
            return round_
        after = mission_from_code(round_.mission_code).seed if round_mission_key(round_) else 0
        code = mission_code_named(event.mission_pack, mission_name, after=after)
        return round_set_mission(event_id=event.pk, user=user, number=number, mission_code=code)


__all__ = ["round_choose_mission", "round_mission_key"]

"""The event's bye VP is the one source: standings VP and the VP tie-break follow it."""

from __future__ import annotations

import pytest

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order
from tournament.services.events.events import event_update
from tournament.services.results.results import result_enter
from tournament.services.standings.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("bye_vp", "bye_first"), [(35, False), (75, True)])
def test_bye_gives_the_events_bye_vp_and_the_vp_tiebreak_follows(
    event, organiser, bye_vp, bye_first
):
    event = event_update(
        event=event, user=organiser, changes={"bye_vp": bye_vp, "tiebreaks": ["vp"]}
    )
    winner, loser, byed = add_players(event, organiser, 3)
    first = pair_in_order(event, organiser, [winner, loser, byed])
    game = first.games.get(player_b__isnull=False)
    result_enter(game_id=game.pk, data={"vp_a": 55, "vp_b": 45}, user=organiser)
    rows = {r["player"]: r for r in standings_compute(event=event)}
    assert rows[byed.pk]["vp"] == bye_vp
    assert rows[winner.pk]["vp"] == 55
    assert (rows[byed.pk]["rank"] < rows[winner.pk]["rank"]) is bye_first

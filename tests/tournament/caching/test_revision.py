"""Every change an event shows moves its revision on, so no cached page outlives a change."""

import pytest

from tests.tournament.printing.helpers import pair_in_order
from tournament.caching.revision import event_revision
from tournament.models import AuditEntry, Event
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_update
from tournament.services.players.players import (
    player_register,
    player_update,
    players_check_in_all,
    players_drop_absent,
)
from tournament.services.results.results import result_confirm, result_enter, result_settle
from tournament.services.rounds.rounds import round_delete_latest, round_set_mission
from tournament.services.rounds.swaps import round_repair, round_swap_players

pytestmark = pytest.mark.django_db


def test_each_change_moves_the_revision_on(event, organiser, players):
    def rev() -> int:
        return event_revision(event_id=event.pk)

    seen = [rev()]

    def moved(label: str) -> None:
        now = rev()
        assert now > seen[-1], f"{label} did not move the revision on"
        seen.append(now)

    event_update(event=event, user=organiser, changes={"venue": "Hall B"})
    moved("settings")
    player_update(player=players[0], user=organiser, changes={"name": "Anna"})
    moved("player renamed")
    players_check_in_all(event=event, user=organiser)
    moved("everyone checked in")
    round_ = pair_in_order(event, organiser, players)
    moved("round paired")
    round_set_mission(event_id=event.pk, user=organiser, number=1, mission_code="A")
    moved("mission chosen")
    round_swap_players(
        event_id=event.pk, user=organiser, round_number=1,
        player_x=players[0].pk, player_y=players[2].pk,
    )  # fmt: skip
    moved("players swapped")
    round_repair(event_id=event.pk, user=organiser, seed=3)
    moved("round paired again")
    round_delete_latest(event_id=event.pk, user=organiser)
    moved("round removed")
    round_ = pair_in_order(event, organiser, players)
    moved("round paired")
    game, other = round_.games.order_by("table_number")[:2]
    a, b = game.player_a, game.player_b
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=a)
    moved("player's entry")
    result_confirm(game_id=game.pk, player=b)
    moved("opponent's confirmation")
    result_enter(game_id=other.pk, data={"vp_a": 60, "vp_b": 40}, player=other.player_a)
    result_enter(game_id=other.pk, data={"vp_a": 40, "vp_b": 60}, player=other.player_b)
    moved("disputed entry")
    first = other.results.order_by("version").first()
    result_settle(game_id=other.pk, version=first.version, user=organiser)
    moved("dispute settled")
    result_enter(game_id=game.pk, data={"vp_a": 50, "vp_b": 50}, user=organiser)
    moved("organiser's correction")
    audit_undo(entry_id=AuditEntry.objects.latest("id").pk, user=organiser, confirm=True)
    moved("undo")
    late = player_register(event=event, user=organiser, name="Late Larry", faction="Tau")
    moved("late entry")
    event_update(event=event, user=organiser, changes={"check_in_required": True})
    moved("check-in required")
    players_drop_absent(event=event, user=organiser)
    moved("absent dropped")
    assert Event.objects.get(pk=event.pk).players.get(pk=late.pk).dropped

"""Events played to the end for series tests: one round, players paired in the order given
(the first of each pair wins 70-50), so the final places are known."""

from __future__ import annotations

from tests.tournament.printing.helpers import pair_in_order
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register
from tournament.services.results.results import result_enter


def finished_event(user, name: str, people: list[tuple[str, str]], *, hidden: bool = False):
    """`people` as (name, e-mail) pairs; pairs 1v2, 3v4, ... the first of each pair wins."""
    event = event_create(user=user, name=name, rounds=1, seed=1, hidden=hidden)
    players = [
        player_register(event=event, user=user, name=n, email=mail, faction="Orks")
        for n, mail in people
    ]
    round_ = pair_in_order(event, user, players)
    for game in round_.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=user)
    event.refresh_from_db()
    return event, players

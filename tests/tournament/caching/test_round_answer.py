"""The round's answer, built directly for speed, says exactly what the serializer says."""

import pytest

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order
from tournament.api.serializers.rounds import GameSerializer
from tournament.api.views.rounds import round_games_data
from tournament.services.results.results import result_confirm, result_enter

pytestmark = pytest.mark.django_db


def test_round_games_agree_with_the_serializer(event, organiser):
    round_ = pair_in_order(event, organiser, add_players(event, organiser, 7))  # and a bye
    games = list(round_.games.filter(player_b__isnull=False).order_by("table_number"))
    result_enter(game_id=games[0].pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    result_enter(game_id=games[1].pk, data={"vp_a": 50, "vp_b": 50}, player=games[1].player_a)
    result_enter(game_id=games[2].pk, data={"vp_a": 10, "vp_b": 20}, player=games[2].player_a)
    result_enter(game_id=games[2].pk, data={"vp_a": 20, "vp_b": 10}, player=games[2].player_b)
    result_enter(game_id=games[1].pk, data={"vp_a": 50, "vp_b": 50}, player=games[1].player_b)
    result_confirm(game_id=games[0].pk, user=organiser)
    expected = GameSerializer(
        round_.games.select_related("round").prefetch_related("results"), many=True
    ).data
    built = round_games_data(round_)
    assert built == [dict(game) for game in expected]
    assert {g["result"]["status"] for g in built if g["result"]} >= {"confirmed", "disputed"}
    assert any(g["player_b"] is None for g in built)

"""Settling a dispute: the organiser accepts one player's claim; logged and undoable."""

import pytest

from common.errors import Conflict, Forbidden, Invalid
from tests.conftest import add_players
from tournament.models import Result, Round, RoundStatus
from tournament.services.audit.log import audit_undo
from tournament.services.results.results import result_claims, result_enter, result_settle
from tournament.services.rounds.records import event_games
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(event, organiser):
    hugo, ines = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": hugo.pk, "player_b": ines.pk}]
    )
    game = round_.games.get()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=ines)
    result_enter(game_id=game.pk, data={"vp_a": 45, "vp_b": 55}, player=hugo)
    assert game.results.get(is_current=True).status == "disputed"
    return game


def test_claims_are_each_players_latest_entry(disputed):
    claims = result_claims(disputed)
    assert [(c.entered_by_player, c.vp_a, c.vp_b) for c in claims] == [
        (disputed.player_a, 45, 55),
        (disputed.player_b, 60, 40),
    ]


def test_accepting_the_older_claim_makes_it_the_confirmed_result(event, organiser, disputed):
    ines_claim = next(c for c in result_claims(disputed) if c.vp_a == 60)
    result = result_settle(game_id=disputed.pk, version=ines_claim.version, user=organiser)
    current = Result.objects.get(game=disputed, is_current=True)
    assert current.pk == result.pk
    assert (current.vp_a, current.vp_b, current.status) == (60, 40, "confirmed")
    assert current.confirmed_by_user == organiser
    assert Round.objects.get(pk=disputed.round_id).status == RoundStatus.COMPLETE
    # The standings now count it; the players' own entries stay in the history.
    game = next(g for g in event_games(event) if g.player_b is not None)
    assert (game.vp_a, game.vp_b) == (60, 40)
    assert Result.objects.filter(game=disputed).count() == 3
    entry = event.audit.get(action="result_settle")
    assert entry.actor_user == organiser
    assert entry.before["vp_a"] == 45
    assert entry.before["status"] == "disputed"
    assert entry.after["vp_a"] == 60
    assert entry.after["accepted_version"] == ines_claim.version


def test_undoing_a_settlement_restores_the_dispute(event, organiser, disputed):
    ines_claim = next(c for c in result_claims(disputed) if c.vp_a == 60)
    result_settle(game_id=disputed.pk, version=ines_claim.version, user=organiser)
    audit_undo(entry_id=event.audit.get(action="result_settle").pk, user=organiser)
    current = Result.objects.get(game=disputed, is_current=True)
    assert (current.vp_a, current.vp_b, current.status) == (45, 55, "disputed")
    assert Round.objects.get(pk=disputed.round_id).status == RoundStatus.IN_PROGRESS
    game = next(g for g in event_games(event) if g.player_b is not None)
    assert (game.vp_a, game.vp_b) == (None, None)


def test_settle_refusals_change_nothing(event, organiser, other_organiser, disputed):
    before = list(Result.objects.filter(game=disputed).values_list("version", "is_current"))
    with pytest.raises(Invalid) as exc:
        result_settle(game_id=disputed.pk, version=99, user=organiser)
    assert exc.value.codes == {"version": ["not_found"]}
    with pytest.raises(Forbidden):
        result_settle(game_id=disputed.pk, version=1, user=other_organiser)
    assert list(Result.objects.filter(game=disputed).values_list("version", "is_current")) == before
    result_settle(game_id=disputed.pk, version=1, user=organiser)
    with pytest.raises(Conflict) as exc:
        result_settle(game_id=disputed.pk, version=2, user=organiser)
    assert exc.value.codes == {"result": ["confirmed"]}

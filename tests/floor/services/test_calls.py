"""Judge calls: who may call, one unresolved call per game, claim and resolve, the log."""

import pytest
from django.contrib.auth import get_user_model

from common.errors import Conflict, Forbidden, Invalid, NotFound
from floor.models import JudgeCall
from floor.services.calls import judge_call_claim, judge_call_open, judge_call_resolve
from tournament.models import AuditEntry, Game
from tournament.services.audit.log import audit_describe

pytestmark = pytest.mark.django_db


def test_a_player_calls_and_the_clock_pauses(game, clock_calls):
    call, new = judge_call_open(game_id=game.pk, note=" line of sight ", player=game.player_a)
    assert new
    assert call.status == "open"
    assert call.note == "line of sight"
    assert call.called_by_player == game.player_a
    assert call.event_id == game.round.event_id
    assert clock_calls == [("hold", {"game_id": game.pk, "reason": "judge_call"})]
    entry = AuditEntry.objects.get(action="judge_call_open")
    assert entry.actor_player == game.player_a
    words = audit_describe([entry])[entry.pk]
    assert words == f"Table {game.table_number} called a judge: “line of sight”"


def test_a_second_press_answers_the_open_call(game, clock_calls):
    first, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    again, new = judge_call_open(game_id=game.pk, player=game.player_b, note="also")
    assert again.pk == first.pk
    assert not new
    assert JudgeCall.objects.count() == 1
    assert len(clock_calls) == 1  # paused once


def test_only_the_games_players_or_staff_may_call(paired, organiser, judge, clock_calls):
    game, other = paired[0], paired[1]
    with pytest.raises(Forbidden) as refused:
        judge_call_open(game_id=game.pk, player=other.player_a)
    assert refused.value.codes == {"game": ["not_your_game"]}
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(Forbidden):
        judge_call_open(game_id=game.pk, user=stranger)
    call, new = judge_call_open(game_id=game.pk, user=judge)
    assert new
    assert call.called_by_user == judge
    assert call.called_by_player is None


def test_bad_note_and_unknown_game(game, clock_calls):
    with pytest.raises(Invalid) as bad:
        judge_call_open(game_id=game.pk, note="x" * 201, player=game.player_a)
    assert "note" in bad.value.codes
    with pytest.raises(NotFound):
        judge_call_open(game_id=10**9, player=game.player_a)
    assert not JudgeCall.objects.exists()


def test_claim_then_another_judge_is_refused_by_name(game, organiser, judge, clock_calls):
    call, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    claimed = judge_call_claim(call_id=call.pk, user=judge)
    assert claimed.status == "claimed"
    assert claimed.claimed_by == judge
    assert judge_call_claim(call_id=call.pk, user=judge).claimed_at == claimed.claimed_at
    with pytest.raises(Conflict) as taken:
        judge_call_claim(call_id=call.pk, user=organiser)
    assert taken.value.codes == {"call": ["claimed"]}
    assert "Judy Dredd" in str(taken.value)


def test_resolve_with_minutes_extends_and_restarts_the_clock(game, judge, clock_calls):
    call, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    judge_call_claim(call_id=call.pk, user=judge)
    done = judge_call_resolve(
        call_id=call.pk,
        user=judge,
        ruling="Models on the ruin floor are visible.",
        category="rules",
        minutes_added=10,
    )
    assert (done.status, done.category, done.minutes_added) == ("resolved", "rules", 10)
    assert Game.objects.get(pk=game.pk).extra_minutes == 10
    extend = AuditEntry.objects.get(action="game_extend")
    assert extend.after["reason"] == "Judge call: Models on the ruin floor are visible."
    assert clock_calls[-1] == ("release", {"game_id": game.pk, "reason": "judge_call"})
    with pytest.raises(Conflict) as twice:
        judge_call_resolve(call_id=call.pk, user=judge, ruling="again")
    assert twice.value.codes == {"call": ["resolved"]}
    # Resolved: the next press is a new call.
    _, new = judge_call_open(game_id=game.pk, player=game.player_b)
    assert new


def test_resolving_an_open_call_claims_it_and_needs_a_ruling(game, organiser, clock_calls):
    call, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    with pytest.raises(Invalid) as blank:
        judge_call_resolve(call_id=call.pk, user=organiser, ruling="  ")
    assert "ruling" in blank.value.codes
    with pytest.raises(Invalid) as bad:
        judge_call_resolve(call_id=call.pk, user=organiser, ruling="ok", category="bribe")
    assert bad.value.codes == {"category": ["invalid_choice"]}
    with pytest.raises(Invalid) as minutes:
        judge_call_resolve(call_id=call.pk, user=organiser, ruling="ok", minutes_added=-1)
    assert minutes.value.codes == {"minutes_added": ["range"]}
    done = judge_call_resolve(call_id=call.pk, user=organiser, ruling="Play on.")
    assert done.claimed_by == organiser
    assert done.category == "other"
    assert Game.objects.get(pk=game.pk).extra_minutes == 0
    assert [
        e.action for e in AuditEntry.objects.filter(action__startswith="judge_call").order_by("pk")
    ] == [
        "judge_call_open",
        "judge_call_resolve",
    ]


def test_players_may_not_claim_or_resolve(game, clock_calls):
    call, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(Forbidden):
        judge_call_claim(call_id=call.pk, user=stranger)
    with pytest.raises(NotFound):
        judge_call_claim(call_id=call.pk + 100, user=stranger)

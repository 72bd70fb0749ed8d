"""Public sign-up: places, the waiting list and its order, moving up, approval, withdrawal."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Forbidden, Invalid
from tests.conftest import add_players
from tournament.models import AuditEntry, Player
from tournament.services.audit.log import audit_undo, audit_undo_preview
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update
from tournament.services.players.registration import (
    registration_approve,
    registration_can_withdraw,
    registration_counts,
    registration_position,
    registration_reject,
    registration_submit,
    registration_withdraw,
)
from tournament.services.rounds.records import event_players
from tournament.services.rounds.rounds import round_create
from tournament.services.standings.standings import standings_compute

pytestmark = pytest.mark.django_db


def _open(event, organiser, **settings):
    return event_update(
        event=event, user=organiser, changes={"registration_open": True, **settings}
    )


def _sign(event, name, faction="Orks", **fields):
    return registration_submit(event=event, name=name, faction=faction, **fields)


def _status(player) -> str:
    return Player.objects.get(pk=player.pk).status


def test_sign_up_is_refused_while_closed(event):
    with pytest.raises(Conflict) as exc:
        _sign(event, "Ann Bell")
    assert exc.value.codes == {"event": ["registration_closed"]}
    assert not Player.objects.exists()


def test_sign_up_closes_when_the_event_is_finished(event, organiser):
    _open(event, organiser, status="finished")
    with pytest.raises(Conflict):
        _sign(event, "Ann Bell")


def test_open_sign_up_without_cap_or_approval_gives_a_place(event, organiser):
    _open(event, organiser)
    player = _sign(event, "  Ann   Bell ", club="Dice Hard", army_list="++ Army ++")
    assert (player.name, player.status, player.club) == ("Ann Bell", "approved", "Dice Hard")
    assert player.army_list == "++ Army ++"
    assert registration_position(player=player) is None
    assert [p.name for p in event_players(event)] == ["Ann Bell"]
    entry = AuditEntry.objects.get(action="registration_submit")
    assert entry.actor_player_id == player.pk
    assert audit_describe([entry])[entry.pk] == "Ann Bell signed up (approved)"


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"name": " "}, "name", "blank"),
        ({"name": "x" * 121}, "name", "max_length"),
        ({"faction": "Squats"}, "faction", "invalid_choice"),
        ({"faction": ""}, "faction", "invalid_choice"),
        ({"club": "c" * 121}, "club", "max_length"),
        ({"army_list": "a" * 10_001}, "army_list", "max_length"),
        ({"army_list": "nul\x00"}, "army_list", "bad_character"),
    ],
)
def test_bad_sign_ups_name_the_field_and_change_nothing(event, organiser, fields, field, code):
    _open(event, organiser)
    logged = AuditEntry.objects.count()
    with pytest.raises(Invalid) as exc:
        registration_submit(event=event, **{"name": "Ann Bell", "faction": "Orks", **fields})
    assert exc.value.codes == {field: [code]}
    assert not Player.objects.exists()
    assert AuditEntry.objects.count() == logged


def test_a_taken_name_is_refused_whatever_its_case(event, organiser):
    _open(event, organiser)
    _sign(event, "Ann Bell")
    with pytest.raises(Conflict) as exc:
        _sign(event, "ANN BELL")
    assert exc.value.codes == {"name": ["duplicate"]}


def test_beyond_the_places_sign_ups_wait_in_order(event, organiser):
    _open(event, organiser, places=2)
    first, second = _sign(event, "A One"), _sign(event, "B Two")
    waiting = [_sign(event, name) for name in ("C Three", "D Four", "E Five")]
    assert [p.status for p in (first, second)] == ["approved", "approved"]
    assert [p.status for p in waiting] == ["waiting"] * 3
    assert [registration_position(player=p) for p in waiting] == [1, 2, 3]
    event.refresh_from_db()
    counts = registration_counts(event=event)
    assert (counts.approved, counts.waiting, counts.free) == (2, 3, 0)
    # Waiting players are not in the field: never paired, never ranked.
    assert {p.name for p in event_players(event)} == {"A One", "B Two"}
    assert {r["name"] for r in standings_compute(event=event)} == {"A One", "B Two"}


def test_players_added_by_the_organiser_take_places(event, organiser):
    add_players(event, organiser, 2)
    _open(event, organiser, places=2)
    assert _sign(event, "Late Comer").status == "waiting"


def test_a_withdrawal_moves_the_first_waiting_player_up(event, organiser):
    _open(event, organiser, places=1)
    holder = _sign(event, "A One")
    first, second = _sign(event, "B Two"), _sign(event, "C Three")
    registration_withdraw(player=holder)
    assert (_status(holder), _status(first), _status(second)) == (
        "withdrawn",
        "approved",
        "waiting",
    )
    assert registration_position(player=Player.objects.get(pk=second.pk)) == 1
    moved = AuditEntry.objects.get(action="registration_move_up")
    assert moved.actor_user is None
    assert moved.target == f"player:{first.pk}"
    assert audit_describe([moved])[moved.pk] == "B Two: on the waiting list → approved"


def test_a_rejection_moves_the_waiting_list_up_into_approval(event, organiser):
    _open(event, organiser, places=1, registration_approval=True)
    pending = _sign(event, "A One")
    waiting = _sign(event, "B Two")
    assert (pending.status, waiting.status) == ("pending", "waiting")
    registration_reject(player=pending, user=organiser)
    # With approval on, the freed place goes to the first waiting, who then awaits approval.
    assert (_status(pending), _status(waiting)) == ("rejected", "pending")


def test_raising_the_places_lets_the_waiting_list_in(event, organiser):
    _open(event, organiser, places=1)
    _sign(event, "A One")
    waiting = [_sign(event, n) for n in ("B Two", "C Three", "D Four")]
    event_update(event=event, user=organiser, changes={"places": 3})
    assert [_status(p) for p in waiting] == ["approved", "approved", "waiting"]
    event_update(event=event, user=organiser, changes={"places": None})
    assert _status(waiting[2]) == "approved"


def test_nobody_moves_up_once_a_round_is_paired(event, organiser):
    _open(event, organiser, places=3, registration_approval=True)
    a, b, c = (_sign(event, n) for n in ("A One", "B Two", "C Three"))
    waiting = _sign(event, "D Four")
    registration_approve(player=a, user=organiser)
    registration_approve(player=b, user=organiser)
    round_create(event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}])
    registration_reject(player=c, user=organiser)
    assert _status(waiting) == "waiting"
    assert not AuditEntry.objects.filter(action="registration_move_up").exists()


def test_approval_pending_players_are_never_paired(event, organiser):
    add_players(event, organiser, 2)
    _open(event, organiser, registration_approval=True)
    pending = _sign(event, "Pending Player")
    assert pending.status == "pending"
    round_ = round_create(event_id=event.pk, user=organiser, seed=1)
    paired = {p for g in round_.games.all() for p in (g.player_a_id, g.player_b_id)}
    assert pending.pk not in paired
    with pytest.raises(Invalid):
        round_create(
            event_id=event.pk,
            user=organiser,
            force=True,
            pairings=[{"player_a": pending.pk, "player_b": None}],
        )


def test_approving_respects_the_places(event, organiser):
    _open(event, organiser, places=2, registration_approval=True)
    a, b = _sign(event, "A One"), _sign(event, "B Two")
    waiting = _sign(event, "C Three")
    # The pending ones hold the places: the waiting player cannot jump the queue.
    with pytest.raises(Conflict) as exc:
        registration_approve(player=waiting, user=organiser)
    assert exc.value.codes == {"places": ["full"]}
    assert "C Three" in str(exc.value)
    assert "2 places" in str(exc.value)
    registration_approve(player=a, user=organiser)
    registration_approve(player=b, user=organiser)
    assert (_status(a), _status(b), _status(waiting)) == ("approved", "approved", "waiting")
    entry = AuditEntry.objects.filter(action="registration_approve").first()
    assert entry.actor_user == organiser
    assert audit_describe([entry])[entry.pk] == "B Two: awaiting approval → approved"


def test_a_lowered_cap_refuses_approving_beyond_it(event, organiser):
    _open(event, organiser, places=3, registration_approval=True)
    a, b, _c = (_sign(event, n) for n in ("A One", "B Two", "C Three"))
    registration_approve(player=a, user=organiser)
    event_update(event=event, user=organiser, changes={"places": 1})
    with pytest.raises(Conflict):
        registration_approve(player=b, user=organiser)
    assert _status(b) == "pending"


def test_only_organisers_decide(event, organiser, other_organiser):
    _open(event, organiser, registration_approval=True)
    pending = _sign(event, "A One")
    for decide in (registration_approve, registration_reject):
        with pytest.raises(Forbidden):
            decide(player=pending, user=other_organiser)
    assert _status(pending) == "pending"


def test_the_organiser_may_let_a_rejected_player_back_in(event, organiser):
    _open(event, organiser, registration_approval=True)
    player = _sign(event, "A One")
    registration_reject(player=player, user=organiser)
    registration_approve(player=player, user=organiser)
    assert _status(player) == "approved"
    registration_withdraw(player=Player.objects.get(pk=player.pk))
    with pytest.raises(Conflict) as exc:
        registration_withdraw(player=Player.objects.get(pk=player.pk))
    assert exc.value.codes == {"player": ["not_signed_up"]}


def test_a_player_who_has_played_cannot_withdraw_or_be_rejected(event, organiser):
    _open(event, organiser)
    a, b = _sign(event, "A One"), _sign(event, "B Two")
    round_create(event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}])
    assert registration_can_withdraw(player=a) is False
    with pytest.raises(Conflict) as exc:
        registration_withdraw(player=a)
    assert exc.value.codes == {"player": ["has_games"]}
    assert "drop" in str(exc.value)
    with pytest.raises(Conflict):
        registration_reject(player=b, user=organiser)
    assert (_status(a), _status(b)) == ("approved", "approved")


def test_a_sign_up_after_round_one_is_a_late_entry(event, organiser):
    a, b = add_players(event, organiser, 2)
    round_create(event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}])
    _open(event, organiser)
    assert _sign(event, "Late Comer").first_round == 2


def test_an_approval_is_undone_back_to_the_rejection(event, organiser):
    _open(event, organiser, places=1)
    _sign(event, "A One")
    waiting = _sign(event, "B Two")
    event_update(event=event, user=organiser, changes={"places": 2})  # B moves up
    registration_reject(player=Player.objects.get(pk=waiting.pk), user=organiser)
    registration_approve(player=Player.objects.get(pk=waiting.pk), user=organiser)
    entry = AuditEntry.objects.get(action="registration_approve")
    assert audit_undo_preview(entry_id=entry.pk).can_undo
    audit_undo(entry_id=entry.pk, user=organiser)
    assert _status(waiting) == "rejected"


def test_a_rejection_is_not_undone_once_its_place_went_to_the_waiting_list(event, organiser):
    _open(event, organiser, places=1)
    holder = _sign(event, "A One")
    waiting = _sign(event, "B Two")
    registration_reject(player=holder, user=organiser)
    entry = AuditEntry.objects.get(action="registration_reject")
    preview = audit_undo_preview(entry_id=entry.pk)
    assert (preview.can_undo, preview.code) == (False, "full")
    assert preview.reason == "All 1 places are taken since: A One cannot have one back."
    # Once the place is free again the rejection can be undone.
    registration_withdraw(player=Player.objects.get(pk=waiting.pk))
    audit_undo(entry_id=entry.pk, user=organiser)
    assert _status(holder) == "approved"


def test_undoing_a_pending_approval_keeps_its_place(event, organiser):
    _open(event, organiser, places=1, registration_approval=True)
    pending = _sign(event, "A One")
    registration_approve(player=pending, user=organiser)
    entry = AuditEntry.objects.get(action="registration_approve")
    audit_undo(entry_id=entry.pk, user=organiser)
    assert _status(pending) == "pending"
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.code == "already_undone"

"""Undo is offered only where it can succeed, warns about what depends on a change, and every
audit entry reads as words: who, what, before -> after, with names, tables and rounds."""

from __future__ import annotations

import pytest

from common.errors import Conflict
from tournament.models import AuditEntry, Game, Result
from tournament.services.audit.log import (
    audit_record,
    audit_undo,
    audit_undo_preview,
    audit_undo_previews,
)
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_update
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create, round_delete_latest
from tournament.services.rounds.swaps import round_swap_players

pytestmark = pytest.mark.django_db


def _play(round_, user, score=(60, 40)):
    for game in round_.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": score[0], "vp_b": score[1]}, user=user)


def _entry(event, action, **filters):
    return event.audit.filter(action=action, **filters).first()  # newest first


def _first_game(round_) -> Game:
    return round_.games.filter(player_b__isnull=False).order_by("table_number").first()


def test_an_old_rounds_pairing_offers_no_undo_and_says_why(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    _play(r1, organiser)
    round_create(event_id=event.pk, user=organiser, seed=2)
    entry = event.audit.filter(action="round_create", after__number=1).get()
    preview = audit_undo_preview(entry_id=entry.pk)
    assert not preview.can_undo
    assert preview.code == "not_latest"
    assert "round 2 was paired after round 1" in preview.reason
    with pytest.raises(Conflict):
        audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert event.rounds.count() == 2


def test_the_latest_round_with_results_offers_no_undo(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    game = _first_game(r1)
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    preview = audit_undo_preview(entry_id=_entry(event, "round_create").pk)
    assert (preview.can_undo, preview.code) == (False, "has_results")
    assert preview.reason.startswith("Round 1 has results")


def test_a_pairing_undone_elsewhere_does_not_take_the_new_round_with_it(event, players, organiser):
    round_create(event_id=event.pk, user=organiser, seed=1)
    old = _entry(event, "round_create")
    round_delete_latest(event_id=event.pk, user=organiser)
    fresh = round_create(event_id=event.pk, user=organiser, seed=5)
    preview = audit_undo_preview(entry_id=old.pk)
    assert (preview.can_undo, preview.code) == (False, "gone")
    with pytest.raises(Conflict):
        audit_undo(entry_id=old.pk, user=organiser)
    assert list(event.rounds.values_list("pk", flat=True)) == [fresh.pk]


def test_a_replaced_result_offers_no_undo_until_the_newer_one_is_undone(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    game = _first_game(r1)
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    first = _entry(event, "result_enter")
    result_enter(game_id=game.pk, data={"vp_a": 40, "vp_b": 60}, user=organiser)
    second = _entry(event, "result_enter")
    preview = audit_undo_preview(entry_id=first.pk)
    assert (preview.can_undo, preview.code) == (False, "superseded")
    assert preview.reason == (
        f"Round 1, table {game.table_number} has a newer result than this one; undo that one first."
    )
    audit_undo(entry_id=second.pk, user=organiser)
    assert audit_undo_preview(entry_id=first.pk).can_undo


def test_undoing_a_result_the_next_round_was_paired_from_warns_and_needs_confirmation(
    event, players, organiser
):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    _play(r1, organiser)
    game = _first_game(r1)
    entry = event.audit.filter(action="result_enter", target=f"game:{game.pk}").get()
    assert audit_undo_preview(entry_id=entry.pk).dependents == []
    round_create(event_id=event.pk, user=organiser, seed=2)
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.can_undo
    assert preview.dependents == [
        "Round 2 was paired after this result; its pairings stay as they are."
    ]
    with pytest.raises(Conflict) as refused:
        audit_undo(entry_id=entry.pk, user=organiser)
    assert refused.value.codes == {"confirm": ["confirmation_required"]}
    assert Result.objects.filter(game=game, is_current=True).exists()
    audit_undo(entry_id=entry.pk, user=organiser, confirm=True)
    assert not Result.objects.filter(game=game, is_current=True).exists()
    assert event.rounds.count() == 2  # round 2's pairings stay as they are


def test_a_swap_followed_by_another_swap_is_undone_newest_first(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    a, b, c = (g for g in r1.games.order_by("table_number")[:3])
    round_swap_players(
        event_id=event.pk,
        user=organiser,
        round_number=1,
        player_x=a.player_a_id,
        player_y=b.player_a_id,
    )
    first = _entry(event, "pairing_swap")
    round_swap_players(
        event_id=event.pk,
        user=organiser,
        round_number=1,
        player_x=b.player_b_id,
        player_y=c.player_a_id,
    )
    second = _entry(event, "pairing_swap")
    preview = audit_undo_preview(entry_id=first.pk)
    assert (preview.can_undo, preview.code) == (False, "superseded")
    assert "Round 1's pairings changed after this swap" in preview.reason
    audit_undo(entry_id=second.pk, user=organiser)
    audit_undo(entry_id=first.pk, user=organiser)
    pairs = {frozenset((g.player_a_id, g.player_b_id)) for g in r1.games.all()}
    assert frozenset((a.player_a_id, a.player_b_id)) in pairs


def test_a_setting_changed_again_offers_no_undo_of_the_older_change(event, organiser):
    event_update(event=event, user=organiser, changes={"bye_vp": 20})
    older = _entry(event, "event_update")
    event_update(event=event, user=organiser, changes={"bye_vp": 30})
    preview = audit_undo_preview(entry_id=older.pk)
    assert (preview.can_undo, preview.code) == (False, "superseded")
    assert preview.reason.startswith("Settings: VP for a bye was changed again")
    event.refresh_from_db()
    assert event.bye_vp == 30


def test_a_dropped_player_paired_around_warns_before_the_drop_is_undone(event, players, organiser):
    from tournament.services.players.players import player_update

    player_update(player=players[0], user=organiser, changes={"dropped": True})
    entry = _entry(event, "player_update")
    round_create(event_id=event.pk, user=organiser, seed=1)
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.dependents == [
        f"Round 1 was paired after this change to {players[0].name}; its pairings stay as they are."
    ]


def test_entries_that_cannot_be_undone_say_so(event, organiser):
    entry = _entry(event, "event_create")
    preview = audit_undo_preview(entry_id=entry.pk)
    assert (preview.can_undo, preview.code) == (False, "not_undoable")
    event_update(event=event, user=organiser, changes={"bye_vp": 20})
    change = _entry(event, "event_update")
    audit_undo(entry_id=change.pk, user=organiser)
    again = audit_undo_preview(entry_id=change.pk)
    assert (again.can_undo, again.code) == (False, "already_undone")
    assert again.reason.startswith("Already undone")


# Words ---------------------------------------------------------------------------------


def test_a_result_reads_round_table_names_scores_and_status(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    game = _first_game(r1)
    a, b = game.player_a.name, game.player_b.name
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    result_enter(game_id=game.pk, data={"vp_a": 55, "vp_b": 45}, user=organiser)
    newest, older = event.audit.filter(action="result_enter")[:2]
    words = audit_describe([newest, older])
    where = f"Round 1, table {game.table_number}"
    assert words[older.pk] == f"{where}: {a} 60 - 40 {b} (confirmed)"
    assert words[newest.pk] == f"{where}: {a} 60 - 40 {b} → {a} 55 - 45 {b} (confirmed)"


def test_an_undo_says_what_it_undid(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    game = _first_game(r1)
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    entry = _entry(event, "result_enter")
    audit_undo(entry_id=entry.pk, user=organiser)
    undo = _entry(event, "undo")
    text = audit_describe([undo])[undo.pk]
    assert text.startswith("Undid “Result entered” of ")
    assert text.endswith(
        f"Round 1, table {game.table_number}: "
        f"{game.player_a.name} 60 - 40 {game.player_b.name} (confirmed)"
    )
    assert "previous change" not in text


def test_a_swap_says_who_and_where(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    g1, g2 = r1.games.order_by("table_number")[:2]
    round_swap_players(
        event_id=event.pk,
        user=organiser,
        round_number=1,
        player_x=g1.player_a_id,
        player_y=g2.player_b_id,
    )
    entry = _entry(event, "pairing_swap")
    assert audit_describe([entry])[entry.pk] == (
        f"Round 1: {g1.player_a.name} (table {g1.table_number}) and "
        f"{g2.player_b.name} (table {g2.table_number}) swapped"
    )


def test_settings_players_and_rounds_read_as_words(event, players, organiser):
    from tournament.services.players.players import player_update

    event_update(event=event, user=organiser, changes={"bye_vp": 20, "tiebreaks": ["sos"]})
    player_update(player=players[1], user=organiser, changes={"dropped": True})
    round_create(event_id=event.pk, user=organiser, seed=9)
    entries = list(event.audit.all())
    words = audit_describe(entries)
    by_action = {e.action: words[e.pk] for e in entries}
    assert by_action["event_update"] == "VP for a bye: 60 → 20; Tie-breaks: OWR, VP → SOS"
    assert by_action["player_update"] == f"{players[1].name} dropped after round 0"
    assert by_action["round_create"] == "Round 1 paired by the pairing engine (seed 9): 4 games"
    assert by_action["player_register"] == f"{players[0].name} added"  # the oldest wins
    assert "event:" not in " ".join(words.values())


def test_check_in_and_drop_absent_entries_name_the_players(event, players, organiser):
    names = [p.name for p in players[:2]]
    ids = [p.pk for p in players[:2]]
    checked = audit_record(
        event=event,
        action="players_check_in",
        target=f"event:{event.pk}",
        user=organiser,
        before={"player_ids": [], "names": []},
        after={"player_ids": ids, "names": names},
    )
    dropped = audit_record(
        event=event,
        action="players_drop_absent",
        target=f"event:{event.pk}",
        user=organiser,
        before={"player_ids": [], "names": []},
        after={"player_ids": ids, "names": names},
    )
    previews = audit_undo_previews([checked, dropped])
    assert previews[checked.pk].label == "Players checked in"
    assert previews[checked.pk].description == f"Checked in: {names[0]}, {names[1]}"
    assert previews[dropped.pk].label == "Absent players dropped"
    assert previews[dropped.pk].description == f"Dropped as not checked in: {', '.join(names)}"


def test_a_late_entry_reads_when_it_joins(event, players, organiser):
    from tournament.services.players.players import player_register

    round_create(event_id=event.pk, user=organiser, seed=1)
    late = player_register(event=event, user=organiser, name="Latecomer")
    entry = AuditEntry.objects.get(action="player_register", target=f"player:{late.pk}")
    assert audit_describe([entry])[entry.pk] == f"{late.name} added (joins at round 2)"


def test_a_swap_in_a_round_that_has_moved_on_offers_no_undo(event, players, organiser):
    r1 = round_create(event_id=event.pk, user=organiser, seed=1)
    g1, g2 = r1.games.order_by("table_number")[:2]
    round_swap_players(
        event_id=event.pk,
        user=organiser,
        round_number=1,
        player_x=g1.player_a_id,
        player_y=g2.player_a_id,
    )
    entry = _entry(event, "pairing_swap")
    _play(r1, organiser)
    preview = audit_undo_preview(entry_id=entry.pk)
    assert (preview.code, preview.reason) == (
        "has_results",
        "Round 1 has results; its pairings can no longer change.",
    )
    round_create(event_id=event.pk, user=organiser, seed=2)
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.code == "not_latest"
    assert preview.reason == (
        "Round 1's pairings can no longer change: round 2 was paired after it."
    )

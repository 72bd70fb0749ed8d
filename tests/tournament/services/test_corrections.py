"""Corrections: deleting a player who has not played, archiving an event (read-only until
unarchived) and deleting an event with its name typed in."""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile

from common.errors import Conflict, Invalid
from tests.conftest import add_players
from tournament.models import AuditEntry, Event, Game, Player, PrintJob, Result, Round
from tournament.services.audit.log import audit_undo, audit_undo_preview
from tournament.services.audit.words import audit_describe
from tournament.services.events.events import event_delete, event_update
from tournament.services.players.imports import import_players
from tournament.services.players.players import (
    player_delete,
    player_register,
    player_update,
    players_check_in_all,
)
from tournament.services.results.results import result_confirm, result_enter
from tournament.services.rounds.rounds import round_create, round_delete_latest

pytestmark = pytest.mark.django_db


def _codes(exc_info) -> dict:
    return exc_info.value.codes


# Deleting a player ---------------------------------------------------------------------------


def test_a_player_without_games_is_deleted_logged_in_words_and_undone_with_their_link(
    event, organiser
):
    player = player_register(
        event=event, user=organiser, name="Zoë Marsh", faction="Aeldari", club="Bristol"
    )
    player_update(player=player, user=organiser, changes={"fixed_table": 3, "army_list": "A\nB"})
    pk, key = player.pk, player.private_key

    player_delete(player=player, user=organiser)

    assert not Player.objects.filter(pk=pk).exists()
    entry = AuditEntry.objects.filter(action="player_delete").get()
    assert audit_describe([entry])[entry.pk] == (
        "Zoë Marsh deleted before playing (faction Aeldari, club Bristol, fixed table 3)"
    )
    assert audit_undo_preview(entry_id=entry.pk).can_undo

    audit_undo(entry_id=entry.pk, user=organiser)

    back = Player.objects.get(pk=pk)
    assert (back.name, back.private_key, back.fixed_table, back.army_list) == (
        "Zoë Marsh",
        key,
        3,
        "A\nB",
    )
    assert (back.faction, back.club, back.event_id) == ("Aeldari", "Bristol", event.pk)


def test_a_player_with_a_game_is_refused_by_name_and_told_to_drop(event, players, organiser):
    round_create(event_id=event.pk, user=organiser, seed=3)
    before = Player.objects.count()
    with pytest.raises(Conflict) as refused:
        player_delete(player=players[0], user=organiser)
    assert _codes(refused) == {"player": ["player_has_games"]}
    message = str(refused.value)
    assert players[0].name in message
    assert "drop them instead" in message
    assert Player.objects.count() == before
    assert not AuditEntry.objects.filter(action="player_delete").exists()


def test_a_bye_counts_as_a_game(event, organiser):
    solo = player_register(event=event, user=organiser, name="Solo")
    round_create(event_id=event.pk, user=organiser, pairings=[{"player_a": solo.pk}])
    with pytest.raises(Conflict) as refused:
        player_delete(player=solo, user=organiser)
    assert _codes(refused) == {"player": ["player_has_games"]}
    assert "1 game " in str(refused.value)


def test_a_player_whose_round_was_removed_again_may_be_deleted(event, players, organiser):
    round_create(event_id=event.pk, user=organiser, seed=3)
    round_delete_latest(event_id=event.pk, user=organiser)
    player_delete(player=players[0], user=organiser)
    assert not Player.objects.filter(pk=players[0].pk).exists()


def test_undoing_a_delete_after_someone_took_the_name_says_so(event, organiser):
    player = player_register(event=event, user=organiser, name="Ana")
    player_delete(player=player, user=organiser)
    player_register(event=event, user=organiser, name="ana")
    entry = AuditEntry.objects.get(action="player_delete")
    preview = audit_undo_preview(entry_id=entry.pk)
    assert (preview.can_undo, preview.code) == (False, "name_taken")
    # The refusal names the player who holds the name now, as they are written.
    assert "Another player is now called ana" in preview.reason


def test_undoing_a_delete_after_a_round_was_paired_warns_first(event, players, organiser):
    late = player_register(event=event, user=organiser, name="Late")
    player_delete(player=late, user=organiser)
    round_create(event_id=event.pk, user=organiser, seed=3)
    entry = AuditEntry.objects.get(action="player_delete")
    preview = audit_undo_preview(entry_id=entry.pk)
    assert preview.dependents == [
        "Round 1 was paired after Late was deleted; they return without a game in it."
    ]


# Player edits are logged and undoable --------------------------------------------------------


def test_every_player_field_edit_is_logged_and_undoable(event, organiser):
    player = player_register(event=event, user=organiser, name="Kai")
    player_update(
        player=player,
        user=organiser,
        changes={"fixed_table": 7, "army_list": "Line 1\r\nLine 2\r\n", "club": "Leeds"},
    )
    player.refresh_from_db()
    assert player.army_list == "Line 1\nLine 2"  # one form of line breaks
    entry = AuditEntry.objects.filter(action="player_update").get()
    # The log's JSON keeps no key order on PostgreSQL: compare the parts.
    name, _, changes = audit_describe([entry])[entry.pk].partition(": ")
    assert name == "Kai"
    assert set(changes.split("; ")) == {
        "Fixed table: none → 7",
        "Army list: none → 2 lines",
        "Club: none → Leeds",
    }
    audit_undo(entry_id=entry.pk, user=organiser)
    player.refresh_from_db()
    assert (player.fixed_table, player.army_list, player.club) == (None, "", "")


# Archiving -----------------------------------------------------------------------------------


@pytest.fixture
def archived(event, players, organiser):
    round_create(event_id=event.pk, user=organiser, seed=3)
    return event_update(event=event, user=organiser, changes={"archived": True})


def _refused(call):
    with pytest.raises(Conflict) as refused:
        call()
    assert refused.value.codes == {"event": ["event_archived"]}
    assert "Test GT is archived" in str(refused.value)


def test_an_archived_event_refuses_every_change(archived, players, organiser):
    game = Game.objects.filter(round__event=archived, player_b__isnull=False).first()
    rows = (Player.objects.count(), Round.objects.count(), Result.objects.count())
    entries = AuditEntry.objects.count()
    _refused(lambda: player_register(event=archived, user=organiser, name="New"))
    _refused(lambda: player_update(player=players[1], user=organiser, changes={"dropped": True}))
    _refused(lambda: player_delete(player=players[1], user=organiser))
    _refused(lambda: players_check_in_all(event=archived, user=organiser))
    _refused(lambda: import_players(event=archived, user=organiser, raw="name\nNew One\n"))
    _refused(lambda: round_delete_latest(event_id=archived.pk, user=organiser))
    _refused(lambda: round_create(event_id=archived.pk, user=organiser, force=True))
    _refused(lambda: result_enter(game_id=game.pk, data={"vp_a": 1, "vp_b": 0}, user=organiser))
    _refused(lambda: result_confirm(game_id=game.pk, user=organiser))
    _refused(lambda: event_update(event=archived, user=organiser, changes={"bye_vp": 10}))
    assert (Player.objects.count(), Round.objects.count(), Result.objects.count()) == rows
    assert AuditEntry.objects.count() == entries


def test_an_archived_event_takes_unarchiving_then_changes_again(archived, organiser):
    event = event_update(event=archived, user=organiser, changes={"archived": False, "venue": "X"})
    assert (event.archived, event.venue) == (False, "X")
    player_register(event=event, user=organiser, name="New")


def test_undo_on_an_archived_event_is_refused_except_the_archiving_itself(archived, organiser):
    older = AuditEntry.objects.filter(action="round_create").get()
    preview = audit_undo_preview(entry_id=older.pk)
    assert (preview.can_undo, preview.code) == (False, "event_archived")
    archiving = AuditEntry.objects.filter(action="event_update").latest("pk")
    assert audit_describe([archiving])[archiving.pk] == "Archived: no → yes"
    audit_undo(entry_id=archiving.pk, user=organiser)
    assert Event.objects.get(pk=archived.pk).archived is False


# Deleting an event ---------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "code"), [("", "required"), ("test gt", "mismatch")])
def test_deleting_an_event_needs_its_exact_name(event, players, organiser, typed, code):
    with pytest.raises(Invalid) as refused:
        event_delete(event=event, user=organiser, confirm=typed)
    assert refused.value.codes == {"confirm": [code]}
    assert "Test GT" in str(refused.value)
    assert Event.objects.filter(pk=event.pk).exists()


def test_deleting_an_event_removes_everything_in_it(
    event, organiser, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    other = Event.objects.create(name="Other GT")
    players = add_players(event, organiser, 5)
    round_1 = round_create(event_id=event.pk, user=organiser, seed=3)
    game = round_1.games.filter(player_b__isnull=False).first()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    job = PrintJob.objects.create(event=event, kind="standings")
    job.file.save("standings.pdf", ContentFile(b"%PDF"))
    stored = tmp_path / job.file.name
    assert stored.exists()

    with django_capture_on_commit_callbacks(execute=True):
        assert event_delete(event=event, user=organiser, confirm=" Test  GT ") == "Test GT"

    assert list(Event.objects.all()) == [other]
    for model in (Player, Round, Game, Result, AuditEntry, PrintJob):
        assert not model.objects.exists(), model
    assert not stored.exists()
    assert players

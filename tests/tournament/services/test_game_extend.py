"""A per-table extension (issue 35): staff give one game more minutes with a reason; logged in
words, undoable (the undo takes the minutes back), the game clocks told through GAME_EXTENDED,
and the event's revision moved so cached pages show the new end."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Forbidden, Invalid, NotFound
from tournament.caching.revision import event_revision
from tournament.extensions import GAME_EXTENDED
from tournament.models import AuditEntry, Game
from tournament.services.audit.log import audit_undo, audit_undo_preview
from tournament.services.audit.words import audit_describe
from tournament.services.events.staff import staff_add
from tournament.services.rounds.extensions import game_extend
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    return Game.objects.filter(round__event=event, player_b__isnull=False).order_by("table_number")[
        0
    ]


@pytest.fixture
def heard():
    calls = []

    def hook(game, minutes):
        calls.append((game.pk, minutes, game.extra_minutes))

    GAME_EXTENDED.register(hook)
    yield calls
    GAME_EXTENDED.remove(hook)


def test_an_extension_adds_minutes_logs_the_reason_and_moves_the_revision(
    event, organiser, game, heard
):
    before = event_revision(event_id=event.pk)
    extended = game_extend(
        game_id=game.pk, minutes=10, reason="Judge call at the table", user=organiser
    )
    assert extended.extra_minutes == 10
    assert Game.objects.get(pk=game.pk).extra_minutes == 10
    assert event_revision(event_id=event.pk) > before
    game_extend(game_id=game.pk, minutes=5, reason="Second ruling", user=organiser)
    assert Game.objects.get(pk=game.pk).extra_minutes == 15
    assert heard == [(game.pk, 10, 10), (game.pk, 5, 15)]
    entry = AuditEntry.objects.filter(action="game_extend").order_by("pk").first()
    assert entry.target == f"game:{game.pk}"
    assert entry.after == {"minutes": 10, "extra_minutes": 10, "reason": "Judge call at the table"}
    words = audit_describe([entry])[entry.pk]
    assert f"table {game.table_number}" in words
    assert "+10 min" in words
    assert "Judge call at the table" in words
    assert game.player_a.name in words


def test_undo_takes_the_minutes_back_and_tells_the_clocks(event, organiser, game, heard):
    game_extend(game_id=game.pk, minutes=10, reason="Slow ruling", user=organiser)
    second = game_extend(game_id=game.pk, minutes=5, reason="Another", user=organiser)
    assert second.extra_minutes == 15
    first = AuditEntry.objects.filter(action="game_extend").order_by("pk").first()
    assert audit_undo_preview(entry_id=first.pk).can_undo
    audit_undo(entry_id=first.pk, user=organiser)
    assert Game.objects.get(pk=game.pk).extra_minutes == 5
    assert heard[-1] == (game.pk, -10, 5)


def test_judges_extend_strangers_may_not(event, organiser, other_organiser, game):
    staff_add(event=event, user=organiser, username=other_organiser.username, role="judge")
    assert (
        game_extend(game_id=game.pk, minutes=3, reason="r", user=other_organiser).extra_minutes == 3
    )
    from django.contrib.auth import get_user_model

    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(Forbidden):
        game_extend(game_id=game.pk, minutes=3, reason="r", user=stranger)
    assert Game.objects.get(pk=game.pk).extra_minutes == 3


@pytest.mark.parametrize("minutes", [0, -5, 121, "10", 2.5, True, None])
def test_minutes_outside_1_to_120_are_refused_and_change_nothing(organiser, game, minutes):
    with pytest.raises(Invalid) as exc:
        game_extend(game_id=game.pk, minutes=minutes, reason="r", user=organiser)
    assert "minutes" in exc.value.errors
    assert Game.objects.get(pk=game.pk).extra_minutes == 0
    assert not AuditEntry.objects.filter(action="game_extend").exists()


def test_a_reason_is_required_and_bounded(organiser, game):
    for reason in ["", "   ", None, "x" * 501]:
        with pytest.raises(Invalid) as exc:
            game_extend(game_id=game.pk, minutes=5, reason=reason, user=organiser)
        assert "reason" in exc.value.errors


def test_a_bye_and_a_missing_game_are_refused(event, organiser, game):
    with pytest.raises(NotFound):
        game_extend(game_id=10**9, minutes=5, reason="r", user=organiser)
    from tournament.services.players.players import player_register

    player_register(event=event, user=organiser, name="Ninth", faction="Orks")
    round_create(event_id=event.pk, user=organiser, seed=2, force=True)
    bye = Game.objects.get(round__event=event, round__number=2, player_b__isnull=True)
    with pytest.raises(Conflict):
        game_extend(game_id=bye.pk, minutes=5, reason="r", user=organiser)


def test_the_total_stays_within_what_the_field_holds(organiser, game):
    game_extend(game_id=game.pk, minutes=120, reason="r", user=organiser)
    game_extend(game_id=game.pk, minutes=120, reason="r", user=organiser)
    # No more than 8 hours on top of a round: a typo, not a ruling.
    with pytest.raises(Invalid):
        game_extend(game_id=game.pk, minutes=120, reason="r", user=organiser)

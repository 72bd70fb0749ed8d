"""An erased person's name leaves the free texts too (issue 36): penalty reasons, announcements,
swap reasons in pairing records and the floor's call notes and rulings may name them; after the
erasure they name the tombstone instead, and the nickname they chose is gone."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from floor.models import JudgeCall
from people.services.erase import person_erase
from tournament.models import Announcement, AuditEntry, Penalty, RoundRecord
from tournament.services.events.events import event_create
from tournament.services.live.announcements import announcement_post
from tournament.services.players.penalties import penalty_give
from tournament.services.players.players import player_register, player_update
from tournament.services.rounds.rounds import round_create
from tournament.services.rounds.swaps import round_swap_players

pytestmark = pytest.mark.django_db


def test_free_texts_naming_the_erased_person_name_the_tombstone(organiser):
    event = event_create(user=organiser, name="Texts GT", rounds=3, seed=1)
    dee = player_register(event=event, user=organiser, name="Dee Ray", faction="Orks")
    player_update(player=dee, user=organiser, changes={"nickname": "Deezy"})
    others = [
        player_register(event=event, user=organiser, name=f"Player {i}", faction="Orks")
        for i in range(1, 8)
    ]
    round_ = round_create(event_id=event.pk, user=organiser, seed=1)
    games = list(round_.games.filter(player_b__isnull=False).order_by("pk"))
    mine = next(g for g in games if dee.pk in (g.player_a_id, g.player_b_id))
    elsewhere = next(g for g in games if g != mine)
    round_swap_players(
        event_id=event.pk,
        user=organiser,
        round_number=1,
        player_x=dee.pk,
        player_y=elsewhere.player_a_id,
        reason="dee ray asked to sit near the door",
    )
    penalty_give(
        event=event,
        user=organiser,
        player_id=others[0].pk,
        kind="yellow_card",
        round_number=1,
        reason="Argued with Dee Ray (Deezy) about cover; not Dee Rayford's table",
    )
    announcement_post(event=event, user=organiser, text="Dee Ray, please see the judges")
    JudgeCall.objects.create(
        event=event,
        game=mine,
        note="Deezy says the objective moved",
        ruling="Told DEE RAY the marker stays",
        called_at=timezone.now(),
    )

    person_erase(person_id=dee.person_link.person.pk, user=organiser)

    dee.refresh_from_db()
    assert dee.name == "Erased player 1"
    assert dee.nickname == ""
    reason = Penalty.objects.get(player=others[0]).reason
    # Whole names only, in any case; a longer name that merely starts the same stays.
    assert reason == (
        "Argued with Erased player 1 (Erased player 1) about cover; not Dee Rayford's table"
    )
    assert Announcement.objects.get(event=event).text == "Erased player 1, please see the judges"
    call = JudgeCall.objects.get(event=event)
    assert (call.note, call.ruling) == (
        "Erased player 1 says the objective moved",
        "Told Erased player 1 the marker stays",
    )
    record = json.dumps(RoundRecord.objects.get(round=round_).data)
    assert "Erased player 1 asked to sit near the door" in record
    assert "dee ray" not in record.lower()
    assert "deezy" not in record.lower()
    # The log's copies of those texts (the penalty's reason, the swap's) are scrubbed as well.
    logged = json.dumps(
        list(AuditEntry.objects.filter(event=event).values("before", "after"))
    ).lower()
    assert "dee ray" not in logged.replace("dee rayford", "")
    assert "deezy" not in logged

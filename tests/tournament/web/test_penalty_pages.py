"""The staff's Penalties page (issue 35): record from a phone, the form keeps what was typed
when refused, remove; the player's staff page lists theirs; the public standings mark cards
without the reason."""

from __future__ import annotations

import pytest

from tournament.models import Game, Penalty
from tournament.services.players.penalties import penalty_give
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    games = list(Game.objects.filter(round__event=event).order_by("table_number"))
    for game in games:
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    return games


def url(event):
    return f"/manage/events/{event.pk}/penalties/"


def test_record_a_vp_penalty_from_the_page(org_client, event, played):
    player = played[0].player_a
    page = org_client.get(f"{url(event)}?player={player.pk}").content.decode()
    assert f'<option value="{player.pk}" selected>{player.name}</option>' in page
    answer = org_client.post(
        url(event),
        {"player": player.pk, "kind": "vp_penalty", "round": 1, "vp": 10, "reason": "Late list"},
        follow=True,
    )
    assert answer.status_code == 200
    text = answer.content.decode()
    assert f"{player.name}: VP penalty (−10 VP), round 1." in text
    assert "Late list" in text
    assert Penalty.objects.get().vp == 10


def test_a_refused_penalty_keeps_what_was_typed(org_client, event, played):
    player = played[0].player_a
    answer = org_client.post(
        url(event),
        {"player": player.pk, "kind": "vp_penalty", "round": 1, "vp": "", "reason": "Kept words"},
    )
    assert answer.status_code == 400
    text = answer.content.decode()
    assert "Give the VP the penalty takes." in text
    assert "Kept words" in text
    assert not Penalty.objects.exists()


def test_remove_from_the_page(org_client, event, organiser, played):
    penalty = penalty_give(
        event=event,
        user=organiser,
        player_id=played[0].player_a_id,
        kind="warning",
        round_number=1,
        reason="r",
    )
    org_client.post(f"{url(event)}{penalty.pk}/remove/")
    assert not Penalty.objects.exists()


def test_the_players_staff_page_lists_theirs(org_client, event, organiser, played):
    player = played[0].player_a
    penalty_give(
        event=event,
        user=organiser,
        player_id=player.pk,
        kind="yellow_card",
        round_number=1,
        reason="Slow play",
    )
    page = org_client.get(f"/manage/events/{event.pk}/players/{player.pk}/").content.decode()
    assert "Yellow card" in page
    assert "Slow play" in page
    assert f"Record a penalty for {player.name}" in page


def test_the_public_standings_mark_the_card_without_the_reason(client, event, organiser, played):
    player = played[0].player_a
    penalty_give(
        event=event,
        user=organiser,
        player_id=player.pk,
        kind="yellow_card",
        round_number=1,
        reason="Secret reason",
    )
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "penalty-yellow_card" in page
    assert "Yellow card, round 1" in page
    assert "Secret reason" not in page


def test_judges_use_the_page_strangers_do_not(client, event, organiser, other_organiser, played):
    client.force_login(other_organiser)
    assert client.get(url(event)).status_code in (403, 404)


def test_the_public_pairings_show_a_vp_penalty_beside_the_score(client, event, organiser, played):
    player = played[0].player_a
    penalty_give(
        event=event,
        user=organiser,
        player_id=player.pk,
        kind="vp_penalty",
        round_number=1,
        vp=10,
        reason="Secret reason",
    )
    page = client.get(f"/events/{event.pk}/pairings/?round=1").content.decode()
    assert "VP penalty −10 VP, round 1" in page
    assert "70–30" in page  # the result as entered
    assert "Secret reason" not in page


def test_the_results_board_shows_a_penalty_beside_the_entered_vp(
    org_client, event, organiser, played
):
    player = played[0].player_a
    penalty_give(
        event=event,
        user=organiser,
        player_id=player.pk,
        kind="game_loss",
        round_number=1,
        reason="Unsporting",
    )
    page = org_client.get(f"/manage/events/{event.pk}/results/").content.decode()
    assert "Game loss, round 1" in page

"""Release of pairings on the pages: while the organiser reviews a round, the public pages, the
big screen and each player's page say "pairings coming"; the organiser releases it from the
pairing page (logged) and the games appear."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db
COMING = "Round 1: pairings coming."


@pytest.fixture
def reviewed(event, players, organiser):
    """Review of pairings on; round 1 paired and not released."""
    from tournament.services.events.events import event_update
    from tournament.services.rounds.rounds import round_create

    event_update(event=event, user=organiser, changes={"review_pairings": True})
    round_ = round_create(event_id=event.pk, user=organiser, seed=7)
    assert round_.released is False
    return round_


def _page(client, name: str, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


def test_public_pages_and_the_big_screen_say_pairings_are_coming(reviewed, players):
    public = Client()
    event = reviewed.event
    for name in ("event-pairings", "event", "event-screen", "event-screen-live"):
        html = _page(public, name, event.pk)
        assert COMING in html, name
        assert players[0].name not in html.split("Standings")[0], name


def test_a_player_sees_pairings_coming_then_their_table(reviewed, players, org_client):
    player = players[0]
    html = _page(Client(), "player-home", player.private_key)
    assert "pairings coming" in html
    assert "table-badge" not in html
    org_client.post(reverse("manage-round-release", args=[reviewed.event.pk, 1]))
    html = _page(Client(), "player-home", player.private_key)
    assert "pairings coming" not in html
    assert "table-badge" in html


def test_a_player_cannot_report_before_release(reviewed, players):
    game = reviewed.games.exclude(player_b=None).first()
    key = game.player_a.private_key
    client = Client()
    response = client.post(
        reverse("player-result", args=[key, game.pk]), {"vp_a": 70, "vp_b": 50}, follow=True
    )
    assert "not released yet" in response.content.decode()
    assert not game.results.exists()


def test_the_organiser_reviews_then_releases_from_the_pairing_page(reviewed, org_client):
    event = reviewed.event
    html = _page(org_client, "manage-rounds", event.pk)
    assert "Round 1 is not released." in html
    assert "Release round 1 pairings" in html
    # Staff read the draw on the public page too, told that nobody else does yet.
    staff_view = _page(org_client, "event-pairings", event.pk)
    assert "only the staff see these pairings" in staff_view
    assert reviewed.games.first().player_a.name in staff_view

    response = org_client.post(reverse("manage-round-release", args=[event.pk, 1]), follow=True)
    assert "Round 1&#x27;s pairings are released" in response.content.decode()
    reviewed.refresh_from_db()
    assert reviewed.released is True
    entry = AuditEntry.objects.get(action="round_release")
    assert entry.actor_user.username == "org"
    assert "Round 1 is not released." not in _page(org_client, "manage-rounds", event.pk)
    html = _page(Client(), "event-pairings", event.pk)
    assert COMING not in html
    assert reviewed.games.first().player_a.name in html


def test_the_audit_log_says_the_release_in_words(reviewed, org_client):
    org_client.post(reverse("manage-round-release", args=[reviewed.event.pk, 1]))
    html = _page(org_client, "manage-audit", reviewed.event.pk)
    assert "Pairings released" in html
    assert "Round 1&#x27;s pairings released to the players" in html


def test_pairing_with_review_on_says_to_release(event, players, organiser, org_client):
    from tournament.services.events.events import event_update

    event_update(event=event, user=organiser, changes={"review_pairings": True})
    response = org_client.post(reverse("manage-round-pair", args=[event.pk]), follow=True)
    html = response.content.decode()
    assert "Round 1 is paired. Check it, then release it to the players." in html
    assert "Release round 1 pairings" in html


def test_no_card_of_the_players_page_names_the_unreleased_opponent(event, players, organiser):
    """Round 1 played, round 2 under review: "pairings coming", and neither the sportsmanship
    card nor "My games" names round 2's opponent or table (they did before the fix)."""
    from tournament.services.events.events import event_update
    from tournament.services.results.results import result_confirm, result_enter
    from tournament.services.rounds.rounds import round_create

    first = round_create(event_id=event.pk, user=organiser, seed=7)
    for game in first.games.exclude(player_b=None):
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
        result_confirm(game_id=game.pk, user=organiser)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    second = round_create(event_id=event.pk, user=organiser, seed=8)
    assert second.released is False
    for game in second.games.exclude(player_b=None):
        for me, them in ((game.player_a, game.player_b), (game.player_b, game.player_a)):
            html = _page(Client(), "player-home", me.private_key)
            assert "Round 2: pairings coming" in html
            assert "Round 2</strong>" not in html
            met = first.games.filter(player_a__in=[me, them], player_b__in=[me, them]).exists()
            if not met:
                assert them.name not in html.split("Standings")[0], (me.name, them.name)

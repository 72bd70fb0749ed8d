"""11th-edition event games on the tracker: each phone plays its own player with the player's
key, the organiser acts for both, and the finished game becomes the sender's pending result
with its per-round breakdown."""

from __future__ import annotations

import pytest

from tests.conftest import add_players
from tests.tracker.eleventh.player import next_action
from tests.tracker.web.conftest import key_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def xi_game(organiser):
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="XI GT", rounds=3, seed=1, mission_pack="eleventh")
    players = add_players(event, organiser, 2, disposition="take-and-hold")
    players[1].disposition = "reconnaissance"
    players[1].battle_ready = True
    players[1].save(update_fields=["disposition", "battle_ready"])
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    )
    return round_.games.get()


def _url(game):
    return f"/api/games/{game.pk}/tracker/"


def test_two_phones_play_to_the_end_and_the_result_waits_for_confirmation(xi_game):
    from tournament.models import Result

    phones = {"a": key_client(xi_game.player_a), "b": key_client(xi_game.player_b)}
    first = phones["a"].get(_url(xi_game)).json()
    assert first["side"] == "a"
    assert first["primaries"] == {"a": "Purge and Secure", "b": "Reconnaissance Sweep"}
    assert first["state"]["sides"]["b"]["battle_ready"] is True  # from registration
    for _ in range(2000):
        views = {s: phones[s].get(_url(xi_game)).json() for s in "ab"}
        action = next_action(views)
        if action is None:
            break
        sender = phones[action.get("side", "a")]
        response = sender.post(_url(xi_game), action, format="json")
        assert response.status_code == 200, (action, response.content)
    xi_game.refresh_from_db()
    assert xi_game.attacker_id == xi_game.player_a_id
    final = views["a"]["final"] or phones["a"].get(_url(xi_game)).json()["final"]
    result = Result.objects.filter(game=xi_game).order_by("-version").first()
    assert result.status == "pending"
    assert result.source == "tracker"
    assert result.vp_a == final["a"]["total"]
    assert result.vp_b == final["b"]["total"]
    assert result.battle_ready_b == 10
    assert (result.primary_a, result.secondary_a) == (
        final["a"]["primary"],
        final["a"]["secondary"],
    )
    assert result.rounds_a == final["a"]["rounds"]
    assert result.rounds_b == final["b"]["rounds"]
    assert (result.attacker, result.first_turn) == ("a", "b")
    assert (result.secondaries_a, result.secondaries_b) == ("fixed", "tactical")


def test_a_player_acts_only_for_their_own_side_and_sees_no_secret(xi_game):
    phones = {"a": key_client(xi_game.player_a), "b": key_client(xi_game.player_b)}
    roles = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "b"}
    assert phones["a"].post(_url(xi_game), roles, format="json").status_code == 200
    choose = {"type": "choose_secondaries", "round": 0, "phase": "secondaries"}
    response = phones["a"].post(
        _url(xi_game), {**choose, "side": "b", "mode": "tactical"}, format="json"
    )
    assert response.status_code == 403
    assert "not_your_side" in str(response.json())
    fixed = {**choose, "side": "b", "mode": "fixed", "cards": ["assassination", "bring-it-down"]}
    assert phones["b"].post(_url(xi_game), fixed, format="json").status_code == 200
    seen = phones["a"].get(_url(xi_game)).json()["state"]["sides"]["b"]
    assert seen["selection"] == "hidden"
    assert "assassination" not in str(seen)


def test_the_organiser_acts_for_both_sides(xi_game, api):
    roles = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "a"}
    assert api.post(_url(xi_game), roles, format="json").status_code == 200
    choose = {"type": "choose_secondaries", "round": 0, "phase": "secondaries", "mode": "tactical"}
    for side in "ab":
        response = api.post(f"{_url(xi_game)}?side={side}", {**choose, "side": side}, format="json")
        assert response.status_code == 200, response.content
    assert response.json()["clock"]["phase"] == "first_turn"


def test_a_game_without_dispositions_cannot_be_tracked(xi_game):
    from tracker.models import TrackedGame

    type(xi_game).objects.filter(pk=xi_game.pk).update(disposition_b="")
    response = key_client(xi_game.player_a).get(_url(xi_game))
    assert response.status_code == 409
    assert "no_disposition" in str(response.json())
    assert xi_game.player_b.name in str(response.json())
    assert not TrackedGame.objects.exists()


def test_the_player_page_plays_the_event_game(xi_game, client):
    key = xi_game.player_a.private_key
    page = client.get(f"/tracker/game/{xi_game.pk}/", {"key": key})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Purge and Secure" in text
    assert 'data-testid="side-a"' in text
    response = client.post(
        f"/tracker/game/{xi_game.pk}/?key={key}",
        {"type": "assign_roles", "round": "0", "phase": "roles", "seq": "1", "attacker": "a"},
    )
    assert response.status_code == 302
    assert response["Location"].endswith(f"?key={key}")

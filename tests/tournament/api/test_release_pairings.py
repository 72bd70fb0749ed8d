"""Release of pairings: with review_pairings on, a new round stays with the staff (swap,
re-pair) until the organiser releases it; others see only that it is coming, and no result is
entered for it before."""

import pytest

from tests.conftest import add_players
from tournament.models import AuditEntry, Round
from tournament.services.audit.log import audit_undo

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviewed(api, event, organiser):
    add_players(event, organiser, 6)
    response = api.patch(f"/api/events/{event.pk}/", {"review_pairings": True}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["review_pairings"] is True
    return event


def _key_client(player):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def test_review_pairings_is_off_by_default_in_the_api(api):
    event = api.post("/api/events/", {"name": "Script GT", "rounds": 3}, format="json").json()
    assert event["review_pairings"] is False
    bad = api.patch(f"/api/events/{event['id']}/", {"review_pairings": "yes"}, format="json")
    assert bad.status_code == 400
    assert "review_pairings" in bad.json()["error_codes"]


def test_without_review_a_new_round_is_released_at_once(api, event, organiser, anon):
    add_players(event, organiser, 4)
    created = api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json").json()
    assert created["released"] is True
    public = anon.get(f"/api/events/{event.pk}/rounds/1/").json()
    assert public["released"] is True
    assert len(public["games"]) == 2


def test_an_unreleased_round_shows_only_that_it_is_coming(api, reviewed, anon):
    created = api.post(f"/api/events/{reviewed.pk}/rounds/", {"seed": 1}, format="json")
    assert created.status_code == 201
    assert created.json()["released"] is False
    assert len(created.json()["games"]) == 3
    # Staff read the draw to review it.
    staff = api.get(f"/api/events/{reviewed.pk}/rounds/1/").json()
    assert staff["released"] is False
    assert len(staff["games"]) == 3
    # Everyone else (the public, a player's key) sees that it is coming, nothing more.
    hidden = {"number": 1, "released": False, "games": []}
    assert anon.get(f"/api/events/{reviewed.pk}/rounds/1/").json() == hidden
    player = reviewed.players.first()
    assert _key_client(player).get(f"/api/events/{reviewed.pk}/rounds/1/").json() == hidden
    assert anon.get(f"/api/events/{reviewed.pk}/rounds/").json() == [hidden]
    csv = anon.get(f"/api/events/{reviewed.pk}/rounds/1/pairings.csv").content.decode()
    assert player.name not in csv
    game = Round.objects.get(event=reviewed, number=1).games.first()
    assert anon.get(f"/api/games/{game.pk}/").status_code == 404
    assert anon.get(f"/api/games/{game.pk}/result/").status_code == 404
    assert api.get(f"/api/games/{game.pk}/").status_code == 200


def test_results_are_refused_until_the_round_is_released(api, reviewed, anon):
    api.post(f"/api/events/{reviewed.pk}/rounds/", {"seed": 1}, format="json")
    game = Round.objects.get(event=reviewed, number=1).games.exclude(player_b=None).first()
    for client in (api, _key_client(game.player_a)):
        refused = client.post(
            f"/api/games/{game.pk}/result/", {"vp_a": 70, "vp_b": 50}, format="json"
        )
        assert refused.status_code == 409
        assert refused.json()["error_codes"] == {"round": ["not_released"]}
        assert "not released" in refused.json()["round"][0]
    assert not game.results.exists()

    released = api.post(f"/api/events/{reviewed.pk}/rounds/1/release/")
    assert released.status_code == 200
    assert released.json()["released"] is True
    public = anon.get(f"/api/events/{reviewed.pk}/rounds/1/").json()
    assert public["released"] is True
    assert len(public["games"]) == 3
    entered = _key_client(game.player_a).post(
        f"/api/games/{game.pk}/result/", {"vp_a": 70, "vp_b": 50}, format="json"
    )
    assert entered.status_code == 201


def test_release_is_logged_in_words_and_undoable_before_results(api, reviewed, organiser, anon):
    api.post(f"/api/events/{reviewed.pk}/rounds/", {"seed": 1}, format="json")
    # Reviewing: swap two players, then release.
    round_ = Round.objects.get(event=reviewed, number=1)
    game = round_.games.exclude(player_b=None).order_by("table_number").first()
    other = round_.games.exclude(player_b=None).exclude(pk=game.pk).first()
    swap = api.post(
        f"/api/events/{reviewed.pk}/rounds/1/swap/",
        {"player_x": game.player_a_id, "player_y": other.player_a_id},
        format="json",
    )
    assert swap.status_code == 200
    assert swap.json()["released"] is False
    api.post(f"/api/events/{reviewed.pk}/rounds/1/release/")
    # Releasing again changes nothing and logs nothing.
    logged = AuditEntry.objects.filter(action="round_release").count()
    assert api.post(f"/api/events/{reviewed.pk}/rounds/1/release/").status_code == 200
    assert AuditEntry.objects.filter(action="round_release").count() == logged == 1
    audit = api.get(f"/api/events/{reviewed.pk}/audit/").json()
    texts = [e["description"] for e in audit]
    assert any("Round 1's pairings released" in t for t in texts), texts

    entry = AuditEntry.objects.get(action="round_release")
    audit_undo(entry_id=entry.pk, user=organiser)
    assert anon.get(f"/api/events/{reviewed.pk}/rounds/1/").json()["released"] is False


def test_release_is_for_organisers_and_names_a_missing_round(api, reviewed, anon):
    assert anon.post(f"/api/events/{reviewed.pk}/rounds/1/release/").status_code == 401
    missing = api.post(f"/api/events/{reviewed.pk}/rounds/2/release/")
    assert missing.status_code == 404
    assert missing.json()["error_codes"] == {"round": ["not_found"]}


def test_release_cannot_be_undone_once_results_are_in(api, reviewed, organiser):
    api.post(f"/api/events/{reviewed.pk}/rounds/", {"seed": 1}, format="json")
    api.post(f"/api/events/{reviewed.pk}/rounds/1/release/")
    game = Round.objects.get(event=reviewed, number=1).games.exclude(player_b=None).first()
    api.post(f"/api/games/{game.pk}/result/", {"vp_a": 70, "vp_b": 50}, format="json")
    entry = AuditEntry.objects.get(action="round_release")
    undo = api.post(f"/api/events/{reviewed.pk}/audit/{entry.pk}/undo/", {}, format="json")
    assert undo.status_code == 409
    assert Round.objects.get(event=reviewed, number=1).released is True


def test_a_bye_of_an_unreleased_round_is_not_in_the_standings_yet(
    api, event, organiser, anon, monkeypatch
):
    from tournament.caching import cached

    # The public may be given standings up to LAG_S old (services/cached.py): a fake clock
    # lets the test step past that instead of sleeping.
    now = [1_000_000.0]
    monkeypatch.setattr(cached, "clock", lambda: now[0])
    add_players(event, organiser, 3)
    api.patch(f"/api/events/{event.pk}/", {"review_pairings": True}, format="json")
    api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json")
    url = f"/api/events/{event.pk}/standings/"
    assert all(row["wins"] == 0 for row in anon.get(url).json())
    api.post(f"/api/events/{event.pk}/rounds/1/release/")
    assert sum(row["wins"] for row in api.get(url).json()) == 1  # organisers: at once
    now[0] += cached.LAG_S + 0.1
    assert sum(row["wins"] for row in anon.get(url).json()) == 1  # the public: within 5 s

"""The write path of a round in play: a player's entry and the opponent's confirmation.

Results arrive all at once at the end of a round; each write must stay a handful of statements
and must not queue behind the round's other writers (the round's row is locked only when a
game may be the round's last open one)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournament.api.test_results import key_client
from tournament.api.serializers.results import ResultSerializer
from tournament.models import Result, Round, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(api, event, players):
    ids = [p.pk for p in players]
    pairings = [{"player_a": ids[i], "player_b": ids[i + 1]} for i in range(0, 8, 2)]
    response = api.post(f"/api/events/{event.pk}/rounds/", {"pairings": pairings}, format="json")
    return response.json()


def _games(paired, players):
    by_id = {p.pk: p for p in players}
    return [(g["id"], by_id[g["player_a"]], by_id[g["player_b"]]) for g in paired["games"]]


def _statements(captured) -> list[str]:
    # Transaction control differs between a test (savepoints) and a request (BEGIN/COMMIT).
    control = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")
    return [q["sql"] for q in captured if not q["sql"].startswith(control)]


def test_entry_and_confirmation_take_a_fixed_few_statements(paired, players):
    games = _games(paired, players)
    counts = []
    for game_id, a, b in games[:3]:
        with CaptureQueriesContext(connection) as entry:
            response = key_client(a).post(
                f"/api/games/{game_id}/result/", {"vp_a": 55, "vp_b": 45}, format="json"
            )
        assert response.status_code == 201
        with CaptureQueriesContext(connection) as confirm:
            response = key_client(b).post(f"/api/games/{game_id}/result/confirm/", {})
        assert response.status_code == 200
        assert response.json()["status"] == "confirmed"
        counts.append((len(_statements(entry)), len(_statements(confirm))))
    # Player lookup, game lock, the current result with the highest version so far, then the
    # new version with its audit entry and the event's revision (one statement on PostgreSQL,
    # three on SQLite), and for the round's first result, marking the round in progress; the
    # confirmation writes the status instead of a version and checks whether other games are
    # open (after its commit it looks again, at one game: not captured here). The entry also
    # locks the game's clock, if any, to stop it (GAME_CLOCK_TIMES, the clocks app): one more.
    n = 4 if connection.vendor == "postgresql" else 6
    assert counts == [(n + 2, n + 1), (n + 1, n + 1), (n + 1, n + 1)], counts
    # None of them took the round's row lock: other games were still open.
    round_lock = [q for q in _statements(confirm) if q.startswith('SELECT "tournament_round"')]
    assert round_lock == []


def test_round_status_follows_its_results(paired, players):
    games = _games(paired, players)
    number = paired["number"]

    assert Round.objects.get(number=number).status == RoundStatus.PAIRED
    game_id, a, b = games[0]
    key_client(a).post(f"/api/games/{game_id}/result/", {"vp_a": 55, "vp_b": 45}, format="json")
    assert Round.objects.get(number=number).status == RoundStatus.IN_PROGRESS
    for game_id, a, b in games:
        key_client(a).post(f"/api/games/{game_id}/result/", {"vp_a": 55, "vp_b": 45}, format="json")
        key_client(b).post(f"/api/games/{game_id}/result/confirm/", {})
    assert Round.objects.get(number=number).status == RoundStatus.COMPLETE


def test_a_player_key_of_another_event_cannot_find_a_hidden_events_game(paired, players, organiser):
    from tests.conftest import add_players
    from tournament.models import Event
    from tournament.services.events.events import event_create

    Event.objects.filter(pk=players[0].event_id).update(hidden=True)
    elsewhere = event_create(user=organiser, name="Elsewhere", rounds=3)
    stranger = add_players(elsewhere, organiser, 1)[0]
    game_id = paired["games"][0]["id"]
    response = key_client(stranger).post(
        f"/api/games/{game_id}/result/", {"vp_a": 55, "vp_b": 45}, format="json"
    )
    assert response.status_code == 404
    response = key_client(stranger).post(f"/api/games/{game_id}/result/confirm/", {})
    assert response.status_code == 404


def test_the_write_answers_are_the_result_serializers_own(api, paired, players):
    """The two write endpoints build their answer without the serializer: it must not differ."""
    games = _games(paired, players)
    game_id, a, b = games[0]
    other, _, _ = games[1]
    breakdown = {"primary_a": 40, "secondary_a": 30, "gambit_a": 0, "battle_ready_a": 10}
    breakdown |= {"primary_b": 20, "secondary_b": 12, "gambit_b": 0, "battle_ready_b": 0}
    score = {"vp_a": 55, "vp_b": 45}
    writes = [
        (key_client(a), f"/api/games/{game_id}/result/", score, 201),
        (key_client(b), f"/api/games/{game_id}/result/confirm/", {}, 200),
        (key_client(b), f"/api/games/{game_id}/result/confirm/", {}, 200),  # already confirmed
        (key_client(b), f"/api/games/{game_id}/result/", score, 200),  # the same score again
        (api, f"/api/games/{other}/result/", breakdown, 201),
        (api, f"/api/games/{other}/result/", {"vp_a": 50, "vp_b": 50}, 201),
    ]
    for client, path, body, status in writes:
        answer = client.post(path, body, format="json")
        assert answer.status_code == status
        data = answer.json()
        stored = Result.objects.select_related("game").get(
            game_id=data["game"], version=data["version"]
        )
        assert data == ResultSerializer(stored).data
    assert data["outcome"] == "draw"


def test_after_its_commit_a_confirmation_looks_at_one_open_game_only(
    paired, players, django_capture_on_commit_callbacks
):
    """Each confirmation checks again after its commit whether the round is complete; while the
    open game it found is still open, that game's own confirmation will check, so one look at
    it is enough. The round still completes with its last confirmation."""
    games = _games(paired, players)
    for game_id, a, _ in games:
        key_client(a).post(f"/api/games/{game_id}/result/", {"vp_a": 55, "vp_b": 45}, format="json")
    game_id, _, b = games[0]
    with django_capture_on_commit_callbacks() as callbacks:
        key_client(b).post(f"/api/games/{game_id}/result/confirm/", {})
    with CaptureQueriesContext(connection) as after:
        for callback in callbacks:
            callback()
    assert len(_statements(after)) == 1
    for game_id, _, b in games[1:]:
        with django_capture_on_commit_callbacks(execute=True):
            key_client(b).post(f"/api/games/{game_id}/result/confirm/", {})
    assert Round.objects.get(number=paired["number"]).status == RoundStatus.COMPLETE

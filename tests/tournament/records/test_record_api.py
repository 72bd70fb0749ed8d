"""GET /api/events/{id}/rounds/{n}/record/: the pairing record of a released round, verified
identical by the pure verifier; who may read it; the kinds of round that have none."""

import pytest

from tests.conftest import add_players
from tournament.engine.pairing.record import FORMAT, record_sha256, verify_record
from tournament.models import Event, RoundRecord

pytestmark = pytest.mark.django_db


def pair(api, event, **body):
    return api.post(f"/api/events/{event.pk}/rounds/", body, format="json")


def record_of(client, event, number):
    return client.get(f"/api/events/{event.pk}/rounds/{number}/record/")


def play(api, body, score=(60, 40)):
    for game in body["games"]:
        if game["player_b"] is not None:
            result = {"vp_a": score[0], "vp_b": score[1]}
            api.post(f"/api/games/{game['id']}/result/", result, format="json")


def test_record_of_each_round_verifies_identical(api, anon, event, organiser):
    add_players(event, organiser, 9)
    r1 = pair(api, event, seed=7).json()
    play(api, r1)
    r2 = pair(api, event, seed=8).json()
    for number, body in ((1, r1), (2, r2)):
        answer = record_of(anon, event, number)
        assert answer.status_code == 200, answer.json()
        record = answer.json()
        assert record["format"] == FORMAT
        assert record["seed"] == (7 if number == 1 else 8)
        assert record["sha256"] == record_sha256(record)
        assert verify_record(record) == []
        published = [[g["player_a"], g["player_b"]] for g in body["games"]]
        assert sorted(map(str, record["pairs"])) == sorted(map(str, published))
    record = record_of(anon, event, 2).json()
    # Round 2 was paired from round 1's results: everyone's record is in it.
    records = {row["player"]: row["record"] for row in record["standings"]}
    assert sorted(records.values()) == ["0-0-1"] * 4 + ["1-0-0"] * 5
    assert len(record["games"]) == 5


def test_no_private_fields_in_the_record(api, anon, event, organiser):
    players = add_players(event, organiser, 4)
    players[0].email = "ann@example.org"
    players[0].save()
    pair(api, event, seed=3)
    text = record_of(anon, event, 1).content.decode()
    for p in players:
        assert p.private_key not in text
        assert p.name not in text
    assert "example.org" not in text
    assert "Club 1" not in text  # clubs are numbers


def test_unreleased_round_is_404_to_the_public_but_not_to_staff(api, anon, event, organiser):
    Event.objects.filter(pk=event.pk).update(review_pairings=True)
    add_players(event, organiser, 4)
    pair(api, event, seed=3)
    assert record_of(anon, event, 1).status_code == 404
    assert record_of(api, event, 1).status_code == 200
    assert record_of(anon, event, 2).status_code == 404


def test_hidden_event_is_404(api, anon, event, organiser):
    add_players(event, organiser, 4)
    pair(api, event, seed=3)
    Event.objects.filter(pk=event.pk).update(hidden=True)
    assert record_of(anon, event, 1).status_code == 404


def test_manual_round_is_409_and_old_round_404(api, anon, event, organiser):
    ps = add_players(event, organiser, 4)
    pairings = [
        {"player_a": ps[0].pk, "player_b": ps[1].pk},
        {"player_a": ps[2].pk, "player_b": ps[3].pk},
    ]
    assert pair(api, event, pairings=pairings).status_code == 201
    answer = record_of(anon, event, 1)
    assert answer.status_code == 409
    assert answer.json()["error_codes"]["round"] == ["record_manual"]
    api.delete(f"/api/events/{event.pk}/rounds/1/")
    pair(api, event, seed=2)
    RoundRecord.objects.all().delete()  # as a round paired before records were kept
    answer = record_of(anon, event, 1)
    assert answer.status_code == 404
    assert answer.json()["error_codes"]["round"] == ["record_unavailable"]


def test_swaps_are_recorded_with_who_and_why_and_replayed(api, anon, event, organiser):
    organiser.first_name, organiser.last_name = "Olga", "Organiser"
    organiser.save()
    add_players(event, organiser, 7)
    body = pair(api, event, seed=11).json()
    games = [g for g in body["games"] if g["player_b"]]
    bye = next(g for g in body["games"] if g["player_b"] is None)
    x, y = games[0]["player_a"], games[1]["player_b"]
    swap = {"player_x": x, "player_y": y, "reason": "Brothers"}
    assert api.post(f"/api/events/{event.pk}/rounds/1/swap/", swap, format="json").status_code == 200
    swap = {"player_x": bye["player_a"], "player_y": x}
    assert api.post(f"/api/events/{event.pk}/rounds/1/swap/", swap, format="json").status_code == 200
    record = record_of(anon, event, 1).json()
    assert record["swaps"][0] == {"players": [x, y], "by": "Olga Organiser", "reason": "Brothers"}
    assert record["pairs"] != record["engine_pairs"]
    assert verify_record(record) == []

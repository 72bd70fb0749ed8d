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
    assert (
        api.post(f"/api/events/{event.pk}/rounds/1/swap/", swap, format="json").status_code == 200
    )
    swap = {"player_x": bye["player_a"], "player_y": x}
    assert (
        api.post(f"/api/events/{event.pk}/rounds/1/swap/", swap, format="json").status_code == 200
    )
    record = record_of(anon, event, 1).json()
    assert record["swaps"][0] == {"players": [x, y], "by": "Olga Organiser", "reason": "Brothers"}
    assert record["pairs"] != record["engine_pairs"]
    assert verify_record(record) == []


def test_the_wagc2019_field_paired_by_the_engine_verifies_every_round(api, anon):
    """The real field of the suite's replayed event (tests/data/wagc2019.txt: 59 players, 8
    rounds, countries as clubs kept apart in round 1), paired by the engine this time: the
    better final place wins each game. Every round's record verifies identical; the event
    replayed as it was played (its own pairings, given by hand) has no engine record."""
    from tests.tournament.api.test_wagc2019 import parse

    table = parse()
    event = api.post("/api/events/", {"name": "WAGC again", "rounds": 8}, format="json").json()
    place = {}
    for p in table:
        body = {"name": p["name"], "faction": p["country"], "club": p["country"]}
        created = api.post(f"/api/events/{event['id']}/players/", body, format="json").json()
        place[created["id"]] = p["place"]
    for number in range(1, 9):
        body = api.post(
            f"/api/events/{event['id']}/rounds/", {"seed": 2019 + number}, format="json"
        ).json()
        record = anon.get(f"/api/events/{event['id']}/rounds/{number}/record/").json()
        assert verify_record(record) == [], number
        if number == 1:
            clubs = {p["id"]: p["club"] for p in record["players"]}
            same = [a for a, b in record["pairs"] if b is not None and clubs[a] == clubs[b]]
            assert same == []  # no country meets itself in round 1
        for game in body["games"]:
            if game["player_b"] is None:
                continue
            a_wins = place[game["player_a"]] < place[game["player_b"]]
            score = {"vp_a": 1 if a_wins else 0, "vp_b": 0 if a_wins else 1}
            api.post(f"/api/games/{game['id']}/result/", score, format="json")


def test_grouped_rounds_record_their_groups(api, anon, event, organiser, monkeypatch):
    from tournament.services.rounds import rounds

    add_players(event, organiser, 10)
    ids = sorted(event.players.values_list("pk", flat=True))
    monkeypatch.setattr(
        rounds, "PAIRING_GROUP_HOOKS", [lambda e, n: [("North", ids[:5]), ("South", ids[5:])]]
    )
    pair(api, event, seed=5)
    record = record_of(anon, event, 1).json()
    assert record["groups"] == [ids[:5], ids[5:]]
    assert verify_record(record) == []


def test_team_events_and_knockout_rounds_answer_409(api, anon, event, organiser):
    from tournament.models import Round, RoundStage

    add_players(event, organiser, 4)
    pair(api, event, seed=3)
    Round.objects.create(event=event, number=2, stage=RoundStage.PLAYOFF, method="engine")
    answer = record_of(anon, event, 2)
    assert answer.status_code == 409
    assert answer.json()["error_codes"]["round"] == ["record_knockout"]
    team = api.post(
        "/api/events/", {"name": "Team GT", "rounds": 3, "kind": "team"}, format="json"
    ).json()
    answer = anon.get(f"/api/events/{team['id']}/rounds/1/record/")
    assert answer.status_code == 409
    assert answer.json()["error_codes"]["round"] == ["record_team_event"]


def test_a_result_corrected_after_pairing_leaves_the_record_as_paired(api, anon, event, organiser):
    """Stored, not reconstructed: the record is what the engine was given at the time."""
    add_players(event, organiser, 8)
    r1 = pair(api, event, seed=1).json()
    play(api, r1)
    pair(api, event, seed=2)
    before = record_of(anon, event, 2).json()
    game = next(g for g in r1["games"] if g["player_b"])
    api.post(f"/api/games/{game['id']}/result/", {"vp_a": 10, "vp_b": 90}, format="json")
    after = record_of(anon, event, 2).json()
    assert after == before
    assert verify_record(after) == []


def test_undoing_a_swap_is_recorded_as_a_swap_back(api, anon, event, organiser):
    from tournament.models import AuditEntry

    add_players(event, organiser, 6)
    body = pair(api, event, seed=4).json()
    x, y = body["games"][0]["player_a"], body["games"][1]["player_b"]
    api.post(
        f"/api/events/{event.pk}/rounds/1/swap/", {"player_x": x, "player_y": y}, format="json"
    )
    entry = AuditEntry.objects.get(action="pairing_swap")
    assert (
        api.post(f"/api/events/{event.pk}/audit/{entry.pk}/undo/", {}, format="json").status_code
        == 200
    )
    record = record_of(anon, event, 1).json()
    assert [s["players"] for s in record["swaps"]] == [[x, y], [y, x]]
    assert record["swaps"][1]["by"] == "org"
    assert sorted(map(sorted, record["pairs"])) == sorted(map(sorted, record["engine_pairs"]))
    assert verify_record(record) == []


def test_the_player_page_says_why_this_opponent(api, client, event, organiser):
    from django.urls import reverse

    ps = add_players(event, organiser, 8)
    r1 = pair(api, event, seed=1).json()
    play(api, r1)
    body = pair(api, event, seed=2).json()
    game = next(g for g in body["games"] if g["player_b"])
    me = next(p for p in ps if p.pk == game["player_a"])
    them = next(p for p in ps if p.pk == game["player_b"])
    page = client.get(reverse("player-home", args=[me.private_key])).content.decode()
    assert "Why this opponent?" in page
    assert f"{them.name} at 1-0-0" in page or f"{them.name} at 0-0-1" in page
    assert f"Rematch avoided: you have not played {them.name} before." in page
    assert f"/api/events/{event.pk}/rounds/2/record/" in page
    assert "path_gap" not in page
    assert "{player:" not in page
    # A swap with a reason: the page names who swapped and why.
    other = next(g for g in body["games"] if g["player_b"] and g["id"] != game["id"])
    swap = {"player_x": them.pk, "player_y": other["player_a"], "reason": "Same household"}
    assert (
        api.post(f"/api/events/{event.pk}/rounds/2/swap/", swap, format="json").status_code == 200
    )
    page = client.get(reverse("player-home", args=[me.private_key])).content.decode()
    assert "org swapped" in page
    assert "by hand (Same household)." in page


def test_pairings_pages_link_the_record(api, client, org_client, event, organiser):
    from django.urls import reverse

    add_players(event, organiser, 6)
    body = pair(api, event, seed=1).json()
    link = f"/api/events/{event.pk}/rounds/1/record/"
    page = client.get(reverse("event-pairings", args=[event.pk])).content.decode()
    assert "Check these pairings" in page
    assert link in page
    assert "python -m tournament.verify" in page
    page = org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert "Check these pairings" in page
    assert link in page
    # The organiser's swap form takes the reason into the record.
    x, y = body["games"][0]["player_a"], body["games"][1]["player_a"]
    org_client.post(
        reverse("manage-swap", args=[event.pk, 1]),
        {"player_x": x, "player_y": y, "reason": "Travelled together"},
    )
    record = api.get(link).json()
    assert record["swaps"] == [{"players": [x, y], "by": "org", "reason": "Travelled together"}]
    assert verify_record(record) == []


def test_no_link_for_a_round_paired_by_hand(api, client, event, organiser):
    from django.urls import reverse

    ps = add_players(event, organiser, 2)
    pair(api, event, pairings=[{"player_a": ps[0].pk, "player_b": ps[1].pk}])
    page = client.get(reverse("event-pairings", args=[event.pk])).content.decode()
    assert "Check these pairings" not in page


def test_a_too_long_reason_is_refused_naming_the_field(api, event, organiser):
    add_players(event, organiser, 4)
    body = pair(api, event, seed=1).json()
    x, y = body["games"][0]["player_a"], body["games"][1]["player_a"]
    swap = {"player_x": x, "player_y": y, "reason": "x" * 201}
    answer = api.post(f"/api/events/{event.pk}/rounds/1/swap/", swap, format="json")
    assert answer.status_code == 400
    assert "reason" in answer.json()
    assert record_of(api, event, 1).json()["swaps"] == []


def test_a_hidden_events_record_is_read_by_its_staff_and_players_only(
    api, anon, event, organiser, other_organiser
):
    from rest_framework.test import APIClient

    ps = add_players(event, organiser, 4)
    pair(api, event, seed=3)
    Event.objects.filter(pk=event.pk).update(hidden=True)
    rival = APIClient()
    rival.force_authenticate(other_organiser)
    player = APIClient()
    player.credentials(HTTP_AUTHORIZATION=f"Key {ps[0].private_key}")
    assert record_of(anon, event, 1).status_code == 404
    assert record_of(rival, event, 1).status_code == 404
    assert record_of(api, event, 1).status_code == 200
    assert record_of(player, event, 1).status_code == 200


def test_a_round_paired_again_has_the_new_pairings_record(api, anon, event, organiser):
    add_players(event, organiser, 8)
    pair(api, event, seed=1)
    first = record_of(anon, event, 1).json()
    again = api.post(f"/api/events/{event.pk}/rounds/1/repair/", {"seed": 77}, format="json")
    assert again.status_code == 201
    record = record_of(anon, event, 1).json()
    assert record["seed"] == 77
    assert record["sha256"] != first["sha256"]
    assert verify_record(record) == []
    assert RoundRecord.objects.count() == 1

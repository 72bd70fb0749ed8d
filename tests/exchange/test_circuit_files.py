"""Circuit files (issue 25 item 4), each in the shape a public page describes (docs/exports.md):
the ITC-style results form (tabletopmasters.de/itc-ranking/: Placing, First Name, Last Name,
Bonus Points; bonus points are 3 for each game before the first loss, its example 12:0, 7:5,
6:6, 4:8, 12:0 giving 3 x 3) and the T³ NTR plain text (tabletoptournaments.net's "NTR add"
page: tournament name, game system, place, date; per player placement, first and last name,
optional nickname, origin and army). Each is read back."""

import csv
import io
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from exchange.engine.circuits import itc_bonus_points, itc_games_before_first_loss
from tests.conftest import add_players
from tournament.models import Player
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

LETTERS = st.sampled_from(["W", "D", "L", "BYE", "", None])


def test_itc_example_of_the_published_form():
    # 12:0 win, 7:5 win, 6:6 draw, 4:8 the first loss, 12:0 win: three games before it.
    assert itc_bonus_points(["W", "W", "D", "L", "W"]) == 9


@given(st.lists(LETTERS, max_size=8))
def test_itc_bonus_is_three_per_game_before_the_first_loss(letters):
    # Brute force: the longest prefix of played rounds without a loss or an unsettled game.
    played = [x for x in letters if x is not None]
    best = 0
    for n in range(len(played) + 1):
        if all(x in ("W", "D", "BYE") for x in played[:n]):
            best = n
    assert itc_games_before_first_loss(letters) == best
    assert itc_bonus_points(letters) == 3 * best
    assert itc_bonus_points([*letters, "W"]) >= itc_bonus_points(letters)


@pytest.fixture
def played(event, organiser):
    """5 players, 2 rounds with a bye each; player A of every game wins round 1 and loses
    round 2 (70-50, then 40-60)."""
    people = add_players(event, organiser, 5)
    Player.objects.filter(pk=people[0].pk).update(name="Zoë Ünïcode", club="Köln Krieger")
    event.venue = "50667 Köln, Germany"
    event.start_date, event.end_date = date(2026, 11, 21), date(2026, 11, 22)
    event.save()
    for seed, (a, b) in ((1, (70, 50)), (2, (40, 60))):
        round_ = round_create(event_id=event.pk, user=organiser, seed=seed)
        for game in round_.games.filter(player_b__isnull=False):
            result_enter(game_id=game.pk, data={"vp_a": a, "vp_b": b}, user=organiser)
    return people


def _letters(sheet_row: dict) -> list:
    return [sheet_row[f"round_{n}_result"] or None for n in (1, 2)]


@pytest.mark.django_db
def test_itc_form_reads_back_with_place_names_and_bonus(anon, event, played):
    response = anon.get(f"/api/events/{event.pk}/itc.csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-itc.csv"'
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert list(rows[0]) == ["Placing", "First Name", "Last Name", "Bonus Points"]
    sheet = list(
        csv.DictReader(
            io.StringIO(anon.get(f"/api/events/{event.pk}/players.csv").content.decode("utf-8-sig"))
        )
    )
    assert [(r["Placing"], r["First Name"], r["Last Name"]) for r in rows] == [
        (s["place"], s["first_name"], s["last_name"]) for s in sheet
    ]
    for row, s in zip(rows, sheet, strict=True):
        letters = [s[f"round_{n}_result"] for n in (1, 2)]
        expected = 0
        for letter in letters:
            if letter not in ("W", "D", "BYE"):
                break
            expected += 3
        assert int(row["Bonus Points"]) == expected
    assert {int(r["Bonus Points"]) for r in rows} <= {0, 3, 6}
    assert ("Zoë", "Ünïcode") in [(r["First Name"], r["Last Name"]) for r in rows]


@pytest.mark.django_db
def test_itc_run_stops_at_an_unconfirmed_game(anon, event, organiser, played):
    round_ = round_create(event_id=event.pk, user=organiser, seed=3)
    game = round_.games.filter(player_b__isnull=False).first()
    before = {
        r["Last Name"]: r["Bonus Points"]
        for r in csv.DictReader(
            io.StringIO(anon.get(f"/api/events/{event.pk}/itc.csv").content.decode("utf-8-sig"))
        )
    }
    key_player = game.player_a
    result_enter(game_id=game.pk, data={"vp_a": 90, "vp_b": 0}, player=key_player)
    after = {
        r["Last Name"]: r["Bonus Points"]
        for r in csv.DictReader(
            io.StringIO(anon.get(f"/api/events/{event.pk}/itc.csv").content.decode("utf-8-sig"))
        )
    }
    assert after == before  # an entry not yet confirmed by the opponent counts for nothing


@pytest.mark.django_db
def test_ntr_text_has_the_facts_then_a_table(anon, event, played):
    response = anon.get(f"/api/events/{event.pk}/ntr.txt")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-ntr.txt"'
    text = response.content.decode("utf-8")
    head, table = text.split("\r\n\r\n")
    facts = dict(line.split(": ", 1) for line in head.split("\r\n"))
    assert facts == {
        "Tournament": "Test GT",
        "Game system": "Warhammer 40,000",
        "Place": "50667 Köln, Germany",
        "Date": "2026-11-21 to 2026-11-22",
        "Players": "5",
    }
    lines = table.rstrip("\r\n").split("\r\n")
    assert lines[0].split("\t") == [
        "Placement", "First name", "Last name", "Nickname", "Origin", "Army"
    ]  # fmt: skip
    rows = [line.split("\t") for line in lines[1:]]
    assert all(len(r) == 6 for r in rows)
    standings = anon.get(f"/api/events/{event.pk}/standings/").json()
    assert [int(r[0]) for r in rows] == [s["rank"] for s in standings]
    assert [f"{r[1]} {r[2]}".strip() for r in rows] == [s["name"] for s in standings]
    zoe = next(r for r in rows if r[2] == "Ünïcode")
    assert zoe[4] == "Köln Krieger"


@pytest.mark.django_db
def test_hidden_event_circuit_files_are_404_for_the_public(anon, event):
    event.hidden = True
    event.save()
    for path in ("itc.csv", "ntr.txt"):
        assert anon.get(f"/api/events/{event.pk}/{path}").status_code == 404

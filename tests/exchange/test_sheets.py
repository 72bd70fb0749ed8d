"""Files for ranking circuits and spreadsheets (issue 25): one row per player, the event's facts,
and the .xlsx workbook, each read back (the workbook with openpyxl)."""

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from exchange.services.sheets import name_split, player_sheet_columns
from tests.conftest import add_players
from tournament.models import Player
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create


def _csv(response) -> list[dict]:
    assert response.status_code == 200
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf")
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.fixture
def finished(event, organiser):
    """5 players, 2 rounds (a bye each round), every result confirmed; one named like a
    formula, one with accents, one dropped after round 2."""
    people = add_players(event, organiser, 5)
    Player.objects.filter(pk=people[0].pk).update(name="=HYPERLINK(1) Evil", faction="Necrons")
    Player.objects.filter(pk=people[1].pk).update(name="Zoë Ünïcode")
    for seed in (1, 2):
        round_ = round_create(event_id=event.pk, user=organiser, seed=seed)
        for game in round_.games.filter(player_b__isnull=False):
            result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    Player.objects.filter(pk=people[2].pk).update(dropped=True, dropped_after_round=2)
    return people


@pytest.mark.django_db
def test_player_sheet_has_a_row_per_player_and_each_round_across(anon, event, finished):
    response = anon.get(f"/api/events/{event.pk}/players.csv")
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-players.csv"'
    rows = _csv(response)
    assert list(rows[0]) == player_sheet_columns(2)
    standings = anon.get(f"/api/events/{event.pk}/standings/").json()
    assert [int(r["player_id"]) for r in rows] == [s["player"] for s in standings]
    assert [int(r["place"]) for r in rows] == [s["rank"] for s in standings]
    by_id = {int(r["player_id"]): r for r in rows}
    zoe = by_id[finished[1].pk]
    assert (zoe["first_name"], zoe["last_name"]) == ("Zoë", "Ünïcode")
    evil = by_id[finished[0].pk]
    assert evil["first_name"] == "'=HYPERLINK(1)"  # never a formula in a spreadsheet
    assert by_id[finished[2].pk]["dropped_after_round"] == "2"
    for row in rows:
        wins = draws = losses = vp = 0
        for n in (1, 2):
            result = row[f"round_{n}_result"]
            assert result in ("W", "D", "L", "BYE")
            vp += int(row[f"round_{n}_vp"])
            if result == "BYE":
                assert row[f"round_{n}_opponent"] == "Bye"
                assert row[f"round_{n}_vp"] == str(event.bye_vp)
                wins += 1
                continue
            opponent = by_id[int(row[f"round_{n}_opponent_id"])]
            # The opponent's row says the opposite for the same round.
            assert opponent[f"round_{n}_opponent_id"] == row["player_id"]
            assert opponent[f"round_{n}_vp"] == row[f"round_{n}_vp_against"]
            mirror = {"W": "L", "L": "W", "D": "D"}[result]
            assert opponent[f"round_{n}_result"] == mirror
            wins += result == "W"
            draws += result == "D"
            losses += result == "L"
        assert (int(row["wins"]), int(row["draws"]), int(row["losses"])) == (wins, draws, losses)
        assert int(row["vp_total"]) == vp


@pytest.mark.django_db
def test_event_facts(anon, event, finished):
    rows = _csv(anon.get(f"/api/events/{event.pk}/event.csv"))
    facts = {r["field"]: r["value"] for r in rows}
    assert facts["name"] == "Test GT"
    assert facts["game_system"] == "Warhammer 40,000"
    assert facts["rounds_played"] == "2"
    assert facts["players"] == "5"
    assert facts["owr_floor"] == "0.33"


@pytest.mark.django_db
def test_workbook_reads_back_with_text_kept_as_text(anon, event, finished):
    response = anon.get(f"/api/events/{event.pk}/event.xlsx")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-event.xlsx"'
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Event", "Standings", "Players", "Results", "Pairings"]
    standings = list(book["Standings"].iter_rows(values_only=True))
    header = standings[0]
    json_rows = anon.get(f"/api/events/{event.pk}/standings/").json()
    assert [r[header.index("player")] for r in standings[1:]] == [r["name"] for r in json_rows]
    for cells in book["Standings"].iter_rows(min_row=2):
        record = cells[header.index("record")]
        assert record.data_type == "s"  # text, not a date
        assert record.value.count("-") == 2
        name = cells[header.index("player")]
        assert name.data_type == "s"  # "=HYPERLINK(1) Evil" stays text
    assert "=HYPERLINK(1) Evil" in [r[header.index("player")] for r in standings[1:]]
    assert "Zoë Ünïcode" in [r[header.index("player")] for r in standings[1:]]
    players = list(book["Players"].iter_rows(values_only=True))
    assert list(players[0]) == player_sheet_columns(2)
    assert len(players) == 6
    pairings = list(book["Pairings"].iter_rows(values_only=True))
    assert len(pairings) == 1 + 2 * 3  # two rounds of two tables and a bye
    assert [r[5] for r in pairings[1:] if r[5] == "Bye"] == ["Bye", "Bye"]
    results = list(book["Results"].iter_rows(values_only=True))
    assert len(results) == 1 + 2 * 5


@pytest.mark.django_db
def test_hidden_event_files_are_404_for_the_public(anon, event):
    event.hidden = True
    event.save()
    for path in ("players.csv", "event.csv", "event.xlsx"):
        assert anon.get(f"/api/events/{event.pk}/{path}").status_code == 404


@given(st.lists(st.text(min_size=1, max_size=8).filter(lambda w: w.split() == [w]), max_size=5))
def test_name_split_gives_the_name_back(words):
    name = " ".join(words)
    first, last = name_split(name)
    assert " ".join(p for p in (first, last) if p) == name
    assert last == (words[-1] if words else "")


@pytest.mark.django_db
def test_csv_quotes_text_and_leaves_numbers_bare(anon, event, finished):
    """LibreOffice's "Format quoted field as text" then keeps records text, never dates."""
    body = anon.get(f"/api/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    header, first = body.splitlines()[:2]
    assert header.startswith('"rank","tied","player"')
    rank, tied = first.split(",")[:2]
    assert rank == "1"
    assert tied in ('"yes"', '"no"')
    records = [line.split(",")[12] for line in body.splitlines()[1:]]
    assert all(r.startswith('"') and r.endswith('"') and r.count("-") == 2 for r in records)

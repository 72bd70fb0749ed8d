"""After the play-offs the champion is first everywhere: the standings page and PDF, the
standings, player, ITC and NTR files, the champion's own page, the faction statistics and the
home page; the Swiss order is kept as its own column. A knockout game decided on equal VP by
the seed rule is a win for the player who went through. Settings still save after the cut."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.playoffs.conftest import swiss_event
from tests.playoffs.test_api import base, play_round, standings
from tests.tournament.printing.helpers import pdf_pages
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(api, organiser):
    """10 players, 3 Swiss rounds, a top 4: the lower seed wins both semi-finals, and the
    final (seed 3 v seed 4) ends on equal VP, so the higher seed (3) goes through."""
    event = swiss_event(organiser, players=10, rounds=3)
    body = {"format": "single", "size": 4, "knockout_tiebreak": "higher_seed"}
    assert api.post(base(event), body, format="json").status_code == 201
    play_round(api, event, pick=lambda m: "b")
    bracket = play_round(api, event, vp=(70, 70))
    assert bracket["complete"]
    rows = standings(api, event)
    seeds = api.get(base(event)).json()
    champion = next(r for r in rows if r["final_place"] == 1)
    assert champion["rank"] == 3, seeds
    return event


def _final(api, event) -> list[dict]:
    """The standings rows in final order (the API keeps the Swiss order and `final_place`)."""
    return sorted(standings(api, event), key=lambda r: r["final_place"])


def _csv(api, url: str) -> list[dict]:
    response = api.get(url)
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_standings_files_put_the_final_places_first(api, finished):
    final = _final(api, finished)
    names = [r["name"] for r in final]
    csv_rows = _csv(api, f"/api/events/{finished.pk}/standings.csv")
    assert [r["player"] for r in csv_rows] == names
    assert [r["final_place"] for r in csv_rows] == [str(i) for i in range(1, 11)]
    # The Swiss order stays, as its own column.
    assert [r["rank"] for r in csv_rows][:4] == [str(r["rank"]) for r in final][:4]

    players = _csv(api, f"/api/events/{finished.pk}/players.csv")
    assert [f"{r['first_name']} {r['last_name']}" for r in players] == names
    assert [r["place"] for r in players] == [str(i) for i in range(1, 11)]
    assert players[0]["swiss_rank"] == "3"

    itc = _csv(api, f"/api/events/{finished.pk}/itc.csv")
    assert [(r["Placing"], f"{r['First Name']} {r['Last Name']}") for r in itc][:2] == [
        ("1", names[0]),
        ("2", names[1]),
    ]
    ntr = api.get(f"/api/events/{finished.pk}/ntr.txt").content.decode()
    table = ntr.split("\r\n\r\n")[1].splitlines()[1:]
    assert [line.split("\t")[0] for line in table] == [str(i) for i in range(1, 11)]
    assert table[0].split("\t")[2] == names[0].split()[-1]


def test_the_standings_page_and_pdf_lead_with_the_final_place(api, finished):
    final = _final(api, finished)
    html = Client().get(f"/events/{finished.pk}/standings/").content.decode()
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    shown = re.findall(r"<strong>([^<]+)</strong>", body)
    assert shown == [r["name"] for r in final]
    head = html.split("<thead>")[1].split("</thead>")[0]
    assert head.index(">#<") < head.index("Swiss")

    text = "\n".join(pdf_pages(print_document(event=finished, kind="standings", round_number=None)))
    assert "Final standings" in text
    lines = text.splitlines()
    assert lines.index(final[0]["name"]) < lines.index(final[1]["name"])
    assert lines.index(final[1]["name"]) < lines.index(final[2]["name"])


def test_the_champion_s_phone_says_first(api, finished):
    champion = finished.players.get(pk=_final(api, finished)[0]["player"])
    page = Client().get(f"/p/{champion.private_key}/").content.decode()
    card = page.split("Your place")[1].split("</section>")[0]
    assert '<p class="standing-line"><strong>1st</strong>' in card
    assert "3rd in the Swiss rounds" in card


def test_faction_statistics_best_placed_is_the_champion(api, finished):
    champion = _final(api, finished)[0]
    html = Client().get(f"/events/{finished.pk}/factions/").content.decode()
    assert f'{champion["name"]} <span class="sub">(1 of 10)' in html


def test_the_home_page_says_finished(api, finished):
    html = Client().get("/").content.decode()
    assert "round 5 of 3" not in html
    assert "finished" in html.split(finished.name)[1][:600]


def test_a_final_decided_by_seed_on_equal_vp_is_a_win(api, finished):
    champion = _final(api, finished)[0]["name"]
    runner_up = _final(api, finished)[1]["name"]
    results = _csv(api, f"/api/events/{finished.pk}/results.csv")
    final = [r for r in results if r["round"] == "5"]
    assert {(r["player"], r["outcome"]) for r in final} == {
        (champion, "win"),
        (runner_up, "loss"),
    }
    players = {
        f"{r['first_name']} {r['last_name']}": r
        for r in _csv(api, f"/api/events/{finished.pk}/players.csv")
    }
    assert players[champion]["round_5_result"] == "W"
    assert players[runner_up]["round_5_result"] == "L"
    book = load_workbook(io.BytesIO(api.get(f"/api/events/{finished.pk}/event.xlsx").content))
    sheet = book["Results"]
    head = [c.value for c in sheet[1]]
    got = {
        (row[head.index("player")], row[head.index("outcome")])
        for row in sheet.iter_rows(min_row=2, values_only=True)
        if row[head.index("round")] == 5
    }
    assert got == {(champion, "win"), (runner_up, "loss")}


def test_settings_save_unchanged_after_the_knockout_rounds(finished, organiser):
    client = Client()
    client.force_login(organiser)
    url = reverse("manage-settings", args=[finished.pk])
    stored = Event.objects.get(pk=finished.pk)
    before = {f.attname: getattr(stored, f.attname) for f in Event._meta.concrete_fields}
    assert before["status"] == "finished"
    logged = AuditEntry.objects.count()
    data = form_data(client.get(url).content.decode(), "Save settings")
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    event = Event.objects.get(pk=finished.pk)
    after = {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields}
    assert after == before
    assert AuditEntry.objects.count() == logged


def test_the_champion_s_person_page_lists_the_knockout_games(api, finished):
    from people.services.people import person_link_player
    from people.services.reads import person_read

    champion = finished.players.get(pk=_final(api, finished)[0]["player"])
    link = person_link_player(player=champion)
    games = person_read(person_id=link.person_id, user=None)["events"][0]["games"]
    assert [g["round"] for g in games] == [1, 2, 3, 4, 5]
    semi, final = games[3], games[4]
    assert (semi["stage"], semi["result"]) == ("Semi-final", "win")
    # The final ended 70-70: the higher seed went through, a win and not a draw.
    assert (final["stage"], final["result"], final["vp"]) == ("Final", "win", 70)
    assert "stage" not in games[0]
    page = Client().get(f"/people/{link.person_id}/").content.decode()
    assert "Final" in page

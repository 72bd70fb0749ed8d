"""The series through the API and the pages: the table as JSON, CSV and PDF; the organiser's
forms round-trip (saved unchanged, nothing changes) and refuse bad input naming the field."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from series.models import Series, SeriesChange
from series.services.series import series_create, series_event_add
from tests.series.helpers import finished_event
from tests.tournament.web.browser_form import form_data

pytestmark = pytest.mark.django_db

ANA = ("Zoë Lima", "ana@x.org")
BEN = ("Ben Ode", "ben@x.org")


@pytest.fixture
def league(organiser):
    spring, _ = finished_event(organiser, "Spring GT", [ANA, BEN])
    autumn, _ = finished_event(organiser, "Autumn GT", [BEN, ANA])
    series = series_create(
        user=organiser,
        fields={"name": "Club League", "placing_points": ["10", "6"], "best_events": 2},
    )
    for event in (spring, autumn):
        series_event_add(user=organiser, series_id=series.pk, event_id=event.pk)
    return series


def test_the_api_gives_the_series_and_its_table(anon, league):
    series = anon.get(f"/api/series/{league.pk}/").json()
    assert series["name"] == "Club League"
    assert series["placing_points"] == ["10", "6"]
    assert series["can_edit"] is False
    assert [e["name"] for e in series["events"]] == ["Spring GT", "Autumn GT"]
    table = anon.get(f"/api/series/{league.pk}/table/").json()
    rows = [(r["rank"], r["tied"], r["name"], r["points"]) for r in table["rows"]]
    # One win each, 10 + 6 each, level on every result: the place is shared and said so.
    assert rows == [(1, True, "Ben Ode", "16"), (1, True, "Zoë Lima", "16")]
    assert table["rows"][0]["note"] == "Shares 1st with Zoë Lima: same points and results."
    assert [s["event_name"] for s in table["rows"][1]["scores"]] == ["Spring GT", "Autumn GT"]
    assert [s["id"] for s in anon.get("/api/series/").json()] == [league.pk]


def test_the_api_makes_and_changes_a_series_and_refuses_bad_fields(api, organiser):
    made = api.post("/api/series/", {"name": "Season", "best_events": 3}, format="json")
    assert made.status_code == 201
    sid = made.json()["id"]
    bad = api.patch(f"/api/series/{sid}/", {"placing_points": ["25", "x"]}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"placing_points": ["invalid"]}
    unknown = api.patch(f"/api/series/{sid}/", {"colour": "red"}, format="json")
    assert unknown.json()["error_codes"] == {"colour": ["unknown_field"]}
    ok = api.patch(
        f"/api/series/{sid}/", {"scoring": "results", "draw_points": "1.5"}, format="json"
    )
    assert ok.json()["rule"] == "3 a win, 1.5 a draw, 0 a loss; best 3 events count."
    event, _ = finished_event(organiser, "Spring GT", [ANA, BEN])
    added = api.post(f"/api/series/{sid}/events/", {"event": event.pk}, format="json")
    assert added.status_code == 201
    again = api.post(f"/api/series/{sid}/events/", {"event": event.pk}, format="json")
    assert again.status_code == 409
    assert api.delete(f"/api/series/{sid}/events/{event.pk}/").status_code == 204
    assert Series.objects.get(pk=sid).entries.count() == 0


def test_the_page_csv_and_pdf(league):
    client = Client()
    page = client.get(f"/series/{league.pk}/")
    assert page.status_code == 200
    assert "Shares 1st with Zoë Lima" in page.content.decode()
    response = client.get(f"/series/{league.pk}/table.csv")
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][:5] == ["Rank", "Tied", "Person", "Name", "Points"]
    assert rows[0][7:] == ["Spring GT", "Autumn GT", "Note"]
    assert [r[3] for r in rows[1:]] == ["Ben Ode", "Zoë Lima"]
    assert rows[2][7:9] == ["10", "6"]
    pdf = client.get(f"/series/{league.pk}/table.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_the_organisers_form_round_trips_and_adds_events(organiser, league):
    client = Client()
    client.force_login(organiser)
    url = f"/manage/series/{league.pk}/"
    page = client.get(url).content.decode()
    logged = SeriesChange.objects.count()
    response = client.post(url, form_data(page, "Save"))
    assert response.status_code == 302
    assert SeriesChange.objects.count() == logged  # saved unchanged: nothing changed
    data = form_data(page, "Save") | {"placing_points": "10, 6, x"}
    refused = client.post(url, data)
    assert refused.status_code == 400
    assert "Place 3: Must be a number of points" in refused.content.decode()
    data = form_data(page, "Save") | {"best_events": "1"}
    client.post(url, data)
    assert Series.objects.get(pk=league.pk).best_events == 1
    winter, _ = finished_event(organiser, "Winter GT", [ANA, BEN])
    page = client.get(url).content.decode()
    add = form_data(page, "Add the event")
    assert add["event"] == str(winter.pk)
    assert client.post(url + "events/", add).status_code == 302
    page = client.get(url).content.decode()
    remove = form_data(page, "Take out Winter GT")
    assert client.post(url + "events/remove/", remove).status_code == 302
    assert [e.event.name for e in league.entries.all()] == ["Spring GT", "Autumn GT"]


def test_others_may_read_but_not_change_a_series(other_organiser, league):
    client = Client()
    client.force_login(other_organiser)
    assert client.get(f"/series/{league.pk}/").status_code == 200
    assert client.get(f"/manage/series/{league.pk}/").status_code == 403
    assert client.post(f"/manage/series/{league.pk}/", {"name": "Mine"}).status_code == 403
    assert Series.objects.get(pk=league.pk).name == "Club League"


def test_making_a_series_through_the_page(organiser):
    client = Client()
    client.force_login(organiser)
    page = client.get("/manage/series/new/").content.decode()
    data = form_data(page, "Make the series") | {"name": "Winter League"}
    response = client.post("/manage/series/new/", data)
    series = Series.objects.get(name="Winter League")
    assert response["Location"] == f"/manage/series/{series.pk}/"
    assert series.placing_points == ["25", "18", "15", "12", "10", "8", "6", "4", "2", "1"]

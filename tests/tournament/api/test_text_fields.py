"""Every text field goes through the one text check (tournament/engine/names.py `text_clean`),
as player names do: a text-direction override, a control character (NUL included, which
PostgreSQL cannot store) or text of invisible characters only is a 400 naming the field, and
nothing changes; ordinary text (accents, line breaks where the field has lines) is kept."""

from __future__ import annotations

import pytest

from tests.conftest import add_players
from tournament.engine.errors import EngineError
from tournament.engine.names import text_clean
from tournament.models import Announcement, Event, Player

pytestmark = pytest.mark.django_db

RLO = "Open\u202eneprO"
INVISIBLE = "\u200b\u2060"
NUL = "Lea\x00gue"
BELL = "Cup\x07"


@pytest.mark.parametrize(
    ("value", "code"),
    [(RLO, "bad_character"), (INVISIBLE, "blank"), (NUL, "bad_character"), (BELL, "bad_character")],
)
def test_the_text_check_refuses_what_the_name_check_refuses(value, code):
    with pytest.raises(EngineError) as refused:
        text_clean(value, field="venue")
    assert (refused.value.code, refused.value.field) == (code, "venue")


def test_the_text_check_keeps_text_as_written():
    assert text_clean("  Łódź   Hall ", field="venue") == "Łódź Hall"
    assert text_clean("", field="venue") == ""
    listed = "Orks\r\n\n  Boyz\t10\r\n"
    assert text_clean(listed, field="army_list", multiline=True) == "Orks\n\n  Boyz\t10"
    with pytest.raises(EngineError):
        text_clean("Orks\n\x0bBoyz", field="army_list", multiline=True)


BAD = [RLO, INVISIBLE, NUL]


@pytest.mark.parametrize("value", BAD)
def test_event_names_and_venues(api, event, value):
    response = api.post("/api/events/", {"name": value, "rounds": 3}, format="json")
    assert response.status_code == 400, response.content
    assert list(response.json()["error_codes"]) == ["name"]
    for field in ("name", "venue"):
        response = api.patch(f"/api/events/{event.pk}/", {field: value}, format="json")
        assert response.status_code == 400, response.content
        assert list(response.json()["error_codes"]) == [field]
    assert Event.objects.count() == 1
    assert Event.objects.get(pk=event.pk).name == "Test GT"


@pytest.mark.parametrize("value", BAD)
def test_series(api, value):
    response = api.post("/api/series/", {"name": value}, format="json")
    assert response.status_code == 400, response.content
    assert list(response.json()["error_codes"]) == ["name"]
    made = api.post("/api/series/", {"name": "League"}, format="json")
    assert made.status_code == 201, made.content
    url = f"/api/series/{made.json()['id']}/"
    for field in ("name", "description"):
        response = api.patch(url, {field: value}, format="json")
        assert response.status_code == 400, response.content
        assert list(response.json()["error_codes"]) == [field]
    assert api.get(url).json()["name"] == "League"


@pytest.mark.parametrize("value", BAD)
def test_announcements(api, event, value):
    url = f"/api/events/{event.pk}/announcements/"
    response = api.post(url, {"text": value}, format="json")
    assert response.status_code == 400, response.content
    assert list(response.json()["error_codes"]) == ["text"]
    assert not Announcement.objects.exists()


@pytest.mark.parametrize("value", [RLO, INVISIBLE])
def test_factions_and_clubs(api, event, organiser, value):
    url = f"/api/events/{event.pk}/players/"
    for field in ("faction", "club"):
        response = api.post(url, {"name": "Ann", field: value}, format="json")
        assert response.status_code == 400, response.content
        assert list(response.json()["error_codes"]) == [field]
    assert not Player.objects.filter(event=event).exists()


@pytest.mark.parametrize("value", [RLO, INVISIBLE])
def test_army_lists_and_review_comments(api, event, organiser, value):
    player = add_players(event, organiser, 1)[0]
    url = f"/api/events/{event.pk}/players/{player.pk}/list/"
    response = api.put(url, {"army_list": f"Orks\n{value}"}, format="json")
    if value == INVISIBLE:  # a list of lines with one invisible line is still a list
        response = api.put(url, {"army_list": value}, format="json")
    assert response.status_code == 400, response.content
    assert list(response.json()["error_codes"]) == ["army_list"]
    assert api.put(url, {"army_list": "Orks\nBoyz"}, format="json").status_code == 200
    review = {"status": "needs_fix", "comment": value}
    response = api.post(url + "review/", review, format="json")
    assert response.status_code == 400, response.content
    assert list(response.json()["error_codes"]) == ["comment"]


@pytest.mark.parametrize(("section", "field"), [("event", "venue"), ("players", "faction")])
def test_an_event_document_is_checked_as_the_forms_are(api, event, organiser, section, field):
    from exchange.services.export import checksum, event_export_document

    add_players(event, organiser, 2)
    document = event_export_document(event=event)
    target = document["event"] if section == "event" else document["players"][1]
    target[field] = RLO
    document["sha256"] = checksum(document)
    before = Event.objects.count()
    response = api.post("/api/events/import/", document, format="json")
    assert response.status_code == 400, response.content
    where = "event.venue" if section == "event" else "players[1].faction"
    assert response.json()["file"][0].startswith(f"{where}: Must not hold a text-direction")
    assert Event.objects.count() == before

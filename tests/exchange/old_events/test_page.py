"""The page that brings in an event played elsewhere, used as a browser uses it: reached from the
import page, a good file makes the event, a bad one is refused naming its place, and posting the
form as rendered (no file chosen) changes nothing."""

from __future__ import annotations

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.exchange.old_events.conftest import FILES
from tests.tournament.web.browser_form import form_data
from tournament.models import Event, Player, Result

pytestmark = pytest.mark.django_db
BUTTON = "Bring in the event"


def _page(org_client) -> dict:
    return form_data(org_client.get(reverse("manage-old-event-import")).content.decode(), BUTTON)


def _counts() -> tuple[int, int, int]:
    return Event.objects.count(), Player.objects.count(), Result.objects.count()


def test_the_import_page_leads_to_it(org_client):
    page = org_client.get(reverse("manage-event-import")).content.decode()
    assert f'href="{reverse("manage-old-event-import")}"' in page


def test_the_csv_columns_are_named_as_the_file_names_them_in_every_language(org_client):
    # The reader's language changes the prose, never the column names a file must use.
    page = org_client.get(
        reverse("manage-old-event-import"), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert '<html lang="fr">' in page
    for column in ("round", "table", "player_a", "vp_b", "club_a", "outcome", "ended"):
        assert f"<code>{column}</code>" in page


def test_posting_the_form_as_rendered_changes_nothing(org_client):
    data = _page(org_client)
    assert data["source"] == "bcp"
    assert data["mission_pack"] == "leviathan"
    before = _counts()
    response = org_client.post(reverse("manage-old-event-import"), data)
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert _counts() == before


def test_a_csv_of_rounds_makes_the_event(org_client):
    data = {
        **_page(org_client),
        "source": "rounds_csv",
        "name": "Harbour Cup",
        "date": "2019-06-15",
    }
    raw = (FILES / "harbour_cup.csv").read_bytes()
    # Saved by a spreadsheet as "CSV UTF-8": with a byte order mark.
    data["file"] = SimpleUploadedFile("rounds.csv", b"\xef\xbb\xbf" + raw, "text/csv")
    response = org_client.post(reverse("manage-old-event-import"), data)
    event = Event.objects.get(name="Harbour Cup")
    assert response.status_code == 302
    assert response["Location"] == reverse("manage-event", args=[event.pk])
    assert Result.objects.filter(game__round__event=event, status="confirmed").count() == 9
    assert event.hidden


def test_a_bcp_file_makes_the_event_under_its_own_name(org_client):
    data = {**_page(org_client), "source": "bcp"}
    raw = (FILES / "harbour_cup.bcp.json").read_bytes()
    data["file"] = SimpleUploadedFile("event.json", raw, "application/json")
    response = org_client.post(reverse("manage-old-event-import"), data)
    assert response.status_code == 302
    assert Event.objects.filter(name="Harbour Cup 2019").exists()


@pytest.mark.parametrize(
    ("source", "raw", "message"),
    [
        (
            "rounds_csv",
            b"round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b\n"
            b"1,1,Ada Quill,Orks,72,Bram Toller,Necrons,forty\n",
            "row 2, vp_b: must be a whole number",
        ),
        ("rounds_csv", "round;table\n".encode("utf-16"), "not UTF-8 text"),
        (
            "rounds_csv",
            "round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b\n"
            "1,1,Zoë,Orks,72,Bram,Necrons,40\n".encode("cp1252"),
            "Line 2: not UTF-8 text",
        ),
        ("bcp", b'{"pairings": [{"round": 1}', "Not a JSON file"),
        ("bcp", b'{"pairings": [{"round": 1, "table": 1}]}', "pairings[0].player1: must be"),
    ],
)
def test_a_bad_file_is_refused_naming_its_place(org_client, source, raw, message):
    data = {**_page(org_client), "source": source, "name": "Old GT"}
    data["file"] = SimpleUploadedFile("upload", raw)
    before = _counts()
    response = org_client.post(reverse("manage-old-event-import"), data)
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert _counts() == before


def test_only_organisers_reach_it(client):
    from django.contrib.auth import get_user_model

    url = reverse("manage-old-event-import")
    assert client.get(url).status_code == 302  # to sign in
    client.force_login(get_user_model().objects.create_user("p", password="pw"))
    assert client.get(url).status_code == 403

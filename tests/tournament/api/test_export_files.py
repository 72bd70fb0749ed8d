"""The files people download: the CSV guards only what a spreadsheet would run, the workbook has
column widths and takes any stored name, and file names keep their letters ("Łódź")."""

from __future__ import annotations

import csv
import io
from urllib.parse import quote

import openpyxl
import pytest

from tests.conftest import add_players
from tournament.models import Event, Player
from tournament.services.documents.exports import csv_text_cell
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        # Names: a sign then words calls nothing (no brackets, no pipe): kept as written.
        ("-Ann Minus", "-Ann Minus"),
        ("+Bo Plus", "+Bo Plus"),
        ("@Cy", "@Cy"),
        ("Ann-Marie", "Ann-Marie"),
        ("Zoë -", "Zoë -"),
        # What a spreadsheet runs or computes: guarded.
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("=1", "'=1"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("-1", "'-1"),
        ("+A1", "'+A1"),
        ("-", "'-"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
    ],
)
def test_the_csv_guards_only_what_a_spreadsheet_runs(value, shown):
    assert csv_text_cell(value) == shown


def _event_with(organiser, name: str, player: str) -> Event:
    event = event_create(user=organiser, name="Placeholder", rounds=3, seed=1)
    Event.objects.filter(pk=event.pk).update(name=name)  # as stored before names were checked
    first = add_players(event, organiser, 2)[0]
    Player.objects.filter(pk=first.pk).update(name=player)
    return Event.objects.get(pk=event.pk)


def test_a_name_starting_with_a_minus_reads_back_as_written(anon, organiser):
    event = _event_with(organiser, "Minus Open", "-Ann Minus")
    body = anon.get(f"/api/events/{event.pk}/standings.csv").content.decode("utf-8-sig")
    names = [r["player"] for r in csv.DictReader(io.StringIO(body))]
    assert "-Ann Minus" in names
    assert "'-Ann Minus" not in names


def test_the_workbook_takes_a_control_character_and_sets_column_widths(anon, organiser):
    # Event names held control characters before the text check refused them: the public
    # workbook answered 500 (openpyxl refuses them in a cell).
    event = _event_with(organiser, "Bell\x07 Open", "Dee\x1bEsc")
    response = anon.get(f"/api/events/{event.pk}/event.xlsx")
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    facts = {row[0].value: row[1].value for row in book["Event"].iter_rows()}
    assert "Bell Open" in facts.values()
    cells = {c.value for row in book["Standings"].iter_rows() for c in row}
    assert "DeeEsc" in cells
    for sheet in book.worksheets:
        widths = {k: d.width for k, d in sheet.column_dimensions.items() if d.width}
        assert widths, sheet.title
        header = [c.value for c in sheet[1]]
        for n, title in enumerate(header):
            letter = openpyxl.utils.get_column_letter(n + 1)
            assert widths[letter] >= len(str(title)), (sheet.title, title)


@pytest.mark.parametrize(
    ("path", "suffix"),
    [
        ("standings.csv", "standings.csv"),
        ("players.csv", "players.csv"),
        ("event.xlsx", "event.xlsx"),
        ("ntr.txt", "ntr.txt"),
    ],
)
def test_file_names_keep_their_letters(anon, organiser, path, suffix):
    event = _event_with(organiser, "Łódź Open", "Ann")
    response = anon.get(f"/api/events/{event.pk}/{path}")
    assert response.status_code == 200
    want = quote(f"łódź-open-{suffix}")
    assert response["Content-Disposition"] == f"attachment; filename*=utf-8''{want}"


def test_the_event_document_keeps_its_letters(api, organiser):
    event = _event_with(organiser, "Łódź Open", "Ann")
    response = api.get(f"/api/events/{event.pk}/export/")
    assert response.status_code == 200
    want = quote("łódź-open.strategium.json")
    assert response["Content-Disposition"] == f"attachment; filename*=utf-8''{want}"


def test_an_ascii_name_keeps_the_plain_header(anon, organiser):
    event = _event_with(organiser, "Test GT", "Ann")
    response = anon.get(f"/api/events/{event.pk}/standings.csv")
    assert response["Content-Disposition"] == 'attachment; filename="test-gt-standings.csv"'


def test_the_standings_page_points_to_the_workbook_when_a_name_starts_with_a_sign(
    client, organiser
):
    from django.urls import reverse

    from tournament.services.rounds.rounds import round_create

    for name, player, noted in (("Minus Open", "-Ann Minus", True), ("Plain", "Ann", False)):
        event = _event_with(organiser, name, player)
        round_create(event_id=event.pk, user=organiser, seed=1)
        html = client.get(reverse("event-standings", args=[event.pk])).content.decode()
        assert ("the workbook keeps them exact" in html) is noted

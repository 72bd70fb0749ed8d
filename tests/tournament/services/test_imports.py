"""CSV import refuses malformed files with the line number and changes nothing."""

import pytest

from common.errors import Invalid
from tournament.models import Player
from tournament.services.players.imports import import_players, import_preview


def _refusal(event, organiser, raw) -> Invalid:
    with pytest.raises(Invalid) as caught:
        import_players(event=event, user=organiser, raw=raw)
    assert not Player.objects.filter(event=event).exists()
    return caught.value


def test_unbalanced_quote_is_refused_not_merged(event, organiser):
    error = _refusal(event, organiser, 'name,faction\nKim,"Orks\nLeo,Tau\nAda,Eldar\n')
    assert error.codes == {"file": ["unclosed_quote"]}
    assert "Line 2" in str(error)


def test_unclosed_quote_at_the_end_is_refused(event, organiser):
    error = _refusal(event, organiser, 'name,faction\nKim,Orks\nLeo,"Tau\n')
    assert error.codes == {"file": ["unclosed_quote"]}
    assert "Line 3" in str(error)


def test_multiline_army_list_is_still_fine(event, organiser):
    raw = 'name,faction,army_list\nKim,Orks,"Warboss\n3 Boyz"\nLeo,Tau,\n'
    added = import_players(event=event, user=organiser, raw=raw)
    assert [p.name for p in added] == ["Kim", "Leo"]
    assert added[0].army_list == "Warboss\n3 Boyz"
    rows = import_preview(event=event, raw=raw.replace("Kim", "Ana").replace("Leo", "Bo"))
    assert [r.line for r in rows] == [2, 4]


def test_huge_field_is_a_clear_error(event, organiser):
    error = _refusal(event, organiser, "name,faction\nKim," + "x" * 131_073 + "\n")
    assert error.codes == {"file": ["malformed"]}
    assert "Line 2" in str(error)


def test_nul_byte_is_refused_at_preview_and_confirm(event, organiser):
    raw = "name,faction\nKim,Orks\nLe\x00o,Tau\n"
    with pytest.raises(Invalid) as caught:
        import_preview(event=event, raw=raw)
    assert caught.value.codes == {"file": ["control_character"]}
    assert "Line 3" in str(caught.value)
    _refusal(event, organiser, raw.encode())


def test_import_page_shows_the_line_and_creates_nobody(client, organiser, event):
    client.force_login(organiser)
    raw = 'name,faction\nKim,"Orks\nLeo,Tau\n'
    page = client.post(f"/manage/events/{event.pk}/players/import/", {"text": raw, "confirm": "1"})
    assert page.status_code == 200
    assert "Line 2: a quote" in page.content.decode().replace("&quot;", '"')
    assert not Player.objects.filter(event=event).exists()

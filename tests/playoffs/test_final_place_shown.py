"""The final places the finished play-offs give, read back from the standings web page and
the standings PDF: once every place is known they lead (rows in final order), and the Swiss
rank is a column of its own."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.playoffs.conftest import swiss_event
from tests.playoffs.test_api import base, play_out, standings
from tests.tournament.printing.helpers import pdf_pages
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db


def _web_cells(event) -> tuple[str, dict[str, list[str]]]:
    html = Client().get(f"/events/{event.pk}/standings/").content.decode()
    head = html.split("<thead>")[1].split("</thead>")[0]
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = {}
    for tr in body.split("</tr>")[:-1]:
        cells = [
            " ".join(re.sub(r"<[^>]+>", " ", "<td" + td).split()) for td in tr.split("<td")[1:]
        ]
        rows[re.search(r"<strong>([^<]+)</strong>", tr).group(1)] = cells
    return head, rows


def _pdf(event) -> str:
    return "\n".join(pdf_pages(print_document(event=event, kind="standings", round_number=None)))


def test_final_places_on_the_standings_page_and_pdf(api, organiser):
    event = swiss_event(organiser, players=6, rounds=2)
    # No finished play-offs: no column.
    assert "SWISS" not in _pdf(event)
    plain = swiss_event(organiser, players=4, rounds=1)
    assert "Swiss" not in _web_cells(plain)[0]
    assert api.post(base(event), {"format": "single", "size": 4}, format="json").status_code == 201
    # The lower seed wins every game: the final places differ from the Swiss ranks.
    play_out(api, event, pick=lambda m: "b")
    rows = standings(api, event)
    final = {r["name"]: r["final_place"] for r in rows}
    rank = {r["name"]: r["rank"] for r in rows}
    assert any(final[n] != rank[n] for n in final)

    head, cells = _web_cells(event)
    assert "Swiss" in head
    assert list(cells) == sorted(final, key=final.get)
    for name, place in final.items():
        assert cells[name][:2] == [str(place), str(rank[name])], name

    # The PDF's text has a cell a line: final place, Swiss rank, then the name.
    lines = _pdf(event).splitlines()
    assert lines[lines.index("#") : lines.index("#") + 3] == ["#", "SWISS", "PLAYER"]
    for name, place in final.items():
        at = lines.index(name)
        assert lines[at - 2 : at] == [str(place), str(rank[name])], name

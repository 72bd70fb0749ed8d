"""The web standings, the standings PDF and the API show the same values, and one record notation.

Values come from the engine's metric registry: a SOS of 1 reads "1" (not "100.0"), OWR a
percentage with one decimal, VP difference signed; a round's PDF is as of that round.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tournament.services.documents.printing import print_document
from tournament.services.events.events import event_update
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def _play(round_, user, scores: dict[tuple[int, int], tuple[int, int]]):
    for game in round_.games.filter(player_b__isnull=False):
        vp_a, vp_b = scores[game.player_a_id, game.player_b_id]
        result_enter(game_id=game.pk, data={"vp_a": vp_a, "vp_b": vp_b}, user=user)


@pytest.fixture
def two_rounds(event, organiser):
    """Round 1: A draws B, C beats D 70-30. Round 2 (paired by hand): C beats A, B draws D."""
    event = event_update(
        event=event, user=organiser, changes={"tiebreaks": ["owr", "sos", "vp_diff"]}
    )
    a, b, c, d = add_players(event, organiser, 4)
    first = pair_in_order(event, organiser, [a, b, c, d])
    _play(first, organiser, {(a.pk, b.pk): (50, 50), (c.pk, d.pk): (70, 30)})
    second = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": c.pk, "player_b": a.pk}, {"player_a": b.pk, "player_b": d.pk}],
        mission_code="C",
    )
    return event, (a, b, c, d), second


def _pdf_text(event, round_number):
    return "\n".join(
        pdf_pages(print_document(event=event, kind="standings", round_number=round_number))
    )


def _web_rows(client, event) -> dict[str, list[str]]:
    html = client.get(reverse("event-standings", args=[event.pk])).content.decode()
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = {}
    for tr in body.split("</tr>")[:-1]:
        cells = [re.sub(r"<[^>]+>", " ", "<td" + td).split() for td in tr.split("<td")[1:]]
        name = " ".join(cells[1][:2])  # "Player 001" (faction follows)
        rows[name] = [" ".join(c) for c in cells[2:]]
    return rows


def test_a_draw_reads_the_same_in_a_pairing_flag_the_web_and_the_pdf(client, two_rounds):
    event, (a, _, c, _), second = two_rounds
    game = second.games.get(player_a=c)
    texts = [f["text"] for f in game.flags]
    assert any("floated from 1-0-0 to meet 0-1-0" in t for t in texts), texts
    web = _web_rows(client, event)
    assert web[a.name][0] == "0-1-0"
    assert re.search(rf"{a.name}.*?0-1-0", _pdf_text(event, 1), re.S)


def test_web_pdf_and_api_agree(client, anon, organiser, two_rounds):
    event, players, second = two_rounds
    a, b, c, d = players
    _play(second, organiser, {(c.pk, a.pk): (60, 40), (b.pk, d.pk): (40, 40)})
    api_rows = anon.get(f"/api/events/{event.pk}/standings/").json()
    web = _web_rows(client, event)
    pdf = _pdf_text(event, 2)
    for row in api_rows:
        shown = [row["display"]["record"], *(row["display"][m] for m in ("owr", "sos", "vp_diff"))]
        assert web[row["name"]] == shown
        # pypdf writes each cell on its own line: name, faction, record, then the metrics.
        cells = pdf[pdf.index(row["name"]) :].split("\n")[2:6]
        assert cells == shown
    by_name = {r["name"]: r for r in api_rows}
    # D met C (2 match points) and B (two draws, 1): SOS 3, a whole number in JSON and text.
    assert by_name[d.name]["sos"] == 3
    assert isinstance(by_name[d.name]["sos"], int)
    assert by_name[d.name]["display"]["sos"] == "3"
    # C: opponents D (win rate 1/4) and A (1/4): OWR 25.0%, JSON 0.25; VP diff +60.
    assert by_name[c.name]["owr"] == 0.25
    assert by_name[c.name]["display"]["owr"] == "25.0%"
    assert by_name[c.name]["display"]["vp_diff"] == "+60"
    assert by_name[c.name]["vp_diff"] == 60


def test_round_one_pdf_is_as_of_round_one_and_says_so(anon, organiser, two_rounds):
    event, (a, b, c, d), second = two_rounds
    _play(second, organiser, {(c.pk, a.pk): (60, 40), (b.pk, d.pk): (40, 40)})
    text = _pdf_text(event, 1)
    assert "Standings after round 1" in text
    assert "current" not in text
    rows = anon.get(f"/api/events/{event.pk}/standings/?round=1").json()
    by_name = {r["name"]: r for r in rows}
    # As of round 1 D met only C (1 win): a SOS of 1 prints "1", never "100.0".
    assert by_name[d.name]["display"]["sos"] == "1"
    assert not re.search(r"100\.0(?!%)", text)
    for row in rows:
        cells = text[text.index(row["name"]) :].split("\n")[2:6]
        assert cells == [row["display"][k] for k in ("record", "owr", "sos", "vp_diff")]
    assert by_name[c.name]["display"]["record"] == "1-0-0"  # not C's current 2-0-0

"""The documents, read back with pypdf: names, pages, the mission, the map, the numbering."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader, PdfWriter

from tests.tournament.printing.helpers import pdf_pages, played_event
from tournament.printing.render import Part, plan_parts, render_round
from tournament.services.documents.printing import print_document, print_round_data
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

PRIMARY = "The Ritual"  # pool mission C


@pytest.fixture
def paired(event, organiser):
    players, round_ = played_event(event, organiser, 9)
    return event, players, round_


def form_streams(data: bytes) -> list[bytes]:
    """Contents of every form XObject on the first page (the map lives in one)."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    xobjects = page["/Resources"]["/XObject"]
    return [xobjects[name].get_object().get_data() for name in xobjects]


def test_pairings_by_table_name_everyone_and_the_mission(paired):
    event, players, round_ = paired
    pages = pdf_pages(print_document(event=event, kind="pairings", round_number=round_.number))
    text = "\n".join(pages)
    assert all(p.name in text for p in players)
    assert PRIMARY in text
    assert "BYE" in text
    assert "1-0-0" in text  # round 1 winners bring their record
    assert re.search(r"Page 1 of\s*1", pages[-1])


def test_pairings_alphabetical_lists_each_player_once_in_order(paired):
    event, players, round_ = paired
    text = "\n".join(
        pdf_pages(print_document(event=event, kind="pairings-alpha", round_number=round_.number))
    )
    positions = [text.index(p.name) for p in sorted(players, key=lambda p: p.name)]
    assert positions == sorted(positions)


def test_one_scoresheet_per_game_naming_both_players_and_the_primary(paired):
    event, _, round_ = paired
    data = print_document(event=event, kind="scoresheets", round_number=round_.number)
    pages = pdf_pages(data)
    games = list(round_.games.filter(player_b__isnull=False).order_by("table_number"))
    assert len(pages) == len(games) == 4
    for i, (page, game) in enumerate(zip(pages, games, strict=True), start=1):
        assert game.player_a.name in page
        assert game.player_b.name in page
        assert PRIMARY in page
        assert "total max 100" in page
        assert re.search(rf"Page {i} of\s*4", page)


def test_scoresheet_carries_the_map_drawing(paired):
    event, _, round_ = paired
    data = print_document(event=event, kind="scoresheets", round_number=round_.number)
    streams = b"\n".join(form_streams(data))
    assert b"(No Man's Land) Tj" in streams or b"(No Man\\'s Land) Tj" in streams
    assert b"(Defender) Tj" in streams
    # Zones, grid and the 3" ranges are paths: hundreds of drawing operators.
    assert len(re.findall(rb"\s(?:l|c|re)\s", streams)) > 200


def test_table_pack_is_two_pages_per_table_with_the_cards(paired):
    event, _, round_ = paired
    data = print_document(event=event, kind="table-packs", round_number=round_.number)
    pages = pdf_pages(data)
    assert len(pages) == 8
    assert PRIMARY in pages[0]
    assert "Assassination" in pages[1]
    assert "Proceed as Planned" in pages[1]
    assert re.search(r"Page 8 of\s*8", pages[-1])


def test_standings_name_every_player_with_the_tiebreaks(paired):
    event, players, _ = paired
    text = "\n".join(pdf_pages(print_document(event=event, kind="standings", round_number=1)))
    assert all(p.name in text for p in players)
    assert "OWR" in text  # the registry's heading
    assert "opponents' win rate" in text


def test_letter_paper_follows_the_event(paired, organiser):
    event, _, round_ = paired
    event = event_update(event=event, user=organiser, changes={"paper_size": "letter"})
    data = print_document(event=event, kind="scoresheets", round_number=round_.number)
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(box.width), round(box.height)) == (612, 792)


def test_parts_keep_the_whole_documents_numbering(paired):
    event, _, round_ = paired
    data = print_round_data(event=event, round_number=round_.number)
    parts = plan_parts("scoresheets", len(data.games), chunk=3)
    assert parts == [Part("scoresheets", 0, 3), Part("scoresheets", 3, 4)]
    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(render_round("scoresheets", data, part)))
    out = io.BytesIO()
    writer.write(out)
    pages = pdf_pages(out.getvalue())
    assert [bool(re.search(rf"Page {i} of\s*4", p)) for i, p in enumerate(pages, 1)] == [True] * 4


def test_round_data_takes_the_same_few_queries_for_any_size(
    event, organiser, django_assert_max_num_queries
):
    _, round_ = played_event(event, organiser, 31)
    # One of them since issue 35: whether the event has game clocks (the "Time used" line).
    with django_assert_max_num_queries(7):
        data = print_round_data(event=event, round_number=round_.number)
    assert len(data.games) == 15
    first = round_.games.get(table_number=1).player_a
    assert data.games[0].a.name == first.name
    # The sheets carry the round's public pairings, never a player's private page.
    assert data.public_link.endswith(f"/events/{event.pk}/pairings/?round={round_.number}")


def test_round_without_a_mission_still_prints(event, organiser):
    from tests.conftest import add_players
    from tests.tournament.printing.helpers import pair_in_order

    players = add_players(event, organiser, 4)
    round_ = pair_in_order(event, organiser, players, mission_code=None)
    round_.mission_code = ""
    round_.save()
    pages = pdf_pages(print_document(event=event, kind="scoresheets", round_number=1))
    assert len(pages) == 2
    assert "Mission to be announced" in pages[0]


def test_names_beyond_western_european_letters_print(event, organiser):
    from tournament.printing.kit.fonts import UNICODE
    from tournament.services.players.players import player_register

    if not UNICODE:
        pytest.skip("DejaVu Sans is not installed (fonts-dejavu-core); Helvetica is used")
    names = ["Łukasz Dvořák", "Øyvind Śliwa"]
    players = [player_register(event=event, user=organiser, name=n, faction="Orks") for n in names]
    from tests.tournament.printing.helpers import pair_in_order

    pair_in_order(event, organiser, players)
    text = "\n".join(pdf_pages(print_document(event=event, kind="pairings", round_number=1)))
    for name in names:
        assert name in text


def test_a_reprint_of_the_pairings_shows_the_extra_time_given_to_a_table(paired, organiser):
    from tournament.models import Game
    from tournament.services.rounds.extensions import game_extend

    event, _, round_ = paired
    game = round_.games.filter(player_b__isnull=False).order_by("table_number").last()
    others = round_.games.exclude(pk=game.pk).filter(player_b__isnull=False)
    game_extend(game_id=game.pk, minutes=10, reason="Judge call", user=organiser)
    for kind, times in (("pairings", 1), ("pairings-alpha", 2)):
        text = "\n".join(
            pdf_pages(print_document(event=event, kind=kind, round_number=round_.number))
        )
        # Under the table's players (both of them on the noticeboard list), and nowhere else.
        assert text.count("Extra time: +10 min") == times, kind
        assert Game.objects.get(pk=game.pk).extra_minutes == 10
        assert not any(g.extra_minutes for g in others)

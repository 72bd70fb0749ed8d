"""What the standings say they count: the last complete round, the round in play, and the
results still awaiting confirmation (public page, overview, PDF), and the organiser's
provisional view."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import add_players
from tests.tournament.printing.helpers import pdf_pages
from tournament.services.documents.printing import print_document
from tournament.services.results.progress import standings_status
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db

THIRD_ROUND_HEADING = (
    "After round 2 · Round 3 in play: 0 of 12 results confirmed (byes already count)"
)


def _play(round_, organiser):
    for game in round_.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)


@pytest.fixture
def third_round(event, organiser):
    """25 players: rounds 1 and 2 played, round 3 paired (12 games and a bye), no result in."""
    add_players(event, organiser, 25)
    for number in (1, 2):
        _play(round_create(event_id=event.pk, user=organiser, seed=number), organiser)
    return round_create(event_id=event.pk, user=organiser, seed=3)


def test_status_of_a_round_just_paired(event, third_round):
    status = standings_status(event=event)
    assert status.last_complete == 2
    assert status.in_play.number == 3
    assert (status.in_play.confirmed, status.in_play.games, status.in_play.byes) == (0, 12, 1)
    assert status.missing == 12
    assert status.heading == THIRD_ROUND_HEADING


def test_public_pages_name_the_last_complete_round(client, event, third_round):
    for name in ("event-standings", "event"):
        html = client.get(reverse(name, args=[event.pk])).content.decode()
        assert THIRD_ROUND_HEADING in html
        assert "after round 3" not in html.lower()


def test_pdf_subtitle_names_the_last_complete_round(event, third_round):
    text = "\n".join(pdf_pages(print_document(event=event, kind="standings")))
    assert "After round 2" in text
    assert "Round 3 in play: 0 of 12 results confirmed" in text
    assert "after round 3" not in text.lower()


def test_heading_counts_confirmed_results_of_the_round_in_play(event, organiser, third_round):
    games = list(third_round.games.filter(player_b__isnull=False).order_by("table_number"))
    result_enter(game_id=games[0].pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    result_enter(game_id=games[1].pk, data={"vp_a": 60, "vp_b": 40}, player=games[1].player_a)
    status = standings_status(event=event)
    assert "Round 3 in play: 1 of 12 results confirmed" in status.heading
    assert status.waiting == "1 result awaiting confirmation not counted yet."
    _play(third_round, organiser)
    assert standings_status(event=event).heading == "After round 3"


@pytest.fixture
def pending(event, players, organiser):
    pairs = [{"player_a": players[i].pk, "player_b": players[i + 1].pk} for i in (0, 2, 4, 6)]
    round_ = round_create(event_id=event.pk, user=organiser, pairings=pairs)
    game = round_.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 80, "vp_b": 20}, player=game.player_a)
    return game


def _record(html: str, name: str) -> str:
    """The W-D-L cell of a player's row in the standings table."""
    row = html.split("<tbody>")[1].split(f"<strong>{name}</strong>")[1]
    return row.split('<td class="num">')[1].split("</td>")[0]


def test_public_standings_leave_out_an_unconfirmed_entry(client, event, pending):
    html = client.get(reverse("event-standings", args=[event.pk])).content.decode()
    assert (
        "Confirmed results and byes only. 1 result awaiting confirmation not counted yet." in html
    )
    assert "Provisional" not in html
    assert "provisional=1" not in html
    # Anyone else asking for the provisional view still gets the published standings.
    html = client.get(reverse("event-standings", args=[event.pk]) + "?provisional=1")
    assert "Provisional" not in html.content.decode()


def test_organiser_sees_provisional_standings_clearly_labelled(client, organiser, event, pending):
    client.force_login(organiser)
    url = reverse("event-standings", args=[event.pk])
    published = client.get(url).content.decode()
    # The link leads to the organiser's own standings page (inside their tabs).
    manage = reverse("manage-standings", args=[event.pk])
    assert f'href="{manage}?provisional=1"' in published
    assert "Provisional standings" in client.get(manage + "?provisional=1").content.decode()
    provisional = client.get(url + "?provisional=1").content.decode()
    assert "Provisional standings" in provisional
    assert "including results awaiting confirmation (1)" in provisional
    # The unconfirmed 80-20 is a win only in the provisional view.
    assert _record(provisional, pending.player_a.name) == "1-0-0"
    assert _record(published, pending.player_a.name) == "0-0-0"
    assert "Show the published standings" in provisional

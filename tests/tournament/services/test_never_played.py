"""A player who never played (dropped before any game, no bye) is not ranked and not counted.

A no-show dropped before round 1 used to be ranked last in the standings, the CSV and the PDF,
and counted in the faction statistics ("41 players" where the dashboard said 40)."""

from __future__ import annotations

import csv
import io

import pytest

from stats.services.factions import faction_stats_event
from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tournament.services.documents.printing import print_document
from tournament.services.players.players import player_update
from tournament.services.results.results import result_enter
from tournament.services.rounds.records import never_played
from tournament.services.standings.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(event, organiser):
    """Six players: a no-show dropped before round 1, one who had round 1's bye then dropped,
    one who played round 1 then dropped, and three more."""
    players = add_players(event, organiser, 6)
    no_show, byed, quitter, *rest = players
    player_update(player=no_show, user=organiser, changes={"dropped": True})
    first = pair_in_order(event, organiser, [quitter, rest[0], rest[1], rest[2], byed])
    for game in first.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    for player in (byed, quitter):
        player_update(player=player, user=organiser, changes={"dropped": True})
    return no_show, byed, quitter, rest


def test_the_no_show_is_out_of_the_standings_and_the_others_stay(event, day):
    no_show, byed, quitter, rest = day
    rows = standings_compute(event=event)
    ranked = {r["player"] for r in rows}
    assert no_show.pk not in ranked
    assert ranked == {byed.pk, quitter.pk, *(p.pk for p in rest)}
    assert max(r["rank"] for r in rows) <= 5
    assert [p.name for p in never_played(event=event)] == [no_show.name]


def test_the_csv_and_the_pdf_leave_the_no_show_out(event, day, anon):
    no_show = day[0]
    response = anon.get(f"/api/events/{event.pk}/standings.csv")
    body = b"".join(response.streaming_content) if response.streaming else response.content
    names = [row["player"] for row in csv.DictReader(io.StringIO(body.decode("utf-8-sig")))]
    assert len(names) == 5
    assert no_show.name not in names
    text = "\n".join(pdf_pages(print_document(event=event, kind="standings")))
    assert no_show.name not in text


def test_faction_statistics_count_only_players_who_played(event, day):
    stats = faction_stats_event(event=event)
    assert stats["players"] == 5
    assert sum(row["players"] for row in stats["factions"]) == 5


def test_staff_see_the_no_show_listed_apart_and_the_public_do_not(client, event, day, organiser):
    no_show = day[0]
    public = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert no_show.name not in public
    client.force_login(organiser)
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Did not play, so not ranked" in page
    assert no_show.name in page

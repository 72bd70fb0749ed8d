"""A team game whose matchup has no layout in the data (Priority Assets v Disruption) says where
to set the table up from on the team match pages (public and organiser's) and the team
pairings PDF, as a singles game does (issue 32 item 8)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.services.printing import team_print_document
from teams.services.rounds import team_round_create
from teams.services.teams import team_create, team_member_add
from tests.tournament.eleventh.events.test_teams import _event, _pair_match
from tests.tournament.printing.helpers import pdf_pages
from tournament.services.players.players import player_update

pytestmark = pytest.mark.django_db

WORDS = "layout card {letter} for Priority Assets v Disruption"


def _teams(event, organiser):
    # Table 1: Priority Assets v Disruption, which no layout of the data holds.
    for name, dispositions in (
        ("Lions", ("priority-assets", "take-and-hold", "take-and-hold")),
        ("Bears", ("disruption", "take-and-hold", "take-and-hold")),
    ):
        team = team_create(event=event, user=organiser, name=name)
        factions = ("Orks", "Necrons", "Aeldari")
        for i, (disposition, faction) in enumerate(zip(dispositions, factions, strict=True)):
            player = team_member_add(
                team=team, user=organiser, name=f"{name} {i + 1}", faction=faction
            )
            player_update(player=player, user=organiser, changes={"disposition": disposition})


def test_team_pages_and_paper_name_the_card_for_a_missing_layout(organiser, client):
    event = _event(organiser)
    _teams(event, organiser)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3)
    games = _pair_match(team_round, organiser)
    missing = [g for g in games if (g.eleventh or {}).get("layout_card")]
    assert len(missing) == 1
    words = WORDS.format(letter=missing[0].layout)
    client.force_login(organiser)
    for url in (
        reverse("event-team-pairings", args=[event.pk]),
        reverse("manage-team-rounds", args=[event.pk]),
    ):
        html = client.get(url).content.decode().replace("&#x27;", "'")
        assert words in html, url
        assert html.count('data-testid="layout-card"') == 1, url
    pdf = team_print_document(event=event, kind="team-pairings", round_number=1)
    assert words in " ".join(" ".join(pdf_pages(pdf)).split())

"""Knockout rounds are named by their stage where players and the wall read them: the
player's card, the pairings PDF (with each player's seed), the big screen and the organiser's
messages; a knockout scoresheet does not also say that equal VP is a draw."""

from __future__ import annotations

import pytest
from django.test import Client

from playoffs.services.playoffs import playoff_advance, playoff_create
from tests.playoffs.conftest import swiss_event
from tests.tournament.printing.helpers import pdf_pages
from tournament.models import Event
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def semis(organiser):
    event = swiss_event(organiser, players=10, rounds=3)
    playoff_create(event_id=event.pk, user=organiser, format="single", size=4)
    round_ = playoff_advance(event_id=event.pk, user=organiser)
    return event, round_


def test_the_player_s_card_names_the_stage(semis):
    _, round_ = semis
    game = round_.games.first()
    page = Client().get(f"/p/{game.player_a.private_key}/").content.decode()
    card = page.split('class="card my-game"')[1].split("</section>")[0]
    assert '<p class="eyebrow">Semi-final</p>' in card
    assert f"Round {round_.number}" not in card


def test_the_pairings_pdf_names_the_stage_and_the_seeds(semis):
    event, round_ = semis
    seeds = event.playoff.seeds
    text = "\n".join(
        pdf_pages(print_document(event=event, kind="pairings", round_number=round_.number))
    )
    assert "Semi-final · by table" in text
    assert f"Round {round_.number}" not in text
    name_1 = event.players.get(pk=seeds[0]).name
    assert "Seed 1" in text
    assert text.index(name_1) < text.index("Seed 1")
    alpha = "\n".join(
        pdf_pages(print_document(event=event, kind="pairings-alpha", round_number=round_.number))
    )
    assert "Semi-final · by player name" in alpha


def test_the_big_screen_names_the_stage(semis):
    event, _ = semis
    page = Client().get(f"/events/{event.pk}/screen/").content.decode()
    assert "Semi-final" in page.split('aria-label="Pairings"')[1].split("</header>")[0]


def test_a_knockout_scoresheet_does_not_call_equal_vp_a_draw(organiser):
    event = swiss_event(organiser, players=6, rounds=2)
    Event.objects.filter(pk=event.pk).update(mission_pack="eleventh")
    event.refresh_from_db()
    playoff_create(event_id=event.pk, user=organiser, format="single", size=2, force=True)
    round_ = playoff_advance(event_id=event.pk, user=organiser)
    text = "\n".join(
        pdf_pages(print_document(event=event, kind="scoresheets", round_number=round_.number))
    )
    assert "higher seed goes through" in text
    assert "equal VP is a draw" not in text
    assert "Final" in text


def test_the_organiser_s_messages_name_the_stage(organiser):
    event = swiss_event(organiser, players=10, rounds=2)
    client = Client()
    client.force_login(organiser)
    form = {"format": "single", "size": "8", "knockout_tiebreak": "higher_seed"}
    made = client.post(f"/manage/events/{event.pk}/playoffs/cut/", form, follow=True)
    page = made.content.decode()
    assert "pair the quarter-finals" in page
    assert "pair round 1" not in page
    paired = client.post(f"/manage/events/{event.pk}/playoffs/advance/", follow=True)
    assert "Quarter-finals paired as round 3" in paired.content.decode()

"""Issue 32 item 8 on a 390 px phone: a table whose matchup the data holds no layout for
(Priority Assets v Disruption) says on the public pairings which Event Companion card to set it
up from, the line wraps inside the page, and Find my table keeps it with its game."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def paired(organiser):
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Holes GT", rounds=3, mission_pack="eleventh")
    seats = [
        ("Ada Asset", "priority-assets"),
        ("Bo Disrupt", "disruption"),
        ("Cy Hold", "take-and-hold"),
        ("Di Purge", "purge-the-foe"),
    ]
    ids = [
        player_register(
            event=event, user=organiser, name=name, faction="Orks", disposition=disposition
        ).pk
        for name, disposition in seats
    ]
    round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": ids[0], "player_b": ids[1]},
            {"player_a": ids[2], "player_b": ids[3]},
        ],
    )
    return event


def test_the_public_pairings_name_the_card_for_a_missing_layout_on_a_phone(
    live_server, new_page, paired
):
    from tournament.models import Game

    letter = Game.objects.get(round__event=paired, table_number=1).layout
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/events/{paired.pk}/pairings/")
    card = page.get_by_test_id("layout-card")
    assert card.count() == 1  # only the table without a layout in the data
    text = card.inner_text()
    assert f"Event Companion's layout card {letter} for Priority Assets v Disruption" in text
    box = card.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"
    page.get_by_label("Find my table").press_sequentially("bo dis", delay=20)
    page.wait_for_function(
        "document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    assert page.get_by_test_id("layout-card").is_visible()

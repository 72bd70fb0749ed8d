"""Check-in at the door on a 390 px phone: "Not checked in" leaves the players still to come,
typing part of a name narrows them to one, and checking that player in happens in place."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.site_pages import ORGANISER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(db):
    """The shared site (8 players, round 1 paired), with everyone but Bram and Hild in."""
    from tournament.services.players.players import player_update

    site = site_build()
    for label, player in site.players.items():
        if label not in "BH":
            player_update(player=player, user=site.organiser, changes={"checked_in": True})
    return site


def _shown(page) -> list[str]:
    return page.locator("#live tr[data-find]:visible strong").all_inner_texts()


def test_the_door_finds_who_is_not_checked_in_and_checks_them_in(
    live_server, new_page, shoot, site
):
    page = open_as(new_page, live_server, site, ORGANISER, PHONE)
    page.goto(f"{live_server.url}/manage/events/{site.event.pk}/")
    assert len(_shown(page)) == 8
    page.get_by_role("link", name="Not checked in (2)").click()
    page.wait_for_url("**missing=1**")
    assert sorted(_shown(page)) == ["Bram Okoro", "Hild Brannigan-Featherstonehaugh"]

    page.get_by_label("Find a player").press_sequentially("hild", delay=20)
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    assert _shown(page) == ["Hild Brannigan-Featherstonehaugh"]
    assert page.get_by_text("1 player for “hild”").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"
    shoot(page, "players-door", full_page=False)

    row = page.locator("#live tr[data-find]:visible")
    row.get_by_role("button", name="Check in").click()
    page.locator("#live tr[data-find]:visible").get_by_role("button", name="✓ In").wait_for()
    hild = site.players["H"]
    hild.refresh_from_db()
    assert hild.checked_in
    # A search that is not a refinement of the address's fetches the list again, filter kept.
    page.get_by_label("Find a player").fill("bram")
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    assert _shown(page) == ["Bram Okoro"]

"""The staff's Lists page with 24 players (issue 32): a compact table a TO scans on a laptop,
no taller than a few screens, and each review radio on the line of its label."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NECRONS = (Path(__file__).parents[2] / "rosters" / "lists" / "gw_app_10th_necrons.txt").read_text()


def _event():
    from django.contrib.auth import get_user_model

    from rosters.services.armylists import army_list_submit
    from tests.conftest import add_players
    from tournament.services.events.events import event_create, event_update

    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=user, name="List GT", rounds=3, seed=1)
    event = event_update(event=event, user=user, changes={"battle_size": "incursion"})
    players = add_players(event, user, 24)
    for player in players[:20]:
        army_list_submit(player=player, text=NECRONS, by_player=True)
    return event, players


def _sign_in(page, base: str) -> None:
    page.goto(base + reverse("login"))
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r".*/$"))


def test_24_lists_fit_a_few_screens_and_radios_sit_by_their_labels(live_server, new_page, shoot):
    event, players = _event()
    page = new_page(DESKTOP)
    _sign_in(page, live_server.url)
    page.goto(live_server.url + reverse("manage-lists", args=[event.pk]))
    page.locator(f"#list-{players[0].pk}").wait_for()
    shoot(page, "lists-page-24")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 3200, height  # 8,767 px before: a card per player
    for value in ("checked", "needs_fix"):
        radio = page.locator(f'input[name="p{players[0].pk}-status"][value="{value}"]')
        label = page.locator(f'label:has(input[name="p{players[0].pk}-status"][value="{value}"])')
        box, text = radio.bounding_box(), label.bounding_box()
        middle = box["y"] + box["height"] / 2
        assert text["y"] <= middle <= text["y"] + text["height"], value
        assert text["height"] < 2.5 * box["height"], value  # one line, not two


def test_the_lists_table_scrolls_inside_the_page_on_a_phone(live_server, new_page):
    event, players = _event()
    page = new_page()
    _sign_in(page, live_server.url)
    page.goto(live_server.url + reverse("manage-lists", args=[event.pk]))
    page.locator(f"#list-{players[0].pk}").wait_for()
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 392"
        " && !e.closest('.table-wrap')).map(e => e.tagName + '.' + e.className).slice(0, 8)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide

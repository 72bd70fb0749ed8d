"""Wide screens on the event day (issue 21, item 23): the faction chart's labels and values fit
the chart at 1,366 px and its table does not scroll inside wide margins; the big screen's
headings are apart, its skip link is out of sight, and before any result it lists no ranks."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}


def _event(*, results: bool):
    from django.contrib.auth import get_user_model

    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    organiser = get_user_model().objects.create_user("marshal", password="pw", is_staff=True)
    event = event_create(user=organiser, name="Wide GT", rounds=3, seed=1)
    if results:
        winner = player_register(
            event=event, user=organiser, name="Ana Winner", faction="Chaos Space Marines"
        )
        loser = player_register(event=event, user=organiser, name="Ben Loser", faction="Orks")
        pairs = [{"player_a": winner.pk, "player_b": loser.pk}]
        game = round_create(event_id=event.pk, user=organiser, pairings=pairs).games.get()
        result_enter(game_id=game.pk, data={"vp_a": 80, "vp_b": 40}, user=organiser)
    else:
        add_players(event, organiser, 10)
        round_create(event_id=event.pk, user=organiser, seed=1)
    return event


def test_faction_chart_labels_and_values_fit_at_1366(live_server, new_page):
    event = _event(results=True)
    page = new_page(LAPTOP)
    page.goto(live_server.url + reverse("event-factions", args=[event.pk]))
    svg = page.locator(".factions-chart svg")
    svg.wait_for()
    width = float(svg.get_attribute("viewBox").split()[2])
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('.factions-chart svg text')].map(t => {"
        " const b = t.getBBox(); return [t.textContent, b.x, b.x + b.width]; })"
    )
    for text, left, right in boxes:
        assert left >= 0, f"{text!r} is cut on the left"
        assert right <= width, f"{text!r} is cut on the right"
    assert "Chaos Space Marines" in [b[0] for b in boxes]
    assert "100.0%" in [b[0] for b in boxes]
    table = page.locator(".factions-table")
    scroll, client = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
    assert scroll <= client, "the faction table scrolls sideways on a 1,366 px screen"


def test_big_screen_headings_skip_link_and_no_ranks_before_results(live_server, new_page):
    event = _event(results=False)
    page = new_page(TV)
    page.goto(live_server.url + reverse("event-screen", args=[event.pk]))
    page.locator(".screen-table").wait_for()
    # "Table" and "Player" read as two headings, not "TablePlayer".
    gap = page.evaluate(
        "() => { const [t, p] = document.querySelectorAll('.screen-table th');"
        " const r = e => { const g = document.createRange(); g.selectNodeContents(e);"
        " return g.getBoundingClientRect(); };"
        " return r(p).left - r(t).right; }"
    )
    assert gap >= 12, f"'Table' and 'Player' are {gap}px apart"
    skip = page.locator(".skip-link").bounding_box()
    assert skip["y"] + skip["height"] <= 0, "a sliver of the skip link shows"
    standings = page.locator(".screen-standings")
    assert "0-0-0" not in standings.inner_text()
    assert standings.get_by_text("Standings appear with the first confirmed result.").count()


def test_a_full_faction_table_does_not_scroll_at_1366(live_server, new_page):
    from tests.cross.browser.test_factions_page import _played_event

    event = _played_event()
    page = new_page(LAPTOP)
    page.goto(live_server.url + reverse("event-factions", args=[event.pk]))
    table = page.locator(".factions-table")
    table.wait_for()
    scroll, client = table.evaluate("t => [t.scrollWidth, t.clientWidth]")
    assert scroll <= client, f"the faction table scrolls sideways ({scroll} > {client} px)"
    # The page uses the laptop's width, not a column with wide margins either side.
    main = page.locator("main").bounding_box()
    assert main["width"] >= LAPTOP["width"] - 40

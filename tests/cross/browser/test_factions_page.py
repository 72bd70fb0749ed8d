"""The faction statistics page in a browser: a three-round event with many factions draws one
bar per faction with games, and the data table beside it. UPDATE_DOC_SCREENSHOTS=1 refreshes
the README's picture (docs/screenshot-factions.png)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS = Path(__file__).resolve().parents[3] / "docs"
FACTIONS = ["Orks", "Necrons", "Aeldari", "Space Marines", "Tyranids", "Adeptus Custodes"]
FACTIONS += ["Death Guard", "T'au Empire"]


def _played_event():
    """24 players of 8 factions, three rounds paired by the engine, every result confirmed."""
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    organiser = get_user_model().objects.create_user("stats", password="pw", is_staff=True)
    event = event_create(user=organiser, name="Cog Wars Grand Tournament", rounds=3, seed=7)
    rng = random.Random(14)
    for i in range(24):
        player_register(
            event=event,
            user=organiser,
            name=f"Player {i + 1:02d}",
            faction=FACTIONS[i % len(FACTIONS)] if i < 20 else rng.choice(FACTIONS[:3]),
        )
    for number in (1, 2, 3):
        round_ = round_create(event_id=event.pk, user=organiser, seed=number)
        for game in round_.games.filter(player_b__isnull=False):
            scores = {"vp_a": rng.randrange(20, 95, 5), "vp_b": rng.randrange(20, 95, 5)}
            result_enter(game_id=game.pk, data=scores, user=organiser)
    return event


def test_factions_page_draws_a_bar_per_faction(live_server, new_page):
    from stats.services.factions import faction_stats_event

    event = _played_event()
    stats = faction_stats_event(event=event)
    with_games = [r for r in stats["factions"] if r["games"]]
    page = new_page(DESKTOP)
    page.goto(live_server.url + reverse("event-factions", args=[event.pk]))
    chart = page.locator(".factions-chart svg")
    chart.wait_for()
    assert chart.locator("rect.chart-bar").count() == len(with_games) > 1
    labels = chart.locator("text.chart-label").all_text_contents()
    assert labels == [r["label"] for r in with_games]
    rows = page.locator(".factions-table tbody tr").count()
    assert rows == len(stats["factions"]) == len(FACTIONS)
    # Table and chart sit side by side on a wide screen, stacked on a phone.
    chart_box = chart.bounding_box()
    table_box = page.locator(".factions-table").bounding_box()
    assert table_box["x"] > chart_box["x"] + chart_box["width"] - 1
    if os.environ.get("UPDATE_DOC_SCREENSHOTS") == "1":
        page.set_viewport_size({"width": 1280, "height": 760})
        page.screenshot(path=str(DOCS / "screenshot-factions.png"), full_page=False)
    page.set_viewport_size(PHONE)
    table_box = page.locator(".factions-table").bounding_box()
    chart_box = chart.bounding_box()
    assert table_box["y"] >= chart_box["y"] + chart_box["height"] - 1

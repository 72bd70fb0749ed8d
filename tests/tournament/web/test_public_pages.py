"""Public pages: what anyone can read, reached from `/`, and hidden events stay hidden."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_links_to_event_pages_and_missions(client, event):
    html = client.get("/").content.decode()
    for url in (
        reverse("event", args=[event.pk]),
        reverse("event-pairings", args=[event.pk]),
        reverse("event-standings", args=[event.pk]),
        reverse("missions"),
    ):
        assert f'href="{url}' in html


def test_event_overview_shows_round_mission_and_polls_while_live(client, event, game):
    response = client.get(reverse("event", args=[event.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Round 1" in html
    assert game.player_a.name in html
    assert 'hx-trigger="every 15s"' in html
    assert reverse("mission", args=[f"LEV-{game.round.mission_code}"]) in html


def test_pairings_by_name_lists_every_player_alphabetically(client, event, paired, players):
    html = client.get(reverse("event-pairings", args=[event.pk]) + "?by=name").content.decode()
    body = html.split("<tbody>")[1]
    positions = [
        body.index(f"<td><strong>{p.name}</strong>") for p in sorted(players, key=lambda p: p.name)
    ]
    assert positions == sorted(positions)


def test_htmx_poll_returns_only_the_partial(client, event, paired):
    url = reverse("event-standings", args=[event.pk])
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<div id="live"')
    assert "<html" not in partial


def test_standings_show_the_event_tiebreaks_as_columns(client, event, organiser, game):
    from tournament.services.events.events import event_update
    from tournament.services.results.results import result_enter

    event_update(event=event, user=organiser, changes={"tiebreaks": ["sos", "vp_diff"]})
    result_enter(game_id=game.pk, data={"vp_a": 80, "vp_b": 30}, user=organiser)
    html = client.get(reverse("event-standings", args=[event.pk])).content.decode()
    assert '<th class="num" title="Strength of schedule">SOS</th>' in html
    assert '<th class="num" title="VP difference">VP diff</th>' in html
    assert ">OWR</th>" not in html
    # The winner by 50 VP shows a VP difference of +50 in the first row.
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert game.player_a.name in first_row
    assert ">+50<" in first_row


def test_no_polling_once_the_round_is_complete(client, event, organiser, paired):
    from tournament.services.results.results import result_enter

    for g in paired.games.filter(player_b__isnull=False):
        result_enter(game_id=g.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "every 15s" not in html


@pytest.mark.parametrize("name", ["event", "event-pairings", "event-standings"])
def test_hidden_event_is_not_found_for_the_public(client, event, organiser, name):
    from tournament.services.events.events import event_update

    event_update(event=event, user=organiser, changes={"hidden": True})
    assert client.get(reverse(name, args=[event.pk])).status_code == 404
    assert event.name not in client.get("/").content.decode()
    client.force_login(organiser)
    assert client.get(reverse(name, args=[event.pk])).status_code == 200


def test_event_pages_use_a_fixed_number_of_queries(
    client, event, paired, django_assert_max_num_queries
):
    for name in ("event", "event-pairings", "event-standings"):
        with django_assert_max_num_queries(20):
            assert client.get(reverse(name, args=[event.pk])).status_code == 200

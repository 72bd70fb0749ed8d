"""The organiser's players list at the door: a search box (part of a name, case and accents
ignored) and a "Not checked in" filter, both plain GET fields without JavaScript; a
check-in sent from the filtered list comes back to it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.services.players.players import player_register, player_update

pytestmark = pytest.mark.django_db

NAMES = ["Zoë Ärnström", "Zack Hale", "Ola Nordmann", "Björn Zoellner", "Kim Lee"]


@pytest.fixture
def door(event, organiser):
    """Five players; Zack and Ola checked in."""
    players = {n: player_register(event=event, user=organiser, name=n) for n in NAMES}
    for name in ("Zack Hale", "Ola Nordmann"):
        player_update(player=players[name], user=organiser, changes={"checked_in": True})
    return players


def _names(html: str) -> list[str]:
    """The listed players' folded names, sorted (the list's own order is another matter)."""
    return sorted(re.findall(r'<tr id="player-\d+"[^>]*data-find="([^"]*)"', html))


def _get(client, event, **params) -> str:
    response = client.get(reverse("manage-event", args=[event.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_search_keeps_the_players_whose_names_hold_it(org_client, event, door):
    html = _get(org_client, event, q="ZOE")
    assert _names(html) == ["bjorn zoellner", "zoe arnstrom"]
    assert "2 players for “ZOE”" in html


def test_not_checked_in_keeps_the_players_still_to_come(org_client, event, door):
    html = _get(org_client, event, missing="1")
    assert _names(html) == ["bjorn zoellner", "kim lee", "zoe arnstrom"]
    assert re.search(r'aria-current="true"[^>]*>Not checked in \(<span[^>]*>3</span>\)', html)
    assert re.search(r">Everyone \(<span[^>]*>5</span>\)</a>", html)
    # The search box keeps the filter: it is one of the form's fields.
    assert '<input type="hidden" name="missing" value="1">' in html
    html = _get(org_client, event, missing="1", q="kim")
    assert _names(html) == ["kim lee"]


def test_a_check_in_from_the_filtered_list_returns_to_it(org_client, event, door):
    kim = door["Kim Lee"]
    listing = reverse("manage-event", args=[event.pk]) + "?missing=1&q=kim"
    html = org_client.get(listing).content.decode()
    assert f'name="next" value="{listing.replace("&", "&amp;")}"' in html
    url = reverse("manage-player-toggle", args=[event.pk, kim.pk, "checked_in"])
    response = org_client.post(url, {"value": "1", "next": listing})
    assert response.status_code == 302
    assert response["Location"] == listing
    kim.refresh_from_db()
    assert kim.checked_in
    assert _names(_get(org_client, event, missing="1")) == ["bjorn zoellner", "zoe arnstrom"]

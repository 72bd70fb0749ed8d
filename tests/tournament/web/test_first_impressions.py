"""First impressions agree with what a new event plays: the 11th edition (the Event Companion)
is the default, so the home page and the mission generator lead with it."""

from __future__ import annotations

import html

import pytest

pytestmark = pytest.mark.django_db


def _text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_home_page_says_what_new_events_play(client):
    page = _text(client, "/")
    assert "Missions come from the Leviathan pack" not in page
    assert "11th edition" in page


def test_the_generator_opens_on_the_eleventh_edition(client):
    page = _text(client, "/missions/")
    assert '<option value="eleventh" selected>' in page
    assert '<option value="leviathan" selected>' not in page
    assert page.index("11th edition") < page.index("Leviathan")
    # An old shared link without a pack still draws what it drew (Leviathan).
    drawn = client.get("/missions/?seed=2024")
    assert "/missions/LEV-" in drawn["Location"]

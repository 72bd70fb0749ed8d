"""The public generator pages: draw, share by code, the pool, bad input."""

import pytest

pytestmark = pytest.mark.django_db


def test_generator_page_lists_the_pool(client):
    html = client.get("/missions/").content.decode()
    assert "Draw a mission" in html
    for code in "ABCDEFGHIJKLMNO":
        assert f"/missions/LEV-{code}/" in html


def test_draw_redirects_to_a_shareable_mission(client):
    response = client.get("/missions/?seed=2024")
    assert response.status_code == 302
    code = response["Location"].rstrip("/").rsplit("/", 1)[1]
    page = client.get(response["Location"]).content.decode()
    assert code in page
    assert "<svg" in page
    again = client.get("/missions/?seed=2024")
    assert again["Location"] == response["Location"]


def test_pool_mission_page_shows_cards_and_map(client):
    page = client.get("/missions/LEV-B/").content.decode()
    assert "Priority Targets" in page
    assert "Hidden Supplies" in page
    assert "Search and Destroy" in page
    assert "Attacker" in page
    assert "Defender" in page


def test_bad_seed_and_bad_code_are_explained(client):
    assert client.get("/missions/?seed=abc").status_code == 400
    response = client.get("/missions/LEV-ZZZ-Q/")
    assert response.status_code == 404
    assert "not a valid mission code" in response.content.decode()


def test_api_mission_by_code_round_trips(client):
    made = client.get("/api/missions/generate/?seed=77").json()
    again = client.get(f"/api/missions/{made['code']}/").json()
    assert again == made

"""The ratings API, the public page, the person page's history chart, the player's opt-out and
the win chances under the public pairings."""

from __future__ import annotations

import pytest
from django.test import Client

from people.models import PersonLink
from ratings.services.ratings import ratings_rebuild
from tests.helpers import queries
from tests.ratings.conftest import play
from tournament.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(season):
    ratings_rebuild(edition="eleventh")
    ratings_rebuild(edition="leviathan")
    return season


def test_the_api_lists_best_first_in_the_contract_shape(rated, anon):
    answer = anon.get("/api/ratings/?edition=eleventh")
    assert answer.status_code == 200
    rows = answer.json()
    assert [r["name"] for r in rows] == ["Ann", "Bo", "Cy", "Dee"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert set(rows[0]) == {"person", "name", "rating", "deviation", "games", "rank"}
    assert isinstance(rows[0]["person"], int)
    assert rows[0]["games"] == 4
    assert rows[0]["rating"] > rows[1]["rating"]
    assert rows[0]["rating"] == round(rows[0]["rating"], 1)


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("?edition=tenth", "edition", "must be one of eleventh, leviathan, older"),
        ("", "edition", "one of eleventh, leviathan, older"),
        ("?edition=eleventh&sort=name", "sort", ""),
    ],
)
def test_the_api_refuses_unknown_editions_and_parameters(rated, anon, query, field, words):
    answer = anon.get(f"/api/ratings/{query}")
    assert answer.status_code == 400
    body = answer.json()
    assert field in str(body)
    assert words in str(body)


def test_the_public_page_searches_filters_and_keeps_its_queries(rated, organiser):
    client = Client()
    page, few = queries(lambda: client.get("/ratings/"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Ann" in text
    assert "Dee" in text
    found = client.get("/ratings/?edition=eleventh&q=ANN").content.decode()
    assert "Ann</a>" in found
    assert "Bo</a>" not in found
    orks = client.get("/ratings/?edition=eleventh&faction=Orks").content.decode()
    assert "Bo</a>" in orks
    assert "Ann</a>" not in orks
    # Ten more people rated: the page makes the same number of queries.
    play(
        organiser,
        name="Big",
        day=25,
        rounds=[[(f"New {i}", f"New {i + 10}", 50 + i, 40) for i in range(10)]],
    )
    ratings_rebuild(edition="eleventh")
    page, many = queries(lambda: client.get("/ratings/"))
    assert page.content.decode().count("/people/") >= 24
    assert many == few
    assert client.get("/ratings/?edition=tenth").status_code == 400


def test_the_person_page_draws_the_history_and_the_player_may_leave(
    rated, django_capture_on_commit_callbacks
):
    first = rated[0]
    ann = first.by_name["Ann"]
    person_id = PersonLink.objects.get(player=ann).person_id
    client = Client()
    page = client.get(f"/people/{person_id}/").content.decode()
    assert "<svg" in page
    assert "11th edition rating after each event" in page
    assert "Summer GT" in page
    own = client.get(f"/p/{ann.private_key}/").content.decode()
    assert "Leave me out of ratings" in own
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/p/{ann.private_key}/ratings/", {"out": "yes"})
    assert answer.status_code == 302
    assert "Rate me again" in client.get(f"/p/{ann.private_key}/").content.decode()
    assert "<svg" not in client.get(f"/people/{person_id}/").content.decode()
    assert "Ann" not in [r["name"] for r in client.get("/api/ratings/?edition=eleventh").json()]
    assert client.post("/p/not-a-key/ratings/", {"out": "yes"}).status_code == 403


def test_win_chances_under_the_pairings_only_when_the_organiser_asks(rated, organiser, api):
    event = play(organiser, name="Next", day=28, rounds=[[("Ann", "Dee", 0, 0)]])
    Round.objects.filter(event=event).update(status="paired")
    url = f"/events/{event.pk}/pairings/"
    assert "Win chances" not in Client().get(url).content.decode()
    assert (
        api.patch(
            f"/api/events/{event.pk}/", {"ratings_win_chances": True}, format="json"
        ).status_code
        == 200
    )
    text = Client().get(url).content.decode()
    assert "Win chances" in text
    assert "%" in text


def test_my_data_holds_the_ratings_and_the_choice_to_leave_them(
    rated, django_capture_on_commit_callbacks
):
    ann = rated[0].by_name["Ann"]
    client = Client()
    data = client.get(f"/p/{ann.private_key}/my-data.json").json()
    mine = data["person"]["ratings"]
    assert mine["left_ratings"] is None
    editions = {e["edition"]: e for e in mine["editions"]}
    assert set(editions) == {"eleventh", "leviathan"}
    eleventh = editions["eleventh"]
    assert eleventh["games"] == 4
    assert [p["name"] for p in eleventh["history"]] == ["Spring GT", "Summer GT"]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/p/{ann.private_key}/ratings/", {"out": "yes"})
    left = client.get(f"/p/{ann.private_key}/my-data.json").json()["person"]["ratings"]
    # The choice and when it was made; what is still held until the rebuild drops it.
    assert left["left_ratings"] is not None
    assert left["editions"] == []

"""The feed document is computed once per event revision: an unchanged event answers from the
cache with an ETag (304 for a reader who has it); a confirmed result, a changed consent or a
person's link changes the document and its ETag."""

from __future__ import annotations

import pytest

from feed.api import views
from people.models import PersonLink
from people.services.consent import consent_record
from tournament.models import Event, Game, Round
from tournament.services.results.results import result_confirm, result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def computed(monkeypatch):
    """How many times the document was computed."""
    calls = []
    real = views.feed_event_document

    def counting(*, event):
        calls.append(event.pk)
        return real(event=event)

    monkeypatch.setattr(views, "feed_event_document", counting)
    return calls


def _game_of_a_new_round(event):
    Event.objects.filter(pk=event.pk).update(planned_rounds=10)
    ann, dee = event.by_name["Ann"], event.by_name["Dee"]
    round_ = Round.objects.create(event=event, number=4, status="in_progress")
    return Game.objects.create(round=round_, table_number=1, player_a=ann, player_b=dee)


def test_an_unchanged_event_answers_from_the_cache_and_304(anon, spring, computed):
    url = f"/api/feed/events/{spring.pk}/"
    first = anon.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    again = anon.get(url)
    assert again.status_code == 200
    assert again["ETag"] == etag
    assert again.json() == first.json()  # the same "as of" too: the same document
    assert computed == [spring.pk]
    unchanged = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    assert computed == [spring.pk]


def test_a_confirmed_result_changes_the_document_and_its_etag(anon, spring, computed):
    url = f"/api/feed/events/{spring.pk}/"
    game = _game_of_a_new_round(spring)
    before = anon.get(url)
    assert before.json()["rounds"][3]["games"][0]["result"] is None
    etag = before["ETag"]
    # Ann's entry waits for Dee: not in the feed yet.
    result_enter(game_id=game.pk, data={"vp_a": 65, "vp_b": 45}, player=spring.by_name["Ann"])
    waiting = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert waiting.status_code == 200
    assert waiting.json()["rounds"][3]["games"][0]["result"] is None
    etag = waiting["ETag"]
    result_confirm(game_id=game.pk, player=spring.by_name["Dee"])
    after = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert after["ETag"] != etag
    result = after.json()["rounds"][3]["games"][0]["result"]
    assert (result["vp_a"], result["vp_b"], result["outcome"]) == (65, 45, "a")
    assert len(computed) == 3


def test_a_withdrawn_consent_is_not_answered_from_the_cache(anon, spring):
    url = f"/api/feed/events/{spring.pk}/"
    first = anon.get(url)
    ann = spring.by_name["Ann"]
    named = {p["name"] for p in first.json()["players"]}
    assert "Ann" in named
    consent_record(player=ann, results=False, lists=None, via="player_page")
    after = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert "Ann" not in {p["name"] for p in after.json()["players"]}


def test_a_persons_new_link_changes_the_pseudonyms(anon, spring):
    url = f"/api/feed/events/{spring.pk}/"
    first = anon.get(url)
    ann, bo = spring.by_name["Ann"], spring.by_name["Bo"]
    # Ann's player joined to Bo's person (a merge): the same pseudonym for both now.
    PersonLink.objects.filter(player=ann).update(
        person_id=PersonLink.objects.get(player=bo).person_id
    )
    after = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    ids = {p["name"]: p["id"] for p in after.json()["players"]}
    assert ids["Ann"] == ids["Bo"]

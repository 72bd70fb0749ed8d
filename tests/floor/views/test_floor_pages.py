"""The pages: the player's card (call, waiting, on the way, ruling), the staff's floor page
(queue and tables, claim and resolve without JavaScript), the big screen's count."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from floor.models import JudgeCall
from floor.services.calls import judge_call_claim, judge_call_open, judge_call_resolve
from tests.helpers import queries
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_player_calls_from_their_page_and_follows_the_call(client, game, judge):
    key = game.player_a.private_key
    page = client.get(reverse("player-home", kwargs={"key": key}))
    assert 'data-outbox="call"' in _text(page)
    assert "Call a judge" in _text(page)
    sent = client.post(
        reverse("player-judge-call", kwargs={"key": key, "game_id": game.pk}),
        {"note": "Line of sight"},
        follow=True,
    )
    call = JudgeCall.objects.get()
    assert call.note == "Line of sight"
    assert call.called_by_player == game.player_a
    text = _text(sent)
    assert "Judge called at" in text
    assert "— waiting" in text
    live = reverse("player-judge-call-live", kwargs={"key": key, "game_id": game.pk})
    assert 'hx-trigger="every 10s"' in text
    judge_call_claim(call_id=call.pk, user=judge)
    assert "A judge is on the way (Judy Dredd)" in _text(client.get(live))
    judge_call_resolve(call_id=call.pk, user=judge, ruling="Visible through the window.")
    shown = _text(client.get(reverse("player-home", kwargs={"key": game.player_b.private_key})))
    assert "Visible through the window." in shown
    assert "Call a judge" in shown


def test_a_forged_key_or_another_game_is_refused(client, paired):
    game, other = paired[0], paired[1]
    url = reverse("player-judge-call", kwargs={"key": "nope", "game_id": game.pk})
    assert client.post(url).status_code == 403
    mine = other.player_a.private_key
    client.post(reverse("player-judge-call", kwargs={"key": mine, "game_id": game.pk}))
    assert not JudgeCall.objects.exists()


def test_the_floor_page_claims_and_resolves_without_javascript(client, game, paired, judge):
    judge_call_open(game_id=game.pk, note="Dispute over a charge", player=game.player_a)
    call = JudgeCall.objects.get()
    client.force_login(judge)
    floor = reverse("manage-floor", kwargs={"event_id": game.round.event_id})
    text = _text(client.get(floor))
    assert "Dispute over a charge" in text
    assert "just now" in text
    assert f"{game.player_a.name} v {game.player_b.name}" in text
    assert text.count('class="floor-table ') == len(paired)
    claim = reverse(
        "manage-floor-claim", kwargs={"event_id": game.round.event_id, "call_id": call.pk}
    )
    assert client.post(claim, follow=True).status_code == 200
    assert JudgeCall.objects.get().status == "claimed"
    resolve = reverse(
        "manage-floor-resolve", kwargs={"event_id": game.round.event_id, "call_id": call.pk}
    )
    bad = client.post(resolve, {"ruling": "ok", "minutes_added": "lots"}, follow=True)
    assert "Minutes" in _text(bad)
    assert JudgeCall.objects.get().status == "claimed"
    done = client.post(
        resolve,
        {"ruling": "The charge fails.", "category": "dispute", "minutes_added": "10"},
        follow=True,
    )
    assert "resolved, 10 min added" in _text(done)
    text = _text(client.get(floor))
    assert "No call is waiting." in text
    assert "+10 min" in text
    assert "Median time from a call to its claim" in text


def test_the_floor_is_staff_only(client, game):
    floor = reverse("manage-floor", kwargs={"event_id": game.round.event_id})
    assert client.get(floor).status_code == 302  # to sign in
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("nobody", password="pw"))
    assert client.get(floor).status_code == 403


def test_tables_at_a_glance_states(org_client, paired, organiser, judge):
    first, second, third = paired[0], paired[1], paired[2]
    result_enter(game_id=first.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    result_enter(game_id=second.pk, data={"vp_a": 60, "vp_b": 40}, player=second.player_a)
    judge_call_open(game_id=third.pk, player=third.player_a)
    floor = reverse("manage-floor", kwargs={"event_id": first.round.event_id})
    text = _text(org_client.get(floor, HTTP_HX_REQUEST="true"))
    assert "confirmed" in text
    assert "result entered" in text
    assert "not started" in text
    assert text.count("is-called") == 1


def test_the_floor_costs_the_same_whatever_the_calls(org_client, paired):
    floor = reverse("manage-floor", kwargs={"event_id": paired[0].round.event_id})
    judge_call_open(game_id=paired[0].pk, player=paired[0].player_a)
    _, one = queries(lambda: org_client.get(floor, HTTP_HX_REQUEST="true"))
    for game in paired[1:]:
        judge_call_open(game_id=game.pk, player=game.player_a)
    _, every = queries(lambda: org_client.get(floor, HTTP_HX_REQUEST="true"))
    assert every == one


def test_the_big_screen_counts_open_calls(game):
    screen = reverse("event-screen", kwargs={"event_id": game.round.event_id})
    assert "Judges:" not in _text(Client().get(screen))
    judge_call_open(game_id=game.pk, player=game.player_a)
    text = _text(Client().get(screen))
    assert "Judges: 1 call open" in text
    assert game.player_a.name not in text.split("Judges:")[1][:80]


def test_staff_pages_show_the_median_time_to_claim(org_client, game, judge):
    from datetime import timedelta

    call, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    JudgeCall.objects.filter(pk=call.pk).update(called_at=call.called_at - timedelta(seconds=150))
    judge_call_claim(call_id=call.pk, user=judge)
    event_id = game.round.event_id
    for name in ("manage-event", "manage-rounds"):
        text = _text(org_client.get(reverse(name, kwargs={"event_id": event_id})))
        assert "<strong>1</strong><span>judge call open · median 2 min 30 s to claim" in text, name


def test_the_tracker_of_a_game_calls_a_judge_and_comes_back(client, game, org_client):
    key = game.player_a.private_key
    tracker = reverse("tracker-game", kwargs={"game_id": game.pk}) + f"?key={key}"
    page = client.get(tracker)
    assert page.status_code == 200
    assert "Call a judge" in _text(page)
    sent = client.post(
        reverse("player-judge-call", kwargs={"key": key, "game_id": game.pk}),
        {"note": "", "next": tracker},
    )
    assert sent.status_code == 302
    assert sent["Location"] == tracker
    assert "— waiting" in _text(client.get(tracker))
    # The tracker opened: the floor shows the table as playing (and called).
    floor = reverse("manage-floor", kwargs={"event_id": game.round.event_id})
    text = _text(org_client.get(floor, HTTP_HX_REQUEST="true"))
    assert "playing" in text
    staff_view = _text(org_client.get(reverse("tracker-game", kwargs={"game_id": game.pk})))
    assert "Call a judge" not in staff_view


def test_the_audit_log_tells_the_calls_in_words(org_client, game, judge):
    call, _ = judge_call_open(game_id=game.pk, note="Charge distance", player=game.player_a)
    judge_call_claim(call_id=call.pk, user=judge)
    judge_call_resolve(call_id=call.pk, user=judge, ruling="The charge fails.", minutes_added=5)
    event_id = game.round.event_id
    text = _text(org_client.get(reverse("manage-audit", kwargs={"event_id": event_id})))
    table = game.table_number
    assert f"Table {table} called a judge: “Charge distance”" in text
    assert f"Table {table}: Judy Dredd took the call" in text
    assert f"Table {table}: ruled “The charge fails.”, 5 min added" in text
    api = org_client.get(f"/api/events/{event_id}/audit/")
    assert api.status_code == 200
    assert "Judge call resolved" in {e["label"] for e in api.json()}


def test_the_polled_floor_answers_304_until_something_changes(
    org_client, paired, judge, monkeypatch
):
    """Every staff phone looks at the floor every few seconds: an unchanged floor costs a
    revision read, not the queue and every table again."""
    from floor.views import pages

    floor = reverse("manage-floor", kwargs={"event_id": paired[0].round.event_id})
    monkeypatch.setattr(pages, "_minute", lambda: 1000)
    first, full = queries(lambda: org_client.get(floor, HTTP_HX_REQUEST="true"))
    etag = first["ETag"]
    assert first.status_code == 200
    assert first["Cache-Control"] == "no-cache"
    _, cost = queries(
        lambda: org_client.get(floor, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    )
    again = org_client.get(floor, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    # The sign-in and staff check, the revision: none of the queue or the tables.
    assert cost <= 6
    assert cost < full
    # A call moves it on, and so does the clock's next minute ("waiting 4 min").
    judge_call_open(game_id=paired[0].pk, player=paired[0].player_a)
    called = org_client.get(floor, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert called.status_code == 200
    assert "Judge calls" in _text(called)
    etag = called["ETag"]
    monkeypatch.setattr(pages, "_minute", lambda: 1001)
    assert org_client.get(floor, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 200
    # Each member of staff has their own copy (a call they claimed opens its form for them).
    judge_client = Client()
    judge_client.force_login(judge)
    theirs = judge_client.get(floor, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert theirs.status_code == 200
    assert theirs["ETag"] != etag

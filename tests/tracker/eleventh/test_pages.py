"""The 11th-edition tracker pages as a browser posts them: start a game, play it to the end
from two phones' forms, refusals shown on the page, the other side's choice kept secret."""

from __future__ import annotations

import re

import pytest

from tests.tracker.eleventh.player import next_action
from tracker.models import TrackedGame

pytestmark = pytest.mark.django_db


def _start(client, a="priority-assets", b="disruption"):
    response = client.post("/tracker/new/", {"eleventh": "1", "a": a, "b": b, "code": ""})
    assert response.status_code == 302, response.content
    return response["Location"].split("/tracker/")[1].split("/")[0]


def _views(client, token):
    return {s: client.get(f"/api/tracker/{token}/", {"side": s}).json() for s in ("a", "b")}


def _form(action, viewer):
    """The fields the page's form for `action` posts."""
    data = {k: v for k, v in action.items() if k != "cards"}
    data["viewer"] = viewer
    if "value" in data:
        data["value"] = "1" if data["value"] else "0"
    if action.get("cards"):
        data["cards"] = action["cards"]
    return data


def test_the_new_game_page_offers_eleventh_edition(client):
    page = client.get("/tracker/new/").content.decode()
    assert "11th edition" in page
    assert 'value="take-and-hold"' in page


def test_an_unknown_disposition_is_refused_on_the_page(client):
    response = client.post("/tracker/new/", {"eleventh": "1", "a": "chaos", "b": "disruption"})
    assert response.status_code == 400
    assert "not a Force Disposition" in response.content.decode()
    assert not TrackedGame.objects.exists()


def test_two_phones_play_a_game_to_the_end_through_the_pages(client):
    token = _start(client)
    url = f"/tracker/{token}/"
    page = client.get(url, {"side": "a"}).content.decode()
    assert "Extract Relic" in page  # priority-assets v disruption: A plays Extract Relic
    assert "Locate and Deny" in page
    for _ in range(2000):
        views = _views(client, token)
        action = next_action(views)
        if action is None:
            break
        viewer = action.get("side", "a")
        response = client.post(f"{url}?side={viewer}", _form(action, viewer))
        assert response.status_code == 302, (action, response.content.decode()[:2000])
        assert response["Location"].endswith(f"?side={viewer}")
        if action["type"] == "choose_secondaries" and viewer == "a":
            # The other phone sees that A chose, never what.
            other = client.get(url, {"side": "b"}).content.decode()
            assert "has chosen" in other
            assert 'data-testid="my-choice"' not in other
            assert "Fixed</span>" not in other
    for side in ("a", "b"):
        page = client.get(url, {"side": side}).content.decode()
        assert 'data-testid="final"' in page
    final = TrackedGame.objects.get(token=token).state
    assert final["phase"] == "over"


def test_a_refused_form_shows_why_and_changes_nothing(client):
    token = _start(client)
    url = f"/tracker/{token}/"
    before = TrackedGame.objects.get(token=token).state
    response = client.post(
        f"{url}?side=a",
        {"type": "draw", "round": "0", "phase": "roles", "seq": "0", "side": "a", "viewer": "a"},
    )
    assert response.status_code == 400
    toast = re.search(r'data-testid="toast">([^<]+)<', response.content.decode()).group(1)
    assert "cannot be done in the roles phase" in toast
    assert TrackedGame.objects.get(token=token).state == before


def test_a_page_polls_only_the_seq(client):
    token = _start(client)
    assert client.get(f"/tracker/{token}/", {"poll": "1"}).json() == {"seq": 0}


def test_a_matchup_page_starts_a_game_of_that_matchup(client):
    generated = client.get(
        "/api/missions/generate/",
        {"pack": "eleventh", "seed": 4, "a": "disruption", "b": "priority-assets"},
    ).json()
    page = client.get(f"/missions/{generated['code']}/", follow=True).content.decode()
    assert 'data-testid="track-matchup"' in page
    response = client.post("/tracker/new/", {"eleventh": "1", "code": generated["code"]})
    assert response.status_code == 302
    tracked = TrackedGame.objects.get()
    assert tracked.mission_code == generated["code"]
    assert tracked.state["sides"]["a"]["disposition"] == "disruption"


def _to_unscored_command_phase(client, token):
    """Play (both phones scoring what they can) up to a Command phase in which the player
    whose turn it is has their primary's Command-phase window open and has scored nothing."""
    url = f"/tracker/{token}/"
    for _ in range(2000):
        views = _views(client, token)
        clock = views["a"]["clock"]
        turn = clock["turn"]
        if clock["phase"] == "command" and turn:
            mine = views[turn]["options"][turn]
            if mine["primary_now"] and mine["primary"]["left"] > 0 and not mine["draw"]:
                return views, turn
        action = next_action(views)
        assert action is not None, "the game ended without such a Command phase"
        viewer = action.get("side", "a")
        assert client.post(f"{url}?side={viewer}", _form(action, viewer)).status_code == 302
    raise AssertionError("no Command phase with the primary open")


def test_leaving_the_command_phase_with_the_primary_unscored_asks_first(client):
    token = _start(client, "take-and-hold", "take-and-hold")
    views, side = _to_unscored_command_phase(client, token)
    clock = views["a"]["clock"]
    url = f"/tracker/{token}/?side={side}"
    form = {"type": "advance", "side": side, "to": "movement", "viewer": side,
            "round": str(clock["round"]), "phase": "command", "seq": str(clock["seq"])}  # fmt: skip
    asked = client.post(url, form)
    assert asked.status_code == 200
    html = asked.content.decode()
    assert 'data-testid="leave-unscored"' in html
    primary = views[side]["options"][side]["primary"]["name"]
    assert f"You have not scored {primary}" in html
    assert TrackedGame.objects.get(token=token).state["phase"] == "command"  # nothing moved
    left = client.post(url, {**form, "leave_unscored": "1"})
    assert left.status_code == 302
    assert TrackedGame.objects.get(token=token).state["phase"] == "movement"


def test_a_tap_on_a_game_the_other_phone_moved_on_reloads_the_page(client):
    token = _start(client)
    url = f"/tracker/{token}/"
    views = _views(client, token)
    action = next_action(views)
    viewer = action.get("side", "a")
    assert client.post(f"{url}?side={viewer}", _form(action, viewer)).status_code == 302
    seq = TrackedGame.objects.get(token=token).state["seq"]
    # The same form again, as a phone that had not seen the move would send it.
    again = client.post(f"{url}?side={viewer}", _form(action, viewer))
    assert again.status_code == 302
    assert again["Location"].endswith(f"?side={viewer}")
    assert TrackedGame.objects.get(token=token).state["seq"] == seq
    page = client.get(again["Location"]).content.decode()
    assert "The other phone moved first: this is the game now" in page


def test_the_page_names_the_dispositions_not_their_ids(client):
    token = _start(client, a="take-and-hold", b="purge-the-foe")
    page = client.get(f"/tracker/{token}/").content.decode()
    header = re.search(r'<div class="trk-mission">(.*?)</div>', page, re.S).group(1)
    assert "Take and Hold v Purge the Foe" in header
    assert "take-and-hold" not in header

"""Two 390 px phones play an 11th-edition game to the end on the tracker's pages: each phone
is one player (the other's secret choice stays hidden until both chose), every move is a tap
or a typed VP on that player's own phone, and the final score is the capped sum."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE
from tests.tracker.eleventh.player import next_action

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Phone:
    def __init__(self, page, url: str) -> None:
        self.page, self.url = page, url
        page.goto(url)
        self.app = page.locator("#tracker-app")

    def seq(self) -> int:
        return int(self.app.get_attribute("data-seq") or 0)

    def fresh(self) -> None:
        self.page.goto(self.url)

    def tap(self, testid: str) -> None:
        before = self.seq()
        self.page.get_by_test_id(testid).click()
        # The page may be between two documents when asked (a move answered by a new page):
        # no app yet is "not yet", not an error.
        self.page.wait_for_function(
            "n => { const app = document.getElementById('tracker-app');"
            " return !!app && Number(app.dataset.seq) > n; }",
            arg=before,
        )


def _do(phone: Phone, action: dict) -> None:  # noqa: PLR0911 - one tap per action type
    page, kind = phone.page, action["type"]
    if kind == "assign_roles":
        return phone.tap(f"attacker-{action['attacker']}")
    if kind == "set_first_turn":
        return phone.tap(f"first-{action['first']}")
    if kind == "choose_secondaries":
        if action["mode"] == "fixed":
            page.get_by_test_id("mode-fixed").check()
            for card in action["cards"]:
                page.get_by_test_id(f"fixed-{card}").check()
        return phone.tap("choose")
    if kind == "draw":
        return phone.tap("draw")
    if kind == "score_primary":
        page.get_by_test_id("primary-vp").fill(str(action["vp"]))
        return phone.tap("score-primary")
    if kind == "score_secondary":
        page.get_by_test_id(f"vp-{action['card']}").fill(str(action["vp"]))
        return phone.tap(f"score-{action['card']}")
    if kind == "discard":
        for card in action["cards"]:
            page.locator(f'input[name="cards"][value="{card}"]').check()
        return phone.tap("discard")
    if kind == "advance":
        return phone.tap("to-end_of_turn" if action.get("to") else "end-turn")
    assert kind == "finish", action
    return phone.tap("finish")


def _play(phones: dict, views_of) -> None:
    """Drive the game from each side's view: every action is tapped on its player's phone
    (side-less ones on A's), showing the game as it stands (see `_turn`)."""
    last = None
    for _ in range(600):
        action = next_action(views_of())
        if action is None:
            return
        last = _turn(phones[action.get("side", "a")], last)
        _do(last, action)
    raise AssertionError("the game did not end")


def _turn(phone: Phone, last: Phone | None) -> Phone:
    """The phone about to act, loaded afresh if the other phone moved since: a phone that made
    the last move already shows the game as it stands (each tap waits for the page that
    answers it), so it acts again without a reload, which is how a player plays a turn."""
    if phone is not last:
        phone.fresh()
    return phone


def test_two_phones_play_an_event_game_and_the_result_waits_for_the_opponent(
    live_server, new_page, settings, organiser
):
    from rest_framework.test import APIClient

    from tests.conftest import add_players
    from tournament.models import Result
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    settings.TRACKER_POLL_MS = 60_000
    event = event_create(user=organiser, name="XI GT", rounds=3, seed=1, mission_pack="eleventh")
    players = add_players(event, organiser, 2, disposition="priority-assets")
    players[1].disposition = "disruption"
    players[1].save(update_fields=["disposition"])
    game = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    ).games.get()
    base = f"{live_server.url}/tracker/game/{game.pk}/?key="
    phones = {
        s: Phone(new_page(PHONE), base + p.private_key) for s, p in zip("ab", players, strict=True)
    }
    assert "Extract Relic" in phones["a"].page.get_by_test_id("panel-a").inner_text()
    keys = {}
    for s, p in zip("ab", players, strict=True):
        keys[s] = APIClient()
        keys[s].credentials(HTTP_AUTHORIZATION=f"Key {p.private_key}")
    url = f"/api/games/{game.pk}/tracker/"
    _play(phones, lambda: {s: keys[s].get(url).json() for s in "ab"})
    final = keys["a"].get(url).json()["final"]
    phones["b"].fresh()
    assert "awaiting confirmation" in phones["b"].page.get_by_test_id("result").inner_text()
    result = Result.objects.get(game=game)
    assert (result.vp_a, result.vp_b) == (final["a"]["total"], final["b"]["total"])
    assert result.status == "pending"
    assert result.rounds_a == final["a"]["rounds"]


def test_two_phones_play_an_eleventh_edition_game_to_the_end(
    live_server, new_page, settings, client
):
    from tracker.models import TrackedGame

    settings.TRACKER_POLL_MS = 60_000  # each phone reloads itself before it acts
    start = new_page(PHONE)
    start.goto(f"{live_server.url}/tracker/new/")
    start.get_by_test_id("eleventh-a").select_option("purge-the-foe")
    start.get_by_test_id("eleventh-b").select_option("reconnaissance")
    start.get_by_test_id("start-eleventh").click()
    start.locator("#tracker-app").wait_for()
    token = start.url.split("/tracker/")[1].split("/")[0]
    url = f"{live_server.url}/tracker/{token}/"
    phones = {"a": Phone(start, f"{url}?side=a"), "b": Phone(new_page(PHONE), f"{url}?side=b")}
    assert "Consecrate" in phones["a"].page.content()  # Purge the Foe v Reconnaissance

    phone = None
    for _ in range(600):
        views = {s: client.get(f"/api/tracker/{token}/", {"side": s}).json() for s in "ab"}
        action = next_action(views)
        if action is None:
            break
        phone = _turn(phones[action.get("side", "a")], phone)
        if action["type"] == "choose_secondaries" and action["side"] == "b":
            # A chose Fixed first: B's phone knows only that A has chosen.
            text = phone.page.get_by_test_id("other-choice").inner_text()
            assert "has chosen" in text
            assert "Assassination" not in phone.page.get_by_test_id("panel-a").inner_text()
        _do(phone, action)

    final = TrackedGame.objects.get(token=token).state
    assert final["phase"] == "over"
    for phone in phones.values():
        phone.fresh()
        phone.page.get_by_test_id("final").wait_for()
    sheet = client.get(f"/api/tracker/{token}/", {"side": "a"}).json()["final"]
    shown = phones["a"].page.get_by_test_id("final").inner_text()
    assert f"{sheet['a']['total']} – {sheet['b']['total']}" in shown
    for s in "ab":
        assert all(r["primary"] <= 15 and r["secondary"] <= 15 for r in sheet[s]["rounds"])

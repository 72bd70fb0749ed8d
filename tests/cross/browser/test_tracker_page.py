"""A whole tracked event game played on two phones, by tapping and typing only.

The services make the event, its two players and the round; everything after that happens
in the page: roll-off, roles, Fixed/Tactical, five battle rounds, gambits and the finish.
The result that lands in the database must match the capped totals the page showed.
"""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_MS = 1000  # TRACKER_POLL_MS for this test (4 s in production): the same code, less idling
SEEN_MS = POLL_MS + 3000  # the other phone catches up within one poll (plus a slow request)
# Take and Hold scores in rounds 2-5, at most 15VP a turn: the defender's 60 hits the cap of 50.
PRIMARY = {"attacker": 12, "defender": 15}
CAPS = {"primary_and_gambit": 50, "secondary": 40, "per_fixed_card": 20, "total": 100}


class Phone:
    """One player's phone: the page plus what this player entered, for the expected score."""

    def __init__(self, page, url: str | None = None, player=None) -> None:
        self.page = page
        self.player = player
        self.name = player.name if player else ""
        self.side = ""
        self.entries: list[tuple[str, str | None, int]] = []  # (category, card, vp)
        if url:
            page.goto(url)
        self.app = page.locator("#tracker-app")
        self.app.locator(".trk-board").wait_for()

    def seq(self) -> int:
        return int(self.app.get_attribute("data-seq") or 0)

    def attr(self, name: str) -> str:
        return self.app.get_attribute(f"data-{name}") or ""

    def act(self, locator) -> None:
        """Tap and wait until the server's answer is on the screen (the clock moved)."""
        before = self.seq()
        locator.click()
        self.page.wait_for_function(
            "n => { const app = document.getElementById('tracker-app');"
            " return !!app && Number(app.dataset.seq) > n && !app.dataset.busy; }",
            arg=before,
        )

    def catch_up(self, seq: int) -> None:
        """Wait (without reloading) until polling has brought this phone to `seq`."""
        self.page.wait_for_function(
            "n => { const app = document.getElementById('tracker-app');"
            " return !!app && Number(app.dataset.seq) >= n; }",
            arg=seq,
            timeout=SEEN_MS,
        )

    def button(self, name: str, *, within=None):
        scope = within if within is not None else self.page
        return scope.get_by_role("button", name=name, exact=True)

    def total(self, side: str) -> int:
        text = self.page.get_by_test_id(f"total-{side}").inner_text()
        return int(re.match(r"\d+", text).group())


def _expected(phone: Phone) -> int:
    primary = sum(vp for cat, _, vp in phone.entries if cat == "primary")
    gambit = sum(vp for cat, _, vp in phone.entries if cat == "gambit")
    per_card: dict[str | None, int] = {}
    for cat, card, vp in phone.entries:
        if cat == "secondary":
            per_card[card] = per_card.get(card, 0) + vp
    if phone.side == "defender":  # Fixed: each card capped on its own
        secondary = sum(min(vp, CAPS["per_fixed_card"]) for vp in per_card.values())
    else:
        secondary = sum(per_card.values())
    primary = min(primary, CAPS["primary_and_gambit"])
    gambit = min(gambit, CAPS["primary_and_gambit"] - primary)
    return min(primary + gambit + min(secondary, CAPS["secondary"]), CAPS["total"])


def _make_game():
    from django.contrib.auth import get_user_model

    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    organiser = get_user_model().objects.create_user("marshal", password="pw", is_staff=True)
    event = event_create(user=organiser, name="Tracker Night", rounds=3, seed=7)
    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": a.pk, "player_b": b.pk}],
        mission_code="A",  # Chilling Rain: no rule that changes how the decks are drawn
    )
    return round_.games.get()


def _roles(a: Phone, b: Phone) -> tuple[Phone, Phone]:
    a.act(a.button("Roll off"))
    # B did nothing: polling brings A's roll-off to B's phone.
    b.page.get_by_text("Roll-off:").wait_for(timeout=SEEN_MS)
    winner_name = a.page.locator(".trk-panel .trk-note b").inner_text()
    assert winner_name in (a.name, b.name)
    attacker, defender = (a, b) if winner_name == a.name else (b, a)
    attacker.act(attacker.button(f"{attacker.name} attacks"))
    defender.catch_up(attacker.seq())
    attacker.side, defender.side = "attacker", "defender"
    assert attacker.attr("side") == "attacker"
    assert defender.attr("side") == "defender"
    return attacker, defender


def _secondaries(attacker: Phone, defender: Phone, shoot) -> None:
    page = defender.page
    picks = page.locator("label.trk-pick:not(.trk-decoy)")
    picks.nth(0).click()
    # Refused: Fixed needs two cards. A readable message, nothing stored, the tick kept.
    before = defender.seq()
    page.get_by_role("button", name="Play Fixed with these two").click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text() == "Choose two different cards (Fixed)"
    assert defender.seq() == before
    assert picks.nth(0).locator("input").is_checked()
    shoot(page, "tracker-refused")
    picks.nth(2).click()
    defender.act(page.get_by_role("button", name="Play Fixed with these two"))
    page.get_by_text("chose fixed").wait_for()
    attacker.catch_up(defender.seq())
    attacker.page.get_by_text("chosen ✓").wait_for()
    # The board says the defender chose, without saying what, and never "mode ?".
    assert "chosen, hidden" in attacker.page.locator(".trk-board").inner_text()
    assert "?" not in attacker.page.locator(".trk-board").inner_text()
    tactical = attacker.button("Play Tactical with these two decoys")
    before = attacker.seq()
    tactical.click()  # no decoys ticked: refused, nothing stored
    assert attacker.page.get_by_role("alert").inner_text() == "Choose two different cards (decoys)"
    assert attacker.seq() == before
    decoys = attacker.page.locator("label.trk-decoy")
    decoys.nth(0).click()
    decoys.nth(1).click()
    attacker.act(tactical)
    shoot(attacker.page, "tracker-first-turn")
    defender.catch_up(attacker.seq())
    defender.page.get_by_text("Who takes the first turn?").wait_for()
    defender.act(defender.button("Roll off"))


def _achieve(phone: Phone) -> str | None:
    """Achieve the first card the page offers now (cards that do not score now have no button);
    its key."""
    offered = phone.page.locator("article.trk-card", has=phone.button("Achieve"))
    if not offered.count():
        return None
    card = offered.first
    vp_input = card.locator("input.trk-vp")
    vp = min(5, int(vp_input.get_attribute("max")))
    key = card.get_attribute("data-testid").removeprefix("card-")
    vp_input.fill(str(vp))
    phone.act(phone.button("Achieve", within=card))
    phone.entries.append(("secondary", key, vp))
    if key == "bring_it_down" and phone.side == "attacker":
        # Drawn (Tactical), it is achieved when the turn ends, which adds its +1 bonus
        # (seed 002: "at the end of that turn"); the test ends the turn right after.
        phone.entries.append(("secondary", key, 1))
    return key


def _turn(phone: Phone, other: Phone, round_: int, shoot) -> None:
    page = phone.page
    phone.catch_up(other.seq())
    assert phone.attr("turn") == phone.side
    if phone.side == "attacker":  # Tactical
        deck = int(page.locator(f'.trk-counts b[data-deck="{phone.side}"]').inner_text())
        phone.act(phone.button("Draw secondary cards"))
        after = int(page.locator(f'.trk-counts b[data-deck="{phone.side}"]').inner_text())
        assert after < deck
    attempting = phone.side == "attacker" and round_ > 3
    # Take and Hold: end of the Command phase in rounds 2-5, but at the end of the turn for
    # the player going second in round 5.
    at_end = round_ == 5 and phone.attr("turn") != phone.attr("first")
    if not attempting and round_ > 1 and not at_end:
        _primary(phone, round_)
    if round_ == 1:
        # Round 1: no primary VP, so no field for them; the page says when it scores.
        assert page.locator("#vp-primary").count() == 0
        assert (
            "scores at the end of your Command phase"
            in page.get_by_test_id("primary-when").inner_text()
        )
    if round_ == 1:  # the first turn walks every phase; later turns skip to its end
        phone.act(phone.button("Movement →"))
        # The opponent's phone follows the clock but has no button to move it.
        other.catch_up(phone.seq())
        other.page.get_by_test_id("waiting").wait_for()
        assert other.page.get_by_role("button", name=re.compile("→|⇥")).count() == 0
        assert other.page.locator(".trk-clock").inner_text().endswith(f"{phone.name}'s turn")
        if phone.side == "attacker":
            shoot(other.page, "tracker-waiting", full_page=False)
        for phase in ("Shooting", "Charge", "Fight", "End of turn"):
            phone.act(phone.button(f"{phase} →"))
    else:
        phone.act(phone.button("End of turn ⇥"))
    assert phone.attr("phase") == "end_of_turn"
    if attempting:
        page.get_by_text("Attempting a gambit: no more primary VP.").wait_for()
    elif at_end:
        _primary(phone, round_)
    if round_ == 1 and phone.side == "attacker":
        shoot(page, "tracker-battle")
        shoot(page, "tracker-battle-screen", full_page=False)
    achieved = _achieve(phone)
    # Discard a card other than the one just achieved: a per-kill card stays active until the
    # turn ends, and discarding it would give up its bonus.
    ticks = page.locator(f"article.trk-card:not([data-testid='card-{achieved}']) label.trk-tick")
    if phone.side == "attacker" and ticks.count():
        ticks.first.click()
        phone.act(page.get_by_role("button", name=re.compile(r"^Discard ticked cards")))
    if attempting and round_ == 5:
        gambit = page.get_by_role("button", name=re.compile(r"^Succeeded \(\+\d+VP\)"))
        vp = int(re.search(r"\d+", gambit.inner_text()).group())
        phone.act(gambit)
        phone.entries.append(("gambit", None, vp))
    phone.act(phone.button(f"End {phone.name}'s turn →"))


def _primary(phone: Phone, round_: int) -> None:
    page = phone.page
    field = page.locator("#vp-primary")
    assert field.get_attribute("max") == "15"
    if round_ == 2:  # an empty field says what it needs, below the header, and sends nothing
        before = phone.seq()
        phone.button("Score Take and Hold").click()
        alert = page.get_by_role("alert")
        assert alert.inner_text() == "Enter the primary VP scored: 0 to 15."
        head = page.locator(".trk-head").bounding_box()
        assert alert.bounding_box()["y"] >= head["y"] + head["height"]
        assert phone.seq() == before
    vp = PRIMARY[phone.side]
    field.fill(str(vp))
    phone.act(phone.button("Score Take and Hold"))
    phone.entries.append(("primary", None, vp))


def _gambits(attacker: Phone, defender: Phone, shoot) -> None:
    for phone in (attacker, defender):
        phone.catch_up(max(attacker.seq(), defender.seq()))
        phone.page.get_by_role("heading", name="Gambit").wait_for()
    attempt = attacker.page.locator(
        "[data-testid^='gambit-']:not([data-testid='gambit-proceed_as_planned'])"
    ).first
    shoot(attacker.page, "tracker-gambits")
    attacker.act(attacker.button("Choose", within=attempt))
    attacker.page.get_by_text("✓ Chosen:").wait_for()
    defender.catch_up(attacker.seq())
    plan = defender.page.get_by_test_id("gambit-proceed_as_planned")
    defender.act(defender.button("Choose", within=plan))
    assert defender.attr("round") == "4"


def test_a_whole_event_game_on_two_phones(live_server, new_page, shoot, settings):
    from tournament.models import Result

    settings.TRACKER_POLL_MS = POLL_MS
    game = _make_game()
    base = f"{live_server.url}/tracker/game/{game.pk}/?key="
    a = Phone(new_page(), base + game.player_a.private_key, game.player_a)
    b = Phone(new_page(), base + game.player_b.private_key, game.player_b)
    assert "{#" not in a.page.locator("body").inner_text()  # no template source leaks
    assert a.page.get_by_test_id("legend").inner_text().startswith("P primary · S secondary")
    back = a.page.get_by_test_id("back")
    assert back.inner_text() == "‹ Your player page"
    assert game.player_a.private_key in back.get_attribute("href")
    shoot(a.page, "tracker-roles")

    attacker, defender = _roles(a, b)
    _secondaries(attacker, defender, shoot)
    # The defender rolled for the first turn, so their phone already knows the answer.
    first = attacker if defender.attr("turn") == "attacker" else defender
    second = defender if first is attacker else attacker
    for phone in (first, second):
        phone.catch_up(max(first.seq(), second.seq()))
        # Both players gained 1CP in the first player's Command phase.
        assert phone.page.get_by_test_id(f"cp-{phone.side}").inner_text() == "1"
    for round_ in range(1, 6):
        _turn(first, second, round_, shoot)
        _turn(second, first, round_, shoot)
        if round_ == 3:
            _gambits(attacker, defender, shoot)

    closer = first
    closer.catch_up(second.seq())
    page = closer.page
    page.get_by_role("heading", name="End of battle").wait_for()
    shown = {p.side: closer.total(p.side) for p in (attacker, defender)}
    assert shown == {p.side: _expected(p) for p in (attacker, defender)}
    assert shown["defender"] < sum(vp for c, _, vp in defender.entries if c != "gambit")  # capped
    page.once("dialog", lambda dialog: dialog.accept())
    closer.act(closer.button("Finish the game"))
    page.get_by_test_id("final").wait_for()
    final = page.get_by_test_id("final").inner_text()
    assert f"{attacker.name} {shown['attacker']} – {shown['defender']} {defender.name}" == final
    other = second
    other.catch_up(closer.seq())
    assert other.page.get_by_test_id("final").inner_text() == final
    shoot(other.page, "tracker-final")

    result = Result.objects.get(game=game, is_current=True)
    assert result.status == "pending"
    assert result.source == "tracker"
    by_player = {a.player.pk: shown[a.side], b.player.pk: shown[b.side]}
    assert (result.vp_a, result.vp_b) == (by_player[game.player_a_id], by_player[game.player_b_id])
    line = page.get_by_test_id("result").inner_text()
    assert line == (
        f"Result sent: {game.player_a.name} {result.vp_a} – {result.vp_b} {game.player_b.name}"
        " · awaiting confirmation"
    )


def test_standalone_game_shared_link_and_a_stale_tap(live_server, new_page, settings):
    """No event: start from the mission list, share the link, and let the second phone tap
    on an out-of-date screen (polling is slowed so it cannot catch up first)."""
    settings.TRACKER_POLL_MS = 60_000
    one = new_page()
    one.goto(f"{live_server.url}/tracker/new/")
    one.get_by_label("Mission code").fill("LEV-C")
    one.get_by_role("button", name="Start on this mission").click()
    one.wait_for_url(re.compile(r"/tracker/[^/]+/$"))
    one.get_by_text("Share this game").click()
    link = one.get_by_role("textbox").input_value()
    assert link == one.url
    first, second = Phone(one), Phone(new_page(), link)
    two = second.page
    first.act(first.button("Roll off"))

    # The second phone still shows the old screen: its tap is refused, then it catches up.
    second.button("Roll off").click()
    alert = two.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text() == "The other phone moved first: this is the game now."
    two.get_by_text("Roll-off:").wait_for()
    assert second.seq() == first.seq() == 1

    # One phone can play both sides of a standalone game with the tabs.
    second.act(second.button("Player 1 attacks"))
    two.locator("label.trk-decoy").nth(0).click()
    two.locator("label.trk-decoy").nth(1).click()
    second.act(second.button("Play Tactical with these two decoys"))
    two.get_by_role("tab", name=re.compile("Defender")).click()
    two.get_by_text("Player 1: chosen ✓").wait_for()
    two.locator("label.trk-pick:not(.trk-decoy)").nth(0).click()
    two.locator("label.trk-pick:not(.trk-decoy)").nth(1).click()
    second.act(two.get_by_role("button", name="Play Fixed with these two"))
    two.get_by_role("heading", name="Who takes the first turn?").wait_for()
    one.reload()  # a person pulling to refresh sees the same game
    one.get_by_role("heading", name="Who takes the first turn?").wait_for()
    assert "Tactical" in one.get_by_role("tab", name=re.compile("Attacker")).inner_text()
    assert "Fixed" in one.get_by_role("tab", name=re.compile("Defender")).inner_text()

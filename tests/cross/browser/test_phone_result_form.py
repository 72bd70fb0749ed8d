"""The result on a 390 px phone in an 11th-edition game: the table number near the top (the
current game before the other cards), the battle-round record as wide as the form, the
dispute form with its Battle Ready tick, and the confirming player shown the breakdown they
confirm, not only the totals."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

R_A = [(10, 5), (8, 7), (15, 15), (0, 3), (7, 10)]  # 40 + 40, and Battle Ready: 90
R_B = [(5, 5), (5, 5), (5, 5), (5, 5), (5, 5)]  # 25 + 25


def _rounds(pairs):
    return [{"primary": p, "secondary": s} for p, s in pairs]


@pytest.fixture
def game11(organiser):
    """An 11th-edition game, round 1 (paired before the pack is set, as the results tests do),
    with an announcement and check-in on the page above it."""
    from tests.conftest import add_players
    from tournament.models import Event
    from tournament.services.events.events import event_create
    from tournament.services.live.announcements import announcement_post
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Eleventh GT", rounds=3, seed=1)
    players = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    )
    Event.objects.filter(pk=event.pk).update(mission_pack="eleventh")
    announcement_post(
        event=event, user=organiser, text="Lunch is served in the side hall from 13:00."
    )
    return round_.games.get()


def _open(new_page, live_server, player):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{player.private_key}/")
    return page


def test_the_table_number_comes_first(live_server, new_page, game11):
    page = _open(new_page, live_server, game11.player_a)
    badge = page.locator(".table-badge").bounding_box()
    # Under the player's name, before the clock, announcements and other cards.
    assert badge["y"] < 330, badge
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_battle_round_record_spans_the_form(live_server, new_page, game11):
    page = _open(new_page, live_server, game11.player_a)
    form = page.locator("#my-result form.score-form")
    form.locator("details.record-eleventh summary").click()
    record = form.locator("details.record-eleventh").bounding_box()
    width = form.bounding_box()["width"]
    assert record["width"] >= width - 2, (record, width)
    first = form.locator('input[name="r1_primary_a"]').bounding_box()
    assert first["width"] >= 44, first  # a box a thumb can type in
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_confirming_player_sees_the_breakdown_and_can_dispute_with_battle_ready(
    live_server, new_page, game11
):
    from tournament.services.results.results import result_enter

    result_enter(
        game_id=game11.pk,
        data={"rounds_a": _rounds(R_A), "rounds_b": _rounds(R_B), "battle_ready_a": 10},
        player=game11.player_a,
    )
    page = _open(new_page, live_server, game11.player_b)
    card = page.locator("#my-result")
    breakdown = card.get_by_test_id("entered-breakdown")
    text = " ".join(breakdown.inner_text().split())
    # B's own side first: B scored 25 primary, 25 secondary; A 40, 40 and Battle Ready.
    assert "Primary 25 40" in text, text
    assert "Secondary 25 40" in text, text
    assert "Battle Ready – 10" in text or "Battle Ready 0 10" in text, text
    for n, ((pa, sa), (pb, sb)) in enumerate(zip(R_A, R_B, strict=True), start=1):
        assert f"Round {n} {pb} {sb} {pa} {sa}" in text, text
    box = breakdown.bounding_box()
    assert box["width"] <= PHONE["width"]
    card.locator("details.dispute > summary").click()
    tick = card.locator('details.dispute input[name="battle_ready"]')
    assert tick.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

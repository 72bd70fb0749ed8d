"""Two captains run the pairing ritual on their phones to the end: each commits on their own
page, the waiting page updates itself when the other captain has chosen, and the games are
made with their tables."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _team_match():
    from django.contrib.auth import get_user_model

    from teams.services.rounds import team_round_create
    from tests.teams.ritual.conftest import make_team
    from tournament.services.events.events import event_create

    organiser = get_user_model().objects.create_user("marshal", password="pw", is_staff=True)
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=5)
    make_team(event, organiser, "Alpha")
    make_team(event, organiser, "Beta")
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    return team_round.matches.get()


def _commit(page) -> None:
    """Make this page's choice: the first player offered (the first two for attackers)."""
    form = page.locator("form.ritual-form")
    boxes = form.locator("input[type=checkbox]")
    if boxes.count():
        boxes.nth(0).check()
        boxes.nth(1).check()
    else:
        form.locator("input[type=radio]").first.check()
    form.get_by_role("button").click()
    page.wait_for_load_state()


def test_two_captains_run_the_ritual_on_their_phones(live_server, new_page, shoot):
    from tournament.models import Game

    match = _team_match()
    base = live_server.url
    phones = {}
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        page = new_page(PHONE)
        page.goto(f"{base}/p/{team.captain.private_key}/")
        page.get_by_role("link", name="Pairing ritual: Alpha v Beta").or_(
            page.get_by_role("link", name="Pairing ritual: Beta v Alpha")
        ).click()
        page.locator("#ritual").wait_for()
        phones[side] = page
    assert "Put forward your defender." in phones["a"].content()

    for _ in range(12):  # 5 players a side: five steps of two commits each
        done = 0
        for side in ("a", "b"):
            page = phones[side]
            # No reload here: a waiting page must update itself (it polls) once both have chosen.
            ready = page.locator("form.ritual-form").or_(page.get_by_text("Ritual complete"))
            ready.first.wait_for(timeout=10_000)
            if page.get_by_text("Ritual complete").count():
                done += 1
                continue
            _commit(page)
            if side == "a":
                # A waits: its page says so, and B's page shows only that A has chosen.
                page.get_by_text("waiting for the other choice").wait_for()
                phones["b"].reload()
                assert f"{match.team_a.name}: has chosen" in phones["b"].content()
        if done == 2:
            break
    for page in phones.values():
        page.get_by_text("Ritual complete").wait_for(timeout=10_000)
    shoot(phones["a"], "ritual-captain-done")
    games = list(Game.objects.filter(round=match.team_round.round).order_by("table_number"))
    assert len(games) == 5
    assert [g.table_number for g in games] == list(range(match.first_table, match.first_table + 5))
    text = phones["b"].locator("table.ritual-games").inner_text()
    for g in games:
        assert g.player_a.name in text
        assert g.player_b.name in text


def test_both_captains_choose_at_the_same_moment(live_server, new_page):
    """Both phones show the defender step; A commits, then B commits from the page it loaded
    before A chose (no reload): B's choice goes through, and the step is revealed on both."""
    match = _team_match()
    phones = {}
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        page = new_page(PHONE)
        page.goto(f"{live_server.url}/p/{team.captain.private_key}/ritual/")
        page.locator("form.ritual-form").wait_for()
        phones[side] = page
    _commit(phones["a"])
    _commit(phones["b"])
    assert "moved on" not in phones["b"].content()
    for page in phones.values():
        page.get_by_text("Put forward two attackers").wait_for(timeout=10_000)

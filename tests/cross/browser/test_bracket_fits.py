"""The bracket fits (issue 32, item 9): on the big screen at 1920x1080 every match of a top 8
and of a 16-player double elimination stays inside the screen, no heading lies over a match,
and the announcements and standings stay on screen; on the desktop bracket page no column
clips its last match."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
DESKTOP = {"width": 1280, "height": 800}


def _cut(fmt: str, size: int, players: int):
    from django.contrib.auth import get_user_model

    from playoffs.services.playoffs import playoff_advance, playoff_create
    from tests.playoffs.conftest import swiss_event
    from tournament.services.live.announcements import announcement_post

    organiser = get_user_model().objects.create_user("marshal", password="pw", is_staff=True)
    event = swiss_event(organiser, players=players, rounds=1)
    playoff_create(
        event_id=event.pk, user=organiser, format=fmt, size=size, third_place=fmt == "single"
    )
    playoff_advance(event_id=event.pk, user=organiser)
    announcement_post(event=event, user=organiser, text="Lunch at the bar until 13:00.")
    return event


def _rects(page, selector: str) -> list[dict]:
    return page.evaluate(
        "s => [...document.querySelectorAll(s)].map(e => {"
        " const r = e.getBoundingClientRect();"
        " return {text: e.textContent.trim().slice(0, 40), left: r.left, top: r.top,"
        " right: r.right, bottom: r.bottom, w: r.width, h: r.height}; })",
        selector,
    )


def _inside(rect: dict, box: dict) -> bool:
    return (
        rect["left"] >= box["left"] - 0.5
        and rect["top"] >= box["top"] - 0.5
        and rect["right"] <= box["right"] + 0.5
        and rect["bottom"] <= box["bottom"] + 0.5
    )


def _overlap(a: dict, b: dict) -> bool:
    return not (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
    )


@pytest.mark.parametrize(("fmt", "size", "players"), [("single", 8, 10), ("double", 16, 16)])
def test_the_big_screen_fits_the_whole_bracket_at_1920x1080(
    live_server, new_page, fmt, size, players
):
    event = _cut(fmt, size, players)
    page = new_page(TV)
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    page.locator(".screen-playoffs .po-match").first.wait_for()
    page.wait_for_timeout(300)  # the fit runs after layout
    screen = {"left": 0, "top": 0, "right": TV["width"], "bottom": TV["height"]}
    matches = _rects(page, ".screen-playoffs .po-match")
    assert matches
    for m in matches:
        assert _inside(m, screen), f"match {m['text']!r} runs off the screen: {m}"
        assert m["h"] > 8, "the bracket is scaled past reading"
    for heading in _rects(page, ".screen-playoffs .po-round h3"):
        assert _inside(heading, screen), heading
        for m in matches:
            assert not _overlap(heading, m), f"{heading['text']!r} lies over {m['text']!r}"
    for part in (".screen-standings h2", ".screen-announcements li", ".screen-playoffs h2"):
        for rect in _rects(page, part):
            assert _inside(rect, screen), f"{part} is pushed off the screen: {rect}"


@pytest.mark.parametrize(("fmt", "size", "players"), [("single", 8, 10), ("double", 16, 16)])
def test_the_desktop_bracket_page_clips_no_match(live_server, new_page, fmt, size, players):
    event = _cut(fmt, size, players)
    page = new_page(DESKTOP)
    page.goto(f"{live_server.url}/events/{event.pk}/playoffs/")
    page.locator(".po-match").first.wait_for()
    bracket = page.locator(".po-bracket")
    scroll_h, client_h = bracket.evaluate("b => [b.scrollHeight, b.clientHeight]")
    assert scroll_h <= client_h + 1, "the bracket's columns are cut at the bottom"
    for column in page.locator(".po-round").all():
        box = column.evaluate(
            "c => { const r = c.getBoundingClientRect();"
            " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"
        )
        last = column.locator(".po-match").last.evaluate(
            "m => { const r = m.getBoundingClientRect();"
            " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"
        )
        assert last["bottom"] <= box["bottom"] + 0.5, "a column's last match sticks out"

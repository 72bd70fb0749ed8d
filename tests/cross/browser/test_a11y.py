"""Accessibility beyond the site walk: the skip link, the plain error page, and the axe harness
itself. Every page of tests/cross/browser/site_pages.py is checked against axe-core's WCAG 2.x A
and AA rules by the walk (tests/cross/browser/test_site_walk.py).
"""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import DESKTOP, PHONE
from tests.cross.browser.page_checks import axe_report, axe_violations
from tests.cross.browser.site_pages import site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_skip_link_is_the_first_stop_and_lands_on_the_content(live_server, new_page):
    site_build()
    page = new_page(PHONE)
    page.goto(live_server.url + "/")
    page.locator("main h1").wait_for()
    skip = page.locator("a.skip-link")
    assert skip.inner_text() == "Skip to content"
    assert skip.bounding_box()["y"] < 0  # out of sight until focused
    page.keyboard.press("Tab")
    page.wait_for_function("() => document.activeElement.classList.contains('skip-link')")
    box = skip.bounding_box()
    assert box["y"] >= 0  # shown once focused
    assert box["height"] > 0
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'content'")
    assert page.url.endswith("#content")


def test_the_plain_error_page_has_no_accessibility_violations(live_server, new_page):
    """error.html stands alone (it must not touch the database), so it is checked by itself:
    rendered as the server renders it, shown at the site's address so its styles load."""
    from django.template import loader

    html = loader.get_template("error.html").render(
        {"title": "Try again shortly", "text": "The database is not answering."}
    )
    for viewport in (PHONE, DESKTOP):
        page = new_page(viewport)
        page.goto(live_server.url + "/accounts/login/")
        page.set_content(html)
        page.locator("main h1").wait_for()
        violations = axe_violations(page)
        assert violations == [], axe_report(violations)


def test_the_check_fails_what_it_should(live_server, new_page):
    """The harness itself: pale text fails, and so does text axe cannot measure."""
    page = new_page(PHONE)
    # A page of its own, without the site's Content-Security-Policy, which would refuse the
    # inline styles this check needs.
    page.goto("about:blank")
    page.set_content(
        '<!doctype html><html lang="en"><head><title>Check</title></head><body><main>'
        "<h1>Check</h1>"
        '<p style="color:#aaa;background:#fff">Pale grey on white</p>'
        '<p style="background:linear-gradient(#fff,#eee)">On a gradient</p>'
        '<input type="text">'
        "</main></body></html>"
    )
    found = {v["id"] for v in axe_violations(page)}
    assert {"color-contrast", "color-contrast-unchecked", "label"} <= found
    # The best-practice rules run too: no <main>, no <h1>.
    page.set_content('<!doctype html><html lang="en"><title>Bare</title><p>Text</p></html>')
    found = {v["id"] for v in axe_violations(page)}
    assert {"landmark-one-main", "page-has-heading-one", "region"} <= found

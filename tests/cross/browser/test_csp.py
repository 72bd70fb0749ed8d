"""Pages work under their Content-Security-Policy (issue 32, minor): opened in Chromium, none
reports a violation (a blocked inline script or style, a foreign source). Every page of
tests/cross/browser/site_pages.py is checked so by the walk (tests/cross/browser/test_site_walk.py);
here the API docs, the admin, and the print page's script at work."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.page_checks import csp_listen, csp_violations
from tests.cross.browser.site_pages import ORGANISER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(new_page, live_server, site, who, path: str, *, ready: str = "main"):
    page = open_as(new_page, live_server, site, who, PHONE)
    console = csp_listen(page)
    response = page.goto(live_server.url + path)
    assert response.headers.get("content-security-policy"), path
    page.locator(ready).first.wait_for()
    page.wait_for_load_state("networkidle")
    return page, console


def test_api_docs_and_admin_run_without_a_policy_violation(live_server, new_page):
    site = site_build()
    page, console = _open(new_page, live_server, site, ORGANISER, "/api/docs/", ready="#swagger-ui")
    page.locator(".swagger-ui .info").first.wait_for()  # the UI drew itself from its script
    assert csp_violations(page, console) == []
    site.organiser.is_superuser = True
    site.organiser.save()
    page, console = _open(new_page, live_server, site, ORGANISER, "/admin/", ready="#content")
    assert csp_violations(page, console) == []


def test_print_page_script_still_runs(live_server, new_page):
    """The print page's inline script (nonce) still answers a click on Make PDF in place."""
    site = site_build()
    path = f"/events/{site.event.pk}/print/round/1/"
    page, console = _open(new_page, live_server, site, ORGANISER, path)
    page.locator("form[data-print-job] button").first.click()
    page.locator("#print-progress").wait_for(state="visible")
    assert csp_violations(page, console) == []

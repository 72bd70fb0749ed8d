"""Every page works under its Content-Security-Policy (issue 32, minor): opened in Chromium,
none reports a violation (a blocked inline script or style, a foreign source). Pages come from
the one list in tests/cross/browser/site_pages.py; the print page, the API docs and the admin
too."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.site_pages import ORGANISER, PAGES, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Recorded from the first moment of every document (init scripts are not subject to the CSP).
LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => {
  window.__csp.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
                    ' at ' + (e.sourceFile || '') + ':' + e.lineNumber);
});
"""


def _violations(page, console: list[str]) -> list[str]:
    found = page.evaluate("window.__csp || []")
    return found + [text for text in console if "Content Security Policy" in text]


def _open(new_page, live_server, site, who, path: str, *, ready: str = "main"):
    page = open_as(new_page, live_server, site, who, PHONE)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(LISTEN)
    response = page.goto(live_server.url + path)
    assert response.headers.get("content-security-policy"), path
    page.locator(ready).first.wait_for()
    page.wait_for_load_state("networkidle")
    return page, console


@pytest.mark.parametrize("page_row", PAGES, ids=[p.name for p in PAGES])
def test_page_runs_without_a_policy_violation(page_row, live_server, new_page):
    site = site_build()
    if page_row.setup:
        page_row.setup(site)
    page, console = _open(
        new_page, live_server, site, page_row.who, page_row.path(site), ready=page_row.ready
    )
    assert _violations(page, console) == [], page_row.name


def test_api_docs_and_admin_run_without_a_policy_violation(live_server, new_page):
    site = site_build()
    page, console = _open(new_page, live_server, site, ORGANISER, "/api/docs/", ready="#swagger-ui")
    page.locator(".swagger-ui .info").first.wait_for()  # the UI drew itself from its script
    assert _violations(page, console) == []
    site.organiser.is_superuser = True
    site.organiser.save()
    page, console = _open(new_page, live_server, site, ORGANISER, "/admin/", ready="#content")
    assert _violations(page, console) == []


def test_print_page_script_still_runs(live_server, new_page):
    """The print page's inline script (nonce) still answers a click on Make PDF in place."""
    site = site_build()
    path = f"/events/{site.event.pk}/print/round/1/"
    page, console = _open(new_page, live_server, site, ORGANISER, path)
    page.locator("form[data-print-job] button").first.click()
    page.locator("#print-progress").wait_for(state="visible")
    assert _violations(page, console) == []

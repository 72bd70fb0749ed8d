"""Every page passes axe-core's WCAG 2.x A and AA rules, at phone and desktop sizes.

axe-core is vendored (tests/cross/browser/vendor/, MPL-2.0) and injected by the test: nothing is
fetched from the network and nothing extra is served to users. Pages come from the one list
in tests/cross/browser/site_pages.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cross.browser.conftest import DESKTOP, PHONE
from tests.cross.browser.site_pages import ANYONE, PAGES, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
# The WCAG 2.0/2.1/2.2 A and AA rules, and the best-practice rules on landmarks and headings
# that a screen-reader user leans on to find their way around a page.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BEST_PRACTICE = [
    "landmark-one-main",
    "landmark-unique",
    "landmark-no-duplicate-banner",
    "landmark-no-duplicate-contentinfo",
    "region",
    "page-has-heading-one",
    "heading-order",
    "bypass",
]
# axe leaves text on a gradient or image "incomplete" rather than failing it, so a gradient
# behind a table would silently switch the contrast check off for all of its text. Such text
# fails here unless it is inside one of these, whose colours were checked by hand:
HAND_CHECKED = [
    ".trk-head",  # white and near-white on #2a1414-#7a1f1f: 8.7:1 at the lightest end
    # SVG text, which axe takes for text on an image: #1d2330 on the white card (16:1) beside
    # the bars, never on them; the 50% mark #667085 on white (4.8:1).
    ".factions-chart",
]
RUN = """async ([tags, extra, handChecked]) => {
  const rules = Object.fromEntries(extra.map(id => [id, {enabled: true}]));
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, rules});
  const found = result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary),
  }));
  const unchecked = result.incomplete.filter(v => v.id === 'color-contrast')
    .flatMap(v => v.nodes)
    .filter(n => n.any.some(c => /gradient|image/.test(c.message)))
    .filter(n => { const el = document.querySelector(n.target[0]);
      return !(el && handChecked.some(sel => el.closest(sel))); });
  if (unchecked.length) found.push({
    id: 'color-contrast-unchecked', impact: 'serious',
    help: 'Text on a gradient or image, which axe cannot measure',
    nodes: unchecked.slice(0, 5).map(n => n.target.join(' ')),
  });
  return found;
}"""


def axe_violations(page) -> list[dict]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        # Evaluated by the browser's devtools, not as an inline <script> the page's
        # Content-Security-Policy would refuse (ops/csp.py).
        page.evaluate("() => {\n" + AXE.read_text() + "\n}")
    return page.evaluate(RUN, [TAGS, BEST_PRACTICE, HAND_CHECKED])


def _report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"    {node}" for node in v["nodes"])
    return "\n".join(lines)


@pytest.mark.parametrize("page_row", PAGES, ids=[p.name for p in PAGES])
def test_page_has_no_accessibility_violations(page_row, live_server, new_page):
    site = site_build()
    if page_row.setup:
        page_row.setup(site)
    page = open_as(new_page, live_server, site, page_row.who, PHONE)
    page.goto(live_server.url + page_row.path(site))
    page.locator(page_row.ready).first.wait_for()
    if page_row.who != ANYONE:
        assert "/accounts/login/" not in page.url, f"{page_row.name} asked to sign in"
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)  # the same page laid out again, as on turning a tablet
        violations = axe_violations(page)
        assert violations == [], f"{page_row.name} at {viewport['width']}px:\n" + _report(
            violations
        )


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
        assert violations == [], _report(violations)


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

"""Every page of tests/cross/browser/site_pages.py, opened once per language and checked on that
one load for everything a page owes its readers:

- its Content-Security-Policy: the answer carries one, and nothing on the page breaks it (no
  blocked inline script or style, no foreign source), counted until the network is quiet;
- a 390 px phone: the page does not scroll sideways (a wide table may, inside its own wrapper),
  every event tab is on screen and every button, link and field can be reached;
- accessibility: axe-core's WCAG 2.x A and AA rules (and the landmark and heading rules) pass
  at phone size, then with the same page laid out again at desktop size;
- a page for a player or the organiser opens for them (no detour to the sign-in page).

Languages: every page is walked in English and in one other complete language
(settings.COMPLETE_LANGUAGES), the other language taken in turn by the page's place in PAGES, so
each complete language covers an equal share of the pages and a new language adds about 1/n of
a walk, not a whole one. While English is the only complete language, the walk is English only.

The site is built once per group of pages with the same `setup`, not once per page (the pages
that need no setup share one build per chunk of CHUNK, so the chunks run side by side under
xdist): the setups change the event (a round back under review, check-in open...), so pages
with different setups never share a build. Each group is one test, which reports every page and
language that fails, not only the first. Checks that were three walks (accessibility, policy,
phone) are one: each page is opened once per language, not three times.

PHONE_SHOTS=<folder> keeps a screenshot of each page there (nobody looks at them in a plain run,
so none is taken); UPDATE_DOC_SCREENSHOTS=1 also refreshes the phone screenshots the README
shows. axe-core is vendored (tests/cross/browser/vendor/, MPL-2.0) and injected by the test:
nothing is fetched from the network and nothing extra is served to users.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings

from tests.cross.browser.conftest import DESKTOP, PHONE
from tests.cross.browser.page_checks import (
    axe_report,
    axe_violations,
    csp_listen,
    csp_violations,
    phone_problems,
)
from tests.cross.browser.site_pages import ANYONE, PAGES, Page, open_as, site_build

DOCS = Path(__file__).resolve().parents[3] / "docs"
# Page name -> the README's screenshot of it.
DOC_SHOTS = {
    "organiser-dashboard": "screenshot-organiser-phone.png",
    "event-pairings": "screenshot-pairings-phone.png",
}
# Pages without a setup share one build per chunk of this many: a chunk is one test, so the
# chunks spread over the xdist workers; a build costs about as much as a few page loads.
CHUNK = 11


def languages_for(index: int) -> list[str]:
    """English, and the complete language whose turn it is at the page's place in PAGES."""
    others = [code for code in settings.COMPLETE_LANGUAGES if code != settings.LANGUAGE_CODE]
    if not others:
        return [settings.LANGUAGE_CODE]
    return [settings.LANGUAGE_CODE, others[index % len(others)]]


def _groups() -> dict[str, list[tuple[int, Page]]]:
    groups: dict[str, list[tuple[int, Page]]] = {}
    for index, row in enumerate(PAGES):
        name = row.setup.__name__.strip("_").replace("_", "-") if row.setup else "plain"
        groups.setdefault(name, []).append((index, row))
    plain = groups.pop("plain")
    chunks = {f"plain-{n // CHUNK + 1}": plain[n : n + CHUNK] for n in range(0, len(plain), CHUNK)}
    return {**chunks, **groups}


GROUPS = _groups()


@pytest.fixture(scope="module")
def shots() -> Path | None:
    kept = os.environ.get("PHONE_SHOTS")
    if not kept:
        return None
    folder = Path(kept)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _check(page, row: Page, *, language: str, response, console, shots) -> list[str]:
    """Everything wrong with one load of one page (empty when it passes)."""
    problems = []
    if not response.headers.get("content-security-policy"):
        problems.append("answered without a Content-Security-Policy")
    page.locator(row.ready).first.wait_for()
    if row.who != ANYONE and "/accounts/login/" in page.url:
        return [*problems, "asked to sign in"]
    page.wait_for_load_state("networkidle")
    if found := csp_violations(page, console):
        problems.append(f"policy violations: {found}")

    suffix = "" if language == settings.LANGUAGE_CODE else f"-{language}"
    if shots:
        page.screenshot(path=str(shots / f"{row.name}{suffix}.png"), full_page=True)
    if os.environ.get("UPDATE_DOC_SCREENSHOTS") == "1" and row.name in DOC_SHOTS and not suffix:
        page.screenshot(path=str(DOCS / DOC_SHOTS[row.name]), full_page=False)
    problems += phone_problems(page, PHONE["width"])

    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)  # the same page laid out again, as on turning a tablet
        if violations := axe_violations(page):
            problems.append(f"at {viewport['width']}px:\n" + axe_report(violations))
    return problems


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("group", GROUPS, ids=list(GROUPS))
def test_every_page_passes_every_check(group, live_server, new_page, shots):
    site = site_build()
    rows = GROUPS[group]
    if rows[0][1].setup:
        rows[0][1].setup(site)
    failures = []
    for index, row in rows:
        for language in languages_for(index):
            page = open_as(new_page, live_server, site, row.who, PHONE, language=language)
            console = csp_listen(page)
            try:
                response = page.goto(live_server.url + row.path(site))
                problems = _check(
                    page, row, language=language, response=response, console=console, shots=shots
                )
            except Exception as error:  # a page that never draws is one failure
                problems = [f"{type(error).__name__}: {error}"]
            finally:
                page.context.close()
            failures += [f"{row.name} [{language}]: {problem}" for problem in problems]
    assert failures == [], "\n".join(failures)


def _walked() -> list[tuple[int, Page]]:
    return [(index, row) for rows in GROUPS.values() for index, row in rows]


def test_every_page_is_walked_once_in_english():
    walked = _walked()
    assert sorted(index for index, _ in walked) == list(range(len(PAGES)))
    assert all(languages_for(index)[0] == settings.LANGUAGE_CODE for index, _ in walked)
    # A setup changes the event, so a build never serves two setups.
    for rows in GROUPS.values():
        assert len({row.setup for _, row in rows}) == 1


def test_english_alone_walks_english_only(settings):
    settings.COMPLETE_LANGUAGES = [settings.LANGUAGE_CODE]
    assert {tuple(languages_for(index)) for index in range(len(PAGES))} == {("en-gb",)}


def test_the_other_languages_share_the_pages(settings):
    settings.COMPLETE_LANGUAGES = ["en-gb", "de", "fr", "es", "it", "pl"]
    seconds = [languages_for(index)[1] for index in range(len(PAGES))]
    counts = {code: seconds.count(code) for code in ("de", "fr", "es", "it", "pl")}
    # Every page gets one other language; each language its fifth of the pages, give or take one.
    assert sum(counts.values()) == len(PAGES)
    assert max(counts.values()) - min(counts.values()) <= 1

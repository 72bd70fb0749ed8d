"""Headless Chromium from Debian's package, driven by Playwright; no browser is downloaded.

Without /usr/bin/chromium (or the playwright package) these tests skip, unless
REQUIRE_SERVICES=1, when they fail: CI must run them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Playwright's sync API keeps an event loop on this thread; the ORM calls are still sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


@pytest.fixture(scope="session")
def chromium():
    reason = _missing()
    if reason:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"REQUIRE_SERVICES=1 but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def new_page(chromium):
    """Pages in fresh contexts (own cookies), phone-sized unless told otherwise.

    Pages keep the site's Content-Security-Policy, which refuses eval: wait_for_function takes
    a function ("() => ..."), since a bare expression is polled through eval in the page."""
    contexts = []

    def make(viewport=PHONE):
        context = chromium.new_context(viewport=viewport, device_scale_factor=1)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shoot():
    """Screenshot the page at phone and desktop sizes into artifacts/screenshots/ when
    SCREENSHOTS=1 (to look at a change's pages); a plain run takes none, as nobody looks."""
    wanted = os.environ.get("SCREENSHOTS") == "1"
    if wanted:
        SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, *, full_page: bool = True) -> None:
        if not wanted:
            return
        original = page.viewport_size
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=full_page)
        page.set_viewport_size(original)

    return take

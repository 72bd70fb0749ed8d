"""Every answer carries a Content-Security-Policy (issue 32, minor): scripts and styles only from
this site's own files, or inline with the request's nonce; nothing from elsewhere, no framing,
no plugins. Checked here on pages, API answers and errors; tests/cross/browser/test_site_walk.py
opens every page in Chromium and finds no violation."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    found = {}
    for part in header.split(";"):
        name, *values = part.split()
        found[name] = values
    return found


@pytest.mark.parametrize(
    "path", ["/", "/accounts/login/", "/no/such/page/", "/api/events/", "/health/", "/api/docs/"]
)
def test_every_answer_has_a_policy_that_admits_nothing_inline_or_foreign(client, path):
    response = client.get(path)
    policy = _policy(response)
    assert policy["default-src"] == ["'self'"]
    for directive in ("script-src", "style-src"):
        values = policy[directive]
        assert "'unsafe-inline'" not in values
        assert "'unsafe-eval'" not in values
        assert all(v == "'self'" or v.startswith("'nonce-") for v in values), values
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]


def test_each_request_has_its_own_nonce_and_inline_scripts_carry_it(client, organiser, event):
    from tests.tournament.printing.helpers import played_event

    played_event(event, organiser, 4)
    client.force_login(organiser)
    pages = [client.get(f"/events/{event.pk}/print/") for _ in range(2)]
    nonces = []
    for page in pages:
        (nonce,) = re.findall(r"'nonce-([^']+)'", _policy(page)["script-src"][1])
        html = page.content.decode()
        inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", html)
        assert inline, "the print page has its inline script"
        assert all(f'nonce="{nonce}"' in attrs for attrs in inline), inline
        nonces.append(nonce)
    assert nonces[0] != nonces[1]
    assert len(nonces[0]) >= 16


def test_no_template_or_script_writes_inline_handlers_or_style_attributes():
    """What a nonce cannot cover: onclick= handlers and style= attributes in markup, whether in
    a template or in the HTML a script builds."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sources = [*(root / "templates").rglob("*.html"), *(root / "static" / "js").glob("*.js")]
    offenders = []
    for template in sources:
        if template.name.endswith(".min.js"):  # vendored
            continue
        for n, line in enumerate(template.read_text().splitlines(), 1):
            if re.search(r"\son[a-z]+=\"|\sstyle=\"", line):
                offenders.append(f"{template.relative_to(root)}:{n}: {line.strip()}")
    assert offenders == []

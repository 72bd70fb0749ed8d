"""The favicon, the home-screen icons and the web app manifest, as `make serve` serves them:
collected with hashed names and served by WhiteNoise, linked from every page."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def served(settings, tmp_path):
    """The served settings' static files: collectstatic into a fresh folder, WhiteNoise on."""
    from config.settings import served

    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = served.STORAGES
    settings.MIDDLEWARE = served.MIDDLEWARE
    for name in dir(served):
        if name.startswith("WHITENOISE_"):
            setattr(settings, name, getattr(served, name))
    call_command("collectstatic", interactive=False, verbosity=0)
    return Client()


def _get(client: Client, url: str):
    response = client.get(url)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return response, body


def _links(html: str) -> dict[str, str]:
    """rel (with sizes/type when there are several) -> href, for the head's <link>s."""
    found = {}
    for tag in re.findall(r"<link [^>]+>", html):
        rel = re.search(r'rel="([^"]+)"', tag).group(1)
        kind = re.search(r'type="([^"]+)"', tag)
        key = f"{rel} {kind.group(1)}" if rel == "icon" and kind else rel
        found[key] = re.search(r'href="([^"]+)"', tag).group(1)
    return found


def test_pages_link_the_manifest_and_icons_and_whitenoise_serves_them(served):
    from PIL import Image

    response, body = _get(served, "/")
    assert response.status_code == 200
    links = _links(body.decode())
    # Hashed names, as for the stylesheet: phones may keep them for a year.
    assert re.fullmatch(r"/static/manifest\.[0-9a-f]{12}\.webmanifest", links["manifest"])
    assert re.fullmatch(r"/static/img/favicon\.[0-9a-f]{12}\.svg", links["icon image/svg+xml"])
    assert re.fullmatch(r"/static/img/favicon-32\.[0-9a-f]{12}\.png", links["icon image/png"])
    assert re.fullmatch(r"/static/img/icon-180\.[0-9a-f]{12}\.png", links["apple-touch-icon"])

    response, svg = _get(served, links["icon image/svg+xml"])
    assert response["Content-Type"] == "image/svg+xml"
    assert svg.startswith(b"<svg")
    assert b"<title>Strategium</title>" in svg
    for rel, size in (("icon image/png", 32), ("apple-touch-icon", 180)):
        response, png = _get(served, links[rel])
        assert response["Content-Type"] == "image/png"
        assert Image.open(io.BytesIO(png)).size == (size, size)

    response, raw = _get(served, links["manifest"])
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(raw)
    assert manifest["name"] == "Strategium"
    assert manifest["short_name"] == "Strategium"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#7a1f1f"
    # No start_url: the page added to the home screen is the one that opens (see README).
    assert "start_url" not in manifest
    sizes = set()
    for icon in manifest["icons"]:
        # Icon paths resolve against the manifest's own address, as browsers resolve them.
        response, data = _get(served, urljoin(links["manifest"], icon["src"]))
        assert response.status_code == 200, icon["src"]
        assert response["Content-Type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = Image.open(io.BytesIO(data)).size
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_every_page_template_has_the_links():
    """Every page has the icons, the manifest and the skip link, from base.html or its own."""
    # A page with its own <html> (error.html, which must not touch the database) carries
    # the same links itself.
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text()
        if "<html" in text:
            for needle in ('rel="manifest"', 'rel="icon"', 'href="#content"', 'id="content"'):
                assert needle in text, f"{path.name} lacks {needle}"


def test_the_icons_are_what_the_drawing_script_makes(tmp_path, monkeypatch):
    """static/img/ holds the committed output of tools/make_icons.py, not a hand-edited copy."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "static" / "img" / "favicon.svg").read_text() == module.svg()

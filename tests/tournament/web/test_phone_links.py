"""QR links on screen (issue 21 item 5): a page opened at a loopback address carries SITE_URL
(the venue address phones can open); one opened at any other address carries that address."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from tournament.views.links import phone_url

VENUE = "http://192.168.1.20:23456"


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.1.1", "LOCALHOST"]
)
def test_a_loopback_page_links_to_the_venue_address(settings, host):
    settings.SITE_URL = VENUE + "/"
    settings.ALLOWED_HOSTS = ["*"]
    request = RequestFactory().get("/", HTTP_HOST=host)
    assert phone_url(request, "/p/k3y/") == f"{VENUE}/p/k3y/"


@pytest.mark.parametrize(
    ("host", "expected"),
    [("192.168.1.5:9000", "http://192.168.1.5:9000"), ("gt.example", "http://gt.example")],
)
def test_a_page_opened_on_the_network_keeps_its_address(settings, host, expected):
    settings.SITE_URL = VENUE
    settings.ALLOWED_HOSTS = ["*"]
    request = RequestFactory().get("/", HTTP_HOST=host)
    assert phone_url(request, "/p/k3y/") == f"{expected}/p/k3y/"


def test_a_loopback_site_url_keeps_the_pages_own_address_and_port(settings):
    # `make run` or a development server: no venue address is known, the port at least is right.
    settings.SITE_URL = "http://127.0.0.1:8000"
    settings.ALLOWED_HOSTS = ["*"]
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:9123")
    assert phone_url(request, "/p/k3y/") == "http://127.0.0.1:9123/p/k3y/"

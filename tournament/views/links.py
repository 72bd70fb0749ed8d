"""Addresses for phones: the links QR codes on screen carry.

A page opened on the server's own machine at 127.0.0.1 or localhost (as `make serve` prints)
would put that loopback address in its QR codes, which no phone can open: those use SITE_URL
instead, the venue address (with the port) the printed codes carry too. A page opened at any
other address (the venue's network, a public name behind a proxy) is already one phones reach.
When SITE_URL is itself a loopback address (`make run`, a development server), no address
phones can open is known, and the page's own address at least has the right port.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from django.conf import settings

from tournament.printing.kit.qr import points_at_loopback


def _loopback(host: str) -> bool:
    return points_at_loopback(f"//{host}")


def phone_url(request, path: str) -> str:
    """The absolute address of `path` that a phone on the venue's network can open."""
    site = settings.SITE_URL.rstrip("/")
    if _loopback(request.get_host()) and not _loopback(urlsplit(site).netloc):
        return f"{site}{path}"
    return request.build_absolute_uri(path)


def phones_cannot_open(url: str) -> bool:
    """Does `url` point at this computer's own loopback address (`make run`)? A QR code of it
    opens nothing on a phone, so the page says so beside it."""
    return points_at_loopback(url)


def qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    return image.to_string(encoding="unicode")

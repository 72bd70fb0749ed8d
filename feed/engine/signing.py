"""Keys, pseudonyms, signatures and the webhook's back-off: pure Python, no Django."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from urllib.parse import urlsplit

# Seconds to wait before each retry after a failed attempt: six attempts in all over about
# two and a half hours, then the delivery is given up (each attempt is kept for the staff).
RETRY_DELAYS = (30, 120, 600, 1800, 7200)
MAX_ATTEMPTS = 1 + len(RETRY_DELAYS)
SIGNATURE_HEADER = "X-Strategium-Signature"
# A receiver refuses a signature older than this (replay of a captured body).
SIGNATURE_TOLERANCE_S = 300


def feed_key(secret_key: str) -> bytes:
    """The server's key for feed pseudonyms, derived from its SECRET_KEY: the same on every
    call, and different from the key of anything else derived from it."""
    return hmac.new(secret_key.encode(), b"strategium open feed player ids v1", "sha256").digest()


def player_pseudonym(key: bytes, *, person_id: int | None, player_id: int) -> str:
    """The player's id in the feed: the same for one person across every event of this server
    (a player linked to no person keeps one of their own), and not reversible without the key."""
    subject = f"person:{person_id}" if person_id is not None else f"player:{player_id}"
    return "p-" + hmac.new(key, subject.encode(), hashlib.sha256).hexdigest()[:24]


def secret_fingerprint(key: bytes, secret: str) -> str:
    """What the log and the forms keep of a webhook secret: enough to tell two secrets apart,
    nothing to sign with. "" for no secret."""
    if not secret:
        return ""
    digest = hmac.new(key, b"webhook secret:" + secret.encode(), hashlib.sha256).hexdigest()
    return f"set:{digest[:12]}"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """HMAC-SHA256, in hex, of "<timestamp>." followed by the body's bytes."""
    message = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_header(secret: str, timestamp: int, body: bytes) -> str:
    return f"t={timestamp},v1={signature(secret, timestamp, body)}"


def signature_valid(
    secret: str, header: str, body: bytes, *, now: int, tolerance: int = SIGNATURE_TOLERANCE_S
) -> bool:
    """A receiver's check of the header: the timestamp recent, the HMAC equal (in constant
    time)."""
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    try:
        timestamp = int(parts.get("t", ""))
    except ValueError:
        return False
    if abs(now - timestamp) > tolerance:
        return False
    return hmac.compare_digest(parts.get("v1", ""), signature(secret, timestamp, body))


def retry_delay(attempts_made: int) -> int | None:
    """Seconds before the next attempt after `attempts_made` failed ones; None: give up."""
    if attempts_made < 1 or attempts_made >= MAX_ATTEMPTS:
        return None
    return RETRY_DELAYS[attempts_made - 1]


def url_refusal(url: str) -> str | None:
    """Why an outgoing URL is refused by its form alone ("scheme", "host", "credentials"), or
    None. Addresses are judged by `address_refusal` once the host is resolved."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        return "host"
    if parts.scheme not in ("http", "https"):
        return "scheme"
    if not parts.hostname:
        return "host"
    if parts.username or parts.password:
        return "credentials"
    return None


def address_refusal(address: str, *, allow_private: bool) -> str | None:
    """Why the server may not send to this IP address ("private": loopback, private, link-local,
    reserved or multicast, unless allowed), or None."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return "private"
    if getattr(ip, "ipv4_mapped", None):
        ip = ip.ipv4_mapped
    if allow_private:
        return None
    if not ip.is_global or ip.is_multicast:
        return "private"
    return None

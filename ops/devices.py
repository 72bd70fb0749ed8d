"""A browser that signed in to an account before: a signed cookie naming the accounts.

Failed sign-ins are counted per account and address together, so a guesser elsewhere cannot
lock an organiser out. At a venue, though, the guesser may share the organiser's address (one
wifi, one address). A browser holding this cookie for the account is therefore counted on its
own, apart from its address: the organiser's own laptop gets through with the right password
whatever others at the venue try, and a stolen cookie still allows only a few guesses.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing

COOKIE = "strategium_device"
SALT = "ops.devices"
MAX_AGE_S = 180 * 24 * 60 * 60
MAX_ACCOUNTS = 5  # a desk laptop shared by a few organisers


def _read(request) -> dict | None:
    value = request.COOKIES.get(COOKIE)
    if not value:
        return None
    try:
        data = signing.loads(value, salt=SALT, max_age=MAX_AGE_S)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("a"), list):
        return None
    return data


def device_for(request, account: str) -> str | None:
    """This browser's id when it signed in to `account` before (cookie), else None."""
    data = _read(request)
    if data and account in data["a"] and isinstance(data.get("d"), str):
        return data["d"]
    return None


def device_remember(request, response, account: str) -> None:
    """After a successful sign-in: the cookie names this account too (the newest few)."""
    data = _read(request) or {}
    device = data.get("d") if isinstance(data.get("d"), str) else secrets.token_urlsafe(16)
    earlier = [a for a in data.get("a", []) if a != account][-(MAX_ACCOUNTS - 1) :]
    accounts = [*earlier, account]
    response.set_cookie(
        COOKIE,
        signing.dumps({"d": device, "a": accounts}, salt=SALT, compress=True),
        max_age=MAX_AGE_S,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )

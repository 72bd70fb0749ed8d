"""The demo's organiser account (`make run`). Its password is printed in the README, so anyone
at the venue knows it: a served database must never let it sign in (ops/auth.py, `serve`)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "strategium-demo"  # noqa: S105 - the published demo password, refused when served
DEMO_LOGIN = f"{DEMO_USERNAME} / {DEMO_PASSWORD}"


def demo_accounts() -> list:
    """Active accounts that still sign in as the demo organiser, with the demo password."""
    users = get_user_model().objects.filter(is_active=True, username__iexact=DEMO_USERNAME)
    return [user for user in users if user.check_password(DEMO_PASSWORD)]

"""Sending a player who lost their private link a new copy, to the email they gave.

Nothing here tells the asker whether an address is registered: the page answers the same
either way, and the mail goes only to the address on the entry."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.mail import send_mail

from tournament.models import Event, PlayerStatus

log = logging.getLogger(__name__)
# Entries a lost link still matters to: playing, awaiting approval or on the waiting list.
STILL_ENTERED = (PlayerStatus.APPROVED, PlayerStatus.PENDING, PlayerStatus.WAITING)


def mail_configured() -> bool:
    """Whether this server sends email: an SMTP host is set (EMAIL_HOST, docs/deploy.md)."""
    return bool(getattr(settings, "EMAIL_HOST", ""))


def player_link_resend(*, event: Event, email: str, link_for: Callable[[str], str]) -> int:
    """Mail each entry of `event` with this address (any case) its link; how many were sent.

    The caller must not show the count: it would say whether the address is registered. A
    mail server failing is logged, never raised, for the same reason."""
    if not mail_configured() or not email:
        return 0
    players = event.players.filter(email__iexact=email.strip(), status__in=STILL_ENTERED)
    sent = 0
    for player in players:
        body = (
            f"Hello {player.name},\n\n"
            f"Your private page for {event.name} (results, pairings, your army list):\n"
            f"{link_for(player.private_key)}\n\n"
            "Keep this link to yourself: anyone with it can enter results for you.\n"
        )
        try:
            send_mail(
                f"Your link for {event.name}",
                body,
                settings.DEFAULT_FROM_EMAIL,
                [player.email],
            )
        except Exception:
            log.warning("Could not send the link again for player %s", player.pk, exc_info=True)
            continue
        sent += 1
    return sent

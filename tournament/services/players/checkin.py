"""Check-in from the phone: while the organiser has check-in open, a player checks in from
their private page (or the API with their key), optionally only within a time window and only
from the venue's networks.

The window and the networks are the organiser's guard against a player checking in from home
the night before; the client address comes from ops.middleware.client_address, which reads the
proxy's header when the server sits behind one (CLIENT_IP_HEADER)."""

from __future__ import annotations

import datetime
import ipaddress
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from tournament.localtime import when
from tournament.models import Event, Player, PlayerStatus
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_edit_check, audit_restore, audit_restores
from tournament.services.events.archive import event_require_writable

# More ranges than any venue has is a pasting slip.
NETWORKS_MAX = 20


def check_in_networks_clean(value) -> list[str]:
    """Address ranges as a list of strings ("192.0.2.0/24", "2001:db8::/32", or one address),
    each written back in its normal form."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Invalid("check_in_networks", "invalid", gettext("Must be a list of address ranges."))
    if len(value) > NETWORKS_MAX:
        raise Invalid(
            "check_in_networks",
            "too_many",
            gettext("At most %(NETWORKS_MAX)s address ranges.") % {"NETWORKS_MAX": NETWORKS_MAX},
        )
    clean = []
    for text in value:
        try:
            network = ipaddress.ip_network(text.strip(), strict=False)
        except ValueError:
            raise Invalid(
                "check_in_networks",
                "invalid_network",
                gettext("“%(strip)s” is not an address range such as 192.0.2.0/24.")
                % {"strip": text.strip()},
            ) from None
        if str(network) not in clean:
            clean.append(str(network))
    return clean


def check_in_settings_clean(clean: dict, event: Event | None) -> None:
    """The window's two ends are moments with their zone, the end after the start; the
    networks are address ranges. Changes `clean` in place."""
    for field in ("check_in_opens_at", "check_in_closes_at"):
        value = clean.get(field)
        if value is not None and (
            not isinstance(value, datetime.datetime) or timezone.is_naive(value)
        ):
            raise Invalid(field, "invalid", gettext("Must be a date and time with its time zone."))
    opens = clean.get("check_in_opens_at", event.check_in_opens_at if event else None)
    closes = clean.get("check_in_closes_at", event.check_in_closes_at if event else None)
    if opens and closes and closes <= opens:
        raise Invalid(
            "check_in_closes_at", "before_opens", gettext("Must be after check-in opens.")
        )
    if "check_in_networks" in clean:
        clean["check_in_networks"] = check_in_networks_clean(clean["check_in_networks"])


@dataclass(frozen=True)
class CheckInWindow:
    """Whether players may check themselves in now, and if not, why (in the player's words)."""

    open: bool
    reason: str = ""
    code: str = ""


def check_in_window(event: Event, now: datetime.datetime | None = None) -> CheckInWindow:
    now = now or timezone.now()
    if not event.check_in_open:
        return CheckInWindow(False, "Check-in is not open.", "check_in_closed")
    if event.check_in_opens_at and now < event.check_in_opens_at:
        return CheckInWindow(
            False,
            f"Check-in opens {when(event.check_in_opens_at, event.time_zone)}.",
            "check_in_not_yet",
        )
    if event.check_in_closes_at and now >= event.check_in_closes_at:
        return CheckInWindow(
            False,
            f"Check-in closed {when(event.check_in_closes_at, event.time_zone)}: "
            "see the organiser.",
            "check_in_over",
        )
    return CheckInWindow(True)


def _at_venue(event: Event, address: str) -> bool:
    if not event.check_in_networks:
        return True
    try:
        client = ipaddress.ip_address(address)
    except ValueError:
        return False  # no address to judge: not shown to be at the venue
    if getattr(client, "ipv4_mapped", None):
        client = client.ipv4_mapped
    return any(client in ipaddress.ip_network(n) for n in event.check_in_networks)


def player_check_in_self(
    *, player: Player, client_address: str, now: datetime.datetime | None = None
) -> Player:
    """The key holder checks themselves in (logged as theirs, undoable by the organiser).
    Checking in again changes and logs nothing."""
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
        event = player.event
        event_require_writable(event)
        if player.status != PlayerStatus.APPROVED:
            raise Conflict(
                "player",
                "not_approved",
                gettext("Your sign-up is not approved: you have no place yet."),
            )
        if player.dropped:
            raise Conflict(
                "player",
                "dropped",
                gettext("You have dropped out; see the organiser to come back in."),
            )
        if player.checked_in:
            return player
        window = check_in_window(event, now)
        if not window.open:
            raise Conflict("check_in", window.code, window.reason)
        if not _at_venue(event, client_address):
            # 409, not 403: the key is good, and the key throttle counts refusals of a keyed
            # request as wrong guesses (a player retrying from mobile data is no attacker).
            raise Conflict(
                "check_in",
                "not_at_venue",
                gettext("Check in from the venue's network (its Wi-Fi), or see the organiser."),
            )
        player.checked_in = True
        player.save(update_fields=["checked_in"])
        audit_record(
            event=event,
            action="player_check_in",
            target=f"player:{player.pk}",
            player=player,
            before={"checked_in": False},
            after={"checked_in": True},
            revised=True,
        )
        return player


audit_restores("player_check_in", "player", ("checked_in",))


@undo_check("player_check_in")
def _check_player_check_in(entry) -> list[str]:
    audit_edit_check(entry, lambda p: p.name)
    return []


@undoable("player_check_in")
def _undo_player_check_in(entry) -> None:
    audit_edit_check(entry, lambda p: p.name)
    audit_restore(entry)

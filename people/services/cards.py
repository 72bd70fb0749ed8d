"""Cards follow the person across events (issue 35): a yellow or red card given at any event on
this server stays on the person's record for a year and a day (366 days).

Who reads what: the staff of an event read the cards given at the events they are on the staff
of (an organiser sees only what they organise or judge; a superuser everything), reasons
included; a player reads their own (their person's) cards, without other events' reasons. At
sign-up, the staff are told when the person carries a red card of the last 366 days (event
and round named only where the staff may see that event; never the reason)."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from people.models import PersonLink
from tournament.models import EventStaff, Penalty, PenaltyKind, Player
from tournament.services.events.access import events_visible_to

CARD_DAYS = 366
CARDS = (PenaltyKind.YELLOW_CARD, PenaltyKind.RED_CARD)
WORDS = dict(PenaltyKind.choices)


def _person_of(player: Player) -> int | None:
    return PersonLink.objects.filter(player=player).values_list("person_id", flat=True).first()


def _cards(person_id: int, *, now=None, kinds=CARDS):
    since = (now or timezone.now()) - timedelta(days=CARD_DAYS)
    return (
        Penalty.objects.filter(
            kind__in=kinds, given_at__gte=since, player__person_link__person_id=person_id
        )
        .select_related("event", "player")
        .order_by("-given_at", "-id")
    )


def _row(penalty: Penalty, *, reason: bool) -> dict:
    row = {
        "kind": penalty.kind,
        "words": WORDS.get(penalty.kind, penalty.kind),
        "event": penalty.event.name,
        "event_id": penalty.event_id,
        "round": penalty.round_number,
        "given_at": penalty.given_at,
    }
    if reason:
        row["reason"] = penalty.reason
    return row


def person_cards_for_staff(*, person_id: int, user, now=None) -> list[dict]:
    """The person's cards of the last 366 days from the events `user` is on the staff of
    (organiser or judge; a superuser: every event), newest first, reasons included."""
    if user is None or not user.is_authenticated:
        return []
    cards = _cards(person_id, now=now)
    if not user.is_superuser:
        cards = cards.filter(event__in=EventStaff.objects.filter(user=user).values("event_id"))
    return [_row(card, reason=True) for card in cards]


def player_cards(*, player: Player, now=None) -> list[dict]:
    """A player's own cards of the last 366 days, from every event their person played (the
    reason only for this event's: another event's staff wrote theirs for their own staff)."""
    since = (now or timezone.now()) - timedelta(days=CARD_DAYS)
    # One query: this player's cards and those of every player of the same person.
    cards = (
        Penalty.objects.filter(kind__in=CARDS, given_at__gte=since)
        .filter(Q(player=player) | Q(player__person_link__person__links__player=player))
        .select_related("event")
        .order_by("-given_at", "-id")
    )
    return [_row(card, reason=card.event_id == player.event_id) for card in cards]


def signup_warnings(player: Player, user=None, *, now=None) -> list[str]:
    """["Carries a red card: Spring GT, round 2 (3 Mar 2026)."] for a person with a red card
    of the last 366 days from another event (this event's own are on its Penalties page)."""
    person_id = _person_of(player)
    if person_id is None:
        return []
    reds = _cards(person_id, now=now, kinds=(PenaltyKind.RED_CARD,)).exclude(
        event_id=player.event_id
    )
    visible = set(events_visible_to(user).values_list("pk", flat=True)) if reds else set()
    out = []
    for card in reds:
        where = (
            f"{card.event.name}, round {card.round_number}"
            if card.event_id in visible
            else "another event"
        )
        out.append(
            f"{player.name} carries a red card from the last {CARD_DAYS} days: {where} "
            f"({card.given_at:%-d %b %Y})."
        )
    return out


def register() -> None:
    from tournament.extensions import SIGNUP_WARNINGS  # noqa: PLC0415

    SIGNUP_WARNINGS.register(signup_warnings)


__all__ = ["person_cards_for_staff", "player_cards", "register", "signup_warnings"]

"""What every page needs: who may see or change an event, htmx detection, service errors."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect

from common.errors import ServiceError
from tournament.models import Event, Game, Player, Round
from tournament.services.audit.words import field_label
from tournament.services.events.access import (
    NOT_ORGANISER,
    NOT_STAFF,
    events_visible_to,
    staff_role,
)


def is_htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def player_game_or_404(player: Player, game_id: int) -> Game:
    """A game as a player's link sees it: theirs to act on if in their event; a game of
    another public event is refused (403); one of another hidden event is a 404, exactly as a
    game that does not exist."""
    game = Game.objects.select_related("round__event").filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    event = game.round.event
    if event.pk != player.event_id:
        if event.hidden:
            raise Http404("No such game.")
        raise PermissionDenied("This game is not in your event.")
    return game


def visible_event_or_404(request, event_id: int) -> Event:
    event = events_visible_to(request.user).filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event.")
    return event


def _event_staff_only(view, roles: frozenset[str], refusal: str):
    """The event in `event_id` must be run by the signed-in user in one of `roles`.

    A GET without a session goes to the sign-in page, whatever the id (one that exists
    nowhere too, so the redirect says nothing about what exists). Otherwise an event the user
    may not see (a hidden one, for anyone off its staff) is a 404 exactly like a missing one,
    and any other refusal is a 403 (never a redirect), so a refused POST changes nothing and
    says so plainly. The user's role is kept on the request (`request.staff_role`) so the
    page shows only the buttons they may use.
    """

    @wraps(view)
    def wrapper(request, event_id: int, *args, **kwargs):
        signed_in = request.user.is_authenticated
        if not signed_in and request.method == "GET":
            return redirect_to_login(request.get_full_path())
        event = Event.objects.filter(pk=event_id).first()
        request.staff_role = staff_role(request.user, event) if event is not None else None
        if event is None or (event.hidden and request.staff_role is None):
            raise Http404("No such event.")
        if not signed_in:
            raise PermissionDenied("Sign in as an organiser of this event.")
        if request.staff_role not in roles:
            raise PermissionDenied(refusal)
        return view(request, event, *args, **kwargs)

    return wrapper


def organiser_required(view):
    """Organisers only: pairing, players, settings, staff, undo."""
    return _event_staff_only(view, frozenset({"organiser"}), NOT_ORGANISER)


def staff_required(view):
    """Organisers and judges: the pages judges read, and the results they enter and settle."""
    return _event_staff_only(view, frozenset({"organiser", "judge"}), NOT_STAFF)


def require_organiser_post(request) -> None:
    """On a page judges may read: only organisers may send its form."""
    if request.method == "POST" and request.staff_role != "organiser":
        raise PermissionDenied(NOT_ORGANISER)


# Service fields whose messages already name what they are about (a round, a result, the
# players of a swap, an audit entry): the page shows the message alone.
SELF_NAMED = frozenset(
    {
        "non_field_errors",
        "round",
        "result",
        "game",
        "event",
        "entry",
        "confirm",
        "pairings",
        "players",  # "2 players are not checked in: ..." names itself
        "player_x",
        "player_y",
        "user",
    }
)


def error_texts(exc: ServiceError, labels: dict[str, str] | None = None) -> list[str]:
    """A service error as a person reads it: each field by its page label, each text once.

    The API keeps the field keys and machine codes; pages never show them.
    """
    texts: list[str] = []
    for field, items in exc.messages.items():
        if labels and field in labels:
            label = labels[field]
        else:
            label = "" if field in SELF_NAMED else field_label(field)
        for text in items:
            line = f"{label}: {text}" if label else text
            if line not in texts:
                texts.append(line)
    return texts


def report(request, exc: ServiceError, labels: dict[str, str] | None = None) -> None:
    """Show a service error on the next page; `labels` names fields as this page does."""
    if exc.status == 403:
        raise PermissionDenied(" ".join(error_texts(exc, labels)))
    for text in error_texts(exc, labels):
        messages.error(request, text)


def back(request, fallback: str, **kwargs):
    """Return to the page the form was on (same site only), else to `fallback`."""
    target = request.POST.get("next", "")
    if target.startswith("/") and not target.startswith("//"):
        return redirect(target)
    return redirect(fallback, **kwargs)


def latest_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def round_is_on(event: Event, round_: Round | None) -> bool:
    """A round is on while it lacks results: public pages then poll for changes."""
    return round_ is not None and round_.status != "complete" and event.status != "finished"

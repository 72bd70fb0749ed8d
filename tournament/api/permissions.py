"""Object lookups that apply visibility: hidden events exist only for their organisers."""

from __future__ import annotations

from django.http import Http404
from rest_framework import exceptions

from tournament.api.auth import request_player
from tournament.models import Event, Game
from tournament.services.events.access import events_visible_to, require_judge, require_organiser


def visible_event(request, event_id: int) -> Event:
    """Public events for anyone; hidden ones for their organisers and their own players."""
    player = request_player(request)
    if player is not None and player.event_id == event_id:
        return player.event  # a player always sees their own event (read with their key)
    event = events_visible_to(request.user).filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event.")
    return event


def visible_game(request, game_id: int) -> Game:
    game = Game.objects.select_related("round__event").filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    try:
        visible_event(request, game.round.event_id)
    except Http404:
        raise Http404("No such game.") from None  # the same answer as a game that never was
    return game


def _signed_in(request) -> None:
    if not request.user.is_authenticated and request.auth is None:
        raise exceptions.NotAuthenticated()


def require_write_access(request, event: Event) -> None:
    """401 when nobody is signed in, 403 `not_organiser` unless an organiser of this event."""
    _signed_in(request)
    require_organiser(request.user, event)


def require_staff_access(request, event: Event) -> None:
    """401 when nobody is signed in, 403 `not_staff` unless an organiser or a judge of this
    event (what judges may read, such as the audit log)."""
    _signed_in(request)
    require_judge(request.user, event)

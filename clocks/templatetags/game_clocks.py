"""`{% game_clock game %}`: the game clock section, on the player's page and the tracker."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse

from clocks.views.pages import clock_context
from ops.push.server import stream_url
from tournament.models import Player

register = template.Library()


@register.inclusion_tag("clocks/partials/game_clock.html", takes_context=True)
def game_clock(context, game):
    request = context.get("request")
    key = context.get("key") or (request.GET.get("key", "") if request is not None else "")
    player = Player.objects.filter(private_key=key).first() if key else None
    user = getattr(request, "user", None)
    back = request.get_full_path() if request is not None else ""
    found = clock_context(game, player=player, user=user, key=key, back=back)
    if found:
        found["csrf_token"] = context.get("csrf_token")
        if request is not None:
            found["stream_url"] = _stream(request, game, found["key"])
    return {"clock": found}


def _stream(request, game, key: str) -> str:
    """The clock's stream on the push server (or this server), with the player's key when a
    player reads it (an EventSource sends no Authorization header)."""
    path = reverse("api-game-clock-stream", kwargs={"game_id": game.pk})
    return stream_url(request, f"{path}?{urlencode({'key': key})}" if key else path)


@register.filter
def clock_time(seconds) -> str:
    """Seconds left as a clock shows them: m:ss, or h:mm:ss from an hour (rounded up, so 0:00
    means none left)."""
    whole = max(0, int(-(-float(seconds) // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"

"""The Leviathan tracker page: one phone-first page whose script drives the game through the
API (the other editions' pages post forms: `tracker.views.forms`)."""

from __future__ import annotations

from django.http import HttpResponseNotAllowed
from django.shortcuts import render
from django.urls import reverse

from tracker.services.leviathan import EVENT_PLAYERS, SIDES
from tracker.services.trackers import player_side, tracker_view
from tracker.views.forms import poll_ms


def _page(request, tracked, *, side, config, status=200):
    data = tracker_view(tracked=tracked, side=side)
    config["pollMs"] = poll_ms()
    context = {"tracked": tracked, "data": data, "config": config, "sides": SIDES}
    return render(request, "tracker/tracker.html", context, status=status)


def _label_of(game, player) -> str | None:
    if player is None:
        return None
    return EVENT_PLAYERS[0] if player.pk == game.player_a_id else EVENT_PLAYERS[1]


class ScriptPage:
    def standalone(self, request, tracked):
        token = tracked.token
        side = request.GET.get("side")
        side = side if side in SIDES else "attacker"
        config = {
            "view": reverse("api-tracker", kwargs={"token": token}),
            "act": reverse("api-tracker-actions", kwargs={"token": token}),
            "side": side,
            "fixedSide": False,
            "key": None,
            "share": request.build_absolute_uri(),
            "back": {"href": reverse("tracker-new"), "label": "Start another game"},
        }
        return _page(request, tracked, side=side, config=config)

    def event(self, request, tracked, *, player, key: str):
        if request.method != "GET":
            return HttpResponseNotAllowed(["GET"])
        game_id = tracked.game_id
        side = player_side(tracked, player) if player else request.GET.get("side")
        side = side if side in SIDES else None
        url = reverse("api-game-tracker", kwargs={"game_id": game_id})
        config = {
            "view": url,
            "act": url,
            "side": side or "attacker",
            "fixedSide": player is not None,
            "key": key or None,
            # Which player this phone is (after the roll-off only its winner chooses roles).
            "me": _label_of(tracked.game, player),
            "share": None,
            # Where the opponent confirms the result the tracker sent on their behalf.
            "playerPage": reverse("player-home", kwargs={"key": key}) if player else None,
            "back": (
                {"href": reverse("player-home", kwargs={"key": key}), "label": "Your player page"}
                if player
                else {
                    "href": reverse("event", kwargs={"event_id": tracked.game.round.event_id}),
                    "label": "The event",
                }
            ),
        }
        return _page(
            request, tracked, side=side or ("attacker" if player is None else None), config=config
        )

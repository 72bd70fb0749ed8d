"""The game clock on pages: the section the player's page and the tracker show (one big
button for this phone, both sides' time, the out-of-time rule), and the form post that moves
the clock without JavaScript and comes back to the page."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clocks.engine.clock import OUT_OF_TIME_RULE
from clocks.services.clocks import clock_move, clock_of, clock_state, game_has_clock
from clocks.services.settings import game_clock_minutes
from common.errors import ServiceError
from tournament.models import Game, Player
from tournament.services.events.access import user_can_judge
from tournament.views.common import latest_round
from tournament.views.data import game_for


def _button(state: dict, side: str | None) -> dict:
    """The one big button of a phone that plays `side` (None: staff, who act for the side
    that runs): its action and words, or none when it is the opponent's turn."""
    held = {"judge_call": _("Held for a judge call"), "staff": _("Paused by the staff")}
    if state["finished"]:
        button = {"action": "", "label": _("Game over: the clock is stopped")}
    elif state["paused"] and side is not None and state["paused_for"] in held:
        button = {"action": "", "label": held[state["paused_for"]]}
    elif state["paused"]:
        button = {"action": "resume", "label": _("Resume")}
    elif not state["started"]:
        button = {"action": "start", "label": _("Start my clock")} if side else {"action": ""}
    elif side is None or state["running"] == side:
        button = {"action": "pass", "label": _("End my turn") if side else _("Pass the turn")}
    else:
        button = {"action": "", "label": _("Opponent's turn")}
    return button


def clock_context(game: Game, *, player: Player | None, user, key: str, back: str) -> dict:
    """What the clock section shows; {} when the game has no clock."""
    if game is None or not game_has_clock(game) or not game.round.released:
        return {}
    side = game.side_of(player.pk) if player is not None else None
    staff = user is not None and user_can_judge(user, game.round.event)
    if side is None and not staff:
        return {}
    state = clock_state(clock_of(game_id=game.pk), now=timezone.now())
    names = {"a": game.player_a.name, "b": game.player_b.name}
    mine = side or "a"
    return {
        "game": game,
        "state": state,
        "state_json": json.dumps(state),
        "side": side or "",
        "sides": [
            {"side": s, "name": names[s], "remaining": state[f"remaining_{s}"], "me": s == side}
            for s in ((mine, "b" if mine == "a" else "a") if side else ("a", "b"))
        ],
        "button": _button(state, side),
        "staff": staff and side is None,
        "key": key if side else "",
        "api_url": reverse("api-game-clock", kwargs={"game_id": game.pk}),
        "move_url": reverse("clock-move", kwargs={"game_id": game.pk}),
        "back": back,
        "rule": OUT_OF_TIME_RULE,
    }


def player_clock_section(player: Player) -> tuple[str, dict] | None:
    """The player's page section (tournament.extensions.PLAYER_GAME_SECTIONS)."""
    event = player.event
    if game_clock_minutes(event) is None:
        return None  # one query for an event without game clocks
    current = latest_round(event)
    if current is None or not current.released:
        return None
    game = game_for(player, current)
    if game is None or not game.player_b_id or not game_has_clock(game):
        return None
    return "clocks/partials/player_clock.html", {"clock_game": game}


@require_POST
def clock_move_page(request, game_id: int):
    """A tap without JavaScript: the move, then back to the page it came from."""
    key = request.POST.get("key", "")
    player = Player.objects.filter(private_key=key).first() if key else None
    user = request.user if request.user.is_authenticated else None
    game = Game.objects.select_related("round__event").filter(pk=game_id).first()
    event = game.round.event if game is not None else None
    if event is None or (
        event.hidden
        and not (player is not None and player.event_id == event.pk)
        and not user_can_judge(user, event)
    ):
        raise Http404("No such game.")  # a hidden event's game answers as one that never was
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("player-home", kwargs={"key": key}) if player else "/"
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = -1
    try:
        clock_move(
            game_id=game_id,
            action=request.POST.get("action", ""),
            version=version,
            player=player,
            user=user,
            side=request.POST.get("side") or None,
        )
    except ServiceError as exc:
        if "stale_clock" in str(exc.codes):
            messages.info(request, _("The clock had changed: here it is now. Tap again if needed."))
        else:
            messages.error(request, " ".join(m for ms in exc.messages.values() for m in ms))
    return redirect(back + "#game-clock")

"""The floor's pages: the player's "Call a judge" card (their own page and the tracker), the
staff's floor page (the queue of calls and every table at a glance, polled), its claim and
resolve forms, and the big screen's count of open calls. Every form works without JavaScript
(post, then redirect); the player's form is queued offline by the outbox (data-outbox="call").
"""

from __future__ import annotations

import time

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from floor.engine.floor import duration_words
from floor.models import NOTE_LIMIT, CallCategory, CallStatus, JudgeCall
from floor.services.board import (
    call_of,
    call_to_claim_median,
    calls_listed,
    current_game_with_call,
    open_count,
    player_call,
    tables_at_a_glance,
)
from floor.services.calls import (
    MINUTES_MAX,
    judge_call_claim,
    judge_call_open,
    judge_call_resolve,
    user_name,
)
from tournament.caching.cached import event_etag
from tournament.caching.conditional import etag_matches
from tournament.caching.revision import event_revision
from tournament.localtime import local
from tournament.models import Game, Player
from tournament.views.common import is_htmx, latest_round, report, staff_required

_ASK = object()
POLL_S = 5  # the floor page's look at the queue
PLAYER_POLL_S = 10  # a player's card while their call is unresolved
LABELS = {"note": "Note", "ruling": "Ruling", "category": "Category", "minutes_added": "Minutes"}


def _clock(call, event) -> str:
    """'14:05' in the event's time zone."""
    return f"{local(call.called_at, event.time_zone):%H:%M}"


def call_card_context(
    *, player: Player, game: Game | None, key: str, back: str = "", call=_ASK
) -> dict:
    """What the "Call a judge" card shows: the call of the player's current game (waiting, a
    judge on the way, or the ruling) and the form to call again. `call` when the caller has
    read it already (None: the game has none)."""
    if call is _ASK:
        call = player_call(player=player, game=game)
    return {
        "judge": {
            "game": game,
            "key": key,
            "call": call,
            "called_at": _clock(call, player.event) if call else "",
            "judge_name": user_name(call.claimed_by) if call else "",
            "active": call is not None and call.status != CallStatus.RESOLVED,
            "note_limit": NOTE_LIMIT,
            "poll_s": PLAYER_POLL_S,
            "back": back,
        }
    }


def player_call_section(player: Player):
    """The player's page section (tournament.extensions.PLAYER_GAME_SECTIONS): the card while
    they play a game of the current round (released). One query, and one more only when the
    game has had a call."""
    if player.status != "approved":
        return None
    game = current_game_with_call(player=player)
    if game is None:
        return None
    call = call_of(game.last_call) if game.last_call else None
    return "floor/partials/call_card.html", call_card_context(
        player=player, game=game, key=player.private_key, call=call
    )


def _player_of(key: str) -> Player:
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        raise PermissionDenied("Unknown player key.")
    return player


def _back(request, key: str) -> str:
    """Back to the page the form was on: the player's page, or the tracker's (same site)."""
    target = request.POST.get("next", "")
    if target.startswith("/") and not target.startswith("//"):
        return target
    return reverse("player-home", kwargs={"key": key}) + "#judge-call"


def _own_game(player: Player, game_id: int) -> Game:
    """The player's own game, or 404 (another event's or another table's game is not theirs
    to call for, and answers as a game that never was)."""
    game = Game.objects.filter(pk=game_id, round__event=player.event).first()
    if game is None or player.pk not in (game.player_a_id, game.player_b_id):
        raise Http404("No such game.")
    return game


@require_POST
def player_call_submit(request, key: str, game_id: int):
    player = _player_of(key)
    _own_game(player, game_id)
    try:
        call, new = judge_call_open(
            game_id=game_id, note=request.POST.get("note", ""), player=player
        )
    except ServiceError as exc:
        report(request, exc, LABELS)
    else:
        when = _clock(call, player.event)
        if new:
            messages.success(
                request, gettext("Judge called at %(when)s. Stay at your table.") % {"when": when}
            )
        else:
            messages.info(
                request, gettext("A judge was already called at %(when)s.") % {"when": when}
            )
    return redirect(_back(request, key))


def player_call_live(request, key: str, game_id: int):
    """The card again, for the player's page to poll while the call is unresolved."""
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        raise Http404("No player has this link.")
    game = _own_game(player, game_id)
    context = call_card_context(player=player, game=game, key=key, back=request.GET.get("next", ""))
    return render(request, "floor/partials/call_card.html", context)


def _floor_context(event) -> dict:
    current = latest_round(event)
    median = call_to_claim_median(event=event)
    calls = calls_listed(event=event)
    for call in calls:
        call.called_clock = _clock(call, event)
        call.judge_name = user_name(call.claimed_by)
    return {
        "event": event,
        "tab": "floor",
        "round": current,
        "calls": calls,
        "newest": max((c.pk for c in calls), default=0),
        "tables": tables_at_a_glance(round_=current),
        "median": duration_words(median) if median is not None else "",
        "categories": CallCategory.choices,
        "minutes_max": MINUTES_MAX,
        "poll_s": POLL_S,
    }


def _minute() -> int:
    return int(time.time() // 60)


@staff_required
def floor_page(request, event):
    if not is_htmx(request):
        return render(request, "floor/floor.html", _floor_context(event))
    # Polled by every staff phone: 304 while nothing it shows has changed. Calls, claims,
    # results and extensions move the event's revision; "waiting 4 min" moves each minute;
    # the copy is each reader's own (their claimed call's form stands open).
    revision = event_revision(event_id=event.pk)
    variant = f"u{request.user.pk}-m{_minute()}"
    etag = event_etag(event=event, revision=revision, name="floor", variant=variant)
    if etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:
        response = render(request, "floor/partials/floor_live.html", _floor_context(event))
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _floor(event) -> str:
    return reverse("manage-floor", kwargs={"event_id": event.pk})


def _staff_call(event, call_id: int) -> int:
    if not JudgeCall.objects.filter(pk=call_id, event=event).exists():
        raise Http404("No such judge call in this event.")
    return call_id


@staff_required
@require_POST
def floor_claim(request, event, call_id: int):
    try:
        call = judge_call_claim(call_id=_staff_call(event, call_id), user=request.user)
    except ServiceError as exc:
        report(request, exc, LABELS)
    else:
        messages.success(
            request,
            gettext("You took the call at table %(table_number)s.")
            % {"table_number": call.game.table_number},
        )
    return redirect(_floor(event) + f"#call-{call_id}")


def _minutes(raw: str) -> int | str:
    raw = (raw or "").strip()
    if not raw:
        return 0
    try:
        return int(raw)
    except ValueError:
        return raw  # the service names the field and the rule


@staff_required
@require_POST
def floor_resolve(request, event, call_id: int):
    try:
        call = judge_call_resolve(
            call_id=_staff_call(event, call_id),
            user=request.user,
            ruling=request.POST.get("ruling", ""),
            category=request.POST.get("category", ""),
            minutes_added=_minutes(request.POST.get("minutes_added", "")),
        )
    except ServiceError as exc:
        report(request, exc, LABELS)
        return redirect(_floor(event) + f"#call-{call_id}")
    extra = f", {call.minutes_added} min added" if call.minutes_added else ""
    messages.success(
        request,
        gettext("Table %(table_number)s: resolved%(extra)s.")
        % {"table_number": call.game.table_number, "extra": extra},
    )
    return redirect(_floor(event))


def screen_panel(event) -> str:
    """The big screen's count of calls waiting (tournament.extensions.SCREEN_PANELS): no
    names, no tables; nothing while none waits."""
    count = open_count(event=event)
    if not count:
        return ""
    return render_to_string("floor/screen_panel.html", {"count": count})


def floor_summary(event) -> dict:
    """The floor's line on the staff's round page: calls waiting and the median time to a
    claim."""
    median = call_to_claim_median(event=event)
    return {
        "event": event,
        "open": open_count(event=event),
        "median": duration_words(median) if median is not None else "",
    }

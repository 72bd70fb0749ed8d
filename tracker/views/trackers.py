"""The tracker's pages: start a game, then one phone-first page that drives it via the API."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponseNotAllowed, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from common.errors import ServiceError
from missions.eleventh.matrix import DISPOSITIONS
from missions.pack.registry import get_pack
from missions.services.missions import mission_pool
from tournament.models import Player
from tracker.engine.eleventh import SIDES as ELEVENTH_SIDES
from tracker.engine.eleventh import is_eleventh
from tracker.engine.eternal import is_eternal
from tracker.engine.maelstrom import PLAYERS, is_maelstrom
from tracker.services.eternal import eternal_packs
from tracker.services.maelstrom import maelstrom_packs
from tracker.services.trackers import (
    EVENT_PLAYERS,
    player_side,
    tracker_act,
    tracker_create,
    tracker_game_act,
    tracker_get,
    tracker_of_game,
    tracker_of_game_require_known,
    tracker_view,
)
from tracker.views import eleventh as eleventh_page
from tracker.views import eternal as eternal_page
from tracker.views import maelstrom as maelstrom_page
from tracker.views.maelstrom import error_text

SIDES = ("attacker", "defender")
POLL_MS = 4000  # how often a phone asks for the other phone's moves (TRACKER_POLL_MS)


@require_http_methods(["GET", "POST"])
def tracker_new(request):
    """GET: choose a mission; POST `mission` (a code, or empty to generate one)."""
    prefix = get_pack("leviathan").code_prefix
    pool = [{**m, "tracker_code": f"{prefix}-{m['code']}"} for m in mission_pool()]
    context = {
        "pool": pool,
        "mission": request.GET.get("mission", ""),
        "maelstrom_packs": maelstrom_packs(),
        "eternal_packs": eternal_packs(),
        # A mission page's "Track this game" link: /tracker/new/?maelstrom=eighth:deadlock
        # (&code=<its generator code>) preselects the mission; starting stays a POST.
        "maelstrom": request.GET.get("maelstrom", ""),
        "maelstrom_code": request.GET.get("code", "")[:40],
        "dispositions": DISPOSITIONS,
        # A matchup page's "Track this game" link: /tracker/new/?eleventh=<its code>.
        "eleventh_code": request.GET.get("eleventh", "")[:40],
    }
    if request.method == "POST" and "maelstrom" in request.POST:
        return _maelstrom_new(request, context)
    if request.method == "POST" and "eleventh" in request.POST:
        return _eleventh_new(request, context)
    if request.method == "POST":
        code = request.POST.get("mission", "").strip()
        if request.POST.get("generate"):
            code = ""
        try:
            tracked = tracker_create(mission_code=code or None)
        except ServiceError as exc:
            context.update(error=exc, mission=code)
            return render(request, "tracker/tracker_new.html", context, status=400)
        return redirect("tracker", token=tracked.token)
    return render(request, "tracker/tracker_new.html", context)


def _maelstrom_new(request, context):
    """POST `maelstrom` = "<pack>:<mission>" (e.g. "eighth:deadlock"): a Maelstrom game, or
    an Eternal War or Only War one ("eighth:no_mercy", "only_war:domination")."""
    pack, _, mission = request.POST.get("maelstrom", "").partition(":")
    try:
        tracked = tracker_create(
            pack_key=pack or "none",
            mission_key=mission or None,
            mission_code=request.POST.get("mission_code") or None,
        )
    except ServiceError as exc:
        context.update(
            maelstrom_error=exc,
            maelstrom=request.POST.get("maelstrom", ""),
            maelstrom_code=request.POST.get("mission_code", ""),
        )
        return render(request, "tracker/tracker_new.html", context, status=400)
    return redirect("tracker", token=tracked.token)


def _eleventh_new(request, context):
    """POST `eleventh`=1 with `a` and `b` (dispositions) or `code` (a matchup code)."""
    code = request.POST.get("code", "").strip()
    try:
        tracked = tracker_create(
            pack_key="eleventh",
            mission_code=code or None,
            dispositions=(request.POST.get("a") or None, request.POST.get("b") or None),
        )
    except ServiceError as exc:
        context.update(
            eleventh_error=error_text(exc, {}),
            eleventh_code=code,
            eleventh_a=request.POST.get("a", ""),
            eleventh_b=request.POST.get("b", ""),
        )
        return render(request, "tracker/tracker_new.html", context, status=400)
    return redirect(f"{reverse('tracker', kwargs={'token': tracked.token})}?side=a")


def _stale(exc: ServiceError) -> bool:
    return any("stale_action" in codes for codes in exc.codes.values())


def _moved_on(request, after: str):
    """A tap on a page older than the game (the other phone moved it on): nothing applied,
    the page reloads as the game now is and says so, rather than an error page."""
    messages.info(
        request, "The other phone moved first: this is the game now (your tap was not applied)."
    )
    return redirect(after)


def _eleventh_render(request, tracked, *, side, actors, act, after, extra):
    """The 11th-edition page for `side`, with controls for `actors`; a POST is one action
    sent through `act`, then a redirect to `after` (a refusal shows on the page instead).
    `?poll=1` answers only the game's `seq` for the page's script."""
    if request.method == "GET" and request.GET.get("poll"):
        return JsonResponse({"seq": tracked.state["seq"]})
    error = status = None
    unscored = None
    if request.method == "POST":
        action = eleventh_page.action_from_form(request.POST)
        unscored = eleventh_page.leaving_unscored(tracked.state, action, request.POST)
        if unscored is None:
            try:
                act(action)
            except ServiceError as exc:
                if _stale(exc):
                    return _moved_on(request, after)
                error, status = exc, exc.status if exc.status == 403 else 400
            else:
                return redirect(after)
            tracked.refresh_from_db()
    data = tracker_view(tracked=tracked, side=side)
    context = eleventh_page.page_context(data, side, actors)
    context.update(
        extra,
        unscored=unscored,
        tracked=tracked,
        poll_ms=int(getattr(settings, "TRACKER_POLL_MS", POLL_MS)),
        error=error_text(error, data["players"]) if error is not None else None,
    )
    return render(request, "tracker/eleventh.html", context, status=status or 200)


@require_http_methods(["GET", "POST"])
def eleventh_standalone_page(request, tracked):
    """A standalone 11th-edition game: each phone opens the link as its own player (the
    other's secret choice stays hidden) and acts for that player."""
    side = request.GET.get("side") or request.POST.get("viewer")
    side = side if side in ELEVENTH_SIDES else ELEVENTH_SIDES[0]
    here = reverse("tracker", kwargs={"token": tracked.token})
    return _eleventh_render(
        request,
        tracked,
        side=side,
        actors=(side,),
        act=lambda action: tracker_act(tracked_id=tracked.pk, action=action),
        after=f"{here}?side={side}",
        extra={
            "switch": True,
            "back": {"href": reverse("tracker-new"), "label": "Start another game"},
            "share": request.build_absolute_uri(here),
        },
    )


def _eleventh_game_page(request, tracked, *, player, key: str):
    """An 11th-edition event game: a player's phone shows and acts for their own side;
    an organiser's shows either side (switch at the top) and acts for it."""
    game = tracked.game
    url = reverse("tracker-game", kwargs={"game_id": game.pk})
    if player is not None:
        side = player_side(tracked, player)
        after = f"{url}?key={key}"
        back = {"href": reverse("player-home", kwargs={"key": key}), "label": "Your player page"}
    else:
        side = request.GET.get("side") or request.POST.get("viewer")
        side = side if side in ELEVENTH_SIDES else ELEVENTH_SIDES[0]
        after = f"{url}?side={side}"
        back = {
            "href": reverse("event", kwargs={"event_id": game.round.event_id}),
            "label": "The event",
        }
    return _eleventh_render(
        request,
        tracked,
        side=side,
        actors=(side,),
        act=lambda action: tracker_game_act(
            game_id=game.pk, action=action, user=request.user, player=player
        ),
        after=after,
        extra={
            "switch": player is None,
            "back": back,
            "share": None,
            "player_page": back["href"] if player is not None else None,
        },
    )


@require_http_methods(["GET", "POST"])
def classic_page(request, tracked):
    """A standalone Maelstrom, Eternal War or Only War game: every button is a form posting
    one action (with the game's `seq`, so a resent form is refused, never applied twice), then
    back to the same side's page. Anyone with the link acts for either player."""
    side = request.GET.get("side") or request.POST.get("viewer")
    side = side if side in PLAYERS else PLAYERS[0]
    here = reverse("tracker", kwargs={"token": tracked.token})
    return _classic_render(
        request,
        tracked,
        side=side,
        actors=PLAYERS,
        act=lambda action: tracker_act(tracked_id=tracked.pk, action=action),
        after=f"{here}?side={side}",
        extra={
            "switch": True,
            "back": {"href": reverse("tracker-new"), "label": "Start another game"},
            "share": request.build_absolute_uri(here),
        },
    )


def _classic_render(request, tracked, *, side, actors, act, after, extra):
    """The Maelstrom (or Eternal War / Only War) page for `side`, with controls for `actors`;
    a POST is one action sent through `act`, then a redirect to `after` (a refusal shows on
    the page instead).
    `?poll=1` answers only the game's `seq`: the page's script asks it every few seconds and
    fetches the whole page only when the other phone has moved."""
    if request.method == "GET" and request.GET.get("poll"):
        return JsonResponse({"seq": tracked.state["seq"]})
    page, template = (
        (eternal_page, "tracker/eternal.html")
        if is_eternal(tracked.state)
        else (maelstrom_page, "tracker/maelstrom.html")
    )
    error = status = None
    if request.method == "POST":
        try:
            act(page.action_from_form(request.POST))
        except ServiceError as exc:
            if _stale(exc):
                return _moved_on(request, after)
            # A refused form is a 400; acting for the other side, a 403.
            error, status = exc, exc.status if exc.status == 403 else 400
        else:
            return redirect(after)
        tracked.refresh_from_db()
    data = tracker_view(tracked=tracked, side=side)
    context = page.page_context(data, side, actors)
    context.update(
        extra,
        tracked=tracked,
        poll_ms=int(getattr(settings, "TRACKER_POLL_MS", POLL_MS)),
        error=error_text(error, data["players"]) if error is not None else None,
    )
    return render(request, template, context, status=status or 200)


def _classic_game_page(request, tracked, *, player, key: str):
    """An event game on an older pack's mission (Maelstrom of War, Eternal War, Only War): a
    player's phone shows and acts for their own side (player A is player_1); an organiser's
    shows either side and acts for both."""
    game = tracked.game
    if player is not None:
        side, actors = player_side(tracked, player), (player_side(tracked, player),)
        after = f"{reverse('tracker-game', kwargs={'game_id': game.pk})}?key={key}"
        back = {"href": reverse("player-home", kwargs={"key": key}), "label": "Your player page"}
    else:
        side = request.GET.get("side") or request.POST.get("viewer")
        side = side if side in PLAYERS else PLAYERS[0]
        actors = PLAYERS
        after = f"{reverse('tracker-game', kwargs={'game_id': game.pk})}?side={side}"
        back = {
            "href": reverse("event", kwargs={"event_id": game.round.event_id}),
            "label": "The event",
        }
    return _classic_render(
        request,
        tracked,
        side=side,
        actors=actors,
        act=lambda action: tracker_game_act(
            game_id=game.pk, action=action, user=request.user, player=player
        ),
        after=after,
        extra={
            "switch": player is None,
            "back": back,
            "share": None,
            "player_page": back["href"] if player is not None else None,
        },
    )


def _page(request, tracked, *, side, config, status=200):
    data = tracker_view(tracked=tracked, side=side)
    config["pollMs"] = int(getattr(settings, "TRACKER_POLL_MS", POLL_MS))
    context = {"tracked": tracked, "data": data, "config": config, "sides": SIDES}
    return render(request, "tracker/tracker.html", context, status=status)


def tracker_page(request, token: str):
    try:
        tracked = tracker_get(token=token)
    except ServiceError as exc:
        return render(request, "tracker/tracker_error.html", {"error": exc}, status=404)
    if is_maelstrom(tracked.state) or is_eternal(tracked.state):
        return classic_page(request, tracked)
    if is_eleventh(tracked.state):
        return eleventh_standalone_page(request, tracked)
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


def _label_of(game, player) -> str | None:
    if player is None:
        return None
    return EVENT_PLAYERS[0] if player.pk == game.player_a_id else EVENT_PLAYERS[1]


@require_http_methods(["GET", "POST"])
def tracker_game_page(request, game_id: int):
    """An event game's tracker: `?key=<private_key>` for a player, or an organiser's login.
    Leviathan's page drives the API from the phone; a Maelstrom game's page posts forms."""
    key = request.GET.get("key", "")
    player = Player.objects.filter(private_key=key).first() if key else None
    try:
        if player is None and not request.user.is_authenticated:
            tracker_of_game_require_known(game_id=game_id)  # a hidden event's game: 404
            raise ServiceError("key", "not_authenticated", "Open this page from your player link.")
        tracked = tracker_of_game(game_id=game_id, user=request.user, player=player)
    except ServiceError as exc:
        status = 401 if exc.codes.get("key") else exc.status
        context = {"error": exc, "message": error_text(exc, {})}
        if player is not None:
            context["back"] = {
                "href": reverse("player-home", kwargs={"key": key}),
                "label": "Your player page",
            }
        return render(request, "tracker/tracker_error.html", context, status=status)
    if is_maelstrom(tracked.state) or is_eternal(tracked.state):
        return _classic_game_page(request, tracked, player=player, key=key)
    if is_eleventh(tracked.state):
        return _eleventh_game_page(request, tracked, player=player, key=key)
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
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

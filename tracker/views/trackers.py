"""The tracker's pages: start a game, then the page of its edition (tracker.views.editions)."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from common.errors import ServiceError
from missions.eleventh.matrix import DISPOSITIONS
from missions.pack.registry import get_pack
from missions.services.missions import mission_pool
from tournament.models import Player
from tracker.services.eleventh import PACK_KEY as ELEVENTH_PACK
from tracker.services.eternal import eternal_packs
from tracker.services.maelstrom import maelstrom_packs
from tracker.services.trackers import (
    tracker_create,
    tracker_get,
    tracker_of_game,
    tracker_of_game_require_known,
)
from tracker.views.editions import page_of
from tracker.views.forms import error_text


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
            pack_key=ELEVENTH_PACK,
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


def tracker_page(request, token: str):
    try:
        tracked = tracker_get(token=token)
    except ServiceError as exc:
        return render(request, "tracker/tracker_error.html", {"error": exc}, status=404)
    return page_of(tracked).standalone(request, tracked)


@require_http_methods(["GET", "POST"])
def tracker_game_page(request, game_id: int):
    """An event game's tracker: `?key=<private_key>` for a player, or an organiser's login.
    Leviathan's page drives the API from the phone; the other editions' pages post forms."""
    key = request.GET.get("key", "")
    player = Player.objects.filter(private_key=key).first() if key else None
    try:
        if player is None and not request.user.is_authenticated:
            tracker_of_game_require_known(game_id=game_id)  # a hidden event's game: 404
            raise ServiceError(
                "key", "not_authenticated", gettext("Open this page from your player link.")
            )
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
    return page_of(tracked).event(request, tracked, player=player, key=key)

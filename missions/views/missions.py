"""The public mission generator: pick a pack, draw a mission, see its map and rules, share it."""

from urllib.parse import urlencode

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from common.errors import Invalid
from missions.classic.generator import LATER_ROLLS
from missions.classic.types import ClassicMission
from missions.render.classic import classic_mission_svg
from missions.render.svg import mission_svg
from missions.services.eleventh import is_matchup_code
from missions.services.missions import (
    maelstrom_mission_of,
    mission_generate,
    mission_later_rolls,
    mission_lookup,
    mission_packs,
    mission_pool,
    mission_trackable,
    mission_underdog,
    tactical_table,
)
from missions.views import eleventh as views_eleventh

# What a draw without a pack (an old shared link, ?seed=...) draws: it keeps drawing it.
DEFAULT_PACK = "leviathan"
ELEVENTH = "eleventh"  # its own page: two dispositions and a layout letter to choose or roll


def _generator_context(pack_key: str, error=None) -> dict:
    packs = mission_packs()
    if pack_key not in {p["key"] for p in packs}:
        pack_key = DEFAULT_PACK
    return {
        "pool": mission_pool(pack_key=DEFAULT_PACK),
        "packs": packs,
        "chosen": pack_key,
        "error": error,
    }


def generator(request):
    pack_key = request.GET.get("pack") or DEFAULT_PACK
    if pack_key == ELEVENTH:
        # The pack selector's choice lands on the 11th-edition form, drawing a matchup
        # (rolled, or from the seed given) when one was asked for.
        url = reverse("missions-eleventh")
        if "seed" in request.GET or "draw" in request.GET:
            url += f"?{urlencode({'seed': request.GET.get('seed', '')})}"
        return redirect(url)
    if "seed" in request.GET or "draw" in request.GET:
        try:
            mission = mission_generate(pack_key=pack_key, seed=request.GET.get("seed") or None)
        except Invalid as exc:
            context = _generator_context(pack_key, exc)
            return render(request, "missions/generator.html", context, status=400)
        return redirect("mission", code=mission.code)
    # The page itself opens on what new events play (the pack selectors' choice).
    chosen = request.GET.get("pack") or ELEVENTH
    return render(request, "missions/generator.html", _generator_context(chosen))


def _underdog(request) -> tuple[dict | None, Invalid | None]:
    """Only War's Underdog for Power Levels entered on the page (nothing until both are)."""
    q = request.GET
    if not (q.get("power_a") or q.get("power_b")):
        return None, None
    try:
        return (
            mission_underdog(
                power_a=q.get("power_a", ""),
                power_b=q.get("power_b", ""),
                split_by=q.get("split_by", "a"),
            ),
            None,
        )
    except Invalid as exc:
        return None, exc


def _classic_detail(request, mission: ClassicMission, link: str):
    underdog, underdog_error = (None, None)
    if mission.pack.key == "only_war":
        underdog, underdog_error = _underdog(request)
    # A Maelstrom of War mission: its Tactical Objective rule and the pack's D66 table; every
    # mission gets a button starting its tracked game.
    maelstrom = maelstrom_mission_of(mission)
    context = {
        "maelstrom": maelstrom,
        # Maelstrom of War on its own tracker; Eternal War and Only War on the score tracker.
        "trackable": mission_trackable(mission),
        "tactical": tactical_table(mission.pack.key) if maelstrom is not None else [],
        "mission": mission,
        "svg": classic_mission_svg(mission, width_px=900, translate=gettext),
        "share_link": link,
        "mysterious": (
            mission.pack.dice_table("mysterious_objectives")
            if any(r.name == "Mysterious Objectives" for r in mission.special_rules)
            else None
        ),
        "has_later_rolls": mission.mission.key in LATER_ROLLS,
        # Rolled only when asked, at the table (after deployment or at the start of round 1).
        "later_rolls": mission_later_rolls(mission=mission) if request.GET.get("later") else (),
        "underdog": underdog,
        "underdog_error": underdog_error,
        "power_a": request.GET.get("power_a", ""),
        "power_b": request.GET.get("power_b", ""),
        "split_by": request.GET.get("split_by", "a"),
    }
    return render(request, "missions/classic_mission.html", context)


def mission_detail(request, code: str):
    if is_matchup_code(code):
        return views_eleventh.matchup_detail(request, code)
    try:
        mission = mission_lookup(code=code)
    except Invalid as exc:
        return render(
            request, "missions/generator.html", _generator_context(DEFAULT_PACK, exc), status=404
        )
    link = request.build_absolute_uri(reverse("mission", kwargs={"code": mission.code}))
    if isinstance(mission, ClassicMission):
        return _classic_detail(request, mission, link)
    context = {
        "mission": mission,
        "svg": mission_svg(mission, width_px=900, translate=gettext),
        "share_link": link,
        "secondaries": mission.pack.secondaries,
        "gambits": mission.pack.gambits,
    }
    return render(request, "missions/mission.html", context)

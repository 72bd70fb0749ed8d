"""The public mission generator: draw a mission, see its map and cards, share its link."""

from django.shortcuts import redirect, render
from django.urls import reverse

from missions.render.svg import mission_svg
from missions.services import mission_generate, mission_lookup, mission_pool
from tournament.errors import Invalid


def generator(request):
    if "seed" in request.GET or "draw" in request.GET:
        try:
            mission = mission_generate(seed=request.GET.get("seed") or None)
        except Invalid as exc:
            return render(
                request,
                "missions/generator.html",
                {"pool": mission_pool(), "error": exc},
                status=400,
            )
        return redirect("mission", code=mission.code)
    return render(request, "missions/generator.html", {"pool": mission_pool()})


def mission_detail(request, code: str):
    try:
        mission = mission_lookup(code=code)
    except Invalid as exc:
        return render(
            request, "missions/generator.html", {"pool": mission_pool(), "error": exc}, status=404
        )
    link = request.build_absolute_uri(reverse("mission", kwargs={"code": mission.code}))
    context = {
        "mission": mission,
        "svg": mission_svg(mission, width_px=900),
        "share_link": link,
        "secondaries": mission.pack.secondaries,
        "gambits": mission.pack.gambits,
    }
    return render(request, "missions/mission.html", context)

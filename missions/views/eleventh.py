"""The 11th-edition pages: the matchup generator (choose or roll two Force Dispositions and
the layout letter) and the matchup page a shared code opens (both players' cards side by side,
the layout's map)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from common.errors import Invalid
from missions.eleventh.matrix import (
    DATA_VERSION,
    DISPOSITION_NAMES,
    DISPOSITIONS,
    LAYOUT_LETTERS,
)
from missions.render.eleventh import layout_svg
from missions.services.eleventh import matchup_generate, matchup_layout, matchup_lookup

FIELDS = ("a", "b", "layout", "seed")


def _matchup_context(request, matchup) -> dict:
    layout = matchup_layout(matchup)
    link = request.build_absolute_uri(reverse("mission", kwargs={"code": matchup.code}))
    sides = [
        {
            "label": label,
            "disposition": DISPOSITION_NAMES[own],
            "opponent": DISPOSITION_NAMES[other],
            "primary": primary,
        }
        for label, own, other, primary in (
            ("Player A", matchup.a, matchup.b, matchup.primary_a),
            ("Player B", matchup.b, matchup.a, matchup.primary_b),
        )
    ]
    # The same two dispositions on a freshly rolled layout letter.
    other_layout = urlencode({"a": matchup.a, "b": matchup.b, "layout": "", "seed": ""})
    return {
        "matchup": matchup,
        "sides": sides,
        "layout": layout,
        "svg": layout_svg(layout, width_px=900, translate=gettext),
        "share_link": link,
        "other_layout": f"{reverse('missions-eleventh')}?{other_layout}",
        "data_version": DATA_VERSION,
    }


def _form_context(values: dict, error: Invalid | None = None) -> dict:
    return {
        "values": values,
        "dispositions": DISPOSITIONS,
        "letters": LAYOUT_LETTERS,
        "error": error,
        "field_errors": error.messages if error else {},
    }


def generator(request):
    """GET with no seed shows the form; with an empty seed a seed is drawn and the page
    redirects to itself with it, so every matchup shown has a link that shows it again."""
    values = {name: request.GET.get(name, "").strip() for name in FIELDS}
    if "seed" not in request.GET:
        return render(request, "missions/eleventh.html", _form_context(values))
    try:
        matchup = matchup_generate(
            seed=values["seed"] or None, a=values["a"], b=values["b"], layout=values["layout"]
        )
    except Invalid as exc:
        return render(request, "missions/eleventh.html", _form_context(values, exc), status=400)
    if not values["seed"]:
        values["seed"] = str(matchup.seed)
        return redirect(f"{reverse('missions-eleventh')}?{urlencode(values)}")
    context = _form_context(values) | _matchup_context(request, matchup)
    if not all(values[name] for name in ("a", "b", "layout")):
        # Something was rolled: rolling again (a new seed) can give another matchup.
        again = urlencode(values | {"seed": ""})
        context["roll_again"] = f"{reverse('missions-eleventh')}?{again}"
    return render(request, "missions/eleventh.html", context)


def matchup_detail(request, code: str):
    """The matchup behind a shared code: both players' cards and the map."""
    try:
        matchup = matchup_lookup(code=code)
    except Invalid as exc:
        context = _form_context(dict.fromkeys(FIELDS, ""), exc)
        return render(request, "missions/eleventh.html", context, status=404)
    return render(request, "missions/eleventh_matchup.html", _matchup_context(request, matchup))

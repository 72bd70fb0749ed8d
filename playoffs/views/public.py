"""The bracket for everyone: a page (phone and wall alike), its PDF, the big screen's panel
and the line on a player's own page saying who and where they play next."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import slugify

from playoffs.printing.bracket import bracket_pdf
from playoffs.services.views import player_next_game, playoff_view
from tournament.services.events.access import user_can_judge
from tournament.views.common import visible_event_or_404


def _columns(view: dict) -> list[dict]:
    """The matches by knockout round, each column named by its matches' labels."""
    columns: dict[int, list] = {}
    for m in view["matches"]:
        columns.setdefault(m["round"], []).append(m)
    out = []
    for number, matches in sorted(columns.items()):
        # The third-place match under the final it is played beside.
        matches.sort(key=lambda m: m["stage"] == "3P")
        labels = list(dict.fromkeys(m["label"] for m in matches))
        out.append({"number": number, "title": " · ".join(labels), "matches": matches})
    return out


def _bracket(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    # The public reads the event's public names (issue 36); the staff full names.
    view = playoff_view(event=event, public=not user_can_judge(request.user, event))
    if view is None:
        raise Http404("No play-offs in this event yet.")
    return event, view


def event_playoffs(request, event_id: int):
    event, view = _bracket(request, event_id)
    context = {
        "event": event,
        "tab": "playoffs",
        "can_manage": user_can_judge(request.user, event),
        "bracket": view,
        "columns": _columns(view),
    }
    return render(request, "playoffs/bracket.html", context)


def event_playoffs_pdf(request, event_id: int):
    event, _ = _bracket(request, event_id)
    # The printed bracket goes on the wall: the public names for everyone (issue 36).
    view = playoff_view(event=event, public=True)
    response = HttpResponse(bracket_pdf(event=event, view=view, columns=_columns(view)))
    response["Content-Type"] = "application/pdf"
    name = slugify(event.name) or "event"
    response["Content-Disposition"] = f'inline; filename="{name}-playoffs.pdf"'
    return response


def screen_panel(event) -> str:
    """The big screen's bracket, once the cut is made (tournament.views.screen hook)."""
    view = playoff_view(event=event, public=True)
    if view is None:
        return ""
    return render_to_string(
        "playoffs/screen_panel.html", {"event": event, "bracket": view, "columns": _columns(view)}
    )


def player_links(player, key: str) -> list[tuple[str, str]]:
    """On the player's own page: their next knockout game, who and where."""
    upcoming = player_next_game(event=player.event, player_id=player.pk)
    if upcoming is None:
        return []
    who = f" v {upcoming['opponent']}" if upcoming["opponent"] else ": opponent to come"
    where = f", table {upcoming['table']}" if upcoming["table"] else ""
    label = f"Play-offs, {upcoming['label']}{who}{where}"
    return [(label, reverse("event-playoffs", args=[player.event_id]))]

"""The ritual's pages: the captain's phone page (from their private link) and the organiser's
page to run it for both teams. Both post the same actions the API takes."""

from __future__ import annotations

import contextlib

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from common.errors import ServiceError
from teams.services.printing import TEAM_KINDS, team_print_document
from teams.services.ritual import captain_matches, ritual_act, ritual_reset, ritual_state
from tournament.models import Player
from tournament.views.common import is_htmx, report, staff_required

# How the page names the fields a refusal is about.
PRINT_LABELS = {
    "team-pairings": "Team pairings (PDF)",
    "ritual-record": "Ritual record (PDF)",
    "team-scoresheets": "Team scoresheets (PDF)",
}
# The stale refusal reads as a sentence: no field name before it.
LABELS = {"player": "Player", "players": "Attackers", "step": "Step", "side": "Team", "version": ""}


def _action_from_post(post, side: str | None) -> dict:
    data: dict = {"step": post.get("step", "")}
    if side:
        data["side"] = side
    with contextlib.suppress(ValueError):
        data["version"] = int(post.get("version", ""))
    ids = []
    for raw in post.getlist("players" if data["step"] == "attackers" else "player"):
        try:
            ids.append(int(raw))
        except ValueError:
            ids.append(-1)  # refused by the service as "not one of your players"
    if data["step"] == "attackers":
        data["players"] = ids
    else:
        data["player"] = ids[0] if ids else None
    return data


def _captain(key: str, *, for_write: bool) -> Player:
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        if for_write:
            raise PermissionDenied("Unknown player key.")
        raise Http404("No player has this link.")
    return player


def captain_rituals(request, key: str):
    """The captain's matches with a ritual to run (the latest first); one goes straight in."""
    player = _captain(key, for_write=False)
    matches = captain_matches(player=player)
    if len(matches) == 1:
        return redirect("team-ritual-captain", key=key, match_id=matches[0].pk)
    return render(
        request,
        "teams/ritual_list.html",
        {"player": player, "event": player.event, "matches": matches, "key": key},
    )


def captain_ritual(request, key: str, match_id: int):
    player = _captain(key, for_write=request.method == "POST")
    url = reverse("team-ritual-captain", kwargs={"key": key, "match_id": match_id})
    if request.method == "POST":
        try:
            ritual_act(match_id=match_id, data=_action_from_post(request.POST, None), player=player)
        except ServiceError as exc:
            if exc.status == 404:  # no such match, or one of another hidden event
                raise Http404(str(exc)) from exc
            report(request, exc, LABELS)
        return redirect(url)
    try:
        seen = ritual_state(match_id=match_id, player=player)
    except ServiceError as exc:
        if exc.status == 404:
            raise Http404(str(exc)) from exc
        if exc.status == 403:
            raise PermissionDenied(str(exc)) from exc
        return render(request, "teams/ritual_closed.html", {"player": player, "message": exc})
    context = {"r": seen, "player": player, "event": player.event, "key": key, "url": url}
    template = "teams/ritual_card.html" if is_htmx(request) else "teams/ritual.html"
    return render(request, template, context)


@staff_required
def organiser_ritual(request, event, match_id: int):
    url = reverse("manage-team-ritual", kwargs={"event_id": event.pk, "match_id": match_id})
    if request.method == "POST" and request.POST.get("reset"):
        try:
            ritual_reset(match_id=match_id, user=request.user)
        except ServiceError as exc:
            report(request, exc, LABELS)
        return redirect(url)
    if request.method == "POST":
        side = request.POST.get("side", "")
        try:
            ritual_act(
                match_id=match_id, data=_action_from_post(request.POST, side), user=request.user
            )
        except ServiceError as exc:
            report(request, exc, LABELS)
        return redirect(url)
    try:
        seen = ritual_state(match_id=match_id, user=request.user)
    except ServiceError as exc:
        if exc.status in (403, 404):
            raise Http404(str(exc)) from exc
        return render(request, "teams/ritual_closed.html", {"event": event, "message": exc})
    if seen["match"]["event_id"] != event.pk:
        raise Http404("No such team match in this event.")
    prints = [
        (label, reverse("manage-team-print", args=[event.pk, seen["match"]["round"], kind]))
        for kind, label in PRINT_LABELS.items()
    ]
    context = {"r": seen, "event": event, "url": url, "organiser": True, "prints": prints}
    template = "teams/ritual_card.html" if is_htmx(request) else "teams/ritual.html"
    return render(request, template, context)


@staff_required
def team_print(request, event, number: int, kind: str):
    """A team round's PDF: team pairings, the ritual record or the team scoresheets."""
    if kind not in TEAM_KINDS:
        raise Http404("No such team document.")
    try:
        content = team_print_document(event=event, kind=kind, round_number=number)
    except ServiceError as exc:
        raise Http404(str(exc)) from exc
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="team-round-{number}-{kind}.pdf"'
    return response


def captain_links(player: Player, key: str) -> list[tuple[str, str]]:
    """For the player's own page: the way into the ritual of the matches they captain."""
    matches = captain_matches(player=player)
    if not matches:
        return []
    latest = matches[0]
    label = f"Pairing ritual: {latest.team_a.name} v {latest.team_b.name}"
    return [(label, reverse("team-rituals-captain", kwargs={"key": key}))]

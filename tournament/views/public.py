"""Pages anyone may read: the event list and an event's players, rounds and standings.

While a round is on, the live parts poll every 15 s with htmx; an htmx request gets only the
partial, so a refresh costs one small response.
"""

from django.db.models import Count, Q
from django.shortcuts import render
from django.urls import reverse

from tournament.services.access import events_visible_to, user_can_manage
from tournament.services.standings import standings_compute
from tournament.views.common import is_htmx, latest_round, round_is_on, visible_event_or_404
from tournament.views.data import by_name, games_of, mission_of
from tournament.views.forms import TIEBREAK_LABELS


def home(request):
    events = events_visible_to(request.user).annotate(
        player_count=Count("players", filter=Q(players__dropped=False), distinct=True),
        round_count=Count("rounds", distinct=True),
    )
    managed = request.user.is_authenticated and (request.user.is_superuser or request.user.is_staff)
    user = request.user
    if user.is_authenticated and user.is_superuser:
        mine = set(events.values_list("pk", flat=True))
    elif user.is_authenticated:
        mine = set(user.staffed_events.values_list("pk", flat=True))
    else:
        mine = set()
    context = {
        "events": events,
        "managed_ids": mine,
        "missions_url": reverse("missions"),
        "can_create": managed,
    }
    return render(request, "tournament/home.html", context)


def _event_context(request, event, tab: str) -> dict:
    current = latest_round(event)
    return {
        "event": event,
        "tab": tab,
        "current_round": current,
        "live": round_is_on(event, current),
        "can_manage": user_can_manage(request.user, event),
        "tiebreak_legend": [(m.upper(), TIEBREAK_LABELS.get(m, m)) for m in event.tiebreaks],
    }


def event_detail(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = _event_context(request, event, "overview")
    current = context["current_round"]
    context.update(
        players=event.players.all(),
        games=games_of(current),
        standings=standings_compute(event=event)[:8],
        mission=mission_of(event, current),
    )
    if is_htmx(request):
        return render(request, "tournament/partials/overview_live.html", context)
    return render(request, "tournament/event.html", context)


def _chosen_round(request, event):
    rounds = list(event.rounds.order_by("number"))
    wanted = request.GET.get("round", "")
    chosen = next((r for r in rounds if str(r.number) == wanted), None)
    return rounds, chosen or (rounds[-1] if rounds else None)


def event_pairings(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = _event_context(request, event, "pairings")
    rounds, chosen = _chosen_round(request, event)
    games = games_of(chosen)
    order = "name" if request.GET.get("by") == "name" else "table"
    context.update(
        rounds=rounds,
        round=chosen,
        games=games,
        by_name=by_name(games) if order == "name" else [],
        order=order,
        mission=mission_of(event, chosen),
        live=context["live"] and chosen == context["current_round"],
    )
    if is_htmx(request):
        return render(request, "tournament/partials/pairings.html", context)
    return render(request, "tournament/pairings.html", context)


def event_standings(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = _event_context(request, event, "standings")
    context["standings"] = standings_compute(event=event)
    if is_htmx(request):
        return render(request, "tournament/partials/standings.html", context)
    return render(request, "tournament/standings.html", context)

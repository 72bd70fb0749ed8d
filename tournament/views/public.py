"""Pages anyone may read: the event list and an event's players, rounds and standings."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from tournament.services.access import events_visible_to, user_can_manage
from tournament.services.standings import standings_compute


def home(request):
    events = events_visible_to(request.user).prefetch_related("players")
    return render(
        request, "tournament/home.html", {"events": events, "missions_url": reverse("missions")}
    )


def event_detail(request, event_id: int):
    event = events_visible_to(request.user).filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event.")
    rounds = event.rounds.prefetch_related(
        "games__player_a", "games__player_b", "games__results"
    ).order_by("-number")
    context = {
        "event": event,
        "players": event.players.all(),
        "rounds": rounds,
        "standings": standings_compute(event=event),
        "can_manage": user_can_manage(request.user, event),
    }
    return render(request, "tournament/event.html", context)

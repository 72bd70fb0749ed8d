"""Pages anyone may read: the event list and an event's players, rounds and standings.

While a round is on, the live parts poll every 15 s with htmx; an htmx request gets only the
partial, so a refresh costs one small response.
"""

from urllib.parse import quote

from django.db.models import Count, Q
from django.http import HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse

from tournament.api.conditional import etag_matches
from tournament.models import PlayerStatus
from tournament.services.access import events_visible_to, user_can_judge
from tournament.services.cached import event_etag, standings_cached, standings_status_cached
from tournament.services.players import players_by_name
from tournament.services.registration import registration_is_open
from tournament.services.revision import event_revision
from tournament.services.standings import metric_heading, metric_label
from tournament.views.common import is_htmx, latest_round, round_is_on, visible_event_or_404
from tournament.views.data import by_name, games_shown, mission_of
from tournament.views.find import (
    FOLDS_JSON,
    find_query,
    fold,
    game_names,
    games_matching,
    rows_matching,
)
from tournament.views.now import now_context


def home(request):
    # Archived events leave the list; organisers may list them instead (?archived=1).
    show_archived = request.GET.get("archived") == "1" and request.user.is_authenticated
    visible = events_visible_to(request.user)
    archived_count = visible.filter(archived=True).count() if request.user.is_authenticated else 0
    events = visible.filter(archived=show_archived).annotate(
        player_count=Count(
            "players",
            filter=Q(players__dropped=False, players__status=PlayerStatus.APPROVED),
            distinct=True,
        ),
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
        "show_archived": show_archived,
        "archived_count": archived_count,
    }
    return render(request, "tournament/home.html", context)


def _event_context(request, event, tab: str) -> dict:
    revision = event_revision(event_id=event.pk)  # first: every read below is as new or newer
    current = latest_round(event)
    return {
        # The clock strip refreshes itself; htmx refreshes of the page's other parts skip it.
        **({} if is_htmx(request) else now_context(event, revision=revision)),
        "event": event,
        "revision": revision,
        "tab": tab,
        "current_round": current,
        "live": round_is_on(event, current),
        # Organisers and judges: the Manage link and the provisional standings.
        "can_manage": user_can_judge(request.user, event),
        "tiebreak_legend": [(metric_heading(m), metric_label(m)) for m in event.tiebreaks],
        # What the standings are "after", and what they leave out until it is confirmed.
        "progress": standings_status_cached(event=event, revision=revision),
    }


def event_detail(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = _event_context(request, event, "overview")
    current = context["current_round"]
    context.update(
        players=players_by_name(event.players.filter(status=PlayerStatus.APPROVED)),
        games=games_shown(current, staff=context["can_manage"]),
        standings=standings_cached(event=event, revision=context["revision"])[:8],
        mission=mission_of(event, current),
        signup_open=registration_is_open(event),
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
    """A round's pairings by table or by name; `?q=` keeps only the games of the players
    whose names hold it (find my table, without JS)."""
    event = visible_event_or_404(request, event_id)
    context = _event_context(request, event, "pairings")
    rounds, chosen = _chosen_round(request, event)
    games = games_shown(chosen, staff=context["can_manage"])
    order = "name" if request.GET.get("by") == "name" else "table"
    query = find_query(request.GET.get("q"))
    rows = by_name(games) if order == "name" else []
    for game in games:
        game.find_names = game_names(game)
    for row in rows:
        row["find"] = fold(row["player"].name)
    games, rows = games_matching(games, query), rows_matching(rows, query)
    context.update(
        rounds=rounds,
        round=chosen,
        games=games,
        by_name=rows,
        found=len(rows if order == "name" else games),
        query=query,
        folds=FOLDS_JSON,
        query_param=f"&q={quote(query)}" if query else "",
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
    # Organisers and judges may look at the standings as they would be if every entry stood;
    # players and the public only ever see confirmed results.
    provisional = context["can_manage"] and request.GET.get("provisional") == "1"
    context["provisional"] = provisional
    # Called by the template only when the table's rendered copy is not cached already.
    context["standings"] = lambda: standings_cached(
        event=event, provisional=provisional, revision=context["revision"]
    )
    if is_htmx(request):
        # The page polls this part: answer 304 while nothing changed (the browser keeps it).
        variant = f"{int(context['can_manage'])}:{int(provisional)}:{int(context['live'])}"
        etag = event_etag(
            event=event, revision=context["revision"], name="standings-part", variant=variant
        )
        if etag_matches(request, etag):
            response = HttpResponseNotModified()
        else:
            response = render(request, "tournament/partials/standings.html", context)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        return response
    return render(request, "tournament/standings.html", context)

"""Pages anyone may read: the event list and an event's players, rounds and standings.

While a round is on, the live parts poll every 15 s with htmx; an htmx request gets only the
partial, so a refresh costs one small response.
"""

import hashlib
from dataclasses import replace
from urllib.parse import quote, urlencode

from django.db.models import Count, Q
from django.http import HttpResponseNotModified
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from common.i18n import current_language
from tournament.caching.cached import (
    event_cached,
    event_etag,
    standings_computed,
    standings_status_computed,
)
from tournament.caching.conditional import etag_matches
from tournament.caching.replay import replayable
from tournament.caching.revision import event_revisions
from tournament.extensions import PAGE_SECTIONS
from tournament.models import PlayerStatus
from tournament.services.documents.exports import FORMULA_SIGNS
from tournament.services.events.access import events_visible_to, user_can_judge
from tournament.services.players.penalties import penalty_marks
from tournament.services.players.players import players_by_name
from tournament.services.players.public import players_named_for_public, rows_named_for_public
from tournament.services.players.registration import registration_is_open
from tournament.services.rounds.pairing_record import round_has_record
from tournament.services.rounds.records import never_played
from tournament.services.standings.standings import (
    metric_heading,
    metric_label,
    standings_final_first,
)
from tournament.views.common import is_htmx, latest_round, round_is_on, visible_event_or_404
from tournament.views.data import by_name, games_shown, mission_of
from tournament.views.find import (
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


def event_context(request, event, tab: str) -> dict:
    """What every tab of an event's public page shows around its body (the statistics' tab,
    in stats/, too)."""
    revisions = event_revisions(event_id=event.pk)  # first: every read below is as new or newer
    current = latest_round(event)
    can_manage = user_can_judge(request.user, event)
    # Organisers and judges read exactly; the public may trail by a few seconds while a newer
    # computation runs (services/cached.py).
    progress = standings_status_computed(event=event, revision=revisions.event, exact=can_manage)
    return {
        # The clock strip refreshes itself; htmx refreshes of the page's other parts skip it.
        **({} if is_htmx(request) else now_context(event, revision=revisions.event)),
        "event": event,
        "revision": revisions.event,
        "revisions": revisions,
        "tab": tab,
        "current_round": current,
        "live": round_is_on(event, current),
        # Organisers and judges: the Manage link and the provisional standings.
        "can_manage": can_manage,
        "tiebreak_legend": [(metric_heading(m), metric_label(m)) for m in event.tiebreaks],
        # What the standings are "after", and what they leave out until it is confirmed.
        "progress": progress.value,
        "progress_revision": progress.revision,
    }


def _standings(context: dict, *, provisional: bool = False):
    """The standings the page shows: exact for organisers and judges, for the public possibly
    a few seconds behind (then `standings_as_of` says as of when)."""
    revisions = context["revisions"]
    revision = revisions.event if provisional else revisions.standings
    computed = standings_computed(
        event=context["event"],
        provisional=provisional,
        revision=revision,
        exact=context["can_manage"],
    )
    context["standings_as_of"] = computed.as_of_for(revision) if computed.trails(revision) else None
    if context["can_manage"]:
        return computed
    # The public reads players by the event's public names (issue 36); the shared computation
    # keeps full names for the staff, so the public get a renamed copy.
    return replace(computed, value=rows_named_for_public(context["event"], computed.value))


def audience(context: dict) -> str:
    """A cache variant's part for who reads: the staff, or the public by the event's public
    names (a change of that setting must not serve a page cached under the former one)."""
    return "staff" if context["can_manage"] else context["event"].public_names


def polled_part(request, template: str, context: dict, *, name: str, revision: str, variant: str):
    """A live part the page polls (htmx): 304 while nothing it shows changed (the poll keeps
    what it has), else the part, with the ETag naming what it shows (`revision`, the revisions
    it was read at, and `variant`, everything else it depends on). The public may be given it
    again for a moment without the framework, compressed (tournament/caching/replay.py)."""
    etag = event_etag(event=context["event"], revision=revision, name=name, variant=variant)
    if etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:
        response = render(request, template, context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return replayable(response)


def event_detail(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = event_context(request, event, "overview")
    current = context["current_round"]
    standings = _standings(context)
    context.update(
        games=games_shown(current, staff=context["can_manage"]),
        standings=standings_final_first(standings.value)[:8],
        mission=mission_of(event, current),
    )
    if is_htmx(request):
        # The round's games move with every entry (the event revision); the standings may
        # trail it (their own computation's revision), and so may the counts they leave out.
        revision = f"{context['revision']}.{standings.revision}.{context['progress_revision']}"
        variant = f"{audience(context)}:{int(context['live'])}"
        return polled_part(
            request,
            "tournament/partials/overview_live.html",
            context,
            name="event-part",
            revision=revision,
            variant=variant,
        )
    players = list(event.players.filter(status=PlayerStatus.APPROVED))
    if not context["can_manage"]:
        players_named_for_public(event, players)
    context.update(
        players=players_by_name(players),
        signup_open=registration_is_open(event),
    )
    return render(request, "tournament/event.html", context)


def _chosen_round(request, event):
    rounds = list(event.rounds.order_by("number"))
    wanted = request.GET.get("round", "")
    chosen = next((r for r in rounds if str(r.number) == wanted), None)
    return rounds, chosen or (rounds[-1] if rounds else None)


def _find_box(request, event, *, noun: str, hidden: list[tuple[str, object]]) -> dict:
    """What partials/find_box.html needs beside `query` and `found`: the page's own address,
    what a match is, and the page's other GET fields (kept by the form and by "show all")."""
    return {
        "find_action": request.path,
        "find_noun": noun,
        "find_hidden": hidden,
        "find_all": f"{request.path}?{urlencode(hidden)}" if hidden else request.path,
    }


def page_sections(page: str, event, shown) -> list[str]:
    return [
        mark_safe(html)  # noqa: S308 - rendered by the hooks' own templates
        for html in (hook(event, shown) for hook in PAGE_SECTIONS[page])
        if html
    ]


def event_pairings(request, event_id: int):
    """A round's pairings by table or by name; `?q=` keeps only the games of the players
    whose names hold it (find my table, without JS)."""
    event = visible_event_or_404(request, event_id)
    context = event_context(request, event, "pairings")
    rounds, chosen = _chosen_round(request, event)
    games = games_shown(chosen, staff=context["can_manage"])
    order = "name" if request.GET.get("by") == "name" else "table"
    query = find_query(request.GET.get("q"))
    rows = by_name(games) if order == "name" else []
    # Penalties of this round beside each game (issue 35): kind and round, never the reason.
    marks = penalty_marks(event.pk, round_number=chosen.number) if chosen else {}
    for game in games:
        game.find_names = game_names(game)
        game.penalties_a = marks.get(game.player_a_id, [])
        game.penalties_b = marks.get(game.player_b_id, []) if game.player_b_id else []
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
        query_param=f"&q={quote(query)}" if query else "",
        **_find_box(
            request,
            event,
            noun="player" if order == "name" else "game",
            hidden=[("round", chosen.number if chosen else ""), ("by", order)],
        ),
        order=order,
        mission=mission_of(event, chosen),
        live=context["live"] and chosen == context["current_round"],
        # Called by the full page's template only, never for the polled part.
        page_sections=lambda: page_sections("pairings", event, chosen),
        # Called by the full page's template only: the polled part has no link to it.
        has_record=lambda: round_has_record(event=event, round_=chosen),
    )
    if is_htmx(request):
        # The games show every entry, confirmed or not: the event revision names them.
        variant = (
            f"{audience(context)}:{int(context['live'])}:{chosen.number if chosen else 0}:{order}"
        )
        if query:
            variant += ":" + hashlib.sha256(fold(query).encode()).hexdigest()[:16]
        return polled_part(
            request,
            "tournament/partials/pairings.html",
            context,
            name="pairings-part",
            revision=str(context["revision"]),
            variant=variant,
        )
    return render(request, "tournament/pairings.html", context)


def event_standings(request, event_id: int):
    return standings_page(request, visible_event_or_404(request, event_id), manage=False)


def standings_page(request, event, *, manage: bool):
    """The standings, public or (manage) inside the organiser's tabs: one page, two frames."""
    context = event_context(request, event, "standings")
    # Organisers and judges may look at the standings as they would be if every entry stood;
    # players and the public only ever see confirmed results.
    provisional = context["can_manage"] and request.GET.get("provisional") == "1"
    context["provisional"] = provisional
    context["manage"] = manage
    context["standings_url"] = request.path
    # Staff switch to the provisional view inside their own area.
    if context["can_manage"]:
        context["provisional_url"] = reverse("manage-standings", args=[event.pk])
    standings = _standings(context, provisional=provisional)
    context["page_sections"] = lambda: page_sections("standings", event, standings.value)

    def table() -> str:
        rows = {"event": event, "standings": standings.value}
        rows["tiebreak_legend"] = context["tiebreak_legend"]
        return render_to_string("tournament/partials/standings_table.html", rows)

    # The table is most of the page (200 KB at 1,000 players): rendered once per computation of
    # the standings, for every process, rather than once per reader; and only when a page is
    # sent (the template calls this), never for a 304.
    context["standings_table"] = lambda: mark_safe(  # noqa: S308 - rendered by our own template
        event_cached(
            event=event,
            name="standings-table",
            # Rendered text: one copy per language it is read in and per audience (names).
            variant=f"{int(provisional)}:{audience(context)}-{current_language()}",
            revision=standings.revision,
            compute=table,
        )
    )
    # Find a player: ?q= keeps the rows whose names hold it (each keeps its place); such a
    # page is rendered afresh, the cached table being the whole list.
    query = find_query(request.GET.get("q"))
    if query:
        wanted = fold(query)
        context["matching"] = [r for r in standings.value if wanted in fold(r["name"])]
    context.update(
        query=query,
        found=len(context.get("matching", ())),
        query_param=f"{'&' if provisional else '?'}q={quote(query)}" if query else "",
        **_find_box(
            request, event, noun="player", hidden=[("provisional", "1")] if provisional else []
        ),
    )
    as_of = context["standings_as_of"]
    if is_htmx(request):
        # The page polls this part: answer 304 while nothing it shows changed (the browser
        # keeps it). It shows the standings, the counts of results they leave out, whether
        # they trail the newest confirmation, and the rows a find kept.
        variant = (
            f"{audience(context)}:{int(provisional)}:{int(context['live'])}"
            f":{int(as_of is not None)}:{int(manage)}"
        )
        if query:
            variant += ":" + hashlib.sha256(fold(query).encode()).hexdigest()[:16]
        revision = f"{standings.revision}.{context['progress_revision']}"
        response = polled_part(
            request,
            "tournament/partials/standings.html",
            context,
            name="standings-part",
            revision=revision,
            variant=variant,
        )
    else:
        # Staff see who is left out for never playing; the public page does not name no-shows.
        context["never_played"] = never_played(event=event) if context["can_manage"] else []
        # A name starting with a sign reads exactly only in the workbook (services/exports.py).
        context["signed_names"] = any(r["name"].startswith(FORMULA_SIGNS) for r in standings.value)
        response = render(request, "tournament/standings.html", context)
    stamp = as_of or standings.as_of_for(standings.revision)
    response["X-Standings-As-Of"] = stamp.strftime("%Y-%m-%dT%H:%M:%SZ")
    return response

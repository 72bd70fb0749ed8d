"""Organiser pages of an event: create it, its players (check-in, drops, late entries, CSV
import, private links) and its settings. Every POST goes through a service."""

from __future__ import annotations

from urllib.parse import quote, urlencode

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from ops.backup.status import backup_summary
from tournament.caching.cached import event_etag
from tournament.caching.conditional import etag_matches
from tournament.caching.revision import event_revision
from tournament.extensions import STAFF_PLAYER_SECTIONS
from tournament.localtime import default_time_zone, zone
from tournament.models import Player, PlayerStatus
from tournament.services.events.access import user_can_create_events
from tournament.services.events.events import event_create, event_delete, event_update
from tournament.services.events.status import event_status_due
from tournament.services.live.announcements import announcements_list
from tournament.services.players.imports import csv_decoded, import_players, import_preview
from tournament.services.players.penalties import penalties_list, player_signup_warnings
from tournament.services.players.players import (
    player_delete,
    player_games_count,
    player_register,
    player_update,
    players_by_name,
)
from tournament.services.players.registration import registration_counts
from tournament.services.rounds.eleventh import ELEVENTH, disposition_lock_reason, is_eleventh
from tournament.views.common import (
    back,
    is_htmx,
    latest_round,
    organiser_required,
    report,
    require_organiser_post,
    staff_required,
)
from tournament.views.find import find_query, players_matching
from tournament.views.forms.errors import service_errors_to_form
from tournament.views.forms.events import EventDeleteForm, NewEventForm, SettingsForm
from tournament.views.forms.extra import settings_field_links
from tournament.views.forms.players import ImportForm, PlayerEditForm, PlayerForm
from tournament.views.links import phone_url, phones_cannot_open, qr_svg

TOGGLES = ("checked_in", "dropped", "battle_ready")


def event_new(request):
    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    if not user_can_create_events(request.user):
        raise PermissionDenied("Only organiser accounts may create events.")
    form = NewEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if v not in (None, "")}
        # A moment typed here is wall time in the zone chosen on this very form (the page
        # read it in the site's zone: no event yet).
        chosen = zone(data.get("time_zone") or default_time_zone())
        for name in form.moments():
            if name in data:
                wall = timezone.localtime(data[name]).replace(tzinfo=None)
                data[name] = timezone.make_aware(wall, chosen)
        # A new event made here plays the 11th edition unless the form names another pack.
        data.setdefault("mission_pack", ELEVENTH)
        rounds = data.pop("planned_rounds")
        try:
            event = event_create(user=request.user, rounds=rounds, **data)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            # A team event opens on its team screens (the teams app's pages, by URL name).
            if event.is_team:
                messages.success(
                    request, gettext("%(name)s is ready: add its teams.") % {"name": event.name}
                )
                return redirect("manage-teams", event_id=event.pk)
            messages.success(
                request, gettext("%(name)s is ready: add its players.") % {"name": event.name}
            )
            return redirect("manage-event", event_id=event.pk)
    return render(request, "tournament/manage/event_new.html", {"form": form})


def _dashboard_context(event) -> dict:
    # The field only: sign-ups still pending or waiting are on the Sign-ups page.
    players = players_by_name(event.players.filter(status=PlayerStatus.APPROVED))
    return {
        "event": event,
        "tab": "players",
        "players": players,
        **_player_counts(event, players),
        "current_round": latest_round(event),
        "counts_poll_s": COUNTS_POLL_S,
        "form": PlayerForm(eleventh=is_eleventh(event)),
        "import_form": ImportForm(),
        "announcements": announcements_list(event=event),
        "signups": registration_counts(event=event),
    }


def _player_counts(event, players=None) -> dict[str, int]:
    if players is None:
        players = list(event.players.filter(status=PlayerStatus.APPROVED))
    active = sum(not p.dropped for p in players)
    checked_in = sum(p.checked_in and not p.dropped for p in players)
    return {
        "checked_in": checked_in,
        "active": active,
        "everyone": len(players),  # dropped players included, as the list shows them
        "to_come": active - checked_in,  # the "Not checked in" chip
    }


def _door_filters(request, players: list) -> dict:
    """The players list as the door needs it: `?q=` part of a name, `?missing=1` only the
    players still to check in (active ones). Both are GET fields of the find box, so the page
    works without JavaScript; with it, find-table.js filters the rows as one types."""
    query = find_query(request.GET.get("q"))
    missing = request.GET.get("missing") == "1"
    to_come = [p for p in players if not p.checked_in and not p.dropped]
    shown = players_matching(to_come if missing else players, query)
    hidden = [("missing", "1")] if missing else []
    path = request.path
    keep_q = f"q={quote(query)}" if query else ""
    return {
        "players": shown,
        "query": query,
        "found": len(shown),
        "missing": missing,
        "everyone_url": f"{path}?{keep_q}" if keep_q else path,
        "missing_url": f"{path}?missing=1" + (f"&{keep_q}" if keep_q else ""),
        # Check-in and drop buttons come back to this very list (filters included).
        "next_url": request.get_full_path(),
        "find_action": path,
        "find_noun": "player",
        "find_hidden": hidden,
        "find_all": f"{path}?{urlencode(hidden)}" if hidden else path,
    }


@staff_required
def dashboard(request, event):
    context = _dashboard_context(event)
    context.update(_door_filters(request, context["players"]))
    # The venue server's backup (ops/backup/status.py): read from a small local file.
    context["backup"] = backup_summary()
    if is_htmx(request):  # find-table.js asks for the whole list again
        return render(request, "tournament/manage/players_list.html", context)
    return render(request, "tournament/manage/dashboard.html", context)


# Seconds between two looks at the counts: players check themselves in from their phones.
COUNTS_POLL_S = 10


@staff_required
def player_counts(request, event):
    """The players page's counts, polled: a phone check-in moves "checked in" on the
    organiser's screen. 304 while the event has not changed."""
    revision = event_revision(event_id=event.pk)
    etag = event_etag(event=event, revision=revision, name="player-counts", variant="")
    if etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:
        context = {**_player_counts(event), "oob": True}
        response = render(request, "tournament/manage/player_counts.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@organiser_required
@require_POST
def player_add(request, event):
    form = PlayerForm(request.POST, eleventh=is_eleventh(event))
    if form.is_valid():
        try:
            player = player_register(event=event, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            late = gettext(" as a late entry") if player.first_round > 1 else ""
            messages.success(
                request, gettext("%(name)s added%(late)s.") % {"name": player.name, "late": late}
            )
            for warning in player_signup_warnings(player=player, user=request.user):
                messages.warning(request, warning)
            return redirect("manage-event", event_id=event.pk)
    context = _dashboard_context(event)
    context["form"] = form
    return render(request, "tournament/manage/dashboard.html", context, status=400)


def _event_player(event, player_id: int) -> Player:
    player = event.players.filter(pk=player_id).first()
    if player is None:
        raise Http404("No such player in this event.")
    return player


@organiser_required
@require_POST
def player_toggle(request, event, player_id: int, field: str):
    if field not in TOGGLES:
        raise Http404("Unknown toggle.")
    player = _event_player(event, player_id)
    value = request.POST.get("value")
    wanted = (value == "1") if value in ("0", "1") else not getattr(player, field)
    try:
        player = player_update(player=player, user=request.user, changes={field: wanted})
    except ServiceError as exc:
        report(request, exc)
    if is_htmx(request):
        nxt = request.POST.get("next", "")
        context = {"event": event, "p": player, "next_url": nxt if nxt.startswith("/") else ""}
        row = render_to_string("tournament/manage/player_row.html", context, request=request)
        # The page's counts change with the row: sent along, swapped in place (htmx oob).
        counts = render_to_string(
            "tournament/manage/player_counts.html", {**_player_counts(event), "oob": True}
        )
        return HttpResponse(row + counts)
    return back(request, "manage-event", event_id=event.pk)


@staff_required
def player_detail(request, event, player_id: int):
    # Judges read the player and their private link (to hand out again); organisers edit.
    require_organiser_post(request)
    player = _event_player(event, player_id)
    form = PlayerEditForm(
        request.POST or None,
        initial=PlayerEditForm.initial_for(player),
        eleventh=is_eleventh(event),
    )
    if "disposition" in form.fields:
        # Locked for the player (their page); the organiser may still change it, logged.
        locked = disposition_lock_reason(event)
        if locked:
            form.fields["disposition"].help_text = gettext(
                "%(reason)s: the player can no longer change it; a change here is logged."
            ) % {"reason": locked}
    if request.method == "POST" and form.is_valid():
        try:
            player_update(player=player, user=request.user, changes=form.cleaned_data)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Player saved."))
            return redirect("manage-player", event_id=event.pk, player_id=player.pk)
    link = phone_url(request, reverse("player-home", kwargs={"key": player.private_key}))
    context = {"event": event, "tab": "players", "player": player, "form": form, "link": link}
    context["qr"] = qr_svg(link)
    context["qr_loopback"] = phones_cannot_open(link)
    context["signup_warnings"] = player_signup_warnings(player=player, user=request.user)
    context["penalties"] = penalties_list(
        event=event, user=request.user, player_id=player.pk, with_words=True
    )
    context["staff_sections"] = []
    for section in STAFF_PLAYER_SECTIONS:
        found = section(player)
        if found is not None:
            context.update(found[1])
            context["staff_sections"].append(found[0])
    return render(request, "tournament/manage/player.html", context)


@organiser_required
def player_delete_view(request, event, player_id: int):
    """GET: what deleting means (or why it cannot happen). POST: delete."""
    player = _event_player(event, player_id)
    if request.method == "POST":
        try:
            player_delete(player=player, user=request.user)
        except ServiceError as exc:
            report(request, exc)
            return redirect("manage-player", event_id=event.pk, player_id=player.pk)
        messages.success(
            request,
            gettext("%(name)s deleted; the audit log can bring them back.") % {"name": player.name},
        )
        return redirect("manage-event", event_id=event.pk)
    context = {
        "event": event,
        "tab": "players",
        "player": player,
        "games": player_games_count(player),
    }
    return render(request, "tournament/manage/player_delete.html", context)


@organiser_required
def player_import(request, event):
    """POST with `preview` shows each row's problems; POST with `confirm` imports all rows."""
    form = ImportForm(request.POST or None, request.FILES or None)
    context = {"event": event, "tab": "players", "import_form": form, "rows": None}
    if request.method == "POST" and form.is_valid():
        try:
            raw = csv_decoded(form.raw())
            context["raw"] = raw
            if "confirm" in request.POST:
                added = import_players(event=event, user=request.user, raw=raw)
                messages.success(
                    request,
                    gettext("Imported %(added_count)s players.") % {"added_count": len(added)},
                )
                return redirect("manage-event", event_id=event.pk)
            context["rows"] = import_preview(event=event, raw=raw)
            context["ok"] = all(r.ok for r in context["rows"])
        except ServiceError as exc:
            service_errors_to_form(form, exc)
    return render(request, "tournament/manage/import.html", context)


@organiser_required
def event_settings(request, event):
    form = SettingsForm(
        request.POST or None,
        initial=SettingsForm.initial_for(event),
        status_due=event_status_due(event=event),
    )
    if request.method == "POST" and form.is_valid():
        try:
            event_update(event=event, user=request.user, changes=form.changes())
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Settings saved."))
            return redirect("manage-settings", event_id=event.pk)
    settings_field_links(form, event)
    context = {"event": event, "tab": "settings", "form": form, "delete_form": EventDeleteForm()}
    return render(request, "tournament/manage/settings.html", context)


@organiser_required
@require_POST
def event_archive(request, event):
    """Archive (value=1) or unarchive (value=0): one logged, undoable settings change."""
    archived = request.POST.get("value") == "1"
    try:
        event_update(event=event, user=request.user, changes={"archived": archived})
    except ServiceError as exc:
        report(request, exc)
    else:
        if archived:
            messages.success(
                request,
                gettext("%(name)s is archived: off the lists and read-only.")
                % {"name": event.name},
            )
        else:
            messages.success(
                request,
                gettext("%(name)s is back: it can be changed again.") % {"name": event.name},
            )
    return redirect("manage-settings", event_id=event.pk)


@organiser_required
@require_POST
def event_delete_view(request, event):
    """Delete the event for good, only with its name typed in."""
    form = EventDeleteForm(request.POST)
    if form.is_valid():
        try:
            name = event_delete(
                event=event, user=request.user, confirm=form.cleaned_data["confirm"]
            )
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(
                request, gettext("%(name)s and everything in it were deleted.") % {"name": name}
            )
            return redirect("home")
    settings_form = SettingsForm(
        initial=SettingsForm.initial_for(event), status_due=event_status_due(event=event)
    )
    settings_field_links(settings_form, event)
    context = {"event": event, "tab": "settings", "form": settings_form, "delete_form": form}
    return render(request, "tournament/manage/settings.html", context, status=400)

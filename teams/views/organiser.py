"""The organiser's team pages: teams, their players, import, scoring and team rounds."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from teams.models.teams import Team, TeamMatch
from teams.services.imports import teams_import_preview
from teams.services.matches import team_match_pair_players, team_match_unpair
from teams.services.rounds import team_round_create
from teams.services.scoring import team_scoring_get, team_scoring_update
from teams.services.standings import team_round_data
from teams.services.teams import (
    team_create,
    team_delete,
    team_member_add,
    team_update,
    teams_import,
    teams_with_members,
)
from teams.views.forms import (
    MatchPairingForm,
    MemberForm,
    ScoringForm,
    TeamAddForm,
    TeamForm,
    TeamImportForm,
)
from tournament.models import LayoutPolicy, RoundStage
from tournament.services.players.imports import csv_decoded
from tournament.services.rounds.eleventh import ELEVENTH
from tournament.views.common import (
    organiser_required,
    report,
    require_organiser_post,
    staff_required,
)
from tournament.views.forms.errors import service_errors_to_form


def _teams_context(event, **extra) -> dict:
    return {
        "event": event,
        "tab": "teams",
        "teams": teams_with_members(event),
        "add_form": TeamAddForm(),
        **extra,
    }


@staff_required
def teams_page(request, event):
    return render(request, "teams/manage/teams.html", _teams_context(event))


@organiser_required
@require_POST
def team_add(request, event):
    form = TeamAddForm(request.POST)
    if form.is_valid():
        try:
            team = team_create(event=event, user=request.user, name=form.cleaned_data["name"])
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(
                request, gettext("%(name)s entered: add its players.") % {"name": team.name}
            )
            return redirect("manage-team", event_id=event.pk, team_id=team.pk)
    return render(
        request, "teams/manage/teams.html", _teams_context(event, add_form=form), status=400
    )


def _team(event, team_id: int) -> Team:
    team = Team.objects.filter(event=event, pk=team_id).first()
    if team is None:
        raise Http404("No such team in this event.")
    return team


def _team_context(event, team, **extra) -> dict:
    return {
        "event": event,
        "tab": "teams",
        "team": team,
        "members": [m.player for m in team.members.select_related("player")],
        "form": TeamForm(initial=TeamForm.initial_for(team), team=team),
        "member_form": MemberForm(),
        **extra,
    }


@staff_required
def team_page(request, event, team_id: int):
    require_organiser_post(request)
    team = _team(event, team_id)
    if request.method != "POST":
        return render(request, "teams/manage/team.html", _team_context(event, team))
    form = TeamForm(request.POST, initial=TeamForm.initial_for(team), team=team)
    if form.is_valid():
        try:
            team_update(team=team, user=request.user, changes=form.changes())
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Team saved."))
            return redirect("manage-team", event_id=event.pk, team_id=team.pk)
    return render(
        request, "teams/manage/team.html", _team_context(event, team, form=form), status=400
    )


@organiser_required
@require_POST
def member_add(request, event, team_id: int):
    team = _team(event, team_id)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            player = team_member_add(team=team, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(
                request,
                gettext("%(name)s joined %(name2)s.") % {"name": player.name, "name2": team.name},
            )
            return redirect("manage-team", event_id=event.pk, team_id=team.pk)
    context = _team_context(event, team, member_form=form)
    return render(request, "teams/manage/team.html", context, status=400)


@organiser_required
@require_POST
def team_delete_view(request, event, team_id: int):
    team = _team(event, team_id)
    try:
        name = team_delete(team=team, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return redirect("manage-team", event_id=event.pk, team_id=team.pk)
    messages.success(request, gettext("%(name)s deleted with its players.") % {"name": name})
    return redirect("manage-teams", event_id=event.pk)


@organiser_required
def teams_import_page(request, event):
    """POST with `preview` shows every line and its problems, importing nothing; otherwise
    (the preview's confirm button, or a script) imports every line or none."""
    form = TeamImportForm(request.POST or None, request.FILES or None)
    context = {"event": event, "tab": "teams", "form": form, "rows": None}
    if request.method == "POST" and form.is_valid():
        try:
            text = csv_decoded(form.raw())
            if "preview" in request.POST:
                rows = teams_import_preview(event=event, text=text)
                context.update(raw=text, rows=rows, ok=bool(rows) and all(r.ok for r in rows))
                return render(request, "teams/manage/import.html", context)
            teams = teams_import(event=event, user=request.user, text=text)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(
                request,
                gettext("Imported the players of %(teams_count)s teams.")
                % {"teams_count": len(teams)},
            )
            return redirect("manage-teams", event_id=event.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "teams/manage/import.html", context, status=status)


@staff_required
def scoring_page(request, event):
    require_organiser_post(request)
    scoring = team_scoring_get(event=event)
    initial = ScoringForm.initial_for(scoring)
    form = ScoringForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            team_scoring_update(event=event, user=request.user, changes=form.changes(scoring))
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Team scoring saved."))
            return redirect("manage-team-scoring", event_id=event.pk)
    context = {"event": event, "tab": "teams", "form": form, "scoring": scoring}
    status = 400 if request.method == "POST" else 200
    return render(request, "teams/manage/scoring.html", context, status=status)


def _rounds_context(request, event, **extra) -> dict:
    rounds = list(event.team_rounds.select_related("round").order_by("number"))
    # Knockout rounds (stage "playoff", paired from the play-offs page) end the team Swiss.
    knockout = any(r.round.stage != RoundStage.SWISS for r in rounds)
    wanted = request.GET.get("round")
    chosen = rounds[-1] if rounds else None
    if wanted and wanted.isdigit():
        chosen = next((r for r in rounds if r.number == int(wanted)), chosen)
    data = team_round_data(team_round=chosen, provisional=True) if chosen else None
    forms = {}
    if data:
        for m in data["matches"]:
            if not m["bye"] and not m["players_paired"]:
                match = TeamMatch.objects.select_related("team_a", "team_b").get(pk=m["id"])
                forms[m["id"]] = MatchPairingForm(match=match, prefix=f"m{m['id']}")
    for m in (data or {}).get("matches", []):
        m["form"] = forms.get(m["id"])
    return {
        "event": event,
        "tab": "team_rounds",
        "rounds": rounds,
        "team_round": data,
        "next_number": len(rounds) + 1,
        "can_pair": len(rounds) < event.planned_rounds and not knockout,
        "knockout_started": knockout,
        # 11th edition, per_round layout policy: the letter is named when pairing.
        "name_layout": event.mission_pack == ELEVENTH
        and event.layout_policy == LayoutPolicy.PER_ROUND,
        **extra,
    }


@staff_required
def team_rounds_page(request, event):
    return render(request, "teams/manage/rounds.html", _rounds_context(request, event))


@organiser_required
@require_POST
def team_round_pair(request, event):
    force = request.POST.get("force") == "1"
    try:
        team_round = team_round_create(
            event_id=event.pk,
            user=request.user,
            force=force,
            layout=request.POST.get("layout") or None,
        )
    except ServiceError as exc:
        codes = {c for items in exc.codes.values() for c in items}
        if {"results_missing", "no_disposition"} & codes:
            context = _rounds_context(
                request, event, needs_force=str(exc), layout_posted=request.POST.get("layout")
            )
            return render(request, "teams/manage/rounds.html", context, status=409)
        report(request, exc)
        return redirect("manage-team-rounds", event_id=event.pk)
    messages.success(
        request, gettext("Team round %(number)s paired.") % {"number": team_round.number}
    )
    return redirect("manage-team-rounds", event_id=event.pk)


def _match(event, match_id: int) -> TeamMatch:
    match = (
        TeamMatch.objects.select_related("team_round", "team_a", "team_b")
        .filter(team_round__event=event, pk=match_id)
        .first()
    )
    if match is None:
        raise Http404("No such match in this event.")
    return match


def _to_round(event, match: TeamMatch):
    url = reverse("manage-team-rounds", kwargs={"event_id": event.pk})
    return redirect(f"{url}?round={match.team_round.number}")


@organiser_required
@require_POST
def match_pair(request, event, match_id: int):
    match = _match(event, match_id)
    if match.is_bye:
        raise Http404("A bye has no players to pair.")
    form = MatchPairingForm(request.POST, match=match, prefix=f"m{match.pk}")
    if form.is_valid():
        try:
            team_match_pair_players(match=match, pairs=form.pairs(), user=request.user)
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(
                request,
                gettext("%(name)s v %(name2)s: players paired.")
                % {"name": match.team_a.name, "name2": match.team_b.name},
            )
    else:
        messages.error(request, gettext("Choose an opponent for every player."))
    return _to_round(event, match)


@organiser_required
@require_POST
def match_unpair(request, event, match_id: int):
    match = _match(event, match_id)
    try:
        team_match_unpair(match=match, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("%(name)s v %(name2)s: pairings taken back.")
            % {"name": match.team_a.name, "name2": match.team_b.name},
        )
    return _to_round(event, match)

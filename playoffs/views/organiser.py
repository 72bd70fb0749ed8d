"""The organiser's play-off page: make the cut, pair each knockout round in one click,
decide games drawn on VP (under the organiser's rule), or take the cut back before play."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from playoffs.services.playoffs import (
    playoff_advance,
    playoff_create,
    playoff_decide,
    playoff_delete,
    playoff_reseed,
)
from playoffs.services.team_bracket import team_choices
from playoffs.services.views import playoff_next_stage, playoff_view, round_stage_words
from playoffs.views.forms import CutForm, SeedForm
from playoffs.views.public import _columns
from tournament.views.common import organiser_required, report
from tournament.views.forms.errors import service_errors_to_form


def _seed_form(event, view, data=None) -> SeedForm:
    if view["entrants"] == "teams":
        teams = team_choices(event)
        return SeedForm(data, players=teams, seeds=[s["team"] for s in view["seeds"]])
    players = list(event.players.filter(dropped=False).order_by("name").values_list("pk", "name"))
    return SeedForm(data, players=players, seeds=[s["player"] for s in view["seeds"]])


def _context(event, form=None, seed_form=None) -> dict:
    view = playoff_view(event=event)
    if view and not view["started"] and seed_form is None:
        seed_form = _seed_form(event, view)
    undecided = []
    if view and view["knockout_tiebreak"] == "organiser":
        undecided = [
            m
            for m in view["matches"]
            if m["winner"] is None
            and (
                (
                    m["game"]
                    and m["game"]["result_status"] == "confirmed"
                    and m["game"]["vp_a"] == m["game"]["vp_b"]
                )
                or (m["team_match"] and m["team_match"].get("drawn"))
            )
        ]
    return {
        "event": event,
        "tab": "playoffs",
        "bracket": view,
        "columns": _columns(view) if view else [],
        "form": form or CutForm(team=event.is_team),
        "undecided": undecided,
        "seed_form": seed_form if view and not view["started"] else None,
    }


@organiser_required
def playoffs_page(request, event):
    return render(request, "playoffs/manage.html", _context(event))


@organiser_required
@require_POST
def playoffs_cut(request, event):
    form = CutForm(request.POST, team=event.is_team)
    if form.is_valid():
        data = form.cleaned_data
        try:
            playoff_create(
                event_id=event.pk,
                user=request.user,
                format=data["format"],
                size=data["size"],
                qualifier=data["qualifier"],
                shadow=data["shadow"],
                grand_final_reset=data["grand_final_reset"],
                knockout_tiebreak=data["knockout_tiebreak"],
                third_place=data["third_place"],
                force=data["force"],
            )
        except ServiceError as exc:
            if exc.status == 403:
                raise
            service_errors_to_form(form, exc)
        else:
            stage = playoff_next_stage(event=event) or "the first knockout round"
            messages.success(
                request,
                gettext("The cut is made: check the seeds, then pair %(stage)s.")
                % {"stage": stage},
            )
            return redirect("manage-playoffs", event_id=event.pk)
    return render(request, "playoffs/manage.html", _context(event, form), status=400)


@organiser_required
@require_POST
def playoffs_advance(request, event):
    try:
        round_ = playoff_advance(event_id=event.pk, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        stage = round_stage_words(event=event, round_=round_) or "Knockout round"
        messages.success(
            request,
            gettext("%(stage)s paired as round %(number)s.")
            % {"stage": stage, "number": round_.number},
        )
    return redirect("manage-playoffs", event_id=event.pk)


@organiser_required
@require_POST
def playoffs_decide(request, event):
    try:
        playoff_decide(
            event_id=event.pk,
            user=request.user,
            game_id=int(request.POST.get("game", "0") or 0),
            match_id=int(request.POST.get("match", "0") or 0),
            winner=int(request.POST.get("winner", "0") or 0),
        )
    except (ServiceError, ValueError) as exc:
        if isinstance(exc, ServiceError):
            report(request, exc)
        else:
            messages.error(request, gettext("Choose the player who goes through."))
    return redirect("manage-playoffs", event_id=event.pk)


@organiser_required
@require_POST
def playoffs_delete(request, event):
    try:
        playoff_delete(event_id=event.pk, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("The cut is taken back."))
    return redirect("manage-playoffs", event_id=event.pk)


@organiser_required
@require_POST
def playoffs_seeds(request, event):
    """The organiser's seeding from the page: the same service as the API's PATCH (logged,
    undoable); an unchanged form changes nothing."""
    view = playoff_view(event=event)
    if not view:
        messages.error(request, gettext("Make the cut first."))
        return redirect("manage-playoffs", event_id=event.pk)
    form = _seed_form(event, view, request.POST)
    if form.is_valid():
        try:
            playoff_reseed(event_id=event.pk, user=request.user, seeds=form.seeds())
        except ServiceError as exc:
            if exc.status == 403:
                raise
            if exc.status == 409:
                report(request, exc)
                return redirect("manage-playoffs", event_id=event.pk)
            service_errors_to_form(form, exc)
        else:
            messages.success(request, gettext("Seeds saved."))
            return redirect("manage-playoffs", event_id=event.pk)
    return render(request, "playoffs/manage.html", _context(event, seed_form=form), status=400)

"""The organiser's pods page (form the pods, move players, change the last pod round, take
them back, cut across them) and the pods on the public standings and pairings pages."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from playoffs.models import PodSplit
from playoffs.services.pods.pods import (
    pod_label,
    pods_adjust,
    pods_create,
    pods_cut_create,
    pods_delete,
    pods_view,
)
from playoffs.services.views import playoff_view
from playoffs.views.pods_forms import PodsAdjustForm, PodsCutForm, PodsForm
from tournament.models import PlayerStatus
from tournament.views.common import organiser_required, report
from tournament.views.forms.errors import service_errors_to_form


def _adjust_form(event, view, data=None) -> PodsAdjustForm:
    pods = [[p["player"] for p in pod["players"]] for pod in view["pods"]]
    placed = {p for pod in pods for p in pod}
    players = [
        (pk, name)
        for pk, name, dropped in event.players.filter(status=PlayerStatus.APPROVED)
        .order_by("name", "pk")
        .values_list("pk", "name", "dropped")
        if not dropped or pk in placed
    ]
    split = PodSplit.objects.get(event=event)
    return PodsAdjustForm(data, players=players, pods=split.pods, last_round=view["last_round"])


def _context(event, *, form=None, adjust=None, cut=None) -> dict:
    view = pods_view(event=event)
    if view and adjust is None:
        adjust = _adjust_form(event, view)
    return {
        "event": event,
        "tab": "pods",
        "pods": view,
        "form": form or PodsForm(players=[]),
        "adjust": adjust,
        "cut": cut or PodsCutForm(),
        "playoff": playoff_view(event=event) if view else None,
        "paired": event.rounds.count(),
    }


def _failed(form, exc: ServiceError) -> None:
    if exc.status == 403:
        raise exc
    if "lists" in form.fields and "pods" in exc.errors:
        # The organiser's pods are typed in the `lists` box: their errors are shown there.
        exc.errors = {("lists" if k == "pods" else k): v for k, v in exc.errors.items()}
    service_errors_to_form(form, exc)


@organiser_required
def pods_page(request, event):
    return render(request, "playoffs/pods.html", _context(event))


def _players(event) -> list[tuple[int, str]]:
    return list(
        event.players.filter(status=PlayerStatus.APPROVED, dropped=False).values_list("pk", "name")
    )


@organiser_required
@require_POST
def pods_make(request, event):
    form = PodsForm(request.POST, players=_players(event))
    if form.is_valid():
        data = form.cleaned_data
        method = data["method"]
        try:
            pods_create(
                event_id=event.pk,
                user=request.user,
                method=method,
                # Only what goes with the chosen way is sent on.
                count=data["count"] if method != "organiser" else None,
                after_round=data["after_round"] if method == "standings" else None,
                seed=data["seed"] if method == "random" else None,
                pods=data["pods"],
                first_round=data["first_round"],
                last_round=data["last_round"],
            )
        except ServiceError as exc:
            _failed(form, exc)
        else:
            messages.success(
                request, gettext("The pods are formed: move players below if you need to.")
            )
            return redirect("manage-pods", event_id=event.pk)
    return render(request, "playoffs/pods.html", _context(event, form=form), status=400)


@organiser_required
@require_POST
def pods_save(request, event):
    """Moves and the last pod round from the page: the API's PATCH service (logged,
    undoable); an unchanged form changes nothing."""
    view = pods_view(event=event)
    if view is None:
        messages.error(request, gettext("Form the pods first."))
        return redirect("manage-pods", event_id=event.pk)
    form = _adjust_form(event, view, request.POST)
    if form.is_valid():
        try:
            pods_adjust(
                event_id=event.pk,
                user=request.user,
                pods=form.pods(),
                last_round=form.cleaned_data["last_round"],
            )
        except ServiceError as exc:
            _failed(form, exc)
        else:
            messages.success(request, gettext("Pods saved."))
            return redirect("manage-pods", event_id=event.pk)
    return render(request, "playoffs/pods.html", _context(event, adjust=form), status=400)


@organiser_required
@require_POST
def pods_remove(request, event):
    try:
        pods_delete(event_id=event.pk, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("The pods are taken back."))
    return redirect("manage-pods", event_id=event.pk)


@organiser_required
@require_POST
def pods_cut(request, event):
    form = PodsCutForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            pods_cut_create(event_id=event.pk, user=request.user, **data)
        except ServiceError as exc:
            _failed(form, exc)
        else:
            messages.success(
                request, gettext("The cut is made: check the seeds, then pair round 1.")
            )
            return redirect("manage-playoffs", event_id=event.pk)
    return render(request, "playoffs/pods.html", _context(event, cut=form), status=400)


def standings_section(event, rows: list[dict]) -> str:
    """The public standings page's pods: each pod's players in the standings' order (the rows
    the page shows, so confirmed results only), with their place in the pod."""
    split = PodSplit.objects.filter(event=event).first()
    if split is None:
        return ""
    pod_of = {p: i for i, pod in enumerate(split.pods) for p in pod}
    pods = [{"name": pod_label(i + 1), "rows": []} for i in range(len(split.pods))]
    for row in rows:
        i = pod_of.get(row["player"])
        if i is not None and not row.get("dropped"):
            pods[i]["rows"].append({**row, "pod_place": len(pods[i]["rows"]) + 1})
    return render_to_string("playoffs/pods_standings.html", {"split": split, "pods": pods})


def pairings_section(event, round_) -> str:
    """On the pairings page of a pod round: which tables each pod plays on."""
    split = PodSplit.objects.filter(event=event).first()
    if split is None or round_ is None:
        return ""
    if not split.first_round <= round_.number <= split.last_round:
        return ""
    pod_of = {p: i for i, pod in enumerate(split.pods) for p in pod}
    tables: list[list[int]] = [[] for _ in split.pods]
    for player, table in round_.games.filter(player_b__isnull=False).values_list(
        "player_a_id", "table_number"
    ):
        if player in pod_of and table is not None:
            tables[pod_of[player]].append(table)
    pods = [
        {
            "name": pod_label(i + 1),
            "tables": f"table{'s' if len(ts) > 1 else ''} {', '.join(map(str, sorted(ts)))}"
            if ts
            else "",
        }
        for i, ts in enumerate(tables)
    ]
    return render_to_string("playoffs/pods_pairings.html", {"round": round_, "pods": pods})


def register() -> None:
    """The pods' parts of the tournament's pages (playoffs.apps)."""
    from tournament.extensions import PAGE_SECTIONS  # noqa: PLC0415

    for page, section in (("standings", standings_section), ("pairings", pairings_section)):
        PAGE_SECTIONS[page].register(section)

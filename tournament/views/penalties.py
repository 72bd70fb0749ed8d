"""The staff's Penalties page (issue 35): record a warning, a card, a VP penalty or a game loss
for a player and a round, with a reason; list the event's penalties and remove one given by
mistake. Phone-first (a judge at the table); organisers and judges; every change logged and
undoable from the audit log."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from tournament.models import PenaltyKind
from tournament.services.players.penalties import (
    REASON_LIMIT,
    VP_MAX,
    penalties_list,
    penalty_give,
    penalty_remove,
)
from tournament.services.players.players import players_by_name
from tournament.views.common import latest_round, report, staff_required
from tournament.views.forms.errors import service_errors_to_form


class PenaltyForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player"))
    kind = forms.ChoiceField(choices=PenaltyKind.choices, label=gettext_lazy("Penalty"))
    round = forms.IntegerField(min_value=1, label=gettext_lazy("Round"))
    vp = forms.IntegerField(
        min_value=1,
        max_value=VP_MAX,
        required=False,
        label=gettext_lazy("VP taken"),
        help_text=gettext_lazy("VP penalty only: taken from the player's VP in that round's game."),
    )
    reason = forms.CharField(
        max_length=REASON_LIMIT,
        label=gettext_lazy("Reason"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Staff read it; the public sees only the kind and the round."),
    )

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [
            ("", "Choose a player"),
            *((p.pk, p.name) for p in players),
        ]
        self.fields["vp"].widget.attrs["inputmode"] = "numeric"
        self.fields["round"].widget.attrs["inputmode"] = "numeric"


def _page(request, event, form: PenaltyForm, status: int = 200):
    context = {
        "event": event,
        "tab": "rounds",
        "form": form,
        "penalties": penalties_list(event=event, user=request.user, with_words=True),
    }
    return render(request, "tournament/manage/penalties.html", context, status=status)


@staff_required
def penalties_page(request, event):
    """GET: the event's penalties and the form (`?player=` chooses the player). POST: record."""
    players = players_by_name(event.players.all())
    if request.method != "POST":
        current = latest_round(event)
        initial = {"round": current.number if current else 1}
        if request.GET.get("player", "").isdigit():
            initial["player"] = int(request.GET["player"])
        return _page(request, event, PenaltyForm(initial=initial, players=players))
    form = PenaltyForm(request.POST, players=players)
    if form.is_valid():
        data = form.cleaned_data
        try:
            penalty = penalty_give(
                event=event,
                user=request.user,
                player_id=data["player"],
                kind=data["kind"],
                round_number=data["round"],
                vp=data.get("vp"),
                reason=data["reason"],
            )
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            kind = penalty.get_kind_display()
            vp = f" (−{penalty.vp} VP)" if penalty.vp else ""
            messages.success(
                request,
                gettext("%(name)s: %(kind)s%(vp)s, round %(round_number)s.")
                % {
                    "name": penalty.player.name,
                    "kind": kind,
                    "vp": vp,
                    "round_number": penalty.round_number,
                },
            )
            return redirect("manage-penalties", event_id=event.pk)
    return _page(request, event, form, status=400)


@staff_required
@require_POST
def penalty_remove_view(request, event, penalty_id: int):
    try:
        penalty_remove(event=event, user=request.user, penalty_id=penalty_id)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Penalty removed (the audit log can put it back)."))
    return redirect("manage-penalties", event_id=event.pk)

"""Awards pages: the public awards table, the staff's painting scores and a player's
sportsmanship vote (from their private link)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from tournament.caching.cached import awards_cached
from tournament.models import PaintingScore, Player, PlayerStatus
from tournament.services.events.access import user_can_judge
from tournament.services.players.players import players_by_name
from tournament.services.standings.awards import (
    awards_named_for_public,
    painting_many,
    sports_vote,
)
from tournament.views.common import (
    player_game_or_404,
    report,
    staff_required,
    visible_event_or_404,
)
from tournament.views.forms.errors import service_errors_to_form


def event_awards(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    staff = user_can_judge(request.user, event)
    awards = awards_cached(event=event)
    context = {
        "event": event,
        "tab": "awards",
        "can_manage": staff,
        # The public reads the event's public names (issue 36).
        "awards": awards if staff else awards_named_for_public(event, awards),
    }
    return render(request, "tournament/awards.html", context)


class PaintingForm(forms.Form):
    """One score field per approved player, labelled with the player's name; empty: not
    judged (yet)."""

    def __init__(self, *args, players, painting_max: int, **kwargs):
        super().__init__(*args, **kwargs)
        for player in players:
            self.fields[f"painting_{player.pk}"] = forms.IntegerField(
                required=False, min_value=0, max_value=painting_max, label=player.name
            )

    def scores(self) -> dict[int, int | None]:
        return {
            int(name.removeprefix("painting_")): value for name, value in self.cleaned_data.items()
        }


@staff_required
def manage_awards(request, event):
    players = players_by_name(event.players.filter(status=PlayerStatus.APPROVED))
    held = dict(PaintingScore.objects.filter(player__event=event).values_list("player_id", "score"))
    initial = {f"painting_{p.pk}": held.get(p.pk) for p in players}
    form = PaintingForm(
        request.POST or None, initial=initial, players=players, painting_max=event.painting_max
    )
    if request.method == "POST" and form.is_valid():
        try:
            changed = painting_many(event=event, scores=form.scores(), user=request.user)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
        else:
            if changed:
                messages.success(
                    request,
                    gettext("Painting scores saved (%(changed)s changed).") % {"changed": changed},
                )
            else:
                messages.info(request, gettext("No painting score changed."))
            return redirect("manage-awards", event_id=event.pk)
    # Each refused row by number and player, said above the form: on a long list the inline
    # message sits below the fold and the page otherwise looks as if nothing happened.
    problems = [
        {"row": row, "name": field.label, "id": field.id_for_label, "error": field.errors[0]}
        for row, field in enumerate(form, start=1)
        if field.errors
    ]
    context = {
        "event": event,
        "manage": True,
        "tab": "awards",
        "form": form,
        "problems": problems,
        "awards": awards_cached(event=event),
    }
    return render(request, "tournament/manage/awards.html", context)


@require_POST
def player_sports_vote(request, key: str, game_id: int):
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        raise PermissionDenied("Unknown player key.")
    player_game_or_404(player, game_id)  # another hidden event's game: a 404 before all else
    answer = request.POST.get("favourite")
    if answer not in ("yes", "no"):
        messages.error(request, gettext("Choose yes or no."))
        return redirect("player-home", key=key)
    try:
        vote = sports_vote(game_id=game_id, player=player, favourite=answer == "yes")
    except ServiceError as exc:
        report(request, exc)
    else:
        if vote.favourite:
            messages.success(
                request,
                gettext("Thank you: your vote for %(name)s counts.") % {"name": vote.opponent.name},
            )
        else:
            messages.success(request, gettext("Thank you: your answer is recorded."))
    return redirect("player-home", key=key)

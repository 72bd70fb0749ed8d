"""Sign-up pages: the public form, the player's withdrawal, and the organiser's sign-ups list.

A sign-up lands the player on their private page at once: the key in its URL is all they need
to come back, see where they stand and withdraw.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from common.ordinals import ordinal
from ops.middleware import signup_taken, signup_wait, signup_wait_text
from tournament.extensions import SIGNUP_ANSWERS
from tournament.models import Player, PublicNames
from tournament.services.events.access import user_can_judge
from tournament.services.players.penalties import player_signup_warnings
from tournament.services.players.registration import (
    registration_approve,
    registration_counts,
    registration_factions,
    registration_is_open,
    registration_position,
    registration_queue,
    registration_reject,
    registration_submit,
    registration_withdraw,
)
from tournament.services.rounds.eleventh import is_eleventh
from tournament.views.common import back, organiser_required, report, visible_event_or_404
from tournament.views.forms.errors import service_errors_to_form
from tournament.views.forms.players import SignupForm
from tournament.views.links import phone_url, phones_cannot_open, qr_svg


def status_line(player: Player) -> str:
    """Where a sign-up stands, as its player reads it."""
    position = registration_position(player=player)
    if position is not None:
        return gettext("On the waiting list: %(place)s") % {"place": ordinal(position)}
    return {
        "approved": gettext("You have a place"),
        "pending": gettext("Awaiting the organiser's approval"),
        "rejected": gettext("The organiser has not accepted this sign-up"),
        "withdrawn": gettext("You have withdrawn from this event"),
    }[player.status]


def event_signup(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    is_open = registration_is_open(event)
    form = SignupForm(
        request.POST or None,
        factions=registration_factions(),
        eleventh=is_eleventh(event),
        nicknames=event.public_names == PublicNames.NICKNAME,
    )
    status = 200
    # Staff signing walk-ins up at the desk are not counted; everyone else shares the address's
    # budget for this event, and past it gets the form back as typed.
    counted = not user_can_judge(request.user, event)
    wait = signup_wait(request, event.pk) if request.method == "POST" and counted else 0
    if wait and form.is_valid():
        form.add_error(None, signup_wait_text(wait))
        status = 429
    elif request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        # Answers another app keeps (publication consent) are not the player's own fields.
        answers = [
            (save, {n: data.pop(n) for n in names if n in data}) for names, save in SIGNUP_ANSWERS
        ]
        try:
            player = registration_submit(
                event=event,
                user=request.user if request.user.is_authenticated else None,
                **data,
            )
            for save, values in answers:
                save(player, values)
        except ServiceError as exc:
            service_errors_to_form(form, exc)
            status = exc.status
            is_open = registration_is_open(event)
        else:
            if counted:
                signup_taken(request, event.pk)
            messages.success(
                request,
                gettext("Signed up for %(name)s. %(status_line)s.")
                % {"name": event.name, "status_line": status_line(player)},
            )
            messages.info(request, gettext("Keep this page's address: it is your private link."))
            # Staff signing someone up at the desk are told of a red card they carry.
            for warning in player_signup_warnings(player=player, user=request.user):
                messages.warning(request, warning)
            return redirect("player-home", key=player.private_key)
    elif request.method == "POST":
        status = 400
    counts = registration_counts(event=event)
    context = {"event": event, "form": form, "open": is_open, "counts": counts}
    response = render(request, "tournament/signup.html", context, status=status)
    if status == 429:
        response["Retry-After"] = str(wait)
    return response


@require_POST
def player_withdraw(request, key: str):
    player = Player.objects.select_related("event").filter(private_key=key).first()
    if player is None:
        raise PermissionDenied("Unknown player key.")
    try:
        registration_withdraw(player=player)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request, gettext("You have withdrawn from %(name)s.") % {"name": player.event.name}
        )
    return redirect("player-home", key=key)


@organiser_required
def signups(request, event):
    queue = registration_queue(event=event)
    for player in queue["waiting"]:
        player.position = registration_position(player=player)
    for player in (*queue["pending"], *queue["waiting"]):
        player.warnings = player_signup_warnings(player=player, user=request.user)
    link = phone_url(request, reverse("event-signup", args=[event.pk]))
    context = {
        "event": event,
        "tab": "signups",
        "queue": queue,
        "counts": registration_counts(event=event),
        "open": registration_is_open(event),
        "paired": event.rounds.exists(),
        "link": link,
        "qr": qr_svg(link),
        "qr_loopback": phones_cannot_open(link),
    }
    return render(request, "tournament/manage/signups.html", context)


def _decide(request, event, player_id: int, decide, done: str):
    player = event.players.filter(pk=player_id).first()
    if player is None:
        raise Http404("No such player in this event.")
    try:
        decide(player=player, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request, gettext("%(name)s %(done)s.") % {"name": player.name, "done": done}
        )
    return back(request, "manage-signups", event_id=event.pk)


@organiser_required
@require_POST
def signup_approve(request, event, player_id: int):
    return _decide(
        request, event, player_id, registration_approve, pgettext("sign-up decided", "approved")
    )


@organiser_required
@require_POST
def signup_reject(request, event, player_id: int):
    return _decide(
        request, event, player_id, registration_reject, pgettext("sign-up decided", "rejected")
    )

"""What every page needs: who may see or change an event, htmx detection, service errors."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect

from tournament.errors import ServiceError
from tournament.models import Event, Round
from tournament.services.access import events_visible_to, user_can_manage


def is_htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def visible_event_or_404(request, event_id: int) -> Event:
    event = events_visible_to(request.user).filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event.")
    return event


def organiser_required(view):
    """The event in `event_id` must be managed by the signed-in user.

    A GET without a session goes to the sign-in page; any other refusal is a 403 (never a
    redirect), so a refused POST changes nothing and says so plainly.
    """

    @wraps(view)
    def wrapper(request, event_id: int, *args, **kwargs):
        if not request.user.is_authenticated:
            if request.method == "GET":
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied("Sign in as an organiser of this event.")
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise Http404("No such event.")
        if not user_can_manage(request.user, event):
            raise PermissionDenied("Only this event's organisers may do this.")
        return view(request, event, *args, **kwargs)

    return wrapper


def report(request, exc: ServiceError) -> None:
    if exc.status == 403:
        raise PermissionDenied(str(exc))
    for field, texts in exc.messages.items():
        for text in texts:
            label = "" if field in ("non_field_errors", "round", "result") else f"{field}: "
            messages.error(request, f"{label}{text}")


def back(request, fallback: str, **kwargs):
    """Return to the page the form was on (same site only), else to `fallback`."""
    target = request.POST.get("next", "")
    if target.startswith("/") and not target.startswith("//"):
        return redirect(target)
    return redirect(fallback, **kwargs)


def latest_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def round_is_on(event: Event, round_: Round | None) -> bool:
    """A round is on while it lacks results: public pages then poll for changes."""
    return round_ is not None and round_.status != "complete" and event.status != "finished"

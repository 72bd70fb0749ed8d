"""The staff's page of the webhook's deliveries (organisers and judges read it) and its "Send
again now" button (organisers). Anyone off the event's staff is told the page does not exist,
as for an event of another organiser."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from feed.services.deliveries import webhook_deliveries_shown, webhook_delivery_send_again
from feed.services.settings import feed_settings
from tournament.models import Event
from tournament.services.events.access import NOT_ORGANISER, staff_role
from tournament.views.common import report


def _staff_only(view):
    """The event's organisers and judges; a 404 for anyone else (signed-in or not, after a
    sign-in for a GET), so the page says nothing about another organiser's event."""

    @wraps(view)
    def wrapper(request, event_id: int, *args, **kwargs):
        if not request.user.is_authenticated and request.method == "GET":
            return redirect_to_login(request.get_full_path())
        event = Event.objects.filter(pk=event_id).first()
        role = staff_role(request.user, event) if event is not None else None
        if role is None:
            raise Http404("No such event.")
        request.staff_role = role
        return view(request, event, *args, **kwargs)

    return wrapper


def _page(event) -> str:
    return reverse("manage-feed-deliveries", kwargs={"event_id": event.pk})


@_staff_only
def deliveries_page(request, event):
    row = feed_settings(event)
    context = {
        "event": event,
        "tab": "settings",
        "deliveries": webhook_deliveries_shown(event=event, user=request.user),
        "webhook_url": row.webhook_url,
        "can_send": request.staff_role == "organiser",
    }
    return render(request, "feed/deliveries.html", context)


@_staff_only
@require_POST
def delivery_send_again(request, event, delivery_id: int):
    if request.staff_role != "organiser":
        raise PermissionDenied(NOT_ORGANISER)
    try:
        webhook_delivery_send_again(event=event, delivery_id=delivery_id, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Sent again. Its answer is below."))
    return redirect(_page(event))


def settings_links(event) -> list[tuple[str, str, str]]:
    """The settings page's link to this page, under the webhook's address, while one is set
    (tournament.extensions.SETTINGS_FIELD_LINKS)."""
    if not feed_settings(event).webhook_url:
        return []
    return [("feed_webhook_url", gettext("Webhook deliveries"), _page(event))]

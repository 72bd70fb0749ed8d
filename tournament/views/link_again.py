"""The public "send me my link again" page of an event."""

from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy

from ops.middleware import client_address
from ops.throttle import Rule, minutes_text, record_failure, wait_seconds
from tournament.services.players.link_again import mail_configured, player_link_resend
from tournament.views.common import visible_event_or_404

# Asks from one address: a few, so nobody uses the page to send mail to strangers in bulk.
ASKS_PER_CLIENT = Rule("link-again-client", 5, 10 * 60)


class LinkAgainForm(forms.Form):
    email = forms.EmailField(
        max_length=254,
        label=gettext_lazy("The email you gave when you signed up"),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


def link_again(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = {"event": event, "mail": mail_configured(), "sent": False}
    status = 200
    form = LinkAgainForm(request.POST or None)
    if request.method == "POST" and context["mail"]:
        client = client_address(request)
        wait = wait_seconds(ASKS_PER_CLIENT, client)
        if wait:
            context["throttled"] = (
                f"Too many requests from this device. Try again in {minutes_text(wait)}."
            )
            status = 429
        elif form.is_valid():
            record_failure(ASKS_PER_CLIENT, client)  # every ask counts, found or not

            def link_for(key: str) -> str:
                return request.build_absolute_uri(reverse("player-home", kwargs={"key": key}))

            # The same answer whether or not the address is on an entry.
            player_link_resend(event=event, email=form.cleaned_data["email"], link_for=link_for)
            context["sent"] = True
            form = LinkAgainForm()
    context["form"] = form
    return render(request, "tournament/link_again.html", context, status=status)

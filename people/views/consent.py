"""Publication consent on the pages (issue 36): the player's own page asks and saves their
answer; the staff's page of the player shows it with its history and dates, and a form to
record an answer the player gave them (source "staff", logged)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from people.models import ConsentVia
from people.services.consent import consent_current, consent_history, consent_record
from tournament.extensions import SIGNUP_ANSWERS
from tournament.services.players.players import player_by_key
from tournament.views.common import report, staff_required
from tournament.views.forms.extra import ExtraFormField, extra_form_field_register

SUBJECTS = (
    ("results", "consent_results", _("My results")),
    ("lists", "consent_lists", _("My army list")),
)
CHOICES = (("yes", _("Yes")), ("no", _("No")), ("", _("Not answered")))
# The staff's words for the same two questions: about the player, not "my".
STAFF_SUBJECTS = (
    ("results", "consent_results", _("Results")),
    ("lists", "consent_lists", _("Army list")),
)
STAFF_CHOICES = (("yes", _("Yes")), ("no", _("No")), ("", _("Not asked")))
WORDS = {True: _("yes"), False: _("no"), None: _("not answered")}


def _form_value(answer: bool | None) -> str:
    return {True: "yes", False: "no", None: ""}[answer]


def player_consent_section(player) -> tuple[str, dict]:
    """The player's own page (PLAYER_PAGE_SECTIONS): the two questions with their answer."""
    current = consent_current(player=player)
    subjects = [
        {
            "name": field,
            "label": label,
            "value": _form_value(getattr(current, subject) if current else None),
        }
        for subject, field, label in SUBJECTS
    ]
    since = current.made_at if current else None
    context = {"subjects": subjects, "choices": CHOICES, "since": since}
    return ("people/partials/my_consent.html", {"my_consent": context})


def staff_consent_section(player) -> tuple[str, dict]:
    """The staff's page of the player (STAFF_PLAYER_SECTIONS): the answers with their history,
    and the form to record one on the player's behalf (filled with the current answer)."""
    history = consent_history(player=player)
    current = history[-1] if history else None
    vias = dict(ConsentVia.choices)
    return (
        "people/partials/staff_consent.html",
        {
            "staff_consent": {
                "player": player,
                "choices": STAFF_CHOICES,
                "subjects": [
                    {
                        "label": label,
                        "name": field,
                        "words": WORDS[getattr(current, s) if current else None],
                        "value": _form_value(getattr(current, s) if current else None),
                    }
                    for s, field, label in STAFF_SUBJECTS
                ],
                "history": [
                    {
                        "made_at": row.made_at,
                        "results_words": WORDS[row.results],
                        "lists_words": WORDS[row.lists],
                        "via_words": vias.get(row.via, row.via),
                    }
                    for row in reversed(history)
                ],
            }
        },
    )


@require_POST
def my_consent(request, key: str):
    player = player_by_key(key=key)
    if player is None:
        raise PermissionDenied("Unknown player key.")
    try:
        consent_record(
            player=player,
            results=request.POST.get("consent_results", ""),
            lists=request.POST.get("consent_lists", ""),
            via=ConsentVia.PLAYER_PAGE,
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Your answer on publishing is saved."))
    return redirect("player-home", key=key)


@staff_required
@require_POST
def staff_consent(request, event, player_id: int):
    """Organisers and judges record the answer a player gave them (on paper, at the desk)."""
    player = event.players.filter(pk=player_id).first()
    if player is None:
        raise Http404("No such player in this event.")
    try:
        consent_record(
            player=player,
            results=request.POST.get("consent_results", ""),
            lists=request.POST.get("consent_lists", ""),
            via=ConsentVia.STAFF,
            user=request.user,
        )
    except ServiceError as exc:
        report(request, exc, labels=dict(STAFF_LABELS))
    else:
        messages.success(
            request,
            gettext("The answer on publishing is recorded for %(name)s.") % {"name": player.name},
        )
    return redirect("manage-player", event_id=event.pk, player_id=player.pk)


STAFF_LABELS = {field: label for _s, field, label in STAFF_SUBJECTS}


def _answer_field(label) -> forms.Field:
    return forms.ChoiceField(
        choices=(("", _("Ask me later")), ("yes", _("Yes")), ("no", _("No"))),
        required=False,
        label=label,
    )


def _signup_save(player, values: dict) -> None:
    # The form sends "yes", "no" or "" and the API true, false or null: both are answers.
    consent_record(
        player=player,
        results=values.get("consent_results"),
        lists=values.get("consent_lists"),
        via=ConsentVia.SIGNUP,
    )


SIGNUP_LABELS = {
    "consent_results": _(
        "May your results be published beyond this event (ratings, open results feeds, series)?"
    ),
    "consent_lists": _("May your army list be published beyond this event?"),
}


def consent_signup_register() -> None:
    """The two questions on the public sign-up form, answered with the sign-up."""
    for name, label in SIGNUP_LABELS.items():
        extra_form_field_register(
            "signup", ExtraFormField(name, lambda label=label: _answer_field(label))
        )
    SIGNUP_ANSWERS.register((tuple(SIGNUP_LABELS), _signup_save))

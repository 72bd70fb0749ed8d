"""People's pages: a person's events, record and results for anyone who may see one of their
events; the organiser's review of name suggestions, a person's players (split), merges and
undo. Every form posts to the services the API would call."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST, require_safe

from common.errors import NotFound, ServiceError
from people.extensions import PERSON_PAGE_SECTIONS
from people.models import PersonLink
from people.services.cards import CARD_DAYS, person_cards_for_staff, player_cards
from people.services.erase import person_erase, person_erase_check
from people.services.mydata import person_data
from people.services.people import (
    people_managed_by,
    person_change_undo,
    person_change_undo_blocker,
    person_merge,
    person_split,
)
from people.services.reads import (
    people_review,
    person_changes_read,
    person_manage_read,
    person_read,
)
from tournament.services.events.access import user_can_create_events
from tournament.services.players.players import player_by_key
from tournament.views.common import report


def player_cards_section(player) -> tuple[str, dict] | None:
    """The player's own page (PLAYER_PAGE_SECTIONS): their cards of the last 366 days from
    every event they played on this server; nothing when they carry none."""
    cards = player_cards(player=player)
    return ("people/partials/my_cards.html", {"my_cards": cards}) if cards else None


def person_page(request, person_id: int):
    try:
        person = person_read(person_id=person_id, user=request.user)
    except NotFound:
        raise Http404("No such person.") from None
    # The way to the organiser's page only for someone who may change this person.
    can_manage = people_managed_by(request.user).filter(pk=person_id).exists()
    # Staff read the person's cards of the last 366 days from the events they staff.
    cards = person_cards_for_staff(person_id=person_id, user=request.user)
    return render(
        request,
        "people/person.html",
        {
            "person": person,
            "can_manage": can_manage,
            "cards": cards,
            "card_days": CARD_DAYS,
            # Other apps' sections (ratings: the history chart), rendered by their templates.
            "sections": [
                mark_safe(html)  # noqa: S308 - rendered by the hooks' own templates
                for html in (hook(person_id) for hook in PERSON_PAGE_SECTIONS)
                if html
            ],
        },
    )


def _organiser(request):
    """None when the organiser may go on; else the answer (sign in first on a GET)."""
    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    if not user_can_create_events(request.user):
        raise PermissionDenied("Only organisers review people.")
    return None


def people_manage(request):
    if (answer := _organiser(request)) is not None:
        return answer
    return render(request, "people/review.html", {"groups": people_review(user=request.user)})


@require_safe  # a page to read: its forms post to the merge, split and undo routes
def person_manage(request, person_id: int):
    if (answer := _organiser(request)) is not None:
        return answer
    try:
        person = person_manage_read(person_id=person_id, user=request.user)
    except NotFound:
        raise Http404("No such person.") from None
    changes = person_changes_read(person_id=person_id, user=request.user)
    for change in changes:
        change.blocker = person_change_undo_blocker(change=change)
    return render(request, "people/manage.html", {"person": person, "changes": changes})


def _back(request, fallback: str):
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect(fallback)


def _int(request, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


def _post(request, action, done: str):
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in as an organiser.")
    try:
        result = action()
    except ServiceError as exc:
        if exc.status == 404:
            raise Http404(str(exc)) from None
        report(request, exc)
        return _back(request, "manage-people")
    messages.success(request, done.format(result=result))
    return _back(request, "manage-people")


@require_POST
def people_merge(request):
    keep, other = _int(request, "keep"), _int(request, "other")
    if keep is None or other is None:
        messages.error(request, gettext("Choose the two people to merge."))
        return _back(request, "manage-people")
    return _post(
        request,
        lambda: person_merge(user=request.user, keep_id=keep, other_id=other),
        "Merged: {result} now holds both people's events.",
    )


@require_POST
def people_split(request):
    player = _int(request, "player")
    if player is None:
        messages.error(request, gettext("Choose the player to split off."))
        return _back(request, "manage-people")
    return _post(
        request,
        lambda: person_split(user=request.user, player_id=player),
        "Split off: {result} is a person of their own.",
    )


@require_POST
def people_undo(request):
    change = _int(request, "change")
    if change is None:
        messages.error(request, gettext("Choose the change to undo."))
        return _back(request, "manage-people")
    return _post(
        request,
        lambda: person_change_undo(user=request.user, change_id=change),
        "{result}.",
    )


def player_links(player, key: str) -> list[tuple[str, str]]:
    """On a player's own page: their results across events, once a public event shows their
    person (the person page shows public events only to someone holding no account). One
    query."""
    person = (
        PersonLink.objects.filter(person__links__player_id=player.pk, player__event__hidden=False)
        .values_list("person_id", flat=True)
        .first()
    )
    mine = [(gettext("Download my data"), reverse("my-data", args=[key]))]
    if person is None:
        return mine
    return [(gettext("Your results across events"), reverse("person", args=[person])), *mine]


@require_safe
def my_data(request, key: str):
    """Everything the server holds about the person this key's player is, as a JSON file
    (people/services/mydata.py). The key is the only way in: private links reach their owner."""
    player = player_by_key(key=key)
    if player is None:
        raise Http404("No such player.")
    answer = JsonResponse(
        person_data(player=player), json_dumps_params={"indent": 2, "ensure_ascii": False}
    )
    answer["Content-Disposition"] = 'attachment; filename="strategium-my-data.json"'
    answer["Cache-Control"] = "private, no-store"
    return answer


@require_POST
def person_erase_page(request, person_id: int):
    """The person page's erase form: the box saying it cannot be undone must be ticked."""
    try:
        # Anyone who may not erase this person is told it does not exist, before anything else.
        person_erase_check(person_id=person_id, user=request.user)
    except NotFound:
        raise Http404("No such person.") from None
    if request.POST.get("confirm") != "yes":
        messages.error(request, gettext("Tick the box to confirm: an erasure cannot be undone."))
        return redirect("person", person_id)
    try:
        done = person_erase(person_id=person_id, user=request.user)
    except NotFound:
        raise Http404("No such person.") from None
    messages.success(
        request,
        # ngettext: a suffix glued to "player" cannot be translated into languages with
        # several plural forms.
        ngettext(
            "Erased: %(players)s player renamed %(join)s; their e-mail, club and army list "
            "are gone.",
            "Erased: %(players)s players renamed %(join)s; their e-mail, club and army list "
            "are gone.",
            done["players"],
        )
        % {"players": done["players"], "join": ", ".join(done["names"])},
    )
    return redirect("person", person_id)

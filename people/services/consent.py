"""Publication consent (issue 36): whether a player's results and army list may be published
beyond their event (ratings, open feeds, series). Each answer is kept with when and where it was
given (sign-up, the player's own page, the staff on their behalf); the history is append-only
and the current choice is the latest answer. Other apps (ratings, the open feed) ask only the
two query functions below, so the way answers are stored stays this app's own."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from common.errors import Invalid
from people.extensions import CONSENT_CHANGED
from people.models import ConsentVia, PublicationConsent
from tournament.services.audit.log import audit_record
from tournament.services.audit.words import audit_words_register, target_id

SUBJECTS = ("results", "lists")
# The answers as forms and the API take them: "" or null is "not answered".
ANSWERS = {"yes": True, "no": False, "": None}


def consent_answer(value, *, field: str) -> bool | None:
    """True, False or None from what a form or a JSON body sends; Invalid naming the field."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str) and value in ANSWERS:
        return ANSWERS[value]
    raise Invalid(field, "invalid_choice", gettext('Must be "yes", "no" or empty (not answered).'))


def consent_current(*, player) -> PublicationConsent | None:
    """The player's latest answer, or None when they were never asked."""
    return PublicationConsent.objects.filter(player_id=player.pk).order_by("-id").first()


def consent_history(*, player) -> list[PublicationConsent]:
    """Every answer the player gave, oldest first."""
    return list(PublicationConsent.objects.filter(player_id=player.pk).order_by("id"))


def consent_record(*, player, results, lists, via, user=None) -> PublicationConsent | None:
    """Record the player's answer for both subjects (True, False or None: not answered) as
    given `via` sign-up, the player's page or the staff. An answer the same as the current one
    records nothing (a form saved unchanged changes nothing) and returns the current row;
    answering None for a subject never asked before is no answer at all (returns None)."""
    results = consent_answer(results, field="consent_results")
    lists = consent_answer(lists, field="consent_lists")
    if via not in ConsentVia.values:
        raise Invalid("via", "invalid_choice", gettext("Must be signup, player_page or staff."))
    with transaction.atomic():
        # One answer at a time per player: two tabs saving at once keep their order.
        type(player).objects.select_for_update().filter(pk=player.pk).first()
        current = consent_current(player=player)
        if current is None and results is None and lists is None:
            return None
        if current is not None and (current.results, current.lists) == (results, lists):
            return current
        answer = PublicationConsent.objects.create(
            player_id=player.pk,
            results=results,
            lists=lists,
            via=via,
            user=user if via == ConsentVia.STAFF else None,
        )
        if via == ConsentVia.STAFF:
            # An answer given for someone else is the staff's act: the event's log says who.
            audit_record(
                event=player.event,
                action="consent_record",
                target=f"player:{player.pk}",
                user=user,
                before=None if current is None else _answers(current),
                after=_answers(answer),
            )
        for hook in CONSENT_CHANGED:
            hook(player)
        return answer


def _answers(row: PublicationConsent) -> dict:
    return {"results": row.results, "lists": row.lists}


def _latest_by_player(event_id: int) -> dict[int, PublicationConsent]:
    latest: dict[int, PublicationConsent] = {}
    rows = PublicationConsent.objects.filter(player__event_id=event_id).order_by("id")
    for row in rows.only("id", "player_id", "results", "lists"):
        latest[row.player_id] = row  # ordered by id: the last one seen is the latest
    return latest


def results_withheld_player_ids(*, event_id: int) -> frozenset[int]:
    """The event's players whose current answer on their results is no."""
    return frozenset(
        pid for pid, row in _latest_by_player(event_id).items() if row.results is False
    )


def consented_player_ids(*, event_id: int, subject: str) -> frozenset[int]:
    """The event's players whose current answer on `subject` ("results" or "lists") is yes."""
    if subject not in SUBJECTS:
        raise ValueError(f"subject must be one of {SUBJECTS}, not {subject!r}")
    return frozenset(
        pid for pid, row in _latest_by_player(event_id).items() if getattr(row, subject) is True
    )


def consent_data(*, player) -> dict:
    """The current choice and the whole history as JSON-ready values (my-data, the API)."""
    history = consent_history(player=player)
    current = history[-1] if history else None
    return {
        "results": current.results if current else None,
        "lists": current.lists if current else None,
        "history": [
            {
                "results": row.results,
                "lists": row.lists,
                "via": row.via,
                "made_at": row.made_at.isoformat(),
            }
            for row in history
        ],
    }


def _answer_words(answer: bool | None) -> str:
    return {True: gettext("yes"), False: gettext("no"), None: gettext("not answered")}[answer]


def _consent_words(entry, name) -> str:
    after = entry.after or {}
    return gettext("%(name)s: results %(results)s, army list %(lists)s (told to the staff)") % {
        "name": name(target_id(entry.target, "player")),
        "results": _answer_words(after.get("results")),
        "lists": _answer_words(after.get("lists")),
    }


def consent_words_register() -> None:
    """The staff's recorded answers in the event's log, in the reader's language."""
    audit_words_register(
        "consent_record",
        gettext_lazy("Publication consent recorded"),
        _consent_words,
        with_names=True,
    )

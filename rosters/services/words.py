"""The army list actions and fields as the audit log says them (registered at start-up)."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext, gettext_lazy, ngettext

from rosters.engine.checks import CODES
from rosters.models.armylists import ListStatus
from tournament.localtime import when
from tournament.services.audit.words import (
    audit_fields_register,
    audit_words_register,
    changes_text,
)


def _list_word(value) -> str:
    # Read when the log is shown, so the status is said in the reader's language.
    return str(ListStatus(value).label).lower() if value in ListStatus.values else str(value)


def _lines(value) -> str:
    # A whole list would drown the log; its text stays in the entry for the undo.
    lines = len(str(value).splitlines())
    return ngettext("%(count)s line", "%(count)s lines", lines) % {"count": lines}


def _player_id(entry) -> int | None:
    prefix, _, ident = (entry.target or "").partition(":")
    return int(ident) if prefix == "player" and ident.isdigit() else None


def _army_list(entry, name) -> str:
    return f"{name(_player_id(entry))}: {changes_text(entry.before, entry.after)}"


def register() -> None:
    audit_fields_register(
        {
            "army_list": gettext_lazy("Army list"),
            "list_deadline": gettext_lazy("Army list deadline"),
            "list_publication": gettext_lazy("Army lists shown to"),
            "list_status": gettext_lazy("List status"),
            "list_comment": gettext_lazy("Comment"),
            "list_overrules": gettext_lazy("Overruled checks"),
            # A list of names, said as "War Horde, Da Big Hunt" (or gettext("none")).
            "detachments": gettext_lazy("Detachments"),
        },
        # The deadline is logged in ISO form (shown in the event's zone, which the page
        # activates) and the status as its code.
        {
            "army_list": _lines,
            "list_deadline": lambda v: when(datetime.datetime.fromisoformat(str(v))),
            "list_status": _list_word,
            "list_overrules": lambda v: (
                ", ".join(f"{CODES.get(c, c)} ({why})" for c, why in v.items()) or gettext("none")
            ),
        },
    )
    audit_words_register(
        "army_list_submit", gettext_lazy("Army list sent"), _army_list, with_names=True
    )
    audit_words_register(
        "army_list_review", gettext_lazy("Army list reviewed"), _army_list, with_names=True
    )
    audit_words_register(
        "army_list_overrule", gettext_lazy("Army list check overruled"), _army_list, with_names=True
    )
    audit_words_register(
        "army_list_recorded",
        gettext_lazy("Faction, disposition or detachments taken from the list"),
        _army_list,
        with_names=True,
    )

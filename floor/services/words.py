"""The judge calls' steps in the audit log, in words (tables and names, never ids); put in
words when the log is read, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournament.services.audit.words import audit_words_register


def _table(entry) -> str:
    number = (entry.after or {}).get("table")
    return gettext("Table %(number)s") % {"number": number} if number else gettext("A table")


def _open(entry) -> str:
    note = (entry.after or {}).get("note")
    called = gettext("%(table)s called a judge") % {"table": _table(entry)}
    return called + (f": “{note}”" if note else "")


def _claim(entry) -> str:
    return gettext("%(table)s: %(judge)s took the call") % {
        "table": _table(entry),
        "judge": (entry.after or {}).get("judge", gettext("a judge")),
    }


def _resolve(entry) -> str:
    after = entry.after or {}
    text = gettext("%(table)s: ruled “%(ruling)s”") % {
        "table": _table(entry),
        "ruling": after.get("ruling", ""),
    }
    if after.get("minutes"):
        text += gettext(", %(minutes)s min added") % {"minutes": after["minutes"]}
    return text


def register() -> None:
    audit_words_register("judge_call_open", gettext_lazy("Judge called"), _open)
    audit_words_register("judge_call_claim", gettext_lazy("Judge call claimed"), _claim)
    audit_words_register("judge_call_resolve", gettext_lazy("Judge call resolved"), _resolve)

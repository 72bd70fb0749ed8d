"""Fields other apps add to the event, sign-up and player forms, registered at start-up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms

from tournament.extensions import EXTRA_FORM_FIELDS


@dataclass(frozen=True)
class ExtraFormField:
    """A field another app adds to one of these forms (rosters: the army list, its deadline),
    registered at start-up so this app never imports it."""

    name: str
    make: Callable[[], forms.Field]
    # The field it follows on the page ("" or one not shown: at the end).
    after: str = ""
    # Settings: a moment shown to the minute (a save unchanged keeps its seconds), and a
    # choice that a post leaving it empty leaves unchanged.
    moment: bool = False
    unchanged_when_empty: bool = False


def extra_form_field_register(form: str, extra: ExtraFormField) -> None:
    known = EXTRA_FORM_FIELDS[form]
    known[:] = [e for e in known if e.name != extra.name]
    known.append(extra)


def with_extra_fields(form: forms.Form, which: str) -> None:
    for extra in EXTRA_FORM_FIELDS[which]:
        fields = list(form.fields.items())
        names = [name for name, _ in fields]
        at = names.index(extra.after) + 1 if extra.after in names else len(fields)
        form.fields = dict([*fields[:at], (extra.name, extra.make()), *fields[at:]])


def extra_names(which: str, flag: str = "") -> tuple[str, ...]:
    return tuple(e.name for e in EXTRA_FORM_FIELDS[which] if not flag or getattr(e, flag))

"""Fields other apps add to the event, sign-up and player forms, registered at start-up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms

from tournament.extensions import EXTRA_FORM_FIELDS, SETTINGS_FIELD_LINKS


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
    # A tick box that, ticked, empties the field it names: a write-only field is shown empty,
    # so leaving it empty keeps it (unchanged_when_empty) and only this can clear it. Never
    # sent on to the service itself.
    clears: str = ""


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


def extra_clearers(which: str) -> dict[str, str]:
    """{tick box: the field it empties} of the form's extra fields."""
    return {e.name: e.clears for e in EXTRA_FORM_FIELDS[which] if e.clears}


def settings_field_links(form: forms.Form, event) -> None:
    """Put each app's links under its fields (`field.links`, shown by _form.html)."""
    for hook in SETTINGS_FIELD_LINKS:
        for name, label, url in hook(event):
            if name in form.fields:
                form.fields[name].links = [*getattr(form.fields[name], "links", []), (label, url)]

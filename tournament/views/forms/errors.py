"""A service's errors, put on the form that sent what it refused."""

from __future__ import annotations

from django import forms

from tournament.services.audit.words import field_label
from tournament.views.common import SELF_NAMED


def service_errors_to_form(form: forms.Form, exc) -> None:
    """Put a service's field errors on the form (unknown fields become form-wide errors)."""
    for field_name, messages in exc.messages.items():
        target = field_name if field_name in form.fields else None
        if field_name == "rounds":
            target = "planned_rounds" if "planned_rounds" in form.fields else None
        if field_name == "tiebreaks" and "tiebreak_1" in form.fields:
            target = "tiebreak_1"
        for message in messages:
            label = "" if field_name in SELF_NAMED else f"{field_label(field_name)}: "
            form.add_error(target, message if target else f"{label}{message}")

"""The organiser's Combat Patrol form: units as lines ("10x Boyz"), which the page shows the
same way, so saving it unchanged changes nothing."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext, gettext_lazy

_UNIT_LINE = re.compile(r"^(\d{1,3})\s*x?\s+(.+)$", re.IGNORECASE)


def units_text(units) -> str:
    return "\n".join(f"{u['models']}x {u['name']}" for u in units)


class PatrolForm(forms.Form):
    name = forms.CharField(
        max_length=120,
        label=gettext_lazy("Patrol name"),
        help_text=gettext_lazy("As lists name it."),
    )
    faction = forms.CharField(max_length=120, required=False)
    units = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}),
        label=gettext_lazy("Units"),
        help_text=gettext_lazy('One unit per line: its model count, then its name ("10x Boyz").'),
    )
    enhancement_1 = forms.CharField(
        max_length=120, required=False, label=gettext_lazy("Enhancement 1")
    )
    enhancement_2 = forms.CharField(
        max_length=120, required=False, label=gettext_lazy("Enhancement 2")
    )

    @staticmethod
    def initial_for(patrol) -> dict:
        first, second = [*patrol.enhancements, "", ""][:2]
        return {
            "name": patrol.name,
            "faction": patrol.faction,
            "units": units_text(patrol.units),
            "enhancement_1": first,
            "enhancement_2": second,
        }

    def clean_units(self) -> list[dict]:
        units = []
        for number, line in enumerate(self.cleaned_data["units"].splitlines(), 1):
            if not line.strip():
                continue
            found = _UNIT_LINE.match(line.strip())
            if not found:
                raise forms.ValidationError(
                    gettext(
                        "Line %(number)s: write the model count, then the unit's "
                        'name ("10x Boyz").'
                    )
                    % {"number": number}
                )
            units.append({"name": " ".join(found.group(2).split()), "models": int(found.group(1))})
        return units

    def data_for_service(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "faction": data["faction"],
            "units": data["units"],
            "enhancements": [e for e in (data["enhancement_1"], data["enhancement_2"]) if e],
        }

"""The organiser's series form: the API's fields as a browser sends them (the placing table
as one line, "25, 18, 15")."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

SCORING_CHOICES = [
    ("placing", "Points by final place"),
    ("results", "Points by wins and draws"),
]


class SeriesForm(forms.Form):
    name = forms.CharField(max_length=200)
    description = forms.CharField(
        max_length=500, required=False, label=gettext_lazy("Description (optional)")
    )
    scoring = forms.ChoiceField(choices=SCORING_CHOICES, initial="placing")
    placing_points = forms.CharField(
        required=False,
        initial="25, 18, 15, 12, 10, 8, 6, 4, 2, 1",
        label=gettext_lazy("Points for 1st, 2nd, 3rd, ... (by final place)"),
    )
    beyond_points = forms.CharField(initial="0", label=gettext_lazy("Points for any lower place"))
    win_points = forms.CharField(
        initial="3", label=gettext_lazy("Points a win (by wins and draws)")
    )
    draw_points = forms.CharField(initial="1", label=gettext_lazy("Points a draw"))
    loss_points = forms.CharField(initial="0", label=gettext_lazy("Points a loss"))
    best_events = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100,
        label=gettext_lazy("Best N events count (empty: all)"),
    )

    @classmethod
    def of(cls, series) -> SeriesForm:
        return cls(
            initial={
                "name": series.name,
                "description": series.description,
                "scoring": series.scoring,
                "placing_points": ", ".join(series.placing_points or []),
                "beyond_points": series.beyond_points,
                "win_points": series.win_points,
                "draw_points": series.draw_points,
                "loss_points": series.loss_points,
                "best_events": series.best_events,
            }
        )


class AddEventForm(forms.Form):
    event = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Add one of your events"))

    def __init__(self, *args, events: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = events

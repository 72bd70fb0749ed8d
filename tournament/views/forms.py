"""Forms of the pages. They only parse input; the services judge it and raise field errors."""

from __future__ import annotations

from django import forms

from tournament.models.event import BattleSize, EventStatus
from tournament.services.standings import metric_names

TIEBREAK_LABELS = {
    "owr": "Opponents' win rate",
    "sos": "Strength of schedule",
    "sosos": "Opponents' strength of schedule",
    "vp": "Total VP",
    "vp_diff": "VP difference",
}


def tiebreak_choices() -> list[tuple[str, str]]:
    return [(m, f"{m.upper()} · {TIEBREAK_LABELS.get(m, m)}") for m in sorted(metric_names())]


class EventForm(forms.Form):
    name = forms.CharField(max_length=200)
    planned_rounds = forms.IntegerField(min_value=1, max_value=30, initial=5, label="Rounds")
    start_date = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), label="Start date"
    )
    end_date = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), label="End date"
    )
    venue = forms.CharField(max_length=200, required=False)
    battle_size = forms.ChoiceField(choices=BattleSize.choices, initial=BattleSize.STRIKE_FORCE)


class SettingsForm(EventForm):
    status = forms.ChoiceField(choices=EventStatus.choices)
    tiebreak_1 = forms.ChoiceField(label="First tie-break", required=False)
    tiebreak_2 = forms.ChoiceField(label="Second tie-break", required=False)
    tiebreak_3 = forms.ChoiceField(label="Third tie-break", required=False)
    bye_vp = forms.IntegerField(min_value=0, max_value=100, label="VP for a bye")
    hidden = forms.BooleanField(required=False, label="Hidden (only organisers see it)")
    avoid_same_club = forms.BooleanField(required=False, label="Avoid pairing club mates")

    TIEBREAK_SLOTS = ("tiebreak_1", "tiebreak_2", "tiebreak_3")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *tiebreak_choices()]
        for slot in self.TIEBREAK_SLOTS:
            self.fields[slot].choices = choices

    @classmethod
    def initial_for(cls, event) -> dict:
        initial = {
            name: getattr(event, name)
            for name in (
                "name",
                "planned_rounds",
                "start_date",
                "end_date",
                "venue",
                "battle_size",
                "status",
                "bye_vp",
                "hidden",
                "avoid_same_club",
            )
        }
        initial.update(zip(cls.TIEBREAK_SLOTS, event.tiebreaks, strict=False))
        return initial

    def changes(self) -> dict:
        data = dict(self.cleaned_data)
        data["tiebreaks"] = [data.pop(s) for s in self.TIEBREAK_SLOTS if data.get(s)]
        for slot in self.TIEBREAK_SLOTS:
            data.pop(slot, None)
        return data


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=120)
    faction = forms.CharField(max_length=120, required=False)
    club = forms.CharField(max_length=120, required=False)
    battle_ready = forms.BooleanField(required=False, label="Battle ready (painted)")


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label="CSV file")
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "name,faction,club"}),
        label="…or paste CSV",
    )

    def raw(self) -> str | bytes:
        upload = self.cleaned_data.get("file")
        if upload:
            return upload.read()
        return self.cleaned_data.get("text") or ""


class ScoreForm(forms.Form):
    vp_a = forms.IntegerField(min_value=0, max_value=100, label="VP A")
    vp_b = forms.IntegerField(min_value=0, max_value=100, label="VP B")


class SwapForm(forms.Form):
    player_x = forms.TypedChoiceField(coerce=int, label="Swap")
    player_y = forms.TypedChoiceField(coerce=int, label="with")

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.pk, p.name) for p in players]
        self.fields["player_x"].choices = choices
        self.fields["player_y"].choices = choices
        if len(choices) > 1:
            self.fields["player_y"].initial = choices[1][0]


def service_errors_to_form(form: forms.Form, exc) -> None:
    """Put a service's field errors on the form (unknown fields become form-wide errors)."""
    for field_name, messages in exc.messages.items():
        target = field_name if field_name in form.fields else None
        if field_name == "rounds":
            target = "planned_rounds" if "planned_rounds" in form.fields else None
        if field_name == "tiebreaks" and "tiebreak_1" in form.fields:
            target = "tiebreak_1"
        for message in messages:
            form.add_error(target, message if target else f"{field_name}: {message}")

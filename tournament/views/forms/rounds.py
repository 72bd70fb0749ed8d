"""The round pages' forms: swapping two players, and a game's or a round's layout."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from missions.eleventh.matrix import LAYOUT_LETTERS
from tournament.services.rounds.pairing_record import REASON_LIMIT as SWAP_REASON_LIMIT


class SwapForm(forms.Form):
    player_x = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Swap"))
    player_y = forms.TypedChoiceField(coerce=int, label=gettext_lazy("with"))
    # Kept in the round's pairing record beside the organiser's name (issue 37).
    reason = forms.CharField(
        label=gettext_lazy("because"), max_length=SWAP_REASON_LIMIT, required=False
    )

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.pk, p.name) for p in players]
        self.fields["player_x"].choices = choices
        self.fields["player_y"].choices = choices
        if len(choices) > 1:
            self.fields["player_y"].initial = choices[1][0]


class LayoutForm(forms.Form):
    """A game's layout letter (the organiser's round page), or a round's (per_round policy)."""

    layout = forms.ChoiceField(choices=[(letter, letter) for letter in LAYOUT_LETTERS])

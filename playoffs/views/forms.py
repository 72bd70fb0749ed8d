"""The organiser's cut form: the API's fields as a browser sends them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

FORMAT_CHOICES = [
    ("single", "Single elimination"),
    ("double", "Double elimination"),
    ("shadow", "Shadow round only"),
]
# The engine's KNOCKOUT_TIEBREAKS, in words for the select (tests check they agree).
TIEBREAK_CHOICES = [
    ("higher_seed", "Higher seed goes through"),
    ("primary_vp", "Most primary VP, then higher seed"),
    ("organiser", "The organiser decides"),
]


# The team rule's (playoffs/engine/team_tiebreak.py), for a team event's cut.
TEAM_TIEBREAK_CHOICES = [
    ("higher_seed", "Higher-seeded team goes through"),
    ("game_points", "More game points, then more VP, then higher seed"),
    ("primary_vp", "More primary VP over the team's games, then higher seed"),
    ("organiser", "The organiser decides"),
]


class CutForm(forms.Form):
    format = forms.ChoiceField(choices=FORMAT_CHOICES, initial="single")
    size = forms.IntegerField(
        min_value=2, max_value=64, initial=8, label=gettext_lazy("Players in the bracket")
    )
    qualifier_from = forms.IntegerField(
        required=False, min_value=2, label=gettext_lazy("Qualifier: first seed (optional)")
    )
    qualifier_to = forms.IntegerField(
        required=False, min_value=3, label=gettext_lazy("Qualifier: last seed")
    )
    shadow_from = forms.IntegerField(
        required=False, min_value=1, label=gettext_lazy("Shadow round: first seed (optional)")
    )
    shadow_to = forms.IntegerField(
        required=False, min_value=2, label=gettext_lazy("Shadow round: last seed")
    )
    grand_final_reset = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Double elimination: grand final reset")
    )
    knockout_tiebreak = forms.ChoiceField(
        choices=TIEBREAK_CHOICES, initial="higher_seed", label=gettext_lazy("On equal VP")
    )
    third_place = forms.BooleanField(
        required=False,
        label=gettext_lazy("Single elimination: the losing semi-finalists play for 3rd"),
    )
    force = forms.BooleanField(
        required=False, label=gettext_lazy("Cut although the Swiss is not finished")
    )

    def __init__(self, *args, team: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if team:
            # A team event's bracket seeds teams and decides a drawn match by the team rule.
            self.fields["size"].label = "Teams in the bracket"
            self.fields["knockout_tiebreak"].choices = TEAM_TIEBREAK_CHOICES
            self.fields["knockout_tiebreak"].label = "On a drawn match"

    def clean(self):
        data = super().clean()
        for name in ("qualifier", "shadow"):
            first, last = data.get(f"{name}_from"), data.get(f"{name}_to")
            if (first is None) != (last is None):
                self.add_error(
                    f"{name}_to", gettext("Give both the first and the last seed, or neither.")
                )
            data[name] = (first, last) if first is not None and last is not None else None
        return data


class SeedForm(forms.Form):
    """One choice per seed, best first, among the event's players (teams in a team event's
    bracket) still in: posted as the
    API's PATCH takes them (a list of players). Shown filled with the current seeds, so
    saving it unchanged changes nothing."""

    def __init__(self, *args, players: list[tuple[int, str]], seeds: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = dict(players)
        for i, pid in enumerate(seeds, start=1):
            self.fields[f"seed_{i}"] = forms.TypedChoiceField(
                choices=players, coerce=int, initial=pid, label=f"Seed {i}"
            )

    def clean(self):
        data = super().clean()
        seen: dict[int, str] = {}
        for name in self.fields:
            pid = data.get(name)
            if pid is None:
                continue
            if pid in seen:
                # Name the player and both seeds: the organiser sees names, not ids.
                self.add_error(
                    name,
                    gettext("%(names)s already holds %(lower)s: a player can hold one seed only.")
                    % {"names": self.names[pid], "lower": self.fields[seen[pid]].label.lower()},
                )
            else:
                seen[pid] = name
        return data

    def seeds(self) -> list[int]:
        return [self.cleaned_data[name] for name in self.fields]

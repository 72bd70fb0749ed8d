"""The organiser's pods forms: the API's fields as a browser sends them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from playoffs.views.forms import TIEBREAK_CHOICES

METHOD_CHOICES = [
    ("standings", "By the standings (pod 1 the top band)"),
    ("random", "At random, clubs spread"),
    ("organiser", "As I list them below"),
]
CUT_CHOICES = [("per_pod", "The top of each pod"), ("overall", "The top of the whole field")]


class PodsForm(forms.Form):
    method = forms.ChoiceField(
        choices=METHOD_CHOICES, initial="standings", label=gettext_lazy("Form the pods")
    )
    count = forms.IntegerField(
        required=False,
        min_value=2,
        initial=4,
        label=gettext_lazy("How many pods (standings, random)"),
    )
    after_round = forms.IntegerField(
        required=False,
        min_value=0,
        label=gettext_lazy("Standings after round (empty: the last paired)"),
    )
    seed = forms.IntegerField(
        required=False, min_value=0, label=gettext_lazy("Random draw's seed (optional)")
    )
    lists = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=gettext_lazy("Your pods: one a line, player names separated by commas"),
    )
    first_round = forms.IntegerField(
        required=False,
        min_value=1,
        label=gettext_lazy("First round inside the pods (empty: the next)"),
    )
    last_round = forms.IntegerField(min_value=1, label=gettext_lazy("Last round inside the pods"))

    def __init__(self, *args, players: list[tuple[int, str]] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.by_name = {name.casefold(): pid for pid, name in players}

    def clean(self):
        data = super().clean()
        data["pods"] = None
        if data.get("method") == "organiser":
            data["pods"] = self._pods(data.get("lists") or "")
        elif data.get("count") is None:
            self.add_error("count", gettext("How many pods?"))
        return data

    def _pods(self, text: str) -> list[list[int]] | None:
        """The organiser's lines as lists of players; names people typed, matched whatever
        their case."""
        pods, unknown = [], []
        for line in text.splitlines():
            names = [n.strip() for n in line.split(",") if n.strip()]
            if names:
                pods.append([self.by_name.get(n.casefold()) for n in names])
                unknown += [n for n in names if n.casefold() not in self.by_name]
        if unknown:
            self.add_error(
                "lists",
                gettext("No player of this event called: %(join)s.") % {"join": ", ".join(unknown)},
            )
            return None
        if not pods:
            self.add_error("lists", gettext("List the pods, one a line."))
            return None
        return pods


class PodsAdjustForm(forms.Form):
    """One choice of pod per player, filled with the current pods, and the last pod round:
    saving it unchanged changes nothing."""

    def __init__(
        self, *args, players: list[tuple[int, str]], pods: list[list[int]], last_round, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.order = pods
        choices = [(i + 1, f"Pod {i + 1}") for i in range(len(pods))]
        where = {p: i + 1 for i, pod in enumerate(pods) for p in pod}
        for pid, name in players:
            # A player in no pod yet (a late entry) starts blank: the browser must not pick
            # pod 1 for them unseen.
            self.fields[f"pod_{pid}"] = forms.TypedChoiceField(
                choices=choices if pid in where else [("", "Choose a pod"), *choices],
                coerce=int,
                initial=where.get(pid),
                label=name,
                required=pid in where,
            )
        self.fields["last_round"] = forms.IntegerField(
            min_value=1, initial=last_round, label=gettext_lazy("Last round inside the pods")
        )

    def pods(self) -> list[list[int]]:
        """The pods as the service takes them: each keeps its players' order, a player moved
        in comes last."""
        chosen = {
            int(name[4:]): value
            for name, value in self.cleaned_data.items()
            if name.startswith("pod_") and value
        }
        out = [[p for p in pod if chosen.get(p) == i + 1] for i, pod in enumerate(self.order)]
        kept = {p for pod in out for p in pod}
        for pid, number in chosen.items():
            if pid not in kept:
                out[number - 1].append(pid)
        return out


class PodsCutForm(forms.Form):
    cut = forms.ChoiceField(
        choices=CUT_CHOICES, initial="per_pod", label=gettext_lazy("Who goes through")
    )
    per_pod = forms.IntegerField(
        required=False, min_value=1, initial=2, label=gettext_lazy("Players per pod")
    )
    size = forms.IntegerField(
        required=False,
        min_value=2,
        max_value=64,
        label=gettext_lazy("Players overall (top of the field)"),
    )
    format = forms.ChoiceField(
        choices=[("single", "Single elimination"), ("double", "Double elimination")],
        initial="single",
    )
    grand_final_reset = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Double elimination: grand final reset")
    )
    knockout_tiebreak = forms.ChoiceField(
        choices=TIEBREAK_CHOICES, initial="higher_seed", label=gettext_lazy("On equal VP")
    )
    force = forms.BooleanField(
        required=False, label=gettext_lazy("Cut although the Swiss is not finished")
    )

    def clean(self):
        data = super().clean()
        # Only the number that goes with the chosen cut is sent on.
        if data.get("cut") == "per_pod":
            data["size"] = None
            if data.get("per_pod") is None:
                self.add_error("per_pod", gettext("How many of each pod go through?"))
        elif data.get("cut") == "overall":
            data["per_pod"] = None
            if data.get("size") is None:
                self.add_error("size", gettext("How many players go through?"))
        return data

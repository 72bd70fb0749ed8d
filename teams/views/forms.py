"""Forms of the team pages: they parse input; the services judge it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from teams.engine.scoring import table_data
from teams.engine.standings import TEAM_METRICS


class TeamAddForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Team name"))


class TeamForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Team name"))
    captain = forms.TypedChoiceField(coerce=int, required=False, label=gettext_lazy("Captain"))
    dropped = forms.BooleanField(required=False, label=gettext_lazy("Dropped (paired no more)"))

    def __init__(self, *args, team=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = [m.player for m in team.members.select_related("player")] if team else []
        self.fields["captain"].choices = [("", "—"), *((p.pk, p.name) for p in members)]

    @staticmethod
    def initial_for(team) -> dict:
        return {"name": team.name, "captain": team.captain_id, "dropped": team.dropped}

    def changes(self) -> dict:
        data = dict(self.cleaned_data)
        if data.get("captain") in (None, ""):
            data.pop("captain", None)
        return data


class MemberForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Player name"))
    faction = forms.CharField(max_length=120, required=False)
    club = forms.CharField(max_length=120, required=False)
    captain = forms.BooleanField(required=False, label=gettext_lazy("Make captain"))


class TeamImportForm(forms.Form):
    file = forms.FileField(required=False, label=gettext_lazy("CSV file"))
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 10}),
        label=gettext_lazy("…or paste CSV lines: team,name,faction[,club]"),
        help_text=gettext_lazy(
            "A header line naming the columns may come first. Every line or none."
        ),
    )

    def clean(self):
        data = super().clean()
        if not data.get("file") and not (data.get("text") or "").strip():
            raise forms.ValidationError(gettext("Choose a CSV file or paste its lines."))
        return data

    def raw(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        return upload.read() if upload else self.cleaned_data.get("text") or ""


def _table_text(bands) -> str:
    return "\n".join(
        f"{b['up_to'] if b['up_to'] is not None else 'more'} {b['points']}" for b in bands
    )


def _who(player) -> str:
    return f"{player.name} ({player.faction or 'no faction'})"


class ScoringForm(forms.Form):
    score_table = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12}),
        label=gettext_lazy(
            "Score table: one band a line, 'largest VP difference' then 'winner's points'"
        ),
        help_text=gettext_lazy(
            "The last line starts with 'more' (any larger difference). The default is "
            "the WTC 20-0 table."
        ),
    )
    draw_margin = forms.IntegerField(
        min_value=0,
        max_value=160,
        label=gettext_lazy("A match is drawn while the scores differ by at most"),
    )
    bye_score = forms.IntegerField(
        min_value=0, max_value=160, label=gettext_lazy("A bye's team score")
    )
    tiebreak_1 = forms.ChoiceField(required=False, label=gettext_lazy("First team tie-break"))
    tiebreak_2 = forms.ChoiceField(required=False, label=gettext_lazy("Second team tie-break"))
    tiebreak_3 = forms.ChoiceField(required=False, label=gettext_lazy("Third team tie-break"))
    SLOTS = ("tiebreak_1", "tiebreak_2", "tiebreak_3")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *TEAM_METRICS.items()]
        for slot in self.SLOTS:
            self.fields[slot].choices = choices

    @classmethod
    def initial_for(cls, scoring) -> dict:
        initial = {
            "score_table": _table_text(table_data(scoring.table)),
            "draw_margin": scoring.draw_margin,
            "bye_score": scoring.bye_score,
        }
        initial.update(zip(cls.SLOTS, scoring.tiebreaks, strict=False))
        return initial

    def clean_score_table(self) -> list[dict]:
        bands = []
        for number, line in enumerate(self.cleaned_data["score_table"].splitlines(), start=1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) != 2 or not parts[1].isdigit():
                raise forms.ValidationError(
                    gettext("Line %(number)s: write the difference, then points.")
                    % {"number": number}
                )
            up_to = None if parts[0].lower() in ("more", "-", "*") else parts[0]
            if up_to is not None and not up_to.isdigit():
                raise forms.ValidationError(
                    gettext("Line %(number)s: the difference must be a number.")
                    % {"number": number}
                )
            bands.append({"up_to": None if up_to is None else int(up_to), "points": int(parts[1])})
        return bands

    def changes(self, scoring) -> dict:
        """Only what differs from the settings in force, so saving unchanged changes nothing."""
        data = self.cleaned_data
        out = {}
        if data["score_table"] != table_data(scoring.table):
            out["score_table"] = data["score_table"]
        for key in ("draw_margin", "bye_score"):
            if data[key] != getattr(scoring, key):
                out[key] = data[key]
        tiebreaks = [data[s] for s in self.SLOTS if data.get(s)]
        if tuple(tiebreaks) != tuple(scoring.tiebreaks):
            out["tiebreaks"] = tiebreaks
        return out


class MatchPairingForm(forms.Form):
    """One select per team A player: which team B player they play (in table order)."""

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        a_players = [m.player for m in match.team_a.members.select_related("player")]
        b_players = [m.player for m in match.team_b.members.select_related("player")]
        choices = [
            ("", "—"),
            *((p.pk, f"{p.name} ({p.faction or 'no faction'})") for p in b_players),
        ]
        for i, player in enumerate(a_players):
            field = forms.TypedChoiceField(
                coerce=int,
                choices=choices,
                label=f"Table {match.first_table + i}: {_who(player)} plays",
            )
            field.player_a = player.pk
            self.fields[f"b_{player.pk}"] = field

    def pairs(self) -> list[tuple[int, int]]:
        return [(f.player_a, self.cleaned_data[name]) for name, f in self.fields.items()]

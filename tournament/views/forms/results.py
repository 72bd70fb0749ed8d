"""The score forms: ScoreForm (every pack's totals, how the battle ended) and, on top of it,
the 11th-edition boxes: each side's primary, secondary and Battle Ready (the organiser's form),
the five battle rounds of each side, who was Attacker and who went first, and each side's
secondary mode.

The boxes are named by the form's own sides, `_a` the first and `_b` the second: the organiser's
form shows player A first, the player's phone form shows "mine" first (player.py swaps them
into the game's sides). Blank boxes are not recorded; the scoring rules check the rest
(missions/scoring/eleventh.py), so a page and the API refuse the same things.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from missions.scoring.eleventh import RECORD_FIELDS, ROUND_PARTS, ROUNDS
from missions.scoring.rules import ELEVENTH_PER_ROUND, ELEVENTH_PRIMARY, ELEVENTH_SECONDARY


class ScoreForm(forms.Form):
    vp_a = forms.IntegerField(min_value=0, max_value=100, label=gettext_lazy("VP A"))
    vp_b = forms.IntegerField(min_value=0, max_value=100, label=gettext_lazy("VP B"))
    # A battle ended early (issue 26): the scoring rules check them; blank lets the VP decide.
    outcome = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Winner"),
        choices=[
            ("", gettext_lazy("by VP")),
            ("a_wins", gettext_lazy("A wins")),
            ("b_wins", gettext_lazy("B wins")),
            ("draw", gettext_lazy("Draw")),
        ],
    )
    ended = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Ended"),
        choices=[
            ("", "–"),
            ("time", gettext_lazy("time")),
            ("concession", gettext_lazy("concession")),
            ("tabled", gettext_lazy("tabled")),
        ],
    )

    def __init__(
        self, *args, vp_max: int = 100, battle_ready: bool = False, power: bool = False, **kwargs
    ):
        # The event's pack sets the highest total: 100 in Leviathan, no cap in 8th edition.
        super().__init__(*args, **kwargs)
        if vp_max != 100:
            for name in ("vp_a", "vp_b"):
                self.fields[name] = forms.IntegerField(
                    min_value=0, max_value=vp_max, label=self.fields[name].label
                )
        if power:  # Only War: each army's Power Level settles equal VP (the Underdog wins)
            for name in ("power_a", "power_b"):
                self.fields[name] = forms.IntegerField(
                    required=False, min_value=0, max_value=vp_max, label=gettext_lazy("Power Level")
                )
        if battle_ready:  # the player's form: "my VP include the Battle Ready bonus"
            self.fields["battle_ready"] = forms.BooleanField(required=False)


NOT_RECORDED = gettext_lazy("Not recorded")
SIDE_CHOICES = [("", NOT_RECORDED), ("a", gettext_lazy("A")), ("b", gettext_lazy("B"))]
MODE_CHOICES = [
    ("", NOT_RECORDED),
    ("fixed", gettext_lazy("Fixed")),
    ("tactical", gettext_lazy("Tactical")),
]
BONUS_CHOICES = [("", NOT_RECORDED), ("0", "0"), ("10", "10")]


def round_box(number: int, part: str, side: str) -> str:
    return f"r{number}_{part}_{side}"


ROUND_BOXES = tuple(
    round_box(n, part, side) for side in "ab" for n in range(1, ROUNDS + 1) for part in ROUND_PARTS
)
# The record's choice boxes and the values a page may send back into them.
RECORD_CHOICES = {
    "attacker": ("a", "b"),
    "first_turn": ("a", "b"),
    "secondaries_a": ("fixed", "tactical"),
    "secondaries_b": ("fixed", "tactical"),
}


def _side_choices(first: str, second: str) -> list[tuple[str, str]]:
    return [("", NOT_RECORDED), ("a", first), ("b", second)]


class EleventhScoreForm(ScoreForm):
    """The score form of an 11th-edition game. `parts`: the organiser's form also has each
    side's primary, secondary and Battle Ready boxes (the phone keeps its Battle Ready tick).
    `names`: what the two sides are called on this page (for the choices' labels)."""

    def __init__(
        self,
        *args,
        parts: bool = True,
        names: tuple[str, str] = ("A", "B"),
        owners: tuple[str | None, str | None] | None = None,
        **kw,
    ):
        super().__init__(*args, vp_max=100, **kw)
        self.parts = parts
        # Whose boxes, in messages: a player's name, or None for the reader ("your", the phone).
        self.owners = owners or names
        for name in ("vp_a", "vp_b"):
            # The rounds may supply the total (the rules add them up): not required here.
            self.fields[name].required = False
        sides = "ab"
        if parts:
            for side in sides:
                name = names[sides.index(side)]
                self.fields[f"primary_{side}"] = forms.IntegerField(
                    min_value=0, max_value=ELEVENTH_PRIMARY, required=False, label=f"{name} primary"
                )
                self.fields[f"secondary_{side}"] = forms.IntegerField(
                    min_value=0,
                    max_value=ELEVENTH_SECONDARY,
                    required=False,
                    label=f"{name} secondary",
                )
                self.fields[f"battle_ready_{side}"] = forms.TypedChoiceField(
                    choices=BONUS_CHOICES,
                    coerce=int,
                    empty_value=None,
                    required=False,
                    label=f"{name} Battle Ready",
                )
        for side in sides:
            for number in range(1, ROUNDS + 1):
                for part in ROUND_PARTS:
                    self.fields[round_box(number, part, side)] = forms.IntegerField(
                        min_value=0,
                        max_value=ELEVENTH_PER_ROUND,
                        required=False,
                        label=f"{names[sides.index(side)]}, battle round {number} {part}",
                    )
            self.fields[f"secondaries_{side}"] = forms.ChoiceField(
                choices=MODE_CHOICES,
                required=False,
                label=f"{names[sides.index(side)]} secondaries",
            )
        self.fields["attacker"] = forms.ChoiceField(
            choices=_side_choices(*names), required=False, label=gettext_lazy("Attacker")
        )
        self.fields["first_turn"] = forms.ChoiceField(
            choices=_side_choices(*names), required=False, label=gettext_lazy("First turn")
        )
        for name, field in self.fields.items():
            if name not in ("vp_a", "vp_b", "battle_ready"):
                # Many rows share a page: each box says what it is (no visible label per box).
                field.widget.attrs["aria-label"] = field.label
                if isinstance(field, forms.IntegerField):
                    field.widget.attrs["inputmode"] = "numeric"

    def clean(self):
        cleaned = super().clean()
        for owner, side in zip(self.owners, "ab", strict=True):
            boxes = [
                cleaned.get(round_box(n, p, side))
                for n in range(1, ROUNDS + 1)
                for p in ROUND_PARTS
            ]
            filled = [b for b in boxes if b is not None]
            if filled and len(filled) != len(boxes):
                self.add_error(None, _rounds_incomplete(owner))
        return cleaned

    @staticmethod
    def _rounds(cleaned: dict, side: str) -> list[dict] | None:
        rows = [
            {p: cleaned.get(round_box(n, p, side)) for p in ROUND_PARTS}
            for n in range(1, ROUNDS + 1)
        ]
        if any(v is None for row in rows for v in row.values()):
            return None
        return rows

    def scores(self) -> dict:
        """What the service takes, by the form's sides: nothing for a blank box."""
        cleaned = self.cleaned_data
        data = {"vp_a": cleaned.get("vp_a"), "vp_b": cleaned.get("vp_b")}
        if self.parts:
            for side in "ab":
                for part in ("primary", "secondary", "battle_ready"):
                    data[f"{part}_{side}"] = cleaned.get(f"{part}_{side}")
        for side in "ab":
            data[f"rounds_{side}"] = self._rounds(cleaned, side)
        # "outcome" and "ended": a concession or a tabled side wins for the opponent (issue 26).
        for name in (*RECORD_CHOICES, "outcome", "ended"):
            data[name] = cleaned.get(name) or None
        return {key: value for key, value in data.items() if value is not None}

    @classmethod
    def initial_for(cls, result) -> dict:
        """The boxes filled from a standing result, so saving it unchanged changes nothing."""
        if result is None:
            return {}
        initial = {}
        for side in "ab":
            for part in ("vp", "primary", "secondary", "battle_ready"):
                initial[f"{part}_{side}"] = getattr(result, f"{part}_{side}")
            for number, row in enumerate(getattr(result, f"rounds_{side}") or [], start=1):
                for part in ROUND_PARTS:
                    initial[round_box(number, part, side)] = row[part]
        for name in RECORD_FIELDS:
            if not name.startswith("rounds"):
                initial[name] = getattr(result, name) or ""
        return initial


def swap_sides(data: dict) -> dict:
    """The form's sides turned into the other way round (a phone whose owner plays side B)."""
    flip = {"a": "b", "b": "a"}
    out = {}
    for key, value in data.items():
        base, _, side = key.rpartition("_")
        new_key = f"{base}_{flip[side]}" if side in flip and base else key
        if key == "outcome":  # the winner is named by side too
            out[new_key] = {"a_wins": "b_wins", "b_wins": "a_wins"}.get(value, value)
        else:
            out[new_key] = flip[value] if key in ("attacker", "first_turn") else value
    return out


def _rounds_incomplete(owner: str | None) -> str:
    # One whole sentence for each: a possessive glued in would stay English.
    if owner is None:
        return gettext(
            "Fill in all five of your battle rounds (0 where nothing was scored), "
            "or leave them all empty."
        )
    return gettext(
        "Fill in all five of %(name)s's battle rounds (0 where nothing was scored), "
        "or leave them all empty."
    ) % {"name": owner}


def _side_labels(owner: str | None) -> dict[str, str]:
    """A side's boxes as whole phrases: the reader's own ("My VP", owner None) or a player's
    ("Ada's VP"), so each language says the owner its own way."""
    if owner is None:
        return {
            "rounds": gettext("My battle rounds"),
            "secondaries": gettext("My secondaries"),
            "primary": gettext("My primary"),
            "secondary": gettext("My secondary"),
            "battle_ready": gettext("My Battle Ready"),
            "vp": gettext("My VP"),
        }
    name = {"name": owner}
    return {
        "rounds": gettext("%(name)s's battle rounds") % name,
        "secondaries": gettext("%(name)s's secondaries") % name,
        "primary": gettext("%(name)s's primary") % name,
        "secondary": gettext("%(name)s's secondary") % name,
        "battle_ready": gettext("%(name)s's Battle Ready") % name,
        "vp": gettext("%(name)s's VP") % name,
    }


def _round_part_label(owner: str | None, number: int, part: str) -> str:
    values = {"name": owner, "number": number}
    if owner is None:
        if part == "primary":
            return gettext("My battle round %(number)s: primary") % values
        return gettext("My battle round %(number)s: secondary") % values
    if part == "primary":
        return gettext("%(name)s, battle round %(number)s: primary") % values
    return gettext("%(name)s, battle round %(number)s: secondary") % values


def record_labels(first: str | None, second: str | None) -> dict[str, str]:
    """The scoring rules' field names as the page names them, for error messages; `first`
    and `second` are the sides' players' names, None for the reader's own side ("My")."""
    labels = {"attacker": gettext("Attacker"), "first_turn": gettext("First turn")}
    for side, owner in (("a", first), ("b", second)):
        words = _side_labels(owner)
        for key in ("rounds", "secondaries", "primary", "secondary", "battle_ready", "vp"):
            labels[f"{key}_{side}"] = words[key]
        for i in range(ROUNDS):
            for part in ROUND_PARTS:
                labels[f"rounds_{side}[{i}].{part}"] = _round_part_label(owner, i + 1, part)
    return labels

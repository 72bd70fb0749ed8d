"""The player's forms: the organiser's, the public sign-up, the player's own choice and
the CSV import. They only parse input; the services judge it."""

from __future__ import annotations

from django import forms
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy

from missions.eleventh.matrix import DISPOSITIONS
from tournament.data.factions import FACTIONS, faction_known
from tournament.services.events.extra_fields import extra_read
from tournament.services.players.names import NICKNAME_LIMIT
from tournament.views.forms.extra import extra_names, with_extra_fields


class FactionInput(forms.TextInput):
    """A text box that offers the faction list (any text may still be typed)."""

    def __init__(self):
        super().__init__(attrs={"list": "faction-list", "autocomplete": "off"})

    def render(self, name, value, attrs=None, renderer=None):
        box = super().render(name, value, attrs, renderer)
        options = "".join(format_html('<option value="{}">', f) for f in FACTIONS)
        return mark_safe(f'{box}<datalist id="faction-list">{options}</datalist>')  # noqa: S308 - escaped above


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=120)
    faction = forms.CharField(max_length=120, required=False, widget=FactionInput())
    # Shown only with the question (see clean): hidden, it stays out of every other save.
    faction_confirmed = forms.BooleanField(
        required=False,
        label=gettext_lazy("Keep it as typed (not in the list)"),
        widget=forms.HiddenInput(),
    )
    club = forms.CharField(max_length=120, required=False)
    # 11th-edition events only (removed otherwise): chosen at muster, blank until then.
    disposition = forms.ChoiceField(
        choices=[("", "Not chosen yet"), *DISPOSITIONS],
        required=False,
        label=gettext_lazy("Force Disposition"),
    )
    battle_ready = forms.BooleanField(required=False, label=gettext_lazy("Battle ready (painted)"))

    def __init__(self, *args, eleventh: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not eleventh:
            del self.fields["disposition"]

    def clean(self):
        data = super().clean()
        faction = data.get("faction") or ""
        confirmed = data.pop("faction_confirmed", False)
        known = faction_known(faction)
        if known:
            data["faction"] = known
        elif faction and not confirmed and faction != self.initial.get("faction"):
            # Ask rather than refuse: a faction newer than the list is the organiser's call.
            self.add_error(
                "faction",
                gettext(
                    "%(faction)s is not in the faction list. Choose one from the "
                    "list, or tick “Keep it as typed” below to save it."
                )
                % {"faction": faction},
            )
            self.fields["faction_confirmed"].widget = forms.CheckboxInput()
        return data


class SignupForm(forms.Form):
    """The public sign-up form; the service judges it (open, places, name not taken)."""

    name = forms.CharField(max_length=120, label=gettext_lazy("Your name"))
    faction = forms.ChoiceField(label=gettext_lazy("Faction"))
    club = forms.CharField(max_length=120, required=False, label=gettext_lazy("Club (optional)"))
    email = forms.CharField(
        max_length=254,
        required=False,
        label=gettext_lazy("Email (optional: to get your link again if you lose it)"),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    # 11th-edition events only (removed otherwise).
    disposition = forms.ChoiceField(
        choices=[("", "Choose later"), *DISPOSITIONS],
        required=False,
        label=gettext_lazy(
            "Force Disposition (optional now: your page lets you choose it until lists lock)"
        ),
    )
    battle_ready = forms.BooleanField(
        required=False,
        label=gettext_lazy("My army is Battle Ready (fully painted and based: +10 VP a game)"),
    )
    # Issue 36: shown only when the event shows nicknames to the public (removed otherwise).
    nickname = forms.CharField(
        max_length=NICKNAME_LIMIT,
        required=False,
        label=gettext_lazy(
            "Nickname (optional: the public pages show it instead of your name; empty: your "
            "first name and initial)"
        ),
    )

    def __init__(
        self, *args, factions=(), eleventh: bool = False, nicknames: bool = False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [("", "Choose your faction"), *((f, f) for f in factions)]
        with_extra_fields(self, "signup")
        if not eleventh:
            del self.fields["disposition"]
        if not nicknames:
            del self.fields["nickname"]


class PlayerEditForm(PlayerForm):
    """The organiser's player page: every field of the entry, beside the name."""

    email = forms.CharField(
        max_length=254,
        required=False,
        label=gettext_lazy("Email (optional; staff only see it)"),
        widget=forms.EmailInput(),
    )
    fixed_table = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=32767,
        label=gettext_lazy("Fixed table (accessible seating; empty: any table)"),
    )
    checked_in = forms.BooleanField(required=False, label=gettext_lazy("Checked in"))
    dropped = forms.BooleanField(required=False, label=gettext_lazy("Dropped"))
    nickname = forms.CharField(
        max_length=NICKNAME_LIMIT,
        required=False,
        label=gettext_lazy("Nickname (shown to the public when the event shows nicknames)"),
    )

    FIELDS = ("name", "faction", "club", "email", "battle_ready", "fixed_table")
    FIELDS += ("checked_in", "dropped", "disposition", "nickname")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        with_extra_fields(self, "player_edit")

    @classmethod
    def initial_for(cls, player) -> dict:
        initial = {f: getattr(player, f) for f in cls.FIELDS}
        extras = extra_read("player", player)
        initial.update({name: extras.get(name) for name in extra_names("player_edit")})
        return initial


class NicknameForm(forms.Form):
    """The player's own nickname on their private page (issue 36)."""

    nickname = forms.CharField(
        max_length=NICKNAME_LIMIT,
        required=False,
        label=gettext_lazy("Nickname (empty: your first name and initial)"),
    )


class DispositionForm(forms.Form):
    """The player's own choice on their private page (11th-edition events)."""

    disposition = forms.ChoiceField(
        choices=[("", "Not chosen yet"), *DISPOSITIONS],
        required=False,
        label=gettext_lazy("Force Disposition"),
    )


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label=gettext_lazy("CSV file"))
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "name,faction,club"}),
        label=gettext_lazy("…or paste CSV"),
    )

    def raw(self) -> str | bytes:
        upload = self.cleaned_data.get("file")
        if upload:
            return upload.read()
        return self.cleaned_data.get("text") or ""

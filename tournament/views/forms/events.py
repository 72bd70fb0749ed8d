"""The event's forms: a new event, its settings, its deletion. They only parse input; the
services judge it and raise field errors."""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.utils.translation import gettext, gettext_lazy

from common.errors import Invalid
from common.ordinals import ordinal
from missions.services.missions import mission_pack_choices
from tournament.localtime import default_time_zone, zone_choices
from tournament.models.event import (
    TEAM_SIZE_MAX,
    TEAM_SIZE_MIN,
    BattleSize,
    EventKind,
    EventStatus,
    LayoutPolicy,
    PublicNames,
)
from tournament.services.events.events import PLACES_MAX
from tournament.services.events.extra_fields import extra_read
from tournament.services.events.language import language_choices
from tournament.services.events.settings import EDITABLE
from tournament.services.rounds.eleventh import ELEVENTH, table_layouts_parse, table_layouts_text
from tournament.services.standings.presets import (
    CUSTOM,
    event_tiebreak_preset,
    preset_changes,
    preset_words,
)
from tournament.services.standings.standings import metric_heading, metric_label, metric_names
from tournament.views.forms.extra import extra_clearers, extra_names, with_extra_fields


def tiebreak_choices() -> list[tuple[str, str]]:
    # Labels come from the engine's metric registry, the one place a metric is named.
    return [(m, f"{metric_heading(m)} · {metric_label(m)}") for m in sorted(metric_names())]


def tiebreak_preset_choices() -> list[tuple[str, str]]:
    return [(p.name, p.label) for p in preset_words()]


# The tie-break slots and the floor matter only for the custom order: static/js/form-depends.js
# shows them while "Custom" is chosen (without JavaScript they always show).
ONLY_FOR_CUSTOM = {"data-shown-when": f"tiebreak_preset={CUSTOM}"}


# Browsers' date inputs take and give ISO dates only: a localised "23/11/2026" is rejected and
# posted back empty, which would erase the event's dates on every save.
def _date_input() -> forms.DateInput:
    return forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})


class EventForm(forms.Form):
    name = forms.CharField(max_length=200, label=gettext_lazy("Name"))
    planned_rounds = forms.IntegerField(
        min_value=1, max_value=30, initial=5, label=gettext_lazy("Rounds")
    )
    start_date = forms.DateField(
        required=False, widget=_date_input(), label=gettext_lazy("Start date")
    )
    end_date = forms.DateField(required=False, widget=_date_input(), label=gettext_lazy("End date"))
    venue = forms.CharField(max_length=200, required=False, label=gettext_lazy("Venue"))
    battle_size = forms.ChoiceField(
        choices=BattleSize.choices,
        initial=BattleSize.STRIKE_FORCE,
        label=gettext_lazy("Battle size"),
        help_text=gettext_lazy(
            "Combat Patrol is a 10th-edition battle size: it needs the Leviathan pack."
        ),
    )
    # Not sent (a script's post): 11th edition for a new event (event_new), unchanged for an
    # existing one. The API's default stays Leviathan for the scripts written against it.
    mission_pack = forms.ChoiceField(
        choices=mission_pack_choices,
        required=False,
        initial=ELEVENTH,
        label=gettext_lazy("Mission pack"),
        help_text=gettext_lazy(
            "Rounds take this pack's missions and results are scored by its rules. "
            "It cannot change once round 1 is paired."
        ),
    )
    # The engine keeps club mates apart in its round-1 draw only.
    avoid_same_club = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Keep club mates apart in round 1")
    )
    # Ticked for new events (the API's default stays off for existing scripts).
    check_in_required = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Pair only players who have checked in")
    )
    # Ticked for new events too (the API's default stays off: scripts see rounds at once).
    review_pairings = forms.BooleanField(
        required=False,
        initial=True,
        label=gettext_lazy("Review each round's pairings before players see them"),
    )
    # Every time the event's pages, PDFs and audit log show is in this zone. Not sent (a
    # script's post): the default for a new event, unchanged for an existing one.
    time_zone = forms.ChoiceField(
        choices=zone_choices, required=False, label=gettext_lazy("Time zone")
    )
    # Issue 36: pairings, scoresheets, table packs, standings, the door sheet and the big
    # screen speak it. Not sent (a script's post): the site's for a new event, unchanged for
    # an existing one. The choices are read when the form is made (settings.LANGUAGES).
    language = forms.ChoiceField(
        choices=language_choices,
        required=False,
        label=gettext_lazy("Language of printouts and the big screen"),
        help_text=gettext_lazy(
            "What everyone reads at once is in this language, whatever each reader's own."
        ),
    )
    # Not sent (a script's post): singles for a new event, unchanged for an existing one.
    kind = forms.ChoiceField(
        choices=EventKind.choices,
        required=False,
        initial=EventKind.SINGLES,
        label=gettext_lazy("Event kind"),
    )
    team_size = forms.IntegerField(
        required=False,
        min_value=TEAM_SIZE_MIN,
        max_value=TEAM_SIZE_MAX,
        initial=5,
        label=gettext_lazy("Players per team (team events)"),
        # Shown only while the event kind is Team (static/js/form-depends.js).
        widget=forms.NumberInput(attrs={"data-shown-when": "kind=team"}),
    )
    # Not sent (a script's post): rolled for a new event, unchanged for an existing one.
    layout_policy = forms.ChoiceField(
        choices=LayoutPolicy.choices,
        required=False,
        initial=LayoutPolicy.ROLLED_PER_TABLE,
        label=gettext_lazy("Terrain layouts (11th edition)"),
        help_text=gettext_lazy("Where each game's layout letter (A, B or C) comes from."),
    )
    # Issue 36. Not sent (a script's post): full names for a new event, unchanged otherwise.
    public_names = forms.ChoiceField(
        choices=PublicNames.choices,
        required=False,
        initial=PublicNames.FULL,
        label=gettext_lazy("Players' names on public pages, printouts and downloads"),
        help_text=gettext_lazy("The organisers and judges always see full names."),
    )
    # Sign-up: offered when the event is made too, so a new organiser finds it at once.
    registration_open = forms.BooleanField(
        required=False,
        label=gettext_lazy("Sign-up open (players register themselves from the public link)"),
    )
    places = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=PLACES_MAX,
        label=gettext_lazy("Places (empty: no limit; beyond it sign-ups wait)"),
    )
    registration_approval = forms.BooleanField(
        required=False, label=gettext_lazy("I approve each sign-up before it takes a place")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Read when the form is made, so a changed site setting applies without a restart.
        self.fields["time_zone"].initial = default_time_zone()
        self.fields["language"].initial = settings.LANGUAGE_CODE


# Each slot's whole label, so that a language words it its own way ("Ninth tie-break").
TIEBREAK_LABELS = (
    gettext_lazy("First tie-break"),
    gettext_lazy("Second tie-break"),
    gettext_lazy("Third tie-break"),
    gettext_lazy("Fourth tie-break"),
    gettext_lazy("Fifth tie-break"),
    gettext_lazy("Sixth tie-break"),
    gettext_lazy("Seventh tie-break"),
    gettext_lazy("Eighth tie-break"),
    gettext_lazy("Ninth tie-break"),
    gettext_lazy("Tenth tie-break"),
    gettext_lazy("Eleventh tie-break"),
    gettext_lazy("Twelfth tie-break"),
    gettext_lazy("Thirteenth tie-break"),
    gettext_lazy("Fourteenth tie-break"),
    gettext_lazy("Fifteenth tie-break"),
    gettext_lazy("Sixteenth tie-break"),
)


AUTOMATIC = "auto"


class NewEventForm(EventForm):
    """The new-event form: the event's fields and what other apps add to it (rosters: the
    army list deadline)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        with_extra_fields(self, "event_new")

    def moments(self) -> tuple[str, ...]:
        return extra_names("event_new", "moment")


class SettingsForm(EventForm):
    # "auto": the status follows the event (status_auto); the others set it by hand. The
    # automatic choice's label says the status it gives now (__init__).
    status = forms.ChoiceField(
        choices=[(AUTOMATIC, gettext_lazy("Automatic")), *EventStatus.choices],
        label=gettext_lazy("Event status"),
    )
    bye_vp = forms.IntegerField(min_value=0, max_value=100, label=gettext_lazy("VP for a bye"))
    # Checked by the service (a fraction from 0 to 1), so the page and the API say the same.
    owr_floor = forms.CharField(
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs=ONLY_FOR_CUSTOM),
        label=gettext_lazy("Opponents' win-rate floor"),
        help_text=gettext_lazy(
            'For the "OWR (floor)" tie-break: each opponent\'s win rate counts at no less '
            'than this fraction, e.g. "0.33" (as Best Coast Pairings counts it) or "1/3"; '
            '"0" for no floor.'
        ),
    )
    hidden = forms.BooleanField(
        required=False, label=gettext_lazy("Hidden (only organisers see it)")
    )
    round_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=720,
        label=gettext_lazy("Round length (minutes)"),
        help_text=gettext_lazy(
            "Empty: the battle size's usual length (Incursion 120, Strike Force 180, "
            "Onslaught 240)."
        ),
    )
    # Awards (tournament/services/standings/awards.py): the painting scale and the overall weights.
    # Not sent (a script's post) or left empty: unchanged.
    painting_max = forms.IntegerField(
        required=False, min_value=1, max_value=100, label=gettext_lazy("Highest painting score")
    )
    weight_battle = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100,
        label=gettext_lazy("Overall ranking: weight of battle"),
    )
    weight_painting = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100,
        label=gettext_lazy("Overall ranking: weight of painting"),
    )
    weight_sports = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100,
        label=gettext_lazy("Overall ranking: weight of sportsmanship"),
    )
    AWARD_SETTINGS = ("painting_max", "weight_battle", "weight_painting", "weight_sports")
    # Check-in from the phone (tournament/services/players/checkin.py). The window's ends are in the
    # event's zone; the networks one range per line or comma.
    check_in_open = forms.BooleanField(
        required=False,
        label=gettext_lazy("Players may check in from their phone (their private page)"),
    )
    check_in_opens_at = forms.DateTimeField(
        required=False,
        widget=forms.DateTimeInput(format="%Y-%m-%dT%H:%M", attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
        label=gettext_lazy(
            "Phone check-in opens at (event's time zone; empty: as soon as it is open)"
        ),
    )
    check_in_closes_at = forms.DateTimeField(
        required=False,
        widget=forms.DateTimeInput(format="%Y-%m-%dT%H:%M", attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
        label=gettext_lazy("Phone check-in closes at (event's time zone; empty: while it is open)"),
    )
    check_in_networks = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}),
        label=gettext_lazy(
            "Only from the venue's networks (address ranges such as 192.0.2.0/24, one a "
            "line; empty: from anywhere)"
        ),
    )
    # The per_table policy's letters; tables not named roll. Not sent: unchanged.
    table_layouts = forms.CharField(
        required=False,
        label=gettext_lazy("Layout of each table (11th edition, fixed per table: e.g. 1: A, 2: C)"),
    )

    # Shown together on the page, under one explanation (settings.html).
    SIGNUP_AND_STATUS = ("registration_open", "places", "registration_approval", "status")

    def __init__(self, *args, status_due: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if status_due:
            now = EventStatus(status_due).label
            self.fields["status"].choices = [
                (AUTOMATIC, gettext("Automatic (now: %(now)s)") % {"now": now}),
                *EventStatus.choices,
            ]
        choices = [("", "—"), *tiebreak_choices()]
        # One slot per metric, so an order set through the API (up to every metric) survives
        # a save of this form; the preset and the slots go after the status, before the bye VP.
        fields = list(self.fields.items())
        at = next(i for i, (name, _) in enumerate(fields) if name == "status") + 1
        slots = [
            (
                slot,
                forms.ChoiceField(
                    choices=choices,
                    required=False,
                    label=self._label(i),
                    widget=forms.Select(attrs=ONLY_FOR_CUSTOM),
                ),
            )
            for i, slot in enumerate(self.tiebreak_slots(), start=1)
        ]
        preset = ("tiebreak_preset", self._preset_field())
        self.fields = dict([*fields[:at], preset, *slots, *fields[at:]])
        with_extra_fields(self, "settings")

    @staticmethod
    def _preset_field() -> forms.ChoiceField:
        # What each preset sets, for static/js/tiebreak-presets.js to fill the slots (and the
        # floor) with, so that "Custom" starts from the order just chosen.
        sets = {p.name: preset_changes(p.name) for p in preset_words() if p.name != CUSTOM}
        # Not sent (a script's post of the older fields): the slots, as before presets.
        return forms.ChoiceField(
            choices=tiebreak_preset_choices,
            required=False,
            label=gettext_lazy("Tie-break order"),
            widget=forms.Select(attrs={"data-presets": json.dumps(sets)}),
        )

    @staticmethod
    def _label(i: int) -> str:
        # Every slot named the same way ("Ninth tie-break", never "Tie-break 9" beside it).
        if i <= len(TIEBREAK_LABELS):
            return str(TIEBREAK_LABELS[i - 1])
        return gettext("%(ordinal)s tie-break") % {"ordinal": ordinal(i)}

    @staticmethod
    def tiebreak_slots() -> list[str]:
        return [f"tiebreak_{i}" for i in range(1, len(tiebreak_choices()) + 1)]

    # The tie-breaks' fieldset (settings.html): the preset, its descriptions, then the custom
    # order's own fields (the slots, and the floor the owr_floor slot reads).
    def tiebreak_preset_fields(self) -> list:
        return [self["tiebreak_preset"]]

    def tiebreak_order_fields(self) -> list:
        return [self[name] for name in (*self.tiebreak_slots(), "owr_floor")]

    def _main_fields(self) -> tuple[list, list]:
        """The fields outside the fieldsets, before and after the tie-breaks' place."""
        grouped = {*self.SIGNUP_AND_STATUS, *(f.name for f in self.tiebreak_order_fields())}
        fields = [f for f in self if f.name not in grouped]
        at = [f.name for f in fields].index("tiebreak_preset")
        return fields[:at], fields[at + 1 :]

    def fields_before_tiebreaks(self) -> list:
        return self._main_fields()[0]

    def fields_after_tiebreaks(self) -> list:
        return self._main_fields()[1]

    def tiebreak_presets(self):
        return preset_words()

    def signup_and_status_fields(self):
        return [self[name] for name in self.SIGNUP_AND_STATUS]

    @classmethod
    def initial_for(cls, event) -> dict:
        # The settings the page shows under their own names (status_auto and the tie-breaks
        # are shown as the status and the slots, below).
        shown = [name for name in EDITABLE if name in cls.base_fields]
        initial = {name: getattr(event, name) for name in shown}
        extras = extra_read("event", event)
        initial.update({name: extras.get(name) for name in extra_names("settings")})
        if event.status_auto:
            initial["status"] = AUTOMATIC
        initial.update(zip(cls.tiebreak_slots(), event.tiebreaks, strict=False))
        initial["tiebreak_preset"] = event_tiebreak_preset(event)
        initial["check_in_networks"] = "\n".join(event.check_in_networks or [])
        initial["table_layouts"] = table_layouts_text(event.table_layouts)
        return initial

    def clean(self):
        data = super().clean()
        for box, cleared in extra_clearers("settings").items():
            if data.get(box) and data.get(cleared):
                self.add_error(
                    box,
                    gettext("Either tick this or fill in “%(field)s”, not both.")
                    % {"field": self.fields[cleared].label},
                )
        return data

    def clean_table_layouts(self) -> dict:
        try:
            return table_layouts_parse(self.cleaned_data.get("table_layouts") or "")
        except Invalid as exc:
            raise forms.ValidationError(exc.messages["table_layouts"][0]) from None

    def clean_check_in_networks(self) -> list[str]:
        text = self.cleaned_data.get("check_in_networks") or ""
        return [part.strip() for part in text.replace(",", "\n").splitlines() if part.strip()]

    # Moments shown to the minute; a script's post without one leaves it alone.
    MOMENTS = ("check_in_opens_at", "check_in_closes_at")
    # Left out when sent empty (a script's post of the older fields): unchanged.
    UNCHANGED_WHEN_EMPTY = ("time_zone", "kind", "mission_pack")
    UNCHANGED_WHEN_EMPTY += ("layout_policy", "owr_floor", "public_names", "language")

    def _unchanged_when_empty(self, data: dict) -> None:
        """Leave out what was sent empty and is kept then; a ticked clearing box empties its
        field (and is never sent on itself)."""
        for name in (*self.UNCHANGED_WHEN_EMPTY, *extra_names("settings", "unchanged_when_empty")):
            if not data.get(name):
                data.pop(name, None)
        for box, cleared in extra_clearers("settings").items():
            if data.pop(box, False):
                data[cleared] = ""

    def changes(self) -> dict:
        data = dict(self.cleaned_data)
        moments = (*self.MOMENTS, *extra_names("settings", "moment"))
        for name in moments:
            stored, sent = self.initial.get(name), data.get(name)
            if stored and sent and stored.replace(second=0, microsecond=0) == sent:
                # The input shows minutes only: a moment set to the second through the API
                # must survive a save of this page unchanged.
                data[name] = stored
        if data.get("status") == AUTOMATIC:
            data.pop("status")
            data["status_auto"] = True
        elif data.get("status"):
            data["status_auto"] = False
        slots = self.tiebreak_slots()
        data["tiebreaks"] = [data[s] for s in slots if data.get(s)]
        for slot in slots:
            data.pop(slot, None)
        preset = data.pop("tiebreak_preset", "") or CUSTOM
        if preset != CUSTOM and preset != self.initial.get("tiebreak_preset"):
            # A preset chosen now sets its order (and floor) whatever the slots say: without
            # JavaScript they are posted as they were. Left as it was, the slots decide, so
            # one changed by hand wins (the preset shown next is then custom).
            data.update(preset_changes(preset))
        self._unchanged_when_empty(data)
        for name in (*self.AWARD_SETTINGS, "team_size"):
            if data.get(name) is None:
                data.pop(name, None)
        for name in (*moments, "check_in_networks", "table_layouts"):
            if name not in self.data:
                # Only a form that shows the field may clear it.
                data.pop(name, None)
        return data


class EventDeleteForm(forms.Form):
    confirm = forms.CharField(
        max_length=200, label=gettext_lazy("Type the event's name to delete it"), strip=False
    )

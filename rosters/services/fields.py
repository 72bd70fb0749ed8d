"""The list fields the tournament app shows and takes on players and events (`army_list`,
`list_status`, `list_comment`, `list_updated_at`, `list_overrules`, `detachments`;
`list_deadline`, `list_publication`, `list_data_version`),
registered with it (tournament.services.events.extra_fields) so its API, forms, sign-up, CSV import,
event document and log keep them under the same names as before the lists moved here."""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from common.errors import Invalid
from exchange.services.fields import Spec, bad
from rosters.data import dataset_versions
from rosters.models.armylists import ArmyList, ListPublication, ListSettings, ListStatus
from rosters.services.detachments import (
    detachments_clean,
    detachments_valid,
)
from rosters.services.recorded import list_recorded_fill, player_detachments_spelled
from rosters.services.rows import list_row, list_row_save, list_settings, list_settings_save
from tournament.models import Event, Player
from tournament.services.events.extra_fields import ExtraFields
from tournament.services.players.names import text_checked

# An army list is a page of text; anything much longer is not a list (or is abuse).
ARMY_LIST_LIMIT = 10_000
PLAYER_FIELDS = ("army_list", "list_status", "list_comment", "list_updated_at", "list_overrules")
PLAYER_FIELDS += ("detachments",)
ROW_ATTRS = ("text", "status", "comment", "updated_at", "overrules", "detachments")
# What an organiser sends beside the player's own fields (the API, the player form, CSV).
PLAYER_EDITABLE = ("army_list", "detachments")
OVERRULE_LIMIT = 2_000
EVENT_FIELDS = ("list_deadline", "list_publication", "list_data_version")


def army_list_clean(value) -> str:
    """The list as stored: one kind of line break, no surrounding blank lines, within the limit.

    Browsers post a textarea's line breaks as CRLF; army builder apps on Windows export them
    too. One form of the text means a page saved unchanged changes nothing."""
    # The one text check (engine/names.py): NUL, direction controls, invisible-only text.
    text = text_checked(value, field="army_list", multiline=True)
    if len(text) > ARMY_LIST_LIMIT:
        raise Invalid(
            "army_list",
            "max_length",
            gettext(
                "Must be at most %(ARMY_LIST_LIMIT)s characters (this list has %(text_count)s)."
            )
            % {
                "ARMY_LIST_LIMIT": format(ARMY_LIST_LIMIT, ","),
                "text_count": format(len(text), ","),
            },
        )
    return text


def row_values(row: ArmyList) -> dict:
    return {
        "army_list": row.text,
        "list_status": row.status,
        "list_comment": row.comment,
        "list_updated_at": row.updated_at,
        "list_overrules": dict(row.overrules or {}),
        "detachments": list(row.detachments or []),
    }


def _player_read(player: Player) -> dict:
    return row_values(list_row(player))


def _player_clean(values: dict) -> dict:
    clean = {}
    if "army_list" in values:
        clean["army_list"] = army_list_clean(values["army_list"])
    if "detachments" in values:
        clean["detachments"] = detachments_clean(values["detachments"])
    return clean


def _player_write(
    player: Player, values: dict, *, fresh=False, restore=False, signup=False
) -> dict:
    """An organiser's edit or a sign-up sends the text: a new one waits for the staff's check
    again (the review was of the old text); the detachments are recorded apart from it (a new
    text keeps them). A restore (undo, import) sets what it names. Returns the detachments as
    stored (spelled as the event's rules data spells them), for the log."""
    existing = ArmyList.objects.filter(player_id=player.pk).first()
    row = existing or ArmyList(player_id=player.pk)
    if restore:
        for name, attr in zip(PLAYER_FIELDS, ROW_ATTRS, strict=True):
            if name in values:
                setattr(row, attr, values[name])
        try:
            row.overrules = overrules_valid(row.overrules or {})
        except ValueError:
            # Only a file (or a forged log) could hold these: refused, nothing written.
            raise bad(
                f"{player.name}.list_overrules", "must map problem codes to reasons."
            ) from None
        try:
            row.detachments = detachments_valid(row.detachments)
        except ValueError:
            raise bad(
                f"{player.name}.detachments",
                "must list at most 4 detachment names, each once.",
            ) from None
        kept = row.text or row.status or row.comment or row.overrules or row.detachments
        if existing or kept or row.updated_at is not None:
            list_row_save(player, row)
        return {}
    stored, changed = {}, False
    if "detachments" in values:
        names = player_detachments_spelled(player, values["detachments"])
        stored["detachments"] = names
        changed = names != list(row.detachments or [])
        row.detachments = names
    text = values.get("army_list", row.text)
    if text != row.text and not (fresh and not text):
        row.text = text
        row.status = ListStatus.SUBMITTED if text else ListStatus.NONE
        row.comment = ""
        row.overrules = {}
        row.updated_at = timezone.now()
        changed = True
    if changed:
        list_row_save(player, row)
    if signup and text and text == row.text:
        # A list sent with the sign-up fills the player's empty faction, disposition and
        # detachments as one sent later from their page does (logged, undoable).

        list_recorded_fill(player=player, by_player=True)
    return stored


def _player_logged(name: str, value):
    if name == "list_updated_at":
        return _logged_moment(name, value)
    if name == "list_overrules":
        return overrules_valid(value)
    if name == "detachments":
        return detachments_valid(value)
    if not isinstance(value, str):
        raise ValueError("wrong type")
    if name == "list_status" and value not in ListStatus.values:
        raise ValueError("not a choice")
    if name == "army_list" and value != army_list_clean(value):
        raise ValueError("invalid")
    return value


def overrules_valid(value) -> dict:
    """Overrules as stored: {problem code: the staff's reason}; ValueError otherwise."""
    if not isinstance(value, dict):
        raise ValueError("wrong type")
    for code, why in value.items():
        if not isinstance(code, str) or not code or len(code) > 60:
            raise ValueError("invalid")
        if not isinstance(why, str) or not why.strip() or len(why) > OVERRULE_LIMIT:
            raise ValueError("invalid")
    return dict(value)


def _logged_moment(name: str, value):
    if value is None:
        return None
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None or timezone.is_naive(moment):
        raise ValueError("wrong type")
    return moment


def _event_read(event: Event) -> dict:
    settings = list_settings(event)
    return {
        "list_deadline": settings.deadline,
        "list_publication": settings.publication,
        "list_data_version": settings.data_version,
    }


def _event_clean(values: dict) -> dict:
    clean = dict(values)
    if "list_publication" in clean and clean["list_publication"] not in ListPublication.values:
        raise Invalid(
            "list_publication", "invalid_choice", gettext("Must be opponents, everyone or nobody.")
        )
    deadline = clean.get("list_deadline")
    if deadline is not None and (
        not isinstance(deadline, datetime.datetime) or timezone.is_naive(deadline)
    ):
        raise Invalid(
            "list_deadline", "invalid", gettext("Must be a date and time with its time zone.")
        )
    if "list_data_version" in clean:
        version = clean["list_data_version"]
        if version is None:
            version = ""
        if not isinstance(version, str):
            raise Invalid("list_data_version", "invalid", gettext("Must be text."))
        if version and version not in dataset_versions():
            known = ", ".join(dataset_versions())
            raise Invalid(
                "list_data_version",
                "unknown_dataset",
                gettext(
                    "No rules data %(version)s on this site; it has %(known)s "
                    "(manage.py rosters_load_data adds a newer one)."
                )
                % {"version": version, "known": known},
            )
        clean["list_data_version"] = version
    return clean


def _event_write(event: Event, values: dict, *, fresh=False, restore=False) -> None:
    settings = ListSettings.objects.filter(event_id=event.pk).first() or ListSettings(
        event_id=event.pk
    )
    if "list_deadline" in values:
        settings.deadline = values["list_deadline"]
    if "list_publication" in values:
        settings.publication = values["list_publication"]
    if "list_data_version" in values:
        version = values["list_data_version"]
        if restore and version and version not in dataset_versions():
            # A file (or a log entry) pinning rules data this site does not have: every list
            # of the event would fail to read. Refused, naming what the site has.
            known = ", ".join(dataset_versions())
            raise bad(
                "event.list_data_version",
                f"no rules data {version} on this site (it has {known}; "
                "manage.py rosters_load_data adds a newer one).",
            )
        settings.data_version = version
    default = settings.deadline is None and settings.publication == ListPublication.OPPONENTS
    default = default and not settings.data_version
    if default and not ListSettings.objects.filter(event_id=event.pk).exists():
        event.list_settings = settings  # the defaults, unsaved: nothing to keep
        return
    list_settings_save(event, settings)


def _event_logged(name: str, value):
    if name == "list_deadline":
        return _logged_moment(name, value)
    if name == "list_data_version":
        if not isinstance(value, str) or (value and value not in dataset_versions()):
            raise ValueError("invalid")
        return value
    if not isinstance(value, str) or value not in ListPublication.values:
        raise ValueError("not a choice")
    return value


PLAYER_EXTRAS = ExtraFields(
    name="rosters",
    editable=PLAYER_EDITABLE,
    logged=PLAYER_FIELDS,
    clean=_player_clean,
    read=_player_read,
    write=_player_write,
    logged_value=_player_logged,
    specs=(
        # A document written without the rosters app's keys (an event brought in from
        # another app, exchange/services/old_events.py) reads as "no list".
        Spec("army_list", "str", False, (), True, ""),
        Spec("list_status", "str", False, tuple(ListStatus.values), True, ""),
        Spec("list_comment", "str", False, (), True, ""),
        Spec("list_updated_at", "datetime", True, (), True, None),
        # Added with the muster checks: files written before them hold no overrules.
        Spec("list_overrules", "json", False, (), True, {}),
        # Added with the recorded detachments: files written before them record none.
        Spec("detachments", "json", False, (), True, []),
    ),
    related=("list_row",),
)
EVENT_EXTRAS = ExtraFields(
    name="rosters",
    editable=EVENT_FIELDS,
    logged=EVENT_FIELDS,
    clean=_event_clean,
    read=_event_read,
    write=_event_write,
    logged_value=_event_logged,
    specs=(
        # Without them (an event brought in from another app): no deadline, the default
        # publication.
        Spec("list_deadline", "datetime", True, (), True, None),
        Spec(
            "list_publication",
            "str",
            False,
            tuple(ListPublication.values),
            True,
            ListPublication.OPPONENTS.value,
        ),
        # Added with the muster checks: files written before them check with the newest data.
        Spec("list_data_version", "str", False, (), True, ""),
    ),
    related=("list_settings",),
)


def install_attributes() -> None:
    """Players and events read their list fields as attributes, as before the lists moved:
    `player.army_list`, `event.list_deadline` (read-only; the services write them)."""

    def player_value(name):
        return property(lambda player: _player_read(player)[name])

    for name in PLAYER_FIELDS:
        setattr(Player, name, player_value(name))
    Event.list_deadline = property(lambda event: list_settings(event).deadline)
    Event.list_publication = property(lambda event: list_settings(event).publication)
    Event.get_list_publication_display = lambda event: (
        ListPublication(list_settings(event).publication).label
    )

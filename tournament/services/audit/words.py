"""The audit log in words: who, what, before -> after, with player names, tables and rounds.

Entries keep ids in `target`, `before` and `after` (they must survive renames); these
functions turn them into the names the organiser sees on the pages. One batch of queries
serves a whole page of entries (AuditWords); one table, DESCRIBERS, says each action's entries
in words from it: the core's describers are in games.py, rounds.py, players.py and event.py,
other apps register theirs at start-up.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from django.conf import settings
from django.utils.translation import gettext, gettext_lazy

from missions.eleventh import matrix
from missions.scoring.rules import SCORING
from tournament.extensions import DESCRIBERS
from tournament.models import (
    AuditEntry,
    EventStatus,
    Game,
    LayoutPolicy,
    Player,
    PublicNames,
    Result,
    Round,
)
from tournament.services.standings.metric_words import METRIC_WORDS, metric_heading

# Each action in words; lazy, read when the log is shown (in the reader's language).
LABELS = {
    "event_create": gettext_lazy("Event created"),
    "event_update": gettext_lazy("Settings changed"),
    "player_register": gettext_lazy("Player added"),
    "player_update": gettext_lazy("Player changed"),
    "player_delete": gettext_lazy("Player deleted"),
    "players_check_in": gettext_lazy("Players checked in"),
    "player_check_in": gettext_lazy("Checked in from the phone"),
    "players_drop_absent": gettext_lazy("Absent players dropped"),
    "round_create": gettext_lazy("Round paired"),
    "round_delete": gettext_lazy("Round removed"),
    "pairing_swap": gettext_lazy("Players swapped"),
    "round_mission": gettext_lazy("Mission chosen"),
    "round_release": gettext_lazy("Pairings released"),
    "result_enter": gettext_lazy("Result entered"),
    "result_confirm": gettext_lazy("Result confirmed"),
    "result_settle": gettext_lazy("Dispute settled"),
    "round_clock": gettext_lazy("Round clock"),
    "announcement_post": gettext_lazy("Announcement posted"),
    "announcement_delete": gettext_lazy("Announcement removed"),
    "staff_add": gettext_lazy("Staff added"),
    "staff_role": gettext_lazy("Staff role changed"),
    "staff_remove": gettext_lazy("Staff removed"),
    "registration_submit": gettext_lazy("Signed up"),
    "registration_approve": gettext_lazy("Sign-up approved"),
    "registration_reject": gettext_lazy("Sign-up rejected"),
    "registration_withdraw": gettext_lazy("Withdrew"),
    "registration_move_up": gettext_lazy("Moved up from the waiting list"),
    "painting_score": gettext_lazy("Painting score"),
    "sports_vote": gettext_lazy("Sportsmanship vote"),
    "game_layout": gettext_lazy("Layout changed"),
    "game_extend": gettext_lazy("Table given more time"),
    "penalty_give": gettext_lazy("Penalty given"),
    "penalty_remove": gettext_lazy("Penalty removed"),
    "player_disposition": gettext_lazy("Disposition chosen"),
    "player_nickname": gettext_lazy("Nickname chosen"),
    "undo": gettext_lazy("Undo"),
}

# Settings and player fields as their forms label them. Lazy, like LABELS: the log is put in
# words when it is read, in the reader's language.
FIELD_LABELS = {
    "name": gettext_lazy("Name"),
    "nickname": gettext_lazy("Nickname"),
    "public_names": gettext_lazy("Names shown to the public"),
    "start_date": gettext_lazy("Start date"),
    "end_date": gettext_lazy("End date"),
    "venue": gettext_lazy("Venue"),
    "planned_rounds": gettext_lazy("Rounds"),
    "rounds": gettext_lazy("Rounds"),
    "battle_size": gettext_lazy("Battle size"),
    "points_limit": gettext_lazy("Points limit"),
    "status": gettext_lazy("Status"),
    "tiebreaks": gettext_lazy("Tie-breaks"),
    "bye_vp": gettext_lazy("VP for a bye"),
    "owr_floor": gettext_lazy("Opponents' win-rate floor"),
    "hidden": gettext_lazy("Hidden"),
    "avoid_same_club": gettext_lazy("Avoid pairing club mates"),
    "check_in_required": gettext_lazy("Check-in required"),
    "review_pairings": gettext_lazy("Review pairings before release"),
    "check_in_open": gettext_lazy("Check-in from phones open"),
    "check_in_opens_at": gettext_lazy("Check-in opens at"),
    "check_in_closes_at": gettext_lazy("Check-in closes at"),
    "check_in_networks": gettext_lazy("Check-in networks"),
    "paper_size": gettext_lazy("Paper size"),
    "mission_order": gettext_lazy("Mission order"),
    "mission_pack": gettext_lazy("Mission pack"),
    "time_zone": gettext_lazy("Time zone"),
    "language": gettext_lazy("Language of printouts and the big screen"),
    "archived": gettext_lazy("Archived"),
    "faction": gettext_lazy("Faction"),
    "club": gettext_lazy("Club"),
    "battle_ready": gettext_lazy("Battle ready"),
    "checked_in": gettext_lazy("Checked in"),
    "dropped": gettext_lazy("Dropped"),
    "dropped_after_round": gettext_lazy("Dropped after round"),
    "first_round": gettext_lazy("First round"),
    "fixed_table": gettext_lazy("Fixed table"),
    "round_minutes": gettext_lazy("Round length (minutes)"),
    "registration_open": gettext_lazy("Sign-up open"),
    "status_auto": gettext_lazy("Status follows the event"),
    "places": gettext_lazy("Places"),
    "registration_approval": gettext_lazy("Sign-ups need approval"),
    "painting_max": gettext_lazy("Highest painting score"),
    "weight_battle": gettext_lazy("Weight of battle"),
    "weight_painting": gettext_lazy("Weight of painting"),
    "weight_sports": gettext_lazy("Weight of sportsmanship"),
    "painting": gettext_lazy("Painting"),
    "disposition": gettext_lazy("Force Disposition"),
    "layout": gettext_lazy("Layout"),
    "layout_policy": gettext_lazy("Layouts"),
    "table_layouts": gettext_lazy("Layout of each table"),
}


# The core's describer modules; loaded before any entry is described, so the words do not depend
# on which page happened to import them first.
_DESCRIBER_MODULES = (
    "tournament.services.audit.event",
    "tournament.services.audit.players",
    "tournament.services.audit.rounds",
    "tournament.services.audit.games",
)


def describes(*actions: str):
    """Register `describe(batch, entry) -> text` for these actions."""

    def register(describe: Callable[[AuditWords, AuditEntry], str]):
        for action in actions:
            DESCRIBERS.register(action, describe)
        return describe

    return register


def audit_words_register(action: str, label: str, describe, *, with_names: bool = False) -> None:
    """Another app's action: its label and `describe(entry)`, or with `with_names`
    `describe(entry, name)` where name(id) is the batch's player name."""
    LABELS[action] = label
    if with_names:
        # A new wrapper on each call: a second ready() replaces it rather than registering twice.
        DESCRIBERS[action] = lambda batch, entry: describe(entry, batch.name)
    else:
        DESCRIBERS[action] = lambda batch, entry: describe(entry)


def audit_fields_register(labels: dict, values: dict) -> None:
    """Other apps' logged fields: their labels and, for values people do not read as
    logged, how to say them (rosters: an army list as its number of lines)."""
    FIELD_LABELS.update(labels)
    SPECIAL_VALUES.update(values)


def audit_label(action: str) -> str:
    return str(LABELS.get(action, action.replace("_", " ").capitalize()))


def field_label(key: str) -> str:
    return str(FIELD_LABELS.get(key, key.replace("_", " ").capitalize()))


def target_id(target: str, kind: str) -> int | None:
    prefix, _, ident = (target or "").partition(":")
    return int(ident) if prefix == kind and ident.isdigit() else None


# Values logged in a form people do not read (other apps add theirs: audit_fields_register).
SPECIAL_VALUES = {
    "mission_pack": lambda v: SCORING[v].name if v in SCORING else str(v),
    # The event's status by the name its select shows ("Not started", "Running").
    "status": lambda v: EventStatus(v).label if v in EventStatus.values else str(v),
    "disposition": lambda v: matrix.DISPOSITION_NAMES.get(v, str(v)),
    "public_names": lambda v: PublicNames(v).label if v in PublicNames.values else str(v),
    # A language by its own name ("Deutsch"), as the settings page offers it.
    "language": lambda v: settings.LANGUAGE_NAMES.get(v, str(v)),
    "layout_policy": lambda v: LayoutPolicy(v).label if v in LayoutPolicy.values else str(v),
    "table_layouts": lambda v: (
        ", ".join(
            gettext("table %(number)s: %(letter)s") % {"number": t, "letter": letter}
            for t, letter in v.items()
        )
        or gettext("none")
        if isinstance(v, dict)
        else str(v)
    ),
}


def value_words(key: str, value) -> str:
    if value is None or value == "":
        return gettext("none")
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if key in SPECIAL_VALUES:
        return str(SPECIAL_VALUES[key](value))
    if key == "tiebreaks" and isinstance(value, list):
        # By the standings' headings ("OWR (floor), VP"), as the settings page and the
        # standings name them; a metric no longer known stays as its code.
        return ", ".join(
            metric_heading(v) if v in METRIC_WORDS else str(v) for v in value
        ) or gettext("none")
    if isinstance(value, list):
        return ", ".join(map(str, value)) or gettext("none")
    return str(value)


def changes_text(before: dict | None, after: dict | None) -> str:
    """'VP for a bye: 60 -> 20; Tie-breaks: OWR, VP -> SOS, VP'."""
    before, after = before or {}, after or {}
    return "; ".join(
        f"{field_label(k)}: {value_words(k, before.get(k))} → {value_words(k, v)}"
        for k, v in after.items()
    )


class AuditWords:
    """Loads what a batch of entries names (games, players, rounds, results, undone entries)."""

    def __init__(self, entries: Iterable[AuditEntry]) -> None:
        for module in _DESCRIBER_MODULES:
            importlib.import_module(module)
        entries = list(entries)
        originals = [target_id(e.target, "audit") for e in entries if e.action == "undo"]
        self.originals = AuditEntry.objects.in_bulk([i for i in originals if i])
        every = entries + list(self.originals.values())
        game_ids = {target_id(e.target, "game") for e in every} - {None}
        player_ids = {target_id(e.target, "player") for e in every} - {None}
        round_ids = {target_id(e.target, "round") for e in every if e.action != "round_delete"}
        for entry in every:
            if entry.action == "pairing_swap" and isinstance(entry.before, dict):
                for row in entry.before.get("games") or []:
                    if isinstance(row, list) and row and all(isinstance(i, int) for i in row if i):
                        game_ids.add(row[0])
                        player_ids.update(p for p in row[1:] if p)
        self.games = Game.objects.select_related("round", "player_a", "player_b").in_bulk(game_ids)
        for game in self.games.values():
            player_ids.update(p for p in (game.player_a_id, game.player_b_id) if p)
        self.players = Player.objects.in_bulk(player_ids)
        self.rounds = Round.objects.in_bulk(round_ids - {None})
        self.results = {
            (r.game_id, r.version): r for r in Result.objects.filter(game_id__in=game_ids)
        }

    def name(self, player_id) -> str:
        player = self.players.get(player_id)
        return player.name if player else gettext("a removed player")

    def describe(self, entry: AuditEntry) -> str:
        try:
            return self._describe(entry)
        except (AttributeError, KeyError, IndexError, TypeError, ValueError):
            # An entry not shaped as its action writes them (an imported file's, say): the
            # log still reads, without the details.
            return gettext("%(action)s (details not readable)") % {
                "action": audit_label(entry.action)
            }

    def _describe(self, entry: AuditEntry) -> str:
        describe = DESCRIBERS.get(entry.action)
        if describe is not None:
            return describe(self, entry)
        return changes_text(entry.before, entry.after) or entry.target


def audit_describe(entries: Iterable[AuditEntry]) -> dict[int, str]:
    """Each entry's description in words, by entry id."""
    entries = list(entries)
    words = AuditWords(entries)
    return {entry.pk: words.describe(entry) for entry in entries}

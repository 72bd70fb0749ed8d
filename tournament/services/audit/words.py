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

LABELS = {
    "event_create": "Event created",
    "event_update": "Settings changed",
    "player_register": "Player added",
    "player_update": "Player changed",
    "player_delete": "Player deleted",
    "players_check_in": "Players checked in",
    "player_check_in": "Checked in from the phone",
    "players_drop_absent": "Absent players dropped",
    "round_create": "Round paired",
    "round_delete": "Round removed",
    "pairing_swap": "Players swapped",
    "round_mission": "Mission chosen",
    "round_release": "Pairings released",
    "result_enter": "Result entered",
    "result_confirm": "Result confirmed",
    "result_settle": "Dispute settled",
    "round_clock": "Round clock",
    "announcement_post": "Announcement posted",
    "announcement_delete": "Announcement removed",
    "staff_add": "Staff added",
    "staff_role": "Staff role changed",
    "staff_remove": "Staff removed",
    "registration_submit": "Signed up",
    "registration_approve": "Sign-up approved",
    "registration_reject": "Sign-up rejected",
    "registration_withdraw": "Withdrew",
    "registration_move_up": "Moved up from the waiting list",
    "painting_score": "Painting score",
    "sports_vote": "Sportsmanship vote",
    "game_layout": "Layout changed",
    "game_extend": "Table given more time",
    "penalty_give": "Penalty given",
    "penalty_remove": "Penalty removed",
    "player_disposition": "Disposition chosen",
    "player_nickname": "Nickname chosen",
    "undo": "Undo",
}

# Settings and player fields as their forms label them.
FIELD_LABELS = {
    "name": "Name",
    "nickname": "Nickname",
    "public_names": "Names shown to the public",
    "start_date": "Start date",
    "end_date": "End date",
    "venue": "Venue",
    "planned_rounds": "Rounds",
    "rounds": "Rounds",
    "battle_size": "Battle size",
    "points_limit": "Points limit",
    "status": "Status",
    "tiebreaks": "Tie-breaks",
    "bye_vp": "VP for a bye",
    "owr_floor": "Opponents' win-rate floor",
    "hidden": "Hidden",
    "avoid_same_club": "Avoid pairing club mates",
    "check_in_required": "Check-in required",
    "review_pairings": "Review pairings before release",
    "check_in_open": "Check-in from phones open",
    "check_in_opens_at": "Check-in opens at",
    "check_in_closes_at": "Check-in closes at",
    "check_in_networks": "Check-in networks",
    "paper_size": "Paper size",
    "mission_order": "Mission order",
    "mission_pack": "Mission pack",
    "time_zone": "Time zone",
    "language": "Language of printouts and the big screen",
    "archived": "Archived",
    "faction": "Faction",
    "club": "Club",
    "battle_ready": "Battle ready",
    "checked_in": "Checked in",
    "dropped": "Dropped",
    "dropped_after_round": "Dropped after round",
    "first_round": "First round",
    "fixed_table": "Fixed table",
    "round_minutes": "Round length (minutes)",
    "registration_open": "Sign-up open",
    "status_auto": "Status follows the event",
    "places": "Places",
    "registration_approval": "Sign-ups need approval",
    "painting_max": "Highest painting score",
    "weight_battle": "Weight of battle",
    "weight_painting": "Weight of painting",
    "weight_sports": "Weight of sportsmanship",
    "painting": "Painting",
    "disposition": "Force Disposition",
    "layout": "Layout",
    "layout_policy": "Layouts",
    "table_layouts": "Layout of each table",
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
    return LABELS.get(action, action.replace("_", " ").capitalize())


def field_label(key: str) -> str:
    return FIELD_LABELS.get(key, key.replace("_", " ").capitalize())


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
        ", ".join(f"table {t}: {letter}" for t, letter in v.items()) or "none"
        if isinstance(v, dict)
        else str(v)
    ),
}


def value_words(key: str, value) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in SPECIAL_VALUES:
        return SPECIAL_VALUES[key](value)
    if key == "tiebreaks" and isinstance(value, list):
        return ", ".join(str(v).upper() for v in value) or "none"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
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
        return player.name if player else "a removed player"

    def describe(self, entry: AuditEntry) -> str:
        try:
            return self._describe(entry)
        except (AttributeError, KeyError, IndexError, TypeError, ValueError):
            # An entry not shaped as its action writes them (an imported file's, say): the
            # log still reads, without the details.
            return f"{audit_label(entry.action)} (details not readable)"

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

"""The audit log in words: who, what, before -> after, with player names, tables and rounds.

Entries keep ids in `target`, `before` and `after` (they must survive renames); these
functions turn them into the names the organiser sees on the pages. One batch of queries
serves a whole page of entries.
"""

from __future__ import annotations

from collections.abc import Iterable

from common.errors import ServiceError
from missions.eleventh import matrix
from missions.services.missions import mission_lookup
from tournament.engine.clock import duration_words
from tournament.engine.scoring.rules import SCORING
from tournament.localtime import when
from tournament.models import (
    AuditEntry,
    EventStatus,
    Game,
    LayoutPolicy,
    Player,
    PlayerStatus,
    Result,
    ResultStatus,
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
    "player_disposition": "Disposition chosen",
    "undo": "Undo",
}

# Settings and player fields as their forms label them.
FIELD_LABELS = {
    "name": "Name",
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

STATUS_WORDS = {s.value: s.label.lower() for s in ResultStatus}
SIGNUP_WORDS = {s.value: s.label.lower() for s in PlayerStatus}


# Actions of apps built on events (teams): action -> describe(entry) in words. Registered by
# those apps (their AppConfig.ready), so this app never imports them.
EXTRA_DESCRIBERS: dict = {}
# Actions whose describer also takes the log's player names: describe(entry, name(id)).
WITH_NAMES: set[str] = set()


def audit_words_register(action: str, label: str, describe, *, with_names: bool = False) -> None:
    LABELS[action] = label
    EXTRA_DESCRIBERS[action] = describe
    if with_names:
        WITH_NAMES.add(action)


def audit_fields_register(labels: dict, values: dict) -> None:
    """Other apps' logged fields: their labels and, for values people do not read as
    logged, how to say them (rosters: an army list as its number of lines)."""
    FIELD_LABELS.update(labels)
    SPECIAL_VALUES.update(values)


def audit_label(action: str) -> str:
    return LABELS.get(action, action.replace("_", " ").capitalize())


def field_label(key: str) -> str:
    return FIELD_LABELS.get(key, key.replace("_", " ").capitalize())


def _ident(target: str, kind: str) -> int | None:
    prefix, _, ident = (target or "").partition(":")
    return int(ident) if prefix == kind and ident.isdigit() else None


# Values logged in a form people do not read (other apps add theirs: audit_fields_register).
SPECIAL_VALUES = {
    "mission_pack": lambda v: SCORING[v].name if v in SCORING else str(v),
    # The event's status by the name its select shows ("Not started", "Running").
    "status": lambda v: EventStatus(v).label if v in EventStatus.values else str(v),
    "disposition": lambda v: matrix.DISPOSITION_NAMES.get(v, str(v)),
    "layout_policy": lambda v: LayoutPolicy(v).label if v in LayoutPolicy.values else str(v),
    "table_layouts": lambda v: (
        ", ".join(f"table {t}: {letter}" for t, letter in v.items()) or "none"
        if isinstance(v, dict)
        else str(v)
    ),
}


def layout_words(game: Game, letter: str) -> str:
    """ "B (Dawn of War)", or "B (not in our data)" for one of the layouts the data lacks."""
    if not letter:
        return "none"
    a, b = game.disposition_a, game.disposition_b
    if not (a and b):
        return letter
    map_id = matrix.layout_map(a, b, letter)
    return f"{letter} ({matrix.MAP_NAMES[map_id] if map_id else 'not in our data'})"


def _value(key: str, value) -> str:
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


def _mission_words(code: str | None) -> str:
    """A pool letter as it is; a generated mission's code with the mission's name."""
    if not code:
        return "none"
    if "-" not in code:
        return code
    try:
        return f"{mission_lookup(code=code).mission.name} ({code})"
    except (ServiceError, AttributeError):
        return code


def changes_text(before: dict | None, after: dict | None) -> str:
    """'VP for a bye: 60 -> 20; Tie-breaks: OWR, VP -> SOS, VP'."""
    before, after = before or {}, after or {}
    return "; ".join(
        f"{field_label(k)}: {_value(k, before.get(k))} → {_value(k, v)}" for k, v in after.items()
    )


class AuditWords:
    """Loads what a batch of entries names (games, players, rounds, results, undone entries)."""

    def __init__(self, entries: Iterable[AuditEntry]) -> None:
        entries = list(entries)
        originals = [_ident(e.target, "audit") for e in entries if e.action == "undo"]
        self.originals = AuditEntry.objects.in_bulk([i for i in originals if i])
        every = entries + list(self.originals.values())
        game_ids = {_ident(e.target, "game") for e in every} - {None}
        player_ids = {_ident(e.target, "player") for e in every} - {None}
        round_ids = {_ident(e.target, "round") for e in every if e.action != "round_delete"}
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
        method = getattr(self, f"_{entry.action}", None)
        if method is not None:
            return method(entry)
        if entry.action in EXTRA_DESCRIBERS:
            if entry.action in WITH_NAMES:
                return EXTRA_DESCRIBERS[entry.action](entry, self.name)
            return EXTRA_DESCRIBERS[entry.action](entry)
        return changes_text(entry.before, entry.after) or entry.target

    # Results -----------------------------------------------------------------------------

    def _where(self, game: Game) -> str:
        if game.player_b_id is None:
            return f"Round {game.round.number}, bye"
        return f"Round {game.round.number}, table {game.table_number or '–'}"

    def _score(self, game: Game, scores: dict | None) -> str:
        if not scores or "vp_a" not in scores:
            return f"{self.name(game.player_a_id)} vs {self.name(game.player_b_id)}"
        if game.player_b_id is None:
            return f"{self.name(game.player_a_id)} {scores['vp_a']} VP"
        a, b = self.name(game.player_a_id), self.name(game.player_b_id)
        return f"{a} {scores['vp_a']} - {scores.get('vp_b')} {b}"

    def _game(self, entry: AuditEntry) -> Game | None:
        return self.games.get(_ident(entry.target, "game"))

    def _scores_of(self, game: Game, state: dict | None) -> dict | None:
        """The scores an entry names: its own copy, else the result version it points at."""
        if not state:
            return None
        if "vp_a" in state:
            return state
        result = self.results.get((game.pk, state.get("version")))
        return result.scores() if result else None

    def _result_enter(self, entry: AuditEntry) -> str:
        game = self._game(entry)
        if game is None:
            return "a game of a removed round"
        after = entry.after or {}
        text = f"{self._where(game)}: "
        before = self._scores_of(game, entry.before)
        if before:
            text += f"{self._score(game, before)} → "
        text += self._score(game, self._scores_of(game, after))
        status = STATUS_WORDS.get(after.get("status"))
        return f"{text} ({status})" if status else text

    _result_settle = _result_enter

    def _result_confirm(self, entry: AuditEntry) -> str:
        game = self._game(entry)
        if game is None:
            return "a game of a removed round"
        scores = self._scores_of(game, entry.after)
        was = STATUS_WORDS.get((entry.before or {}).get("status"), "unconfirmed")
        return f"{self._where(game)}: {self._score(game, scores)} (was {was}, now confirmed)"

    # Rounds ------------------------------------------------------------------------------

    def _round_number(self, entry: AuditEntry):
        round_ = self.rounds.get(_ident(entry.target, "round"))
        if round_ is not None:
            return round_.number
        return (entry.after or entry.before or {}).get("number", "?")

    def _round_create(self, entry: AuditEntry) -> str:
        after = entry.after or {}
        number = after.get("number", self._round_number(entry))
        how = {"engine": "by the pairing engine", "manual": "by hand", "import": "by import"}
        text = f"Round {number} paired {how.get(after.get('method'), '')}".rstrip()
        if after.get("method") == "engine" and after.get("seed") is not None:
            text += f" (seed {after['seed']})"
        games = after.get("games")
        return f"{text}: {games} game{'s' if games != 1 else ''}" if games is not None else text

    def _round_delete(self, entry: AuditEntry) -> str:
        return f"Round {(entry.before or {}).get('number', _ident(entry.target, 'round'))} removed"

    def _round_mission(self, entry: AuditEntry) -> str:
        before = _mission_words((entry.before or {}).get("mission"))
        after = _mission_words((entry.after or {}).get("mission"))
        return f"Round {self._round_number(entry)}: mission {before} → {after}"

    def _round_release(self, entry: AuditEntry) -> str:
        return f"Round {self._round_number(entry)}'s pairings released to the players"

    def _round_clock(self, entry: AuditEntry) -> str:
        after = entry.after or {}
        number = self._round_number(entry)
        action = after.get("action")
        if action == "extend":
            minutes = after.get("minutes", 0)
            verb = "Extended" if minutes >= 0 else "Shortened"
            return f"{verb} round {number}'s clock by {abs(minutes)} min"
        if action == "start":
            return f"Started round {number}'s clock ({duration_words(after.get('length_s', 0))})"
        left = duration_words(after.get("remaining_s", 0))
        verb = {"pause": "Paused", "resume": "Resumed"}.get(action, "Changed")
        return f"{verb} round {number}'s clock ({left} left)"

    def _announcement_post(self, entry: AuditEntry) -> str:
        return f"“{(entry.after or {}).get('text', '')}”"

    def _announcement_delete(self, entry: AuditEntry) -> str:
        return f"Removed “{(entry.before or {}).get('text', '')}”"

    def _seat(self, rows: list, player_id: int) -> str:
        for pk, a, b in rows:
            if player_id in (a, b):
                game = self.games.get(pk)
                if b is None:
                    return "bye"
                return f"table {game.table_number}" if game and game.table_number else "no table"
        return "not paired"

    def _pairing_swap(self, entry: AuditEntry) -> str:
        before = entry.before or {}
        x, y = before.get("swap", [None, None])
        rows = before.get("games", [])
        number = self._round_number(entry)
        return (
            f"Round {number}: {self.name(x)} ({self._seat(rows, x)}) and "
            f"{self.name(y)} ({self._seat(rows, y)}) swapped"
        )

    # Players and settings ----------------------------------------------------------------

    def _player_register(self, entry: AuditEntry) -> str:
        after = entry.after or {}
        name = after.get("name") or self.name(_ident(entry.target, "player"))
        first = after.get("first_round") or 1
        return f"{name} added" + (f" (joins at round {first})" if first > 1 else "")

    def _player_update(self, entry: AuditEntry) -> str:
        name = self.name(_ident(entry.target, "player"))
        before, after = entry.before or {}, dict(entry.after or {})
        if set(after) <= {"dropped", "dropped_after_round"} and "dropped" in after:
            if after["dropped"]:
                return f"{name} dropped after round {after.get('dropped_after_round') or 0}"
            return f"{name} back in (no longer dropped)"
        return f"{name}: {changes_text(before, after)}"

    def _player_disposition(self, entry: AuditEntry) -> str:
        name = self.name(_ident(entry.target, "player"))
        return f"{name} (on their page): {changes_text(entry.before, entry.after)}"

    def _game_layout(self, entry: AuditEntry) -> str:
        before = (entry.before or {}).get("layout", "")
        after = (entry.after or {}).get("layout", "")
        game = self._game(entry)
        if game is None:
            return f"Layout: {before or 'none'} → {after or 'none'}"
        names = f" ({self.name(game.player_a_id)} v {self.name(game.player_b_id)})"
        return (
            f"{self._where(game)}{names}: layout {layout_words(game, before)} → "
            f"{layout_words(game, after)}"
        )

    def _player_delete(self, entry: AuditEntry) -> str:
        before = entry.before or {}
        details = ", ".join(
            f"{field_label(k).lower()} {_value(k, before[k])}"
            for k in ("faction", "club", "fixed_table")
            if before.get(k) not in (None, "")
        )
        text = f"{before.get('name', 'A player')} deleted before playing"
        return f"{text} ({details})" if details else text

    def _names(self, state: dict | None) -> str:
        state = state or {}
        names = state.get("names") or [self.name(i) for i in state.get("player_ids", [])]
        return ", ".join(names) or "nobody"

    def _players_check_in(self, entry: AuditEntry) -> str:
        return f"Checked in: {self._names(entry.after or entry.before)}"

    def _player_check_in(self, entry: AuditEntry) -> str:
        return f"{self.name(_ident(entry.target, 'player'))} checked in from their phone"

    def _players_drop_absent(self, entry: AuditEntry) -> str:
        return f"Dropped as not checked in: {self._names(entry.after or entry.before)}"

    def _registration(self, entry: AuditEntry) -> str:
        """'Ann Bell: on the waiting list → approved', or how a sign-up came in."""
        after = entry.after or {}
        name = after.get("name") or self.name(_ident(entry.target, "player"))
        now = SIGNUP_WORDS.get(after.get("status"), "")
        if entry.before is None:
            return f"{name} signed up ({now})"
        was = SIGNUP_WORDS.get(entry.before.get("status"), "")
        return f"{name}: {was} → {now}"

    _registration_submit = _registration
    _registration_approve = _registration
    _registration_reject = _registration
    _registration_withdraw = _registration
    _registration_move_up = _registration

    def _painting_score(self, entry: AuditEntry) -> str:
        name = self.name(_ident(entry.target, "player"))
        return f"{name}: {changes_text(entry.before, entry.after)}"

    def _sports_vote(self, entry: AuditEntry) -> str:
        game, after = self._game(entry), entry.after or {}
        where = self._where(game) if game is not None else "A game of a removed round"
        voter, opponent = self.name(after.get("voter")), self.name(after.get("opponent"))
        said = "favourite opponent" if after.get("favourite") else "not their favourite"
        return f"{where}: {voter} named {opponent} {said}"

    def _event_create(self, entry: AuditEntry) -> str:
        return f"{entry.event.name} created"

    def _event_update(self, entry: AuditEntry) -> str:
        return changes_text(entry.before, entry.after) or "no change"

    # Staff: named by the username the staff page shows, kept in the entry itself ----------

    def _staff_add(self, entry: AuditEntry) -> str:
        after = entry.after or {}
        return f"{after.get('username', 'an account')} added as {after.get('role')}"

    def _staff_role(self, entry: AuditEntry) -> str:
        before, after = entry.before or {}, entry.after or {}
        name = before.get("username", "an account")
        return f"{name}: {before.get('role')} → {after.get('role')}"

    def _staff_remove(self, entry: AuditEntry) -> str:
        before = entry.before or {}
        return f"{before.get('username', 'an account')} removed (was {before.get('role')})"

    def _undo(self, entry: AuditEntry) -> str:
        original = self.originals.get(_ident(entry.target, "audit"))
        if original is None:
            return "Undid a change no longer in the log"
        # In the event's zone whoever asks (the API activates no zone).
        at = when(original.created_at, entry.event.time_zone)
        return f"Undid “{audit_label(original.action)}” of {at}: {self.describe(original)}"


def audit_describe(entries: Iterable[AuditEntry]) -> dict[int, str]:
    """Each entry's description in words, by entry id."""
    entries = list(entries)
    words = AuditWords(entries)
    return {entry.pk: words.describe(entry) for entry in entries}

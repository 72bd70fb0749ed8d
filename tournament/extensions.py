"""Every extension point of the core, declared once: what goes in, when it is called, who fills it.

Apps built on events (teams, play-offs, rosters, people, series, the tracker) register here from
their AppConfig.ready(); the core calls what is registered and never imports those apps
(tests/architecture/test_layers.py). `register()` is idempotent (common/hooks.py).
"""

from __future__ import annotations

from common.hooks import Hook, KeyedHook

# --- Rules on writes -------------------------------------------------------------------------

PLAYER_UPDATE_CHECKS = Hook(
    "player update checks",
    "(player, clean changes) -> None, raising Invalid; run before a player's edit is saved. "
    "Filled by teams (no faction twice in a team).",
)
EVENT_UPDATE_CHECKS = Hook(
    "event update checks",
    "(event, clean changes) -> None, raising Invalid; run before an event's change is saved. "
    "Filled by teams (team size, once paired).",
)

# --- Rounds, standings and results -----------------------------------------------------------

PAIRING_GROUP_HOOKS = Hook(
    "pairing groups",
    "(event, round number) -> None or [(label, [player ids]), ...]: the round is paired inside "
    "those groups. Filled by the play-offs' pods.",
)
ROUND_NAME_HOOKS = Hook(
    "round names",
    '(event, round) -> dict or None: the name of a round after the Swiss ("Quarter-final"). '
    "Filled by the play-offs.",
)
STANDINGS_ROW_HOOKS = Hook(
    "standings rows",
    "(event, rows) -> None, changing the finished rows in place (final places after a cut); "
    "called only for events with such rounds. Filled by the play-offs.",
)
DECIDED_GAME_HOOKS = Hook(
    "decided games",
    "(event) -> {game id: winner's player id} for games that cannot end drawn but ended on "
    "equal VP (knockout games). Filled by the play-offs.",
)
GAME_CLOCK_TIMES = Hook(
    "game clock times",
    '(game) -> None or {"time_used_a": int, "time_used_b": int, "timed_out": "a"|"b"|""}: '
    "called inside result_enter's transaction; the times are stored on the new result. "
    "Filled by clocks (which stops the game's clock).",
)
GAME_EXTENDED = Hook(
    "game extended",
    "(game, minutes) -> None, called inside the transaction that gives one table more time "
    "(game_extend; its undo calls it with the minutes negated). Filled by clocks (each side's "
    "clock gains the minutes).",
)

SIGNUP_WARNINGS = Hook(
    "sign-up warnings",
    "(player, user) -> [str]: what the event's staff (`user`, the reader) should know about "
    "someone who signs up or is "
    "added (a red card of the last 366 days, in words, never its reason). Shown to staff only. "
    "Filled by people.",
)

# --- Printing --------------------------------------------------------------------------------

ROUND_NOTE_HOOKS = Hook(
    "round notes",
    '(event, round) -> str or "": a line printed on a round that is not a Swiss one. '
    "Filled by the play-offs.",
)
PRINT_LISTS_HOOKS = Hook(
    "printed army lists",
    "(event) -> {player id: list text} the table packs carry (none registered: no lists on "
    "paper). Filled by rosters, once lists are published.",
)
PACK_STARTERS = Hook(
    "paper pack starters",
    "(job id) -> None, starting the job without holding up the caller (services never import "
    "tasks). Filled by the core's own AppConfig with its Celery task.",
)

# --- Pages -----------------------------------------------------------------------------------

PLAYER_PAGE_LINKS = Hook(
    "player page links",
    "(player, key) -> [(label, url)] on the player's own page. Filled by teams (the captain's "
    "ritual), the play-offs and people.",
)
PLAYER_GAME_SECTIONS = Hook(
    "player game sections",
    "(player) -> (template name, context) or None: a section of the player's own page shown "
    "with their current game, between its table card and its result (what a player uses "
    "during the game). Filled by clocks (the game clock) and floor (Call a judge).",
)
PLAYER_PAGE_SECTIONS = Hook(
    "player page sections",
    "(player) -> (template name, context) or None: a section of the player's own page. "
    "Filled by rosters (their army list).",
)
STAFF_PLAYER_SECTIONS = Hook(
    "staff player page sections",
    "(player) -> (template name, context) or None: a read-only section of the staff's page of "
    "one player. Filled by people (the player's publication consent).",
)
SIGNUP_ANSWERS = Hook(
    "sign-up answers",
    "(names, save): fields another app adds to the sign-up form (EXTRA_FORM_FIELDS['signup']) "
    "and keeps itself, not as the player's own: save(player, {name: cleaned value}) runs once "
    "the sign-up is saved. Filled by people (publication consent).",
)
SETTINGS_FIELD_LINKS = Hook(
    "settings field links",
    "(event) -> [(field name, label, url)]: a link shown under that field of the event's "
    "settings form (a page of the app that keeps the field). Filled by feed (the webhook's "
    "deliveries, while a webhook is set).",
)
SCREEN_PANELS = Hook(
    "big screen panels",
    '(event) -> HTML or "": a panel of the big screen. Filled by the play-offs (the bracket).',
)
PAGE_SECTIONS = {
    page: Hook(
        f"{page} page sections",
        '(event, what the page shows: the standings rows or the round) -> HTML or "", under '
        "the public page's table. Filled by the play-offs' pods.",
    )
    for page in ("standings", "pairings")
}

# --- Fields other apps keep beside players and events ----------------------------------------

PLAYER_EXTRAS = Hook(
    "player extra fields",
    "ExtraFields (tournament/services/events/extra_fields.py) kept beside each player, one per "
    "name (extra_fields_register). Filled by rosters (army list).",
)
EVENT_EXTRAS = Hook(
    "event extra fields",
    "ExtraFields kept beside each event, one per name. Filled by rosters (list deadline, "
    "publication, rules data).",
)
EXTRA_SERIALIZER_FIELDS = {
    shape: Hook(
        f"{shape} serializer fields",
        "() -> {name: serializer field} added to the API's shape. Filled by rosters' API.",
    )
    for shape in ("event", "player", "signup")
}
EXTRA_FORM_FIELDS = {
    form: Hook(
        f"{form} form fields",
        "ExtraFormField (tournament/views/forms/extra.py) added to the page's form, one per "
        "name (extra_form_field_register). Filled by rosters' pages.",
    )
    for form in ("event_new", "settings", "signup", "player_edit")
}
PLAYER_ERASERS = Hook(
    "player erasers",
    "(player) -> [str]: blanks the personal text an app keeps beside a player (a person's "
    "erasure, people/services/erase.py) and returns the texts it blanked, so that the log's "
    "copies of them are scrubbed too. Filled by rosters (the army list and its comment).",
)
EVENT_TEXT_SCRUBBERS = Hook(
    "event text scrubbers",
    "(event_id, scrub) -> None: passes every free text an app keeps for the event (notes, "
    "rulings) through scrub(text) -> text, which puts a person's tombstone in place of their "
    "names (a person's erasure, people/services/erase.py). Filled by floor.",
)
EXTRA_STAFF_READ: dict[str, set[str]] = {"event": set(), "player": set(), "signup": set()}
"""Of the extra serializer fields, the names only the staff's shape shows (written by anyone
who may edit the player, as `email` is). Filled by rosters' API."""

# --- The audit log ---------------------------------------------------------------------------

UNDO_HANDLERS = KeyedHook(
    "undo handlers", "action -> (entry) -> None, putting back what the entry changed (@undoable)"
)
UNDO_CHECKS = KeyedHook(
    "undo checks",
    "action -> (entry) -> [dependents], raising Conflict when the undo cannot happen now "
    "(@undo_check)",
)
TARGET_KINDS = KeyedHook(
    "audit target kinds",
    'kind ("player" of "player:12") -> (model, lookup from the model to its event\'s id) '
    "(audit_target_kind). Filled by every app that logs its own rows.",
)
RESTORES = KeyedHook(
    "restorable edits",
    "action -> (kind of its target, the fields it logs and an undo may put back) (audit_restores)",
)
DESCRIBERS = KeyedHook(
    "audit words",
    "action -> (batch, entry) -> the entry in words. The core's own by @describes "
    "(tournament/services/audit/); other apps' by audit_words_register from their ready().",
)

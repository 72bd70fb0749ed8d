"""What the clocks app registers with the core at start-up (clocks.apps): the event's
`game_clock_minutes`, the result's clock times, a table's extension, the audit words, the
API's and the settings form's field and the player's page section."""

from __future__ import annotations


def _clock_words(batch, entry) -> str:
    """A staff member's move of a game's clock, in words: "Round 2, table 3: passed the turn
    to Bram Okoro"."""
    from tournament.services.audit.words import target_id  # noqa: PLC0415

    game = batch.games.get(target_id(entry.target, "game"))
    after = entry.after or {}
    running = after.get("running")
    who = ""
    if game is not None and running in ("a", "b"):
        who = batch.name(game.player_a_id if running == "a" else game.player_b_id)
    words = {
        "start": f"started {who}'s clock",
        "pass": f"passed the turn to {who}",
        "pause": "paused the clock",
        "resume": "started the clock again",
    }.get(after.get("action"), "moved the clock")
    if game is None:
        return f"Game clock: {words}"
    return f"Round {game.round.number}, table {game.table_number or '–'}: {words}"


def register() -> None:
    from clocks.api import extra_fields as api_fields  # noqa: PLC0415
    from clocks.services import clocks, settings  # noqa: PLC0415
    from clocks.views import extra_fields as form_fields  # noqa: PLC0415
    from clocks.views.pages import player_clock_section  # noqa: PLC0415
    from tournament.extensions import (  # noqa: PLC0415
        DESCRIBERS,
        GAME_CLOCK_TIMES,
        GAME_EXTENDED,
        PLAYER_GAME_SECTIONS,
    )
    from tournament.services.audit.words import (  # noqa: PLC0415
        audit_fields_register,
        audit_words_register,
    )
    from tournament.services.events.extra_fields import extra_fields_register  # noqa: PLC0415

    extra_fields_register("event", settings.EVENT_EXTRAS)
    settings.install_attributes()
    GAME_CLOCK_TIMES.register(clocks.clock_times)
    GAME_EXTENDED.register(clocks.clock_extend)
    api_fields.register()
    form_fields.register()
    # The clock beside the player's current game on their own page.
    PLAYER_GAME_SECTIONS.register(player_clock_section)
    audit_words_register("game_clock", "Game clock", lambda entry: "")
    DESCRIBERS["game_clock"] = _clock_words  # with the batch: its games and players
    audit_fields_register({"game_clock_minutes": "Game clock (minutes per player)"}, {})

"""What the clocks app registers with the core at start-up (clocks.apps): the event's
`game_clock_minutes`, the result's clock times, a table's extension, the audit words, the
API's and the settings form's field and the player's page section."""

from __future__ import annotations


def _clock_words(entry) -> str:
    after = entry.after or {}
    return {
        "start": "started a game clock",
        "pass": "passed a game clock to the other side",
        "pause": "paused a game clock",
        "resume": "started a game clock again",
    }.get(after.get("action"), "moved a game clock")


def register() -> None:
    from clocks.api import extra_fields as api_fields  # noqa: PLC0415
    from clocks.services import clocks, settings  # noqa: PLC0415
    from clocks.views import extra_fields as form_fields  # noqa: PLC0415
    from clocks.views.pages import player_clock_section  # noqa: PLC0415
    from tournament.extensions import (  # noqa: PLC0415
        GAME_CLOCK_TIMES,
        GAME_EXTENDED,
        PLAYER_PAGE_SECTIONS,
    )
    from tournament.services.audit.words import audit_words_register  # noqa: PLC0415
    from tournament.services.events.extra_fields import extra_fields_register  # noqa: PLC0415

    extra_fields_register("event", settings.EVENT_EXTRAS)
    settings.install_attributes()
    GAME_CLOCK_TIMES.register(clocks.clock_times)
    GAME_EXTENDED.register(clocks.clock_extend)
    api_fields.register()
    form_fields.register()
    # The clock beside the player's current game on their own page.
    PLAYER_PAGE_SECTIONS.register(player_clock_section)
    audit_words_register("game_clock", "Game clock", _clock_words)

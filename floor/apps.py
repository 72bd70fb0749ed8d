from django.apps import AppConfig


class FloorConfig(AppConfig):
    name = "floor"
    verbose_name = "Judges' floor"

    def ready(self) -> None:
        # The core never imports this app: the player's "Call a judge" card, the big screen's
        # count of open calls, the calls' audit words and their notes' part in a person's
        # erasure are registered with it here.
        from floor.services import words  # noqa: PLC0415
        from floor.services.erasure import calls_scrub  # noqa: PLC0415
        from floor.views.pages import player_call_section, screen_panel  # noqa: PLC0415
        from tournament.extensions import (  # noqa: PLC0415
            EVENT_TEXT_SCRUBBERS,
            PLAYER_GAME_SECTIONS,
            SCREEN_PANELS,
        )

        words.register()
        PLAYER_GAME_SECTIONS.register(player_call_section)
        SCREEN_PANELS.register(screen_panel)
        EVENT_TEXT_SCRUBBERS.register(calls_scrub)

from django.apps import AppConfig


class PlayoffsConfig(AppConfig):
    name = "playoffs"
    verbose_name = "Play-offs"

    def ready(self) -> None:
        # The tournament app never imports this one: final places on the standings rows,
        # the audit words, undo handlers and the export section are registered with it here.
        from playoffs.services import hooks  # noqa: PLC0415

        hooks.register()
        # Pods: rounds paired inside them (the pairing service's group hook), their log.
        from playoffs.services import pods_hooks  # noqa: PLC0415

        pods_hooks.register()
        from playoffs.views.pods import pairings_section, standings_section  # noqa: PLC0415
        from tournament.views.public import PAGE_SECTIONS  # noqa: PLC0415

        for page, section in (("standings", standings_section), ("pairings", pairings_section)):
            if section not in PAGE_SECTIONS[page]:
                PAGE_SECTIONS[page].append(section)
        # The bracket on the big screen and the next knockout game on a player's own page.
        from playoffs.views.public import player_links, screen_panel  # noqa: PLC0415
        from tournament.views.player import PLAYER_PAGE_LINKS  # noqa: PLC0415
        from tournament.views.screen import SCREEN_PANELS  # noqa: PLC0415

        if player_links not in PLAYER_PAGE_LINKS:
            PLAYER_PAGE_LINKS.append(player_links)
        if screen_panel not in SCREEN_PANELS:
            SCREEN_PANELS.append(screen_panel)

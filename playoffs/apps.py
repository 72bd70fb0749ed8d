from django.apps import AppConfig

from tournament.extensions import PLAYER_PAGE_LINKS, SCREEN_PANELS


class PlayoffsConfig(AppConfig):
    name = "playoffs"
    verbose_name = "Play-offs"

    def ready(self) -> None:
        # The tournament app never imports this one: final places on the standings rows,
        # the audit words, undo handlers and the export section are registered with it here.
        from playoffs.services import hooks  # noqa: PLC0415

        hooks.register()
        # Pods: rounds paired inside them, their log and export, their parts of public pages.
        from playoffs.services.pods import hooks as pods_hooks  # noqa: PLC0415
        from playoffs.views import pods as pods_views  # noqa: PLC0415

        pods_hooks.register()
        pods_views.register()
        # The bracket on the big screen and the next knockout game on a player's own page.
        from playoffs.views.public import player_links, screen_panel  # noqa: PLC0415

        PLAYER_PAGE_LINKS.register(player_links)
        SCREEN_PANELS.register(screen_panel)

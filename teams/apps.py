from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = "Team events"

    def ready(self) -> None:
        # The tournament app never imports this one: the rules teams keep on players and event
        # settings, their audit words and their undo handlers are registered with it here.
        from teams.services import hooks  # noqa: PLC0415

        hooks.register()
        # The captain's way into the pairing ritual, on their own player page (ritual branch).
        from teams.views.ritual import captain_links  # noqa: PLC0415
        from tournament.extensions import PLAYER_PAGE_LINKS  # noqa: PLC0415

        PLAYER_PAGE_LINKS.register(captain_links)

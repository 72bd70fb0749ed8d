from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = "Army lists"

    def ready(self) -> None:
        # The tournament app never imports this one: the player's page section, the table
        # packs' lists and the list actions' undo handlers are registered with it here.
        from rosters.services import hooks  # noqa: PLC0415

        hooks.register()
        # The player's list (and, once published, their opponents') on their own page.
        from rosters.views.armylists import player_list_section  # noqa: PLC0415
        from tournament.views.player import PLAYER_PAGE_SECTIONS  # noqa: PLC0415

        if player_list_section not in PLAYER_PAGE_SECTIONS:
            PLAYER_PAGE_SECTIONS.append(player_list_section)

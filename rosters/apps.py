from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = "Army lists"

    def ready(self) -> None:
        # The tournament app never imports this one: the list fields of players and events,
        # their audit words, the table packs' lists and the undo handlers are registered
        # with it here, and so are the fields its API shapes and forms show.
        from rosters.api import extra_fields as api_fields  # noqa: PLC0415
        from rosters.services import hooks  # noqa: PLC0415
        from rosters.views import extra_fields as form_fields  # noqa: PLC0415
        from rosters.views.armylists import player_list_section  # noqa: PLC0415
        from tournament.extensions import PLAYER_PAGE_SECTIONS  # noqa: PLC0415

        hooks.register()
        api_fields.register()
        form_fields.register()
        # The player's list (and, once published, their opponents') on their own page.
        PLAYER_PAGE_SECTIONS.register(player_list_section)
        # Combat Patrols: their undo handlers, audit words and export section.
        from rosters.services.patrols import exchange as patrol_exchange  # noqa: PLC0415
        from rosters.services.patrols import patrols  # noqa: F401, PLC0415
        from rosters.services.patrols import words as patrol_words  # noqa: PLC0415

        patrol_words.register()
        patrol_exchange.register()

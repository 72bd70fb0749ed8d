from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = "Army lists"

    def ready(self) -> None:
        # The tournament app never imports this one: the Combat Patrol undo handlers, audit
        # words and export section are registered with it here.
        from rosters.services import (  # noqa: F401, PLC0415
            patrol_exchange,
            patrol_words,
            patrols,
        )

        patrol_words.register()
        patrol_exchange.register()

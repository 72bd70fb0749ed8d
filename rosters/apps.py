from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"
    verbose_name = "Army lists"

    def ready(self) -> None:
        # The tournament app never imports this one: the Combat Patrol undo handlers and audit
        # words are registered with it here.
        from rosters.services import patrol_words, patrols  # noqa: F401, PLC0415

        patrol_words.register()

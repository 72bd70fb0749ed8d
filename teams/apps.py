from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = "Team events"

    def ready(self) -> None:
        # The tournament app never imports this one: the rules teams keep on players and event
        # settings, their audit words and their undo handlers are registered with it here.
        from teams.services import hooks  # noqa: PLC0415

        hooks.register()

from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    verbose_name = "People across events"

    def ready(self) -> None:
        # The tournament app never imports this one: players are linked to people when they
        # are saved (sign-up, the organiser's forms, CSV and file imports all save players).
        from people.services import hooks  # noqa: PLC0415

        hooks.register()

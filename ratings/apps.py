from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Ratings across events (issue 37): openskill over the people's confirmed games."""

    name = "ratings"
    verbose_name = "Ratings across events"

    def ready(self) -> None:
        # Neither the tournament app nor people import this one: a round's completion, the
        # event's settings, the player's and the person's page sections are registered here.
        from ratings import hooks  # noqa: PLC0415

        hooks.register()

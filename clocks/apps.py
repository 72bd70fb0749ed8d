from django.apps import AppConfig


class ClocksConfig(AppConfig):
    """Game clocks: each game's two-sided chess clock on the players' phones (issue 35)."""

    name = "clocks"
    verbose_name = "Game clocks"

    def ready(self) -> None:
        # The tournament app never imports this one: the event's `game_clock_minutes`, the
        # result's clock times, a table's extension, the player's page section, the API and
        # form fields are registered with it here.
        from clocks import hooks  # noqa: PLC0415

        hooks.register()

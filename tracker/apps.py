from django.apps import AppConfig


class TrackerConfig(AppConfig):
    """The game tracker: pure engine (`tracker.engine.leviathan`), services, API, pages."""

    name = "tracker"
    verbose_name = "Game tracker"

    def ready(self) -> None:
        # Neither the tournament app nor the exchange imports this one: an event's tracked
        # games travel in its export through the exchange extension registered here.
        from tracker.services import exchange  # noqa: PLC0415

        exchange.register()

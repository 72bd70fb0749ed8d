from django.apps import AppConfig


class TrackerConfig(AppConfig):
    """The game tracker: pure engine (`tracker.engine`), services, API, pages."""

    name = "tracker"
    verbose_name = "Game tracker"

from django.apps import AppConfig


class FeedConfig(AppConfig):
    """The open results feed (issue 37): licensed event documents and signed webhooks."""

    name = "feed"
    verbose_name = "Open results feed"

    def ready(self) -> None:
        # The core never imports this app: the event's settings, the rounds' completion and
        # the event's end are registered here.
        from feed import hooks  # noqa: PLC0415

        hooks.register()

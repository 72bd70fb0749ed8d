from django.apps import AppConfig


class PlayoffsConfig(AppConfig):
    name = "playoffs"
    verbose_name = "Play-offs"

    def ready(self) -> None:
        # The tournament app never imports this one: final places on the standings rows,
        # the audit words, undo handlers and the export section are registered with it here.
        from playoffs.services import hooks  # noqa: PLC0415

        hooks.register()

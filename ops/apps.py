from django.apps import AppConfig


class OpsConfig(AppConfig):
    """Running the site: the venue server command, the health check, the error pages, the
    throttle and the cache that survives its server."""

    name = "ops"
    verbose_name = "Operations"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created  # noqa: PLC0415
        from django.db.models.signals import post_migrate  # noqa: PLC0415

        from ops import installation  # noqa: PLC0415

        connection_created.connect(installation.refresh_on_connect, weak=False)
        post_migrate.connect(installation.refresh_after_migrate, weak=False)

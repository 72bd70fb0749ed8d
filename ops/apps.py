from django.apps import AppConfig


class OpsConfig(AppConfig):
    """Running the site: the venue server command, the health check and the error pages."""

    name = "ops"
    verbose_name = "Operations"

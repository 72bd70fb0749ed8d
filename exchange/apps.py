from django.apps import AppConfig


class ExchangeConfig(AppConfig):
    """A whole event as one JSON document, and its import as a new event
    (docs/export-format.md). It builds on the tournament app, which never imports it; the apps
    that keep rows of their own for an event (teams, play-offs, the tracker) add their sections
    through exchange_ext.ExchangeExtension from their own AppConfig.ready."""

    name = "exchange"
    verbose_name = "Event export and import"

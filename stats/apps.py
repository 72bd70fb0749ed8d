from django.apps import AppConfig


class StatsConfig(AppConfig):
    # The tournament app never imports this one: the statistics read the events' confirmed
    # results and public standings through the tournament's services, and the core's pages
    # link to them by URL name only.
    name = "stats"
    verbose_name = "Statistics"

from django.apps import AppConfig


class SeriesConfig(AppConfig):
    # The tournament app never imports this one: a series reads its events' standings through
    # the tournament's services (and their play-off final places, through the standings hook)
    # and its players' people through people/, each time its table is asked for, so the table
    # follows the events as they finish without anything in them calling it.
    name = "series"
    verbose_name = "Series and leagues"

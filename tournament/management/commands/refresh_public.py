"""`manage.py refresh_public`: make the answers the public polls ahead of their window, in a
process of its own at a lower priority than the web server's (tournament/caching/refresh.py).
`manage.py serve` starts it beside gunicorn when the cache is shared; it stops when the server
that started it is gone."""

from __future__ import annotations

import os
import signal

from django.core.management.base import BaseCommand

from tournament.caching.refresh import refresh_forever

# Writes come first: the refresher takes what the web processes leave (it only makes what the
# public may be given up to cached.MAX_LAG_S late, and the web processes stand in if it lags).
NICENESS = 5


class Command(BaseCommand):
    help = "Make the answers the public polls ahead of time (run by `manage.py serve`)."

    def add_arguments(self, parser):
        parser.add_argument("--parent", type=int, help="Stop when this process is gone.")

    def handle(self, *args, parent=None, **options):
        # Stopped with the server (Ctrl-C at the venue, a TERM to the process group): at once
        # and quietly, nothing of its own to save.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.nice(NICENESS)
        refresh_forever(parent=parent)

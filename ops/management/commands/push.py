"""`manage.py push`: the push server (ops/push/server.py), started by `manage.py serve`."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from ops.push.server import push_serve


class Command(BaseCommand):
    help = "Serve the phones' streams (game clocks) beside the production server."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, required=True)
        parser.add_argument("--parent", type=int, help="Stop when this process is gone.")

    def handle(self, *args, host, port, parent=None, **options):
        push_serve(host=host, port=port, parent=parent)

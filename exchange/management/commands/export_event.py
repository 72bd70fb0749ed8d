"""export_event: write a whole event as one JSON document (docs/export-format.md)."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from exchange.services.export import event_export_document
from tournament.models import Event


class Command(BaseCommand):
    help = "Write a whole event (settings, players, rounds, results, log) as one JSON document."

    def add_arguments(self, parser):
        parser.add_argument("--event", help="event id")
        parser.add_argument("--out", help="path of the JSON file to write ('-': standard output)")

    def handle(self, *args, **options):
        raw = str(options["event"] or "")
        if not raw.isdigit():
            raise CommandError(f"event: give the event's id as a whole number (got {raw!r}).")
        if not options["out"]:
            raise CommandError("out: give the path of the file to write (--out PATH).")
        event = Event.objects.filter(pk=int(raw)).first()
        if event is None:
            raise CommandError(f"event: no event with id {raw}.")
        # The command line is the server's operator: no organiser check, like the admin.
        text = json.dumps(event_export_document(event=event), ensure_ascii=False, indent=1)
        if options["out"] == "-":
            self.stdout.write(text)
            return
        try:
            Path(options["out"]).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"out: cannot write {options['out']}: {exc.strerror}.") from None
        self.stdout.write(f"Exported “{event.name}” to {options['out']}.")

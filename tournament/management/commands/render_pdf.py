"""render_pdf: write one printable of an event to a file."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from common.errors import ServiceError
from tournament.models import Event
from tournament.printing.render import KINDS, ROUND_KINDS
from tournament.services.documents.printing import print_document


class Command(BaseCommand):
    help = (
        "Write a printable PDF: pairings, pairings-alpha, scoresheets, table-packs or standings. "
        "--round defaults to the latest round (for standings: the standings after that round)."
    )

    def add_arguments(self, parser):
        # Checked in handle() rather than by argparse, so every mistake is a one-line reason.
        parser.add_argument("--event", help="event id")
        parser.add_argument("--kind", help=", ".join(KINDS))
        parser.add_argument("--round", help="round number")
        parser.add_argument("--out", help="path of the PDF to write")

    def handle(self, *args, **options):
        event_id = _whole(options["event"], "event")
        kind = options["kind"]
        if kind not in KINDS:
            raise CommandError(f"kind: must be one of {', '.join(KINDS)} (got {kind!r}).")
        if not options["out"]:
            raise CommandError("out: give the path of the PDF to write (--out PATH).")
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"event: no event with id {event_id}.")
        number = None if options["round"] is None else _whole(options["round"], "round")
        if number is None and kind in ROUND_KINDS:
            latest = event.rounds.order_by("-number").first()
            if latest is None:
                raise CommandError(f"round: event {event_id} has no rounds yet.")
            number = latest.number
        try:
            data = print_document(event=event, kind=kind, round_number=number)
        except ServiceError as exc:
            raise CommandError(str(exc)) from exc
        out = Path(options["out"])
        try:
            out.write_bytes(data)
        except OSError as exc:
            raise CommandError(f"out: cannot write {out}: {exc.strerror}.") from exc
        self.stdout.write(f"Wrote {kind} of {event.name} to {out} ({len(data):,} bytes).")


def _whole(value, name: str) -> int:
    if value is None:
        raise CommandError(f"{name}: required (--{name} N).")
    try:
        return int(value)
    except ValueError:
        raise CommandError(f"{name}: must be a whole number (got {value!r}).") from None

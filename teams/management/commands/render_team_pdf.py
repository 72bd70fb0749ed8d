"""render_team_pdf: write a team round's printable (team pairings, ritual record, scoresheets)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from common.errors import ServiceError
from teams.services.printing import TEAM_KINDS, team_print_document
from tournament.models import Event


class Command(BaseCommand):
    help = f"Write a team round's PDF: {', '.join(TEAM_KINDS)}."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, required=True, help="event id")
        parser.add_argument("--kind", required=True, choices=TEAM_KINDS)
        parser.add_argument("--round", type=int, required=True, help="team round number")
        parser.add_argument("--out", required=True, help="path of the PDF to write")

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event"]).first()
        if event is None:
            raise CommandError(f"event: no event with id {options['event']}.")
        try:
            data = team_print_document(
                event=event, kind=options["kind"], round_number=options["round"]
            )
        except ServiceError as exc:
            raise CommandError(str(exc)) from exc
        out = Path(options["out"])
        try:
            out.write_bytes(data)
        except OSError as exc:
            raise CommandError(f"out: cannot write {out}: {exc.strerror}.") from exc
        self.stdout.write(
            f"Wrote {options['kind']} of {event.name} to {out} ({len(data):,} bytes)."
        )

"""import_event: add an event from a document written by export_event or the API."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from common.errors import ServiceError
from exchange.services.importing.write import event_import


class Command(BaseCommand):
    help = (
        "Import an event exported by export_event as a new event. Nothing is written if "
        "anything in the file is wrong. --user USERNAME becomes an organiser of it; without "
        "it, superusers run it. The accounts the file names stay names unless "
        "--link-accounts links those that exist here (staff included)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the JSON document")
        parser.add_argument("--user", help="username of the account that becomes its organiser")
        parser.add_argument(
            "--link-accounts",
            action="store_true",
            help="link the file's usernames to this instance's accounts: its staff become "
            "staff, its log and results name those accounts (only for files you trust)",
        )

    def handle(self, *args, **options):
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CommandError(f"user: no account called {options['user']} here.")
        try:
            raw = Path(options["file"]).read_bytes()
        except OSError as exc:
            raise CommandError(f"file: cannot read {options['file']}: {exc.strerror}.") from None
        try:
            report = event_import(
                raw=raw, user=user, as_admin=True, link_accounts=options["link_accounts"]
            )
        except ServiceError as exc:
            raise CommandError(" ".join(str(exc).split())) from None
        for line in report.lines():
            self.stdout.write(line)

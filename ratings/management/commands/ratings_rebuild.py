"""`manage.py ratings_rebuild [--edition eleventh]`: compute every rating again from scratch.

The same games in the same order (event end date, round, table) give identical ratings, so a
rebuild changes nothing unless a game, an opt-out or an event's setting did."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from common.errors import Invalid
from ratings.engine.ratings import EDITIONS
from ratings.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Compute the ratings across events again from every rated game."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--edition", choices=list(EDITIONS), help="Only this edition group (default: all)."
        )

    def handle(self, *args, edition=None, **options) -> None:
        for name in [edition] if edition else list(EDITIONS):
            try:
                report = ratings_rebuild(edition=name)
            except Invalid as exc:  # pragma: no cover - argparse's choices refuse it first
                raise CommandError(str(exc)) from exc
            self.stdout.write(
                f"{EDITIONS[name]}: {report.people} people rated from {report.games} games"
            )

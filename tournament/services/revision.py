"""An event's revision: the key under which its computed pages (standings, rounds) are cached.

Every change to what an event shows adds an EventChange row inside the transaction that makes
the change, so a reader that sees the new revision also sees the new data; a reader that read
the old revision may cache what it read under that old key, which nobody asks for again.
Readers therefore read the revision first and the data after.
"""

from __future__ import annotations

from django.db import connection

from tournament.models import EventChange


def event_revision(*, event_id: int) -> int:
    """The event's newest change (0 before any): one index lookup."""
    newest = (
        EventChange.objects.filter(event_id=event_id)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )
    return newest or 0


def event_revision_bump(*, event_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(*event_revision_bump_sql(event_id=event_id))


def event_revision_bump_sql(*, event_id: int) -> tuple[str, list]:
    """The bump as a statement, for a write path to run with its own (rowsql.together)."""
    return f"INSERT INTO {EventChange._meta.db_table} (event_id) VALUES (%s)", [event_id]  # noqa: S608


def event_revision_bump_for_game(*, game_id: int) -> None:
    # One statement: the game's event is found by the database, not fetched first.
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {EventChange._meta.db_table} (event_id) "  # noqa: S608 - table names only
            "SELECT r.event_id FROM tournament_game g "
            "JOIN tournament_round r ON r.id = g.round_id WHERE g.id = %s",
            [game_id],
        )

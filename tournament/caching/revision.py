"""An event's revisions: the keys under which its computed pages (standings, rounds) are cached.

Every change to what an event shows adds an EventChange row inside the transaction that makes
the change, so a reader that sees the new revision also sees the new data; a reader that read
the old revision may cache what it read under that old key, which nobody asks for again.
Readers therefore read the revision first and the data after.

Two revisions, because what changes most often changes the least: at the end of a round every
player's entry that waits for the opponent moves the event on, but not the published standings,
which count confirmed results only. Such a change is marked `standings=False`:

- `event_revision`: the newest change of any kind (rounds with their entries, the counts of
  unconfirmed, disputed and missing results, provisional standings);
- `standings_revision`: the newest change that can move the published standings (confirmed
  results, byes, drops, players, pairings, settings: everything but an unconfirmed entry).

Both are ids of the same rows, so a page computed after reading either holds every change up to
that id: a key never names data older than itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection

from tournament.caching.store import replay_forget
from tournament.models import EventChange

_TABLE = EventChange._meta.db_table


@dataclass(frozen=True)
class Revisions:
    event: int  # every change
    standings: int  # changes the published standings can show


def event_revisions(*, event_id: int) -> Revisions:
    """Both revisions in one statement (two index lookups)."""
    sql = (
        f"SELECT (SELECT MAX(id) FROM {_TABLE} WHERE event_id = %s), "  # noqa: S608 - table names only
        f"(SELECT MAX(id) FROM {_TABLE} WHERE event_id = %s AND standings)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [event_id, event_id])
        every, standings = cursor.fetchone()
    return Revisions(event=every or 0, standings=standings or 0)


def event_revision(*, event_id: int) -> int:
    """The event's newest change of any kind (0 before any): one index lookup."""
    newest = (
        EventChange.objects.filter(event_id=event_id)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )
    return newest or 0


def standings_revision(*, event_id: int) -> int:
    """The event's newest change that the published standings can show (0 before any)."""
    return event_revisions(event_id=event_id).standings


def event_revision_bump(*, event_id: int) -> None:
    replay_forget()
    with connection.cursor() as cursor:
        cursor.execute(*event_revision_bump_sql(event_id=event_id))


def event_revision_bump_sql(*, event_id: int, standings: bool = True) -> tuple[str, list]:
    """The bump as a statement, for a write path to run with its own (rowsql.together).

    `standings=False` only for a change the published standings never show (an entry that
    waits for the opponent's confirmation, or disputes it).

    Unlike the bumps below, this does not forget the answers kept for the public (replay.py):
    it is the path of every result entry, which at the end of a round arrive faster than any
    phone polls; the public may trail them by the window, as it may trail the shared
    computations. A signed-in writer's request forgets them (replay.py), so staff see their
    change at once on the public pages too."""
    return (
        f"INSERT INTO {_TABLE} (event_id, standings) VALUES (%s, %s)",  # noqa: S608
        [event_id, standings],
    )


def event_revision_bump_for_game(*, game_id: int) -> None:
    # One statement: the game's event is found by the database, not fetched first.
    replay_forget()
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_TABLE} (event_id, standings) "  # noqa: S608 - table names only
            "SELECT r.event_id, %s FROM tournament_game g "
            "JOIN tournament_round r ON r.id = g.round_id WHERE g.id = %s",
            [True, game_id],
        )

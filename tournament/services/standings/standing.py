"""One player's place in the published standings, for their own page: "12th, 2-0-1".

Read from the same cached, confirmed-only standings the public page shows, so the two never
disagree; with the same "after round N" status, so the player knows whether it may still move.
"""

from __future__ import annotations

from common.ordinals import ordinal
from tournament.caching.cached import standings_cached, standings_status_cached
from tournament.caching.revision import event_revision
from tournament.models import Event, Player
from tournament.services.standings.standings import standings_final_first, standings_finals


def player_standing(*, event: Event, player: Player, revision: int | None = None) -> dict | None:
    """The player's place, record and what the standings are after; None before round 1 is
    paired, or for someone not in the standings (a sign-up still waiting, for example)."""
    if revision is None:
        revision = event_revision(event_id=event.pk)  # first: every read below is as new
    status = standings_status_cached(event=event, revision=revision)
    if not status.rounds:
        return None
    rows = standings_final_first(standings_cached(event=event, revision=revision))
    row = next((r for r in rows if r["player"] == player.pk), None)
    if row is None:
        return None
    final = standings_finals(rows)
    return {
        # The final place once the play-offs give one (the Swiss rank beside it), else the rank.
        "place": f"{ordinal(row['place'])}{'=' if row['place_tied'] else ''}",
        "swiss": f"{ordinal(row['rank'])}{'=' if row['tied'] else ''}" if final else "",
        "record": row["record"],
        "of": len(rows),
        # Final only once every paired round is confirmed; until then places may move.
        "provisional": status.in_play is not None and not final,
        "last_complete": status.last_complete,
        "heading": "After the play-offs" if final else status.heading,
    }

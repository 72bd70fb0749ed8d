"""Faction statistics of one event, or of every public event over a date range.

Only confirmed results count, and placings are the public standings', so the figures are the
ones anyone may already work out from the event's pages. Each event's part is cached under its
revision like the standings; the range adds the parts up.
"""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext

from common.errors import Invalid
from missions.eleventh.matrix import DISPOSITION_IDS
from stats.engine.dispositions import faction_split
from stats.engine.factions import FactionEntry, FactionStats, faction_stats
from stats.printing.factions import Factions
from stats.services.dispositions import disposition_row
from tournament.caching.cached import event_cached, standings_cached
from tournament.caching.revision import event_revision
from tournament.data.factions import faction_canonical
from tournament.engine.display import fixed, format_percent, format_record, json_rate
from tournament.localtime import default_time_zone
from tournament.models import Event
from tournament.printing.data import EventInfo
from tournament.services.documents.printing import event_info
from tournament.services.players.public import public_names_of
from tournament.services.rounds.records import event_games, ranked_players
from tournament.services.standings.standings import standings_final_first

NO_FACTION = "No faction given"
# How the pages and the PDF state the rules (stats/engine/factions.py).
RULES = (
    "Only confirmed results count.",
    "Mirror matches (both players of one faction) count for neither side's wins, draws, "
    "losses or win rate; their VP still count in the VP means.",
    "Byes are not games against a faction: they count in no figure here.",
    "Win rate is wins divided by games (wins, draws and losses).",
)


def faction_name(typed: str) -> str:
    """One spelling per faction: the list's name for any known spelling ("orks ", "Tau Empire"),
    spaces tidied otherwise (entries saved before the list mapped spellings)."""
    return faction_canonical(typed)


def _event_part(event: Event) -> dict:
    """The plain inputs of one event: entries and games with ids, and each player's name."""
    revision = event_revision(event_id=event.pk)  # first: the placings and games are as new

    def compute():
        # Placed as the event's result reads: the final places once the play-offs give them.
        rows = standings_final_first(standings_cached(event=event, revision=revision))
        field = len(rows)
        ranks = {r["player"]: (r["place"], r["place_tied"]) for r in rows}
        players = ranked_players(event).values_list(
            "pk", "name", "nickname", "faction", "disposition"
        )
        entries, names, dispositions = [], {}, {}
        # Statistics are public, across events and for everyone: players by each event's
        # public names (issue 36), told apart where two would read alike.
        shown_as = public_names_of(event) or {}
        for pk, name, _nickname, typed, disposition in players:
            rank, tied = ranks.get(pk, (None, False))
            entries.append(FactionEntry(pk, faction_name(typed), rank=rank, field_size=field))
            names[pk] = (shown_as.get(pk, name), rank, tied, field)
            dispositions[pk] = disposition or None
        return {
            "entries": entries,
            "games": event_games(event),
            "names": names,
            "dispositions": dispositions,
        }

    return event_cached(
        event=event,
        name="factions-part",
        variant=event.public_names,
        compute=compute,
        revision=revision,
    )


def _mean(value) -> float | None:
    return None if value is None else json_rate(value, 2)


def _row(stats: FactionStats, names: dict, events: dict) -> dict:
    best = []
    for pk in stats.best:
        name, rank, tied, field, event_id = names[pk]
        best.append(
            {
                "player": pk,
                "name": name,
                "rank": rank,
                "tied": tied,
                "field": field,
                "event": event_id,
                "event_name": events[event_id],
            }
        )
    return {
        "faction": stats.faction,
        "label": stats.faction or NO_FACTION,
        "players": stats.players,
        "games": stats.games,
        "wins": stats.wins,
        "draws": stats.draws,
        "losses": stats.losses,
        "mirrors": stats.mirrors,
        "byes": stats.byes,
        "win_rate": None if stats.win_rate is None else json_rate(stats.win_rate),
        "vp_for_mean": _mean(stats.vp_for_mean),
        "vp_against_mean": _mean(stats.vp_against_mean),
        "best": best,
        "display": {
            "record": format_record(stats.wins, stats.draws, stats.losses),
            "win_rate": "–" if stats.win_rate is None else format_percent(stats.win_rate),
            "vp_for_mean": "–" if stats.vp_for_mean is None else fixed(stats.vp_for_mean, 1),
            "vp_against_mean": (
                "–" if stats.vp_against_mean is None else fixed(stats.vp_against_mean, 1)
            ),
        },
    }


def _combine(events: list[Event], *, split: bool = False) -> dict:
    entries, games, names, titles, dispositions = [], [], {}, {}, {}
    for event in events:
        part = _event_part(event)
        entries += part["entries"]
        games += part["games"]
        titles[event.pk] = event.name
        names.update({pk: (*v, event.pk) for pk, v in part["names"].items()})
        # Parts cached before dispositions existed hold none: not recorded.
        dispositions.update(part.get("dispositions", {}))
    stats = faction_stats(entries, games)
    rows = [_row(s, names, titles) for s in stats]
    if split:
        by_disposition = faction_split(entries, games, dispositions, DISPOSITION_IDS)
        for row in rows:
            row["dispositions"] = [disposition_row(d) for d in by_disposition[row["faction"]]]
    return {
        "events": len(events),
        "players": len(entries),
        "games": sum(1 for g in games if not g.is_bye and g.vp_a is not None),
        "factions": rows,
    }


def faction_stats_event(*, event: Event, split: bool = False) -> dict:
    """Totals and one row per faction (most players first), cached by the event's revision.
    `split`: each row also holds its figures by its players' Force Dispositions
    (`dispositions`, stats/engine/dispositions.py)."""
    return event_cached(
        event=event,
        name="factions",
        variant="split" if split else "",
        compute=lambda: _combine([event], split=split),
    )


def faction_range_parse(*, date_from: str | None, date_to: str | None) -> tuple:
    """The `from` and `to` of a range form or query as dates (None: open); 400 naming the
    field when one is not a date (YYYY-MM-DD; "" neither) or `to` is before `from`."""
    out = []
    for field, text in (("from", date_from), ("to", date_to)):
        if text is None:
            out.append(None)
            continue
        try:
            out.append(date.fromisoformat(text))
        except ValueError:
            raise Invalid(field, "invalid", gettext("Must be a date (YYYY-MM-DD).")) from None
    if out[0] and out[1] and out[1] < out[0]:
        raise Invalid("to", "before_start", gettext("Must not be before the start of the range."))
    return tuple(out)


def faction_stats_range(
    *, date_from: date | None = None, date_to: date | None = None, split: bool = False
) -> dict:
    """The same over every public event (not hidden, not archived) that starts in the range
    (both ends included; an event without a start date only when the range is open)."""
    events = Event.objects.filter(hidden=False, archived=False)
    if date_from:
        events = events.filter(start_date__gte=date_from)
    if date_to:
        events = events.filter(start_date__lte=date_to)
    return _combine(list(events.order_by("start_date", "pk")), split=split)


def faction_range_words(date_from: date | None, date_to: date | None) -> str:
    """The range in words for headings: "1 Apr 2026 to 30 Jun 2026", "from 1 Apr 2026"."""
    first = date_from.strftime("%-d %b %Y") if date_from else ""
    last = date_to.strftime("%-d %b %Y") if date_to else ""
    if first and last:
        return f"{first} to {last}"
    if first or last:
        return f"from {first}" if first else f"until {last}"
    return "all dates"


def faction_stats_pdf(*, event: Event) -> bytes:
    """The event's faction statistics as a printable PDF page (or pages)."""
    return Factions(
        event_info(event), faction_stats_event(event=event), RULES, across=False
    ).render()


def faction_range_pdf(*, date_from: date | None = None, date_to: date | None = None) -> bytes:
    """The same over a date range: the header names the range instead of an event."""
    info = EventInfo(
        id=0,
        name="Faction statistics: all events",
        dates=faction_range_words(date_from, date_to),
        time_zone=default_time_zone(),
    )
    stats = faction_stats_range(date_from=date_from, date_to=date_to)
    return Factions(info, stats, RULES, across=True).render()

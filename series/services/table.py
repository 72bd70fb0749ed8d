"""A series' table, read fresh from its events each time it is asked for (so it follows them
as they finish): only finished, public events count, each by its confirmed results and final
placings (the play-offs' final places where an event has them, complete)."""

from __future__ import annotations

from dataclasses import replace

from people.models import PersonLink
from people.services.reads import person_names
from series.engine.scoring import Placing, format_points, json_points, series_table
from series.models import Series
from series.services.rules import rule_words, series_rule
from tournament.extensions import STANDINGS_ROW_HOOKS
from tournament.models import Event
from tournament.services.events.access import event_hidden_from
from tournament.services.standings.standings import standings_compute


def _final_rows(event: Event) -> list[dict]:
    """The published standings with the final places of any app that gives them. The standings
    ask those apps only once a round is not a Swiss one; a series asks them always, so an
    event whose play-offs are cut but not yet paired does not count by its Swiss ranks."""
    rows = standings_compute(event=event)
    if rows and not any("final_place" in r for r in rows):
        for hook in STANDINGS_ROW_HOOKS:
            hook(event, rows)
    return rows


def _why_not(event: Event, rows: list[dict]) -> str:
    """Why an event does not count (yet), or "" when it does."""
    if event.hidden:
        return "Hidden: not counted while hidden."
    if event.status != "finished":
        return "Not finished yet."
    if any("final_place" in r and r["final_place"] is None for r in rows):
        return "Play-offs not finished yet."
    return ""


def _placings(event: Event, rows: list[dict], people: dict) -> list[Placing]:
    ranks: dict[int, int] = {}
    for r in rows:
        ranks[r["rank"]] = ranks.get(r["rank"], 0) + 1
    out = []
    for r in rows:
        final = "final_place" in r
        place = r["final_place"] if final else r["rank"]
        # The name the event's public pages show, until the person's own is known (_gather).
        person, name = people.get(r["player"], f"player-{r['player']}"), r["name"]
        out.append(
            Placing(
                event=event.pk,
                person=person,
                name=name,
                place=place,
                shared=1 if final else ranks[place],
                wins=r["wins"],
                draws=r["draws"],
                losses=r["losses"],
            )
        )
    return out


def _gather(series: Series, user) -> tuple[list[dict], list[Event], list[Placing]]:
    """The series' events as the asker may list them, the events that count, their placings."""
    listed, counted, placings = [], [], []
    for entry in series.entries.select_related("event"):
        event = entry.event
        rows = [] if event.hidden or event.status != "finished" else _final_rows(event)
        note = _why_not(event, rows)
        if not event_hidden_from(user, event):
            listed.append(
                {
                    "id": event.pk,
                    "name": event.name,
                    "start_date": event.start_date.isoformat() if event.start_date else None,
                    "status": event.status,
                    "counted": not note,
                    "note": note,
                }
            )
        if note:
            continue
        counted.append(event)
        links = PersonLink.objects.filter(player_id__in=[r["player"] for r in rows])
        people = dict(links.values_list("player_id", "person_id"))
        placings += _placings(event, rows, people)
    # A person goes by one name, the one their page gives this asker (people.services.reads).
    names = person_names(
        person_ids={p.person for p in placings if isinstance(p.person, int)}, user=user
    )
    placings = [replace(p, name=names.get(p.person, p.name)) for p in placings]
    return listed, counted, placings


def series_events_read(*, series: Series, user=None) -> list[dict]:
    """The series' events in order, each with whether it counts and why not; a hidden event
    is listed only to its own staff."""
    return _gather(series, user)[0]


def series_table_read(*, series: Series, user=None) -> dict:
    events, counted, placings = _gather(series, user)
    table = series_table(series_rule(series), placings, events=[e.pk for e in counted])
    names = {e.pk: e.name for e in counted}
    rows = [
        {
            "rank": row.rank,
            "tied": row.tied,
            "person": row.person if isinstance(row.person, int) else None,
            "name": row.name,
            "points": json_points(row.total),
            "points_display": format_points(row.total),
            "events_played": len(row.scores),
            "events_counted": sum(1 for s in row.scores if s.counted),
            "scores": [
                {
                    "event": s.event,
                    "event_name": names[s.event],
                    "place": s.place,
                    "points": json_points(s.points),
                    "points_display": format_points(s.points),
                    "counted": s.counted,
                }
                for s in row.scores
            ],
            "note": row.note,
        }
        for row in table
    ]
    return {
        "id": series.pk,
        "name": series.name,
        "rule": rule_words(series),
        "events": events,
        "rows": rows,
    }

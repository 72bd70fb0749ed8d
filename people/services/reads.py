"""A person as others may see them: their events, record and results, each drawn from what
the public pages of those events already show (the published standings, confirmed results of
released rounds, the player's name, faction and club; never an address or an external id).
Events the asker may not see are left out; a person with none left does not exist for them."""

from __future__ import annotations

from people.models import Person, PersonLink
from tournament.errors import NotFound
from tournament.models import Player
from tournament.services.access import events_visible_to
from tournament.services.records import event_games
from tournament.services.standings import standings_compute

NO_PERSON = "No such person."


def _visible_links(person_id: int, user) -> list[PersonLink]:
    visible = events_visible_to(user).values("pk")
    return list(
        PersonLink.objects.filter(person_id=person_id, player__event__in=visible)
        .select_related("player__event")
        .order_by("player__event__start_date", "player__event__created_at", "player_id")
    )


def person_visible(*, person_id: int, user) -> Person:
    """The person when one of their events is visible to `user`; else NotFound (a person
    whose events are all hidden answers as one that never was)."""
    if not _visible_links(person_id, user):
        raise NotFound("person", "not_found", NO_PERSON)
    return Person.objects.get(pk=person_id)


def _outcome(game, mine_is_a: bool) -> str:
    if game.winner in ("a", "b"):
        return "win" if (game.winner == "a") == mine_is_a else "loss"
    if game.winner == "draw" or game.vp_a == game.vp_b:
        return "draw"
    return "win" if (game.vp_a > game.vp_b) == mine_is_a else "loss"


def _event_part(player: Player) -> dict:
    event = player.event
    rows = standings_compute(event=event)
    row = next((r for r in rows if r["player"] == player.pk), None)
    names = dict(event.players.values_list("pk", "name"))
    games = []
    for g in event_games(event, released_only=True):
        if player.pk not in (g.player_a, g.player_b):
            continue
        mine_is_a = g.player_a == player.pk
        if g.is_bye:
            games.append(
                {
                    "round": g.round,
                    "opponent": None,
                    "result": "bye",
                    "vp": g.vp_a,
                    "opponent_vp": None,
                }
            )
            continue
        if g.vp_a is None:
            continue  # no confirmed result yet: the public pages show none either
        other = g.player_b if mine_is_a else g.player_a
        games.append(
            {
                "round": g.round,
                "opponent": names.get(other, ""),
                "result": _outcome(g, mine_is_a),
                "vp": g.vp_a if mine_is_a else g.vp_b,
                "opponent_vp": g.vp_b if mine_is_a else g.vp_a,
            }
        )
    place = None
    if row is not None:
        place = row.get("final_place") or row["rank"]
    return {
        "event": event.pk,
        "event_name": event.name,
        "start_date": event.start_date.isoformat() if event.start_date else None,
        "status": event.status,
        "player_name": player.name,
        "faction": player.faction,
        "club": player.club,
        "dropped": player.dropped,
        "place": place,
        "tied": bool(row and row["tied"] and not row.get("final_place")),
        "of": len(rows),
        "wins": row["wins"] if row else 0,
        "draws": row["draws"] if row else 0,
        "losses": row["losses"] if row else 0,
        "games": games,
    }


def person_read(*, person_id: int, user) -> dict:
    """{"id", "name", "record": {"wins", "draws", "losses", "events"}, "events": [...]}, oldest
    event first; only the events `user` may see."""
    links = _visible_links(person_id, user)
    if not links:
        raise NotFound("person", "not_found", NO_PERSON)
    person = Person.objects.get(pk=person_id)
    events = [_event_part(link.player) for link in links]
    return {
        "id": person.pk,
        "name": person.display_name,
        "record": {
            "events": len(events),
            "wins": sum(e["wins"] for e in events),
            "draws": sum(e["draws"] for e in events),
            "losses": sum(e["losses"] for e in events),
        },
        "events": events,
    }

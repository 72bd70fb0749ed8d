"""A person as others may see them: their events, record and results, each drawn from what
the public pages of those events already show (the published standings, confirmed results of
released rounds, the player's name, faction and club; never an address or an external id).
Events the asker may not see are left out; a person with none left does not exist for them."""

from __future__ import annotations

from people.engine.matching import name_key
from people.models import PersonLink
from tournament.errors import NotFound
from tournament.models import Game, Player, RoundStage
from tournament.services.access import events_visible_to
from tournament.services.exports import games_decided
from tournament.services.records import event_games
from tournament.services.round_names import round_stage_name
from tournament.services.standings import standings_compute

NO_PERSON = "No such person."


def _visible_links(person_id: int, user) -> list[PersonLink]:
    visible = events_visible_to(user).values("pk")
    return list(
        PersonLink.objects.filter(person_id=person_id, player__event__in=visible)
        .select_related("player__event")
        .order_by("player__event__start_date", "player__event__created_at", "player_id")
    )


def _outcome(game, mine_is_a: bool, went_through: int | None = None) -> str:
    if game.winner in ("a", "b"):
        return "win" if (game.winner == "a") == mine_is_a else "loss"
    if went_through is not None and game.vp_a == game.vp_b:
        # A knockout game on equal VP: the tie rule sent one player through.
        return "win" if went_through == (game.player_a if mine_is_a else game.player_b) else "loss"
    if game.winner == "draw" or game.vp_a == game.vp_b:
        return "draw"
    return "win" if (game.vp_a > game.vp_b) == mine_is_a else "loss"


def _stage(stages: dict[int, str], number: int) -> dict:
    """A knockout game's stage ({"stage": "Semi-final"}); a Swiss game has no such key."""
    return {"stage": stages[number]} if stages.get(number) else {}


def _event_part(player: Player) -> dict:
    event = player.event
    rows = standings_compute(event=event)
    row = next((r for r in rows if r["player"] == player.pk), None)
    names = dict(event.players.values_list("pk", "name"))
    # Knockout games too, each named by its stage ("Semi-final"), a tie decided by its rule.
    stages = {
        r.number: round_stage_name(event=event, round_=r)
        for r in event.rounds.exclude(stage=RoundStage.SWISS)
    }
    decided = games_decided(event=event) if stages else {}
    ids = {}
    if decided:
        ids = {
            (n, a, b): pk
            for pk, n, a, b in Game.objects.filter(pk__in=decided).values_list(
                "pk", "round__number", "player_a_id", "player_b_id"
            )
        }
    games = []
    for g in event_games(event, released_only=True, every_stage=True):
        if player.pk not in (g.player_a, g.player_b):
            continue
        mine_is_a = g.player_a == player.pk
        if g.is_bye:
            games.append(
                {
                    "round": g.round,
                    **_stage(stages, g.round),
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
                **_stage(stages, g.round),
                "opponent": names.get(other, ""),
                "result": _outcome(
                    g, mine_is_a, decided.get(ids.get((g.round, g.player_a, g.player_b)))
                ),
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
    events = [_event_part(link.player) for link in links]
    return {
        "id": person_id,
        "name": person_shown_name(links),
        "record": {
            "events": len(events),
            "wins": sum(e["wins"] for e in events),
            "draws": sum(e["draws"] for e in events),
            "losses": sum(e["losses"] for e in events),
        },
        "events": events,
    }


def person_shown_name(links: list[PersonLink]) -> str:
    """The name a person goes by for this asker: their player's name in the latest event the
    asker may see (the person's own record may carry a name from a hidden event)."""
    return links[-1].player.name


def people_review(*, user) -> list[list[dict]]:
    """People the organiser may see who share a name once folded (accents, case, spaces):
    the suggestions to confirm by a merge, each group lowest id first."""
    visible = events_visible_to(user).values("pk")
    links = (
        PersonLink.objects.filter(player__event__in=visible)
        .select_related("player__event")
        .order_by("person_id", "player__event__start_date", "player__event__created_at")
    )
    by_person: dict[int, list[PersonLink]] = {}
    for link in links:
        by_person.setdefault(link.person_id, []).append(link)
    groups: dict[str, list[dict]] = {}
    for person_id, mine in sorted(by_person.items()):
        name = person_shown_name(mine)
        groups.setdefault(name_key(name), []).append(
            {"id": person_id, "name": name, "events": [link.player.event.name for link in mine]}
        )
    return [g for _, g in sorted(groups.items()) if len(g) > 1]


def person_manage_read(*, person_id: int, user) -> dict:
    """The organiser's view of one person: their players (event by event), the people a
    name suggests, and the log of merges and splits about them."""
    links = _visible_links(person_id, user)
    if not links:
        raise NotFound("person", "not_found", NO_PERSON)
    name = person_shown_name(links)
    key = name_key(name)
    suggested = [p for g in people_review(user=user) for p in g if name_key(p["name"]) == key]
    return {
        "id": person_id,
        "name": name,
        "players": [
            {
                "id": link.player_id,
                "name": link.player.name,
                "event": link.player.event.name,
                "how": link.how,
            }
            for link in links
        ],
        "suggested": [p for p in suggested if p["id"] != person_id],
    }

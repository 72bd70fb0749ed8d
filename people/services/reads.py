"""A person as others may see them: their events, record and results, each drawn from what
the public pages of those events already show (the published standings, confirmed results of
released rounds, the player's name, faction and club; never an address or an external id).
Events the asker may not see are left out; a person with none left does not exist for them.
A person goes by one name everywhere (this page, the review, the series tables), chosen from
the names their players have in the events the asker may see."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext_lazy

from common.errors import NotFound
from people.engine.matching import person_name
from people.models import PersonChange, PersonLink
from people.services.people import people_managed_by
from tournament.engine.names import name_fold
from tournament.models import Game, Player, PublicNames, RoundStage
from tournament.services.documents.exports import games_decided
from tournament.services.events.access import events_visible_to
from tournament.services.rounds.names import round_stage_name
from tournament.services.rounds.records import event_games
from tournament.services.standings.standings import standings_compute

NO_PERSON = gettext_lazy("No such person.")


ORDER = ("player__event__start_date", "player__event__created_at", "player_id")


def _visible_links(person_id: int, user) -> list[PersonLink]:
    visible = events_visible_to(user)
    if not (user is not None and user.is_authenticated and user.is_superuser):
        # An event that shows its players to the public by first name and initial or by
        # nickname (issue 36) is on a person's page only for its own staff: beside the
        # person's full name it would tell the public who "Anna K." is.
        staffed = Q(staff=user) if user is not None and user.is_authenticated else Q(pk=None)
        visible = visible.filter(Q(public_names=PublicNames.FULL) | staffed)
    return list(
        PersonLink.objects.filter(person_id=person_id, player__event__in=visible.values("pk"))
        .select_related("player__event")
        .order_by(*ORDER)
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
    """The name a person goes by for this asker, from their players in the events the asker
    may see, oldest first (the person's own record may carry a name from a hidden event):
    the newest spelling, never one all in capitals while another exists."""
    return person_name([link.player.name for link in links])


def person_names(*, person_ids, user) -> dict[int, str]:
    """{person id: the name they go by for this asker} for the people with a player in an
    event the asker may see, in one query (the series tables name people by it)."""
    visible = events_visible_to(user).values("pk")
    links = (
        PersonLink.objects.filter(person_id__in=list(person_ids), player__event__in=visible)
        .select_related("player")
        .order_by(*ORDER)
    )
    spellings: dict[int, list[str]] = {}
    for link in links:
        spellings.setdefault(link.person_id, []).append(link.player.name)
    return {pk: person_name(names) for pk, names in spellings.items()}


def people_review(*, user) -> list[list[dict]]:
    """The people the organiser manages (every player in an event they organise) who share a
    name once folded as Find my table folds it (case, accents, Ł, Ø): the suggestions to
    confirm by a merge, each group lowest id first."""
    links = (
        PersonLink.objects.filter(person__in=people_managed_by(user))
        .select_related("player__event")
        .order_by("person_id", *ORDER)
    )
    by_person: dict[int, list[PersonLink]] = {}
    for link in links:
        by_person.setdefault(link.person_id, []).append(link)
    groups: dict[str, list[dict]] = {}
    for person_id, mine in sorted(by_person.items()):
        name = person_shown_name(mine)
        groups.setdefault(name_fold(name), []).append(
            {"id": person_id, "name": name, "events": [link.player.event.name for link in mine]}
        )
    return [g for _, g in sorted(groups.items()) if len(g) > 1]


def person_manage_read(*, person_id: int, user) -> dict:
    """The organiser's view of one person they manage: their players (event by event) and
    the people a name suggests. Anyone else's person is no such person here."""
    if not people_managed_by(user).filter(pk=person_id).exists():
        raise NotFound("person", "not_found", NO_PERSON)
    links = list(
        PersonLink.objects.filter(person_id=person_id)
        .select_related("player__event")
        .order_by(*ORDER)
    )
    name = person_shown_name(links)
    key = name_fold(name)
    suggested = [p for g in people_review(user=user) for p in g if name_fold(p["name"]) == key]
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


def _named_players(snapshot) -> set[int]:
    """Every player a logged change's snapshot names, however deep."""
    if isinstance(snapshot, dict):
        found = set(snapshot.get("players") or [])
        for value in snapshot.values():
            if isinstance(value, dict):
                found |= _named_players(value)
        return {int(pk) for pk in found}
    return set()


def person_changes_read(*, person_id: int, user, limit: int = 30) -> list[PersonChange]:
    """The merges, splits and undos about a person, newest first, that this reader may read:
    those whose every player is in an event the reader may see (a change's words name its
    players and their events)."""
    changes = list(
        PersonChange.objects.filter(
            Q(person_id=person_id) | Q(before__id=person_id) | Q(before__keep__id=person_id)
        ).select_related("user")[: limit * 4]
    )
    named = {c.pk: _named_players(c.before) | _named_players(c.after) for c in changes}
    every = set().union(*named.values()) if named else set()
    visible = events_visible_to(user).values("pk")
    seen = set(Player.objects.filter(pk__in=every, event__in=visible).values_list("pk", flat=True))
    return [c for c in changes if named[c.pk] <= seen][:limit]

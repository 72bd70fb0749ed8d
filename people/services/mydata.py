"""Everything the server holds about the person a player is (issue 36): their players in every
event on this server with their own details (name, e-mail, club, faction, the lists and other
fields apps keep beside them), their games with the opponents' names only, their own penalties
and cards with their reasons (about them), their check-ins and the sportsmanship votes they
cast. Asked for with the player's private key only (people/views/pages.py); no key, and no
one else's address, travels in it."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from people.extensions import PERSON_DATA_SECTIONS
from people.models import PersonLink
from people.services.consent import consent_data
from tournament.models import Game, Penalty, Player, SportsVote
from tournament.services.events.extra_fields import extras_of


def _players_of(player: Player) -> list[Player]:
    link = PersonLink.objects.filter(player_id=player.pk).first()
    if link is None:
        return [player]
    ids = PersonLink.objects.filter(person_id=link.person_id).values("player_id")
    return list(
        Player.objects.filter(pk__in=ids)
        .select_related("event")
        .order_by("event__start_date", "event__created_at", "pk")
    )


def _games(player: Player) -> list[dict]:
    # A round under the staff's review is nobody else's to see yet, its player's neither.
    games = (
        Game.objects.filter(Q(player_a=player) | Q(player_b=player), round__released=True)
        .select_related("round", "player_a", "player_b")
        .order_by("round__number", "pk")
    )
    out = []
    for game in games:
        mine_is_a = game.player_a_id == player.pk
        other = game.player_b if mine_is_a else game.player_a
        result = game.results.filter(is_current=True).first()
        mine = theirs = None
        if result is not None:
            mine, theirs = (result.vp_a, result.vp_b) if mine_is_a else (result.vp_b, result.vp_a)
        out.append(
            {
                "round": game.round.number,
                "table": game.table_number,
                "opponent": other.name if other is not None else None,
                "vp": mine,
                "opponent_vp": theirs,
            }
        )
    return out


def _player_part(player: Player) -> dict:
    event = player.event
    return {
        "event": {
            "name": event.name,
            "start_date": event.start_date.isoformat() if event.start_date else None,
            "end_date": event.end_date.isoformat() if event.end_date else None,
        },
        "name": player.name,
        "email": player.email,
        "club": player.club,
        "faction": player.faction,
        "disposition": player.disposition,
        "status": player.status,
        "checked_in": player.checked_in,
        "dropped": player.dropped,
        "signed_up_at": player.created_at.isoformat(),
        "extras": {extra.name: extra.read(player) for extra in extras_of("player")},
        "publication_consent": consent_data(player=player),
        "games": _games(player),
        "penalties": [
            {
                "round": p.round_number,
                "kind": p.kind,
                "vp": p.vp,
                "reason": p.reason,
                "given_at": p.given_at.isoformat(),
            }
            for p in Penalty.objects.filter(player=player).order_by("given_at", "pk")
        ],
        "sportsmanship_votes_cast": [
            {
                "round": v.game.round.number,
                "opponent": v.opponent.name,
                "favourite": v.favourite,
                "cast_at": v.cast_at.isoformat(),
            }
            for v in SportsVote.objects.filter(voter=player)
            .select_related("game__round", "opponent")
            .order_by("cast_at", "pk")
        ],
    }


def _person_part(player: Player) -> dict | None:
    """What apps keep about the person across events (PERSON_DATA_SECTIONS), or None for a
    player linked to no person."""
    person_id = (
        PersonLink.objects.filter(player_id=player.pk).values_list("person_id", flat=True).first()
    )
    if person_id is None:
        return None
    part: dict = {}
    for section in PERSON_DATA_SECTIONS:
        part.update(section(person_id))
    return part


def person_data(*, player: Player) -> dict:
    """The whole of it as JSON-ready values (datetimes as ISO text)."""
    return {
        "about": "Everything this Strategium server holds about you (docs/privacy.md).",
        "made_at": timezone.now().isoformat(),
        "players": [_player_part(p) for p in _players_of(player)],
        "person": _person_part(player),
    }

"""The open feed as the public reads it: the licensed public events, and one event's document.

An event is in the feed while its organiser has chosen a licence and it is public (not
hidden, not archived); otherwise it is absent from the list and its document is 404. What a
player's publication consent withholds is decided by people.services.consent alone."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db.models import Max
from django.http import Http404
from django.utils import timezone

from feed.engine.document import (
    FeedEvent,
    FeedGame,
    FeedPlayer,
    FeedResult,
    FeedRound,
    feed_document,
    feed_summary,
)
from feed.engine.signing import feed_key, player_pseudonym
from feed.services.settings import feed_settings
from missions.scoring.rules import outcome
from people.models import PersonLink, PublicationConsent
from people.services.consent import consented_player_ids, results_withheld_player_ids
from rosters.models.armylists import ArmyList, ListPublication
from rosters.services.armylists import army_lists_published
from rosters.services.rows import list_settings
from tournament.data.factions import faction_canonical
from tournament.engine.public_names import public_name
from tournament.models import Event, Game, Result, ResultStatus, RoundStatus
from tournament.models.game import TABLE_ORDER
from tournament.services.rounds.records import penalties_by_player_round, ranked_players


def _licensed_events():
    """Public events whose organiser chose a licence."""
    return (
        Event.objects.filter(hidden=False, archived=False)
        .exclude(feed_settings__isnull=True)
        .exclude(feed_settings__licence="")
        .select_related("feed_settings")
    )


def feed_event(*, event_id: int) -> Event:
    """The event if it is in the feed; Http404 otherwise (no licence, hidden, archived)."""
    event = _licensed_events().filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event in the open feed.")
    return event


def _feed_event(event: Event, *, lists: bool = True) -> FeedEvent:
    """`lists`: find whether its lists are published (the document says; the list does not)."""
    lists = (
        lists
        and army_lists_published(event)
        and list_settings(event).publication == ListPublication.EVERYONE
    )
    return FeedEvent(
        id=event.pk,
        name=event.name,
        licence=feed_settings(event).licence,
        mission_pack=event.mission_pack,
        kind=event.kind,
        status=event.status,
        planned_rounds=event.planned_rounds,
        bye_vp=event.bye_vp,
        points_limit=event.points_limit,
        start_date=event.start_date.isoformat() if event.start_date else None,
        end_date=event.end_date.isoformat() if event.end_date else None,
        lists_published=lists,
    )


def feed_events_list() -> list[dict]:
    """Every event in the feed, newest first, as its list shows them."""
    events = _licensed_events().order_by("-start_date", "-pk")
    return [feed_summary(_feed_event(e, lists=False)) for e in events]


def feed_pseudonyms(*, player_ids) -> dict[int, str]:
    """{player id: feed id} (the same for one person across events of this server)."""
    player_ids = list(player_ids)
    people = dict(
        PersonLink.objects.filter(player_id__in=player_ids).values_list("player_id", "person_id")
    )
    key = feed_key(settings.SECRET_KEY)
    return {
        pid: player_pseudonym(key, person_id=people.get(pid), player_id=pid) for pid in player_ids
    }


def _players(event: Event, lists_published: bool) -> list[FeedPlayer]:
    rows = list(
        ranked_players(event)
        .order_by("name", "pk")
        .values_list(
            "pk", "name", "nickname", "faction", "disposition", "dropped", "dropped_after_round"
        )
    )
    ids = feed_pseudonyms(player_ids=[row[0] for row in rows])
    withheld = results_withheld_player_ids(event_id=event.pk)
    listed = consented_player_ids(event_id=event.pk, subject="lists") if lists_published else ()
    lists = {}
    if listed:
        lists = {
            pid: (text, tuple(detachments or ()))
            for pid, text, detachments in ArmyList.objects.filter(player_id__in=listed).values_list(
                "player_id", "text", "detachments"
            )
        }
    players = []
    for pk, name, nickname, faction, disposition, dropped, after in rows:
        text, detachments = lists.get(pk, ("", ()))
        players.append(
            FeedPlayer(
                id=pk,
                feed_id=ids[pk],
                name=public_name(name, mode=event.public_names, nickname=nickname),
                # One spelling per faction, as the factions page counts them.
                faction=faction_canonical(faction),
                disposition=disposition,
                detachments=detachments,
                list_text=text,
                dropped=dropped,
                dropped_after_round=after,
                results_withheld=pk in withheld,
                list_consent=pk in listed,
            )
        )
    return players


def _result(result: Result | None, game: Game, penalties: dict, number: int) -> FeedResult | None:
    event = game.round.event
    taken_a = penalties.get((game.player_a_id, number), (0, False))[0]
    if game.player_b_id is None:
        return FeedResult(vp_a=event.bye_vp, vp_b=None, outcome="a", penalty_vp_a=taken_a)
    if result is None:
        return None
    attacker = result.attacker
    if attacker is None and game.attacker_id is not None:
        attacker = "a" if game.attacker_id == game.player_a_id else "b"
    return FeedResult(
        vp_a=result.vp_a,
        vp_b=result.vp_b,
        outcome=outcome(result.vp_a, result.vp_b, result.decided),
        rounds_a=result.rounds_a,
        rounds_b=result.rounds_b,
        attacker=attacker,
        first_turn=result.first_turn,
        secondaries_a=result.secondaries_a,
        secondaries_b=result.secondaries_b,
        penalty_vp_a=taken_a,
        penalty_vp_b=penalties.get((game.player_b_id, number), (0, False))[0],
    )


def _rounds(event: Event) -> list[FeedRound]:
    # Rounds under the organiser's review are not out yet: nobody outside the staff sees them.
    rounds = list(event.rounds.filter(released=True).order_by("number"))
    games = (
        Game.objects.filter(round__in=rounds)
        .select_related("round__event")
        .order_by("round__number", *TABLE_ORDER)
    )
    confirmed = {
        r.game_id: r
        for r in Result.objects.filter(
            game__round__in=rounds, is_current=True, status=ResultStatus.CONFIRMED
        )
    }
    penalties = penalties_by_player_round(event.pk)
    by_round: dict[int, list[FeedGame]] = {r.pk: [] for r in rounds}
    for game in games:
        number = game.round.number
        by_round[game.round_id].append(
            FeedGame(
                table=game.table_number,
                player_a=game.player_a_id,
                player_b=game.player_b_id,
                result=_result(confirmed.get(game.pk), game, penalties, number),
                eleventh=game.eleventh,
            )
        )
    return [
        FeedRound(
            number=r.number,
            stage=r.stage,
            complete=r.status == RoundStatus.COMPLETE,
            mission=r.mission_code,
            games=by_round[r.pk],
        )
        for r in rounds
    ]


def feed_event_document(*, event: Event) -> dict:
    """The event's feed document as of now (the event must be in the feed: feed_event)."""
    as_of = timezone.now().replace(microsecond=0).isoformat()
    info = _feed_event(event)
    return feed_document(info, _players(event, info.lists_published), _rounds(event), as_of=as_of)


def feed_document_stamp(*, event: Event) -> str:
    """What the document holds beyond the event's revision, in a few characters: the players'
    newest answers on publishing and their links to people (a merge of two people changes
    their pseudonyms). Neither moves the event's revision, so a document cached under the
    revision alone could keep a withdrawn player's name, or an old pseudonym."""
    consent = PublicationConsent.objects.filter(player__event_id=event.pk).aggregate(
        newest=Max("id")
    )["newest"]
    links = sorted(
        PersonLink.objects.filter(player__event_id=event.pk).values_list("player_id", "person_id")
    )
    return hashlib.sha256(repr((consent, links)).encode()).hexdigest()[:12]


def feed_licensed(event_id: int) -> bool:
    """Whether the event is in the feed now (a webhook is never sent for one that is not)."""
    return _licensed_events().filter(pk=event_id).exists()

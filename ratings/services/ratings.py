"""Ratings across events: which games count, the rebuild, and what the public reads.

A rating is derived data: every rebuild computes an edition group again from scratch, from the
confirmed games of complete rounds of public events, in the order they were played (the event's
end date, then the round, then the table). So a correction, an opt-out or an excluded event is
never half-applied, and the same games always give the same numbers.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.utils.translation import gettext

from common.errors import Invalid
from missions.scoring.rules import outcome
from people.models import PersonLink
from people.services.consent import results_withheld_player_ids
from people.services.reads import person_names
from ratings.engine.ratings import (
    EDITIONS,
    PACK_EDITIONS,
    RatedGame,
    Rating,
    edition_of,
    ranking,
    season_rate,
)
from ratings.extensions import REBUILD_STARTERS
from ratings.models import PersonRating, RatingOptOut, RatingSettings, RatingSnapshot
from tournament.engine.names import name_fold
from tournament.models import Event, Game, ResultStatus, RoundStatus
from tournament.services.documents.exports import games_decided
from tournament.services.events.extra_fields import side_row

# The packs of each edition group (the older group: every pack that is not named).
KNOWN_PACKS = tuple(PACK_EDITIONS)


def edition_clean(value) -> str:
    """The edition group asked for, or Invalid naming the field and the groups there are."""
    if value not in EDITIONS:
        taken = ", ".join(EDITIONS)
        raise Invalid(
            "edition", "invalid_choice", gettext("Must be one of: %(taken)s.") % {"taken": taken}
        )
    return value


def _events(edition: str):
    """The events whose games this edition group rates: public (not hidden, not archived) and
    not excluded by their organiser."""
    events = Event.objects.filter(hidden=False, archived=False)
    if edition == "older":
        events = events.exclude(mission_pack__in=KNOWN_PACKS)
    else:
        events = events.filter(mission_pack=edition)
    return events.exclude(rating_settings__ratings_excluded=True)


def ratings_withheld_player_ids(*, event_ids) -> frozenset[int]:
    """The players whose games are left out of ratings, of these events: every player of a
    person who opted out of ratings, and each player who answered no to their results being
    published beyond the event (people's publication consent, issue 36)."""
    event_ids = list(event_ids)
    opted_out = PersonLink.objects.filter(
        player__event_id__in=event_ids, person__rating_opt_out__isnull=False
    ).values_list("player_id", flat=True)
    withheld = set(opted_out)
    for event_id in event_ids:
        withheld |= results_withheld_player_ids(event_id=event_id)
    return frozenset(withheld)


def ratings_consent_changed(player) -> None:
    """people.extensions.CONSENT_CHANGED: the player's event's edition is rated again."""
    pack = Event.objects.filter(pk=player.event_id).values_list("mission_pack", flat=True).first()
    if pack is not None:
        ratings_rebuild_queue(editions=(edition_of(pack),))


@dataclass(frozen=True)
class _Played:
    game: RatedGame
    factions: tuple[tuple[int, str], ...]  # (person, faction) of both sides


def _games(edition: str) -> list[_Played]:
    """The edition's rated games: confirmed results of complete, released rounds; no byes; both
    players linked to a person; withheld players' games left out entirely."""
    events = {e.pk: e for e in _events(edition).only("pk", "end_date", "start_date")}
    withheld = ratings_withheld_player_ids(event_ids=events)
    rows = (
        Game.objects.filter(
            round__event_id__in=list(events),
            round__status=RoundStatus.COMPLETE,
            round__released=True,
            player_b__isnull=False,
            results__is_current=True,
            results__status=ResultStatus.CONFIRMED,
            player_a__person_link__isnull=False,
            player_b__person_link__isnull=False,
        )
        .values(
            "pk",
            "table_number",
            "round__number",
            "round__event_id",
            "player_a_id",
            "player_b_id",
            "player_a__faction",
            "player_b__faction",
            "player_a__person_link__person_id",
            "player_b__person_link__person_id",
            "results__vp_a",
            "results__vp_b",
            "results__decided",
        )
        .order_by()
    )
    knockouts: dict[int, dict[int, int]] = {}
    played = []
    for row in rows:
        if row["player_a_id"] in withheld or row["player_b_id"] in withheld:
            continue
        a, b = row["player_a__person_link__person_id"], row["player_b__person_link__person_id"]
        if a == b:
            continue  # one person on both sides (a link an organiser has yet to split)
        vp_a, vp_b = row["results__vp_a"], row["results__vp_b"]
        result = outcome(vp_a, vp_b, row["results__decided"])
        if result == "draw" and not row["results__decided"]:
            # A knockout game on equal VP still has a winner (the play-offs decide it).
            event_id = row["round__event_id"]
            if event_id not in knockouts:
                knockouts[event_id] = games_decided(event=events[event_id])
            winner = knockouts[event_id].get(row["pk"])
            if winner is not None:
                result = "a" if winner == row["player_a_id"] else "b"
        event = events[row["round__event_id"]]
        day = event.end_date or event.start_date
        order = (
            day.isoformat() if day else "9999-12-31",  # undated events last
            event.pk,
            row["round__number"],
            row["table_number"] or 0,
            row["pk"],
        )
        played.append(
            _Played(
                RatedGame(order, event.pk, a, b, result),
                ((a, row["player_a__faction"]), (b, row["player_b__faction"])),
            )
        )
    return played


def _most_played(played: list[_Played]) -> dict[int, str]:
    counts: dict[int, Counter] = defaultdict(Counter)
    for entry in played:
        for person, faction in entry.factions:
            if faction:
                counts[person][faction] += 1
    # Most games; equal counts: the faction first by name, so a rebuild picks the same one.
    return {
        person: min(c.items(), key=lambda item: (-item[1], item[0].casefold(), item[0]))[0]
        for person, c in counts.items()
    }


@dataclass(frozen=True)
class RebuildReport:
    edition: str
    games: int
    people: int


# PostgreSQL advisory lock keys, one per edition group: two rebuilds of a group at once (two
# rounds completing together on two workers) run one after the other, so the second never
# inserts beside rows the first is still writing. SQLite serialises writers by itself.
_LOCK_BASE = 0x5241_5400


def _rebuild_lock(edition: str) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            key = _LOCK_BASE + list(EDITIONS).index(edition)
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


@transaction.atomic
def ratings_rebuild(*, edition: str) -> RebuildReport:
    """Compute the edition group's ratings and history again from every rated game."""
    edition_clean(edition)
    _rebuild_lock(edition)
    played = _games(edition)
    season = season_rate(entry.game for entry in played)
    factions = _most_played(played)
    names = public_names(person_ids=season.current)
    PersonRating.objects.filter(edition=edition).delete()
    RatingSnapshot.objects.filter(edition=edition).delete()
    PersonRating.objects.bulk_create(
        PersonRating(
            person_id=row.person,
            edition=edition,
            mu=row.rating.mu,
            sigma=row.rating.sigma,
            games=row.rating.games,
            rank=row.rank,
            faction=factions.get(row.person, ""),
        )
        for row in ranking(season.current, names)
    )
    positions: dict[int, int] = {}
    for snap in season.snapshots:
        positions.setdefault(snap.event, len(positions))
    RatingSnapshot.objects.bulk_create(
        RatingSnapshot(
            person_id=snap.person,
            edition=edition,
            event_id=snap.event,
            position=positions[snap.event],
            mu=snap.rating.mu,
            sigma=snap.rating.sigma,
            games=snap.rating.games,
        )
        for snap in season.snapshots
    )
    return RebuildReport(edition, len(played), len(season.current))


def ratings_rebuild_all() -> list[RebuildReport]:
    return [ratings_rebuild(edition=edition) for edition in EDITIONS]


def ratings_rebuild_for_event(*, event_id: int) -> RebuildReport | None:
    """The rebuild of the edition group of this event (a round of it is complete, or its
    ratings setting changed)."""
    pack = Event.objects.filter(pk=event_id).values_list("mission_pack", flat=True).first()
    if pack is None:
        return None
    return ratings_rebuild(edition=edition_of(pack))


def ratings_rebuild_queue(*, editions: tuple[str, ...]) -> None:
    """Rebuild these edition groups once the current transaction commits, in the background
    (the Celery task the app registered; services never import tasks)."""

    def start() -> None:
        for starter in REBUILD_STARTERS:
            starter(editions)

    transaction.on_commit(start)


# --- What the public reads -------------------------------------------------------------------


def public_names(*, person_ids) -> dict[int, str]:
    """The names people go by on the public pages (from their players in public events, as
    the person pages name them; never a name from a hidden event), in one query."""
    return person_names(person_ids=list(person_ids), user=AnonymousUser())


def display(value: float) -> float:
    """A rating or deviation as shown: rounded to one place (for display only)."""
    return round(value, 1)


def ratings_list(*, edition: str, q: str = "", faction: str = "") -> list[dict]:
    """The edition's list, best first: opted-out people never (also between their opt-out and
    the rebuild it starts)."""
    edition_clean(edition)
    rows = PersonRating.objects.filter(
        edition=edition, person__rating_opt_out__isnull=True
    ).order_by("rank", "person_id")
    if faction:
        rows = rows.filter(faction=faction)
    rows = list(rows)
    names = public_names(person_ids=[row.person_id for row in rows])
    out = []
    # Part of a name, case and accents ignored (as Find my table reads it).
    needle = name_fold(q)
    for row in rows:
        name = names.get(row.person_id, "")
        if not name:
            continue  # no public event of theirs left (an event hidden since the rebuild)
        if needle and needle not in name_fold(name):
            continue
        rating = Rating(row.mu, row.sigma, row.games)
        out.append(
            {
                "person": row.person_id,
                "name": name,
                "rating": display(rating.ordinal),
                "deviation": display(row.sigma),
                "games": row.games,
                "rank": row.rank,
                "faction": row.faction,
            }
        )
    return out


def ratings_factions(*, edition: str) -> list[str]:
    """The factions of the filter: those someone in the edition's list played most."""
    return sorted(
        set(
            PersonRating.objects.filter(edition=edition, person__rating_opt_out__isnull=True)
            .exclude(faction="")
            .values_list("faction", flat=True)
        ),
        key=str.casefold,
    )


def person_rating_history(*, person_id: int) -> list[dict]:
    """Each edition group's history of a person who has not opted out: [{edition, label,
    current, points: [{event, name, date, rating, games}]}]; empty for an opted-out person."""
    if RatingOptOut.objects.filter(person_id=person_id).exists():
        return []
    snaps = (
        RatingSnapshot.objects.filter(person_id=person_id)
        .select_related("event")
        .order_by("edition", "position")
    )
    current = {
        r.edition: r for r in PersonRating.objects.filter(person_id=person_id).order_by("edition")
    }
    by_edition: dict[str, list] = defaultdict(list)
    for snap in snaps:
        by_edition[snap.edition].append(
            {
                "event": snap.event_id,
                "name": snap.event.name,
                "date": snap.event.end_date or snap.event.start_date,
                "rating": display(Rating(snap.mu, snap.sigma).ordinal),
                "games": snap.games,
            }
        )
    return [
        {
            "edition": edition,
            "label": label,
            "current": current.get(edition),
            "rating": display(Rating(current[edition].mu, current[edition].sigma).ordinal)
            if edition in current
            else None,
            "points": by_edition[edition],
        }
        for edition, label in EDITIONS.items()
        if by_edition.get(edition)
    ]


def person_ratings_data(person_id: int) -> dict:
    """The person's part of their my-data download (people's PERSON_DATA_SECTIONS): whether and
    since when they left ratings, and each edition's rating with its history, as held now."""
    left = (
        RatingOptOut.objects.filter(person_id=person_id)
        .values_list("created_at", flat=True)
        .first()
    )
    current = {r.edition: r for r in PersonRating.objects.filter(person_id=person_id)}
    history: dict[str, list] = defaultdict(list)
    for snap in (
        RatingSnapshot.objects.filter(person_id=person_id)
        .select_related("event")
        .order_by("edition", "position")
    ):
        history[snap.edition].append(
            {
                "event": snap.event_id,
                "name": snap.event.name,
                "mu": snap.mu,
                "sigma": snap.sigma,
                "games": snap.games,
            }
        )
    editions = [
        {
            "edition": edition,
            "mu": current[edition].mu,
            "sigma": current[edition].sigma,
            "rating": display(Rating(current[edition].mu, current[edition].sigma).ordinal),
            "games": current[edition].games,
            "rank": current[edition].rank,
            "faction": current[edition].faction,
            "history": history.get(edition, []),
        }
        for edition in EDITIONS
        if edition in current
    ]
    return {
        "ratings": {
            "left_ratings": left.isoformat() if left else None,
            "editions": editions,
        }
    }


# --- The player's and the organiser's choices ------------------------------------------------


def person_of_player(*, player_id: int) -> int | None:
    return (
        PersonLink.objects.filter(player_id=player_id).values_list("person_id", flat=True).first()
    )


def person_choice(*, player_id: int) -> tuple[int, bool] | None:
    """(the player's person, whether they left ratings), in one query; None when unlinked."""
    row = (
        PersonLink.objects.filter(player_id=player_id)
        .values_list("person_id", "person__rating_opt_out__created_at")
        .first()
    )
    return None if row is None else (row[0], row[1] is not None)


@transaction.atomic
def rating_opt_out_set(*, person_id: int, out: bool) -> bool:
    """Leave the person out of ratings (or take them back in); True when that changed. Every
    edition group is rebuilt once this commits, so their games leave (or rejoin) the ratings."""
    if out:
        changed = RatingOptOut.objects.get_or_create(person_id=person_id)[1]
    else:
        changed = RatingOptOut.objects.filter(person_id=person_id).delete()[0] > 0
    if changed:
        ratings_rebuild_queue(editions=tuple(EDITIONS))
    return changed


def rating_settings(event: Event) -> RatingSettings:
    """The event's ratings settings (cached on the event); unsaved defaults when none."""
    return side_row(event, "rating_settings", RatingSettings)

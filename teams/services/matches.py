"""Pairing the players of a team match: the final list of (team A player, team B player),
from the captains' pairing ritual or from the organiser, becomes the match's games."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from teams.models.teams import TeamMatch, TeamMatchGame
from teams.services.common import require_team_event
from tournament.models import Event, Game, Player, Result, ResultSource
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, audit_target_kind
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.results.results import round_refresh_status
from tournament.services.rounds.eleventh import games_fill

SOURCES = ("organiser", "ritual")


def _player_id(value, i: int, side: str) -> int:
    if isinstance(value, Player):
        return value.pk
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(
            "pairs",
            "invalid",
            gettext("Pair %(i)s: the %(side)s player must be a player id.")
            % {"i": i, "side": side},
        )
    return value


def _parse(pairs) -> list[tuple[int, int]]:
    if not isinstance(pairs, list | tuple) or not pairs:
        raise Invalid(
            "pairs", "invalid", gettext("Must be a non-empty list of [team A, team B] players.")
        )
    parsed = []
    for i, given in enumerate(pairs, start=1):
        pair = (given.get("player_a"), given.get("player_b")) if isinstance(given, dict) else given
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise Invalid(
                "pairs", "invalid", gettext("Pair %(i)s: must be two players.") % {"i": i}
            )
        parsed.append((_player_id(pair[0], i, "first"), _player_id(pair[1], i, "second")))
    return parsed


def _check_side(team, ids: list[int], names: dict[int, str]) -> None:
    members = {m.player_id: m.player.name for m in team.members.select_related("player")}
    strangers = [i for i in ids if i not in members]
    if strangers:
        who = ", ".join(names.get(i, "an unknown player") for i in strangers)
        raise Invalid(
            "pairs",
            "wrong_team",
            gettext("Not players of %(name)s: %(who)s.") % {"name": team.name, "who": who},
        )
    twice = sorted({members[i] for i in ids if ids.count(i) > 1})
    if twice:
        raise Invalid(
            "pairs",
            "paired_twice",
            gettext("Each player plays once; paired twice: %(join)s.") % {"join": ", ".join(twice)},
        )
    missing = sorted(name for pid, name in members.items() if pid not in ids)
    if missing:
        raise Invalid(
            "pairs",
            "unpaired",
            gettext("Every player of %(name)s plays; not paired: %(join)s.")
            % {"name": team.name, "join": ", ".join(missing)},
        )


def team_match_lock(*, match_id: int, event_id: int | None = None) -> TeamMatch:
    # of=("self",): PostgreSQL cannot lock the nullable side of the team_b outer join.
    matches = TeamMatch.objects.select_for_update(of=("self",)).select_related(
        "team_round__round", "team_round__event", "team_a", "team_b"
    )
    if event_id is not None:
        matches = matches.filter(team_round__event_id=event_id)
    match = matches.filter(pk=match_id).first()
    if match is None:
        raise NotFound("match", "not_found", gettext("No such team match."))
    return match


def team_match_pair_players(
    *, match: TeamMatch, pairs, user=None, source: str = "organiser"
) -> list[Game]:
    """Make the match's games from its final player pairings, at the match's block of tables
    in the order given: every player of each team exactly once, team A's player first.

    `source` "organiser" needs an organiser `user`; "ritual" is the captains' pairing ritual,
    whose service has already checked the captains' keys (`user` may then be None). Logged and
    undoable while no game of the match has a result."""
    if source not in SOURCES:
        raise Invalid("source", "invalid_choice", gettext("Must be organiser or ritual."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=match.team_round.event_id)
        if source == "organiser" or (user is not None and user.is_authenticated):
            require_organiser(user, event)
        event_require_writable(event)
        require_team_event(event)
        match = team_match_lock(match_id=match.pk)
        if match.is_bye:
            raise Conflict(
                "match",
                "bye",
                gettext("%(name)s has a bye: nobody to pair.") % {"name": match.team_a.name},
            )
        if match.match_games.exists():
            raise Conflict(
                "match",
                "already_paired",
                gettext(
                    "The players of %(name)s v %(name2)s are already paired; "
                    "undo that pairing first."
                )
                % {"name": match.team_a.name, "name2": match.team_b.name},
            )
        parsed = _parse(pairs)
        ids = [p for pair in parsed for p in pair]
        names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
        _check_side(match.team_a, [a for a, _ in parsed], names)
        _check_side(match.team_b, [b for _, b in parsed], names)
        round_ = match.team_round.round
        games = [
            Game(
                round=round_,
                table_number=match.first_table + i,
                player_a_id=a,
                player_b_id=b,
            )
            for i, (a, b) in enumerate(parsed)
        ]
        # 11th edition: each game takes its players' dispositions and a layout, as singles do.
        games_fill(event, round_, games)
        games = Game.objects.bulk_create(games)
        TeamMatchGame.objects.bulk_create(TeamMatchGame(match=match, game=g) for g in games)
        match.players_paired_by = source
        match.players_paired_at = timezone.now()
        match.paired_by_user = user if user is not None and user.is_authenticated else None
        match.save(update_fields=["players_paired_by", "players_paired_at", "paired_by_user"])
        round_refresh_status(round_)
        audit_record(
            event=event,
            action="team_match_pair",
            target=f"teammatch:{match.pk}",
            user=user,
            after={
                "round": match.team_round.number,
                "teams": [match.team_a.name, match.team_b.name],
                "pairs": [
                    [names[a], names[b], match.first_table + i] for i, (a, b) in enumerate(parsed)
                ],
                "by": source,
            },
        )
        return games


def _unpair(match: TeamMatch) -> None:
    game_ids = list(match.match_games.values_list("game_id", flat=True))
    if Result.objects.filter(game_id__in=game_ids).exclude(source=ResultSource.BYE).exists():
        raise Conflict(
            "match",
            "has_results",
            gettext("%(name)s v %(name2)s has results; undo or correct them before its pairings.")
            % {"name": match.team_a.name, "name2": match.team_b.name},
        )
    match.match_games.all().delete()
    Game.objects.filter(pk__in=game_ids).delete()
    match.players_paired_by = ""
    match.players_paired_at = None
    match.paired_by_user = None
    match.save(update_fields=["players_paired_by", "players_paired_at", "paired_by_user"])
    round_refresh_status(match.team_round.round)


def team_match_unpair(*, match: TeamMatch, user) -> TeamMatch:
    """Take back a match's player pairings while none of its games has a result."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=match.team_round.event_id)
        require_organiser(user, event)
        event_require_writable(event)
        match = team_match_lock(match_id=match.pk)
        if not match.match_games.exists():
            raise Conflict(
                "match", "not_paired", gettext("The players of this match are not paired.")
            )
        before = [
            [g.game.player_a.name, g.game.player_b.name, g.game.table_number]
            for g in match.match_games.select_related("game__player_a", "game__player_b")
        ]
        _unpair(match)
        audit_record(
            event=event,
            action="team_match_unpair",
            target=f"teammatch:{match.pk}",
            user=user,
            before={
                "round": match.team_round.number,
                "teams": [match.team_a.name, match.team_b.name],
                "pairs": before,
            },
        )
        return match


audit_target_kind("teammatch", TeamMatch, "team_round__event_id")


@undo_check("team_match_pair")
def _check_team_match_pair(entry) -> list[str]:
    match = audit_target(entry, "teammatch", gone="This match's round has been removed.")
    game_ids = match.match_games.values_list("game_id", flat=True)
    if Result.objects.filter(game_id__in=game_ids).exists():
        raise Conflict(
            "entry",
            "has_results",
            gettext("%(name)s v %(name2)s has results; undo them first.")
            % {"name": match.team_a.name, "name2": match.team_b.name},
        )
    current = [
        [link.game.player_a.name, link.game.player_b.name, link.game.table_number]
        for link in match.match_games.select_related("game__player_a", "game__player_b")
    ]
    if sorted(current) != sorted(entry.after.get("pairs", [])):
        # Taken back and paired again since: this entry no longer describes the games.
        raise Conflict("entry", "gone", gettext("These pairings have already been taken back."))
    return []


@undoable("team_match_pair")
def _undo_team_match_pair(entry) -> None:
    _check_team_match_pair(entry)
    _unpair(team_match_lock(match_id=audit_target(entry, "teammatch").pk))

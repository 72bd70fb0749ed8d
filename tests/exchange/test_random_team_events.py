"""Over random small team events: export -> import -> export gives the same document, and the
import shows the same team and individual standings, matches, rituals and log.

Each example drives the team services with a random program (team rounds, ritual steps by the
organiser for either side, organiser pairings, take-backs, results and confirmations, captain
changes, drops, scoring and variant changes, undos); refused steps are part of the game.
"""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.errors import ServiceError
from exchange.services.importing.write import event_import
from teams.models.teams import TeamMatch
from teams.services import matches, ritual, rounds, scoring, teams
from tests.exchange.helpers import export, imported, observable, without_stamp
from tests.exchange.test_teams import team_observable
from tournament.models import AuditEntry, Event, Game
from tournament.services.audit import log as audit
from tournament.services.events import events
from tournament.services.results import results

pytestmark = pytest.mark.django_db

FACTIONS = ["Orks", "Necrons", "Aeldari", "Tau Empire"]

OPS = st.one_of(
    st.tuples(st.just("team_round")),
    st.tuples(st.just("ritual"), st.integers(0, 3), st.sampled_from("ab"), st.integers(0, 5)),
    st.tuples(st.just("ritual_all"), st.integers(0, 3), st.integers(0, 5)),
    st.tuples(st.just("pair"), st.integers(0, 3), st.permutations(range(3))),
    st.tuples(st.just("unpair"), st.integers(0, 3)),
    st.tuples(st.just("enter"), st.integers(0, 11), st.integers(0, 100), st.integers(0, 100)),
    st.tuples(st.just("confirm"), st.integers(0, 11)),
    st.tuples(st.just("captain"), st.integers(0, 3), st.integers(0, 2)),
    st.tuples(st.just("drop"), st.integers(0, 3)),
    st.tuples(st.just("scoring"), st.integers(0, 10)),
    st.tuples(st.just("variant"), st.sampled_from(["etc", "champions"])),
    st.tuples(st.just("undo"), st.integers(1, 4)),
)


def _open_matches(event: Event) -> list[TeamMatch]:
    latest = event.team_rounds.order_by("-number").first()
    if latest is None:
        return []
    return list(latest.matches.exclude(team_b=None).order_by("number"))


def _pick(items: list, index: int):
    return items[index % len(items)] if items else None


def _ritual_step(match: TeamMatch, user, side: str, choice: int) -> None:
    seen = ritual.ritual_state(match_id=match.pk, user=user)
    options = seen["options"].get(side)
    if seen["done"] or not options:
        return
    data = {"step": seen["step"], "version": seen["version"], "side": side}
    if seen["step"] == "attackers":
        first = choice % len(options)
        data["players"] = [options[first]["id"], options[(first + 1) % len(options)]["id"]]
    else:
        data["player"] = options[choice % len(options)]["id"]
    ritual.ritual_act(match_id=match.pk, data=data, user=user)


def _apply(event: Event, user, op: tuple) -> None:  # noqa: PLR0912 - one branch per step
    kind, *args = op
    match = _pick(_open_matches(event), args[0]) if args and isinstance(args[0], int) else None
    team_list = list(event.teams.order_by("id"))
    games = [
        link.game_id
        for m in _open_matches(event)
        for link in m.match_games.order_by("game__table_number")
    ]
    if kind == "team_round":
        rounds.team_round_create(event_id=event.pk, user=user, seed=len(games))
    elif kind == "ritual" and match:
        _ritual_step(match, user, args[1], args[2])
    elif kind == "ritual_all" and match:
        # Both sides to the end (a ritual left half-way is the "ritual" step's case).
        for step in range(20):
            _ritual_step(match, user, "ab"[step % 2], args[1] + step)
    elif kind == "pair" and match:
        a = [m.player_id for m in match.team_a.members.order_by("player_id")]
        b = [m.player_id for m in match.team_b.members.order_by("player_id")]
        pairs = [(a[i], b[j]) for i, j in enumerate(args[1])]
        matches.team_match_pair_players(match=match, pairs=pairs, user=user)
    elif kind == "unpair" and match:
        matches.team_match_unpair(match=match, user=user)
    elif kind == "enter" and games:
        # The organiser's entry is confirmed; a player's waits for the opponent ("confirm").
        game = Game.objects.select_related("player_a").get(pk=_pick(games, args[0]))
        by = {"player": game.player_a} if args[1] % 2 else {"user": user}
        results.result_enter(game_id=game.pk, data={"vp_a": args[1], "vp_b": args[2]}, **by)
    elif kind == "confirm" and games:
        game = Game.objects.select_related("player_b").get(pk=_pick(games, args[0]))
        results.result_confirm(game_id=game.pk, player=game.player_b)
    elif kind == "captain" and team_list:
        team = _pick(team_list, args[0])
        member = _pick(list(team.members.order_by("player_id")), args[1])
        teams.team_update(team=team, user=user, changes={"captain": member.player_id})
    elif kind == "drop" and team_list:
        teams.team_update(team=_pick(team_list, args[0]), user=user, changes={"dropped": True})
    elif kind == "scoring":
        scoring.team_scoring_update(event=event, user=user, changes={"draw_margin": args[0]})
    elif kind == "variant":
        ritual.ritual_setting_update(event_id=event.pk, variant=args[0], user=user)
    elif kind == "undo":
        entries = list(
            AuditEntry.objects.filter(event=event, undone_at__isnull=True)
            .exclude(action="undo")
            .order_by("-id")[: args[0]]
        )
        if entries:
            audit.audit_undo(entry_id=entries[-1].pk, user=user, confirm=True)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    team_count=st.integers(2, 5),
    program=st.lists(OPS, min_size=8, max_size=30),
)
def test_team_event_export_import_export_is_the_same_document(organiser, team_count, program):
    savepoint = transaction.savepoint()
    try:
        event = events.event_create(
            user=organiser, name="Random Teams", rounds=3, kind="team", team_size=3
        )
        for t in range(team_count):
            team = teams.team_create(event=event, user=organiser, name=f"Team {t}")
            for i in range(3):
                teams.team_member_add(
                    team=team, user=organiser, name=f"T{t} P{i}", faction=FACTIONS[i]
                )
        for op in [("team_round",), *program]:
            try:
                with transaction.atomic():
                    _apply(Event.objects.get(pk=event.pk), organiser, op)
            except ServiceError:
                pass  # a refused step changes nothing, as in real use
        seen = observable(event), team_observable(event)
        document = export(event)
        event.team_rounds.all().delete()
        event.rounds.all().delete()
        event.delete()
        copy = event_import(raw=json.dumps(document), as_admin=True, link_accounts=True).event
        assert (observable(copy), team_observable(copy)) == (imported(seen[0]), seen[1])
        assert without_stamp(export(copy)) == without_stamp(document)
    finally:
        transaction.savepoint_rollback(savepoint)

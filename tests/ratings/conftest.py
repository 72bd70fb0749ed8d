"""Played events built straight in the database: players linked to people by their e-mail
address (as sign-up links them), rounds complete, results confirmed."""

from __future__ import annotations

import datetime

import pytest

from tournament.models import Event, Game, Result, Round
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register


def email(name: str) -> str:
    return f"{name.lower().replace(' ', '.')}@example.org"


def play(user, *, name, pack="eleventh", day=1, rounds=(), factions=None, hidden=False):
    """An event of `pack` ending on 2026-03-`day`; `rounds`: per round, [(a, b, vp_a, vp_b)]
    with b None for a bye, tables in the order given. Returns {player name: Player}."""
    event = event_create(user=user, name=name, rounds=max(len(rounds), 1), seed=day)
    date = datetime.date(2026, 3, day)
    Event.objects.filter(pk=event.pk).update(
        mission_pack=pack, start_date=date, end_date=date, hidden=hidden
    )
    factions = factions or {}
    names = sorted({n for games in rounds for g in games for n in g[:2] if n})
    players = {
        n: player_register(
            event=event, user=user, name=n, email=email(n), faction=factions.get(n, "Orks")
        )
        for n in names
    }
    for number, games in enumerate(rounds, start=1):
        round_ = Round.objects.create(event=event, number=number, status="complete")
        for table, (a, b, vp_a, vp_b) in enumerate(games, start=1):
            game = Game.objects.create(
                round=round_,
                table_number=None if b is None else table,
                player_a=players[a],
                player_b=players[b] if b else None,
            )
            Result.objects.create(
                game=game,
                version=1,
                vp_a=vp_a,
                vp_b=vp_b,
                status="confirmed",
                source="bye" if b is None else "organiser",
            )
    event.refresh_from_db()
    event.by_name = players
    return event


@pytest.fixture
def season(organiser):
    """Two 11th-edition events and a Leviathan one. Ann beats everyone; Bo and Cy draw;
    Dee has a bye in the first."""
    first = play(
        organiser,
        name="Spring GT",
        day=1,
        rounds=[
            [("Ann", "Bo", 70, 40), ("Cy", "Dee", 50, 50)],
            [("Ann", "Cy", 80, 20), ("Bo", "Dee", 60, 30)],
            [("Dee", None, 60, None), ("Ann", "Bo", 90, 10)],
        ],
        factions={"Ann": "Necrons", "Bo": "Orks", "Cy": "Aeldari", "Dee": "Orks"},
    )
    second = play(
        organiser,
        name="Summer GT",
        day=20,
        rounds=[[("Ann", "Dee", 60, 30), ("Bo", "Cy", 40, 40)]],
        factions={"Ann": "Aeldari", "Bo": "Orks", "Cy": "Aeldari", "Dee": "Orks"},
    )
    old = play(
        organiser, name="Leviathan Cup", pack="leviathan", day=5, rounds=[[("Ann", "Bo", 40, 60)]]
    )
    return first, second, old

"""A scenario for the role matrix: two events, a paired round, and one key per role.

Game G is A vs B and game H is C vs D in the organiser's event; the rival organiser runs
another event with its own player E. The judge is on the organiser's event's staff as a judge
(a plain account: it may not create events); "newbie" is an account on nobody's staff.
`snapshot()` reads every row that any write could touch, so a refused request can be shown to
change nothing at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

FORGED_KEY = "forged-" + "x" * 36
ROLES = (
    "anonymous",
    "player_of_game",
    "player_of_other_game",
    "forged_key",
    "other_organiser",
    "judge",
    "organiser",
)


@dataclass
class Scenario:
    event: object
    other_event: object
    players: dict
    game: object
    other_game: object
    organiser: object
    other_organiser: object
    judge: object
    extra: dict = field(default_factory=dict)


@pytest.fixture
def judge(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("judy", password="pw")


@pytest.fixture
def scn(organiser, other_organiser, judge):
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.events.staff import staff_add
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    get_user_model().objects.create_user("newbie", password="pw")
    event = event_create(user=organiser, name="Home GT", rounds=5, seed=1)
    staff_add(event=event, user=organiser, username="judy", role="judge")
    players = {
        label: player_register(event=event, user=organiser, name=f"Player {label}", faction="Orks")
        for label in "ABCD"
    }
    round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": players["A"].pk, "player_b": players["B"].pk},
            {"player_a": players["C"].pk, "player_b": players["D"].pk},
        ],
    )
    other = event_create(user=other_organiser, name="Rival GT", rounds=3, seed=2)
    players["E"] = player_register(event=other, user=other_organiser, name="Player E")
    games = {g.player_a_id: g for g in event.rounds.get(number=1).games.all()}
    return Scenario(
        event=event,
        other_event=other,
        players=players,
        game=games[players["A"].pk],
        other_game=games[players["C"].pk],
        organiser=organiser,
        other_organiser=other_organiser,
        judge=judge,
    )


def snapshot() -> dict:
    from django.contrib.auth import get_user_model

    from clocks.models import ClockSettings, GameClock
    from teams.models.teams import (
        Team,
        TeamMatch,
        TeamMatchGame,
        TeamMember,
        TeamRound,
        TeamScoring,
    )
    from tournament.models import (
        Announcement,
        AuditEntry,
        Event,
        EventStaff,
        Game,
        PaintingScore,
        Player,
        PrintJob,
        Result,
        Round,
        SportsVote,
        Table,
    )
    from tracker.models import TrackedGame

    models = (
        Team,
        TeamMember,
        TeamScoring,
        TeamRound,
        TeamMatch,
        TeamMatchGame,
        Announcement,
        Event,
        EventStaff,
        Player,
        Round,
        Game,
        Result,
        AuditEntry,
        Table,
        PrintJob,
        TrackedGame,
        PaintingScore,
        SportsVote,
        ClockSettings,
        GameClock,
        get_user_model(),
    )
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in models}


def open_signup(scn: Scenario, *, approval: bool = True) -> None:
    """Open the event's sign-up (approval on) and add one pending sign-up, player "S"."""
    from tournament.services.events.events import event_update
    from tournament.services.players.registration import registration_submit

    event_update(
        event=scn.event,
        user=scn.organiser,
        changes={"registration_open": True, "registration_approval": approval},
    )
    scn.players["S"] = registration_submit(event=scn.event, name="Sign Up", faction="Orks")


def key_of(scn: Scenario, role: str, game_player: str = "A") -> str | None:
    return {
        "player_of_game": scn.players[game_player].private_key,
        "player_of_other_game": scn.players["C"].private_key,
        "forged_key": FORGED_KEY,
    }.get(role)


def user_of(scn: Scenario, role: str):
    return {
        "organiser": scn.organiser,
        "other_organiser": scn.other_organiser,
        "judge": scn.judge,
    }.get(role)


def unrelease_round(scn: Scenario) -> None:
    """Round 1 back under review (as paired with review_pairings on), for its release."""
    scn.event.rounds.filter(number=1).update(released=False)


def open_phone_check_in(scn: Scenario) -> None:
    """Check-in from the phone open, player A not checked in yet."""
    type(scn.event).objects.filter(pk=scn.event.pk).update(check_in_open=True)
    scn.players["A"].__class__.objects.filter(pk=scn.players["A"].pk).update(checked_in=False)

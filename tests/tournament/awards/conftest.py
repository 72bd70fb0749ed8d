"""An event with four players and round 1 paired by hand: Ann vs Bob, Cat vs Dan."""

from __future__ import annotations

import pytest


@pytest.fixture
def judge(event, organiser):
    from django.contrib.auth import get_user_model

    from tournament.services.events.staff import staff_add

    user = get_user_model().objects.create_user("judy", password="pw")
    staff_add(event=event, user=organiser, username="judy", role="judge")
    return user


@pytest.fixture
def four(event, organiser):
    from tournament.services.players.players import player_register

    return {
        name: player_register(event=event, user=organiser, name=name, faction="Orks")
        for name in ("Ann", "Bob", "Cat", "Dan")
    }


@pytest.fixture
def round1(event, organiser, four):
    from tournament.services.rounds.rounds import round_create

    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": four["Ann"].pk, "player_b": four["Bob"].pk},
            {"player_a": four["Cat"].pk, "player_b": four["Dan"].pk},
        ],
    )
    return {g.player_a.name: g for g in round_.games.select_related("player_a")}


@pytest.fixture
def played(round1, organiser):
    """Both games confirmed: Ann beats Bob, Cat and Dan draw."""
    from tournament.services.results.results import result_enter

    result_enter(game_id=round1["Ann"].pk, data={"vp_a": 70, "vp_b": 40}, user=organiser)
    result_enter(game_id=round1["Cat"].pk, data={"vp_a": 50, "vp_b": 50}, user=organiser)
    return round1

"""A team event of 5-player teams with team round 1 paired: two matches to run rituals on."""

from __future__ import annotations

import pytest

from teams.services.rounds import team_round_create
from teams.services.teams import team_create, team_member_add
from tournament.services.events.events import event_create

FACTIONS = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"]
NAMES = ["Alpha", "Beta", "Gamma", "Delta"]


@pytest.fixture
def team_event(organiser):
    return event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=5)


def make_team(event, user, name, size=5):
    team = team_create(event=event, user=user, name=name)
    for i in range(size):
        team_member_add(team=team, user=user, name=f"{name} {i + 1}", faction=FACTIONS[i])
    team.refresh_from_db()
    return team


@pytest.fixture
def team_round(team_event, organiser):
    for name in NAMES:
        make_team(team_event, organiser, name)
    return team_round_create(event_id=team_event.pk, user=organiser, seed=1)


@pytest.fixture
def match(team_round):
    return team_round.matches.exclude(team_b=None).order_by("number").first()

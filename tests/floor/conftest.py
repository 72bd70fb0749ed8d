"""A paired round of eight players, a judge on the event's staff."""

import pytest


@pytest.fixture
def paired(event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    round_ = round_create(event_id=event.pk, user=organiser, seed=1)
    return list(round_.games.order_by("table_number").select_related("player_a", "player_b"))


@pytest.fixture
def game(paired):
    return paired[0]


@pytest.fixture
def judge(event):
    from django.contrib.auth import get_user_model

    from tournament.models import EventStaff, StaffRole

    user = get_user_model().objects.create_user(
        "judy", password="pw", first_name="Judy", last_name="Dredd"
    )
    EventStaff.objects.create(event=event, user=user, role=StaffRole.JUDGE)
    return user


@pytest.fixture
def clock_calls(monkeypatch):
    """What the calls asked of the game clocks, in order."""
    from floor.services import calls

    seen = []
    monkeypatch.setattr(calls, "clock_hold", lambda **kw: seen.append(("hold", kw)))
    monkeypatch.setattr(calls, "clock_release", lambda **kw: seen.append(("release", kw)))
    return seen

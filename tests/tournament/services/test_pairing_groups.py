"""The pairing service's group hook (tournament.services.rounds.rounds.PAIRING_GROUP_HOOKS), with no
other app: a round a hook splits into groups pairs inside them, a player in no group is named
and nothing is paired, and without an answer the whole field pairs as usual."""

from __future__ import annotations

import pytest

from common.errors import Conflict
from tournament.models import Game, Player
from tournament.services.events.events import event_create
from tournament.services.rounds import rounds
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def field(organiser):
    event = event_create(user=organiser, name="Groups GT", rounds=3, seed=1)
    Player.objects.bulk_create(Player(event=event, name=f"P{i:02d}") for i in range(1, 11))
    return event


@pytest.fixture
def hook(monkeypatch):
    answers: dict = {}
    monkeypatch.setattr(rounds, "PAIRING_GROUP_HOOKS", [lambda event, number: answers.get(number)])
    return answers


def test_a_grouped_round_pairs_inside_its_groups(field, organiser, hook):
    ids = sorted(field.players.values_list("pk", flat=True))
    hook[1] = [("North", ids[:5]), ("South", ids[5:])]
    round_ = round_create(event_id=field.pk, user=organiser, seed=3)
    group = dict.fromkeys(ids[:5], 0) | dict.fromkeys(ids[5:], 1)
    games = list(Game.objects.filter(round=round_))
    assert sum(g.player_b_id is None for g in games) == 2  # one bye per odd group
    assert all(g.player_b_id is None or group[g.player_a_id] == group[g.player_b_id] for g in games)
    tables = [g.table_number for g in games if g.player_b_id]
    assert sorted(tables) == [1, 2, 3, 4]


def test_a_player_in_no_group_is_named_and_nothing_is_paired(field, organiser, hook):
    ids = sorted(field.players.values_list("pk", flat=True))
    hook[1] = [("North", ids[:4]), ("South", ids[4:9])]
    with pytest.raises(Conflict) as refused:
        round_create(event_id=field.pk, user=organiser, seed=3)
    assert refused.value.codes == {"round": ["players_without_group"]}
    assert "P10" in str(refused.value)
    assert "North, South" in str(refused.value)
    assert not field.rounds.exists()


def test_no_answer_pairs_the_whole_field(field, organiser, hook):
    round_ = round_create(event_id=field.pk, user=organiser, seed=3)
    assert Game.objects.filter(round=round_, player_b__isnull=False).count() == 5

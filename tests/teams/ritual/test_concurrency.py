"""Both captains acting at the same moment: nothing lost, nothing done twice (the match row is
locked for each action, the first action included, which creates the ritual)."""

from __future__ import annotations

import pytest

from teams.models.ritual import TeamMatchRitual
from teams.services.ritual import ritual_act, ritual_state
from tests.threads import run_at_once
from tournament.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def _first(match, side):
    cap = match.team_a.captain if side == "a" else match.team_b.captain
    seen = ritual_state(match_id=match.pk, player=cap)
    opts = [p["id"] for p in seen["options"][side]]
    data = {"step": seen["step"]}
    if seen["step"] == "attackers":
        data["players"] = opts[:2]
    else:
        data["player"] = opts[0]
    return lambda: ritual_act(match_id=match.pk, data=data, player=cap)


def test_both_captains_at_once_every_step_to_the_end(match):
    for _ in range(10):
        row = TeamMatchRitual.objects.filter(match=match).first()
        if row is not None and row.finished_at:
            break
        outcomes = run_at_once([_first(match, "a"), _first(match, "b")])
        assert [o[0] for o in outcomes] == ["ok", "ok"]
    row = TeamMatchRitual.objects.get(match=match)
    assert row.finished_at is not None
    assert len(row.log) == row.state["version"] == 10  # 5 steps, two commits each
    assert Game.objects.filter(round=match.team_round.round).count() == 5


def test_the_same_commit_twice_at_once_is_taken_once(match):
    job = _first(match, "a")
    outcomes = run_at_once([job, job, job])
    assert sorted(o[0] for o in outcomes) == ["ok", "refused", "refused"]
    refused = [o[1] for o in outcomes if o[0] == "refused"]
    assert all(e.codes == {"step": ["already_chosen"]} for e in refused)
    assert len(TeamMatchRitual.objects.get(match=match).log) == 1

"""The ritual services: roles, secrecy, refusals, stale actions, the games at the end, the log."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Forbidden, Invalid
from teams.engine.ritual import replay
from teams.models.ritual import TeamMatchRitual
from teams.services.ritual import ritual_act, ritual_setting_update, ritual_state
from tournament.models import AuditEntry, Game
from tournament.services.audit.words import audit_describe

pytestmark = pytest.mark.django_db


def ids(team):
    return [m.player_id for m in team.members.order_by("player__name")]


def captains(match):
    return match.team_a.captain, match.team_b.captain


def play_to_the_end(match, *, user=None):
    """A's captain and B's captain each take the first option offered, to the end."""
    cap_a, cap_b = captains(match)
    while True:
        for side, cap in (("a", cap_a), ("b", cap_b)):
            kw = {"user": user} if user else {"player": cap}
            seen = ritual_state(match_id=match.pk, **kw)
            if seen["done"]:
                return seen
            opts = seen["options"].get(side)
            if not opts:
                continue
            data = {"step": seen["step"], "version": seen["version"]}
            if user:
                data["side"] = side
            if seen["step"] == "attackers":
                data["players"] = [opts[0]["id"], opts[1]["id"]]
            else:
                data["player"] = opts[0]["id"]
            ritual_act(match_id=match.pk, data=data, **kw)


def test_captains_run_the_ritual_and_the_games_are_made_with_tables(match):
    seen = play_to_the_end(match)
    assert seen["done"]
    games = list(Game.objects.filter(round=match.team_round.round).order_by("table_number"))
    mine = [g for g in games if g.player_a_id in ids(match.team_a)]
    assert len(mine) == 5
    assert sorted(g.player_a_id for g in mine) == sorted(ids(match.team_a))
    assert sorted(g.player_b_id for g in mine) == sorted(ids(match.team_b))
    tables = [g.table_number for g in mine]
    assert tables == list(range(match.first_table, match.first_table + 5))
    match.refresh_from_db()
    assert match.players_paired_by == "ritual"
    assert all(g["table"] is not None for g in seen["games"])
    ritual = TeamMatchRitual.objects.get(match=match)
    assert ritual.finished_at is not None
    assert len(ritual.log) == ritual.state["version"]
    # The stored log replays to the stored state.
    teams = ritual.state["teams"]
    assert replay(teams["a"], teams["b"], ritual.variant, ritual.log) == ritual.state


def test_the_other_captain_never_sees_an_unrevealed_choice(match):
    cap_a, cap_b = captains(match)
    defender = ids(match.team_a)[2]
    seen_a = ritual_act(
        match_id=match.pk, data={"step": "defender", "player": defender}, player=cap_a
    )
    assert seen_a["my_choice"]["id"] == defender
    seen_b = ritual_state(match_id=match.pk, player=cap_b)
    assert seen_b["my_choice"] is None
    assert seen_b["committed"] == {"a": True, "b": False}
    assert seen_b["current"] == {}
    assert seen_b["options"] == {"b": seen_b["pool"]["b"]}
    organiser_view = ritual_state(match_id=match.pk, user=match.team_round.event.staff.first())
    assert organiser_view["my_choice"] is None
    # The audit log says a choice was made, never which, until both have chosen.
    entry = AuditEntry.objects.filter(action="team_ritual").latest("id")
    words = audit_describe([entry])[entry.pk]
    assert "made its defender choice" in words
    name = match.team_a.members.get(player_id=defender).player.name
    assert name not in words
    ritual_act(
        match_id=match.pk, data={"step": "defender", "player": ids(match.team_b)[0]}, player=cap_b
    )
    entry = AuditEntry.objects.filter(action="team_ritual").latest("id")
    words = audit_describe([entry])[entry.pk]
    assert f"{match.team_a.name} put forward {name} as defender" in words


def test_refusals_name_the_field_and_change_nothing(match):
    cap_a = match.team_a.captain
    cases = [
        ({"step": "attackers", "players": ids(match.team_a)[:2]}, "step", "wrong_step"),
        ({"step": "defender", "player": ids(match.team_b)[0]}, "player", "player_not_available"),
        ({"step": "defender"}, "player", "invalid"),
    ]
    for data, field, code in cases:
        with pytest.raises(Invalid) as err:
            ritual_act(match_id=match.pk, data=data, player=cap_a)
        assert err.value.codes == {field: [code]}
    assert not TeamMatchRitual.objects.filter(match=match).exists()
    ritual_act(
        match_id=match.pk, data={"step": "defender", "player": ids(match.team_a)[0]}, player=cap_a
    )
    with pytest.raises(Invalid) as err:
        ritual_act(
            match_id=match.pk,
            data={"step": "defender", "player": ids(match.team_a)[1]},
            player=cap_a,
        )
    assert err.value.codes == {"step": ["already_chosen"]}


@pytest.mark.parametrize("first", ["a", "b"])
def test_choices_made_at_the_same_moment_go_through_in_either_order(match, first):
    """Both captains load the step, then both commit: the other side's hidden commit does not
    change this side's options, so it does not make this side's page stale."""
    caps = dict(zip("ab", captains(match), strict=True))
    teams = {"a": match.team_a, "b": match.team_b}
    seen = {s: ritual_state(match_id=match.pk, player=caps[s]) for s in "ab"}
    second = "b" if first == "a" else "a"
    for side in (first, second):
        data = {"step": "defender", "player": ids(teams[side])[0], "version": seen[side]["version"]}
        ritual_act(match_id=match.pk, data=data, player=caps[side])
    after = ritual_state(match_id=match.pk, player=caps["a"])
    assert after["step"] == "attackers"
    assert after["current"]["defender"]["b"]["id"] == ids(match.team_b)[0]


def test_organiser_acts_for_both_sides_from_one_page_load(match):
    organiser = match.team_round.event.staff.first()
    seen = ritual_state(match_id=match.pk, user=organiser)
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        data = {"step": "defender", "side": side, "player": ids(team)[0]}
        ritual_act(match_id=match.pk, data={**data, "version": seen["version"]}, user=organiser)
    assert ritual_state(match_id=match.pk, user=organiser)["step"] == "attackers"


def test_a_stale_action_is_refused(match):
    """A second phone of captain B still shows the defender step after the step was revealed:
    B's options changed, so its choice is stale."""
    cap_a, cap_b = captains(match)
    seen = ritual_state(match_id=match.pk, player=cap_b)
    ritual_act(
        match_id=match.pk, data={"step": "defender", "player": ids(match.team_a)[0]}, player=cap_a
    )
    ritual_act(
        match_id=match.pk,
        data={"step": "defender", "player": ids(match.team_b)[0], "version": seen["version"]},
        player=cap_b,
    )
    with pytest.raises(Conflict) as err:
        ritual_act(
            match_id=match.pk,
            data={"step": "defender", "player": ids(match.team_b)[1], "version": seen["version"]},
            player=cap_b,
        )
    assert err.value.codes == {"version": ["stale"]}


def test_only_the_match_captains_and_staff_take_part(match, team_round):
    other = team_round.matches.exclude(pk=match.pk).exclude(team_b=None).first()
    stranger = other.team_a.captain
    with pytest.raises(Forbidden) as err:
        ritual_state(match_id=match.pk, player=stranger)
    assert err.value.codes == {"key": ["not_captain"]}
    not_captain = match.team_a.members.exclude(player=match.team_a.captain).first().player
    with pytest.raises(Forbidden):
        ritual_act(match_id=match.pk, data={"step": "defender", "player": 1}, player=not_captain)
    cap_a = match.team_a.captain
    with pytest.raises(Forbidden) as err:
        ritual_act(
            match_id=match.pk,
            data={"side": "b", "step": "defender", "player": ids(match.team_b)[0]},
            player=cap_a,
        )
    assert err.value.codes == {"side": ["not_your_side"]}


def test_the_organiser_runs_it_for_both_captains(match, organiser):
    with pytest.raises(Invalid) as err:
        ritual_act(match_id=match.pk, data={"step": "defender", "player": 1}, user=organiser)
    assert err.value.codes == {"side": ["required"]}
    seen = play_to_the_end(match, user=organiser)
    assert seen["done"]
    assert seen["you"] == "organiser"
    assert len(seen["record"]) >= 6
    assert seen["record"][0].startswith("Round 1: ")


def test_the_variant_setting_is_used_by_new_rituals(match, organiser):
    ritual_setting_update(event_id=match.team_round.event_id, variant="champions", user=organiser)
    seen = ritual_state(match_id=match.pk, user=organiser)
    assert (seen["variant"], seen["step"]) == ("champions", "champion")
    done = play_to_the_end(match, user=organiser)
    assert next(g["how"] for g in done["games"]) == "champions"
    with pytest.raises(Invalid) as err:
        ritual_setting_update(event_id=match.team_round.event_id, variant="x", user=organiser)
    assert err.value.codes == {"variant": ["invalid_choice"]}


def test_the_organiser_starts_a_ritual_again_only_while_unpaired(match, organiser):
    from teams.services.matches import team_match_unpair
    from teams.services.ritual import ritual_reset

    cap_a = match.team_a.captain
    ritual_act(
        match_id=match.pk, data={"step": "defender", "player": ids(match.team_a)[0]}, player=cap_a
    )
    with pytest.raises(Forbidden):
        ritual_reset(match_id=match.pk, user=None)
    ritual_reset(match_id=match.pk, user=organiser)
    assert not TeamMatchRitual.objects.filter(match=match).exists()
    entry = AuditEntry.objects.filter(action="team_ritual").latest("id")
    assert "started again" in audit_describe([entry])[entry.pk]
    play_to_the_end(match)
    with pytest.raises(Conflict) as err:
        ritual_reset(match_id=match.pk, user=organiser)
    assert err.value.codes == {"match": ["already_paired"]}
    team_match_unpair(match=match, user=organiser)
    ritual_reset(match_id=match.pk, user=organiser)
    assert ritual_state(match_id=match.pk, player=cap_a)["version"] == 0

"""Each Eternal War and Only War mission's scoring and ending, played through the engine,
each test citing the seed's line it checks."""

from __future__ import annotations

from typing import Any

import pytest

from tracker.engine import eternal
from tracker.engine.errors import Refusal

P1, P2 = eternal.PLAYERS


def act(state: dict[str, Any], kind: str, **fields: Any) -> dict[str, Any]:
    return eternal.apply(
        state, {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
    )


def start(pack: str, mission: str, first: str = P1, **setup: Any) -> dict[str, Any]:
    state = eternal.new_game("t", pack_key=pack, mission_key=mission)
    if state["phase"] == "setup" and eternal.options(state)["roll_markers"]:
        state = act(state, "roll_markers", **setup)
    if state["rules"]["underdog"]:
        state = act(state, "power_levels", power_1=50, power_2=50, assigned_by=P2)
    state = act(state, "set_first_turn", first=first)
    if state["phase"] == "battle_start":
        state = act(state, "roll_markers", **setup)
    return state


def to_end(state: dict[str, Any], rolls=(1,)) -> dict[str, Any]:
    """End every turn (game length rolls as given) until the battle is over."""
    rolls = list(rolls)
    while state["phase"] in ("turn", "game_length"):
        if state["phase"] == "game_length":
            state = act(state, "game_length", roll=rolls.pop(0))
            continue
        extra = {}
        if state["rules"]["per_turn_markers"]:
            extra["held"] = [None] * state["rules"]["per_turn_markers"]
        state = act(state, "end_turn", side=state["turn"], **extra)
    return state


def test_retrieval_mission_each_marker_held_at_the_end_is_3_vp():
    # seed 000 line 2207: Take and Hold, 3 VP for each marker controlled at the end.
    state = to_end(start("eighth", "retrieval_mission"))
    for marker, holder in ((1, P1), (2, P1), (3, P2), (4, None)):
        state = act(state, "hold", marker=marker, holder=holder)
    sheet = eternal.score_sheet(state)
    assert (sheet[P1]["primary"], sheet[P2]["primary"]) == (6, 3)


def test_no_mercy_scores_each_enemy_unit_destroyed_in_the_round_it_died():
    # seed 000 line 2247: No Quarter Given, 1 VP per enemy unit destroyed; line 2249 the
    # Warlord's bonus comes on top.
    state = start("eighth", "no_mercy")
    state = act(state, "kills", side=P1, count=2)
    state = act(state, "end_turn", side=P1)
    state = act(state, "kills", side=P2, count=3)
    state = act(state, "kills", side=P2, count=-1)
    state = act(state, "bonus", side=P1, name="slay_the_warlord", value=True)
    sheet = eternal.score_sheet(state)
    assert sheet[P1]["by_round"][:1] == [2]
    assert (sheet[P1]["total"], sheet[P2]["total"]) == (3, 2)
    with pytest.raises(Refusal) as err:
        act(state, "kills", side=P1, count=-3)
    assert err.value.field == "count"


def test_the_scouring_8th_rolls_superior_and_inferior_after_deployment():
    # seed 000 line 2283: after all units are set up, one marker is Superior (4 VP) and a
    # different one Inferior (1 VP); line 2297: the others are 2 VP.
    state = eternal.new_game("t", pack_key="eighth", mission_key="the_scouring")
    assert state["markers"] is None  # unknown while the markers are placed
    with pytest.raises(Refusal) as err:
        act(state, "set_first_turn", first=P1)
    assert err.value.code == "markers_first"
    with pytest.raises(Refusal):
        act(state, "roll_markers", superior=2, inferior=2)
    state = act(state, "roll_markers", superior=6, inferior=4)
    assert state["markers"] == [2, 2, 2, 1, 2, 4]
    state = to_end(act(state, "set_first_turn", first=P1))
    state = act(state, "hold", marker=6, holder=P2)
    state = act(state, "hold", marker=4, holder=P1)
    sheet = eternal.score_sheet(state)
    assert (sheet[P1]["markers"], sheet[P2]["markers"]) == (1, 4)


def test_big_guns_never_tire_scores_markers_and_heavy_support_destroyed():
    # seed 000 lines 2345 and 2347: 3 VP a marker, 1 VP per enemy Heavy Support unit.
    state = start("eighth", "big_guns_never_tire")
    state = act(state, "kills", side=P2, count=2)
    state = to_end(state)
    state = act(state, "hold", marker=1, holder=P1)
    sheet = eternal.score_sheet(state)
    assert (sheet[P1]["primary"], sheet[P2]["primary"]) == (3, 2)


def test_the_relic_8th_is_won_by_its_own_conditions_without_bonus_points():
    # seed 000 line 2439: carrying the Relic is a major victory, the closest model a minor
    # one, equally close a draw; no Slay the Warlord, First Blood or Linebreaker.
    state = to_end(start("eighth", "the_relic"))
    with pytest.raises(Refusal):
        act(state, "bonus", side=P1, name="first_blood", value=True)
    with pytest.raises(Refusal) as err:
        act(state, "finish")
    assert err.value.code == "relic_first"
    closest = act(act(state, "relic", how="closest", winner=P2), "finish")
    assert eternal.winner(closest) == {"side": P2, "kind": "minor", "why": "relic"}
    assert eternal.final_score(closest) == {P1: 0, P2: 0}
    equal = act(state, "relic", how="equal")
    assert eternal.winner(equal)["kind"] == "draw"


def test_variable_game_length_after_rounds_5_and_6():
    # seed 000 line 2199 (each mission's Battle Length): after round 5 go on with 3+,
    # after round 6 with 4+, always end after round 7.
    state = to_end(start("eighth", "secure_and_control"), rolls=(3, 3))
    assert state["round"] == 6
    assert state["phase"] == "end_of_game"
    state = to_end(start("eighth", "secure_and_control"), rolls=(6, 4))
    assert state["round"] == 7


def test_8th_sudden_death_concession_any_time_tabled_after_round_1():
    # seed 000 lines 2018-2019: a concession ends the battle at once; a side with no models
    # at the end of a turn after the first battle round loses.
    state = start("eighth", "no_mercy")
    with pytest.raises(Refusal) as err:
        act(state, "end_early", side=P1, how="tabled")
    assert err.value.code == "not_in_first_round"
    conceded = act(state, "end_early", side=P1, how="concession")
    assert conceded["phase"] == "end_of_game"
    assert eternal.winner(conceded) == {"side": P2, "kind": "crushing", "why": "concession"}


def test_7th_a_side_is_tabled_at_the_end_of_a_game_turn():
    # seed 001 line 310: no models at the end of any game turn (both players' turns).
    state = start("seventh", "purge_the_alien", first=P2)
    with pytest.raises(Refusal) as err:
        act(state, "end_early", side=P1, how="tabled")
    assert err.value.code == "not_end_of_game_turn"
    state = act(state, "end_turn", side=P2)
    state = act(state, "end_early", side=P2, how="tabled")
    assert eternal.winner(state)["side"] == P1


def test_7th_crusade_rolls_d3_plus_2_markers_and_7th_scouring_has_its_values():
    # facts file, 7th Eternal War table: Crusade D3+2 markers at 3 VP; The Scouring's six
    # markers worth 4, 3, 3, 2, 2 and 1 VP and 1 VP per enemy Fast Attack unit destroyed.
    crusade = start("seventh", "crusade", roll=2)
    assert crusade["markers"] == [3, 3, 3, 3]
    scouring = start("seventh", "the_scouring")
    assert scouring["markers"] == [4, 3, 3, 2, 2, 1]
    assert scouring["rules"]["kills"] == "fast_attack"
    relic = start("seventh", "the_relic")
    assert relic["markers"] == [3]
    assert relic["rules"]["bonuses"] == ["slay_the_warlord", "first_blood", "linebreaker"]


def test_only_war_lasts_five_rounds_and_equal_vp_is_the_underdogs_minor_victory():
    # seed 003 line 1718: five battle rounds; line 1727: equal VP, the Underdog wins a minor
    # victory; line 1705: equal Power Levels, the player who assigned the zones is the Underdog.
    state = to_end(start("only_war", "slay_and_secure"))
    assert state["round"] == 5
    assert state["phase"] == "end_of_game"
    assert eternal.underdog(state)["side"] == P2  # 50 and 50, P2 assigned the zones
    assert eternal.winner(state) == {"side": P2, "kind": "minor", "why": "underdog"}


def test_only_war_slay_and_secure_warlord_is_d3_and_part_of_the_primary():
    # seed 003 line 1734: 2 VP a marker held at the end, D3 VP for the enemy Warlord slain.
    state = start("only_war", "slay_and_secure")
    state = act(state, "bonus", side=P1, name="slay_the_warlord", value=True, roll=3)
    with pytest.raises(Refusal):
        act(state, "bonus", side=P1, name="first_blood", value=True)
    state = to_end(state)
    state = act(state, "hold", marker=1, holder=P1)
    sheet = eternal.score_sheet(state)
    assert (sheet[P1]["primary"], sheet[P1]["bonuses"], sheet[P1]["total"]) == (5, 0, 5)


def test_only_war_ancient_relic_is_rolled_at_the_start_of_the_first_round():
    # seed 003 line 1741: at the start of the first battle round, before the first turn, one
    # marker is picked at random, the others removed; it is worth 6 VP at the end.
    state = eternal.new_game("t", pack_key="only_war", mission_key="ancient_relic")
    state = act(state, "power_levels", power_1=30, power_2=52, assigned_by=P1)
    assert not eternal.options(state)["roll_markers"]  # not in setup
    state = act(state, "set_first_turn", first=P1)
    assert state["phase"] == "battle_start"
    assert state["markers"] is None
    state = act(state, "roll_markers", roll=3)
    assert state["phase"] == "turn"
    assert state["markers"] == [6]
    assert "marker 3 stays" in state["marker_labels"][0]
    assert eternal.underdog(state) == {
        "side": P1,
        "command_rerolls": 2,
        "reason": "lower Power Level by 22",
    }


def test_only_war_domination_scores_every_turn_and_a_wipe_out_wins_at_once():
    # seed 003 line 1749: each marker held at the end of each turn is 1 VP; line 1723: an
    # army that slays all its foes wins a major victory at once.
    state = start("only_war", "domination")
    state = act(state, "end_turn", side=P1, held=[P1, P1, P2, None])
    state = act(state, "end_turn", side=P2, held=[P1, P2, P2, P2])
    sheet = eternal.score_sheet(state)
    assert (sheet[P1]["by_round"][0], sheet[P2]["by_round"][0]) == (3, 4)
    with pytest.raises(Refusal) as err:
        act(state, "end_turn", side=P1, held=[P1])
    assert err.value.field == "held"
    wiped = act(state, "end_early", side=P2, how="tabled")
    assert eternal.winner(wiped) == {"side": P1, "kind": "major", "why": "tabled"}


@pytest.mark.parametrize(
    ("pack", "mission", "kills", "kind"),
    [
        # The 7th edition's general rules (older-packs facts, "Result"): a winner with at least
        # twice the loser's VP has a crushing victory.
        ("seventh", "purge_the_alien", (4, 2), "crushing"),
        ("seventh", "purge_the_alien", (4, 3), "win"),
        ("seventh", "purge_the_alien", (2, 4), "crushing"),
        # 8th edition has no such margin: most VP wins.
        ("eighth", "no_mercy", (4, 2), "win"),
    ],
)
def test_7th_a_winner_with_twice_the_losers_vp_has_a_crushing_victory(pack, mission, kills, kind):
    state = start(pack, mission)
    state = act(state, "kills", side=P1, count=kills[0])
    state = act(state, "kills", side=P2, count=kills[1])
    state = to_end(state, rolls=(1,))
    totals = eternal.final_score(state)
    assert (totals[P1], totals[P2]) == kills
    found = eternal.winner(state)
    assert found["kind"] == kind
    assert found["side"] == (P1 if kills[0] > kills[1] else P2)

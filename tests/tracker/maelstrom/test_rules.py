"""The tracker's Maelstrom rules: achieving and scoring, one discard per turn, Spoils of War's
shared Secure Objectives, Cloak and Shadows' secrets, Tactical Priority, Priority Orders,
the variable game length and the bonus points."""

from __future__ import annotations

import json

import pytest

from missions.classic.tactical import parse_vp
from tracker.engine import maelstrom
from tracker.engine.errors import Refusal

P1, P2 = maelstrom.PLAYERS


def act(state, kind, **fields):
    return maelstrom.apply(
        state, {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
    )


def refused(state, kind, code, field=None, **fields):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(Refusal) as err:
        act(state, kind, **fields)
    assert err.value.code == code
    if field:
        assert err.value.field == field
    assert json.dumps(state, sort_keys=True) == before


def started(pack="eighth", key="cleanse_and_capture", seed="r", priorities=None):
    state = maelstrom.new_game(seed, pack_key=pack, mission_key=key)
    for side, category in (priorities or {}).items():
        state = act(state, "set_priority", side=side, category=category)
    return act(state, "set_first_turn", first=P1)


def rigged(state, side, numbers):
    """Give `side` these active objectives (as if generated) for a focused test."""
    state = json.loads(json.dumps(state))
    mine = state["sides"][side]
    mine["active"] = list(numbers)
    mine["generated"] = list(numbers)
    return state


def to_end_of_turn(state):
    side = state["turn"]
    state = act(state, "generate", side=side)
    return act(state, "advance", side=side)


def test_achieving_scores_and_removes_the_objective():
    state = to_end_of_turn(started())
    state = rigged(state, P1, [11, 45, 53])
    state = act(state, "achieve", side=P1, number=11)
    state = act(state, "achieve", side=P1, number=45, roll=3)
    state = act(state, "achieve", side=P1, number=53, outcome=2, roll=2)
    mine = state["sides"][P1]
    assert mine["active"] == []
    assert [(e["number"], e["vp"], e["roll"]) for e in mine["achieved"]] == [
        (11, 1, None),
        (45, 3, 3),
        (53, 5, 2),
    ]
    assert maelstrom.score_sheet(state)[P1]["total"] == 9
    refused(state, "achieve", "cannot_achieve", "number", side=P1, number=11)


def test_an_unentered_d3_is_rolled_from_the_seed_and_recorded():
    state = rigged(to_end_of_turn(started()), P1, [46])
    one = act(state, "achieve", side=P1, number=46)
    two = act(state, "achieve", side=P1, number=46)
    assert one == two
    entry = one["sides"][P1]["achieved"][0]
    assert 1 <= entry["roll"] <= 3
    assert entry["vp"] == entry["roll"] + 3


def test_bad_outcome_or_roll_is_refused_by_field():
    state = rigged(to_end_of_turn(started()), P1, [45, 11])
    refused(state, "achieve", "bad_number", "roll", side=P1, number=45, roll=4)
    refused(state, "achieve", "bad_number", "outcome", side=P1, number=11, outcome=1)
    refused(state, "achieve", "bad_number", "number", side=P1, number=70)
    refused(state, "achieve", "bad_side", "owner", side=P1, number=11, owner="x")


def test_own_turn_objectives_wait_for_the_owners_turn_but_this_turn_ones_do_not():
    state = to_end_of_turn(started())  # player_1's end of turn
    state = rigged(state, P2, [11, 62])
    refused(state, "achieve", "cannot_achieve", "number", side=P2, number=11)
    state = act(state, "achieve", side=P2, number=62)  # Witch Hunter: "this turn"
    assert state["sides"][P2]["achieved"][0]["turn"] == P1


def test_a_secret_mission_refuses_probes_of_the_other_players_objectives_alike():
    state = to_end_of_turn(started("eighth", "cloak_and_shadows", seed="probe"))
    held = state["sides"][P1]["active"][0]
    not_held = next(n for n in (11, 12, 13, 14) if n not in state["sides"][P1]["generated"])
    messages = set()
    for number in (held, not_held):
        with pytest.raises(Refusal) as err:
            act(state, "achieve", side=P2, owner=P1, number=number)
        messages.add((err.value.code, err.value.field, str(err.value)))
    assert len(messages) == 1


def test_seventh_edition_scores_only_at_the_end_of_your_turn():
    state = rigged(to_end_of_turn(started("seventh", "cleanse_and_control")), P2, [62])
    refused(state, "achieve", "cannot_achieve", side=P2, number=62)


def test_hold_the_line_not_in_the_first_turn():
    state = rigged(to_end_of_turn(started()), P1, [43])
    refused(state, "achieve", "cannot_achieve", "number", side=P1, number=43)


def test_eighth_defend_objective_needs_two_consecutive_turns():
    # Seed 000 around line 2574 (31-36 Defend Objective): "at the end of two consecutive
    # turns", so never at the end of the game's first turn, by either player.
    state = rigged(to_end_of_turn(started()), P1, [31])
    refused(state, "achieve", "cannot_achieve", "number", side=P1, number=31)
    state = rigged(to_end_of_turn(started()), P2, [32])
    refused(state, "achieve", "cannot_achieve", "number", side=P2, number=32)


def test_one_voluntary_discard_per_turn_and_after_achieving():
    state = rigged(to_end_of_turn(started()), P1, [11, 12, 13])
    state = act(state, "achieve", side=P1, number=11)
    state = act(state, "discard", side=P1, number=12)
    assert state["sides"][P1]["discarded"] == [12]
    refused(state, "discard", "discard_used", "number", side=P1, number=13)
    refused(state, "achieve", "cannot_achieve", side=P1, number=13)
    refused(state, "discard", "not_your_turn", "side", side=P2, number=13)


def test_spoils_of_war_secure_objectives_are_shared_and_kept():
    state = to_end_of_turn(started("eighth", "spoils_of_war"))
    state = rigged(state, P1, [12, 41, 51])
    refused(state, "discard", "cannot_discard", "number", side=P1, number=12)
    state = act(state, "end_turn", side=P1)
    state = to_end_of_turn(state)  # player_2's turn: it may take player_1's Secure Objective
    refused(state, "achieve", "cannot_achieve", "owner", side=P2, owner=P1, number=41)
    options = maelstrom.options(state, P2)[P2]["achieve"]
    assert {"owner": P1, "number": 12} in options
    state = act(state, "achieve", side=P2, owner=P1, number=12)
    assert 12 not in state["sides"][P1]["active"]
    assert state["sides"][P1]["taken"] == [12]
    assert state["sides"][P2]["achieved"][0]["owner"] == P1
    sheet = maelstrom.score_sheet(state)
    assert sheet[P2]["objectives"] == 1
    assert sheet[P2]["end"]["steal_the_loot"] == 0  # only at the end of the game


def test_steal_the_loot_at_the_end():
    state = started("eighth", "spoils_of_war")
    state["sides"][P1]["achieved"] = [{"number": 11}, {"number": 22}]
    state["sides"][P2]["achieved"] = [{"number": 13}, {"number": 45}]
    state["phase"] = "end_of_game"
    ends = maelstrom.score_sheet(state)
    assert ends[P1]["end"]["steal_the_loot"] == 1
    assert ends[P2]["end"]["steal_the_loot"] == 0


def test_seventh_spoils_of_war_has_no_end_of_game_bonus():
    # Seed 001, The Spoils of War (7th edition): Steal the Loot lets either player achieve any
    # Secure Objective X and says nothing more; the +1VP at the end is 8th edition's alone.
    state = started("seventh", "the_spoils_of_war")
    state["sides"][P1]["achieved"] = [{"number": 11}, {"number": 12}]
    state["phase"] = "end_of_game"
    ends = maelstrom.score_sheet(state)
    assert ends[P1]["end"]["steal_the_loot"] == 0
    from missions.classic import tactical

    facts = " ".join(f.text for f in tactical.mission("seventh", "the_spoils_of_war").facts)
    assert "+1VP" not in facts


def test_cloak_and_shadows_hides_the_opponents_objectives_until_achieved():
    state = to_end_of_turn(started("eighth", "cloak_and_shadows", seed="cloak"))
    mine = state["sides"][P1]["active"]
    theirs_view = maelstrom.view(state, P2)
    assert theirs_view["sides"][P1]["active"] == 3
    assert all("number" not in e for e in theirs_view["log"] if e["side"] == P1)
    assert maelstrom.options(state, P2)[P1] == {**maelstrom.options(state, P2)[P1], "secret": True}
    assert maelstrom.options(state, P2)[P1]["achieve"] == []
    text = json.dumps(theirs_view)
    own_view = maelstrom.view(state, P1)
    assert own_view["sides"][P1]["active"] == mine
    achieved = maelstrom.options(state, P1)[P1]["achieve"][0]["number"]
    state = act(state, "achieve", side=P1, number=achieved, outcome=0, roll=1)
    after = maelstrom.view(state, P2)
    assert after["sides"][P1]["achieved"][0]["number"] == achieved
    assert after["sides"][P1]["active"] == 2
    assert '"seed"' not in text


def test_tactical_priority_adds_and_takes_one():
    priorities = {P1: "Capture and Control", P2: "Purge"}
    state = maelstrom.new_game("tp", pack_key="eighth", mission_key="tactical_escalation")
    refused(state, "set_first_turn", "priority_missing", "category", first=P1)
    refused(state, "set_priority", "bad_category", "category", side=P1, category="Capture")
    state = started("eighth", "tactical_escalation", priorities=priorities)
    state = rigged(to_end_of_turn(state), P1, [11, 12, 41])
    state = act(state, "achieve", side=P1, number=11)
    state = act(state, "discard", side=P1, number=12)
    sheet = maelstrom.score_sheet(state)[P1]
    assert (sheet["objectives"], sheet["priority"], sheet["total"]) == (1, 0, 1)
    state["phase"] = "end_of_game"
    assert maelstrom.score_sheet(state)[P1]["end"]["mission_priorities"] == 1
    refused(
        maelstrom.new_game("x", pack_key="eighth", mission_key="deadlock"),
        "set_priority",
        "no_tactical_priority",
        side=P1,
        category="Purge",
    )


def test_priority_orders_received_gives_a_bonus_objective_worth_three_more():
    state = started()
    for seed in range(200):  # find a seed whose first roll is 66
        state = started(seed=f"po{seed}")
        state = act(state, "generate", side=P1)
        if 66 in state["sides"][P1]["active"]:
            break
    mine = state["sides"][P1]
    assert 66 in mine["active"]
    assert len(mine["active"]) == 3  # the bonus does not count
    bonus = mine["bonus"]
    assert bonus is not None
    assert mine["generated"].index(bonus) == mine["generated"].index(66) + 1
    state = act(state, "advance", side=P1)
    refused(state, "achieve", "cannot_achieve", side=P1, number=66)
    objective = state["objectives"][str(bonus)]
    if objective["not_on_first_turn"]:
        return
    state = act(state, "achieve", side=P1, number=bonus, outcome=0, roll=1)
    entry = state["sides"][P1]["achieved"][0]
    dice, plus = parse_vp(objective["outcomes"][0]["vp"])
    assert entry["vp"] == plus + (1 if dice else 0) + 3
    assert 66 not in state["sides"][P1]["active"]
    assert state["sides"][P1]["bonus"] is None


def test_discarding_priority_orders_takes_its_bonus():
    state = started()
    state = to_end_of_turn(state)
    state["sides"][P1]["active"].append(66)
    state["sides"][P1]["bonus"], state["sides"][P1]["bonus_of"] = 45, 66
    state = act(state, "discard", side=P1, number=66)
    assert state["sides"][P1]["discarded"][-2:] == [66, 45]
    assert state["sides"][P1]["bonus"] is None


@pytest.mark.parametrize(
    ("rolls", "rounds"), [((2,), 5), ((3, 3), 6), ((6, 4), 7), ((3, 1), 6), ((6, 6), 7)]
)
def test_variable_game_length(rolls, rounds):
    state = started(seed="len")
    entered = list(rolls)
    while state["phase"] != "end_of_game":
        if state["phase"] == "game_length":
            state = act(state, "game_length", roll=entered.pop(0))
            continue
        side = state["turn"]
        if state["phase"] == "start_of_turn":
            state = act(state, "generate", side=side)
        state = act(state, "advance", side=side)
        state = act(state, "end_turn", side=side)
    assert state["round"] == rounds
    assert [g["need"] for g in state["game_length"]] == [3, 4][: len(state["game_length"])]
    state = act(state, "finish")
    assert state["phase"] == "over"
    refused(state, "bonus", "not_in_this_phase", side=P1, name="linebreaker", value=True)


def test_bonus_points_and_running_score():
    state = started()
    state = act(state, "bonus", side=P1, name="first_blood", value=True)
    state = act(state, "bonus", side=P2, name="slay_the_warlord", value=True)
    state = act(state, "bonus", side=P2, name="slay_the_warlord", value=False)
    refused(state, "bonus", "bad_bonus", "name", side=P1, name="kingslayer", value=True)
    # A name that is not text (JSON sends anything) is the same clear refusal, not a crash.
    refused(state, "bonus", "bad_bonus", "name", side=P1, name={}, value=True)
    refused(state, "bonus", "bad_value", "value", side=P1, name="linebreaker", value=1)
    state = rigged(to_end_of_turn(state), P1, [11])
    state = act(state, "achieve", side=P1, number=11)
    state = act(state, "end_turn", side=P1)
    sheet = maelstrom.score_sheet(state)
    assert sheet[P1]["total"] == 2
    assert sheet[P2]["total"] == 0
    assert sheet["running"] == [
        {"round": 1, "turn": P1, P1: 1, P2: 0},
        {"round": 1, "turn": P2, P1: 1, P2: 0},
    ]


def test_clock_and_turn_are_checked():
    state = started()
    refused(state, "generate", "not_your_turn", "side", side=P2)
    refused(state, "advance", "not_in_this_phase", "type", side=P1)
    refused(state, "nothing", "unknown_action", "type")
    with pytest.raises(Refusal) as err:
        maelstrom.apply(state, {"type": "generate", "round": 2, "phase": "start_of_turn"})
    assert err.value.field == "round"
    with pytest.raises(Refusal) as err:
        maelstrom.apply(state, {**maelstrom.clock_of(state), "type": "generate", "seq": 0})
    assert err.value.code == "stale_action"


def test_mission_critical_objective_rolls_its_marker_when_generated():
    for seed in range(300):
        state = act(started(seed=f"mc{seed}"), "generate", side=P1)
        if 44 in state["sides"][P1]["active"]:
            break
    assert 44 in state["sides"][P1]["active"]
    marker = state["sides"][P1]["markers"]["44"]
    assert 1 <= marker <= 6
    logged = [e for e in state["log"] if e["kind"] == "marker"]
    assert [(e["number"], e["marker"]) for e in logged] == [(44, marker)]


def test_a_player_who_generated_all_36_generates_no_more():
    state = started()
    state["sides"][P1]["generated"] = [t * 10 + u for t in range(1, 7) for u in range(1, 7)]
    state = act(state, "generate", side=P1)
    assert state["sides"][P1]["active"] == []
    assert state["log"][-1]["kind"] == "table_spent"
    assert state["phase"] == "turn"


def test_a_concession_ends_the_battle_at_once_with_the_opponents_victory():
    # Seed 000 around line 2018 (Sudden Death) and seed 001 around line 310: a side with no
    # models at the end of a turn, or one that concedes, loses at once whatever the VP.
    from tracker.services.maelstrom import maelstrom_result_data

    state = started()
    refused(state, "end_early", "bad_end", "how", side=P1, how="rain")
    state = act(state, "generate", side=P1)
    state = act(state, "end_early", side=P1, how="concession")
    assert state["phase"] == "end_of_game"
    assert state["ended"] == {"how": "concession", "winner": P2}
    state = act(state, "finish")
    data = maelstrom_result_data(state)
    assert (data["outcome"], data["ended"]) == ("b_wins", "concession")


def test_a_tabled_side_ends_the_battle_only_at_the_end_of_a_game_turn():
    # Seed 001 line 311 (7th edition): "at the end of any game turn"; a game turn is both
    # players' turns (line 297: game turns 5 to 7 are the battle's length; line 660: "player
    # turn" is one player's).
    state = act(started("seventh", "cleanse_and_control"), "generate", side=P1)
    refused(state, "end_early", "not_end_of_turn", "how", side=P2, how="tabled")
    state = act(state, "advance", side=P1)
    refused(state, "end_early", "not_end_of_game_turn", "how", side=P2, how="tabled")
    state = act(state, "end_turn", side=P1)
    state = act(act(state, "generate", side=P2), "advance", side=P2)
    state = act(state, "end_early", side=P1, how="tabled")
    assert state["ended"] == {"how": "tabled", "winner": P2}


def test_in_eighth_edition_a_side_is_not_tabled_in_the_first_battle_round():
    # Seed 000 around line 2021: "at the end of any turn after the first battle round".
    state = act(act(started(), "generate", side=P1), "advance", side=P1)
    refused(state, "end_early", "not_in_first_round", "how", side=P2, how="tabled")


def test_eighth_new_orders_only_right_after_generating_at_the_start_of_your_turn():
    # Seed 000 line 2486 (New Orders, 2CP): used "after generating your Tactical Objectives
    # at the start of your turn". Before generating, and once the turn is under way, refused.
    state = started()
    refused(state, "new_orders", "new_orders_timing", "type", side=P1, number=11)
    state = act(state, "generate", side=P1)
    assert state["phase"] == "orders"
    swap = state["sides"][P1]["active"][0]
    swapped = act(state, "new_orders", side=P1, number=swap)
    assert swap in swapped["sides"][P1]["discarded"]
    assert len(swapped["sides"][P1]["active"]) == 3
    assert swapped["phase"] == "turn"  # once per turn: the turn goes on
    refused(swapped, "new_orders", "new_orders_timing", "type", side=P1, number=11)
    # Not used: the player plays the turn, and New Orders is gone until their next turn.
    played = act(state, "play", side=P1)
    assert played["phase"] == "turn"
    refused(played, "new_orders", "new_orders_timing", "type", side=P1, number=swap)
    refused(played, "advance", "not_your_turn", "side", side=P2)
    at_end = act(played, "advance", side=P1)
    refused(at_end, "new_orders", "new_orders_timing", "type", side=P1, number=swap)
    # Going straight to the end of the turn from the orders step also closes it.
    assert act(state, "advance", side=P1)["phase"] == "end_of_turn"


def test_the_orders_step_only_where_new_orders_can_be_used():
    # 7th edition has no New Orders: generating leads straight into the turn.
    seventh = act(started("seventh", "cleanse_and_control"), "generate", side=P1)
    assert seventh["phase"] == "turn"
    refused(seventh, "new_orders", "no_new_orders", "type", side=P1, number=11)
    # Only the other player's turn may be played from the orders step by its own player.
    eighth = act(started(), "generate", side=P1)
    refused(eighth, "play", "not_your_turn", "side", side=P2)
    assert maelstrom.options(eighth)[P1]["new_orders"] is True
    assert maelstrom.options(act(eighth, "play", side=P1))[P1]["new_orders"] is False

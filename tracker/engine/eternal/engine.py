"""`apply(state, action)`: the one door into an Eternal War or Only War game (the table and
its checks are shared with the Maelstrom engine, `tracker.engine.classic`). Refusals leave the
input as it was, and every die rolled comes from the state's seed unless the players enter it.
"""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from missions.classic.primaries import VARIABLE
from tracker.engine.classic import (
    MAX_ROUNDS,
    MIN_ROUNDS,
    ActionTable,
    end_early,
    game_length_roll,
    log,
    other,
    read_early_end,
    read_int,
    read_own_turn,
    read_side,
    require_tabled_now,
    rng,
    roll_or_entered,
)
from tracker.engine.door import clock_of
from tracker.engine.errors import require
from tracker.engine.eternal.rules import (
    BATTLE_START,
    END_OF_GAME,
    GAME_LENGTH,
    KILLS_PER_ENTRY,
    OVER,
    PLAYERS,
    PLAYING,
    POWER_LIMIT,
    SETUP,
    TURN,
    VP_LIMIT,
)
from tracker.engine.eternal.state import labels

State = dict[str, Any]
Action = dict[str, Any]

TABLE = ActionTable()
ACTIONS = TABLE.actions
action = TABLE.action
apply = TABLE.apply
replay = TABLE.replay
phase_actions = TABLE.phase_actions
RELIC_ENDS = ("carried", "closest", "equal")


def rolls_in_setup(state: State) -> bool:
    """Markers rolled after deployment, before the first turn (their count, D3+2, in 7th
    edition; the Superior and Inferior in 8th edition's The Scouring)."""
    rules = state["rules"]
    return bool(rules["markers_dice"] or rules["superior_inferior"])


# ---- before the battle -------------------------------------------------------------------


def _distinct_pair(state: State, act: Action) -> tuple[int, int]:
    """The Superior and the Inferior marker: entered, or rolled (a D6 each, the second
    rolled again until it differs: "a different objective marker")."""
    entered = act.get("superior") is not None or act.get("inferior") is not None
    if entered:
        superior = read_int(act, "superior", 1, 6)
        inferior = read_int(act, "inferior", 1, 6)
        require(
            superior != inferior,
            "same_marker",
            gettext_noop("the Inferior marker is a different one from the Superior"),
            field="inferior",
        )
        return superior, inferior
    gen = rng(state)
    superior = gen.randint(1, 6)
    inferior = superior
    while inferior == superior:
        inferior = gen.randint(1, 6)
    return superior, inferior


@action("roll_markers", SETUP, BATTLE_START)
def _roll_markers(state: State, act: Action) -> None:
    rules = state["rules"]
    require(
        state["markers"] is None,
        "already_rolled",
        gettext_noop("the markers are already rolled for this battle"),
        field="type",
    )
    in_setup = state["phase"] == SETUP
    require(
        rolls_in_setup(state) == in_setup,
        "not_now",
        gettext_noop("this mission's marker roll is after deployment, before the first turn")
        if not in_setup
        else gettext_noop("this mission's marker roll is at battle start"),
        field="type",
    )
    named: dict[int, str] = {}
    if rules["markers_dice"]:  # D3+2 markers (7th edition)
        roll = roll_or_entered(state, act, "roll", 1, 3)
        values = [rules["marker_vp"]] * (roll + 2)
        state["rolls"] = {"d3": roll}
    elif rules["superior_inferior"]:
        superior, inferior = _distinct_pair(state, act)
        values = [rules["marker_vp"]] * rules["markers"]
        values[superior - 1], values[inferior - 1] = 4, 1
        named = {superior: " (Superior)", inferior: " (Inferior)"}
        state["rolls"] = {"superior": superior, "inferior": inferior}
    else:  # Ancient Relic: one of the markers stays, the rest are removed
        kept = roll_or_entered(state, act, "roll", 1, rules["relic_of"])
        values = [rules["marker_vp"]]
        state["rolls"] = {"relic": kept}
        named = {1: f" (the Relic: marker {kept} stays)"}
    state["markers"] = values
    state["marker_labels"] = labels(values, named)
    state["held"] = [None] * len(values)
    log(state, "", "markers", **state["rolls"])
    if state["phase"] == BATTLE_START:
        _begin_round(state, 1)


@action("power_levels", SETUP)
def _power_levels(state: State, act: Action) -> None:
    """Only War: each army's Power Level and who assigned the deployment zones (the
    Underdog on equal Power Levels, seed 003 line 1705)."""
    require(
        state["rules"]["underdog"],
        "no_power_levels",
        gettext_noop("only Only War records Power Levels"),
        where="type",
    )
    power = {p: read_int(act, f"power_{p[-1]}", 0, POWER_LIMIT) for p in PLAYERS}
    assigned = read_side(act, "assigned_by")
    state["power"], state["assigned_by"] = power, assigned
    log(state, "", "power_levels", power=power, assigned_by=assigned)


@action("set_first_turn", SETUP)
def _set_first_turn(state: State, act: Action) -> None:
    first = read_side(act, "first")
    require(
        not rolls_in_setup(state) or state["markers"] is not None,
        "markers_first",
        gettext_noop("roll the markers (after deployment) before the first turn"),
        field="first",
    )
    require(
        not state["rules"]["underdog"] or state["assigned_by"] is not None,
        "power_first",
        gettext_noop("enter both Power Levels first: the Underdog chooses who goes first"),
        field="first",
    )
    state["first_turn"] = first
    log(state, first, "first_turn")
    if state["rules"]["relic_of"]:
        state["phase"] = BATTLE_START  # the Relic is rolled before the first turn begins
        return
    _begin_round(state, 1)


def _begin_round(state: State, round_: int) -> None:
    state["round"] = round_
    state["turn"] = state["first_turn"]
    state["phase"] = TURN


# ---- the battle ----------------------------------------------------------------------------


def kills_total(state: State, side: str) -> int:
    return sum(e["count"] for e in state["sides"][side]["kills"])


@action("kills", TURN, END_OF_GAME)
def _kills(state: State, act: Action) -> None:
    """`side` destroyed `count` more enemy units (the mission's kind), in either player's
    turn; a negative count takes back a slip (never below none)."""
    kind = state["rules"]["kills"]
    require(kind, "no_kills", gettext_noop("this mission scores no destroyed units"), field="type")
    side = read_side(act)
    count = read_int(act, "count", -KILLS_PER_ENTRY, KILLS_PER_ENTRY)
    require(count != 0, "bad_number", gettext_noop("not 0"), field="count")
    total = kills_total(state, side) + count
    require(
        0 <= total <= VP_LIMIT,
        "bad_number",
        gettext_noop("would make %(total)s units destroyed (from 0 to %(limit)s)"),
        field="count",
        params={"total": total, "limit": VP_LIMIT},
    )
    entry = {"round": state["round"], "turn": state["turn"], "count": count}
    state["sides"][side]["kills"].append(entry)
    log(state, side, "kills", count=count, total=total)


def _read_held(state: State, act: Action, count: int) -> list[str | None]:
    held = act.get("held")
    require(
        isinstance(held, list)
        and len(held) == count
        and all(h is None or h in PLAYERS for h in held),
        "bad_held",
        gettext_noop("a list of %(count)s entries, each player_1, player_2 or null (nobody)"),
        field="held",
        params={"count": count},
    )
    return held


@action("end_turn", TURN)
def _end_turn(state: State, act: Action) -> None:
    side = read_own_turn(state, act)
    per_turn = state["rules"]["per_turn_markers"]
    if per_turn:  # Domination: each marker held now is 1 VP to its holder (seed 003 1749)
        held = _read_held(state, act, per_turn)
        for p in PLAYERS:
            vp = sum(1 for h in held if h == p)
            state["sides"][p]["per_turn"].append({"round": state["round"], "turn": side, "vp": vp})
        log(state, side, "held", held=held)
    if side == state["first_turn"]:
        state["turn"] = other(side)
        return
    round_, fixed = state["round"], state["rules"]["battle_rounds"]
    last = fixed if fixed != VARIABLE else MAX_ROUNDS
    if round_ >= last:
        state["phase"], state["turn"] = END_OF_GAME, None
    elif fixed == VARIABLE and round_ >= MIN_ROUNDS:
        state["phase"], state["turn"] = GAME_LENGTH, None
    else:
        _begin_round(state, round_ + 1)


@action("game_length", GAME_LENGTH)
def _game_length(state: State, act: Action) -> None:
    if game_length_roll(state, act):
        _begin_round(state, state["round"] + 1)
    else:
        state["phase"] = END_OF_GAME


@action("end_early", *PLAYING)
def _end_early(state: State, act: Action) -> None:
    """`side` concedes (any time: the opponent's crushing victory, seed 000 line 2018, seed
    001 line 310), or has no models left: in 8th edition at the end of a turn after the first
    battle round (seed 000 line 2019), in 7th at the end of a game turn, that is both players'
    turns (seed 001 line 311), in Only War at once, a major victory (seed 003 line 1723)."""
    side, how = read_early_end(act)
    if how == "tabled":
        require(
            state["phase"] == TURN,
            "not_in_battle",
            gettext_noop("a side is tabled during the battle rounds"),
            field="how",
        )
        require_tabled_now(state)
    end_early(state, side, how, END_OF_GAME)


# ---- the end of the battle ---------------------------------------------------------------


@action("hold", END_OF_GAME)
def _hold(state: State, act: Action) -> None:
    """Who controls end-of-game marker `marker` (1..): `holder` a side, or null for nobody."""
    count = len(state["held"] or [])
    require(
        count, "no_markers", gettext_noop("this mission scores no markers at the end"), field="type"
    )
    marker = read_int(act, "marker", 1, count)
    holder = act.get("holder")
    require(
        holder is None or holder in PLAYERS,
        "bad_side",
        gettext_noop("player_1, player_2 or null (nobody)"),
        field="holder",
    )
    state["held"][marker - 1] = holder
    log(state, holder or "", "hold", marker=marker)


@action("relic", END_OF_GAME)
def _relic(state: State, act: Action) -> None:
    """8th edition The Relic (seed 000 line 2437): carried at the end is a major victory,
    otherwise the closest model a minor one; equally close is a draw."""
    require(
        state["rules"]["by_outcome"], "no_relic", gettext_noop("not in this mission"), field="type"
    )
    how = act.get("how")
    require(
        how in RELIC_ENDS,
        "bad_relic",
        gettext_noop("one of %(choices)s"),
        field="how",
        params={"choices": ", ".join(RELIC_ENDS)},
    )
    winner = None if how == "equal" else read_side(act, "winner")
    state["relic"] = {"how": how, "winner": winner}
    log(state, winner or "", "relic", how=how)


@action("bonus", SETUP, BATTLE_START, TURN, GAME_LENGTH, END_OF_GAME)
def _bonus(state: State, act: Action) -> None:
    side = read_side(act)
    rules = state["rules"]
    names = list(rules["bonuses"]) + (["slay_the_warlord"] if rules["warlord_d3"] else [])
    name = act.get("name")
    require(
        name in names,
        "bad_bonus",
        gettext_noop("one of %(choices)s")
        if names
        else gettext_noop("this mission has no bonus points"),
        field="name",
        params={"choices": ", ".join(names)},
    )
    value = act.get("value")
    require(isinstance(value, bool), "bad_value", gettext_noop("true or false"), field="value")
    mine = state["sides"][side]
    if rules["warlord_d3"]:  # Slay and Secure: D3 VP for the slain enemy Warlord
        mine["warlord"] = roll_or_entered(state, act, "roll", 1, 3) if value else None
        log(state, side, "bonus", name=name, value=value, roll=mine["warlord"])
        return
    mine["bonuses"][name] = value
    log(state, side, "bonus", name=name, value=value)


@action("finish", END_OF_GAME)
def _finish(state: State, act: Action) -> None:
    require(
        not state["rules"]["by_outcome"] or state["relic"] or state["ended"],
        "relic_first",
        gettext_noop("say where the Relic is first (carried, closest or equally close)"),
        field="how",
    )
    state["phase"] = OVER


__all__ = ["ACTIONS", "apply", "clock_of", "phase_actions", "replay"]

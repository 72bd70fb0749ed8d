"""`apply(state, action)`: the one door into a Maelstrom game. Refusals leave the input as it
was (handlers work on a private copy), and every die rolled comes from the state's seed."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from missions.classic.tactical.eighth import TWO_TURNS
from missions.classic.tactical.missions import (
    BATTLE_ROUND,
    BONUSES,
    FALLING_CAP,
    MARKERS,
    PER_MARKER,
    GenerationRule,
    generation_plan,
)
from missions.classic.tactical.types import BONUS_OBJECTIVE, ROLL_MARKER, parse_vp
from tracker.engine.classic import (
    ActionTable,
    end_early,
    game_length_roll,
    log,
    read_early_end,
    read_int,
    read_own_turn,
    read_side,
    require_tabled_now,
)
from tracker.engine.door import clock_of
from tracker.engine.errors import Refusal, require
from tracker.engine.maelstrom.rules import (
    END_OF_GAME,
    END_OF_TURN,
    GAME_LENGTH,
    MAX_ROUNDS,
    MIN_ROUNDS,
    ORDERS,
    OVER,
    PLAYERS,
    PRIORITY_VP,
    SETUP,
    START_OF_TURN,
    TURN,
    other,
)
from tracker.engine.maelstrom.state import fresh_turn, rng, roll_d66

State = dict[str, Any]
Action = dict[str, Any]
PRIORITY_ORDERS_BONUS_VP = 3

# type -> (phases it may be sent in, handler); filled by @action below.
TABLE = ActionTable()
ACTIONS = TABLE.actions
action = TABLE.action
apply = TABLE.apply
replay = TABLE.replay
phase_actions = TABLE.phase_actions
_side = read_side
_own_turn = read_own_turn
_int = read_int
_log = log


def _number(act: Action) -> int:
    value = act.get("number")
    require(
        type(value) is int and 11 <= value <= 66 and 1 <= value % 10 <= 6,
        "bad_number",
        gettext_noop("a D66 result, 11 to 66"),
        field="number",
    )
    return value


def _objective(state: State, number: int) -> dict[str, Any]:
    return state["objectives"][str(number)]


def _log(state: State, side: str, kind: str, **fields: Any) -> None:
    state["log"].append(
        {"round": state["round"], "turn": state["turn"], "side": side, "kind": kind, **fields}
    )


# ---- setup -------------------------------------------------------------------------------


@action("set_priority", SETUP)
def _set_priority(state: State, act: Action) -> None:
    require(
        state["rules"]["tactical_priority"],
        "no_tactical_priority",
        gettext_noop("this mission has no Tactical Priority"),
        field="type",
    )
    side = _side(act)
    category = act.get("category")
    require(
        category in state["categories"],
        "bad_category",
        gettext_noop("one of %(choices)s"),
        field="category",
        params={"choices": ", ".join(state["categories"])},
    )
    state["sides"][side]["priority"] = category
    _log(state, side, "priority", category=category)


@action("set_first_turn", SETUP)
def _set_first_turn(state: State, act: Action) -> None:
    first = _side(act, "first")
    if state["rules"]["tactical_priority"]:
        require(
            all(state["sides"][p]["priority"] for p in PLAYERS),
            "priority_missing",
            gettext_noop("both players name their Tactical Priority before the first turn"),
            field="category",
        )
    state["first_turn"] = first
    _begin_round(state, 1)


def _begin_round(state: State, round_: int) -> None:
    state["round"] = round_
    _begin_turn(state, state["first_turn"])


def _begin_turn(state: State, side: str) -> None:
    state["turn"] = side
    state["phase"] = START_OF_TURN
    state["sides"][side]["turn"] = fresh_turn()


# ---- generating ----------------------------------------------------------------------------


def _rule(state: State) -> GenerationRule:
    g = state["rules"]["generation"]
    return GenerationRule(
        g["kind"],
        count=g["count"],
        cap=g["cap"],
        caps=tuple(g["caps"]),
        discard_excess=g["discard_excess"],
    )


def needs_markers(state: State) -> bool:
    return state["rules"]["generation"]["kind"] == PER_MARKER and state["round"] > 1


def plan_for(state: State, side: str, markers: int | None = None) -> dict[str, int]:
    """The generation rule's demand on `side` now: {"generate", "discard"}. For Contact Lost
    after round 1 without `markers`, the most it could ask (all six markers held)."""
    if needs_markers(state) and markers is None:
        markers = MARKERS
    plan = generation_plan(
        _rule(state),
        round_=state["round"],
        active=len(state["sides"][side]["active"]),
        markers=markers,
    )
    return {"generate": plan.generate, "discard": plan.discard}


def protected(state: State, number: int) -> bool:
    """Secure Objective X in (The) Spoils of War: discarded only when achieved."""
    return state["rules"]["shared_secure"] and _objective(state, number)["name"].startswith(
        "Secure Objective "
    )


def _generate_one(state: State, side: str, *, bonus: bool = False) -> int | None:
    """Roll D66 until a number this player never generated comes up (None: all 36 used)."""
    mine = state["sides"][side]
    if len(mine["generated"]) >= len(state["objectives"]):
        _log(state, side, "table_spent")
        return None
    gen = rng(state)
    rolls = []
    while True:
        number, dice = roll_d66(gen)
        rolls.append(dice)
        if number not in mine["generated"]:
            break
    mine["generated"].append(number)
    mine["turn"]["drawn"].append(number)
    if bonus:
        mine["bonus"] = number
        mine["bonus_of"] = mine["generated"][-2]  # the objective that asked for it
    else:
        mine["active"].append(number)
    _log(state, side, "bonus_generated" if bonus else "generated", number=number, rolls=rolls)
    effect = _objective(state, number)["on_generate"]
    if effect == ROLL_MARKER:
        marker = rng(state).randint(1, MARKERS)
        mine["markers"][str(number)] = marker
        _log(state, side, "marker", number=number, marker=marker)
    elif effect == BONUS_OBJECTIVE:
        _generate_one(state, side, bonus=True)
    return number


def _discard(state: State, side: str, number: int, *, forced: bool) -> None:
    mine = state["sides"][side]
    require(
        number in mine["active"],
        "not_active",
        gettext_noop("%(number)s is not one of %(side)s's active objectives"),
        field="number",
        params={"number": number, "side": side},
    )
    require(
        not protected(state, number),
        "cannot_discard",
        gettext_noop("Secure Objective X is discarded only when achieved in this mission"),
        field="number",
    )
    mine["active"].remove(number)
    mine["discarded"].append(number)
    gone = [number]
    if mine["bonus_of"] == number:
        mine["discarded"].append(mine["bonus"])  # its bonus objective goes with it
        gone.append(mine["bonus"])
        mine["bonus"] = mine["bonus_of"] = None
    _log(state, side, "discarded", number=number, forced=forced, also=gone[1:])
    for each in gone:
        if _objective(state, each)["category"] == mine["priority"]:
            _score(state, side, "priority", each, -PRIORITY_VP)


@action("generate", START_OF_TURN)
def _generate(state: State, act: Action) -> None:
    side = _own_turn(state, act)
    markers = None
    if needs_markers(state):
        markers = _int(act, "markers", 0, MARKERS)
    plan = plan_for(state, side, markers)
    discard = act.get("discard", [])
    require(
        isinstance(discard, list) and len(discard) == plan["discard"],
        "discard_count",
        gettext_noop("the mission asks you to discard exactly %(discard)s now"),
        field="discard",
        params={"discard": plan["discard"]},
    )
    mine = state["sides"][side]
    require(
        all(type(n) is int and n in mine["active"] for n in discard)
        and len(set(discard)) == len(discard),
        "not_active",
        gettext_noop("name each objective to discard once, from your active ones"),
        field="discard",
    )
    for number in discard:
        _discard(state, side, number, forced=True)
    for _ in range(plan["generate"]):
        _generate_one(state, side)
    state["sides"][side]["turn"]["generated"] = True
    state["phase"] = ORDERS if orders_open(state, side) else TURN


def swappable(state: State, side: str) -> list[int]:
    """What New Orders may discard: an active objective that is not a protected one."""
    return [n for n in state["sides"][side]["active"] if not protected(state, n)]


def orders_open(state: State, side: str) -> bool:
    """Whether the orders step is worth stopping at: New Orders in this mission, unused this
    turn, with something to swap."""
    return bool(
        state["rules"]["new_orders"]
        and not state["sides"][side]["turn"]["new_orders"]
        and swappable(state, side)
    )


# ---- the turn ----------------------------------------------------------------------------


NEW_ORDERS_TIMING = {
    START_OF_TURN: gettext_noop(
        "New Orders is used right after generating your Tactical Objectives at the start of"
        " your turn, not before generating them"
    ),
    "later": gettext_noop(
        "New Orders is used right after generating your Tactical Objectives at the start of"
        " your turn, not later in the turn"
    ),
}


# Accepted only in the orders step; the other phases are listed to refuse it by its rule.
@action("new_orders", START_OF_TURN, ORDERS, TURN, END_OF_TURN)
def _new_orders(state: State, act: Action) -> None:
    require(
        state["rules"]["new_orders"],
        "no_new_orders",
        gettext_noop("not in this mission"),
        field="type",
    )
    side = _own_turn(state, act)
    mine = state["sides"][side]
    when = NEW_ORDERS_TIMING.get(state["phase"], NEW_ORDERS_TIMING["later"])
    require(state["phase"] == ORDERS, "new_orders_timing", when, field="type")
    _discard(state, side, _number(act), forced=False)
    mine["turn"]["new_orders"] = True
    _generate_one(state, side)
    state["phase"] = TURN  # once per turn: the orders step is over


@action("play", ORDERS)
def _play(state: State, act: Action) -> None:
    """Leave the orders step without New Orders: the turn's phases begin."""
    _own_turn(state, act)
    state["phase"] = TURN


@action("comms_uplink", ORDERS, TURN)
def _comms_uplink(state: State, act: Action) -> None:
    require(
        state["rules"]["comms_uplink"],
        "no_comms_uplink",
        gettext_noop("not in this mission"),
        where="type",
    )
    side = _own_turn(state, act)
    mine = state["sides"][side]
    require(
        not mine["turn"]["comms_uplink"],
        "used",
        gettext_noop("the uplink once per turn"),
        where="type",
    )
    require(
        len(mine["active"]) < state["rules"]["generation"]["cap"],
        "too_many",
        gettext_noop("only while you hold fewer than 6 active objectives"),
        where="type",
    )
    mine["turn"]["comms_uplink"] = True
    _generate_one(state, side)


@action("advance", ORDERS, TURN)
def _advance(state: State, act: Action) -> None:
    _own_turn(state, act)
    state["phase"] = END_OF_TURN


# ---- end of turn -------------------------------------------------------------------------


def _score(state: State, side: str, kind: str, number: int | None, vp: int) -> None:
    entry = {"round": state["round"], "turn": state["turn"], "kind": kind, "number": number}
    state["sides"][side]["scores"].append({**entry, "vp": vp})


def achievable(  # noqa: PLR0911
    state: State, side: str, owner: str, number: int
) -> Refusal | None:
    """Why `side` may not achieve `owner`'s objective `number` now (None when it may)."""

    def no(where: str, message: str, **params: Any) -> Refusal:
        return Refusal("cannot_achieve", message, field=where, params=params)

    if owner != side and not state["rules"]["shared_secure"]:
        # Checked first: in a secret mission any other answer would tell what they hold.
        return no("owner", gettext_noop("in this mission you achieve only your own objectives"))
    theirs = state["sides"][owner]
    is_bonus = theirs["bonus"] == number and owner == side
    if number not in theirs["active"] and not is_bonus:
        return no(
            "number",
            gettext_noop("%(number)s is not an active objective of %(owner)s"),
            number=number,
            owner=owner,
        )
    if _objective(state, number)["on_generate"] == BONUS_OBJECTIVE:
        return no(
            "number",
            gettext_noop("achieve the Warlord's bonus objective, not Priority Orders itself"),
        )
    objective = _objective(state, number)
    if owner != side and not protected(state, number):
        return no(
            "owner", gettext_noop("only Secure Objective X in (The) Spoils of War can be taken")
        )
    name = objective["name"]
    if objective["when"] == "end_of_your_turn" and state["turn"] != side:
        return no(
            "number",
            gettext_noop("%(name)s is achieved only at the end of your own turn"),
            name=name,
        )
    if objective["not_on_first_turn"] and state["round"] == 1 and state["turn"] == side:
        return no(
            "number", gettext_noop("%(name)s cannot be achieved in your first turn"), name=name
        )
    first_of_game = state["round"] == 1 and state["turn"] == state["first_turn"]
    if state["pack"] == "eighth" and number in TWO_TURNS and first_of_game:
        return no(
            "number",
            gettext_noop("%(name)s needs two turns in a row: not the game's first"),
            name=name,
        )
    if state["turn"] == side and state["sides"][side]["turn"]["discarded"]:
        return no("number", gettext_noop("achieve objectives before the turn's discard"))
    return None


@action("achieve", END_OF_TURN)
def _achieve(state: State, act: Action) -> None:
    side = _side(act)
    owner = _side(act, "owner") if "owner" in act else side
    number = _number(act)
    why = achievable(state, side, owner, number)
    if why is not None:
        raise why
    objective = _objective(state, number)
    outcome = _int(act, "outcome", 0, len(objective["outcomes"]) - 1, default=0)
    dice, plus = parse_vp(objective["outcomes"][outcome]["vp"])
    # Read whether or not this outcome rolls: `roll` is a field of every achieve (the API
    # refuses only fields an action never takes, tracker.services.trackers._ReadKeys).
    entered = act.get("roll") is not None
    roll = None
    if dice:
        roll = _int(act, "roll", 1, 3) if entered else rng(state).randint(1, 3)
    vp = plus + (roll or 0)
    theirs = state["sides"][owner]
    mine = state["sides"][side]
    via = None
    if theirs["bonus"] == number and owner == side:
        vp += PRIORITY_ORDERS_BONUS_VP
        via = theirs["bonus_of"]
        theirs["active"].remove(via)
        theirs["bonus"] = theirs["bonus_of"] = None
    else:
        theirs["active"].remove(number)
    if owner != side:
        theirs["taken"].append(number)
    entry = {
        "number": number,
        "owner": owner,
        "round": state["round"],
        "turn": state["turn"],
        "outcome": outcome,
        "vp": vp,
        "roll": roll,
        "via": via,
    }
    mine["achieved"].append(entry)
    if via is not None:  # Priority Orders itself leaves with its bonus, for nothing
        mine["achieved"].append({**entry, "number": via, "vp": 0, "roll": None, "via": None})
    _score(state, side, "objective", number, vp)
    if objective["category"] == mine["priority"]:
        _score(state, side, "priority", number, PRIORITY_VP)
    _log(state, side, "achieved", number=number, owner=owner, vp=vp, roll=roll, via=via)


@action("discard", END_OF_TURN)
def _voluntary_discard(state: State, act: Action) -> None:
    side = _own_turn(state, act)
    mine = state["sides"][side]
    require(
        not mine["turn"]["discarded"],
        "discard_used",
        gettext_noop("one voluntary discard per turn"),
        field="number",
    )
    _discard(state, side, _number(act), forced=False)
    mine["turn"]["discarded"] = True


@action("end_turn", END_OF_TURN)
def _end_turn(state: State, act: Action) -> None:
    side = _own_turn(state, act)
    if side == state["first_turn"]:
        _begin_turn(state, other(side))
        return
    round_ = state["round"]
    if round_ < MIN_ROUNDS:
        _begin_round(state, round_ + 1)
    elif round_ < MAX_ROUNDS:
        state["phase"], state["turn"] = GAME_LENGTH, None
    else:
        state["phase"], state["turn"] = END_OF_GAME, None


@action("game_length", GAME_LENGTH)
def _game_length(state: State, act: Action) -> None:
    if game_length_roll(state, act):
        _begin_round(state, state["round"] + 1)
    else:
        state["phase"] = END_OF_GAME


# ---- any time ----------------------------------------------------------------------------


@action("bonus", SETUP, START_OF_TURN, ORDERS, TURN, END_OF_TURN, GAME_LENGTH, END_OF_GAME)
def _bonus(state: State, act: Action) -> None:
    side = _side(act)
    name = act.get("name")
    require(
        isinstance(name, str) and name in BONUSES,
        "bad_bonus",
        gettext_noop("one of %(choices)s"),
        field="name",
        params={"choices": ", ".join(BONUSES)},
    )
    value = act.get("value")
    require(isinstance(value, bool), "bad_value", gettext_noop("true or false"), field="value")
    state["sides"][side]["bonuses"][name] = value
    _log(state, side, "bonus", name=name, value=value)


@action("end_early", START_OF_TURN, ORDERS, TURN, END_OF_TURN)
def _end_early(state: State, act: Action) -> None:
    """`side` concedes, or has no models left at the end of a turn (`how` "tabled"): the
    battle ends at once with the opponent's victory (8th edition's sudden death, 7th's
    tabled side), whatever the VP. Bonus points may still be entered before `finish`."""
    side, how = read_early_end(act)
    require(
        how != "tabled" or state["phase"] == END_OF_TURN,
        "not_end_of_turn",
        gettext_noop(
            "a side is tabled at the end of a turn (finish the turn's achievements first)"
        ),
        field="how",
    )
    if how == "tabled":
        require_tabled_now(state)
    end_early(state, side, how, END_OF_GAME)


@action("finish", END_OF_GAME)
def _finish(state: State, act: Action) -> None:
    state["phase"] = OVER


__all__ = ["ACTIONS", "BATTLE_ROUND", "FALLING_CAP", "apply", "clock_of", "phase_actions", "replay"]

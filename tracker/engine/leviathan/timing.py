"""When a card's scoring line may be entered: its timing and rounds against the game clock.

A line "at the end of your Command phase" is entered during that Command phase (before the
player moves on); "at the end of your turn" during that turn's end_of_turn phase; "at the end
of the battle round" during the end_of_turn phase of the round's second turn.
"""

from __future__ import annotations

from typing import Any

from common.errors import Phrase, Phrases, gettext_noop
from tracker.engine.leviathan.rules import (
    COMMAND,
    END_OF_BATTLE,
    END_OF_TURN,
    LAST_ROUND,
    TURN_PHASES,
)

State = dict[str, Any]

# Words a player reads when an entry is refused for its timing.
TIMING_WORDS = {
    "end_of_your_command_phase": gettext_noop("at the end of your Command phase"),
    "end_of_your_turn": gettext_noop("at the end of your turn"),
    "end_of_opponent_turn": gettext_noop("at the end of your opponent's turn"),
    "end_of_any_turn": gettext_noop("at the end of a turn"),
    "end_of_battle_round": gettext_noop("at the end of the battle round"),
    "when_destroyed": gettext_noop("when an enemy model or unit is destroyed"),
    "end_of_your_fifth_turn": gettext_noop("at the end of your fifth turn"),
    "end_of_battle": gettext_noop("at the end of the battle"),
    "once_per_battle": gettext_noop("once in the battle"),
}


def line_now(state: State, side: str, line: dict[str, Any]) -> bool:
    """True if `line` ({"timing", "rounds", "turn_order"?}) scores for `side` right now."""
    if state["round"] not in line["rounds"]:
        return False
    order = line.get("turn_order")
    if order is not None and (state["first_turn"] == side) != (order == "first"):
        return False
    return timing_now(state, side, line["timing"])


def timing_now(state: State, side: str, timing: str) -> bool:
    phase, turn = state["phase"], state["turn"]
    mine = turn == side
    end_of_turn = phase == END_OF_TURN
    checks = {
        "end_of_your_command_phase": phase == COMMAND and mine,
        "end_of_your_turn": end_of_turn and mine,
        "end_of_opponent_turn": end_of_turn and turn is not None and not mine,
        "end_of_any_turn": end_of_turn,
        "end_of_battle_round": end_of_turn and turn is not None and turn != state["first_turn"],
        "when_destroyed": phase in TURN_PHASES,
        "end_of_your_fifth_turn": end_of_turn and mine and state["round"] == LAST_ROUND,
        "end_of_battle": phase == END_OF_BATTLE,
        "once_per_battle": phase in TURN_PHASES or phase == END_OF_BATTLE,
    }
    return checks.get(timing, False)


ORDER_WORDS = {
    "first": gettext_noop("player going first"),
    "second": gettext_noop("player going second"),
}


def rounds_words(rounds: list[int]) -> Phrase:
    if len(rounds) == 1:
        return Phrase(gettext_noop("round %(round)s"), {"round": rounds[0]})
    return Phrase(
        gettext_noop("rounds %(first)s-%(last)s"), {"first": rounds[0], "last": rounds[-1]}
    )


def describe_words(lines: list[dict[str, Any]]) -> Phrases:
    """ "at the end of your turn (rounds 2-5)" for each distinct timing, for refusals and the
    page: phrases put in the reader's language when rendered."""
    parts: list[Phrase] = []
    for line in lines:
        when = Phrase(TIMING_WORDS.get(line["timing"], line["timing"]))
        order = line.get("turn_order")
        if order:
            text = Phrase(
                gettext_noop("%(when)s (%(rounds)s, %(order)s)"),
                {
                    "when": when,
                    "rounds": rounds_words(line["rounds"]),
                    "order": Phrase(ORDER_WORDS.get(order, order)),
                },
            )
        else:
            text = Phrase(
                gettext_noop("%(when)s (%(rounds)s)"),
                {"when": when, "rounds": rounds_words(line["rounds"])},
            )
        if text not in parts:
            parts.append(text)
    return Phrases(tuple(parts))

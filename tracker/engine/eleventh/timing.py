"""When a scoring window is open for a side, against the game clock.

"End of your Command phase" is entered during that Command phase (before the player moves
on); "end of a turn" during that turn's end_of_turn phase; "end of the battle" in the
end_of_battle step after round 5.
"""

from __future__ import annotations

from typing import Any

from common.errors import Phrase, Phrases, gettext_noop
from tracker.engine.eleventh.rules import (
    BATTLE_END,
    COMMAND,
    EITHER_TURN,
    END_OF_BATTLE,
    END_OF_TURN,
    OPPONENT_TURN,
    OPPONENT_TURN_OR_LAST,
    ROUNDS,
    YOUR_COMMAND,
    YOUR_TURN,
)

State = dict[str, Any]

WORDS = {
    YOUR_COMMAND: gettext_noop("at the end of your Command phase"),
    YOUR_TURN: gettext_noop("at the end of your turn"),
    OPPONENT_TURN: gettext_noop("at the end of your opponent's turn"),
    OPPONENT_TURN_OR_LAST: gettext_noop("at the end of your opponent's turn (or of round 5)"),
    EITHER_TURN: gettext_noop("at the end of either player's turn"),
    BATTLE_END: gettext_noop("at the end of the battle"),
}


def window_open(state: State, s: str, window: dict[str, Any]) -> bool:
    if state["round"] not in window["rounds"]:
        return False
    phase, turn = state["phase"], state["turn"]
    end = phase == END_OF_TURN
    # The last turn of the battle: a card held by the player going second would never see
    # the end of an opponent's turn after it, so it scores at the end of round 5 instead.
    last_turn = (
        end and state["round"] == ROUNDS and turn is not None and turn != state["first_turn"]
    )
    timing = window["timing"]
    return {
        YOUR_COMMAND: phase == COMMAND and turn == s,
        YOUR_TURN: end and turn == s,
        OPPONENT_TURN: end and turn is not None and turn != s,
        OPPONENT_TURN_OR_LAST: end and turn is not None and (turn != s or last_turn),
        EITHER_TURN: end,
        BATTLE_END: phase == END_OF_BATTLE,
    }[timing]


def open_windows(state: State, s: str, windows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [w for w in windows if window_open(state, s, w)]


def describe_words(windows: list[dict[str, Any]]) -> Phrases:
    """ "at the end of your turn (rounds 2-5)" for each window, for refusals and the
    page: phrases put in the reader's language when rendered."""
    parts: list[Phrase] = []
    for w in windows:
        r = w["rounds"]
        if w["timing"] == BATTLE_END:
            text = Phrase(WORDS[BATTLE_END])
        else:
            if r == list(range(1, ROUNDS + 1)):
                span = Phrase(gettext_noop("every round"))
            elif len(r) == 1:
                span = Phrase(gettext_noop("round %(round)s"), {"round": r[0]})
            else:
                span = Phrase(
                    gettext_noop("rounds %(first)s-%(last)s"), {"first": r[0], "last": r[-1]}
                )
            text = Phrase(
                gettext_noop("%(when)s (%(rounds)s)"),
                {"when": Phrase(WORDS[w["timing"]]), "rounds": span},
            )
        if text not in parts:
            parts.append(text)
    return Phrases(tuple(parts))

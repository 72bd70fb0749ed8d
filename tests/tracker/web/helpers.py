"""A small driver that plays a legal tracked game from the full state, one action at a time."""

from __future__ import annotations

from typing import Any

from tracker.engine.leviathan.rules import TURN_PHASES
from tracker.engine.leviathan.scoring import primary_budget, secondary_budget

State = dict[str, Any]


class Driver:
    """Attacker plays Tactical and attempts a gambit; Defender plays Fixed and proceeds as
    planned. Each turn ends with a primary score and one achieved card."""

    def __init__(self, attacker_label: str) -> None:
        self.attacker_label = attacker_label
        self.queue: list[dict[str, Any]] = []
        self.scored: set[tuple[int, str]] = set()

    def next_action(self, state: State) -> dict[str, Any]:
        if self.queue:
            return self._stamp(state, self.queue.pop(0))
        return self._stamp(state, self._choose(state))

    @staticmethod
    def _stamp(state: State, action: dict[str, Any]) -> dict[str, Any]:
        return {"round": state["round"], "phase": state["phase"], "seq": state["seq"], **action}

    def _choose(self, state: State) -> dict[str, Any]:
        phase = state["phase"]
        setup = {
            "roles": lambda: {"type": "assign_roles", "attacker": self.attacker_label},
            "secondaries": lambda: self._select(state),
            "first_turn": lambda: {"type": "set_first_turn", "first": "defender"},
            "gambits": lambda: self._gambit(state),
            "end_of_battle": lambda: self._end(state),
        }
        if phase in setup:
            return setup[phase]()
        assert phase in TURN_PHASES, phase
        return self._turn(state)

    @staticmethod
    def _end(state: State) -> dict[str, Any]:
        side = state["sides"]["attacker"]
        if not side["gambit_scored"]:
            top = state["gambit_cards"][side["gambit"]]["max_vp"]
            return {"type": "score_gambit", "side": "attacker", "vp": top}
        return {"type": "finish"}

    def _select(self, state: State) -> dict[str, Any]:
        if state["sides"]["attacker"]["selection"] is None:
            decoys = [k for k, c in state["cards"].items() if not c["fixed_capable"]][:2]
            return {
                "type": "select_secondaries",
                "side": "attacker",
                "mode": "tactical",
                "cards": decoys,
            }
        fixed = [k for k, c in state["cards"].items() if c["fixed_capable"]][:2]
        return {"type": "select_secondaries", "side": "defender", "mode": "fixed", "cards": fixed}

    def _gambit(self, state: State) -> dict[str, Any]:
        for side in ("attacker", "defender"):
            mine = state["sides"][side]
            if mine["gambit"] is None:
                hand = mine["gambit_hand"]
                pick = hand[0] if side == "attacker" else "proceed_as_planned"
                return {"type": "choose_gambit", "side": side, "card": pick}
        raise AssertionError("both gambits chosen but still in the gambits phase")

    def _turn(self, state: State) -> dict[str, Any]:
        side = state["turn"]
        mine = state["sides"][side]
        drawing = state["phase"] == "command" and mine["mode"] == "tactical"
        if drawing and not mine["turn"]["drew"] and mine["deck"]:
            return {"type": "draw", "side": side}
        key = (state["round"], side, state["phase"])
        if key not in self.scored:
            self.scored.add(key)
            self._queue_scores(state, side)
            if self.queue:
                return self.queue.pop(0)
        if state["phase"] == "command":
            return {"type": "advance", "side": side, "to": "end_of_turn"}
        return {"type": "advance", "side": side}

    def _queue_scores(self, state: State, side: str) -> None:
        """What the cards allow this side now: the primary's budget, one card's entry."""
        mine = state["sides"][side]
        attempting = state["revealed"]["gambits"] and mine["gambit"] not in (
            None,
            "proceed_as_planned",
        )
        left, lines = primary_budget(state, side)
        if not attempting and lines and left:
            self.queue.append({"type": "score_primary", "side": side, "vp": min(5, left)})
        for card in mine["fixed"] + mine["active"]:
            if state["round"] == 1 and state["cards"][card]["redraw_in_first_round"]:
                continue
            if mine.get("objectives", {}).get(card, "") is None:  # awaiting the opponent's pick
                continue
            top, card_lines = secondary_budget(state, side, card)
            if top and card_lines:
                self.queue.append(
                    {"type": "achieve", "side": side, "card": card, "vp": min(3, top)}
                )
                break

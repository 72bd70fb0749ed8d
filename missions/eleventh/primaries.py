"""The 25 primary missions of the 11th-edition pack, as data: what each one asks and when it pays.

Pure data (frozen dataclasses, no Django), for the generator, the tracker, scoresheets and
result checks. Each `Primary` has its printed `name`, a `summary` in our own words, the
`actions` it gives its player, and `windows`: one `Window` per scoring line, saying

- `moment`: when it is checked (end of your Command phase, end of your turn, end of either
  player's turn, or once at the end of the battle);
- `rounds`: the battle rounds in which it is checked (the end of the battle counts as round 5);
- `vp` and `per`: a flat award (`per` None) or `vp` for each thing counted (`per` says what);
- `condition`: what must be true, in our words;
- `adds_to_previous`: the line pays on top of the line before it (a bonus to that line);
- `best_of`: of the lines sharing this tag, only the best that is met pays at that moment;
- `max_vp`: the most the line gives at one scoring (flat lines: `vp`; counted lines: None,
  since no primary prints an "up to" and only the round cap bounds them).

Every primary is capped at 45 VP per game and 15 per battle round (`MAX_VP_GAME`,
`MAX_VP_ROUND`); VP beyond a cap are lost.

Words used in conditions: an objective is *held* when you control it; *non-home* means any
objective except your own home (the opponent's home counts); *newly held* means held now but
not at the start of the turn; *central* and *expansion* are the objective roles of the layout.

Choices where the sources are open (eleventh-facts.md sections 11 and 12), made here:
- Round 5: a Command-phase line moves to the end of the turn only where the card's award data
  does so (Immovable Object); Battlefield Dominance keeps its Command-phase scoring in round 5.
- "Non-home" excludes only your own home; the opponent's home counts.
- Primary and secondary have separate 15-per-round caps (not one shared 15).
- Purge and Secure's "newly held" line counts only non-home objectives.

Facts from 40kdc-data (see the package docstring for the credit); descriptions are ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from missions.eleventh.matrix import MATRIX

MAX_VP_GAME = 45
MAX_VP_ROUND = 15
BATTLE_ROUNDS = (1, 2, 3, 4, 5)
FROM_ROUND_2 = (2, 3, 4, 5)


class Moment(StrEnum):
    """When a primary line is checked."""

    END_OF_YOUR_COMMAND_PHASE = "end_of_your_command_phase"
    END_OF_YOUR_TURN = "end_of_your_turn"
    END_OF_EITHER_TURN = "end_of_either_turn"
    END_OF_BATTLE = "end_of_battle"


MOMENT_LABELS: dict[Moment, str] = {
    Moment.END_OF_YOUR_COMMAND_PHASE: "end of your Command phase",
    Moment.END_OF_YOUR_TURN: "end of your turn",
    Moment.END_OF_EITHER_TURN: "end of each player's turn",
    Moment.END_OF_BATTLE: "end of the battle",
}


@dataclass(frozen=True)
class Window:
    """One scoring line of a primary (see the module docstring for each field)."""

    moment: Moment
    rounds: tuple[int, ...]
    vp: int
    condition: str
    per: str | None = None
    adds_to_previous: bool = False
    best_of: str | None = None

    @property
    def max_vp(self) -> int | None:
        return self.vp if self.per is None else None

    def describe(self) -> str:
        """One line in our words, e.g. "R2-5, end of your Command phase: 3 per objective held"."""
        when = MOMENT_LABELS[self.moment]
        if self.moment is not Moment.END_OF_BATTLE:
            when = f"{_rounds_label(self.rounds)}, {when}"
        amount = f"{self.vp} VP per {self.per}" if self.per else f"{self.vp} VP"
        extra = " (on top of the line before)" if self.adds_to_previous else ""
        return f"{when}: {amount} - {self.condition}{extra}"

    def to_dict(self) -> dict:
        return {
            "moment": self.moment.value,
            "rounds": list(self.rounds),
            "vp": self.vp,
            "per": self.per,
            "condition": self.condition,
            "adds_to_previous": self.adds_to_previous,
            "best_of": self.best_of,
            "max_vp": self.max_vp,
            "text": self.describe(),
        }


@dataclass(frozen=True)
class Action:
    """An action a primary gives its player. `per_turn`: how many units (or, for Punishment's
    marks, enemy units) it may involve in one turn; None: any number, one target each."""

    name: str
    summary: str
    per_turn: int | None = 1
    from_round: int = 1

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "summary": self.summary,
            "per_turn": self.per_turn,
            "from_round": self.from_round,
        }


@dataclass(frozen=True)
class Primary:
    """One primary mission card; `disposition` is the row of the matrix that plays it."""

    id: str
    name: str
    summary: str
    windows: tuple[Window, ...]
    actions: tuple[Action, ...] = ()
    max_vp_game: int = MAX_VP_GAME
    max_vp_round: int = MAX_VP_ROUND

    @property
    def dispositions(self) -> tuple[str, str]:
        """(own, opponent): the matrix cell that gives this primary."""
        return next(cell for cell, pid in MATRIX.items() if pid == self.id)

    @property
    def mirror(self) -> bool:
        own, opp = self.dispositions
        return own == opp

    def to_dict(self) -> dict:
        own, opp = self.dispositions
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "disposition": own,
            "opponent_disposition": opp,
            "mirror": self.mirror,
            "max_vp_game": self.max_vp_game,
            "max_vp_round": self.max_vp_round,
            "windows": [w.to_dict() for w in self.windows],
            "actions": [a.to_dict() for a in self.actions],
        }


def _rounds_label(rounds: tuple[int, ...]) -> str:
    if rounds == BATTLE_ROUNDS:
        return "every round"
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return f"rounds {rounds[0]}-{rounds[-1]}"


# Short builders keep the table below readable: one line per scoring window.
_C, _T = Moment.END_OF_YOUR_COMMAND_PHASE, Moment.END_OF_YOUR_TURN
_E, _B = Moment.END_OF_EITHER_TURN, Moment.END_OF_BATTLE
_ALL, _R2 = BATTLE_ROUNDS, FROM_ROUND_2
_END = (5,)


def _w(moment: Moment, rounds: tuple[int, ...], vp: int, condition: str, **kw) -> Window:
    return Window(moment=moment, rounds=rounds if moment is not _B else _END, vp=vp,
                  condition=condition, **kw)  # fmt: skip


_NON_HOME = "objective other than your home"


# The line nearly every card shares: from round 2, 4 VP at the end of your Command phase
# for holding at least one objective other than your home (flat, not per objective).
def _nh4() -> Window:
    return _w(_C, _R2, 4, "you hold at least one objective other than your home")


def _per_nh(moment: Moment, rounds: tuple[int, ...], vp: int) -> Window:
    return _w(moment, rounds, vp, "count the objectives you control, except your home",
              per=f"{_NON_HOME} held")  # fmt: skip


_STD = "a unit in range of the objective starts it in your Shooting phase; it completes at the "
_STD += "end of your turn if the unit then controls that objective"
_OPP_HOME = "you hold your opponent's home objective"
_KILL = "an enemy unit was destroyed this turn"
_MAJORITY = "you hold more objectives than your opponent"
_MORE_KILLS = "more enemy units were destroyed this turn than you lost in the previous turn"
_CENTRAL = "you hold a central objective"
_NEW_NH = "you took a new objective other than your home this turn"
_LONE_MARKER = "exactly one of the named markers is left and a unit of yours is in its terrain "
_LONE_MARKER += "area with no enemy unit there"

PRIMARIES: tuple[Primary, ...] = (
    Primary(
        "battlefield-dominance", "Battlefield Dominance",
        "Spread out and hold: early points for out-holding the opponent, then a steady income per "
        "objective held, with a bonus for outlying ground while your home stays yours.",
        (
            _w(_T, (1, 2), 2, _MAJORITY),
            _w(_C, _R2, 3, "count the objectives you control", per="objective held"),
            _w(_C, _R2, 2, "while you also hold your home", per=f"{_NON_HOME} held",
               adds_to_previous=True),
        ),
    ),
    Primary(
        "determined-acquisition", "Determined Acquisition",
        "Keep taking new ground: points for every objective you grab in a turn, then income per "
        "objective held, doubled for those in enemy territory.",
        (
            _w(_T, _ALL, 2, "objectives you hold now but did not at the start of the turn",
               per="newly held objective"),
            _w(_C, _R2, 3, "count the objectives you control", per="objective held"),
            _w(_C, _R2, 3, "objectives you hold in enemy territory",
               per="objective held in enemy territory", adds_to_previous=True),
        ),
    ),
    Primary(
        "immovable-object", "Immovable Object",
        "Dig in: hold the centre every turn and as many outlying objectives as you can; the "
        "last round pays at the end of your turn.",
        (
            _w(_T, _ALL, 3, _CENTRAL),
            _per_nh(_C, (2, 3, 4), 5),
            _per_nh(_T, (5,), 5),
        ),
    ),
    Primary(
        "inescapable-dominion", "Inescapable Dominion",
        "Hold wide: flat points for holding three, two, or more than the opponent, and a final "
        "bonus for standing on their home.",
        (
            _w(_T, _ALL, 4, "you hold three or more objectives"),
            _w(_C, _R2, 5, "you hold two or more objectives"),
            _w(_C, _R2, 4, _MAJORITY),
            _w(_B, _END, 5, _OPP_HOME),
        ),
    ),
    Primary(
        "purge-and-secure", "Purge and Secure",
        "Fight over the objectives: a bonus for a kill on or near one, income per outlying "
        "objective held, and points for taking new ones.",
        (
            _w(_T, _ALL, 3, "a unit of yours in range of an objective destroyed an enemy unit",
               best_of="purge-kill"),
            _w(_T, _ALL, 3, "an enemy unit that started the turn in range of an objective was "
               "destroyed", best_of="purge-kill"),
            _per_nh(_C, _R2, 4),
            _w(_T, _R2, 3, _NEW_NH),
        ),
    ),
    Primary(
        "death-trap", "Death Trap",
        "Booby-trap terrain outside your zone, more for trapped objectives, and score when the "
        "enemy dies in a trap.",
        (
            _w(_T, _ALL, 2, "terrain areas you trapped this turn", per="area trapped this turn"),
            _w(_T, _ALL, 3, "trapped areas that are objectives",
               per="objective area trapped this turn", adds_to_previous=True),
            _w(_T, _ALL, 3, "an enemy unit that started the turn in a trapped area was destroyed"),
            _nh4(),
        ),
        (
            Action("Booby Trap", "In your Shooting phase, a unit in range of an objective other "
                   "than your home, or in an untrapped terrain area outside your zone, traps that "
                   "area at once and puts your marker in it; one area per unit.", per_turn=None),
        ),
    ),
    Primary(
        "outmanoeuvre", "Outmanoeuvre",
        "Out-move the mirror: a big bonus each turn on the enemy home, and a rising rate per "
        "outlying objective held as the game goes on.",
        (
            _w(_T, _ALL, 10, _OPP_HOME),
            _per_nh(_T, (1,), 4),
            _per_nh(_C, (2, 3), 5),
            _per_nh(_T, (4, 5), 6),
        ),
    ),
    Primary(
        "delaying-action", "Delaying Action",
        "Trade units and hold the middle: points per kill, and for holding a central and an "
        "expansion objective together.",
        (
            _w(_T, _ALL, 2, "enemy units destroyed this turn", per="enemy unit destroyed"),
            _nh4(),
            _w(_T, _R2, 3, "you hold a central objective and an expansion objective"),
        ),
    ),
    Primary(
        "locate-and-deny", "Locate and Deny",
        "Hide five markers in terrain outside your zone, sweep them away from the centre until "
        "one is left, and guard that last one.",
        (
            _w(_T, _ALL, 4, "an enemy unit that started the turn on an objective was destroyed"),
            _w(_T, _ALL, 4, _LONE_MARKER.replace("the named markers", "your markers")),
            _nh4(),
            _w(_B, _END, 5, _LONE_MARKER.replace("the named markers", "your markers")),
        ),
        (
            Action("Place markers", "At the start of the battle, put your markers in five "
                   "terrain areas outside your zone (in all of them if there are fewer).",
                   per_turn=None),
            Action("Sensor Sweep", f"Removes one of your markers; {_STD} (a central objective); "
                   "not allowed while only one marker is left."),
        ),
    ),
    Primary(
        "smoke-and-mirrors", "Smoke and Mirrors",
        "Decoy objectives with your markers, more for those in enemy territory, and a big "
        "bonus at the end for four or more.",
        (
            _w(_T, _ALL, 2, "objectives carrying your decoy", per="decoyed objective"),
            _w(_T, _ALL, 2, "decoyed objectives in enemy territory",
               per="decoyed objective in enemy territory", adds_to_previous=True),
            _nh4(),
            _w(_B, _END, 10, "four or more objectives are decoyed"),
        ),
        (
            Action("Decoy", f"Decoys an objective other than your home that is not decoyed yet "
                   f"and places your marker; {_STD}.", per_turn=None),
        ),
    ),
    Primary(
        "unstoppable-force", "Unstoppable Force",
        "Keep killing and pushing forward: points for a kill each turn, per outlying objective "
        "held, for new ground, and for the centre at the end.",
        (
            _w(_T, _ALL, 3, _KILL),
            _per_nh(_C, _R2, 4),
            _w(_T, _R2, 3, _NEW_NH),
            _w(_B, _END, 5, _CENTRAL),
        ),
    ),
    Primary(
        "punishment", "Punishment",
        "Mark up to three enemy units each turn and score whenever a marked one leaves the "
        "table, in either player's turn; out-hold the foe and finish on their home.",
        (
            _w(_E, _ALL, 5, "an enemy unit you marked left the battlefield this turn"),
            _nh4(),
            _w(_C, _R2, 5, _MAJORITY),
            _w(_B, _END, 8, _OPP_HOME),
        ),
        (
            Action("Mark", "At the start of your turn, mark one to three enemy units that are on "
                   "objectives or destroyed one of your units last turn (any one enemy unit if "
                   "none qualifies); the marks last until your next turn.", per_turn=3),
        ),
    ),
    Primary(
        "meatgrinder", "Meatgrinder",
        "Win the attrition mirror: points for a kill, for out-killing the losses you took last "
        "turn, and for standing on the enemy home.",
        (
            _w(_T, _ALL, 3, _KILL),
            _nh4(),
            _w(_T, _R2, 5, _MORE_KILLS),
            _w(_T, _R2, 5, _OPP_HOME),
        ),
    ),
    Primary(
        "destroyers-wrath", "Destroyer's Wrath",
        "Kill and out-hold: points for a kill, for more objectives than the foe, and for "
        "out-killing the losses you took last turn.",
        (
            _w(_T, _ALL, 3, _KILL),
            _nh4(),
            _w(_C, _R2, 6, _MAJORITY),
            _w(_T, _R2, 4, _MORE_KILLS),
        ),
    ),
    Primary(
        "consecrate", "Consecrate",
        "Units that kill may consecrate the objective they stand at; score for how many are "
        "consecrated, and for the enemy home at the end.",
        (
            _w(_T, _ALL, 3, "one or two objectives are consecrated", best_of="consecrated"),
            _w(_T, _ALL, 6, "three or more objectives are consecrated", best_of="consecrated"),
            _nh4(),
            _w(_C, _R2, 4, _MAJORITY),
            _w(_B, _END, 5, "your opponent's home objective is consecrated"),
        ),
        (
            Action("Consecrate", "At the end of your turn, a unit of yours that destroyed an "
                   "enemy unit may consecrate one unconsecrated objective (not your home) in its "
                   "range; your marker goes there.", per_turn=None),
        ),
    ),
    Primary(
        "secure-asset", "Secure Asset",
        "Secure an outlying objective each turn, punish enemies on the centre, and hold three "
        "objectives from round 2.",
        (
            _w(_T, _ALL, 4, "you completed Secure Asset this turn"),
            _w(_T, _ALL, 2, "an enemy unit that started the turn on a central objective was "
               "destroyed"),
            _nh4(),
            _w(_C, _R2, 4, "you hold three or more objectives"),
        ),
        (
            Action("Secure Asset", f"At an objective other than your home; {_STD}."),
        ),
    ),
    Primary(
        "extract-relic", "Extract Relic",
        "Hunt the opponent's hidden markers from the centre until one is left, then guard that "
        "one.",
        (
            _w(_T, _ALL, 4, "you completed a Sensor Sweep this turn"),
            _w(_T, _ALL, 3, "an enemy unit that started the turn on an objective was destroyed"),
            _w(_T, _ALL, 4, _LONE_MARKER.replace("the named markers", "your opponent's markers")),
            _nh4(),
            _w(_B, _END, 5, _LONE_MARKER.replace("the named markers", "your opponent's markers")),
        ),
        (
            Action("Sensor Sweep", f"Removes one of your opponent's markers; {_STD} (a central "
                   "objective); not allowed while only one marker is left."),
        ),
    ),
    Primary(
        "vital-link", "Vital Link",
        "Hold the centre and pile markers on it; bonus if one of your outlying objectives is "
        "central, and a big one for the enemy home at the end.",
        (
            _w(_T, _ALL, 2, _CENTRAL),
            _w(_T, _ALL, 1, "your markers at central objectives you hold",
               per="marker at a held central objective", adds_to_previous=True),
            _nh4(),
            _w(_C, _R2, 4, "one of the objectives you hold is central", adds_to_previous=True),
            _w(_B, _END, 10, _OPP_HOME),
        ),
        (
            Action("Maintain Control", f"Places your marker at a central objective; {_STD}."),
        ),
    ),
    Primary(
        "sabotage", "Sabotage",
        "Sabotage outlying objectives with as many units as you can, more for those in enemy "
        "territory.",
        (
            _w(_T, _ALL, 3, "your units that completed Sabotage this turn",
               per="unit that sabotaged"),
            _w(_T, _ALL, 2, "those units at an objective in enemy territory",
               per="saboteur in enemy territory", adds_to_previous=True),
            _nh4(),
        ),
        (
            Action("Sabotage", f"At an objective other than your home, one per objective; {_STD}.",
                   per_turn=None),
        ),
    ),
    Primary(
        "vanguard-operation", "Vanguard Operation",
        "Push into terrain in enemy territory and clear it, kill something each turn, and end "
        "on the enemy home.",
        (
            _w(_T, _ALL, 4, "you completed Vanguard Operation this turn"),
            _w(_T, _ALL, 2, _KILL),
            _nh4(),
            _w(_B, _END, 10, _OPP_HOME),
        ),
        (
            Action("Vanguard Operation", "Started in your Shooting phase by a unit in a terrain "
                   "area in your opponent's territory; completes at the end of your turn if no "
                   "enemy unit is in that area."),
        ),
    ),
    Primary(
        "reconnaissance-sweep", "Reconnaissance Sweep",
        "Be in every table quarter, pick off units, and hold something outlying from round 2.",
        (
            _w(_T, _ALL, 3, "a unit of yours is wholly in three table quarters, each more than "
               "6\" from the centre", best_of="quarters"),
            _w(_T, _ALL, 6, "the same in all four quarters", best_of="quarters"),
            _w(_T, _ALL, 1, "enemy units destroyed this turn", per="enemy unit destroyed"),
            _w(_C, _R2, 3, "you hold at least one objective other than your home"),
        ),
    ),
    Primary(
        "surveil-the-foe", "Surveil the Foe",
        "Surveil enemy units, clear the opponent's markers by moving onto their objectives, "
        "and out-hold them.",
        (
            _w(_T, _ALL, 4, "an enemy unit was surveilled this turn (not if every surveilled "
               "unit is at an objective shielded by your opponent's markers)"),
            _nh4(),
            _w(_C, _R2, 4, _MAJORITY),
            _w(_T, _R2, 5, "none of your opponent's markers are left"),
        ),
        (
            Action("Surveil", "In your Shooting phase, targets a visible enemy unit within 18\" "
                   "not surveilled this turn; completes at once.", per_turn=None),
            Action("Clear markers", "A unit of yours that ends a move in range of an objective "
                   "removes your opponent's markers there.", per_turn=None),
        ),
    ),
    Primary(
        "triangulation", "Triangulation",
        "From round 2, mark outlying objectives one a turn and score by how many carry your "
        "mark; a big bonus for holding four at the end.",
        (
            _nh4(),
            _w(_T, _R2, 3, "one objective carries your Triangulate marker", best_of="triangulated"),
            _w(_T, _R2, 6, "two objectives carry it", best_of="triangulated"),
            _w(_T, _R2, 10, "three or more objectives carry it", best_of="triangulated"),
            _w(_B, _END, 10, "you hold four or more objectives"),
        ),
        (
            Action("Triangulate", f"From round 2, places your marker at an objective other than "
                   f"your home; {_STD}.", from_round=2),
        ),
    ),
    Primary(
        "search-and-scour", "Search and Scour",
        "Hold the centre, hunt enemies in terrain, take outlying objectives, and keep your own "
        "territory clear at the end.",
        (
            _w(_T, _ALL, 3, _CENTRAL),
            _w(_T, _ALL, 2, "an enemy unit that started the turn in a terrain area was destroyed"),
            _per_nh(_C, _R2, 4),
            _w(_B, _END, 5, "no enemy unit is wholly in your territory"),
        ),
    ),
    Primary(
        "gather-intel", "Gather Intel",
        "Take the centre early, then extract intelligence at outlying objectives; score for "
        "markers left on the table and near the enemy home.",
        (
            _w(_T, (1,), 6, _CENTRAL),
            _nh4(),
            _w(_T, _R2, 7, "Extract Intelligence actions you completed this turn",
               per="completed action"),
            _w(_B, _END, 5, "three or more of your markers are on the table"),
            _w(_B, _END, 5, "one of your markers is in range of your opponent's home objective"),
        ),
        (
            Action("Extract Intelligence", f"From round 2, places your marker at an objective "
                   f"other than your home without one of yours; {_STD}.", per_turn=None,
                   from_round=2),
        ),
    ),
)  # fmt: skip

PRIMARY_BY_ID: dict[str, Primary] = {p.id: p for p in PRIMARIES}


def get_primary(primary_id: str) -> Primary:
    """The primary for an id (KeyError for an unknown one)."""
    return PRIMARY_BY_ID[primary_id]


def primary_for_matchup(own: str, opponent: str) -> Primary:
    """The primary a player of disposition `own` plays against `opponent`."""
    return PRIMARY_BY_ID[MATRIX[(own, opponent)]]

"""The 18-card secondary deck of the 11th-edition pack, and the deck's rules, as data.

Pure data (frozen dataclasses, no Django), for the tracker, scoresheets and result checks.
Each `Secondary` has its printed `name`, a `summary` in our own words, whether it can be
chosen as a Fixed card, its `fixed` and `tactical` scoring lines (`Award`s) and its
`when_drawn` effects. An `Award` says

- `timing`: end of your turn, end of the opponent's turn (or the end of round 5 if that comes
  first, so a player going second in round 5 still scores it), or the end of either turn;
- `rounds`: the battle rounds it can score in;
- `vp` and `per`: a flat award (`per` None) or `vp` for each thing counted;
- `up_to`: the card's printed ceiling for that line at one scoring (None: none printed);
- `adds_to_previous` / `best_of`: as for primaries (a bonus on the line before; of lines
  sharing the tag only the best that is met pays);
- `condition`: what must be true, in our words.

Deck rules (the constants below): Fixed = pick `FIXED_CARDS_CHOSEN` Fixed-capable cards, kept
all game, each worth at most `MAX_VP_PER_FIXED_CARD` over the game. Tactical = draw
`DRAWS_PER_COMMAND_PHASE` cards at the start of each of your Command phases (unscored cards
stay, no hand limit); once per battle pay `SWAP_COST_CP` CP at the end of your Command phase
to swap an active card; at the end of your own turn discard any number of active cards and
gain `DISCARD_CP_GAIN` CP in total; apart from core CP a player gains at most
`EXTRA_CP_PER_ROUND` CP per battle round. A scored Tactical card is discarded. When Drawn
effects apply only in Tactical play. Secondary VP: at most 45 per game and 15 per round.

Choices where the sources are open (eleventh-facts.md sections 11 and 12), made here:
- Fixed-capable cards: exactly the four with separate Fixed values (Assassination, Bring It
  Down, A Grievous Blow, Engage on All Fronts).
- Beacon is in every player's deck (18 cards each); the data's "attacker" tag is not used.
- Beacon scores at the end of the opponent's turn, or at the end of round 5 if sooner.
- Round-1 redraws: Forward Position, Behind Enemy Lines and Defend Stronghold.
- Behind Enemy Lines: 3 per unit, up to 9.
- "Up to N" applies per scoring; there is no separate 5 VP cap per Tactical card.
- The deck cannot run out in five rounds (at most 13 cards leave it for good); if it ever
  did, the draw simply gives nothing.

Facts from 40kdc-data (see the package docstring for the credit); descriptions are ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

DECK_SIZE = 18
FIXED_CARDS_CHOSEN = 2
MAX_VP_PER_FIXED_CARD = 20
MAX_VP_GAME = 45
MAX_VP_ROUND = 15
DRAWS_PER_COMMAND_PHASE = 2
SWAP_COST_CP = 1
SWAPS_PER_BATTLE = 1
DISCARD_CP_GAIN = 1
EXTRA_CP_PER_ROUND = 1
BATTLE_ROUNDS = (1, 2, 3, 4, 5)


class Mode(StrEnum):
    FIXED = "fixed"
    TACTICAL = "tactical"


class Timing(StrEnum):
    """When a secondary line is checked."""

    END_OF_YOUR_TURN = "end_of_your_turn"
    # Or the end of round 5 if that comes first.
    END_OF_OPPONENT_TURN = "end_of_opponent_turn"
    END_OF_EITHER_TURN = "end_of_either_turn"


TIMING_LABELS: dict[Timing, str] = {
    Timing.END_OF_YOUR_TURN: "end of your turn",
    Timing.END_OF_OPPONENT_TURN: "end of your opponent's turn (or of round 5)",
    Timing.END_OF_EITHER_TURN: "end of each player's turn",
}


class DrawEffect(StrEnum):
    """What happens when a card is drawn (Tactical play only)."""

    # Compulsory: shuffle the card back into the deck and draw another.
    REDRAW = "redraw"
    # Optional: the player may discard it and draw another.
    MAY_REPLACE = "may_replace"
    # The card stays; a choice is made now that the card then refers to.
    CHOOSE = "choose"


@dataclass(frozen=True)
class Award:
    """One scoring line of a secondary (see the module docstring for each field)."""

    timing: Timing
    vp: int
    condition: str
    per: str | None = None
    up_to: int | None = None
    rounds: tuple[int, ...] = BATTLE_ROUNDS
    adds_to_previous: bool = False
    best_of: str | None = None

    @property
    def max_vp(self) -> int | None:
        """Most this line gives at one scoring (None: only the caps bound it)."""
        if self.per is None:
            return self.vp
        return self.up_to

    def describe(self) -> str:
        when = TIMING_LABELS[self.timing]
        if self.rounds != BATTLE_ROUNDS:
            when = f"rounds {self.rounds[0]}-{self.rounds[-1]}, {when}"
        amount = f"{self.vp} VP per {self.per}" if self.per else f"{self.vp} VP"
        if self.up_to is not None:
            amount += f" (up to {self.up_to})"
        extra = " (on top of the line before)" if self.adds_to_previous else ""
        return f"{when}: {amount} - {self.condition}{extra}"

    def to_dict(self) -> dict:
        return {
            "timing": self.timing.value,
            "rounds": list(self.rounds),
            "vp": self.vp,
            "per": self.per,
            "up_to": self.up_to,
            "condition": self.condition,
            "adds_to_previous": self.adds_to_previous,
            "best_of": self.best_of,
            "max_vp": self.max_vp,
            "text": self.describe(),
        }


@dataclass(frozen=True)
class WhenDrawn:
    """A When Drawn effect. It applies only if every given limit holds: `rounds` (drawn in one
    of these battle rounds), `while_active` (one of these cards is active in the same hand),
    `opponent_lacks` (the opponent has no such unit or model on the battlefield)."""

    effect: DrawEffect
    summary: str
    rounds: tuple[int, ...] = BATTLE_ROUNDS
    while_active: tuple[str, ...] = ()
    opponent_lacks: str | None = None

    @property
    def optional(self) -> bool:
        return self.effect is not DrawEffect.REDRAW

    def to_dict(self) -> dict:
        return {
            "effect": self.effect.value,
            "optional": self.optional,
            "summary": self.summary,
            "rounds": list(self.rounds),
            "while_active": list(self.while_active),
            "opponent_lacks": self.opponent_lacks,
        }


@dataclass(frozen=True)
class Secondary:
    """One secondary card; `fixed` is empty for Tactical-only cards."""

    id: str
    name: str
    summary: str
    tactical: tuple[Award, ...]
    fixed: tuple[Award, ...] = ()
    when_drawn: tuple[WhenDrawn, ...] = ()
    # AIRCRAFT and battle-shocked units do not count for this card.
    excludes_aircraft_and_shocked: bool = False

    @property
    def fixed_capable(self) -> bool:
        return bool(self.fixed)

    @property
    def max_vp_fixed_game(self) -> int | None:
        """Most VP the card gives as a Fixed card over the game (None: not Fixed-capable)."""
        return MAX_VP_PER_FIXED_CARD if self.fixed else None

    @property
    def max_vp_tactical(self) -> int | None:
        """Most VP one Tactical scoring of the card gives (it is then discarded)."""
        return _max_per_scoring(self.tactical)

    @property
    def max_vp_fixed_scoring(self) -> int | None:
        """Most VP one Fixed scoring gives (None: no printed ceiling; the caps bound it)."""
        return _max_per_scoring(self.fixed) if self.fixed else None

    def awards(self, mode: Mode) -> tuple[Award, ...]:
        return self.fixed if mode is Mode.FIXED else self.tactical

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "fixed_capable": self.fixed_capable,
            "excludes_aircraft_and_shocked": self.excludes_aircraft_and_shocked,
            "fixed": [a.to_dict() for a in self.fixed],
            "tactical": [a.to_dict() for a in self.tactical],
            "max_vp_fixed_game": self.max_vp_fixed_game,
            "max_vp_tactical": self.max_vp_tactical,
            "when_drawn": [w.to_dict() for w in self.when_drawn],
        }


def _max_per_scoring(awards: tuple[Award, ...]) -> int | None:
    # Lines checked at the same moment can all pay together, except that a best-of group pays
    # only its best line; the card's most at one scoring is the best moment's total.
    best: int | None = 0
    for timing in {a.timing for a in awards}:
        total, groups = 0, {}
        for award in (a for a in awards if a.timing is timing):
            if award.max_vp is None:
                return None
            if award.best_of:
                groups[award.best_of] = max(groups.get(award.best_of, 0), award.max_vp)
            else:
                total += award.max_vp
        best = max(best, total + sum(groups.values()))
    return best


_Y, _O, _E = Timing.END_OF_YOUR_TURN, Timing.END_OF_OPPONENT_TURN, Timing.END_OF_EITHER_TURN
_FROM_2 = (2, 3, 4, 5)


def _round_one_redraw() -> WhenDrawn:
    return WhenDrawn(DrawEffect.REDRAW, "Drawn in round 1: shuffle it back and draw another.",
                     rounds=(1,))  # fmt: skip


_QUARTERS = 'a unit is present in a quarter when wholly inside it and more than 6" from the centre'

SECONDARIES: tuple[Secondary, ...] = (
    Secondary(
        "assassination", "Assassination",
        "Kill enemy CHARACTER models. Fixed: per character model, more for tough ones. "
        "Tactical: once, for a character kill or when none are left.",
        tactical=(
            Award(_E, 5, "an enemy CHARACTER unit was destroyed this turn, or every enemy "
                  "CHARACTER is already destroyed"),
        ),
        fixed=(
            Award(_E, 3, "enemy CHARACTER models destroyed this turn", per="character model"),
            Award(_E, 1, "of those, models with 4 or more Wounds", per="model with 4+ Wounds",
                  adds_to_previous=True),
        ),
    ),
    Secondary(
        "bring-it-down", "Bring It Down",
        "Kill big models (10 or more Wounds).",
        tactical=(
            Award(_E, 5, "enemy models with 10+ Wounds destroyed this turn", per="model",
                  up_to=5),
        ),
        fixed=(
            Award(_E, 4, "enemy models with 10+ Wounds destroyed this turn", per="model"),
        ),
        when_drawn=(
            WhenDrawn(DrawEffect.MAY_REPLACE, "If your opponent has no model with 10 or more "
                      "Wounds on the battlefield, you may discard it and draw another.",
                      opponent_lacks="model with 10+ Wounds"),
        ),
    ),
    Secondary(
        "a-grievous-blow", "A Grievous Blow",
        "Kill large units (Starting Strength 13 or more).",
        tactical=(
            Award(_E, 5, "enemy units of Starting Strength 13+ destroyed this turn", per="unit",
                  up_to=5),
        ),
        fixed=(
            Award(_E, 4, "enemy units of Starting Strength 13+ destroyed this turn", per="unit"),
        ),
        when_drawn=(
            WhenDrawn(DrawEffect.MAY_REPLACE, "If your opponent has no unit of Starting Strength "
                      "13 or more on the battlefield, you may discard it and draw another.",
                      opponent_lacks="unit of Starting Strength 13+"),
        ),
    ),
    Secondary(
        "engage-on-all-fronts", "Engage on All Fronts",
        f"Be present in three or four table quarters ({_QUARTERS}).",
        tactical=(
            Award(_Y, 3, "present in three table quarters", best_of="quarters"),
            Award(_Y, 5, "present in all four table quarters", best_of="quarters"),
        ),
        fixed=(
            Award(_Y, 2, "present in three table quarters", best_of="quarters"),
            Award(_Y, 4, "present in all four table quarters", best_of="quarters"),
        ),
        excludes_aircraft_and_shocked=True,
    ),
    Secondary(
        "forward-position", "Forward Position",
        "Hold the opponent's home or an expansion objective.",
        tactical=(Award(_Y, 5, "you hold your opponent's home or an expansion objective"),),
        when_drawn=(_round_one_redraw(),),
    ),
    Secondary(
        "burden-of-trust", "Burden of Trust",
        "Name a guard unit for objectives you hold; score for each objective still guarded "
        "after the opponent's turn.",
        tactical=(
            Award(_O, 2, "objectives you control whose named guard is still in range",
                  per="guarded objective", up_to=9),
        ),
        when_drawn=(
            WhenDrawn(DrawEffect.CHOOSE, "When drawn, and at the start of each of your turns, you "
                      "may name one of your units as guard of each objective."),
        ),
    ),
    Secondary(
        "display-of-might", "Display of Might",
        "Have more units than the opponent wholly in No Man's Land; worth more if it survives "
        "their turn.",
        tactical=(
            Award(_Y, 2, "more of your units than your opponent's are wholly in No Man's Land"),
            Award(_O, 5, "more of your units than your opponent's are wholly in No Man's Land"),
        ),
        excludes_aircraft_and_shocked=True,
    ),
    Secondary(
        "centre-ground", "Centre Ground",
        "Put a unit near the centre of the table and keep enemies away from it.",
        tactical=(
            Award(_Y, 3, "a unit of yours is within 3\" of the centre and no enemy unit is",
                  best_of="centre"),
            Award(_Y, 5, "as above, and no enemy unit is within 6\" of the centre",
                  best_of="centre"),
        ),
        excludes_aircraft_and_shocked=True,
    ),
    Secondary(
        "outflank", "Outflank",
        "Get units to the table edges outside your own territory.",
        tactical=(
            Award(_Y, 3, "a unit of yours is within 6\" of a table edge and outside your "
                  "territory", best_of="flank"),
            Award(_Y, 5, "two units of yours are within 6\" of opposite table edges, at least one "
                  "of them outside your territory", best_of="flank"),
        ),
        excludes_aircraft_and_shocked=True,
    ),
    Secondary(
        "plunder", "Plunder",
        "Plunder a terrain area outside your territory (an action in your Shooting phase that "
        "completes at once, one unit per turn).",
        tactical=(Award(_Y, 5, "you plundered a terrain area this turn"),),
        when_drawn=(
            WhenDrawn(DrawEffect.REDRAW, "While Cleanse is active, shuffle it back and draw "
                      "another.", while_active=("cleanse",)),
        ),
    ),
    Secondary(
        "cleanse", "Cleanse",
        "Cleanse objectives other than your home (an action in your Shooting phase; it completes "
        "at the end of your turn if the unit then controls the objective).",
        tactical=(
            Award(_Y, 2, "you cleansed one objective this turn", best_of="cleansed"),
            Award(_Y, 5, "you cleansed two or more objectives this turn", best_of="cleansed"),
        ),
        when_drawn=(
            WhenDrawn(DrawEffect.REDRAW, "While Plunder is active, shuffle it back and draw "
                      "another.", while_active=("plunder",)),
        ),
    ),
    Secondary(
        "secure-no-mans-land", "Secure No Man's Land",
        "Hold two objectives in No Man's Land (homes do not count).",
        tactical=(Award(_Y, 5, "you hold two or more objectives in No Man's Land"),),
    ),
    Secondary(
        "no-prisoners", "No Prisoners",
        "Destroy enemy units, in either player's turn.",
        tactical=(
            Award(_E, 2, "enemy units destroyed this turn", per="enemy unit", up_to=5),
        ),
    ),
    Secondary(
        "overwhelming-force", "Overwhelming Force",
        "Destroy enemy units that were holding ground.",
        tactical=(
            Award(_E, 3, "enemy units destroyed this turn that started it in range of an "
                  "objective", per="enemy unit", up_to=9),
        ),
    ),
    Secondary(
        "behind-enemy-lines", "Behind Enemy Lines",
        "Get units wholly into the opponent's deployment zone.",
        tactical=(
            Award(_Y, 3, "your units wholly in your opponent's deployment zone", per="unit",
                  up_to=9),
        ),
        when_drawn=(_round_one_redraw(),),
        excludes_aircraft_and_shocked=True,
    ),
    Secondary(
        "defend-stronghold", "Defend Stronghold",
        "From round 2, keep your home through the opponent's turn, better with your zone clear.",
        tactical=(
            Award(_O, 3, "you hold your home objective", rounds=_FROM_2),
            Award(_O, 2, "and no enemy unit is in your deployment zone", rounds=_FROM_2,
                  adds_to_previous=True),
        ),
        when_drawn=(_round_one_redraw(),),
    ),
    Secondary(
        "a-tempting-target", "A Tempting Target",
        "Your opponent points at an objective in No Man's Land; hold it.",
        tactical=(Award(_Y, 5, "you hold the objective your opponent picked"),),
        when_drawn=(
            WhenDrawn(DrawEffect.CHOOSE, "When drawn, your opponent picks an objective in No "
                      "Man's Land other than a home; the card refers to it."),
        ),
    ),
    Secondary(
        "beacon", "Beacon",
        "Name one of your units; score if it is still on the table and forward after the "
        "opponent's turn.",
        tactical=(
            Award(_O, 3, "the named unit is on the battlefield and outside your deployment zone",
                  best_of="beacon"),
            Award(_O, 5, "the named unit is on the battlefield and outside your territory",
                  best_of="beacon"),
        ),
        when_drawn=(
            WhenDrawn(DrawEffect.CHOOSE, "When drawn, name one of your units on the battlefield "
                      "(an embarked unit counts)."),
        ),
    ),
)  # fmt: skip

SECONDARY_BY_ID: dict[str, Secondary] = {c.id: c for c in SECONDARIES}
FIXED_CAPABLE_IDS: tuple[str, ...] = tuple(c.id for c in SECONDARIES if c.fixed_capable)


def get_secondary(card_id: str) -> Secondary:
    """The card for an id (KeyError for an unknown one)."""
    return SECONDARY_BY_ID[card_id]


def when_drawn_effect(card_id: str, *, round_number: int, active: tuple[str, ...] = (),
                      opponent_has: bool = True) -> WhenDrawn | None:  # fmt: skip
    """The When Drawn effect that applies to drawing `card_id` now, if any: in `round_number`,
    with the cards `active` in the hand, and `opponent_has` saying whether the opponent still
    has a target the card's `opponent_lacks` names."""
    for effect in SECONDARY_BY_ID[card_id].when_drawn:
        if round_number not in effect.rounds:
            continue
        if effect.while_active and not set(effect.while_active) & set(active):
            continue
        if effect.opponent_lacks is not None and opponent_has:
            continue
        return effect
    return None

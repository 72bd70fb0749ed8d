"""Result scores: each mission pack's scoring rules, and the rules a submitted score must follow.

Plain Python, no Django: the API, the pages, the importer and the game tracker all validate
through `clean_result`, so a score is judged the same way wherever it comes from. The rules
are data (`ScoringRules`), one entry per pack key in `SCORING`:

- Leviathan (10th edition): primary plus gambit at most 50, secondaries at most 40, Battle
  Ready 0 or 10, total at most 100 (leviathan-facts.md, "Scoring caps per player").
- 8th and 7th edition matched play: no cap on the total. Eternal War missions score their
  primary objective (`primary`), Maelstrom of War missions their Tactical Objectives
  (`tactical`), and every mission adds Slay the Warlord, First Blood and Linebreaker at 1 VP
  each (`secondary`, 0 to 3).
- Only War (8th edition open play): the rolled victory condition only (`primary`; its D3 for
  a slain Warlord is part of it). Equal VP is a minor victory for the Underdog, a win in the
  record: the result records both Power Levels (`power_a`, `power_b`) and the lower one wins;
  on equal Power Levels `outcome` names the Underdog (without either, a draw).

- 11th edition (Event Companion): primary at most 45, secondary at most 45, Battle Ready 0 or
  10, total at most 100 (eleventh-facts.md, section 3); the per-round caps (15 each) apply to
  the optional per-round breakdown.

In every pack the result is a win, a loss or a draw by VP (`outcome`), unless the battle ended
early: a concession or a tabled side (`ended`) is the opponent's win whatever the VP.
"""

from __future__ import annotations

from dataclasses import dataclass

from common.errors import Invalid
from missions.scoring.eleventh import RECORD_FIELDS, record_parts, refuse_record

# Every breakdown part a result can hold; a pack uses some of them.
PARTS = ("primary", "secondary", "gambit", "battle_ready", "tactical")
# Packs without a cap on the total still refuse a number no game reaches: a typing slip.
VP_CEILING = 999


@dataclass(frozen=True)
class Caps:
    """Per-player caps of the Leviathan pack (leviathan-facts.md, "Scoring caps per player")."""

    primary_and_gambit: int = 50
    secondary: int = 40
    battle_ready: int = 10
    total: int = 100
    # The pack's gambit cards score 30VP on success, or nothing: no other value exists.
    gambit: int = 30


LEVIATHAN_CAPS = Caps()


@dataclass(frozen=True)
class Part:
    """One breakdown part of a pack: its highest value, or the only values it may take."""

    name: str
    label: str
    maximum: int = VP_CEILING
    choices: tuple[int, ...] = ()
    # Why only `choices` exist, for the error message.
    choice_reason: str = ""


@dataclass(frozen=True)
class JointCap:
    """Parts whose sum is capped; the error names the first part's field."""

    parts: tuple[str, ...]
    cap: int
    message: str


@dataclass(frozen=True)
class ScoringRules:
    key: str
    name: str
    parts: tuple[Part, ...]
    # None: no cap on the total (only VP_CEILING).
    total_cap: int | None
    joint_caps: tuple[JointCap, ...] = ()
    # Shown beside the score form and on printed scoresheets.
    summary: str = ""
    # Only War: equal VP is a (minor) victory for the Underdog, found from the armies' Power
    # Levels (`power_a`, `power_b` on the result) or named by `outcome` when they are equal.
    underdog_ties: bool = False
    # A mission won by its own victory conditions, not by VP (8th's The Relic): `outcome` is
    # required and stands; VP are recorded as they are.
    by_outcome: bool = False
    # The result also records the game (per-round breakdown, Attacker, first turn, secondary
    # modes: missions/scoring/eleventh.py); other packs refuse those keys.
    game_record: bool = False

    @property
    def vp_max(self) -> int:
        return VP_CEILING if self.total_cap is None else self.total_cap

    @property
    def part_names(self) -> tuple[str, ...]:
        return tuple(part.name for part in self.parts)

    def part(self, name: str) -> Part | None:
        return next((p for p in self.parts if p.name == name), None)


def _leviathan(caps: Caps) -> ScoringRules:
    return ScoringRules(
        key="leviathan",
        name="Leviathan",
        parts=(
            Part("primary", "Primary", caps.primary_and_gambit),
            Part("secondary", "Secondary", caps.secondary),
            Part(
                "gambit",
                "Gambit",
                caps.primary_and_gambit,
                (0, caps.gambit),
                f"a gambit scores {caps.gambit} VP or nothing",
            ),
            Part(
                "battle_ready",
                "Battle Ready",
                caps.battle_ready,
                (0, caps.battle_ready),
                "Battle Ready bonus",
            ),
        ),
        total_cap=caps.total,
        joint_caps=(
            JointCap(
                ("primary", "gambit"),
                caps.primary_and_gambit,
                f"Primary plus gambit must be at most {caps.primary_and_gambit}.",
            ),
        ),
        summary=(
            f"Primary plus gambit at most {caps.primary_and_gambit}, secondary at most "
            f"{caps.secondary}, Battle Ready {caps.battle_ready}, total at most {caps.total}."
        ),
    )


# Slay the Warlord, First Blood and Linebreaker: 1 VP each in every matched-play mission.
CLASSIC_BONUSES = 3


def _matched_play(key: str, name: str) -> ScoringRules:
    return ScoringRules(
        key=key,
        name=name,
        parts=(
            Part("primary", "Primary (mission VP)"),
            Part("secondary", "Slay the Warlord, First Blood, Linebreaker", CLASSIC_BONUSES),
            Part("tactical", "Tactical Objectives"),
        ),
        total_cap=None,
        summary=(
            "No cap on the total: mission VP + Tactical Objective VP + 1 VP each for Slay the "
            "Warlord, First Blood, Linebreaker. Most VP wins; equal VP draws."
        ),
    )


# 11th edition caps per player (eleventh-facts.md, section 3): separate primary and secondary.
ELEVENTH_PRIMARY = 45
ELEVENTH_SECONDARY = 45
ELEVENTH_PER_ROUND = 15


def _eleventh() -> ScoringRules:
    return ScoringRules(
        key="eleventh",
        name="11th edition",
        parts=(
            Part("primary", "Primary", ELEVENTH_PRIMARY),
            Part("secondary", "Secondary", ELEVENTH_SECONDARY),
            Part("battle_ready", "Battle Ready", 10, (0, 10), "Battle Ready bonus"),
        ),
        total_cap=100,
        summary=(
            f"Primary at most {ELEVENTH_PRIMARY} and secondary at most {ELEVENTH_SECONDARY} "
            f"(each at most {ELEVENTH_PER_ROUND} per battle round), Battle Ready 10, total at "
            "most 100. Most VP wins; equal VP draws."
        ),
        game_record=True,
    )


SCORING: dict[str, ScoringRules] = {
    "leviathan": _leviathan(LEVIATHAN_CAPS),
    "eighth": _matched_play("eighth", "8th edition matched play"),
    "seventh": _matched_play("seventh", "7th edition"),
    "only_war": ScoringRules(
        key="only_war",
        name="Only War",
        parts=(Part("primary", "Victory condition VP"),),
        total_cap=None,
        summary=(
            "No cap on the total: the rolled victory condition's VP. Most VP wins; equal VP "
            "is a win for the Underdog (the lower Power Level; on equal Power Levels the player "
            "who assigned the halves); wiping out the enemy wins at once."
        ),
        underdog_ties=True,
    ),
    "eleventh": _eleventh(),
}


# Missions whose victory conditions are not their pack's (seed 000 around line 2439: The Relic
# is a major or minor victory or a draw, with no bonus points).
BY_MISSION: dict[tuple[str, str], ScoringRules] = {
    ("eighth", "the_relic"): ScoringRules(
        key="eighth",
        name="8th edition matched play (The Relic)",
        parts=(),
        total_cap=None,
        summary=(
            "Carrying the Relic at the end: major victory; otherwise the model closest to it: "
            "minor victory; equally close: draw. Say the winner; no Slay the Warlord, First "
            "Blood or Linebreaker."
        ),
        by_outcome=True,
    ),
}


def scoring_rules(pack_key: str, mission_key: str | None = None) -> ScoringRules:
    """The scoring rules of a pack, or of one of its missions when that mission has its own
    victory conditions; raises Invalid (`mission_pack`, `unknown_pack`)."""
    if (pack_key, mission_key) in BY_MISSION:
        return BY_MISSION[pack_key, mission_key]
    rules = SCORING.get(pack_key)
    if rules is None:
        raise Invalid(
            "mission_pack",
            "unknown_pack",
            f"No scoring rules for pack {pack_key!r}; known: {', '.join(SCORING)}.",
        )
    return rules


LEVIATHAN = SCORING["leviathan"]


def _whole(errors: dict, field: str, value, maximum: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        else:
            errors.setdefault(field, []).append(("invalid", "Must be a whole number."))
            return None
    if value < 0:
        errors.setdefault(field, []).append(("min_value", "Must be at least 0."))
        return None
    if value > maximum:
        errors.setdefault(field, []).append(("max_value", f"Must be at most {maximum}."))
        return None
    return value


def _read_parts(data: dict, side: str, rules: ScoringRules, errors: dict, out: dict) -> bool:
    """Each of the pack's parts into `out` (checked against its maximum); True if any given."""
    given = False
    for part in rules.parts:
        field = f"{part.name}_{side}"
        out[field] = _whole(errors, field, data.get(field), part.maximum)
        given = given or data.get(field) is not None
    return given


def _clean_side(data: dict, side: str, rules: ScoringRules, errors: dict) -> dict:
    vp_field = f"vp_{side}"
    # The total is always answered (None where a refused part left it unknown).
    out = {f"{part}_{side}": None for part in PARTS} | {vp_field: None}
    given = _read_parts(data, side, rules, errors, out)
    vp = _whole(errors, vp_field, data.get(vp_field), rules.vp_max)
    if vp is not None and _only_battle_ready(data, side, rules):
        return _total_with_bonus(out, vp, side, rules, errors)
    if not given:
        if data.get(vp_field) is None:
            errors.setdefault(vp_field, []).append(("required", "This field is required."))
        out[vp_field] = vp
        return out
    if any(f in errors for f in out):
        return out
    parts = {p.name: out[f"{p.name}_{side}"] or 0 for p in rules.parts}
    for name, value in parts.items():
        out[f"{name}_{side}"] = value
    for part in rules.parts:
        if part.choices and parts[part.name] not in part.choices:
            values = " or ".join(str(v) for v in part.choices)
            errors.setdefault(f"{part.name}_{side}", []).append(
                ("choice", f"Must be {values} ({part.choice_reason}).")
            )
    for joint in rules.joint_caps:
        if sum(parts[p] for p in joint.parts) > joint.cap:
            errors.setdefault(f"{joint.parts[0]}_{side}", []).append(("cap", joint.message))
    total = sum(parts.values())
    if total > rules.vp_max:
        errors.setdefault(vp_field, []).append(("cap", f"Must be at most {rules.vp_max}."))
    elif vp is not None and vp != total:
        errors.setdefault(vp_field, []).append(
            ("mismatch", f"Must equal the breakdown's sum ({total}).")
        )
    out[vp_field] = total
    return out


def _only_battle_ready(data: dict, side: str, rules: ScoringRules) -> bool:
    """A total with only its Battle Ready share named (the player's phone form)."""
    named = [p.name for p in rules.parts if data.get(f"{p.name}_{side}") is not None]
    return named == ["battle_ready"]


def _total_with_bonus(out: dict, vp: int, side: str, rules: ScoringRules, errors: dict) -> dict:
    """The total stands; the bonus is recorded; the parts nobody entered stay unknown."""
    field = f"battle_ready_{side}"
    bonus, part = out[field], rules.part("battle_ready")
    if bonus is None:  # refused by its own maximum: already reported
        return out
    if part.choices and bonus not in part.choices:
        values = " or ".join(str(v) for v in part.choices)
        errors.setdefault(field, []).append(("choice", f"Must be {values} ({part.choice_reason})."))
    elif bonus > vp:
        errors.setdefault(field, []).append(
            ("cap", f"The Battle Ready bonus ({bonus}) cannot be more than the total ({vp}).")
        )
    out[f"vp_{side}"] = vp
    return out


def clean_result(
    data: dict,
    *,
    bye: bool = False,
    caps: Caps = LEVIATHAN_CAPS,
    rules: ScoringRules | None = None,
) -> dict:
    """Validate a submitted score by a pack's rules (Leviathan unless `rules` is given) and
    return it complete, or raise `Invalid` naming each field.

    Accepts a bare total (`vp_a`, `vp_b`) or a breakdown per side; a breakdown's parts that
    are left out count as 0 and the total must match it when both are given. A part the pack
    does not have (a gambit in 8th edition) is refused with `not_in_pack`, and so is the game
    record (`RECORD_FIELDS`) outside the packs that keep one. The answer always holds every
    part and every record key (None where unknown).
    """
    if rules is None:
        rules = LEVIATHAN if caps is LEVIATHAN_CAPS else _leviathan(caps)
    errors: dict[str, list[tuple[str, str]]] = {}
    known = {f"{p}_{s}" for p in (*rules.part_names, "vp") for s in "ab"} | {"outcome", "ended"}
    if rules.underdog_ties:
        known |= {"power_a", "power_b"}
    every = {f"{p}_{s}" for p in (*PARTS, "power") for s in "ab"}
    for field in data:
        if field in RECORD_FIELDS:
            continue  # checked below, by the pack's record rules
        if field in every and field not in known:
            errors.setdefault(field, []).append(
                ("not_in_pack", f"Not a result field of the {rules.name} pack.")
            )
        elif field not in known:
            errors.setdefault(field, []).append(("unknown_field", "Not a result field."))
    if rules.game_record:
        record, supplied = record_parts(data, errors, bye=bye)
        # Rounds given without their part's total supply it (the tracker, the scoresheet grid).
        data = {**data, **supplied}
    else:
        refuse_record(data, errors, rules.name)
        record = dict.fromkeys(RECORD_FIELDS)
    cleaned = _clean_side(data, "a", rules, errors)
    if bye:
        if any(data.get(f"{p}_b") is not None for p in (*rules.part_names, "vp")):
            errors.setdefault("vp_b", []).append(("bye", "A bye has no opponent score."))
        cleaned.update({f"{p}_b": None for p in (*PARTS, "vp")})
    else:
        cleaned.update(_clean_side(data, "b", rules, errors))
    power = {f: _whole(errors, f, data.get(f), VP_CEILING) for f in ("power_a", "power_b")}
    cleaned.update(power)
    cleaned.update(_clean_ending(data, cleaned, errors, bye=bye, rules=rules))
    cleaned.update(record)
    if errors:
        raise Invalid.from_errors(errors)
    return cleaned


# How a battle ended and who won it when the VP do not say (issue 26): a concession or a side
# with no models left ends the battle with the opponent's victory (8th and 7th edition).
OUTCOMES = {"a_wins": "a", "b_wins": "b", "draw": "draw"}
ENDINGS = ("time", "concession", "tabled")
EARLY_ENDS = ("concession", "tabled")


def _choice(data: dict, field: str, choices, errors: dict) -> str:
    value = data.get(field)
    if value is None or value == "":
        return ""
    if value not in choices:
        errors.setdefault(field, []).append(
            ("invalid_choice", f"Must be one of {', '.join(choices)}.")
        )
        return ""
    return value


def _underdog_win(cleaned: dict) -> str | None:
    """Only War on equal VP: the lower Power Level's win; None when the Power Levels are
    unknown or equal (then only the players know who assigned the halves)."""
    power_a, power_b = cleaned["power_a"], cleaned["power_b"]
    if power_a is None or power_b is None or power_a == power_b:
        return None
    return "a_wins" if power_a < power_b else "b_wins"


def _clean_ending(data: dict, cleaned: dict, errors: dict, *, bye: bool, rules) -> dict:
    """`outcome` and `ended`, both optional, stored as `decided` and `ended` ("" = not said).
    An early end names a winner; otherwise a given outcome must be the VP's, or in Only War
    on equal VP the Underdog's."""
    decided = _choice(data, "outcome", tuple(OUTCOMES), errors)
    if rules.by_outcome and not bye:
        if not decided and "outcome" not in errors:
            errors.setdefault("outcome", []).append(
                ("required", "This mission is won by its own victory conditions: say who won.")
            )
        return {"decided": decided, "ended": _choice(data, "ended", ENDINGS, errors)}
    tie = (
        rules.underdog_ties
        and not ended_early(data)
        and cleaned["vp_a"] is not None
        and cleaned["vp_a"] == cleaned["vp_b"]
    )
    if tie and not errors:
        underdog = _underdog_win(cleaned)
        if decided and underdog and decided != underdog:
            errors.setdefault("outcome", []).append(
                ("mismatch", "Equal VP: the Underdog (the lower Power Level) wins.")
            )
        elif decided == "draw":
            errors.setdefault("outcome", []).append(
                ("mismatch", "Equal VP is a win for the Underdog, never a draw.")
            )
        decided = decided or underdog or ""
        return {"decided": decided, "ended": _choice(data, "ended", ENDINGS, errors)}
    ended = _choice(data, "ended", ENDINGS, errors)
    if bye and (decided or ended):
        errors.setdefault("outcome" if decided else "ended", []).append(
            ("bye", "A bye has no opponent to win or lose against.")
        )
    elif ended in EARLY_ENDS and not decided:
        errors.setdefault("outcome", []).append(
            ("required", f"Say who won: a battle ended by {ended} is won by the opponent.")
        )
    elif ended in EARLY_ENDS and decided == "draw":
        errors.setdefault("outcome", []).append(
            ("not_a_win", f"A battle ended by {ended} is won by the opponent, never drawn.")
        )
    elif decided and ended not in EARLY_ENDS and "vp_a" not in errors and "vp_b" not in errors:
        known = cleaned["vp_a"] is not None and (bye or cleaned["vp_b"] is not None)
        if known and OUTCOMES[decided] != outcome(cleaned["vp_a"], cleaned["vp_b"]):
            errors.setdefault("outcome", []).append(
                ("mismatch", "Must agree with the VP unless the battle ended early.")
            )
    return {"decided": decided, "ended": ended}


def ended_early(data: dict) -> bool:
    return data.get("ended") in EARLY_ENDS


def outcome(vp_a: int, vp_b: int | None, decided: str = "") -> str:
    """'a', 'b' or 'draw': more VP wins, equal VP is a draw, no opponent (bye) is a win;
    `decided` (a_wins, b_wins, draw: an early end) says it instead of the VP."""
    if vp_b is None:
        return "a"
    if decided:
        return OUTCOMES[decided]
    if vp_a == vp_b:
        return "draw"
    return "a" if vp_a > vp_b else "b"

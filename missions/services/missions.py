"""What the tournament side asks of the missions app: the pool and a round's mission."""

from __future__ import annotations

import random

from django.utils.translation import gettext

from common.errors import Invalid
from missions.classic import tactical
from missions.classic.generator import after_deployment_rolls, generate_classic
from missions.classic.only_war import underdog
from missions.classic.primaries import primaries
from missions.classic.types import ClassicMission, ClassicPack
from missions.eleventh import generator as eleventh
from missions.eleventh.matrix import MATRIX, PRIMARY_NAMES
from missions.eleventh.pack import MATRIX_KIND
from missions.eleventh.primaries import PRIMARIES
from missions.eleventh.secondaries import SECONDARIES
from missions.engine.generator import generate, mission_from_code, pool_mission
from missions.pack.errors import MissionError
from missions.pack.registry import get_pack, pack_keys

# The mission table whose missions score Tactical Objectives (8th and 7th edition).
MAELSTROM_TABLE = "maelstrom_of_war"


def _pack(pack_key: str):
    try:
        return get_pack(pack_key)
    except MissionError as exc:
        raise Invalid("pack", "unknown_pack", exc.message) from exc


def pool_codes(pack_key: str) -> list[str]:
    return [entry.code for entry in _pack(pack_key).pool]


def _classic_round_mission(pack: ClassicPack, code: str):
    try:
        mission = mission_from_code(code)
    except MissionError as exc:
        raise Invalid("mission", "unknown_mission", exc.message) from exc
    if mission.pack.key != pack.key:
        raise Invalid(
            "mission",
            "wrong_pack",
            gettext("Must be a mission code of %(name)s (starting %(code_prefix)s-).")
            % {"name": pack.name, "code_prefix": pack.code_prefix},
        )
    return mission


def mission_check_code(pack_key: str, code: str) -> str:
    """A round's mission: a pool code of a card pack, or for a table pack a shareable code
    of that pack ("EGT-1K-7"); returns it normalised."""
    if not isinstance(code, str):
        raise Invalid("mission", "invalid", gettext("Must be a pool mission code such as 'A'."))
    pack = _pack(pack_key)
    if isinstance(pack, ClassicPack):
        return _classic_round_mission(pack, code).code
    if pack.kind == MATRIX_KIND:
        raise Invalid("mission", "no_round_mission", _NO_ROUND_MISSION)
    codes = pool_codes(pack_key)
    if code.strip().upper() not in codes:
        raise Invalid(
            "mission",
            "unknown_mission",
            gettext("Must be one of %(join)s.") % {"join": ", ".join(codes)},
        )
    return code.strip().upper()


_NO_ROUND_MISSION = (
    "11th edition rounds have no single mission: each player's primary comes from the two "
    "Force Dispositions."
)


def mission_names(pack_key: str) -> list[dict]:
    """A table pack's missions as its tables list them (key, printed name, table name): the
    list an organiser picks a round's mission from. [] for a pack without tables."""
    pack = _pack(pack_key)
    if not isinstance(pack, ClassicPack):
        return []
    return [
        {"key": m.key, "name": m.name, "table": t.name} for t in pack.tables for m in t.missions
    ]


# A mission is about 1 in 12 of a pack's rolls (1 in 3 in Only War): a few hundred seeds
# always hold it; the bound only keeps a broken table from looping for ever.
_NAMED_SEARCH = 10_000


def mission_code_named(pack_key: str, mission_key: str, *, after: int) -> str:
    """A code of the pack's mission `mission_key` (a key of `mission_names`): the first seed
    after `after` whose rolls give that mission, so its map and other rolls stay the dice's
    (reproducible from `after`). Raises Invalid (`mission`, `unknown_mission`) naming the
    pack's missions when the key is not one of them."""
    pack = _pack(pack_key)
    names = mission_names(pack_key)
    if not isinstance(mission_key, str) or mission_key not in {n["key"] for n in names}:
        listed = ", ".join(n["name"] for n in names)
        raise Invalid(
            "mission",
            "unknown_mission",
            gettext("Must be one of the missions of %(name)s: %(listed)s.")
            % {"name": pack.name, "listed": listed},
        )
    for step in range(1, _NAMED_SEARCH):
        mission = generate_classic(pack, (after + step) % SEED_CODES)
        if mission.mission.key == mission_key:
            return mission.code
    raise Invalid(
        "mission",
        "unknown_mission",
        gettext("No roll of %(name)s gives %(mission_key)s.")
        % {"name": pack.name, "mission_key": mission_key},
    )


def mission_summary(pack_key: str, code: str) -> dict | None:
    """The contract's `mission` object of a round: code, primary, mission rule, deployment.
    For a table pack: the mission's name as `primary`, its table as `mission_rule`."""
    if not code:
        return None
    pack = _pack(pack_key)
    if pack.kind == MATRIX_KIND:
        return None
    if isinstance(pack, ClassicPack):
        mission = _classic_round_mission(pack, code)
        return {
            "code": mission.code,
            "primary": mission.mission.name,
            "mission_rule": pack.table(mission.mission.table).name,
            "deployment": mission.deployment.name,
            "terrain_layouts": [],
        }
    return pack.pool_entry(code).to_dict()


def mission_packs() -> list[dict]:
    """Every pack: key, name, edition, kind, what one generated mission holds, code prefix."""
    return [get_pack(key).to_dict() for key in pack_keys()]


def mission_generate(*, pack_key: str = "leviathan", seed=None, a=None, b=None, layout=None):
    """A generated mission of any pack (a `Mission` for card packs, a `ClassicMission` for
    table packs, an 11th-edition `Matchup` whose dispositions `a`, `b` and `layout` letter
    may be chosen); with no seed one is chosen so the answer can still be shared."""
    pack = _pack(pack_key)
    if pack.kind != MATRIX_KIND:
        for name, value in (("a", a), ("b", b), ("layout", layout)):
            if value is not None:
                raise Invalid(
                    name,
                    "not_for_pack",
                    gettext("Only the 11th edition pack takes %(name)s.") % {"name": name},
                )
    if seed is None:
        seed = random.SystemRandom().randrange(36**6)
    elif isinstance(seed, str):
        if not seed.strip().isdigit():
            raise Invalid("seed", "invalid", gettext("Must be a whole number of at least 0."))
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed >= 2**63:
        raise Invalid("seed", "invalid", gettext("Must be a whole number of at least 0."))
    if isinstance(pack, ClassicPack):
        return generate_classic(pack, seed)
    if pack.kind == MATRIX_KIND:
        try:
            return eleventh.generate_matchup(seed, a=a, b=b, layout=layout)
        except MissionError as exc:
            raise Invalid(exc.field or "seed", exc.code, exc.message) from exc
    return generate(pack, seed)


# The query a generate call of the 11th-edition pack takes; anything else is refused, so a
# misspelt `layuot=B` is not silently rolled. ("format" is DRF's own.)
MATCHUP_QUERY = ("pack", "seed", "a", "b", "layout", "format")


def mission_generate_query(query) -> object:
    """`mission_generate` from a generate call's query (a mapping of strings). For the
    11th-edition pack: `a`, `b` and `layout` (absent = rolled); unknown keys are refused.
    Other packs refuse those three (`not_for_pack`) and ignore other keys, as they did."""
    pack_key = query.get("pack", "leviathan")
    if _pack(pack_key).kind != MATRIX_KIND:
        for name in ("a", "b", "layout"):
            if name in query:
                raise Invalid(
                    name,
                    "not_for_pack",
                    gettext("Only the 11th edition pack takes %(name)s.") % {"name": name},
                )
        return mission_generate(pack_key=pack_key, seed=query.get("seed"))
    unknown = [key for key in query if key not in MATCHUP_QUERY]
    if unknown:
        raise Invalid(
            unknown[0],
            "unknown_field",
            gettext("Not a parameter of the 11th edition generator; known: %(join)s.")
            % {"join": ", ".join(MATCHUP_QUERY[:5])},
        )
    return mission_generate(
        pack_key=pack_key,
        seed=query.get("seed"),
        a=query.get("a"),
        b=query.get("b"),
        layout=query.get("layout"),
    )


def mission_draw_code(pack_key: str, *, other_than: str = "") -> str:
    """A freshly drawn mission code of a table pack, never `other_than` (the round's current
    mission): what "draw another" gives a classic-pack event's round."""
    pack = _pack(pack_key)
    if pack.kind == MATRIX_KIND:
        raise Invalid("mission", "no_round_mission", _NO_ROUND_MISSION)
    if not isinstance(pack, ClassicPack):
        raise Invalid(
            "mission", "has_pool", gettext("Choose a mission of the event's pool by its code.")
        )
    while True:  # ends: every classic pack has many missions, so a repeat is rare
        code = mission_generate(pack_key=pack_key).code
        if code != other_than:
            return code


def _whole(name: str, value) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise Invalid(name, "invalid", gettext("Must be a whole number of at least 0."))


def mission_underdog(*, power_a, power_b, split_by="a") -> dict:
    """Only War's Underdog from the two armies' Power Levels (strings from a query are fine)."""
    a, b = _whole("power_a", power_a), _whole("power_b", power_b)
    if split_by not in ("a", "b"):
        raise Invalid("split_by", "invalid_choice", gettext("Must be 'a' or 'b'."))
    return underdog(a, b, split_by=split_by).to_dict()


def mission_later_rolls(*, mission: ClassicMission) -> tuple:
    """The rolls the mission makes during the game (The Scouring's Superior and Inferior
    markers, Ancient Relic's marker that stays), rolled now with the system's randomness."""
    return after_deployment_rolls(mission.mission.key, random.SystemRandom())


def mission_lookup(*, code: str):
    """The mission behind a shareable code (generated, or a pool letter), or the
    11th-edition matchup behind one of that pack's codes."""
    try:
        if eleventh.is_matchup_code(code):
            return eleventh.matchup_from_code(code)
        return mission_from_code(code)
    except MissionError as exc:
        raise Invalid("code", exc.code, exc.message) from exc


def mission_pool(*, pack_key: str = "leviathan") -> list[dict]:
    return [entry.to_dict() for entry in _pack(pack_key).pool]


def round_mission(pack_key: str, code: str):
    """The full mission of a round, for pages and printing: a card pack's pool letter, or a
    table pack's shareable code ("EGT-1K-7"), which must belong to that pack."""
    if not code:
        return None
    pack = _pack(pack_key)
    if isinstance(pack, ClassicPack):
        return _classic_round_mission(pack, code)
    if pack.kind == MATRIX_KIND:
        return None
    return pool_mission(pack, code)


# Events and their rounds (tournament side): which packs an event may choose, and the seed
# its generated round missions come from.
SEED_CODES = 36**6  # seeds below this have codes of at most six characters


def mission_pack_check(pack_key: str) -> str:
    """An event's pack: a key of the registry; raises Invalid (`mission_pack`, `unknown_pack`)."""
    if pack_key not in pack_keys():
        raise Invalid(
            "mission_pack",
            "unknown_pack",
            gettext("Must be one of %(join)s.") % {"join": ", ".join(pack_keys())},
        )
    return pack_key


def mission_pack_edition(pack_key: str) -> str:
    """The edition whose rules a pack plays ("10th" for Leviathan)."""
    return _pack(pack_key).edition


def mission_pack_choices() -> list[tuple[str, str]]:
    """(key, name) of every pack, for the event forms' select."""
    return [(key, get_pack(key).name) for key in pack_keys()]


def mission_seed_draw(seed: int | None = None) -> int:
    """An event's mission seed: derived from the creation seed when there is one, so the same
    seed gives the same missions, else drawn."""
    if seed is None:
        return random.SystemRandom().randrange(SEED_CODES)
    return random.Random(f"event-missions/{seed}").randrange(SEED_CODES)


def round_mission_seed(event_seed: int, number: int) -> int:
    """The generator seed of round `number` of an event: the same event seed and round
    number always give the same mission; each round's is an independent draw."""
    return random.Random(f"round-mission/{event_seed}/{number}").randrange(SEED_CODES)


def is_classic(pack_key: str) -> bool:
    """A table-driven pack (8th, 7th edition, Only War): no pool, a generated mission a round."""
    return _pack(pack_key).kind == "classic"


def round_generated_code(pack_key: str, *, event_seed: int, number: int) -> str:
    """The code of round `number`'s generated mission (packs without a pool)."""
    return generate_classic(_pack(pack_key), round_mission_seed(event_seed, number)).code


def round_mission_details(pack_key: str, code: str) -> dict:
    """What a table pack's round mission adds to `mission_summary` for events: the pack, the
    mission's name and table, how it scores, its special rules, the map's confidence, the
    markers, the Tactical Objective rule and the bonus objectives. Empty for a card pack."""
    pack = _pack(pack_key)
    if not code or not isinstance(pack, ClassicPack):
        return {}
    mission = _classic_round_mission(pack, code)
    return {
        "pack": mission.pack.key,
        "name": mission.mission.name,
        "table": pack.table(mission.mission.table).name,
        "victory": mission.mission.primary,
        "special_rules": [rule.name for rule in mission.special_rules],
        "approximate": mission.deployment.approximate,
        "markers": mission.marker_count,
        "tactical_rule": mission.mission.tactical_rule,
        "secondaries": [rule.name for rule in mission.secondaries],
    }


def maelstrom_mission_of(mission):
    """The Maelstrom of War rules (generation rule, D66 table's pack) of a generated mission,
    or None: a card-pack mission, an Eternal War or an Only War mission has no Tactical
    Objectives to track."""
    if not isinstance(mission, ClassicMission) or mission.pack.key not in tactical.PACK_KEYS:
        return None
    if mission.mission.table != MAELSTROM_TABLE:
        return None
    return tactical.mission(mission.pack.key, mission.mission.key)


def mission_trackable(mission) -> bool:
    """Whether the game tracker can follow a game on `mission`: every card-pack (Leviathan)
    mission, the classic packs' Maelstrom of War missions (their Tactical Objectives) and
    their Eternal War and Only War missions (the simple score tracker)."""
    if mission is None:
        return False
    if isinstance(mission, ClassicMission):
        return maelstrom_mission_of(mission) is not None or has_primary_scoring(mission)
    return True


def has_primary_scoring(mission) -> bool:
    """An Eternal War or Only War mission the simple score tracker plays (its scoring is in
    `missions.classic.primaries`)."""
    if not isinstance(mission, ClassicMission):
        return False
    return any(m.key == mission.mission.key for m in primaries(mission.pack.key))


def tactical_table(pack_key: str) -> list[dict]:
    """A Maelstrom pack's D66 Tactical Objectives, for pages: number, name, category, VP and
    our summary of each."""
    return [
        {
            "number": o.number,
            "name": o.name,
            "category": o.category,
            "vp": o.vp,
            "summary": o.summary,
        }
        for o in tactical.table(pack_key)
    ]


# The 11th-edition pack's reference data, for the API and pages.


def eleventh_matrix() -> list[dict]:
    """The 25 cells of the disposition matrix: own and opponent disposition, the primary
    (id and printed name) and whether both players play it (the diagonal)."""
    return [
        {
            "own": own,
            "opponent": opponent,
            "primary_id": primary_id,
            "primary": PRIMARY_NAMES[primary_id],
            "mirror": own == opponent,
        }
        for (own, opponent), primary_id in MATRIX.items()
    ]


def eleventh_primaries() -> list[dict]:
    """The 25 primaries in our words: scoring windows, actions, caps."""
    return [primary.to_dict() for primary in PRIMARIES]


def eleventh_secondaries() -> list[dict]:
    """The 18 secondary cards in our words: Fixed and Tactical scoring, maxima, When Drawn."""
    return [card.to_dict() for card in SECONDARIES]

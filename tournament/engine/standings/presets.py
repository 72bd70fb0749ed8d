"""Named tie-break presets: an order of tie-breaks (and, for one, the OWR floor) an organiser
picks by name instead of choosing each tie-break; "custom" is every choice made by hand.

The one table of presets: the settings page, the event API and the tests read it. Its labels and
descriptions are English; the engine may not import Django, so they are marked for the
catalogues with a no-op of Django's name (makemessages extracts it) and translated when read
(tournament/services/standings/presets.py).

No ITC preset: nothing the project can cite gives ITC's ranking order, and a preset named after
a circuit must rank as that circuit does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tournament.engine.errors import EngineError
from tournament.engine.standings.metrics import check_metrics


def gettext_noop(text: str) -> str:
    """Marks `text` for the catalogues and returns it unchanged."""
    return text


CUSTOM = "custom"


@dataclass(frozen=True)
class Preset:
    name: str
    label: str  # for people, in English (translated when read)
    description: str  # one line under the choice, in English
    tiebreaks: tuple[str, ...] = ()  # empty: custom, the organiser's own order
    owr_floor: str | None = None  # None: the event's floor stays as it is


PRESETS: tuple[Preset, ...] = (
    # The Tournament Companion's ranking advice (Leviathan's Companion, kept for 11th edition):
    # overall record, then opponents' win records, then total VP. Plain `owr` reads no floor,
    # so choosing it leaves the event's floor alone.
    Preset(
        "companion",
        gettext_noop("Tournament Companion"),
        gettext_noop("Record, then opponents' win rate, then total VP."),
        ("owr", "vp"),
    ),
    # Best Coast Pairings as a real BCP event ranked (issue 32: all 18 placings and every metric
    # matched): each opponent's win rate counted at no less than 0.33, then total VP. The floor
    # is read by `owr_floor` only, so the preset sets both.
    Preset(
        "bcp",
        gettext_noop("Best Coast Pairings"),
        gettext_noop(
            "Record, then opponents' win rate (each counted at no less than 0.33), then total VP."
        ),
        ("owr_floor", "vp"),
        "0.33",
    ),
    Preset(
        CUSTOM,
        gettext_noop("Custom"),
        gettext_noop("Record, then the tie-breaks chosen below, in order."),
    ),
)
_BY_NAME = {p.name: p for p in PRESETS}
for _preset in PRESETS:
    check_metrics(_preset.tiebreaks)


def preset_names() -> tuple[str, ...]:
    return tuple(_BY_NAME)


def preset_info(name: str) -> Preset:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise EngineError(
            "unknown_preset",
            f"unknown tie-break preset {name!r}; known: {', '.join(preset_names())}",
            field="tiebreak_preset",
        ) from None


def preset_settings(name: str) -> dict:
    """The event settings choosing `name` sets: its order and, if it has one, its floor ({} for
    custom)."""
    preset = preset_info(name)
    if preset.name == CUSTOM:
        return {}
    chosen: dict = {"tiebreaks": list(preset.tiebreaks)}
    if preset.owr_floor is not None:
        chosen["owr_floor"] = preset.owr_floor
    return chosen


def _same_floor(a: str, b: str) -> bool:
    # "33/100" is BCP's floor as much as "0.33" is.
    try:
        return Fraction(a) == Fraction(b)
    except (ValueError, ZeroDivisionError):
        return False


def preset_matching(tiebreaks, owr_floor: str) -> str:
    """The preset whose settings the event has, else custom. A preset that sets the floor is
    asked before one that leaves it alone: were two ever to share an order, an event with the
    first one's floor would show as it, any other floor as the second (none share one today)."""
    order = tuple(tiebreaks)
    for preset in sorted(PRESETS, key=lambda p: p.owr_floor is None):
        if preset.name == CUSTOM or preset.tiebreaks != order:
            continue
        if preset.owr_floor is None or _same_floor(preset.owr_floor, owr_floor):
            return preset.name
    return CUSTOM

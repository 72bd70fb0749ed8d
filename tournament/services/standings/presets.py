"""Tie-break presets for the settings page and the event API: the engine's table
(tournament/engine/standings/presets.py) in the reader's language, and the preset an event has."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from tournament.engine.standings.presets import (
    CUSTOM,
    PRESETS,
    preset_matching,
    preset_names,
    preset_settings,
)
from tournament.models import Event

__all__ = ["CUSTOM", "event_tiebreak_preset", "preset_changes", "preset_names", "preset_words"]


@dataclass(frozen=True)
class PresetWords:
    name: str
    label: str
    description: str
    tiebreaks: tuple[str, ...]
    owr_floor: str | None


def preset_words() -> list[PresetWords]:
    """Every preset, custom last, with its label and description in the active language."""
    return [
        PresetWords(p.name, gettext(p.label), gettext(p.description), p.tiebreaks, p.owr_floor)
        for p in PRESETS
    ]


def event_tiebreak_preset(event: Event) -> str:
    """The preset whose order (and floor, for a preset that sets one) the event has; "custom"
    when none gives it."""
    return preset_matching(event.tiebreaks, event.owr_floor)


def preset_changes(name: str) -> dict:
    """The settings choosing preset `name` changes: its order and any floor of its own ({} for
    custom). `name` is one of preset_names(), as the caller's choice field checked."""
    return preset_settings(name)

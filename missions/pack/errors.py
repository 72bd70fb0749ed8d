"""Errors with machine codes, shared by the pack, engine and renderers."""

from __future__ import annotations

from common.errors import RuleError


class MissionError(RuleError):
    """A missions failure. `code` is stable for tests and APIs; the message names the field."""

"""Errors with machine codes, shared by the pack, engine and renderers."""

from __future__ import annotations


class MissionError(Exception):
    """A missions failure. `code` is stable for tests and APIs; the message names the field."""

    def __init__(self, code: str, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field

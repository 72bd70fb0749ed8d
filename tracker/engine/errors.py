"""Refusals: the tracker's only error. The state a refused action was applied to is unchanged."""

from __future__ import annotations

from typing import NoReturn

from missions.pack.errors import MissionError


class Refusal(MissionError):
    """An action the rules do not allow now. `code` is stable; the message names field and rule."""


def refuse(code: str, message: str, *, field: str | None = None) -> NoReturn:
    raise Refusal(code, message, field=field)


def require(ok: object, code: str, message: str, *, field: str | None = None) -> None:
    if not ok:
        refuse(code, message, field=field)

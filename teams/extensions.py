"""Every extension point of the teams app, declared once (see tournament/extensions.py)."""

from __future__ import annotations

from common.hooks import Hook

TEAM_STANDINGS_ROW_HOOKS = Hook(
    "team standings rows",
    "(event, rows) -> None, changing the finished team rows in place (final places after a "
    "team cut). Filled by the play-offs.",
)

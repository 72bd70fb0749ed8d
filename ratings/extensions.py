"""The extension points of the ratings app, declared once (common/hooks.py)."""

from __future__ import annotations

from common.hooks import Hook

REBUILD_STARTERS = Hook(
    "ratings rebuild starters",
    "(editions: tuple[str, ...]) -> None, starting the rebuild of those edition groups without "
    "holding up the caller (services never import tasks). Filled by the app's own AppConfig "
    "with its Celery task.",
)

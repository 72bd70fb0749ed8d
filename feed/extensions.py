"""The extension points of the feed app, declared once (common/hooks.py)."""

from __future__ import annotations

from common.hooks import Hook

DELIVERY_STARTERS = Hook(
    "feed webhook delivery starters",
    "(delivery id, delay in seconds) -> None: starts one attempt of a webhook delivery after "
    "the delay without holding up the caller (services never import tasks). Filled by the "
    "app's own AppConfig with its Celery task.",
)

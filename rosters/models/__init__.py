"""The army lists and the Combat Patrols, each in its module; Django finds an app's models
when this package is imported."""

from rosters.models import armylists, patrols  # noqa: F401

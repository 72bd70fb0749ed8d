"""The teams and their matches, and the pairing ritual's state; Django finds an app's models
when this package is imported."""

from teams.models import ritual, teams  # noqa: F401

"""A laptop at the venue: debug on unless told otherwise, local hosts allowed."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env_bool

DEBUG = env_bool("DEBUG", default=True)
ALLOWED_HOSTS = ALLOWED_HOSTS or ["127.0.0.1", "localhost", "[::1]"]  # noqa: F405

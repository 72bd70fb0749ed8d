"""The test suite: fast hashing, media in a temporary folder, same database switch as ever."""

import os
import tempfile
from pathlib import Path

from config.settings.base import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="strategium-media-"))
# Background print jobs run in the request, so a test reads their outcome as soon as it returns
# (tests/tournament/printing/test_fallback_pack.py runs the thread itself).
PRINT_EAGER_THREAD = False
# Tests that release a round on a live server would each render a pack in the request; the
# tests of the pack turn it on (tests/tournament/printing/test_fallback_pack.py and the worker's).
PAPER_PACK_ON_RELEASE = False

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared memory: concurrent-writer tests then meet SQLite's real locking.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(Path(tempfile.gettempdir()) / f"strategium-test-{os.getpid()}.sqlite3")
    }

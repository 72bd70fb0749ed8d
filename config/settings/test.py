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
FEED_EAGER_THREAD = False
# Tests that release a round on a live server would each render a pack in the request; the
# tests of the pack turn it on (tests/tournament/printing/test_fallback_pack.py and the worker's).
PAPER_PACK_ON_RELEASE = False

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared memory: concurrent-writer tests then meet SQLite's real locking.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(Path(tempfile.gettempdir()) / f"strategium-test-{os.getpid()}.sqlite3")
    }
    # A test database outlives no test run: commits need not wait for the disk (a process the
    # tests kill loses nothing either way; only a crash of the machine would).
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    _options["init_command"] = _options.get("init_command", "") + " PRAGMA synchronous=OFF;"
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    # The same for the PostgreSQL pass, for this suite's connections only (the server's own
    # setting is left alone): a commit returns before its WAL reaches the disk.
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    _options["options"] = (_options.get("options", "") + " -c synchronous_commit=off").strip()

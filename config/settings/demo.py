"""`make run`: the demo on a laptop, in a database file of its own (DATA_DIR/demo.sqlite3).

The demo's organiser password is printed in the README, so the demo never shares a database
with what `make serve` serves: DATABASE_URL is ignored here.
"""

from config.settings.base import DATA_DIR, database
from config.settings.local import *  # noqa: F403

DATA_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {"default": database(f"sqlite:///{DATA_DIR / 'demo.sqlite3'}")}

"""`make organiser` makes the organiser's account on a fresh clone, first time (issue 21 item
22): it installs and migrates what it needs itself, instead of a README line that ran
.venv/bin/python before .venv existed. Here the venv is the one running the tests, assumed
installed (-o), and the database a fresh file."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ops.test_venue_settings import CLEAN

# Its server runs on a SQLite file of its own: once, in the SQLite pass (tests/conftest.py).
pytestmark = pytest.mark.own_database

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_organiser_creates_the_account_on_a_fresh_database(tmp_path):
    db = tmp_path / "fresh.sqlite3"
    env = {
        **{k: v for k, v in CLEAN.items() if k != "DATABASE_URL"},
        "DATABASE_URL": f"sqlite:///{db}",
        "DATA_DIR": str(tmp_path / "var"),
        "DJANGO_SUPERUSER_USERNAME": "warden",
        "DJANGO_SUPERUSER_PASSWORD": "a-long-venue-password",
        "DJANGO_SUPERUSER_EMAIL": "",
    }
    installed = [f"-o{VENV}/.installed", f"-o{VENV}/bin/python"]
    out = subprocess.run(
        [shutil.which("make"), *installed, "organiser", f"VENV={VENV}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT username, is_staff FROM auth_user").fetchall()
    assert rows == [("warden", 1)]

"""Printed QR codes point at the port the server runs on (issue 21 item 5): `PORT=23456 make
run` prints scoresheets whose codes open http://127.0.0.1:23456/, not port 8000."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ops.test_venue_settings import CLEAN

ROOT = Path(__file__).resolve().parents[2]
PRINTED = (
    "import django; django.setup(); "
    "from tournament.services.documents.printing import player_link; print(player_link('k3y'))"
)


def _printed(env: dict) -> str:
    out = subprocess.run(
        [sys.executable, "-c", PRINTED],
        cwd=ROOT,
        env={**CLEAN, "DJANGO_SETTINGS_MODULE": "config.settings.local", **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_the_printed_link_follows_port():
    assert _printed({"PORT": "23456"}) == "http://127.0.0.1:23456/p/k3y/"
    assert _printed({}) == "http://127.0.0.1:8000/p/k3y/"


def test_site_url_wins_when_given():
    assert (
        _printed({"PORT": "23456", "SITE_URL": "http://gt.example/"}) == "http://gt.example/p/k3y/"
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_run_hands_its_port_to_the_server():
    out = subprocess.run(
        [shutil.which("make"), "-n", "run", "PORT=23456"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    server = [line for line in out.stdout.splitlines() if "runserver" in line]
    # The demo's own settings (its own database file, never the one `make serve` serves).
    assert server == [
        "DJANGO_SETTINGS_MODULE=config.settings.demo PORT=23456 "
        ".venv/bin/python manage.py runserver 127.0.0.1:23456"
    ]

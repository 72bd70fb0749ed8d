"""Redis (cache and broker) down, configured as a deployment configures it: every kind of
request answers, none with a 500. A separate process, since settings are read at start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# Its server runs on a SQLite file of its own: once, in the SQLite pass (tests/conftest.py).
pytestmark = pytest.mark.own_database

ROOT = Path(__file__).resolve().parents[2]
CLOSED = "redis://127.0.0.1:1/0"  # nothing listens on port 1

SCRIPT = """
import json
import django
django.setup()
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from tests.conftest import add_players
from tests.tournament.printing.helpers import played_event
from tournament.services.events.events import event_create

call_command("migrate", verbosity=0)
user = get_user_model().objects.create_user("org", password="pw", is_staff=True)
event = event_create(user=user, name="Outage GT", rounds=3, seed=1)
players, round_ = played_event(event, user, 9)
key = players[0].private_key
anon = Client(raise_request_exception=False)
organiser = Client(raise_request_exception=False)
answers = {"backend": settings.CACHES["default"]["BACKEND"]}
for name, url in [
    ("player link", f"/p/{key}/"),
    ("wrong link", "/p/forged/"),
    ("standings page", f"/events/{event.pk}/standings/"),
    ("pairings page", f"/events/{event.pk}/pairings/"),
    ("standings", f"/api/events/{event.pk}/standings/"),
    ("round", f"/api/events/{event.pk}/rounds/{round_.number}/"),
    ("status", f"/api/events/{event.pk}/standings/status/"),
    ("health", "/health/"),
]:
    answers[name] = anon.get(url).status_code
answers["keyed api"] = anon.get(
    f"/api/events/{event.pk}/", HTTP_AUTHORIZATION=f"Key {key}"
).status_code
answers["wrong login"] = anon.post(
    "/accounts/login/", {"username": "org", "password": "no"}
).status_code
answers["login"] = organiser.post(
    "/accounts/login/", {"username": "org", "password": "pw"}
).status_code
health = anon.get("/health/").json()
answers["health status"] = health["status"]
answers["down"] = health["down"]
start = f"/events/{event.pk}/print/jobs/"
form = {"kind": "pairings", "round": round_.number}
printed = organiser.post(start, form, HTTP_ACCEPT="application/json")
answers["print json"] = [printed.status_code, printed.json()["codes"], printed.json()["can_retry"]]
page = organiser.post(start, form, follow=True)
answers["print page"] = [page.status_code, b"could not be reached" in page.content]
print("ANSWERS " + json.dumps(answers))
"""


def test_with_cache_and_broker_down_nothing_answers_500():
    with tempfile.TemporaryDirectory() as folder:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
        env.update(
            DJANGO_SETTINGS_MODULE="config.settings.test",
            DATABASE_URL=f"sqlite:///{folder}/outage.sqlite3",
            CACHE_URL=CLOSED,
            CELERY_BROKER_URL=CLOSED,
        )
        env.pop("CELERY_RESULT_BACKEND", None)
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
    lines = [line for line in out.stdout.splitlines() if line.startswith("ANSWERS ")]
    assert lines, out.stderr[-3000:]
    answers = json.loads(lines[-1].removeprefix("ANSWERS "))
    assert answers == {
        "backend": "ops.cache.ResilientRedisCache",
        "player link": 200,
        "wrong link": 404,
        "standings page": 200,
        "pairings page": 200,
        "standings": 200,
        "round": 200,
        "status": 200,
        "health": 200,
        "keyed api": 200,
        "wrong login": 200,
        "login": 302,
        "health status": "degraded",
        "down": ["cache", "broker"],
        "print json": [503, {"worker": ["worker_unreachable"]}, True],
        "print page": [200, True],
    }

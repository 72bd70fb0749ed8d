"""An oversized body is a JSON 413 and a database outage a JSON 503 with Retry-After."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIG = 10 * 1024 * 1024


@pytest.mark.parametrize("kind", ["json", "form"])
def test_oversized_api_body_is_json_413_and_changes_nothing(client, organiser, kind):
    from tournament.models import Event

    client.force_login(organiser)
    if kind == "json":
        body = json.dumps({"name": "x" * BIG, "rounds": 3})
        response = client.post("/api/events/", body, content_type="application/json")
    else:
        response = client.post("/api/events/", {"name": "x" * BIG, "rounds": 3})
    assert response.status_code == 413
    assert response.json()["error_codes"] == {"detail": ["too_large"]}
    assert "limit" in response.json()["detail"]
    assert not Event.objects.exists()


def test_oversized_form_post_is_a_readable_413_page(client, organiser):
    client.force_login(organiser)
    response = client.post("/manage/events/new/", {"name": "x" * BIG, "planned_rounds": 3})
    assert response.status_code == 413
    assert b"Request too large" in response.content


OUTAGE = """
import django
django.setup()
from django.test import Client
c = Client(raise_request_exception=False)
api = c.get("/api/events/")
page = c.get("/events/1/")
print(api.status_code, api["Retry-After"], api["Content-Type"], api.content.decode())
print(page.status_code, page["Retry-After"], b"Try again shortly" in page.content)
health = c.get("/health/")
print(health.status_code, health.json()["status"], ",".join(health.json()["down"]),
      health.get("Retry-After"))
"""


def test_database_outage_is_503_with_retry_after():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    # Nothing listens on port 1: every query fails as during an outage.
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.test",
        DATABASE_URL="postgres://postgres@127.0.0.1:1/strategium",
    )
    out = subprocess.run(
        [sys.executable, "-c", OUTAGE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    api, page, health = out.stdout.splitlines()[-3:]
    status, retry, content_type, body = api.split(" ", 3)
    # A restart of the database takes about a second, and kept connections are checked before
    # reuse (CONN_HEALTH_CHECKS): clients are told to come back in seconds, not a quarter-minute.
    assert (status, retry, content_type) == ("503", "2", "application/json")
    assert json.loads(body)["error_codes"] == {"detail": ["unavailable"]}
    assert page.split() == ["503", "2", "True"]
    # Only the database makes the machine unavailable to a load balancer.
    assert health.split() == ["503", "unavailable", "database", "2"]

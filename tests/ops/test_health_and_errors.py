"""/health/ says whether the database and broker answer; errors are JSON under /api/."""

import json

import pytest
from django.test import RequestFactory, override_settings

from ops.views import server_error
from tests.conftest import broker_url


def test_health_reports_database_and_in_process_tasks(client, db):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "cache": "not shared (this machine's memory or files)",
        "broker": "not used (tasks run in-process)",
        "down": [],
    }
    assert "no-store" in response["Cache-Control"]


@override_settings(CELERY_BROKER_URL="redis://127.0.0.1:1/0")
def test_health_is_200_degraded_when_the_broker_is_unreachable(client, db):
    """A broker outage stops printing, not serving: a load balancer must keep the machine."""
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"] == "ok"
    assert body["broker"].startswith("unreachable")
    assert body["down"] == ["broker"]


def test_unknown_page_is_a_friendly_404(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "Page not found" in text
    assert "Traceback" not in text


def test_unknown_api_path_is_json_404(client, db):
    response = client.get("/api/no-such-endpoint/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error_codes"] == {"detail": ["not_found"]}


def test_server_error_page_is_plain_html_and_json_for_the_api():
    page = server_error(RequestFactory().get("/events/1/"))
    assert page.status_code == 500
    assert b"Something went wrong" in page.content
    api = server_error(RequestFactory().get("/api/events/1/"))
    assert api.status_code == 500
    assert json.loads(api.content)["error_codes"] == {"detail": ["server_error"]}


@pytest.mark.redis
def test_health_is_ok_with_redis_as_cache_and_broker(client, db):
    url = broker_url().rsplit("/", 1)[0] + "/12"
    caches = {
        "default": {"BACKEND": "ops.cache.ResilientRedisCache", "LOCATION": url},
        "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    with override_settings(CELERY_BROKER_URL=url, CACHES=caches):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "cache": "ok",
        "broker": "ok",
        "down": [],
    }

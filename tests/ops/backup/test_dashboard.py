"""The organiser's dashboard says when the last backup was made (the event's local time and
"12 s ago"), warns when the backup is late or failing (the reason in the organiser's words),
only when BACKUP_DIR is set; without it, under served settings, a hint how to start one."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from ops.backup.status import STATUS_FILE, status_write

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _sqlite(monkeypatch):
    # The dashboard's backup line is SQLite's (PostgreSQL has its own means): on either pass.
    from ops.backup import status as backup_status

    monkeypatch.setattr(backup_status, "backup_uses_sqlite", lambda: True)


@pytest.fixture
def dashboard(client, organiser, event, settings, tmp_path):
    settings.DATA_DIR = tmp_path / "var"
    event.time_zone = "Europe/Paris"
    event.save(update_fields=["time_zone"])
    client.force_login(organiser)

    def page() -> str:
        response = client.get(reverse("manage-event", args=[event.pk]))
        assert response.status_code == 200
        return response.content.decode()

    return page


def _status(settings, **fields):
    defaults = {
        "folder": settings.BACKUP_DIR,
        "last_copy_at": None,
        "generation": None,
        "pending_since": None,
        "error": None,
    }
    status_write(settings.DATA_DIR / STATUS_FILE, **{**defaults, **fields})


def test_a_recent_backup_shows_its_local_time_and_age(dashboard, settings):
    settings.BACKUP_DIR = "/media/stick"
    made = datetime.now(UTC) - timedelta(seconds=12)
    _status(settings, last_copy_at=made)
    page = dashboard()
    local = made.astimezone(ZoneInfo("Europe/Paris")).strftime("%H:%M:%S")
    assert f"Last backup at {local}" in page
    ago = re.search(r"\((\d+) s ago\) into /media/stick\.", page)
    assert ago, page
    assert 12 <= int(ago.group(1)) < 60  # a loaded machine takes a moment to answer
    assert "notice ok" in page
    assert 'role="alert"' not in page


def test_changes_waiting_over_a_minute_are_warned_of(dashboard, settings):
    settings.BACKUP_DIR = "/media/stick"
    now = datetime.now(UTC)
    _status(
        settings, last_copy_at=now - timedelta(minutes=3), pending_since=now - timedelta(seconds=61)
    )
    page = dashboard()
    assert "(3 min ago)" in page
    assert "The latest changes are not in the backup yet." in page


def test_an_old_backup_of_an_unchanged_database_is_no_warning(dashboard, settings):
    settings.BACKUP_DIR = "/media/stick"
    _status(settings, last_copy_at=datetime.now(UTC) - timedelta(minutes=20))
    page = dashboard()
    assert "(20 min ago)" in page
    assert "notice ok" in page


def test_a_failing_backup_says_why_in_the_organisers_words(dashboard, settings):
    settings.BACKUP_DIR = "/media/stick"
    error = {"kind": "full", "detail": "[Errno 28] No space left on device", "since": "x"}
    _status(settings, last_copy_at=datetime.now(UTC) - timedelta(seconds=40), error=error)
    page = dashboard()
    assert "The backup is failing: the backup folder /media/stick is full" in page
    assert "Errno" not in page
    assert 'role="alert"' in page


def test_a_silent_backup_loop_is_warned_of(dashboard, settings):
    settings.BACKUP_DIR = "/media/stick"
    page = dashboard()  # no status file at all
    assert "No backup has been made yet" in page


def test_no_backup_dir_gives_a_hint_only_when_served(dashboard, settings):
    settings.BACKUP_DIR = ""
    settings.SERVED = False
    assert "backup" not in dashboard().lower()
    settings.SERVED = True
    page = dashboard()
    assert "No backup is being made" in page
    assert "BACKUP_DIR=" in page

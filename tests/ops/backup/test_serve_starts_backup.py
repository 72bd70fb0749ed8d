"""`manage.py serve` starts one backup loop beside gunicorn when BACKUP_DIR is set on SQLite,
and says at start-up that BACKUP_DIR is not used on PostgreSQL (its own means apply)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import OutputWrapper

from ops.management.commands import serve


@pytest.fixture(autouse=True)
def _sqlite(monkeypatch):
    # What serve says on SQLite, whichever database this pass runs on (the PostgreSQL cases
    # below set it back to False themselves).
    monkeypatch.setattr(serve, "backup_uses_sqlite", lambda: True)


@pytest.mark.django_db
def test_serve_starts_the_backup_loop_when_backup_dir_is_set(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    settings.BACKUP_DIR = str(tmp_path / "stick")
    out = io.StringIO()
    call_command("serve", "--dry-run", stdout=out)
    lines = out.getvalue().splitlines()
    assert sum(" backup --parent " in line for line in lines) == 1  # one loop, not one a worker
    assert any(f"Backup: into {tmp_path / 'stick'} within 10 s" in line for line in lines)


def _banner_line() -> str:
    command = serve.Command()
    out = io.StringIO()
    command.stdout = OutputWrapper(out)
    command.backup_line()
    return out.getvalue()


def test_on_postgresql_backup_dir_is_said_to_be_unused(settings, monkeypatch):
    settings.BACKUP_DIR = "/media/stick"
    monkeypatch.setattr(serve, "backup_uses_sqlite", lambda: False)
    assert not serve._backs_up()
    line = _banner_line()
    assert "BACKUP_DIR=/media/stick is NOT used" in line
    assert "docs/deploy.md" in line


def test_without_backup_dir_the_banner_says_there_is_no_backup(settings):
    settings.BACKUP_DIR = ""
    assert "No backup: if this laptop fails the event is lost" in _banner_line()


def test_on_postgresql_without_backup_dir_the_banner_says_nothing_of_it(settings, monkeypatch):
    settings.BACKUP_DIR = ""
    monkeypatch.setattr(serve, "backup_uses_sqlite", lambda: False)
    assert _banner_line() == ""

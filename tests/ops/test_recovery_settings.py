"""Recovery and hardening settings (issue 32, minor): kept database connections are checked
before reuse, so a short database restart costs a reconnect rather than seconds of 503s; and
production refuses a secret key shorter than Django's own deploy check accepts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.architecture.test_settings_and_pages import KEY
from tests.ops.test_venue_settings import CLEAN

ROOT = Path(__file__).resolve().parents[2]


def _settings(module: str, env: dict, show: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", f"import {module} as s; print({show})"],
        cwd=ROOT,
        env={**CLEAN, **env},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("module", ["config.settings.base", "config.settings.demo"])
def test_kept_connections_are_health_checked(module, tmp_path):
    env = {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/strategium",
        "CONN_MAX_AGE": "60",
        "DATA_DIR": str(tmp_path),
    }
    out = _settings(module, env, "s.DATABASES['default'].get('CONN_HEALTH_CHECKS')")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


def test_base_keeps_connections_as_told():
    env = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/strategium", "CONN_MAX_AGE": "60"}
    out = _settings("config.settings.base", env, "s.DATABASES['default']['CONN_MAX_AGE']")
    assert out.stdout.strip() == "60"


@pytest.mark.parametrize(
    "key", ["short", "k" * 49, "abcd" * 13], ids=["short", "49-chars", "4-distinct"]
)
def test_production_refuses_a_weak_secret_key(key):
    out = _settings(
        "config.settings.production", {"SECRET_KEY": key, "ALLOWED_HOSTS": "tables.example"}, "1"
    )
    assert out.returncode != 0
    assert "SECRET_KEY" in out.stderr
    assert "50" in out.stderr


def test_production_takes_a_long_random_key():
    out = _settings(
        "config.settings.production", {"SECRET_KEY": KEY, "ALLOWED_HOSTS": "tables.example"}, "1"
    )
    assert out.returncode == 0, out.stderr

"""The demo's organiser (its password is printed in the README) never signs in on a served
database (issue 32 item 3): `make run` keeps the demo in a database file of its own, the demo is
never loaded under served settings, `manage.py serve` refuses to start while the demo account
signs in with the demo password (and says how to remove it), and served settings refuse the demo
password at every sign-in."""

from __future__ import annotations

import io
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import override_settings

from tests.ops.test_venue_settings import CLEAN

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent
# As the README prints them for `make run`.
DEMO = ("organiser", "strategium-demo")


def _served_backends() -> list[str]:
    from config.settings import served

    return served.AUTHENTICATION_BACKENDS


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.own_database
def test_make_demo_never_writes_the_database_make_serve_serves(tmp_path):
    served_db = tmp_path / "served.sqlite3"
    env = {
        **{k: v for k, v in CLEAN.items() if k != "DATABASE_URL"},
        # What `make serve` would serve, even when it is given in the environment.
        "DATABASE_URL": f"sqlite:///{served_db}",
        "DATA_DIR": str(tmp_path / "var"),
    }
    installed = [f"-o{VENV}/.installed", f"-o{VENV}/bin/python"]
    out = subprocess.run(
        [shutil.which("make"), *installed, "demo", f"VENV={VENV}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert not served_db.exists()
    with sqlite3.connect(tmp_path / "var" / "demo.sqlite3") as conn:
        users = conn.execute("SELECT username FROM auth_user").fetchall()
    assert users == [(DEMO[0],)]


@pytest.mark.django_db
def test_the_demo_is_never_loaded_under_served_settings():
    with override_settings(SERVED=True), pytest.raises(CommandError, match="make run"):
        call_command("load_demo")
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_serve_refuses_to_start_while_the_demo_organiser_signs_in(tmp_path):
    get_user_model().objects.create_superuser(DEMO[0], password=DEMO[1])
    with override_settings(STATIC_ROOT=tmp_path), pytest.raises(CommandError) as refused:
        call_command("serve", "--dry-run")
    message = str(refused.value)
    assert "organiser / strategium-demo" in message
    assert "remove_demo" in message  # how to remove it
    assert not any(tmp_path.iterdir()), "refused before collecting static files"


@pytest.mark.django_db
def test_remove_demo_lets_serve_start_and_keeps_other_accounts(tmp_path):
    call_command("load_demo", stdout=io.StringIO())
    get_user_model().objects.create_superuser("warden", password="a-long-venue-password")
    call_command("remove_demo", stdout=io.StringIO())
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["warden"]
    from tournament.models import Event

    assert not Event.objects.exists()
    with override_settings(STATIC_ROOT=tmp_path):
        call_command("serve", "--dry-run", stdout=io.StringIO())


@pytest.mark.django_db
def test_remove_demo_keeps_an_account_that_runs_a_real_event_but_stops_its_demo_password():
    from tournament.services.events.events import event_create

    user = get_user_model().objects.create_superuser(DEMO[0], password=DEMO[1])
    event_create(user=user, name="Real GT", rounds=3)
    call_command("remove_demo", stdout=io.StringIO())
    user.refresh_from_db()
    assert not user.check_password(DEMO[1])
    assert user.is_active


@pytest.mark.django_db
def test_serve_starts_when_the_demo_account_has_another_password(tmp_path):
    get_user_model().objects.create_superuser(DEMO[0], password="the-organisers-own-secret")
    with override_settings(STATIC_ROOT=tmp_path):
        call_command("serve", "--dry-run", stdout=io.StringIO())


@pytest.mark.django_db
def test_served_settings_refuse_the_demo_password_at_sign_in(client):
    get_user_model().objects.create_superuser(DEMO[0], password=DEMO[1])
    get_user_model().objects.create_user("judge", password=DEMO[1], is_staff=True)
    get_user_model().objects.create_user("warden", password="a-long-venue-password")
    with override_settings(AUTHENTICATION_BACKENDS=_served_backends()):
        page = client.post("/accounts/login/", {"username": DEMO[0], "password": DEMO[1]})
        assert page.status_code == 200  # the form again, not a redirect
        assert "_auth_user_id" not in client.session
        assert not client.login(username="judge", password=DEMO[1])
        assert client.login(username="warden", password="a-long-venue-password")

"""Settings refuse unsafe production starts; the demo loads once; `/` is a real page."""

import os
import subprocess
import sys

import pytest
from django.core.management import call_command

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Long and varied enough for Django's deploy check (production refuses weaker keys).
KEY = "x9$Tq!v2Lm#7Rp@4Wz^8Ks&1Yd*6Nf(3Hb)5Gc_0Ja+Ue=Io?Pl<Ox>"


def _import_production(env: dict) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "-c", "import config.settings.production"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "1", "SECRET_KEY": KEY, "ALLOWED_HOSTS": "a"}, "DEBUG"),
        ({"ALLOWED_HOSTS": "a"}, "SECRET_KEY"),
        ({"SECRET_KEY": KEY}, "ALLOWED_HOSTS"),
    ],
)
def test_production_refuses_unsafe_settings(env, message):
    result = _import_production(env)
    assert result.returncode != 0
    assert message in result.stderr


def test_production_starts_when_configured():
    result = _import_production({"SECRET_KEY": KEY, "ALLOWED_HOSTS": "tables.example"})
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_demo_loads_once_with_two_rounds_played_and_third_paired():
    from tournament.management.commands.load_demo import DEMO_NAME
    from tournament.models import Event, Player, Result, Round

    call_command("load_demo")
    call_command("load_demo")
    assert Event.objects.count() == 2  # and the 11th-edition one (tests/eleventh_results)
    event = Event.objects.get(name=DEMO_NAME)
    assert Player.objects.filter(event=event).count() == 24
    assert Player.objects.filter(event=event).exclude(faction="").exclude(club="").count() == 24
    assert list(Round.objects.filter(event=event).values_list("number", "status")) == [
        (1, "complete"),
        (2, "complete"),
        (3, "paired"),
    ]
    assert not Result.objects.filter(game__round__event=event, game__round__number=3).exists()


@pytest.mark.django_db
def test_home_page_lists_public_events_and_sign_in(client, event):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Test GT" in html
    assert "Sign in" in html


@pytest.mark.django_db
def test_event_page_shows_players_and_standings(client, event, players):
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert "Standings" in html
    assert players[0].name in html


@pytest.mark.django_db
def test_runs_on_the_database_ci_asked_for():
    """CI's PostgreSQL pass sets EXPECT_DATABASE, so a silent fallback to SQLite fails."""
    from django.db import connection

    expected = os.environ.get("EXPECT_DATABASE")
    if expected is None:
        pytest.skip("EXPECT_DATABASE not set (only CI's PostgreSQL pass sets it)")
    assert connection.vendor == expected

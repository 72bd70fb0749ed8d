"""Every cache key names the database it belongs to: after a reset (a new database, a new
installation id) no computed page of the old database is served, even by a shared cache."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache, caches
from django.core.management import call_command
from django.db import connection

from ops import installation
from ops.models import Installation
from tests.tournament.printing.helpers import played_event
from tournament.caching.cached import RECENT
from tournament.models import Player

pytestmark = pytest.mark.django_db


def _reset_database():
    """What dropping and recreating the database amounts to for the cache: another id (the
    migration makes one), read afresh, and processes started anew (their memory empty)."""
    Installation.objects.all().delete()
    Installation.objects.create()
    installation.installation_forget()
    RECENT.items.clear()


def test_migrations_give_the_database_an_id_named_in_every_key():
    (row,) = Installation.objects.all()
    assert installation.installation_id() == row.id.hex
    for alias in ("default", "local"):
        assert caches[alias].make_key("event:1:r5:standings").startswith(row.id.hex)


def test_after_a_reset_no_standings_of_the_old_database_are_served(anon, organiser, event):
    players, _ = played_event(event, organiser, 9)
    url = f"/api/events/{event.pk}/standings/"
    before = anon.get(url).content.decode()
    assert "Player 001" in before
    # The new database has an event with the same id and revision, other players: stand for it
    # by renaming without a revision (the cache cannot know).
    Player.objects.filter(pk=players[0].pk).update(name="Renamed")
    RECENT.items.clear()
    assert anon.get(url).content.decode() == before  # same database: the cached copy
    _reset_database()
    after = anon.get(url).content.decode()
    assert "Player 001" not in after
    assert "Renamed" in after


def test_a_value_cached_for_one_database_is_not_found_for_another():
    cache.set("event:1:r1:standings:x", "old event", 60)
    _reset_database()
    assert cache.get("event:1:r1:standings:x") is None


def test_a_new_connection_reads_the_id_again():
    """With CONN_MAX_AGE=0 each request connects: a recreated database is seen at once."""
    Installation.objects.all().delete()
    fresh = Installation.objects.create()
    installation.refresh_on_connect(sender=None, connection=connection)
    assert installation.installation_id() == fresh.id.hex


def test_renew_after_a_restore_changes_the_id():
    before = installation.installation_id()
    cache.set("k", "v", 60)
    out = io.StringIO()
    call_command("installation_renew", stdout=out)
    assert installation.installation_id() != before
    assert installation.installation_id() in out.getvalue()
    assert cache.get("k") is None


def test_this_process_memory_names_the_database_too():
    """The per-process copy of a computed page (cached.RECENT) is keyed like the shared cache:
    after the database is recreated under a running process, revision 1 of an event there is
    not the old database's revision 1."""
    from ops.models import Installation
    from tournament.caching.cached import event_computed

    RECENT.items.clear()
    first = event_computed(event_id=1, name="page", variant="", revision=1, compute=lambda: "old")
    assert first.value == "old"
    Installation.objects.all().delete()
    Installation.objects.create()
    installation.installation_forget()
    again = event_computed(event_id=1, name="page", variant="", revision=1, compute=lambda: "new")
    assert again.value == "new"

"""Export then import reproduces an event exactly: standings, pairings, results, audit."""

from __future__ import annotations

import json

import pytest

from tests.exchange.helpers import export, observable, without_stamp
from tournament.services.exchange_import import event_import

pytestmark = pytest.mark.django_db


def test_demo_event_imported_elsewhere_is_the_same_event(demo):
    before = observable(demo)
    document = export(demo)
    # Another instance: the original is gone, so its keys and links are free again.
    demo.rounds.all().delete()
    demo.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert report.new_keys == []
    assert report.skipped_staff == []
    assert observable(report.event) == before
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_demo_event_imported_beside_itself_gets_new_keys(demo, organiser):
    before = observable(demo)
    document = export(demo)
    report = event_import(raw=json.dumps(document).encode(), user=organiser)
    copy = report.event
    assert copy.pk != demo.pk
    assert observable(copy) == before
    # Every private key was taken here, so each player got a new one, and was named.
    assert sorted(report.new_keys) == sorted(p["name"] for p in document["players"])
    assert not set(copy.players.values_list("private_key", flat=True)) & set(
        demo.players.values_list("private_key", flat=True)
    )
    again = export(copy)
    assert {(s["username"], s["role"]) for s in again["staff"]} == {
        *((s["username"], s["role"]) for s in document["staff"]),
        (organiser.username, "organiser"),
    }
    strip = lambda doc: [{**p, "private_key": ""} for p in doc["players"]]  # noqa: E731
    assert strip(again) == strip(document)
    for section in ("event", "tables", "rounds", "announcements", "audit", "tracked_games"):
        assert again[section] == document[section], section

"""The play-offs travel in the event export as an optional `playoffs` section: an event
imported elsewhere has the same bracket, games and winners."""

from __future__ import annotations

import json

import pytest

from exchange.services.export import event_export_document
from exchange.services.importing.write import event_import
from playoffs.services.playoffs import playoff_advance, playoff_create
from playoffs.services.views import playoff_view
from tests.playoffs.conftest import swiss_event
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


def _without_ids(view: dict) -> dict:
    text = json.dumps(view)
    for key in ("player", "id"):
        text = text.replace(f'"{key}": ', f'"{key}_": ')
    data = json.loads(text)
    for m in data["matches"]:
        if m["game"]:
            m["game"].pop("id_")
    for part in (*data["seeds"], *(x for m in data["matches"] for x in (m["a"], m["b"]) if x)):
        part.pop("player_", None)
    for m in data["matches"]:
        if m["winner"]:
            m["winner"].pop("player_")
    if data["champion"]:
        data["champion"].pop("player_")
    return data


def test_an_event_with_play_offs_is_the_same_after_export_and_import(organiser):
    event = swiss_event(organiser, players=12, rounds=3)
    playoff_create(
        event_id=event.pk, user=organiser, format="double", size=4, grand_final_reset=False
    )
    round_ = playoff_advance(event_id=event.pk, user=organiser)
    for game in round_.games.all():
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=organiser)
    playoff_advance(event_id=event.pk, user=organiser)
    before = playoff_view(event=event)
    document = event_export_document(event=event)
    assert document["playoffs"]["format"] == "double"
    assert [r["stage"] for r in document["rounds"]] == ["swiss"] * 3 + ["playoff"] * 2
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    after = playoff_view(event=report.event)
    assert _without_ids(after) == _without_ids(before)
    names = [s["name"] for s in after["seeds"]]
    assert names == [s["name"] for s in before["seeds"]]


def test_an_event_without_play_offs_exports_no_section(organiser):
    event = swiss_event(organiser, players=4, rounds=1)
    assert "playoffs" not in event_export_document(event=event)

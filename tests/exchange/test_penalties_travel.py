"""Penalties and per-table extensions travel with the event (issue 35): optional keys of the
event document; importing reproduces the standings they change; files without them (every
file written before) still import, and an event without them exports as before."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from tests.exchange.helpers import export, imported, observable, without_stamp
from tournament.models import Game, Penalty
from tournament.services.players.penalties import penalty_give
from tournament.services.rounds.extensions import game_extend

pytestmark = pytest.mark.django_db


def _penalise(demo):
    staffer = demo.staff.first()
    game = Game.objects.filter(round__event=demo, round__number=1, player_b__isnull=False).first()
    penalty_give(
        event=demo,
        user=staffer,
        player_id=game.player_a_id,
        kind="vp_penalty",
        round_number=1,
        vp=7,
        reason="Late list",
    )
    penalty_give(
        event=demo,
        user=staffer,
        player_id=game.player_b_id,
        kind="game_loss",
        round_number=1,
        reason="Unsporting",
    )
    penalty_give(
        event=demo,
        user=staffer,
        player_id=game.player_b_id,
        kind="yellow_card",
        round_number=2,
        reason="Slow play",
    )
    table = Game.objects.filter(round__event=demo, player_b__isnull=False).last()
    game_extend(game_id=table.pk, minutes=10, reason="Judge call", user=staffer)


def test_penalties_and_extensions_come_back_as_they_were(demo):
    _penalise(demo)
    before = observable(demo)
    document = export(demo)
    assert [p["kind"] for p in document["penalties"]] == ["vp_penalty", "game_loss", "yellow_card"]
    assert document["penalties"][0]["reason"] == "Late list"
    extended = [g for r in document["rounds"] for g in r["games"] if g.get("extra_minutes")]
    assert [g["extra_minutes"] for g in extended] == [10]
    demo.rounds.all().delete()
    demo.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert observable(report.event) == imported(before)
    assert Penalty.objects.filter(event=report.event).count() == 3
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_an_event_without_them_exports_as_before_and_old_files_import(demo):
    document = export(demo)
    assert "penalties" not in document
    assert not any("extra_minutes" in g for r in document["rounds"] for g in r["games"])
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert not Penalty.objects.filter(event=report.event).exists()


def test_a_bad_penalty_is_refused_naming_its_place(demo):
    _penalise(demo)
    document = export(demo)
    document["penalties"][1]["kind"] = "booking"
    from exchange.services.export import checksum

    document["sha256"] = checksum(document)
    from common.errors import Invalid

    with pytest.raises(Invalid) as exc:
        event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert "penalties[1].kind" in str(exc.value)

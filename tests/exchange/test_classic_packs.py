"""A classic-pack event (8th edition) travels whole: its pack, mission seed, the rounds'
generated mission codes and the results' Tactical Objective VP."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from tests.conftest import add_players
from tests.exchange.helpers import export, imported, observable, without_stamp
from tests.exchange.test_refusals import _refused, _resealed
from tournament.services.events.events import event_create
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create, round_set_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def classic(organiser):
    event = event_create(user=organiser, name="Retro GT", rounds=3, mission_pack="eighth", seed=4)
    add_players(event, organiser, 5)
    for number in (1, 2):
        round_ = round_create(event_id=event.pk, user=organiser, seed=number)
        for i, game in enumerate(round_.games.filter(player_b__isnull=False)):
            data = {"primary_a": 9 + i, "secondary_a": 2, "tactical_a": 100, "vp_b": 7 + i}
            result_enter(game_id=game.pk, data=data, user=organiser)
    round_set_mission(event_id=event.pk, user=organiser, number=2, mission_code="EGT-1-1")
    return event


def test_a_classic_event_imported_elsewhere_is_the_same_event(classic):
    before = observable(classic)
    document = export(classic)
    assert document["event"]["mission_pack"] == "eighth"
    assert document["event"]["mission_seed"] == classic.mission_seed
    codes = [r["mission_code"] for r in document["rounds"]]
    assert codes[0].startswith("EGT-")
    assert codes[1] == "EGT-1-1"
    results = [r for g in document["rounds"][0]["games"] for r in g["results"]]
    assert {r["tactical_a"] for r in results if r["source"] != "bye"} == {100}
    classic.rounds.all().delete()
    classic.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert observable(report.event) == imported(before)
    assert report.event.mission_pack == "eighth"
    assert without_stamp(export(report.event)) == without_stamp(document)


def test_a_round_with_another_packs_mission_is_refused(classic):
    document = export(classic)
    document["rounds"][0]["mission_code"] = "C"
    message = _refused(_resealed(document), "invalid_file")
    assert "rounds[0].mission_code" in message


def test_an_unknown_pack_is_refused(classic):
    document = export(classic)
    document["event"]["mission_pack"] = "ninth"
    assert "event.mission_pack" in _refused(_resealed(document), "invalid_file")


def test_a_file_from_before_the_classic_packs_still_imports(classic):
    document = export(classic)
    document["event"]["mission_pack"] = "leviathan"
    document["event"].pop("mission_seed")
    for round_ in document["rounds"]:
        round_["mission_code"] = "A"
        for game in round_["games"]:
            for result in game["results"]:
                result.pop("tactical_a")
                result.pop("tactical_b")
                result.update(primary_a=None, secondary_a=None, primary_b=None, secondary_b=None)
    report = event_import(raw=json.dumps(_resealed(document)).encode(), as_admin=True)
    assert report.event.mission_seed is None
    assert report.event.mission_pack == "leviathan"

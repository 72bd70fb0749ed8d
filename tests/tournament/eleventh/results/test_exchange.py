"""An 11th-edition event's results travel whole: the export writes the game record as optional
keys (only where recorded), the import checks and restores them; other packs' files as before."""

from __future__ import annotations

import json

import pytest

from exchange.services.importing.write import event_import
from missions.scoring.eleventh import RECORD_FIELDS
from tests.exchange.helpers import export, imported, observable, without_stamp
from tests.exchange.test_refusals import _refused, _resealed
from tests.tournament.eleventh.results.conftest import rounds
from tournament.models import Result
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db

R_A = rounds((10, 5), (8, 7), (15, 15), (0, 3), (7, 10))


@pytest.fixture
def played(eleventh, paired11, organiser):
    games = list(paired11.games.filter(player_b__isnull=False).order_by("table_number"))
    full = {"rounds_a": R_A, "vp_b": 33, "attacker": "a", "first_turn": "b"}
    result_enter(game_id=games[0].pk, data=full, user=organiser)
    result_enter(game_id=games[0].pk, data={**full, "secondaries_a": "fixed"}, user=organiser)
    result_enter(game_id=games[1].pk, data={"vp_a": 50, "vp_b": 60}, user=organiser)
    return eleventh


def _results(document):
    return [r for g in document["rounds"][0]["games"] for r in g["results"]]


def test_an_eleventh_event_imported_elsewhere_keeps_every_record(played):
    before = observable(played)
    document = export(played)
    results = _results(document)
    recorded = [r for r in results if "rounds_a" in r]
    assert [r.get("secondaries_a") for r in recorded] == [
        None,
        "fixed",
    ]
    assert all(r["rounds_a"] == R_A and r["first_turn"] == "b" for r in recorded)
    # Nothing recorded: the keys are left out, as in a file from before them.
    assert not any(set(RECORD_FIELDS) & set(r) for r in results if "rounds_a" not in r)
    played.rounds.all().delete()
    played.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    assert observable(report.event) == imported(before)
    assert without_stamp(export(report.event)) == without_stamp(document)
    kept = Result.objects.get(game__round__event=report.event, version=2)
    assert (kept.rounds_a, kept.attacker, kept.secondaries_a) == (R_A, "a", "fixed")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"rounds_a": R_A[:3]}, "rounds_a"),
        ({"rounds_a": [*R_A[:4], {"primary": 20, "secondary": 0}]}, "rounds_a[4].primary"),
        ({"primary_a": 41}, "rounds_a"),
        ({"attacker": "c"}, "attacker"),
        ({"secondaries_b": "both"}, "secondaries_b"),
    ],
)
def test_a_bad_record_in_a_file_is_refused_naming_it(played, change, where):
    document = export(played)
    result = next(r for r in _results(document) if "rounds_a" in r)
    result.update(change)
    message = _refused(_resealed(document), "invalid_file")
    assert f"results[0].{where}" in message or f"results[1].{where}" in message


def test_another_packs_file_refuses_a_record(event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    round_ = round_create(event_id=event.pk, user=organiser, seed=3)
    game = round_.games.filter(player_b__isnull=False).first()
    result_enter(game_id=game.pk, data={"vp_a": 50, "vp_b": 60}, user=organiser)
    document = export(event)
    result = next(r for r in _results(document) if r["source"] != "bye")
    assert not set(RECORD_FIELDS) & set(result)
    result["first_turn"] = "a"
    assert "first_turn" in _refused(_resealed(document), "invalid_file")

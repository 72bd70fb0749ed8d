"""Each player's parsed list and its checks travel in the event document as derived keys
(`list_roster`, `list_rules`, `list_problems`, shaped as the list API gives them). A document is
never trusted: an import checks their shape, refuses a bad one by its place, and computes them
again from the list's text and the event's pinned rules data rather than keeping them."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from common.errors import Invalid
from exchange.services.export import checksum, event_export_document
from exchange.services.importing.write import event_import
from rosters.models.armylists import ArmyList
from rosters.services.armylists import army_list_overrule, army_list_submit
from tests.conftest import add_players
from tests.cross.roles.conftest import snapshot
from tournament.models import Player
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

NECRONS = (Path(__file__).parent / "lists" / "gw_app_10th_necrons.txt").read_text()
DERIVED = ("list_roster", "list_rules", "list_problems")


@pytest.fixture
def listed(event, organiser):
    """An Incursion event: Ana's list breaks its points limit (one error overruled), Bo has
    none."""
    event = event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    ana, _bo = add_players(event, organiser, 2)
    army_list_submit(player=ana, text=NECRONS, by_player=True)
    army_list_overrule(player=ana, user=organiser, code="points-over", comment="Agreed")
    return event


def _read(event, name: str) -> dict:
    player = Player.objects.get(event=event, name=name)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client.get(f"/api/events/{event.pk}/players/{player.pk}/list/").json()


def _row(document: dict, name: str) -> dict:
    return next(p for p in document["players"] if p["name"] == name)


def _sealed(document: dict) -> bytes:
    document = {**document}
    document["sha256"] = checksum(document)
    return json.dumps(document).encode()


def _state() -> dict:
    return {**snapshot(), "ArmyList": list(ArmyList.objects.order_by("pk").values())}


def test_the_document_carries_each_list_as_the_api_reads_it(listed):
    document = event_export_document(event=listed)
    ana, bo = document["players"]
    api = _read(listed, ana["name"])
    assert ana["list_roster"] == api["roster"]
    assert ana["list_rules"] == api["rules"]
    assert ana["list_problems"] == api["problems"]
    assert len(ana["list_roster"]["units"]) == 12
    assert {"code": "points-over", "overruled": "Agreed"}.items() <= {
        **next(p for p in ana["list_problems"] if p["code"] == "points-over")
    }.items()
    # No list, nothing derived: the keys are left out.
    assert not set(DERIVED) & set(bo)


def test_derived_keys_come_back_the_same_after_an_import(listed, organiser):
    document = event_export_document(event=listed)
    copy_ = event_import(raw=_sealed(document), user=organiser).event
    again = event_export_document(event=copy_)
    for name in (p["name"] for p in document["players"]):
        before, after = _row(document, name), _row(again, name)
        assert {k: before.get(k) for k in DERIVED} == {k: after.get(k) for k in DERIVED}


def test_a_document_without_them_imports_and_they_are_computed_again(listed, organiser):
    document = event_export_document(event=listed)
    bare = copy.deepcopy(document)
    for row in bare["players"]:
        for key in DERIVED:
            row.pop(key, None)
    copy_ = event_import(raw=_sealed(bare), user=organiser).event
    ana = document["players"][0]
    again = _row(event_export_document(event=copy_), ana["name"])
    assert again["list_problems"] == ana["list_problems"]


def test_forged_derived_keys_are_not_taken_as_truth(listed, organiser):
    document = event_export_document(event=listed)
    forged = copy.deepcopy(document)
    ana = forged["players"][0]
    # A file that gives the other verdict, problems overruled by nobody, and a roster the
    # text does not have.
    verdict = ana["list_rules"]["passes"]
    ana["list_rules"] = {**ana["list_rules"], "passes": not verdict, "data_version": "forged"}
    ana["list_problems"] = [
        {**p, "overruled": "Forged", "severity": "warning"} for p in ana["list_problems"]
    ]
    ana["list_roster"] = {**ana["list_roster"], "faction": "Orks", "units": []}
    copy_ = event_import(raw=_sealed(forged), user=organiser).event
    name = ana["name"]
    player = Player.objects.get(event=copy_, name=name)
    # Nothing of the forgery was kept: only the file's own overrule.
    assert player.list_overrules == {"points-over": "Agreed"}
    api = _read(copy_, name)
    original = document["players"][0]
    assert (api["rules"], api["problems"], api["roster"]) == (
        original["list_rules"],
        original["list_problems"],
        original["list_roster"],
    )
    assert api["rules"]["passes"] is verdict
    again = _row(event_export_document(event=copy_), name)
    assert again["list_problems"] == original["list_problems"]


def _break(path: tuple, value):
    def change(row: dict) -> None:
        target = row
        for step in path[:-1]:
            target = target[step]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return change


BAD_SHAPES = [
    (("list_problems",), {"code": "x"}, "players[0].list_problems: must be a list."),
    (("list_problems", 0), "x", "players[0].list_problems[0]: must be an object."),
    (("list_problems", 0, "code"), 5, "players[0].list_problems[0].code: must be text."),
    (
        ("list_problems", 0, "severity"),
        "fatal",
        "players[0].list_problems[0].severity: 'fatal' is not one of error, warning.",
    ),
    (("list_problems", 0, "line"), "3", "players[0].list_problems[0].line: must be a whole"),
    (("list_problems", 0, "assumed"), KeyError, "players[0].list_problems[0].assumed: missing."),
    (("list_problems", 0, "fix"), "y", "players[0].list_problems[0].fix: not a key of"),
    (("list_roster",), None, "players[0].list_roster: must be an object."),
    (("list_roster", "units", 0, "warlord"), "yes", "players[0].list_roster.units[0].warlord"),
    (("list_roster", "units", 0, "wargear"), [1], "players[0].list_roster.units[0].wargear[0]"),
    (("list_roster", "unread"), [{"text": "x"}], "players[0].list_roster.unread[0].line: missing"),
    (("list_rules", "passes"), "no", "players[0].list_rules.passes: must be true or false."),
    (("list_rules", "edition"), None, "players[0].list_rules.edition: must not be empty."),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_SHAPES)
def test_a_derived_key_of_the_wrong_shape_is_refused_by_its_place(
    listed, organiser, path, value, message
):
    document = copy.deepcopy(event_export_document(event=listed))
    _break(path, value)(document["players"][0])
    before = _state()
    with pytest.raises(Invalid) as refused:
        event_import(raw=_sealed(document), user=organiser)
    assert refused.value.codes == {"file": ["invalid_file"]}
    assert message in str(refused.value)
    assert _state() == before


def test_derived_keys_on_a_player_without_a_list_are_refused(listed, organiser):
    document = copy.deepcopy(event_export_document(event=listed))
    ana, bo = document["players"]
    bo["list_problems"] = ana["list_problems"]
    before = _state()
    with pytest.raises(Invalid) as refused:
        event_import(raw=_sealed(document), user=organiser)
    assert "players[1].list_problems: a player without an army list" in str(refused.value)
    assert _state() == before


def test_a_file_pinning_rules_data_this_site_lacks_is_refused(listed, organiser):
    """Every list of such an event would fail to read: the file is refused by its place, and
    nothing is created."""
    document = event_export_document(event=listed)
    document["event"]["list_data_version"] = "2099-01-01"
    before = _state()
    with pytest.raises(Invalid) as refused:
        event_import(raw=_sealed(document), user=organiser)
    assert "event.list_data_version" in str(refused.value)
    assert "2099-01-01" in str(refused.value)
    assert _state() == before

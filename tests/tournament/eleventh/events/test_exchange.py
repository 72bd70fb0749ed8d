"""An 11th-edition event's dispositions, layout policy and each game's dispositions and layout
travel in the event document as optional keys of version 1."""

from __future__ import annotations

import json

import pytest

from exchange.services.export import checksum
from exchange.services.importing.write import event_import
from tests.exchange.helpers import export, imported, observable, without_stamp
from tournament.models import Game, Player
from tournament.services.players.players import player_register, player_update
from tournament.services.rounds.layout import game_set_layout
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db

DISPOSITIONS = ("take-and-hold", "disruption", "purge-the-foe", "reconnaissance")


@pytest.fixture
def eleventh(organiser):
    from tournament.services.events.events import event_create

    event = event_create(
        user=organiser,
        name="Muster GT",
        rounds=3,
        seed=4,
        mission_pack="eleventh",
        layout_policy="per_table",
        table_layouts={"1": "C"},
    )
    for i, disposition in enumerate(DISPOSITIONS * 2):
        player_register(
            event=event, user=organiser, name=f"P{i}", faction="Orks", disposition=disposition
        )
    round_ = round_create(event_id=event.pk, user=organiser, seed=8)
    game = round_.games.exclude(table_number=1).first()
    other = next(letter for letter in "ABC" if letter != game.layout)
    game_set_layout(game_id=game.pk, user=organiser, layout=other)
    # Edited after the pairing: the game keeps the disposition it was made with.
    player_update(
        player=Player.objects.get(pk=game.player_a_id),
        user=organiser,
        changes={"disposition": "priority-assets"},
    )
    return event


def _seal(document: dict) -> None:
    document.pop("sha256", None)
    document["sha256"] = checksum(document)


def _games(event) -> list[tuple]:
    return sorted(
        (g.round.number, g.table_number, g.disposition_a, g.disposition_b, g.layout)
        for g in Game.objects.filter(round__event=event).select_related("round")
    )


def test_an_eleventh_event_round_trips(eleventh):
    before = observable(eleventh)
    document = export(eleventh)
    assert document["version"] == 1
    assert document["event"]["layout_policy"] == "per_table"
    assert document["event"]["table_layouts"] == {"1": "C"}
    assert {p["disposition"] for p in document["players"]} >= set(DISPOSITIONS)
    game = document["rounds"][0]["games"][0]
    assert {"disposition_a", "disposition_b", "layout"} <= set(game)
    games, players = _games(eleventh), sorted(eleventh.players.values_list("name", "disposition"))
    eleventh.rounds.all().delete()
    eleventh.delete()
    report = event_import(raw=json.dumps(document).encode(), as_admin=True, link_accounts=True)
    copy = report.event
    assert copy.mission_pack == "eleventh"
    assert (copy.layout_policy, copy.table_layouts) == ("per_table", {"1": "C"})
    assert sorted(copy.players.values_list("name", "disposition")) == players
    assert _games(copy) == games
    assert observable(copy) == imported(before)
    assert without_stamp(export(copy)) == without_stamp(document)


def test_a_file_without_the_new_keys_still_imports(eleventh):
    document = export(eleventh)
    document["event"].pop("layout_policy")
    document["event"].pop("table_layouts")
    for player in document["players"]:
        player.pop("disposition")
    for round_ in document["rounds"]:
        round_.pop("layout")
        for game in round_["games"]:
            for key in ("disposition_a", "disposition_b", "layout"):
                game.pop(key)
    _seal(document)
    report = event_import(raw=json.dumps(document).encode(), as_admin=True)
    copy = report.event
    assert copy.layout_policy == "rolled_per_table"
    assert set(copy.players.values_list("disposition", flat=True)) == {""}
    assert {g.layout for g in Game.objects.filter(round__event=copy)} == {""}


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        ("player", "ambush", "players[0].disposition"),
        ("game", "D", "rounds[0].games[0].layout"),
        ("event", {"x": "A"}, "event.table_layouts"),
    ],
)
def test_a_wrong_value_is_refused_naming_its_place(eleventh, where, value, path):
    from common.errors import Invalid

    document = export(eleventh)
    if where == "player":
        document["players"][0]["disposition"] = value
    elif where == "game":
        document["rounds"][0]["games"][0]["layout"] = value
    else:
        document["event"]["table_layouts"] = value
    _seal(document)
    with pytest.raises(Invalid) as refused:
        event_import(raw=json.dumps(document).encode(), as_admin=True)
    assert path in str(refused.value.messages)

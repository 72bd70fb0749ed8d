"""A bad file is refused whole: one clear reason, and not one row written."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError

from common.errors import Invalid
from exchange.services.export import checksum
from exchange.services.importing.write import event_import
from tests.cross.roles.conftest import snapshot
from tests.exchange.helpers import export
from tracker.services import exchange as tracker_exchange

pytestmark = pytest.mark.django_db


def _resealed(document: dict) -> dict:
    """Changed on purpose by someone who also recomputed the checksum."""
    document = {**document}
    document["sha256"] = checksum(document)
    return document


def _refused(raw, code: str) -> str:
    before = snapshot()
    with pytest.raises(Invalid) as caught:
        event_import(raw=raw, as_admin=True)
    assert caught.value.codes == {"file": [code]}
    assert snapshot() == before
    return str(caught.value)


def test_a_truncated_file_is_refused_whole(demo):
    raw = json.dumps(export(demo), indent=1).encode()
    message = _refused(raw[: len(raw) * 2 // 3], "not_json")
    assert "not a complete JSON document" in message


def test_a_tampered_file_is_refused_whole(demo):
    document = export(demo)
    document["rounds"][0]["games"][0]["results"][0]["vp_a"] = 99
    message = _refused(json.dumps(document).encode(), "checksum_mismatch")
    assert "checksum" in message


def test_a_file_of_another_format_version_is_refused(demo):
    document = _resealed({**export(demo), "version": 2})
    assert "version 2" in _refused(document, "wrong_version")


def test_a_dangling_player_reference_is_named_by_its_place(demo):
    document = export(demo)
    document["rounds"][1]["games"][5]["player_b"] = "p-99"
    message = _refused(_resealed(document), "invalid_file")
    assert message == "file: rounds[1].games[5].player_b: no player 'p-99' in this file."


def test_duplicate_keys_and_names_are_refused(demo):
    document = export(demo)
    document["players"][3]["key"] = document["players"][2]["key"]
    assert "players[3].key: a second player 'p-3'" in _refused(_resealed(document), "invalid_file")
    document = export(demo)
    document["players"][1]["name"] = document["players"][0]["name"]
    assert "players[1].name: a second player called" in _refused(
        _resealed(document), "invalid_file"
    )


def test_names_in_a_file_follow_the_rules_of_every_other_path(demo):
    document = export(demo)
    first = document["players"][0]["name"]
    document["players"][1]["name"] = first.upper()
    message = _refused(_resealed(document), "invalid_file")
    assert f"players[1].name: a second player called {first}" in message
    document = export(demo)
    document["players"][2]["name"] = "evil\u202egpj.exe"
    message = _refused(_resealed(document), "invalid_file")
    assert "players[2].name: Must not hold a text-direction control character (U+202E" in message
    document = export(demo)
    document["players"][2]["name"] = "\u200b"
    assert "players[2].name: Must hold a visible character" in _refused(
        _resealed(document), "invalid_file"
    )


def test_a_player_twice_in_a_round_and_a_bad_field_are_refused(demo):
    document = export(demo)
    games = document["rounds"][0]["games"]
    games[1]["player_a"] = games[0]["player_a"]
    assert "rounds[0].games[1].player_a: 'p-" in _refused(_resealed(document), "invalid_file")
    document = export(demo)
    document["event"]["status"] = "paused"
    assert "event.status: 'paused' is not one of" in _refused(_resealed(document), "invalid_file")
    document = export(demo)
    document["audit"][4]["target"] = "game:g-999"
    assert "audit[4].target: no game 'g-999'" in _refused(_resealed(document), "invalid_file")


def test_a_failure_while_writing_leaves_nothing_behind(demo, monkeypatch):
    def broken(*args, **kwargs):
        raise IntegrityError("duplicate key value")

    # Everything before the tracked games has been written when this fails.
    monkeypatch.setattr(tracker_exchange, "_write_tracked", broken)
    assert "breaks a rule of the database" in _refused(export(demo), "inconsistent")


def test_a_section_the_format_does_not_have_is_refused_by_name(demo):
    """A typo in a hand-edited file (`player` for `players`) or a section of a newer app is
    named, not silently dropped: the import would otherwise report success without it."""
    document = _resealed({**export(demo), "player": []})
    message = _refused(document, "invalid_file")
    assert message == "file: player: not a section of an event document."


def test_the_team_sections_are_known_sections(demo):
    """Apps built on events declare their sections with their exchange extension; a singles
    file may carry them empty (an older team-aware export)."""
    document = _resealed({**export(demo), "teams": []})
    report = event_import(raw=document, as_admin=True)
    assert report.event.name

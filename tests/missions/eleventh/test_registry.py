"""The `eleventh` pack in the registry beside the others, and what registry users get."""

from __future__ import annotations

import pytest

from common.errors import Invalid
from missions.eleventh.pack import PACK, MatrixPack
from missions.engine.generator import mission_from_code
from missions.pack.errors import MissionError
from missions.pack.registry import card_pack_keys, get_card_pack, get_pack, pack_keys
from missions.services.missions import mission_check_code, mission_summary, round_mission


def test_registered_as_a_matrix_pack_with_its_own_prefix():
    assert "eleventh" in pack_keys()
    pack = get_pack("eleventh")
    assert pack is PACK
    assert isinstance(pack, MatrixPack)
    assert pack.to_dict() == {
        "key": "eleventh",
        "name": "11th edition (Event Companion)",
        "edition": "11th",
        "kind": "matrix",
        "generates": pack.generates,
        "code_prefix": "XI",
    }
    assert pack.pool == ()
    prefixes = [get_pack(k).code_prefix for k in pack_keys()]
    assert len(set(prefixes)) == len(prefixes)


def test_not_a_card_pack():
    assert "eleventh" not in card_pack_keys()
    with pytest.raises(MissionError) as err:
        get_card_pack("eleventh")
    assert err.value.field == "pack"
    assert "disposition-matrix pack" in str(err.value)


def test_round_mission_helpers_say_there_is_no_single_mission():
    assert mission_summary("eleventh", "A") is None
    assert round_mission("eleventh", "A") is None
    with pytest.raises(Invalid) as exc:
        mission_check_code("eleventh", "A")
    assert exc.value.codes == {"mission": ["no_round_mission"]}


def test_mission_from_code_refuses_a_matchup_code():
    # Printing and the tracker resolve round codes with it: a matchup is not a mission.
    with pytest.raises(MissionError) as err:
        mission_from_code("XI-1-1")
    assert err.value.code == "bad_code"

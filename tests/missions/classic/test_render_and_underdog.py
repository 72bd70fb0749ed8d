"""Classic maps drawn as SVG and reportlab (same scene), and Only War's Underdog."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.graphics.shapes import Drawing, Group, String

from missions.classic.generator import generate_classic
from missions.classic.only_war import underdog
from missions.pack.errors import MissionError
from missions.pack.registry import get_pack
from missions.render.classic import (
    APPROXIMATE,
    classic_map_svg,
    classic_mission_drawing,
    classic_mission_svg,
    classic_scene,
)
from missions.render.scene import Label, Ring


def first(key: str, pred):
    pack = get_pack(key)
    return next(m for m in (generate_classic(pack, s) for s in range(500)) if pred(m))


def strings(drawing: Drawing) -> list[str]:
    out, todo = [], list(drawing.contents)
    while todo:
        node = todo.pop()
        if isinstance(node, Group):
            todo.extend(node.contents)
        elif isinstance(node, String):
            out.append(node.text)
    return out


def test_approximate_maps_say_so_in_svg_and_pdf_drawing():
    mission = first("eighth", lambda m: m.deployment.key == "front_line_assault")
    assert APPROXIMATE in classic_mission_svg(mission)
    assert APPROXIMATE in strings(classic_mission_drawing(mission))
    assert any("approximate" in n for n in mission.notes)
    sure = first("eighth", lambda m: m.deployment.key == "dawn_of_war")
    assert APPROXIMATE not in classic_mission_svg(sure)
    assert APPROXIMATE not in strings(classic_mission_drawing(sure))
    assert not any("approximate" in n for n in sure.notes)


def test_zones_are_players_and_markers_are_a_rule_not_positions():
    mission = first("eighth", lambda m: m.mission.key == "cleanse_and_capture")
    texts = strings(classic_mission_drawing(mission))
    assert {"Player A", "Player B", "No Man's Land"} <= set(texts)
    assert "Attacker" not in texts
    assert 'Players place 6 markers (>6" from edges, >12" apart)' in texts
    assert not [i for i in classic_scene(mission.deployment, mission).items if isinstance(i, Ring)]


def test_the_relic_is_the_one_fixed_marker_at_the_centre():
    mission = first("seventh", lambda m: m.mission.key == "the_relic")
    rings = [i for i in classic_scene(mission.deployment, mission).items if isinstance(i, Ring)]
    assert rings
    assert {r.centre for r in rings} == {(36.0, 24.0)}


def test_only_war_note_and_svg_of_a_map_alone():
    mission = first("only_war", lambda m: True)
    labels = [
        i.text for i in classic_scene(mission.deployment, mission).items if isinstance(i, Label)
    ]
    assert 'Players place 4 markers, at least 10" apart' in labels
    svg = classic_map_svg(get_pack("eighth").map("spearhead_assault"))
    assert svg.startswith("<svg")
    assert "<title>Spearhead Assault</title>" in svg
    assert APPROXIMATE in svg


@pytest.mark.parametrize(
    ("a", "b", "split_by", "player", "rerolls"),
    [
        # Equal Power: the player who assigned the halves, not the one who split the table
        # (seed 003 lines 1687-1691 and around line 1705).
        (50, 50, "a", "b", 0),
        (50, 50, "b", "a", 0),
        (41, 50, "a", "a", 0),  # 9 apart: no re-roll
        (40, 50, "b", "a", 1),  # 10 apart
        (50, 31, "a", "b", 1),  # 19 apart
        (50, 30, "a", "b", 2),  # 20 apart
        (0, 100, "a", "a", 10),
    ],
)
def test_underdog_table(a, b, split_by, player, rerolls):
    result = underdog(a, b, split_by=split_by)
    assert (result.player, result.command_rerolls) == (player, rerolls)


@given(a=st.integers(0, 500), b=st.integers(0, 500))
def test_underdog_is_the_lower_power_level_with_one_reroll_per_full_ten(a, b):
    result = underdog(a, b, split_by="b")
    if a != b:
        assert result.player == ("a" if a < b else "b")
    assert result.command_rerolls == abs(a - b) // 10


def test_underdog_refuses_bad_input_naming_the_field():
    with pytest.raises(MissionError) as err:
        underdog(-1, 3, split_by="a")
    assert err.value.field == "power_a"
    with pytest.raises(MissionError) as err:
        underdog(1, 3, split_by="c")
    assert err.value.field == "split_by"

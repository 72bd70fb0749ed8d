"""The pure service calls: a pasted list and the event's settings in, the parsed roster and its
problems out (no database)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from common.errors import Invalid
from rosters.engine.roster import Roster
from rosters.services.checking import roster_check, roster_check_event, roster_read

LISTS = Path(__file__).parent / "lists"
PINNED = "40kdc-0.5.17-9578345"


def text(name: str) -> str:
    return (LISTS / name).read_text()


def test_an_11th_edition_list_passes_with_its_recorded_disposition():
    check = roster_check(
        text=text("gw_app_11th_orks.txt"),
        edition="11th",
        battle_size="strike_force",
        points_limit=2000,
        disposition="take-and-hold",
        data_version=PINNED,
    )
    assert check.passes
    assert check.problems == ()
    data = check.as_dict()
    assert data["data_version"] == PINNED
    assert data["roster"]["detachments"] == ["War Horde"]
    assert data["roster"]["units"][0]["name"] == "Warboss"
    assert Roster.from_dict(data["roster"]) == check.roster


def test_a_mismatched_disposition_fails_with_a_sentence():
    check = roster_check(
        text=text("gw_app_11th_orks.txt"),
        edition="11th",
        battle_size="Strike Force",
        disposition="reconnaissance",
    )
    assert not check.passes
    assert [p.as_dict()["message"] for p in check.problems] == [
        "The list takes Take and Hold, but Reconnaissance is recorded for this player."
    ]


def test_the_event_gives_the_edition_battle_size_and_limit():
    event = SimpleNamespace(mission_pack="leviathan", battle_size="incursion", points_limit=1000)
    check = roster_check_event(event=event, text=text("gw_app_10th_necrons.txt"))
    assert check.edition == "10th"
    codes = [p.code for p in check.problems]
    assert "points-over" in codes  # 1,490 points at a 1,000-point event
    assert "battle-size" in codes


def test_an_edition_without_checks_is_read_not_checked():
    event = SimpleNamespace(mission_pack="seventh", battle_size="strike_force", points_limit=2000)
    check = roster_check_event(event=event, text=text("gw_app_10th_necrons.txt"))
    assert check.edition == "7th"
    assert not check.checked
    assert not check.passes
    assert check.problems == ()
    assert len(check.roster.units) == 12


def test_the_rules_data_names_tell_the_header_apart():
    roster = roster_read(text="Space Marines\nBlood Angels\nGladius Task Force\n")
    assert roster.faction == "Space Marines - Blood Angels"
    assert roster.detachments == ("Gladius Task Force",)


def test_an_unknown_data_version_is_refused_by_name():
    with pytest.raises(Invalid) as error:
        roster_check(text="", edition="11th", data_version="40kdc-9.9.9-nothing")
    assert error.value.codes == {"data_version": ["unknown_dataset"]}


def test_two_detachments_fit_strike_force_but_not_incursion():
    custodes = text("new_recruit_11th_custodes.txt")
    small = roster_check(text=custodes, edition="11th", battle_size="incursion", points_limit=1000)
    assert [(p.code, p.severity) for p in small.problems] == [("detachment-points", "error")]
    assert small.problems[0].message == (
        "The detachments cost 3 Detachment Points (Might of the Moritoi (1), Auric Champions "
        "(2)); Incursion allows 2."
    )
    large = roster_check(
        text=custodes, edition="11th", battle_size="strike_force", points_limit=2000
    )
    assert large.passes
    assert large.roster.units[2].enhancements == ("Interred Expertise",)  # an upgrade


def test_an_eleventh_edition_event_checks_its_lists_under_11th_rules():
    event = SimpleNamespace(mission_pack="eleventh", battle_size="incursion", points_limit=1000)
    check = roster_check_event(event=event, text=text("battlescribe_11th_necrons.txt"))
    assert check.edition == "11th"
    assert check.passes
    recorded = roster_check_event(
        event=event, text=text("battlescribe_11th_necrons.txt"), disposition="take-and-hold"
    )
    assert [p.code for p in recorded.problems] == ["disposition-mismatch"]

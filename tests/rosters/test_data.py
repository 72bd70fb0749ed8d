"""The pinned rules data and the command that loads a newer snapshot from a 40kdc-data checkout
(a tiny fake checkout in a temporary folder stands in for the real one)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import rosters.data
from rosters.data import (
    SNAPSHOTS,
    dataset_default,
    dataset_versions,
    rules_data,
    snapshot_read,
)
from rosters.data.convert import OVERRIDES, convert_core, version_of
from rosters.engine.checks import MusterSettings, check_roster
from rosters.engine.roster import Roster, RosterUnit
from rosters.engine.rules import RulesData

PINNED = "40kdc-0.5.17-9578345"


def test_the_pinned_snapshot_is_shipped_small_and_credited():
    assert PINNED in dataset_versions()
    assert dataset_default() == PINNED
    path = SNAPSHOTS / f"{PINNED}.json.gz"
    assert path.stat().st_size < 60_000
    doc = rosters.data.__doc__
    assert "40kdc-data" in doc
    assert "CC BY 4.0" in doc
    assert "Changes:" in doc
    assert "CC BY 4.0" in snapshot_read(PINNED)["credit"]


def test_the_snapshot_holds_facts_only():
    data = snapshot_read(PINNED)
    text = json.dumps(data)
    # No descriptive text, abilities or stratagems: names, numbers and keywords only.
    for word in ('"text"', '"description"', "stratagem_ids", "ability_id", "profiles"):
        assert word not in text
    necrons = data["factions"]["necrons"]
    assert ["Awakened Dynasty", 3, ["take-and-hold"]] in necrons["detachments"]
    warriors = [u for u in necrons["units"] if u[0] == "Necron Warriors"]
    assert warriors == [
        [
            "Necron Warriors",
            [[10, 90], [20, 200]],
            "B",
            ["Battleline", "Infantry", "Necrons"],
            ["Necrons"],
        ]
    ]


def test_veiled_blade_follows_the_newer_source_and_is_flagged():
    rules = rules_data(PINNED)
    agents = rules.factions["agents-of-the-imperium"]
    veiled = rules.detachment(agents, "Veiled Blade Elimination Force")
    assert veiled.dispositions == ("reconnaissance",)
    assert "BSData" in veiled.note
    notes = [n for n in snapshot_read(PINNED)["notes"] if "detachment" in n]
    assert notes[0]["detachment"] == "Veiled Blade Elimination Force"


# -- a fake checkout ---------------------------------------------------------------------------
def write_json(path: Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")


def fake_checkout(root: Path, *, warriors_cost: int = 90, commit: str = "a" * 40) -> Path:
    core = root / "data" / "core"
    write_json(root / "package.json", {"name": "40kdc-data", "version": "0.6.1"})
    (root / ".git").mkdir(parents=True, exist_ok=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (root / ".git" / "refs" / "heads").mkdir(parents=True, exist_ok=True)
    (root / ".git" / "refs" / "heads" / "main").write_text(commit + "\n")
    write_json(
        core / "necrons" / "factions.json",
        [{"id": "necrons", "name": "Necrons", "parent_faction_id": None, "keywords": ["Necrons"]}],
    )
    write_json(
        core / "necrons" / "detachments.json",
        [
            {
                "id": "awakened-dynasty",
                "name": "Awakened Dynasty",
                "detachment_points": 3,
                "force_dispositions": ["take-and-hold"],
                "stratagem_ids": ["should-not-be-copied"],
            }
        ],
    )
    write_json(
        core / "necrons" / "enhancements.json",
        [
            {
                "id": "veil-of-darkness",
                "name": "Veil of Darkness",
                "detachment_id": "awakened-dynasty",
                "cost": 20,
                "keyword_restrictions": ["Necrons"],
                "upgrade_tag": False,
            }
        ],
    )
    write_json(
        core / "necrons" / "units.json",
        [
            {
                "name": "Necron Warriors",
                "role": "battleline",
                "points": [{"models": 10, "cost": warriors_cost}],
                "keywords": ["Infantry", "Battleline"],
                "faction_keywords": ["Necrons"],
            },
            {
                "name": "Overlord",
                "role": "character",
                "points": [{"models": 1, "cost": 85}],
                "keywords": ["Infantry", "Character"],
                "faction_keywords": ["Necrons"],
            },
        ],
    )
    write_json(
        core / "agents-of-the-imperium" / "factions.json",
        [{"id": "agents-of-the-imperium", "name": "Agents of the Imperium", "keywords": []}],
    )
    write_json(
        core / "agents-of-the-imperium" / "detachments.json",
        [
            {
                "id": "veiled-blade-elimination-force",
                "name": "Veiled Blade Elimination Force",
                "detachment_points": 3,
                "force_dispositions": ["purge-the-foe"],
            }
        ],
    )
    return root


def test_version_is_release_and_commit(tmp_path):
    assert version_of(fake_checkout(tmp_path)) == "40kdc-0.6.1-aaaaaaa"


def test_version_without_git_is_a_fingerprint_of_the_files(tmp_path):
    one = fake_checkout(tmp_path / "one")
    two = fake_checkout(tmp_path / "two", warriors_cost=95)
    for root in (one, two):
        (root / ".git" / "HEAD").unlink()
    assert version_of(one) != version_of(two)
    assert version_of(one).startswith("40kdc-0.6.1-")


def test_converting_keeps_facts_and_applies_the_override(tmp_path):
    data = convert_core(fake_checkout(tmp_path) / "data" / "core", version="v")
    necrons = data["factions"]["necrons"]
    assert necrons["detachments"] == [["Awakened Dynasty", 3, ["take-and-hold"]]]
    assert necrons["enhancements"] == [["Veil of Darkness", "Awakened Dynasty", 20, ["Necrons"], 0]]
    assert necrons["units"][1] == ["Overlord", [[1, 85]], "C", ["Necrons"], ["Necrons"]]
    veiled = data["factions"]["agents-of-the-imperium"]["detachments"][0]
    assert veiled == ["Veiled Blade Elimination Force", 3, ["reconnaissance"], OVERRIDES[0]["note"]]
    assert "should-not-be-copied" not in json.dumps(data)


def test_the_command_adds_a_snapshot_and_makes_it_the_default(tmp_path):
    out = tmp_path / "snapshots"
    checkout = fake_checkout(tmp_path / "checkout")
    call_command("rosters_load_data", "--from", str(checkout), "--out", str(out))
    assert dataset_versions(out) == ["40kdc-0.6.1-aaaaaaa"]
    assert dataset_default(out) == "40kdc-0.6.1-aaaaaaa"
    first = (out / "40kdc-0.6.1-aaaaaaa.json.gz").read_bytes()
    # Loading the same checkout again changes nothing, byte for byte.
    call_command("rosters_load_data", "--from", str(checkout), "--out", str(out))
    assert (out / "40kdc-0.6.1-aaaaaaa.json.gz").read_bytes() == first
    assert dataset_versions(out) == ["40kdc-0.6.1-aaaaaaa"]
    # A newer commit with a new price: a second snapshot, the old one kept for pinned events.
    newer = fake_checkout(tmp_path / "checkout", warriors_cost=100, commit="b" * 40)
    call_command("rosters_load_data", "--from", str(newer), "--out", str(out))
    assert dataset_versions(out) == ["40kdc-0.6.1-aaaaaaa", "40kdc-0.6.1-bbbbbbb"]
    assert dataset_default(out) == "40kdc-0.6.1-bbbbbbb"
    old = RulesData(snapshot_read("40kdc-0.6.1-aaaaaaa", out))
    new = RulesData(snapshot_read("40kdc-0.6.1-bbbbbbb", out))
    roster = Roster(
        faction="Necrons",
        detachments=("Awakened Dynasty",),
        units=(
            RosterUnit("Overlord", 85, 1, warlord=True),
            RosterUnit("Necron Warriors", 90, 10),
        ),
    )
    settings = MusterSettings(edition="11th", battle_size="Strike Force")
    assert check_roster(roster, settings, old) == []
    assert [p.code for p in check_roster(roster, settings, new)] == ["unit-points"]


def test_the_command_can_add_without_changing_the_default(tmp_path):
    out = tmp_path / "snapshots"
    call_command(
        "rosters_load_data", "--from", str(fake_checkout(tmp_path / "a")), "--out", str(out)
    )
    newer = fake_checkout(tmp_path / "b", commit="c" * 40)
    call_command("rosters_load_data", "--from", str(newer), "--out", str(out), "--keep-default")
    assert dataset_default(out) == "40kdc-0.6.1-aaaaaaa"


def test_the_command_refuses_a_folder_that_is_no_checkout(tmp_path):
    with pytest.raises(CommandError, match="no data/core folder"):
        call_command("rosters_load_data", "--from", str(tmp_path), "--out", str(tmp_path / "s"))
    assert not (tmp_path / "s").exists()


def test_snapshot_files_are_plain_gzip_json(tmp_path):
    out = tmp_path / "snapshots"
    call_command(
        "rosters_load_data", "--from", str(fake_checkout(tmp_path / "a")), "--out", str(out)
    )
    raw = json.loads(gzip.decompress((out / "40kdc-0.6.1-aaaaaaa.json.gz").read_bytes()))
    assert raw["format"] == 1
    assert raw["version"] == "40kdc-0.6.1-aaaaaaa"


# -- datasheets every chapter shares ------------------------------------------------------------
GENERIC = ("Terminator Squad", "Sternguard Veteran Squad", "Impulsor", "Repulsor",
           "Gladiator Lancer", "Land Raider Crusader")  # fmt: skip


def test_every_chapter_takes_the_generic_space_marine_datasheets():
    rules = rules_data(PINNED)
    for chapter in ("ultramarines", "blood-angels", "space-wolves", "black-templars"):
        army = rules.factions[chapter]
        for name in GENERIC:
            unit = rules.unit(army, name)
            assert unit is not None, (chapter, name)
            assert unit.faction_keywords == ("Adeptus Astartes",)
    assert rules.unit(rules.factions["adeptus-astartes"], "Terminator Squad") is not None
    # The Black Templars' own datasheets stay theirs.
    assert rules.unit(rules.factions["ultramarines"], "Crusader Squad") is None
    assert rules.unit(rules.factions["black-templars"], "Crusader Squad") is not None


def test_a_generic_datasheet_raises_nothing_in_a_chapters_list():
    roster = Roster(
        faction="Imperium - Adeptus Astartes - Ultramarines",
        detachments=("Gladius Task Force",),
        units=(
            RosterUnit("Captain", 80, 1, warlord=True, section="character"),
            RosterUnit("Terminator Squad", 175, 5),
            RosterUnit("Impulsor", 80, 1),
        ),
    )
    settings = MusterSettings(edition="11th", battle_size="Strike Force")
    codes = {p.code for p in check_roster(roster, settings, rules_data(PINNED))}
    assert not codes & {"unit-chapter", "unit-faction", "unit-unknown"}, codes


def test_converting_marks_a_shared_datasheet_and_lists_it_once(tmp_path):
    core = fake_checkout(tmp_path) / "data" / "core"
    write_json(
        core / "adeptus-astartes" / "factions.json",
        [{"id": "adeptus-astartes", "name": "Adeptus Astartes", "parent_faction_id": None,
          "keywords": ["Imperium", "Adeptus Astartes"]}],
    )  # fmt: skip
    copy = {
        "id": "terminator-squad",
        "name": "Terminator Squad",
        "points": [{"models": 5, "cost": 175}],
        "keywords": ["Infantry", "Terminator Squad"],
        "faction_keywords": ["Adeptus Astartes", "Black Templars"],
    }
    own = dict(copy, id="crusader-squad", name="Crusader Squad")
    write_json(core / "adeptus-astartes" / "units.json", [copy, own, copy])
    data = convert_core(core, version="v")
    units = data["factions"]["adeptus-astartes"]["units"]
    assert [u[0] for u in units] == ["Terminator Squad", "Crusader Squad"]
    assert units[0][4] == ["Adeptus Astartes"]
    assert units[1][4] == ["Adeptus Astartes", "Black Templars"]
    assert any("Terminator Squad" in note["note"] for note in data["notes"])

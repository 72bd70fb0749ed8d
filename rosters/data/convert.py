"""Converting a checkout of 40kdc-data into the compact snapshot `rosters.data` ships.

Only facts are taken: names, Detachment Points, the Force Disposition each detachment grants,
enhancement costs, detachments and keyword restrictions, unit points by model count, the four
keywords the muster checks use and the keywords enhancement restrictions name. No descriptive
text, abilities, profiles or stratagems are kept. See `rosters.data` for the format.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

FORMAT = 1
# Carried inside every snapshot, as the licence asks of derived data files.
CREDIT = (
    "Adapted from 40kdc-data (https://github.com/wn-mitch/40kdc-data), (c) 2026 Alpaca Software "
    "and the 40kdc community contributors, licensed under CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0/). Changes: facts only, converted to "
    "Strategium's format; one disposition set as a newer source has it, and datasheets every "
    "Space Marine chapter takes given to the whole faction rather than one chapter (see notes)."
)

# Where the sources disagree and which we follow (eleventh-facts section 11): applied only
# while the data still holds the value we believe is out of date.
OVERRIDES = (
    {
        "faction": "agents-of-the-imperium",
        "detachment": "Veiled Blade Elimination Force",
        "was": "purge-the-foe",
        "now": "reconnaissance",
        "note": (
            "40kdc-data gives this detachment Purge the Foe; BSData's newer catalogue (July "
            "2026) gives Reconnaissance, which we follow until a printed source settles it."
        ),
    },
)

# Datasheets every chapter of a faction takes that the data labels as one chapter's: 40kdc-data
# (0.5.17, 9578345) lists these Codex Space Marines datasheets only as Black Templars copies
# (each twice, both with the Black Templars keyword), which made them "another chapter's unit"
# in every other chapter's list. BSData's catalogues give them to the whole Adeptus Astartes
# (the Black Templars catalogue links them from the Space Marines one). Converted with the
# parent's faction keywords alone; applied only while the data still labels them so.
SHARED_DATASHEETS = {
    "adeptus-astartes": (
        "gladiator-lancer",
        "gladiator-reaper",
        "gladiator-valiant",
        "impulsor",
        "land-raider-crusader",
        "repulsor",
        "repulsor-executioner",
        "sternguard-veteran-squad",
        "terminator-squad",
    ),
}

# Keywords in 40kdc's units, by the flag letter the compact data uses.
FLAG_KEYWORDS = {"character": "C", "epic hero": "E", "battleline": "B", "dedicated transport": "T"}
FLAG_ROLES = {"character": "C", "epic-hero": "E", "battleline": "B", "dedicated-transport": "T"}


class CheckoutError(ValueError):
    pass


def _read(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def core_folder(root: Path) -> Path:
    core = root / "data" / "core"
    if not core.is_dir():
        raise CheckoutError(f"{root} has no data/core folder: is it a 40kdc-data checkout?")
    return core


def _git_commit(root: Path) -> str | None:
    """The checked-out commit, read from .git without running git."""
    git = root / ".git"
    head = git / "HEAD"
    if not head.is_file():
        return None
    text = head.read_text().strip()
    if not text.startswith("ref:"):
        return text or None
    ref = text.split(None, 1)[1]
    if (git / ref).is_file():
        return (git / ref).read_text().strip()
    packed = git / "packed-refs"
    if packed.is_file():
        for line in packed.read_text().splitlines():
            if line.endswith(" " + ref):
                return line.split()[0]
    return None


def _fingerprint(core: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(core.glob("*/*.json")):
        digest.update(path.relative_to(core).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:7]


def version_of(root: Path) -> str:
    """The version id, "40kdc-<package version>-<commit>", e.g. "40kdc-0.5.17-9578345": the
    commit when the checkout has one, else a fingerprint of the faction files (so two different
    copies never share a version)."""
    package = root / "package.json"
    release = "0"
    if package.is_file():
        release = str(_read(package).get("version") or "0")
    commit = _git_commit(root)
    tail = commit[:7] if commit else _fingerprint(core_folder(root))
    return f"40kdc-{re.sub(r'[^0-9A-Za-z.]+', '', release)}-{tail}"


def _flags(unit: dict) -> str:
    found = set()
    for keyword in unit.get("keywords") or ():
        # Some entries carry a model's own line ("SERGEANT: Character"): its last word counts.
        tail = keyword.split(":")[-1].split("|")[-1].strip().lower()
        if tail in FLAG_KEYWORDS:
            found.add(FLAG_KEYWORDS[tail])
    role = unit.get("role")
    # The data's role "character" stands for the keyword even where the list lacks it.
    if role in FLAG_ROLES and role != "epic-hero":
        found.add(FLAG_ROLES[role])
    if role == "epic-hero":
        found.add("E")
    return "".join(sorted(found, key="CEBT".index))


def convert_core(core: Path, *, version: str) -> dict:
    """The compact snapshot of every faction folder under `core` (a 40kdc data/core)."""
    folders = sorted(p for p in core.iterdir() if (p / "factions.json").is_file())
    if not folders:
        raise CheckoutError(f"{core} holds no faction folders (<faction>/factions.json).")
    restricted = set()
    for folder in folders:
        path = folder / "enhancements.json"
        for item in _read(path) if path.is_file() else ():
            restricted.update(item.get("keyword_restrictions") or ())
    notes = []
    factions: dict[str, dict] = {}
    for folder in folders:
        for faction in _read(folder / "factions.json"):
            factions[faction["id"]] = _faction(folder, faction, restricted, notes)
    return {
        "format": FORMAT,
        "version": version,
        "edition": "11th",
        "source": "wn-mitch/40kdc-data",
        "credit": CREDIT,
        "notes": notes,
        "factions": factions,
    }


def _faction(folder: Path, faction: dict, restricted: set, notes: list) -> dict:
    fid = faction["id"]
    out: dict = {
        "name": faction["name"],
        "parent": faction.get("parent_faction_id"),
        "keywords": list(faction.get("keywords") or ()),
    }
    names = {}
    detachments = []
    path = folder / "detachments.json"
    for item in _read(path) if path.is_file() else ():
        names[item["id"]] = item["name"]
        dispositions = list(item.get("force_dispositions") or ())
        row = [item["name"], int(item.get("detachment_points") or 0), dispositions]
        for override in OVERRIDES:
            if (override["faction"], override["detachment"]) == (fid, item["name"]) and (
                dispositions == [override["was"]]
            ):
                row[2] = [override["now"]]
                row.append(override["note"])
                notes.append({"faction": fid, "detachment": item["name"], "note": override["note"]})
        detachments.append(row)
    out["detachments"] = detachments
    path = folder / "enhancements.json"
    enhancements = [
        [
            item["name"],
            names.get(item.get("detachment_id"), item.get("detachment_id") or ""),
            int(item.get("cost") or 0),
            list(item.get("keyword_restrictions") or ()),
            1 if item.get("upgrade_tag") else 0,
        ]
        for item in (_read(path) if path.is_file() else ())
    ]
    out["enhancements"] = enhancements
    path = folder / "units.json"
    if path.is_file():
        units = []
        seen = set()
        for raw in _read(path):
            # The data lists some datasheets twice, as identical copies: one row each.
            key = raw.get("id") or raw["name"]
            if key in seen:
                continue
            seen.add(key)
            item = _shared(fid, out["keywords"], raw, notes)
            words = [*(item.get("keywords") or ()), *(item.get("faction_keywords") or ())]
            points = sorted({(int(p["models"]), int(p["cost"])) for p in item.get("points") or ()})
            units.append(
                [
                    item["name"],
                    [list(p) for p in points],
                    _flags(item),
                    sorted({k for k in words if k in restricted}),
                    list(item.get("faction_keywords") or ()),
                ]
            )
        out["units"] = units
    return out


def _shared(fid: str, keywords: list[str], item: dict, notes: list) -> dict:
    """`item` with the parent faction's keywords alone when every chapter takes it (see
    SHARED_DATASHEETS), noted once in the snapshot."""
    own = list(item.get("faction_keywords") or ())
    if item.get("id") not in SHARED_DATASHEETS.get(fid, ()) or set(own) <= set(keywords):
        return item
    shared = [k for k in own if k in keywords]
    chapters = ", ".join(k for k in own if k not in keywords)
    notes.append(
        {
            "faction": fid,
            "unit": item["name"],
            "note": (
                f"40kdc-data gives {item['name']} only as a {chapters} datasheet; every chapter "
                "takes it (BSData's catalogues), so it is converted as one of the whole faction."
            ),
        }
    )
    return dict(item, faction_keywords=shared)

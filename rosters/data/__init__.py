"""The pinned muster rules data: each faction's detachments, enhancements and units.

Faction, detachment, enhancement and unit data adapted from 40kdc-data
(https://github.com/wn-mitch/40kdc-data), (c) 2026 Alpaca Software and the 40kdc community
contributors, licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).
Changes: converted to Strategium's compact format (facts only: names, Detachment Points,
dispositions, costs, restrictions, points by model count and four unit keywords; no text),
one detachment's disposition set as a newer source has it (see `convert.OVERRIDES`), and the
datasheets every Space Marine chapter takes, which the source labels as one chapter's, given to
the whole faction (see `convert.SHARED_DATASHEETS`).
The credit does not suggest that the licensor endorses Strategium.

Each snapshot is one gzip'd JSON file in `snapshots/`, named by its version
("40kdc-<release>-<commit>"); `snapshots/index.json` lists them in the order they were loaded
and names the default. `manage.py rosters_load_data --from <checkout>` adds a newer one.

Compact format (version 1)::

    {"format": 1, "version": str, "edition": "11th", "source": str, "notes": [...],
     "factions": {id: {"name", "parent", "keywords",
        "detachments": [[name, detachment points, [disposition ids], note?], ...],
        "enhancements": [[name, detachment name, cost, [keyword restrictions], upgrade 0/1], ...],
        "units": [[name, [[models, points], ...], flags "CEBT", [keywords], [faction keywords]]]}}}

Flags: C = CHARACTER, E = EPIC HERO, B = BATTLELINE, T = DEDICATED TRANSPORT. A faction
without "units" has no unit data upstream yet (the checks then warn, never fail).
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

from rosters.engine.rules import RulesData

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
INDEX = SNAPSHOTS / "index.json"


class UnknownDataset(LookupError):
    pass


def dataset_index(folder: Path = SNAPSHOTS) -> dict:
    path = folder / "index.json"
    if not path.is_file():
        return {"default": None, "versions": []}
    return json.loads(path.read_text())


def dataset_versions(folder: Path = SNAPSHOTS) -> list[str]:
    """The snapshot versions shipped, oldest first."""
    return [row["version"] for row in dataset_index(folder)["versions"]]


def dataset_default(folder: Path = SNAPSHOTS) -> str:
    return dataset_index(folder)["default"]


def snapshot_path(version: str, folder: Path = SNAPSHOTS) -> Path:
    return folder / f"{version}.json.gz"


def snapshot_write(data: dict, folder: Path = SNAPSHOTS) -> Path:
    """Write one snapshot, byte for byte the same for the same data (no time stamp inside)."""
    folder.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    path = snapshot_path(data["version"], folder)
    path.write_bytes(gzip.compress(raw.encode("utf-8"), mtime=0))
    return path


def snapshot_read(version: str, folder: Path = SNAPSHOTS) -> dict:
    path = snapshot_path(version, folder)
    if not path.is_file():
        raise UnknownDataset(
            f"No rules data {version!r}; shipped: {', '.join(dataset_versions(folder))}."
        )
    return json.loads(gzip.decompress(path.read_bytes()))


@lru_cache(maxsize=4)
def rules_data(version: str | None = None) -> RulesData:
    """The shipped snapshot `version` (the default one when None), ready for the checks."""
    return RulesData(snapshot_read(version or dataset_default()))

"""Build a rules-data snapshot from a local checkout of 40kdc-data and make it the default.

    manage.py rosters_load_data --from ~/src/40kdc-data

The checkout's faction files are converted (facts only) into `rosters/data/snapshots/`, named
by the checkout's release and commit; older snapshots stay, so events pinned to them keep
their checks. Loading the same checkout twice changes nothing.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rosters.data import SNAPSHOTS, dataset_index, snapshot_write
from rosters.data.convert import CheckoutError, convert_core, core_folder, version_of


class Command(BaseCommand):
    help = "Convert a 40kdc-data checkout's faction files into a pinned rules-data snapshot."

    def add_arguments(self, parser):
        parser.add_argument("--from", dest="source", required=True, help="40kdc-data checkout")
        parser.add_argument("--out", default=str(SNAPSHOTS), help="snapshot folder")
        parser.add_argument("--name", default="", help="name the snapshot (default: read)")
        parser.add_argument(
            "--keep-default", action="store_true", help="add it without making it the default"
        )

    def handle(self, *args, source, out, name, keep_default, **options):
        root = Path(source).expanduser()
        folder = Path(out)
        try:
            core = core_folder(root)
            version = name or version_of(root)
            data = convert_core(core, version=version)
        except (CheckoutError, OSError, ValueError, KeyError) as error:
            raise CommandError(f"Cannot read {root}: {error}") from error
        path = snapshot_write(data, folder)
        index = dataset_index(folder)
        if version not in [row["version"] for row in index["versions"]]:
            index["versions"].append({"version": version, "loaded": date.today().isoformat()})
        if not keep_default or not index["default"]:
            index["default"] = version
        (folder / "index.json").write_text(json.dumps(index, indent=1) + "\n")
        with_units = sum(1 for f in data["factions"].values() if "units" in f)
        self.stdout.write(
            f"{version}: {len(data['factions'])} factions ({with_units} with unit data), "
            f"{path.stat().st_size:,} bytes in {path}; default: {index['default']}."
        )

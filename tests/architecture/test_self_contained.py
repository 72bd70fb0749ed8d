"""Nothing in the project reads files from beside the repository (the shared folder of source
documents next to the clone): a clone on its own must pass its tests."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = re.compile(r"""\.\./shared|/work/shared|["']shared["']\s*/|/\s*["']shared["']""")


def test_no_source_reaches_outside_the_repository():
    offenders = []
    for folder in (
        "tests",
        "tournament",
        "missions",
        "tracker",
        "ops",
        "config",
        "benchmarks",
        "rosters",
    ):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if OUTSIDE.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_wagc_data_is_in_the_repository():
    data = ROOT / "tests" / "data" / "wagc2019.txt"
    assert data.is_file()
    assert "wagc2019.txt" in (ROOT / "tests" / "data" / "README.md").read_text()

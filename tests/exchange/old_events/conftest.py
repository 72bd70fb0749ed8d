from __future__ import annotations

import json
from pathlib import Path

import pytest

FILES = Path(__file__).parent / "files"


@pytest.fixture
def harbour_bcp() -> dict:
    """An invented 6-player, 3-round event in BCP's newer shape, with players list and event."""
    return json.loads((FILES / "harbour_cup.bcp.json").read_text())


@pytest.fixture
def harbour_csv() -> str:
    """The same event as a CSV of rounds."""
    return (FILES / "harbour_cup.csv").read_text()


@pytest.fixture
def older_bcp() -> list:
    """BCP's older shape, a bare list of pairings: a bye in round 1, a player gone in round 2."""
    return json.loads((FILES / "older_shape.bcp.json").read_text())

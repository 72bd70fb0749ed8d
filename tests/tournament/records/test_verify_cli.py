"""`python -m tournament.verify`: run as a separate process with no Django settings, on a file
and on stdin; exit 0 with `identical`, 1 with each difference in words, 2 for what is not JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.tournament.records.test_record_engine import build, history

ROOT = Path(__file__).resolve().parents[3]


def run(*args, stdin: str | None = None):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "tournament.verify", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def test_importing_the_verifier_needs_no_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    code = "import sys, tournament.verify; print(any(m.startswith('django') for m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_identical_record_file_and_stdin(tmp_path):
    people, games = history()
    record = build(people, games, round_number=4, seed=3, swaps=[(1, 2)])
    path = tmp_path / "round-4.json"
    path.write_text(json.dumps(record))
    done = run(str(path))
    assert (done.returncode, done.stdout) == (0, "identical\n"), done.stderr
    done = run("-", stdin=json.dumps(record))
    assert (done.returncode, done.stdout) == (0, "identical\n"), done.stderr


def test_tampered_record_exits_1_saying_what_differs(tmp_path):
    people, games = history()
    record = build(people, games, round_number=4, seed=3)
    record["seed"] = 4
    done = run("-", stdin=json.dumps(record))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0] == "not identical:"
    assert lines[1].startswith("- the sha256 does not match the record's content")
    assert any(line.startswith("- engine's pairs, pair ") for line in lines)


def test_unreadable_input_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = run(str(bad))
    assert done.returncode == 2
    assert "is not JSON" in done.stderr
    done = run(str(tmp_path / "missing.json"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr
    assert run().returncode == 2

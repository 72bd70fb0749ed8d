"""Data flows one way: interfaces (API, views, tasks) -> services -> engines. Imports are read
from the source, function-level ones included, so a deferred import cannot hide a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INTERFACES = ("tournament.tasks", "tournament.views", "tournament.api", "tracker.api")
INTERFACES += ("tracker.views", "tracker.urls", "teams.api", "teams.views", "teams.urls")
INTERFACES += ("playoffs.api", "playoffs.views", "playoffs.urls")
INTERFACES += ("rosters.api", "rosters.views", "rosters.urls")


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def module_path(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def test_services_and_engines_never_import_an_interface():
    lower = [
        *ROOT.glob("tournament/services/*.py"),
        *ROOT.glob("tournament/printing/*.py"),
        *ROOT.glob("tournament/engine/*.py"),
        ROOT / "tracker" / "services.py",
        *ROOT.glob("tracker/engine/*.py"),
        *ROOT.glob("tracker/maelstrom/*.py"),
        ROOT / "tracker" / "maelstrom_services.py",
        *ROOT.glob("missions/**/*.py"),
        *ROOT.glob("teams/services/*.py"),
        *ROOT.glob("teams/engine/*.py"),
        *ROOT.glob("playoffs/services/*.py"),
        *ROOT.glob("playoffs/engine/*.py"),
        *ROOT.glob("rosters/services/*.py"),
        *ROOT.glob("rosters/engine/**/*.py"),
    ]
    for path in lower:
        bad = [n for n in imports(path) if n.startswith(INTERFACES)]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_no_circle_between_print_jobs_their_service_and_the_tasks():
    start = "tournament.tasks"
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = module_path(name)
        if path is None:
            continue
        for other in imports(path):
            if other == start:
                raise AssertionError(f"{name} imports {start} back: an import circle")
            if other.startswith("tournament.") and module_path(other):
                todo.append(other)
    assert "tournament.printing.jobs" in seen
    assert "tournament.services.printing" in seen


def test_the_tournament_app_never_imports_the_teams_app():
    """Teams build on events; events know nothing of teams (hooks are registered instead)."""
    for path in ROOT.glob("tournament/**/*.py"):
        bad = [n for n in imports(path) if n == "teams" or n.startswith("teams.")]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_tournament_app_never_imports_the_playoffs_app():
    """Play-offs build on events; events know nothing of them (hooks are registered instead)."""
    for path in ROOT.glob("tournament/**/*.py"):
        bad = [n for n in imports(path) if n == "playoffs" or n.startswith("playoffs.")]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_playoff_engines_are_plain_python():
    paths = list(ROOT.glob("playoffs/engine/*.py"))
    assert paths
    for path in paths:
        for name in imports(path):
            assert not name.startswith(("django", "playoffs.models", "playoffs.services")), path
            # The pods pair with the tournament's own engine, which takes plain records too.
            assert not name.startswith("tournament.") or name.startswith("tournament.engine")


def test_team_engines_are_plain_python():
    for path in ROOT.glob("teams/engine/*.py"):
        allowed = ("tournament.engine", "__future__", "collections", "dataclasses", "fractions")
        allowed += ("itertools", ".")
        for name in imports(path):
            assert not name.startswith(("django", "teams.models", "teams.services")), path
            assert not name.startswith("tournament.") or name.startswith(allowed), (path, name)


def test_the_tournament_app_never_imports_the_rosters_app():
    """Army lists build on events; events know nothing of the rosters app."""
    for path in ROOT.glob("tournament/**/*.py"):
        bad = [n for n in imports(path) if n == "rosters" or n.startswith("rosters.")]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_roster_engines_and_data_are_plain_python():
    paths = [*ROOT.glob("rosters/engine/**/*.py"), *ROOT.glob("rosters/data/*.py")]
    assert paths
    for path in paths:
        for name in imports(path):
            assert not name.startswith(("django", "tournament", "rosters.services")), (path, name)

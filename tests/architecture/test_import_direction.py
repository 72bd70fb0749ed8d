"""Inside the apps, data flows one way: interfaces (API, views, tasks) -> services -> engines.
Imports are read from the source, function-level ones included, so a deferred import cannot hide
a circle. Which app may import which, and which packages are pure: test_layers.py's table."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The layers of an app that face people or processes; below them, services, engines, data and
# models never import them.
INTERFACE_LAYERS = {"api", "views", "urls", "tasks", "management", "templatetags", "admin"}
LOWER_LAYERS = ("services", "engine", "data", "models")
APPS = ("tournament", "missions", "tracker", "teams", "playoffs", "exchange", "people", "series")
APPS += ("rosters", "stats", "ops", "common", "ratings", "feed")


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


def _is_interface(name: str) -> bool:
    parts = name.split(".")
    return parts[0] in APPS and len(parts) > 1 and parts[1] in INTERFACE_LAYERS


def test_services_and_engines_never_import_an_interface():
    lower = [
        path
        for app in APPS
        for layer in LOWER_LAYERS
        for path in ROOT.glob(f"{app}/{layer}/**/*.py")
    ]
    lower += [*ROOT.glob("tournament/printing/**/*.py"), *ROOT.glob("tournament/caching/*.py")]
    assert len(lower) > 250  # the folders above exist (a typo would check nothing)
    for path in lower:
        bad = [n for n in imports(path) if _is_interface(n)]
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
    assert "tournament.services.documents.print_jobs" in seen
    assert "tournament.services.documents.printing" in seen


def test_the_exchange_is_an_app_of_its_own():
    """Its modules live in exchange/ (services, API, pages, commands), none in tournament/."""
    assert not list(ROOT.glob("tournament/**/exchange*.py"))
    for part in ("services/export.py", "services/importing", "api/views.py"):
        assert list((ROOT / "exchange").glob(f"{part}*")), part
    assert (ROOT / "exchange" / "management" / "commands" / "import_event.py").exists()


def test_only_the_team_bracket_modules_of_the_playoffs_reach_into_teams():
    """The play-offs use the teams app in the team bracket's own modules (and register their
    hook with it at start-up); the rest reaches teams only through those."""
    allowed = {
        "playoffs/services/team_bracket.py",
        "playoffs/engine/team_tiebreak.py",
        "playoffs/services/hooks.py",
    }
    for path in ROOT.glob("playoffs/**/*.py"):
        rel = str(path.relative_to(ROOT))
        bad = [n for n in imports(path) if n == "teams" or n.startswith("teams.")]
        assert not bad or rel in allowed, f"{rel} imports {bad}"

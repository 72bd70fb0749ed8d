"""Data flows one way: interfaces (API, views, tasks) -> services -> engines. Imports are read
from the source, function-level ones included, so a deferred import cannot hide a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INTERFACES = ("tournament.tasks", "tournament.views", "tournament.api", "tracker.api")
INTERFACES += ("tracker.views", "tracker.urls", "teams.api", "teams.views", "teams.urls")
INTERFACES += ("playoffs.api", "playoffs.views", "playoffs.urls")
INTERFACES += ("exchange.api", "exchange.views", "exchange.urls", "exchange.management")
INTERFACES += ("exchange.old_events_page",)
INTERFACES += ("people.api", "people.views", "people.urls", "series.api", "series.views")
INTERFACES += ("series.urls", "series.printing")
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
        *ROOT.glob("tracker/eternal/*.py"),
        ROOT / "tracker" / "eternal_services.py",
        ROOT / "tracker" / "classic_base.py",
        ROOT / "tracker" / "classic_services.py",
        *ROOT.glob("missions/**/*.py"),
        *ROOT.glob("teams/services/*.py"),
        *ROOT.glob("teams/engine/*.py"),
        *ROOT.glob("playoffs/services/*.py"),
        *ROOT.glob("playoffs/engine/*.py"),
        *ROOT.glob("exchange/services/*.py"),
        *ROOT.glob("exchange/engine/*.py"),
        ROOT / "tracker" / "exchange.py",
        *ROOT.glob("people/services/*.py"),
        *ROOT.glob("people/engine/*.py"),
        *ROOT.glob("series/services/*.py"),
        *ROOT.glob("series/engine/*.py"),
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


def test_the_tournament_app_never_imports_people_or_series():
    """People and series build on events; events know nothing of them."""
    for path in ROOT.glob("tournament/**/*.py"):
        bad = [n for n in imports(path) if n.split(".")[0] in ("people", "series")]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_people_and_series_engines_are_plain_python():
    paths = [*ROOT.glob("people/engine/*.py"), *ROOT.glob("series/engine/*.py")]
    assert paths
    for path in paths:
        for name in imports(path):
            assert name.split(".")[0] not in ("django", "rest_framework"), path
            # Names fold as the tournament's own pure engine folds them (Find my table), and
            # nothing else of the tournament app reaches these engines.
            tournament = name.startswith("tournament.")
            assert not tournament or name.startswith("tournament.engine."), path
            assert name != "tournament", path
            assert not name.startswith(("people.models", "people.services", "series.models")), path


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


def test_the_older_packs_tracker_engines_are_plain_python():
    """The Maelstrom and the Eternal War / Only War engines and their shared base hold no ORM
    or service: pure state machines over JSON-able dicts."""
    paths = [*ROOT.glob("tracker/eternal/*.py"), ROOT / "tracker" / "classic_base.py"]
    for path in paths:
        for name in imports(path):
            assert not name.startswith(("django", "tournament", "tracker.models")), (path, name)
            assert "services" not in name, (path, name)


def _importers(paths, apps: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in paths
        for name in imports(path)
        if name in apps or name.startswith(tuple(f"{app}." for app in apps))
    ]


def test_the_tournament_app_never_imports_the_exchange_or_the_tracker():
    """The event export and import build on events (the exchange app), and so does the
    tracker: the tournament app knows neither (the tracker's section is an extension)."""
    bad = _importers(ROOT.glob("tournament/**/*.py"), ("exchange", "tracker"))
    assert not bad, bad


def test_the_exchange_never_imports_the_apps_that_extend_it():
    """Teams, play-offs, the tracker (and any later app) add their sections through
    ExchangeExtension hooks registered from their own AppConfig.ready."""
    paths = list(ROOT.glob("exchange/**/*.py"))
    assert paths
    bad = _importers(paths, ("teams", "playoffs", "tracker", "rosters", "people"))
    assert not bad, bad


def test_the_exchange_is_an_app_of_its_own():
    """Its modules live in exchange/ (services, API, pages, commands), none in tournament/."""
    assert not list(ROOT.glob("tournament/**/exchange*.py"))
    for part in ("services/exchange.py", "services/exchange_import.py", "api/views.py"):
        assert (ROOT / "exchange" / part).exists(), part
    assert (ROOT / "exchange" / "management" / "commands" / "import_event.py").exists()


def test_exchange_engines_are_plain_python():
    """The readers of other apps' files (BCP JSON, CSV of rounds) take and give plain values."""
    paths = list(ROOT.glob("exchange/engine/*.py"))
    assert paths
    allowed = ("tournament.engine", "tournament.factions", "exchange.engine", "__future__")
    allowed += ("csv", "io", "dataclasses")
    for path in paths:
        for name in imports(path):
            assert name.startswith(allowed), (path.relative_to(ROOT), name)


def test_the_teams_app_never_imports_the_playoffs_app():
    """Team brackets are the play-offs' (playoffs/services/team_bracket.py builds on the teams
    app): teams knows nothing of them, and reads knockout rounds by the tournament's stage."""
    paths = list(ROOT.glob("teams/**/*.py"))
    assert paths
    for path in paths:
        bad = [n for n in imports(path) if n == "playoffs" or n.startswith("playoffs.")]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


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

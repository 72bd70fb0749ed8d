"""The layers as one table: which app may import which, and which packages are pure.

Imports are read from the source, function-level ones included, so a deferred import cannot
hide a circle. A new app or a new engine package fails here until it is placed in the table.
The finer rules inside an app (interfaces -> services -> engines) are in test_import_direction.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# An app imports only itself and the apps named here (the kernel and the core at the bottom,
# the apps that extend them above). `config` wires everything and is not an app of this table.
CORE = {"common", "ops", "missions", "tournament"}
LAYERS: dict[str, set[str]] = {
    "common": set(),
    "ops": {"common"},
    "missions": {"common"},
    "tournament": {"common", "ops", "missions"},
    "exchange": CORE,
    "people": CORE | {"exchange"},
    "rosters": CORE | {"exchange"},
    "teams": CORE | {"exchange"},
    "tracker": CORE | {"exchange", "clocks", "floor"},
    "clocks": CORE | {"exchange"},
    "floor": CORE | {"exchange", "clocks"},
    "playoffs": CORE | {"exchange", "teams"},
    "series": CORE | {"exchange", "people"},
    "stats": CORE,
    "ratings": CORE | {"exchange", "people"},
    "feed": CORE | {"exchange", "people", "rosters"},
}

# Pure: plain Python over plain values (no Django, no ORM, no services), so they are unit and
# property tested without a database. A folder names every module under it.
PURE = {
    "common/errors.py",
    "common/jsontext.py",
    "common/seeds.py",
    "common/hooks.py",
    "ops/push/feed.py",
    "tournament/engine",
    "tournament/verify.py",  # the pairing records' checker runs with no Django (issue 37)
    "tournament/data",
    "missions/engine",
    "missions/pack",
    "missions/classic",
    "missions/eleventh",
    "missions/render",
    "missions/scoring",
    "tracker/engine",
    "teams/engine",
    "playoffs/engine",
    "exchange/engine",
    "people/engine",
    "series/engine",
    "rosters/engine",
    "stats/engine",
    "floor/engine",
    "clocks/engine",
    "rosters/data",
    "ratings/engine",
    "feed/engine",
}
# Libraries a pure module may use besides the standard library: the matching of the pairing
# engine, the drawing of the mission maps and the ratings' model.
PURE_LIBRARIES = {"rustworkx", "reportlab", "openskill"}


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def app_modules(root: Path, app: str) -> list[Path]:
    return [p for p in (root / app).rglob("*.py") if "migrations" not in p.parts]


def layer_violations(root: Path, layers: dict[str, set[str]]) -> list[str]:
    bad = []
    for app, allowed in layers.items():
        for path in app_modules(root, app):
            for name in imports(path):
                top = name.split(".")[0]
                if top in layers and top != app and top not in allowed:
                    bad.append(f"{path.relative_to(root)} imports {name}")
    return bad


def _is_pure(root: Path, module: str, pure: set[str]) -> bool:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        rel = "/".join(parts[:n])
        if rel in pure or f"{rel}.py" in pure:
            return True
    return False


def pure_modules(root: Path, pure: set[str]) -> list[Path]:
    paths = []
    for entry in sorted(pure):
        target = root / entry
        paths += [target] if entry.endswith(".py") else sorted(target.rglob("*.py"))
    return paths


def purity_violations(root: Path, pure: set[str], layers: dict[str, set[str]]) -> list[str]:
    bad = []
    for path in pure_modules(root, pure):
        for name in imports(path):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top in PURE_LIBRARIES or top == "__future__":
                continue
            if top in layers and _is_pure(root, name, pure):
                continue
            bad.append(f"{path.relative_to(root)} (pure) imports {name}")
    return bad


@functools.cache
def _violations() -> tuple[list[str], list[str]]:
    # Read once for every case below: the whole tree's imports.
    return layer_violations(ROOT, LAYERS), purity_violations(ROOT, PURE, LAYERS)


@pytest.mark.parametrize("app", sorted(LAYERS))
def test_every_app_imports_only_the_apps_below_it(app):
    assert [v for v in _violations()[0] if v.startswith(f"{app}/")] == []


def test_every_app_is_placed_in_the_table():
    apps = {
        p.parent.name
        for p in ROOT.glob("*/apps.py")
        if p.parent.name not in ("config", "tests", "benchmarks")
    }
    apps.add("common")
    assert apps == set(LAYERS)


def test_the_table_has_no_circle():
    for app, allowed in LAYERS.items():
        for other in allowed:
            assert app not in LAYERS[other], (app, other)


@pytest.mark.parametrize("package", sorted(PURE))
def test_pure_packages_import_only_the_standard_library_and_pure_modules(package):
    assert [v for v in _violations()[1] if v.startswith(package.removesuffix(".py"))] == []


def test_every_engine_package_is_in_the_pure_table():
    engines = {str(p.relative_to(ROOT)) for p in ROOT.glob("*/engine") if p.parent.name != "tests"}
    assert engines <= PURE, engines - PURE
    for entry in PURE:
        assert (ROOT / entry).exists(), entry


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_an_upward_import_is_caught(tmp_path):
    """The checks fail on what they guard against: the core importing an app that extends it
    (even inside a function), and an engine reaching for the ORM or a service."""
    root = _tree(
        tmp_path,
        {
            "tournament/services/draw.py": "def f():\n    from teams.models import Team\n",
            "tournament/engine/draw.py": "from tournament.services.draw import f\n",
            "teams/engine/draw.py": "from django.db import models\nimport tournament.engine\n",
            "teams/services.py": "from tournament.services.draw import f\n",
        },
    )
    assert layer_violations(root, LAYERS) == ["tournament/services/draw.py imports teams.models"]
    assert sorted(purity_violations(root, {"tournament/engine", "teams/engine"}, LAYERS)) == [
        "teams/engine/draw.py (pure) imports django.db",
        "tournament/engine/draw.py (pure) imports tournament.services.draw",
    ]

"""Move Python modules and rewrite every reference to them, in one step.

    python tools/move_modules.py MOVES.txt      # lines "old.dotted.module  new.dotted.module"

Each move is a `git mv` (so history follows), then every tracked text file is rewritten:
import statements (absolute and relative, `from package import module` included, keeping the
name the code uses), dotted names in strings and comments (settings, mock targets, docs) and
file paths (`tournament/services/audit/log.py`). One pass per file with all the moves at once, so a
new name that contains an old one is never rewritten twice. Packages that a move needs are made
with an empty `__init__.py`. Nothing is imported: the tool reads the source as text and AST.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".html", ".yml", ".yaml", ""}


def read_moves(path: Path) -> dict[str, str]:
    """The moves of a file; a package moves with every module under it, except those that a
    line of their own sends elsewhere (or keeps where they are)."""
    given = {}
    for text in path.read_text().splitlines():
        line = text.split("#", 1)[0].strip()
        if line:
            old, new = line.split()
            given[old] = new
    moves = {}
    for old, new in given.items():
        folder = ROOT.joinpath(*old.split("."))
        if folder.is_dir():
            for file in sorted(folder.rglob("*.py")):
                rel = file.relative_to(folder).with_suffix("").parts
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                name = ".".join([old, *rel])
                moves.setdefault(name, ".".join([new, *rel]))
        moves[old] = new
    moves.update(given)
    return moves


def module_file(root: Path, name: str) -> Path:
    base = root.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True)
    return done.stdout


def ensure_package(folder: Path) -> None:
    while folder != ROOT and not (folder / "__init__.py").exists():
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").write_text("")
        git("add", str(folder / "__init__.py"))
        folder = folder.parent


def move_files(moves: dict[str, str]) -> None:
    # A module that becomes a package of the same name (audit.py -> audit/log.py) goes aside
    # first, so the folder can be made.
    others = _other_files(moves)
    staged = []
    for old, new in moves.items():
        if old == new:
            continue
        source = module_file(ROOT, old)
        aside = source.with_name(f".moving-{source.name}")
        git("mv", str(source), str(aside))
        base = ROOT.joinpath(*new.split("."))
        target = base / "__init__.py" if source.name == "__init__.py" else base.with_suffix(".py")
        staged.append((aside, target))
    # A package's own __init__ first, so the folders below it are not made empty before it.
    staged.sort(key=lambda pair: (pair[1].name != "__init__.py", len(pair[1].parts)))
    for aside, target in staged:
        ensure_package(target.parent if target.name != "__init__.py" else target.parent.parent)
        target.parent.mkdir(parents=True, exist_ok=True)
        git("mv", str(aside), str(target))
        depth = len(target.relative_to(ROOT).parts) - len(aside.relative_to(ROOT).parts)
        if depth:
            _deepen(target, depth)
    for path, target in others:
        target.parent.mkdir(parents=True, exist_ok=True)
        git("mv", str(path), str(target))
    _remove_emptied(moves)


def _other_files(moves: dict[str, str]) -> list[tuple[Path, Path]]:
    """A package that moves whole takes its other files along (data, vendored scripts): each
    with its place, read before anything moves."""
    found = []
    for old, new in moves.items():
        folder = ROOT.joinpath(*old.split("."))
        if not folder.is_dir() or old == new:
            continue
        for name in git("ls-files", str(folder)).splitlines():
            path = ROOT / name
            rel = path.relative_to(folder)
            if path.suffix != ".py" and not _owned_by_a_deeper_move(rel, old, moves):
                found.append((path, ROOT.joinpath(*new.split(".")) / rel))
    return found


def _remove_emptied(moves: dict[str, str]) -> None:
    # A folder whose modules all left keeps nothing but caches: remove what git no longer holds.
    for old in moves:
        folder = ROOT.joinpath(*old.split("."))
        if folder.is_dir() and not git("ls-files", str(folder)).strip():
            for cache in folder.rglob("__pycache__"):
                for f in cache.iterdir():
                    f.unlink()
                cache.rmdir()
            for sub in sorted(folder.rglob("*"), reverse=True):
                sub.rmdir()
            folder.rmdir()


def _owned_by_a_deeper_move(rel: Path, old: str, moves: dict[str, str]) -> bool:
    parts = rel.parts[:-1]
    return any(".".join([old, *parts[:n]]) in moves for n in range(1, len(parts) + 1))


def _deepen(path: Path, depth: int) -> None:
    """A module that finds files by its own place (`Path(__file__).parents[k]`) now sits
    `depth` folders deeper: every ancestor it names is that much further up."""
    text = path.read_text(encoding="utf-8")
    new = re.sub(
        r"(Path\(__file__\)(?:\.resolve\(\))?\.parents\[)(\d+)\]",
        lambda m: f"{m.group(1)}{int(m.group(2)) + depth if int(m.group(2)) else 0}]",
        text,
    )
    if new != text:
        path.write_text(new, encoding="utf-8")


def resolve(module: str | None, level: int, path: Path) -> str:
    if not level:
        return module or ""
    # The package a relative import starts from: the folder, for a module and an __init__ alike.
    package = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def renamed(name: str, moves: dict[str, str]) -> str:
    """The new dotted name of a module or of a name inside one (longest moved prefix wins)."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        head = ".".join(parts[:n])
        if head in moves:
            return ".".join([moves[head], *parts[n:]])
    return name


def import_edits(text: str, path: Path, moves: dict[str, str]) -> list[tuple[int, int, str]]:
    tree = ast.parse(text)
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = resolve(node.module, node.level, path)
            groups: dict[str, list[str]] = {}
            moved = False
            for alias in node.names:
                full = f"{module}.{alias.name}"
                if full in moves or any(full.startswith(f"{m}.") for m in moves):
                    moved = True
                    target = renamed(full, moves)
                    parent, _, leaf = target.rpartition(".")
                    shown = alias.asname or alias.name
                    item = leaf if leaf == shown else f"{leaf} as {shown}"
                else:
                    parent = renamed(module, moves)
                    shown = alias.asname
                    item = alias.name if not shown else f"{alias.name} as {shown}"
                groups.setdefault(parent, []).append(item)
            if not moved and list(groups) == [module] and node.level == 0:
                continue
            indent = " " * node.col_offset
            begin = starts[node.lineno - 1] + node.col_offset
            end = starts[node.end_lineno - 1] + node.end_col_offset
            # A comment inside the statement's parentheses (a `noqa` most often) stays with
            # every statement the import becomes.
            inside = re.findall(r"#[^\n]*", text[begin:end])
            tail = f"  {' '.join(inside)}" if inside else ""
            lines = [
                f"from {parent} import {', '.join(items)}{tail}" for parent, items in groups.items()
            ]
            edits.append((begin, end, f"\n{indent}".join(lines)))
        elif isinstance(node, ast.Import):
            names = []
            for alias in node.names:
                new = renamed(alias.name, moves)
                names.append(new if not alias.asname else f"{new} as {alias.asname}")
            if names != [a.name if not a.asname else f"{a.name} as {a.asname}" for a in node.names]:
                begin = starts[node.lineno - 1] + node.col_offset
                end = starts[node.end_lineno - 1] + node.end_col_offset
                edits.append((begin, end, f"import {', '.join(names)}"))
    return sorted(edits)


def name_pattern(moves: dict[str, str]) -> tuple[re.Pattern, dict[str, str]]:
    table = {}
    for old, new in moves.items():
        table[old] = new
        old_path, new_path = old.replace(".", "/"), new.replace(".", "/")
        table[f"{old_path}.py"] = f"{new_path}.py"
    keys = sorted(table, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w./])(" + "|".join(map(re.escape, keys)) + r")(?![\w/])")
    return pattern, table


def rewrite_names(text: str, pattern: re.Pattern, table: dict[str, str], moves) -> str:
    def sub(match: re.Match) -> str:
        found = match.group(1)
        if found.endswith(".py"):
            return table[found]
        return renamed(found, moves)

    return pattern.sub(sub, text)


def rewrite_file(path: Path, moves: dict[str, str], pattern, table) -> bool:
    text = path.read_text(encoding="utf-8")
    edits = import_edits(text, path, moves) if path.suffix == ".py" else []
    out, last = [], 0
    for begin, end, new in edits:
        out.append(rewrite_names(text[last:begin], pattern, table, moves))
        out.append(new)
        last = end
    out.append(rewrite_names(text[last:], pattern, table, moves))
    new_text = "".join(out)
    if new_text != text:
        path.write_text(new_text, encoding="utf-8")
        return True
    return False


def main(argv: list[str]) -> int:
    moves = read_moves(Path(argv[1]))
    # Rewrite with the files still at their old paths (relative imports resolve there), then
    # move them.
    pattern, table = name_pattern(moves)
    changed = 0
    listing = Path(argv[1]).resolve()
    for name in git("ls-files").splitlines():
        path = ROOT / name
        if path.suffix not in TEXT_SUFFIXES or not path.is_file() or "vendor" in path.parts:
            continue
        if path.resolve() == listing or path == ROOT / "docs" / "moved-modules.txt":
            continue  # the lists of moves keep their old names
        try:
            changed += rewrite_file(path, moves, pattern, table)
        except (UnicodeDecodeError, SyntaxError):
            continue
    move_files(moves)
    print(f"{len(moves)} modules moved, {changed} files rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

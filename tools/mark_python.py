"""Mark the Python strings people read for translation, leaving their English unchanged.

    .venv/bin/python tools/mark_python.py tournament teams ...   (then `ruff format`)

Marks, outside the pure packages (engines and data, which may not import Django):
- the message of a service error: `Invalid(field, code, "...")` (and Forbidden, NotFound,
  Conflict, ServiceError) becomes `Invalid(field, code, gettext("..."))`;
- a page's message: `messages.success(request, "...")`;
- a form's or serializer's `ValidationError("...")` and `add_error(field, "...")`;
- a form or serializer field's `label=`, `help_text=` and `empty_label=` (lazily: read when
  shown).
An f-string becomes a message with named placeholders: f"{player.name} joined" is
`gettext("%(name)s joined") % {"name": player.name}`. Strings built otherwise (a variable, `+`,
.format) are left and listed, for a person to mark.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

SERVICE_ERRORS = {"Invalid", "Forbidden", "NotFound", "Conflict", "ServiceError"}
MESSAGE_LEVELS = {"success", "error", "info", "warning", "debug"}
LAZY_KEYWORDS = {"label", "help_text", "empty_label"}
# Pure packages (tests/architecture/test_layers.py): no Django there.
PURE_PARTS = {"engine", "data", "pack", "classic", "render", "scoring", "migrations"}
PURE_FILES = {"common/errors.py", "common/jsontext.py", "common/seeds.py", "common/hooks.py"}


def _name(expr: ast.expr) -> str:
    """A placeholder's name from its expression: player.name is "name", len(teams) is
    "teams_count", row["table"] is "table"."""
    name = "value"
    if isinstance(expr, ast.Attribute):
        name = expr.attr
    elif isinstance(expr, ast.Name):
        name = expr.id
    elif isinstance(expr, ast.Subscript):
        key = expr.slice
        named = isinstance(key, ast.Constant) and isinstance(key.value, str)
        name = key.value if named and key.value.isidentifier() else _name(expr.value)
    elif isinstance(expr, ast.Call):
        is_len = isinstance(expr.func, ast.Name) and expr.func.id == "len" and expr.args
        name = f"{_name(expr.args[0])}_count" if is_len else _name(expr.func)
    return name


def _message(node: ast.expr) -> tuple[str, dict[str, str]] | None:
    """The msgid and its placeholders' expressions, or None when not a literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, {}
    if not isinstance(node, ast.JoinedStr):
        return None
    text, values, seen = [], {}, {}
    for part in node.values:
        if isinstance(part, ast.Constant):
            text.append(part.value.replace("%", "%%"))
            continue
        expr = ast.unparse(part.value)
        if part.conversion == ord("r"):
            expr = f"repr({expr})"
        elif part.conversion == ord("s"):
            expr = f"str({expr})"
        elif part.conversion == ord("a"):
            expr = f"ascii({expr})"
        if part.format_spec is not None:
            spec = "".join(p.value for p in part.format_spec.values if isinstance(p, ast.Constant))
            expr = f"format({expr}, {spec!r})"
        if expr not in seen:
            base = _name(part.value)
            name, n = base, 2
            while name in values:
                name, n = f"{base}{n}", n + 1
            seen[expr] = name
            values[name] = expr
        text.append(f"%({seen[expr]})s")
    return "".join(text), values


def _literal(text: str, indent: str) -> str:
    """`text` as Python string literal(s), cut at spaces into lines that fit."""
    if len(text) <= 60:
        return _quote(text)
    chunks, current = [], ""
    for word in re.split(r"(?<= )", text):
        if current and len(current) + len(word) > 60:
            chunks.append(current)
            current = ""
        current += word
    chunks.append(current)
    inner = indent + "    "
    return "(\n" + "".join(f"{inner}{_quote(c)}\n" for c in chunks) + indent + ")"


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{body}"'


class _Finder(ast.NodeVisitor):
    def __init__(self) -> None:
        self.found: list[tuple[ast.expr, str]] = []  # (string node, "gettext" or "gettext_lazy")
        self.left: list[int] = []  # lines of messages not literal

    def _take(self, node: ast.expr | None, function: str) -> None:
        if node is None:
            return
        if _message(node) is not None:
            if not (isinstance(node, ast.Constant) and not re.search(r"[A-Za-z]", node.value)):
                self.found.append((node, function))
        elif not (isinstance(node, ast.Call) and _called(node) in {"gettext", "_", "ngettext"}):
            self.left.append(node.lineno)

    def visit_Call(self, node: ast.Call) -> None:
        name = _called(node)
        owner = node.func.value if isinstance(node.func, ast.Attribute) else None
        if name in SERVICE_ERRORS and len(node.args) >= 3:
            self._take(node.args[2], "gettext")
        elif name in MESSAGE_LEVELS and isinstance(owner, ast.Name) and owner.id == "messages":
            if len(node.args) >= 2:
                self._take(node.args[1], "gettext")
        elif name == "ValidationError" and node.args:
            self._take(node.args[0], "gettext")
        elif name == "add_error" and len(node.args) >= 2:
            self._take(node.args[1], "gettext")
        for keyword in node.keywords if name.endswith("Field") else ():
            if keyword.arg in LAZY_KEYWORDS and isinstance(keyword.value, ast.Constant):
                self._take(keyword.value, "gettext_lazy")
        self.generic_visit(node)


def _called(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def mark(source: str) -> tuple[str, list[int]]:
    tree = ast.parse(source)
    finder = _Finder()
    finder.visit(tree)
    if not finder.found:
        return source, finder.left
    lines = source.splitlines(keepends=True)
    raw = [line.encode() for line in lines]
    offsets = [0]
    for line in raw:
        offsets.append(offsets[-1] + len(line))
    data = b"".join(raw)
    used = set()
    changes = []
    for node, function in finder.found:
        start = offsets[node.lineno - 1] + node.col_offset
        end = offsets[node.end_lineno - 1] + node.end_col_offset
        indent = re.match(rb"\s*", raw[node.lineno - 1]).group(0).decode()
        text, values = _message(node)
        if not values:
            # A plain literal keeps its own source (its line breaks and quotes).
            new = f"{function}({data[start:end].decode()})"
        else:
            pairs = ", ".join(f'"{k}": {v}' for k, v in values.items())
            new = f"{function}({_literal(text, indent)}) % {{{pairs}}}"
        used.add(function)
        changes.append((start, end, new.encode()))
    for start, end, new in sorted(changes, reverse=True):
        data = data[:start] + new + data[end:]
    source = data.decode()
    have = set(re.findall(r"^from django\.utils\.translation import (.+)$", source, re.M))
    names = {n.strip() for line in have for n in line.split(",")}
    missing = sorted(used - names)
    if missing:
        line = f"from django.utils.translation import {', '.join(missing)}\n"
        future = re.search(r"^from __future__ import .+\n", source, re.M)
        if future:
            at = future.end()
            source = source[:at] + "\n" + line + source[at:]
        else:
            docstring = tree.body[0] if tree.body and isinstance(tree.body[0], ast.Expr) else None
            at = offsets[docstring.end_lineno] if docstring else 0
            source = source[:at] + line + source[at:]
    return source, finder.left


def _pure(path: Path, root: Path) -> bool:
    rel = path.relative_to(root).as_posix()
    return rel in PURE_FILES or bool(PURE_PARTS & set(path.relative_to(root).parts[:-1]))


def main(args: list[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    for arg in args:
        base = Path(arg).resolve()
        files = sorted(base.rglob("*.py")) if base.is_dir() else [base]
        for path in files:
            if _pure(path, root) or "tests" in path.relative_to(root).parts:
                continue
            before = path.read_text(encoding="utf-8")
            after, left = mark(before)
            if after != before:
                path.write_text(after, encoding="utf-8")
                print(path.relative_to(root))
            for line in left:
                print(f"  left: {path.relative_to(root)}:{line}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])

"""Mark the readable text of templates for translation, leaving what they render unchanged.

    .venv/bin/python tools/mark_templates.py templates/tournament [more files or folders]

Each run of text between tags (with the {{ variables }} and bare inline tags such as <strong>
among it), and each readable attribute's value (title, aria-label, placeholder, alt), becomes
one message: `{% translate "..." %}` when it holds no variable, else
`{% blocktranslate trimmed with name=expression %}...{% endblocktranslate %}`, and a run with
one `|pluralize` becomes a `count` message with its singular and plural. The whitespace around
a run stays outside it, so the page renders as before (only line breaks and indentation inside
a sentence fold into one space, which HTML shows alike). Adds `{% load i18n %}`. Read each
change before committing it: a sentence cut by a link or a block tag is two messages.
"""

from __future__ import annotations

import keyword
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common.template_text import Piece, has_words, pieces

_VAR = re.compile(r"^\{\{\s*(.*?)\s*\}\}$", re.S)
_PLURAL = re.compile(r"^(?P<expr>.+?)\|pluralize(?::(?P<q>[\"'])(?P<arg>[^\"']*)(?P=q))?$")


def _name(expr: str) -> str:
    base = re.match(r"[A-Za-z_][\w.]*", expr)
    if not base:
        return "value"
    parts = [p for p in base.group(0).split(".") if p and not p.isdigit()]
    name = parts[-1] if parts else "value"
    if keyword.iskeyword(name) or name in {"count", "with", "trimmed", "context", "asvar"}:
        name = f"{name}_value"
    return name


def _plural_forms(arg: str | None) -> tuple[str, str]:
    if not arg:
        return "", "s"
    if "," in arg:
        one, many = arg.split(",", 1)
        return one, many
    return "", arg


def _balanced(run: list[Piece]) -> bool:
    depth: dict[str, int] = {}
    for p in run:
        if p.kind != "inline":
            continue
        name = re.match(r"</?([A-Za-z0-9]+)", p.source).group(1).lower()
        if name == "br":
            continue
        depth[name] = depth.get(name, 0) + (-1 if p.source.startswith("</") else 1)
        if depth[name] < 0:
            return False
    return all(v == 0 for v in depth.values())


def _plurals(run: list[Piece]) -> list[Piece]:
    return [
        p for p in run if p.kind == "var" and _PLURAL.match(_VAR.match(p.source).group(1).strip())
    ]


def _split(run: list[Piece], at) -> list[list[Piece]]:
    out, cur = [], []
    for p in run:
        if at(p):
            out.append(cur)
            out.append([p])
            cur = []
        else:
            cur.append(p)
    out.append(cur)
    return [r for r in out if r]


def _message(run: list[Piece], *, attribute: bool) -> str | None:
    """The marked text for a run (its edges already trimmed), or None to leave it."""
    if not any(p.kind == "text" and has_words(p.source) for p in run):
        return None
    names: dict[str, str] = {}
    used: set[str] = set()

    def name_for(expr: str) -> str:
        if expr not in names:
            base = _name(expr)
            name, n = base, 2
            while name in used:
                name, n = f"{base}{n}", n + 1
            names[expr] = name
            used.add(name)
        return names[expr]

    plural = _plurals(run)
    counter = None
    if len(plural) == 1:
        m = _PLURAL.match(_VAR.match(plural[0].source).group(1).strip())
        counter = m.group("expr").strip()
        counter_name = name_for(counter)
        one, many = _plural_forms(m.group("arg"))
    singular, plural_text = [], []
    for p in run:
        if p.kind == "var":
            expr = _VAR.match(p.source).group(1).strip()
            if counter is not None and p is plural[0]:
                singular.append(one)
                plural_text.append(many)
                continue
            piece = "{{ " + name_for(expr) + " }}"
        else:
            piece = p.source
        singular.append(piece)
        plural_text.append(piece)
    text = "".join(singular)
    withs = " ".join(f"{n}={e}" for e, n in names.items() if e != counter)
    if counter is None and not names and "\n" not in text and "%}" not in text:
        # Single quotes read well inside an attribute's double quotes.
        quotes = "'\"" if attribute else "\"'"
        for q in quotes:
            if q not in text:
                return "{% translate " + q + text + q + " %}"
    head = "{% blocktranslate trimmed"
    if withs:
        head += " with " + withs
    if counter is not None:
        head += f" count {counter_name}={counter}"
    head += " %}"
    if counter is not None:
        return head + text + "{% plural %}" + "".join(plural_text) + "{% endblocktranslate %}"
    return head + text + "{% endblocktranslate %}"


def _as_text(p: Piece) -> Piece:
    """An attribute's pieces are marked as text is (they hold no tags)."""
    kind = {"attr": "text", "attrvar": "var"}.get(p.kind, p.kind)
    return Piece(kind, p.start, p.end, p.source)


def _edge(p: Piece) -> bool:
    """Whitespace-only text and inline tags at a run's edges stay outside the message."""
    return p.kind == "inline" or (p.kind == "text" and not p.source.strip())


def _sub_runs(run: list[Piece]) -> list[list[Piece]] | None:
    """The parts a run is marked as, or None to mark it whole: a run whose inline tags do not
    balance is cut at them; one with several `|pluralize` at its text without words (" · ")."""
    if not _balanced(run):
        return [sub for sub in _split(run, lambda p: p.kind == "inline") if sub[0].kind != "inline"]
    if len(_plurals(run)) > 1:
        subs = _split(run, lambda p: p.kind == "text" and not has_words(p.source))
        if len(subs) > 1:
            return [s for s in subs if len(s) > 1 or s[0].kind != "text" or has_words(s[0].source)]
    return None


def _mark_run(
    source: str, run: list[Piece], *, attribute: bool = False
) -> list[tuple[int, int, str]]:
    """Replacements (start, end, new text) for one run of text, variables and inline tags."""
    while run and _edge(run[0]):
        run = run[1:]
    while run and _edge(run[-1]):
        run = run[:-1]
    if not run:
        return []
    subs = _sub_runs(run)
    if subs is not None:
        return [c for sub in subs for c in _mark_run(source, sub, attribute=attribute)]
    start, end = run[0].start, run[-1].end
    body = source[start:end]
    lead = body[: len(body) - len(body.lstrip())]
    trail = body[len(body.rstrip()) :]
    pieces_ = list(run)
    if pieces_[0].kind == "text":
        p = pieces_[0]
        pieces_[0] = Piece("text", p.start + len(lead), p.end, p.source[len(lead) :])
    if pieces_[-1].kind == "text" and trail:
        p = pieces_[-1]
        pieces_[-1] = Piece("text", p.start, p.end - len(trail), p.source[: -len(trail)])
    trimmed = pieces_
    message = _message([p for p in trimmed if p.source], attribute=attribute)
    if message is None:
        return []
    return [(start + len(lead), end - len(trail), message)]


_FAMILY = {"text": "text", "var": "text", "inline": "text", "attr": "attr", "attrvar": "attr"}


def mark(source: str) -> str:
    found = pieces(source)
    changes: list[tuple[int, int, str]] = []
    run: list[Piece] = []
    for p in [*found, Piece("break", len(source), len(source), "")]:
        family = _FAMILY.get(p.kind)
        if run and family != _FAMILY[run[0].kind]:
            attribute = run[0].kind.startswith("attr")
            changes += _mark_run(source, [_as_text(q) for q in run], attribute=attribute)
            run = []
        if family:
            run.append(p)
    if not changes:
        return source
    for start, end, new in sorted(changes, reverse=True):
        source = source[:start] + new + source[end:]
    if not re.search(r"\{%\s*load\s+[^%]*\bi18n\b", source):
        extends = re.match(r"\s*(\{#.*?#\}\s*)*\{%\s*extends\s[^%]*%\}", source, re.S)
        at = extends.end() if extends else 0
        source = source[:at] + "{% load i18n %}" + source[at:]
    return source


def main(paths: list[str]) -> None:
    for arg in paths:
        path = Path(arg)
        files = sorted(path.rglob("*.html")) if path.is_dir() else [path]
        for file in files:
            before = file.read_text()
            after = mark(before)
            if after != before:
                file.write_text(after)
                print(file)


if __name__ == "__main__":
    main(sys.argv[1:])

"""The words of a Django template that a person reads, found with Django's own template lexer.

Used by the scan that refuses a template with a readable string not marked for translation
(tests/common/test_templates_marked.py) and by `tools/mark_templates.py`, which marks them. A
template is read token by token (`DebugLexer`, so each token knows where it is); the TEXT
tokens are followed through a small HTML state machine, so text inside a tag (its name and
attributes), an HTML comment, a <script> or a <style> is not text a person reads, while the
text between tags is. Text inside {% translate %}, {% blocktranslate %}, {% comment %} and
{% verbatim %} is already handled or not shown.

Pure: no Django settings or apps needed (the lexer is plain Python).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.template.base import DebugLexer, TokenType

# Characters that make a text a word a person reads: any letter (entities like &nbsp; are
# removed first, they are markup).
_LETTER = re.compile(r"[^\W\d_]")
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
# Elements whose content is not text on the page.
_RAW = ("script", "style")
# Inline elements a sentence may run through (bare, without attributes): kept inside one
# message so a translator sees the whole sentence.
INLINE = {"strong", "em", "b", "i", "code", "kbd", "small", "br"}
# Block tags that start a region whose text is not for the scan.
_SKIP_BLOCKS = {
    "blocktranslate": "endblocktranslate",
    "blocktrans": "endblocktrans",
    "comment": "endcomment",
    "verbatim": "endverbatim",
}


def has_words(text: str) -> bool:
    """Whether `text` (markup outside tags) holds a letter once entities are removed."""
    return bool(_LETTER.search(_ENTITY.sub("", text)))


@dataclass
class Piece:
    """A stretch of a template: `kind` is "text" (readable text between tags), "var" (a
    {{ variable }} among such text), "inline" (a bare inline tag such as <strong>) or "break"
    (anything else: a tag, a block tag, a comment, script or style)."""

    kind: str
    start: int
    end: int
    source: str


@dataclass
class _Html:
    """Where the HTML stands between two characters: in text, in a tag, in a quoted
    attribute value, in a comment, or in a raw element (script/style) until its end tag."""

    state: str = "text"
    quote: str = ""
    raw: str = ""
    name: str = ""  # the tag's name, while in a tag
    closing: bool = False  # an end tag
    plain: bool = True  # no template tag or variable inside the tag


def pieces(source: str) -> list[Piece]:
    """The template cut into pieces (see `Piece`), in order, covering all of it."""
    out: list[Piece] = []
    html = _Html()
    skipping: str | None = None  # the end tag of a {% comment %}-like region we are in
    for token in DebugLexer(source).tokenize():
        start, end = token.position
        if skipping is not None:
            out.append(Piece("break", start, end, source[start:end]))
            if token.token_type == TokenType.BLOCK and token.contents.split()[:1] == [skipping]:
                skipping = None
            continue
        if token.token_type == TokenType.TEXT:
            out.extend(_text_pieces(source, start, end, html))
            continue
        kind = "break"
        if token.token_type == TokenType.VAR and html.state == "text" and not html.raw:
            kind = "var"
        if token.token_type == TokenType.BLOCK:
            first = token.contents.split()[0] if token.contents.split() else ""
            if first in _SKIP_BLOCKS:
                skipping = _SKIP_BLOCKS[first]
            elif token.contents.split()[:2] == ["block", "main_class"]:
                skipping = "endblock"  # a CSS class name, not text
        if html.state in ("tag", "value"):
            html.plain = False  # a template tag inside an HTML tag: not a bare inline tag
        out.append(Piece(kind, start, end, source[start:end]))
    return out


def _text_pieces(source: str, start: int, end: int, html: _Html) -> list[Piece]:
    out: list[Piece] = []
    i = start
    run_start = start

    def flush(kind: str, upto: int) -> None:
        nonlocal run_start
        if upto > run_start:
            out.append(Piece(kind, run_start, upto, source[run_start:upto]))
        run_start = upto

    while i < end:
        ch = source[i]
        if html.raw:
            close = f"</{html.raw}"
            if source[i : i + len(close)].lower() == close:
                html.raw = ""
                html.state = "tag"
                html.name, html.plain = close[2:], False
                i += len(close)
                continue
            i += 1
            continue
        if html.state == "text":
            if source.startswith("<!--", i):
                flush("text", i)
                html.state = "comment"
                i += 4
                continue
            opening = re.match(r"<(/?)([A-Za-z][A-Za-z0-9]*|!)", source[i:end])
            if opening:
                flush("text", i)
                html.state = "tag"
                html.name = opening.group(2).lower()
                html.closing = bool(opening.group(1))
                html.plain = True
                i += 1
                continue
            i += 1
            continue
        if html.state == "comment":
            if source.startswith("-->", i):
                i += 3
                html.state = "text"
                flush("break", i)
                continue
            i += 1
            continue
        if html.state == "tag":
            if ch in "\"'":
                html.state, html.quote = "value", ch
            elif ch == ">":
                i += 1
                bare = html.plain and re.fullmatch(r"</?[A-Za-z0-9]+\s*/?>", source[run_start:i])
                html.state = "text"
                if not html.closing and html.name in _RAW:
                    html.raw = html.name
                    flush("break", i)
                    continue
                flush("inline" if bare and html.name in INLINE else "break", i)
                continue
            i += 1
            continue
        if html.state == "value":
            if ch == html.quote:
                html.state = "tag"
            i += 1
            continue
    # What is left: text, or a tag, comment or raw element that goes on after this token.
    if html.state == "text" and not html.raw:
        flush("text", end)
    else:
        flush("break", end)
    return out


def unmarked(source: str) -> list[tuple[int, str]]:
    """Each readable text not marked for translation: its line number and its words."""
    found = []
    for piece in pieces(source):
        if piece.kind == "text" and has_words(piece.source):
            line = source.count("\n", 0, piece.start) + 1
            found.append((line, " ".join(piece.source.split())))
    return found

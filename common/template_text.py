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
    {{ variable }} among such text), "inline" (a bare inline tag such as <strong>), "attr" (the
    text of a readable attribute's value, READABLE_ATTRIBUTES), "attrvar" (a variable in one)
    or "break" (anything else: a tag, a block tag, a comment, script or style)."""

    kind: str
    start: int
    end: int
    source: str


# Attributes a person reads (a tooltip, a screen reader's label, a placeholder, an image's text).
READABLE_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}


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
    attribute: str = ""  # the name of the attribute being read, in a tag

    @property
    def readable_value(self) -> bool:
        return self.state == "value" and self.attribute in READABLE_ATTRIBUTES


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
            out.extend(_Text(source, start, end, html).pieces())
            continue
        kind = "break"
        if token.token_type == TokenType.VAR and html.state == "text" and not html.raw:
            kind = "var"
        elif token.token_type == TokenType.VAR and html.readable_value:
            kind = "attrvar"
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


class _Text:
    """One TEXT token cut into pieces, carrying the HTML state (`html`) across tokens."""

    def __init__(self, source: str, start: int, end: int, html: _Html) -> None:
        self.source, self.end, self.html = source, end, html
        self.i = self.run_start = start
        self.out: list[Piece] = []

    def flush(self, kind: str, upto: int) -> None:
        if upto > self.run_start:
            self.out.append(Piece(kind, self.run_start, upto, self.source[self.run_start : upto]))
        self.run_start = upto

    def pieces(self) -> list[Piece]:
        html = self.html
        steps = {"text": self.in_text, "comment": self.in_comment, "tag": self.in_tag}
        while self.i < self.end:
            if html.raw:
                self.in_raw()
            elif html.state == "value":
                self.in_value()
            else:
                steps[html.state]()
        # What is left: text, or a tag, comment or raw element that goes on after this token.
        if html.state == "text" and not html.raw:
            self.flush("text", self.end)
        else:
            self.flush("attr" if html.readable_value else "break", self.end)
        return self.out

    def in_raw(self) -> None:
        close = f"</{self.html.raw}"
        if self.source[self.i : self.i + len(close)].lower() == close:
            self.html.raw, self.html.state = "", "tag"
            self.html.name, self.html.closing, self.html.plain = self.html.raw, True, False
            self.i += len(close)
        else:
            self.i += 1

    def in_text(self) -> None:
        if self.source.startswith("<!--", self.i):
            self.flush("text", self.i)
            self.html.state = "comment"
            self.i += 4
            return
        opening = re.match(r"<(/?)([A-Za-z][A-Za-z0-9]*|!)", self.source[self.i : self.end])
        if opening:
            self.flush("text", self.i)
            self.html.state, self.html.attribute = "tag", ""
            self.html.name = opening.group(2).lower()
            self.html.closing = bool(opening.group(1))
            self.html.plain = True
        self.i += 1

    def in_comment(self) -> None:
        if self.source.startswith("-->", self.i):
            self.i += 3
            self.html.state = "text"
            self.flush("break", self.i)
        else:
            self.i += 1

    def in_tag(self) -> None:
        html, ch = self.html, self.source[self.i]
        if ch in "\"'":
            html.state, html.quote = "value", ch
            self.i += 1
            if html.readable_value:
                self.flush("break", self.i)
            return
        if ch == "=":
            name = re.search(r"([\w:-]+)\s*$", self.source[self.run_start : self.i])
            html.attribute = name.group(1).lower() if name else ""
        if ch != ">":
            self.i += 1
            return
        self.i += 1
        tag = self.source[self.run_start : self.i]
        bare = html.plain and re.fullmatch(r"</?[A-Za-z0-9]+\s*/?>", tag)
        html.state = "text"
        if not html.closing and html.name in _RAW:
            html.raw = html.name
            self.flush("break", self.i)
            return
        self.flush("inline" if bare and html.name in INLINE else "break", self.i)

    def in_value(self) -> None:
        html = self.html
        if self.source[self.i] != html.quote:
            self.i += 1
            return
        if html.readable_value:
            self.flush("attr", self.i)
        html.state, html.attribute = "tag", ""
        self.i += 1


def unmarked(source: str) -> list[tuple[int, str]]:
    """Each readable text not marked for translation: its line number and its words."""
    found = []
    for piece in pieces(source):
        if piece.kind in ("text", "attr") and has_words(piece.source):
            line = source.count("\n", 0, piece.start) + 1
            found.append((line, " ".join(piece.source.split())))
    return found

"""Read a page's form the way a browser submits it: every enabled input, select and textarea
with the value as rendered (date and number inputs sanitised as a browser does); checkboxes
and radios only when checked; no submit buttons."""

from __future__ import annotations

import datetime
import re
from html.parser import HTMLParser

FLOAT = re.compile(r"-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?")


def _sanitised(kind: str, value: str) -> str:
    """HTML's value sanitisation: a date or number input whose value is not in the one form
    it accepts (ISO date, plain number) holds, and posts, the empty string."""
    if kind == "date":
        try:
            ok = len(value) == 10 and datetime.date.fromisoformat(value) is not None
        except ValueError:
            ok = False
        return value if ok else ""
    if kind == "number":
        return value if FLOAT.fullmatch(value) else ""
    return value


class _Form:
    def __init__(self) -> None:
        self.fields: list[tuple[str, str]] = []
        self.buttons: list[str] = []


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[_Form] = []
        self.form: _Form | None = None
        self.select: dict | None = None
        self.option: dict | None = None
        self.textarea: dict | None = None
        self.button: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = _Form()
            self.forms.append(self.form)
        if self.form is None:
            return
        name = a.get("name")
        disabled = "disabled" in a
        if tag == "input" and name and not disabled:
            kind = (a.get("type") or "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.form.fields.append((name, a.get("value", "on")))
                return
            self.form.fields.append((name, _sanitised(kind, a.get("value", ""))))
        elif tag == "select" and name and not disabled:
            self.select = {"name": name, "options": [], "selected": None}
        elif tag == "option" and self.select is not None:
            self.option = {"value": a.get("value"), "text": "", "selected": "selected" in a}
        elif tag == "textarea" and name and not disabled:
            self.textarea = {"name": name, "text": ""}
        elif tag == "button":
            self.button = []

    def handle_data(self, data):
        if self.option is not None:
            self.option["text"] += data
        if self.textarea is not None:
            self.textarea["text"] += data
        if self.button is not None:
            self.button.append(data)

    def handle_endtag(self, tag):
        if tag == "option" and self.option is not None:
            option = self.option
            value = option["value"] if option["value"] is not None else option["text"].strip()
            self.select["options"].append((value, option["selected"]))
            self.option = None
        elif tag == "select" and self.select is not None:
            options = self.select["options"]
            chosen = [v for v, selected in options if selected] or [v for v, _ in options[:1]]
            if chosen:
                self.form.fields.append((self.select["name"], chosen[-1]))
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            text = self.textarea["text"]
            # Browsers drop one newline straight after the opening tag.
            self.form.fields.append((self.textarea["name"], text.removeprefix("\n")))
            self.textarea = None
        elif tag == "button" and self.button is not None:
            if self.form is not None:
                self.form.buttons.append(" ".join("".join(self.button).split()))
            self.button = None
        elif tag == "form":
            self.form = None


def form_data(html: str, button: str) -> dict[str, str | list[str]]:
    """The fields of the form whose submit button reads `button`, as a browser posts them."""
    parser = _Parser()
    parser.feed(html)
    matches = [f for f in parser.forms if button in f.buttons]
    assert len(matches) == 1, f"expected one form with a '{button}' button"
    data: dict[str, str | list[str]] = {}
    for name, value in matches[0].fields:
        if name in data:
            existing = data[name]
            data[name] = [*existing, value] if isinstance(existing, list) else [existing, value]
        else:
            data[name] = value
    return data

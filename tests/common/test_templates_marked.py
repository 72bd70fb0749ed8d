"""Every string a person reads in a template is marked for translation.

The scan reads each template with Django's own lexer (common/template_text.py): the text
between tags, and the readable attributes (title, aria-label, placeholder, alt), must be inside
{% translate %} or {% blocktranslate %}; markup, scripts, styles, comments and variables are not
text. No list of strings is kept by hand: a template that gains an unmarked word fails here.
`tools/mark_templates.py` marks them, rendering the page as before (tested below).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from django.template import Context, Engine

from common.template_text import has_words, unmarked

ROOT = Path(__file__).resolve().parents[2]
# Every folder of templates: the project's and each app's own.
TEMPLATE_DIRS = sorted(
    p
    for p in ROOT.glob("**/templates")
    if p.is_dir() and not {".venv", "staticfiles", "node_modules"} & set(p.parts)
)
TEMPLATES = sorted(p for d in TEMPLATE_DIRS for p in d.rglob("*.html"))


def _mark_tool():
    path = ROOT / "tools/mark_templates.py"
    spec = importlib.util.spec_from_file_location("mark_templates", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_scan_reads_every_template_folder():
    assert ROOT / "templates" in TEMPLATE_DIRS
    assert ROOT / "stats/templates" in TEMPLATE_DIRS
    assert len(TEMPLATES) > 100


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_readable_string_is_marked_for_translation(path):
    found = unmarked(path.read_text(encoding="utf-8"))
    assert not found, "not marked for translation (tools/mark_templates.py marks them):\n" + (
        "\n".join(f"{path.relative_to(ROOT)}:{line}: {text}" for line, text in found)
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("<p>Hello</p>", ["Hello"]),
        ('<p>{% translate "Hello" %}</p>', []),
        ("<p>{% blocktranslate %}Hi {{ n }}{% endblocktranslate %}</p>", []),
        ("<p>{{ player.name }} · {{ score }}</p>", []),
        ("<script>var label = 'Hello';</script>", []),
        ("<style>.a::after { content: 'x'; }</style>", []),
        ('<a href="/x" class="wide button">{% translate "Go" %}</a>', []),
        ('<a title="Open the page" href="/">{% translate "Go" %}</a>', ["Open the page"]),
        ("<input placeholder=\"{% translate 'e.g. 1234' %}\">", []),
        ("<!-- Hello --><p>&nbsp;&middot;</p>{# Hello #}{% comment %}Hello{% endcomment %}", []),
        # Text after a script whose tag holds a template tag is text again.
        ("<script src=\"{% static 'a.js' %}\" defer></script><p>Hello</p>", ["Hello"]),
        ("<a href=\"{% url 'home' %}\">Home</a>", ["Home"]),
        ("{% block main_class %} wide{% endblock %}", []),
    ],
)
def test_the_scan_flags_text_and_readable_attributes_only(source, expected):
    assert [text for _, text in unmarked(source)] == expected


def test_words_are_letters_once_entities_are_removed():
    assert not has_words("&nbsp;&times; — 12 · ( )")
    assert has_words("Zoë")


CASES = [
    ("<p>Hello <strong>world</strong>.</p>", {}),
    (
        "<h2>Factions <span>{{ n }} player{{ n|pluralize }} · "
        "{{ g }} game{{ g|pluralize }}</span></h2>",
        {"n": 1, "g": 3},
    ),
    ("<h2>{{ n }} player{{ n|pluralize }} confirmed</h2>", {"n": 2}),
    (
        "<p>\n  Round {{ round.number }} of\n  {{ total }}: 100% <em>done</em>\n</p>",
        {"round": {"number": 2}, "total": 5},
    ),
    ('<a title="Remove {{ p.name }}" aria-label="Close">x</a>', {"p": {"name": "Zoë <b>"}}),
    ("<p>{% if a %}Yes, {{ a }}{% else %}No{% endif %} <b>bold</b> end</p>", {"a": "&"}),
    ('<p>{{ c }} table{{ c|pluralize:" has,s have" }} no layout</p>', {"c": 1}),
]


@pytest.mark.parametrize(("source", "context"), CASES)
def test_marking_leaves_what_a_template_renders_unchanged(source, context):
    marked = _mark_tool().mark(source)
    assert marked != source
    assert not unmarked(marked)
    engine = Engine(libraries={"i18n": "django.templatetags.i18n"})
    before = engine.from_string(source).render(Context(context))
    after = engine.from_string(marked).render(Context(context))
    # Only a line break and indentation inside a sentence fold into one space.
    assert " ".join(after.split()) == " ".join(before.split())
    assert after.split() == before.split()
    assert _mark_tool().mark(marked) == marked

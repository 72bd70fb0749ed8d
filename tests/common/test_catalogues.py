"""Every catalogue under locale/ is complete, and only complete languages are offered.

A language joins settings.COMPLETE_LANGUAGES (and so LANGUAGES, the footer's switcher and the
choice from a browser's Accept-Language) only with a catalogue in which every message is
translated and none is fuzzy: a page is never half in one language and half in another.
"""

from __future__ import annotations

import gettext
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from common.i18n import catalogue_problems, compile_catalogue

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po"))


def test_every_catalogue_is_complete():
    # One test over all of them: none yet is no failure (English is the templates' own).
    for path in CATALOGUES:
        assert catalogue_problems(path.read_text(encoding="utf-8")) == [], path
        msgfmt = shutil.which("msgfmt")
        if msgfmt:  # GNU gettext's own count and format check agree
            done = subprocess.run(
                [msgfmt, "--check", "--statistics", "-o", "/dev/null", str(path)],
                capture_output=True,
                text=True,
                check=True,
            )
            assert "fuzzy" not in done.stderr, done.stderr
            assert "untranslated" not in done.stderr, done.stderr


def test_only_complete_languages_are_offered():
    assert [code for code, _ in settings.LANGUAGES] == settings.COMPLETE_LANGUAGES
    assert settings.LANGUAGE_CODE in settings.COMPLETE_LANGUAGES
    for code in settings.COMPLETE_LANGUAGES:
        if code != settings.LANGUAGE_CODE:  # English is the templates' and the code's own
            assert (ROOT / "locale" / code / "LC_MESSAGES" / "django.po").exists(), code


HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def test_a_complete_catalogue_has_no_problems():
    text = HEADER + (
        'msgid "Standings"\nmsgstr "Tabelle"\n\n'
        'msgid ""\n"Round %(number)s"\nmsgstr ""\n"Runde %(number)s"\n\n'
        'msgid "%(n)s game"\nmsgid_plural "%(n)s games"\n'
        'msgstr[0] "%(n)s Spiel"\nmsgstr[1] "%(n)s Spiele"\n\n'
        '#~ msgid "Old"\n#~ msgstr ""\n'
    )
    assert catalogue_problems(text) == []


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ('msgid "Standings"\nmsgstr ""\n', "untranslated: 'Standings'"),
        ('msgid ""\n"Long "\n"text"\nmsgstr ""\n', "untranslated: 'Long text'"),
        ('#, fuzzy, python-format\nmsgid "Round"\nmsgstr "Runde"\n', "fuzzy: 'Round'"),
        (
            'msgid "%(n)s game"\nmsgid_plural "%(n)s games"\n'
            'msgstr[0] "%(n)s Spiel"\nmsgstr[1] ""\n',
            "untranslated: '%(n)s game'",
        ),
    ],
)
def test_an_untranslated_or_fuzzy_message_is_a_problem(entry, problem):
    assert catalogue_problems(HEADER + entry) == [problem]


def test_a_compiled_catalogue_translates_as_gnu_gettext_reads_it(tmp_path):
    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Standings"\nmsgstr "Tabelle"\n\n'
        'msgid "Say \\"hi\\"\\n"\nmsgstr "Sag \\"hallo\\"\\n"\n\n'
        'msgctxt "tab"\nmsgid "Round"\nmsgstr "Runde"\n\n'
        'msgid "%(n)s game"\nmsgid_plural "%(n)s games"\n'
        'msgstr[0] "%(n)s Spiel"\nmsgstr[1] "%(n)s Spiele"\n\n'
        '#, fuzzy\nmsgid "Pairings"\nmsgstr "Paarungen?"\n\n'
        'msgid "Players"\nmsgstr ""\n'
    )
    catalogue = gettext.GNUTranslations(io.BytesIO(compile_catalogue(text)))
    assert catalogue.gettext("Standings") == "Tabelle"
    assert catalogue.gettext('Say "hi"\n') == 'Sag "hallo"\n'
    assert catalogue.pgettext("tab", "Round") == "Runde"
    assert catalogue.ngettext("%(n)s game", "%(n)s games", 1) == "%(n)s Spiel"
    assert catalogue.ngettext("%(n)s game", "%(n)s games", 3) == "%(n)s Spiele"
    # Fuzzy and untranslated entries stay English, as msgfmt leaves them out.
    assert catalogue.gettext("Pairings") == "Pairings"
    assert catalogue.gettext("Players") == "Players"
    msgfmt = shutil.which("msgfmt")
    if msgfmt:  # the same catalogue as GNU gettext's own compiler makes
        po = tmp_path / "django.po"
        po.write_text(text, encoding="utf-8")
        subprocess.run([msgfmt, "-o", str(tmp_path / "gnu.mo"), str(po)], check=True)
        gnu = gettext.GNUTranslations(io.BytesIO((tmp_path / "gnu.mo").read_bytes()))
        assert gnu._catalog == catalogue._catalog


def test_compile_catalogues_writes_each_mo_beside_its_po(tmp_path, settings):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text(HEADER + 'msgid "Standings"\nmsgstr "Tabelle"\n')
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compile_catalogues")
    mo = gettext.GNUTranslations(io.BytesIO((folder / "django.mo").read_bytes()))
    assert mo.gettext("Standings") == "Tabelle"


def _source_copy(target: Path) -> None:
    """The project's source without its catalogues, so makemessages there writes a fresh one
    (and never into this checkout's locale/)."""
    ignored = shutil.ignore_patterns(
        ".git", ".venv", "locale", "staticfiles", "media", "__pycache__", ".*cache", "*.mo"
    )
    shutil.copytree(ROOT, target, ignore=ignored, symlinks=True)


@pytest.mark.skipif(
    not (shutil.which("xgettext") and shutil.which("msgcmp")), reason="needs GNU gettext"
)
@pytest.mark.skipif(
    os.environ.get("DATABASE_FREE_TESTS") == "skip",
    reason="the catalogues do not depend on the database: checked in CI's SQLite pass",
)
def test_every_catalogue_holds_every_message_the_source_marks(tmp_path):
    """A string marked since a catalogue was written makes that catalogue incomplete: the
    messages are extracted afresh (Django's makemessages, as translators run it) and each
    language's catalogue must translate every one of them (GNU msgcmp)."""
    languages = [code for code in settings.COMPLETE_LANGUAGES if code != settings.LANGUAGE_CODE]
    if not languages:
        pytest.skip("English only: no catalogue to hold the messages")
    source = tmp_path / "source"
    _source_copy(source)
    python = sys.executable
    common = ["--ignore=.venv", "--ignore=tests", "--ignore=staticfiles", "--no-obsolete"]
    runs = (
        ("django", ["--ignore=benchmarks", "--ignore=tools"]),
        ("djangojs", ["-d", "djangojs", "--ignore=static/js/htmx.min.js"]),
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    for _, extra in runs:
        subprocess.run(
            [python, "manage.py", "makemessages", "-l", languages[0], *common, *extra],
            cwd=source,
            env=env,
            check=True,
            capture_output=True,
        )
    for code in languages:
        for domain, _ in runs:
            fresh = source / "locale" / languages[0] / "LC_MESSAGES" / f"{domain}.po"
            mine = ROOT / "locale" / code / "LC_MESSAGES" / f"{domain}.po"
            done = subprocess.run(
                [shutil.which("msgcmp"), str(mine), str(fresh)],
                capture_output=True,
                text=True,
                check=False,
            )
            assert done.returncode == 0, f"{code} {domain}: not translated yet\n{done.stderr}"

"""render_pdf: writes one PDF, or stops with a one-line reason and a non-zero exit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.tournament.printing.helpers import pdf_pages, played_event

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "kind", ["pairings", "pairings-alpha", "scoresheets", "table-packs", "standings"]
)
def test_each_kind_writes_a_pdf(event, organiser, tmp_path, kind):
    players, round_ = played_event(event, organiser, 5)
    out = tmp_path / f"{kind}.pdf"
    call_command(
        "render_pdf",
        "--event",
        str(event.pk),
        "--kind",
        kind,
        "--round",
        str(round_.number if kind != "standings" else 1),
        "--out",
        str(out),
    )
    text = "\n".join(pdf_pages(out.read_bytes()))
    assert players[1].name in text  # players[0] has the bye: no scoresheet


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--kind", "pairings", "--out", "x.pdf"], "event"),
        (["--event", "999999", "--kind", "pairings", "--out", "x.pdf"], "event"),
        (["--event", "{event}", "--kind", "posters", "--out", "x.pdf"], "kind"),
        (["--event", "{event}", "--kind", "pairings", "--round", "9", "--out", "x.pdf"], "round"),
        (["--event", "{event}", "--kind", "pairings", "--round", "two", "--out", "x.pdf"], "round"),
        (["--event", "{event}", "--kind", "pairings", "--round", "1"], "out"),
    ],
)
def test_bad_arguments_name_the_argument(event, organiser, args, field):
    played_event(event, organiser, 4)
    args = [a.format(event=event.pk) for a in args]
    with pytest.raises(CommandError, match=rf"^{field}\b"):
        call_command("render_pdf", *args)


def test_exit_code_and_one_line_reason_from_the_shell(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "render_pdf",
            "--event",
            "1",
            "--kind",
            "posters",
            "--out",
            str(tmp_path / "never.pdf"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode != 0
    assert proc.stderr.strip().count("\n") == 0
    assert "kind" in proc.stderr

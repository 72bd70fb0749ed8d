"""Compile each translation catalogue (locale/<language>/LC_MESSAGES/*.po) into the .mo file
Django reads, beside it. `make install` runs it, so `make run` and `make serve` always serve the
catalogues as they are in the checkout.

Why not Django's `compilemessages`: it needs GNU gettext's msgfmt on the machine, and a venue
laptop needs only Python and make. The .mo files are build outputs (not committed): compiled
from the .po files every install, they can never disagree with them.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from common.i18n import compile_catalogue


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po) into the .mo files Django reads."

    def handle(self, *args, **options):
        for folder in settings.LOCALE_PATHS:
            for po in sorted(Path(folder).glob("*/LC_MESSAGES/*.po")):
                mo = po.with_suffix(".mo")
                compiled = compile_catalogue(po.read_text(encoding="utf-8"))
                if not mo.exists() or mo.read_bytes() != compiled:
                    mo.write_bytes(compiled)
                if options["verbosity"] > 1:
                    self.stdout.write(f"{mo}")
